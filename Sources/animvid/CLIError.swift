/// A failure the command line reports: usage errors exit 2, runtime failures exit 1.
enum CLIError: Error, CustomStringConvertible {
    /// Bad flags or values; the message names the flag or value.
    case usage(String)
    /// The work itself failed (unreadable input, encoder or disk failure).
    case runtime(String)

    var exitCode: Int32 {
        switch self {
        case .usage: 2
        case .runtime: 1
        }
    }

    var description: String {
        switch self {
        case .usage(let m), .runtime(let m): m
        }
    }
}
