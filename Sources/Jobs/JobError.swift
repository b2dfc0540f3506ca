/// A job that could not be made or run: bad input (a usage error: a flag, a value, a document),
/// a failure of the work itself, or a stop by a signal. The command line exits 2, 1 or 128 + the
/// signal for them.
public enum JobError: Error, CustomStringConvertible {
    /// Bad flags or values; the message names the flag, value or document field.
    case usage(String)
    /// The work itself failed (unreadable input, encoder or disk failure).
    case runtime(String)
    /// Stopped by a signal; the work done is kept.
    case interrupted(String, signal: Int32)

    public var description: String {
        switch self {
        case .usage(let m), .runtime(let m), .interrupted(let m, _): m
        }
    }
}
