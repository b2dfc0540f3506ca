/// A failure the command line reports: usage errors exit 2, runtime failures exit 1.
enum CLIError: Error, CustomStringConvertible {
    /// Bad flags or values; the message names the flag or value.
    case usage(String)
    /// The work itself failed (unreadable input, encoder or disk failure).
    case runtime(String)
    /// Stopped by a signal; the work done is kept (exit 128 + the signal: 130 for SIGINT).
    case interrupted(String, signal: Int32)

    var exitCode: Int32 {
        switch self {
        case .usage: 2
        case .runtime: 1
        case .interrupted(_, let signal): 128 + signal
        }
    }

    var description: String {
        switch self {
        case .usage(let m), .runtime(let m), .interrupted(let m, _): m
        }
    }

    /// The message as one line: a line break or other control character that came in with a
    /// value the user gave (a file name, an option's value) is written as an escape.
    var line: String {
        String(String.UnicodeScalarView(description.unicodeScalars.flatMap { scalar -> [Unicode.Scalar] in
            switch scalar {
            case "\n": return ["\\", "n"]
            case "\r": return ["\\", "r"]
            case "\t": return ["\\", "t"]
            default: return scalar.properties.generalCategory == .control ? Array(scalar.escaped(asASCII: true).unicodeScalars) : [scalar]
            }
        }))
    }
}
