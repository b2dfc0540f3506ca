import Jobs

/// The command line's failures are the library's: usage errors exit 2, runtime failures 1, a
/// stop by a signal 128 + the signal (130 for SIGINT).
typealias CLIError = JobError

extension JobError {
    var exitCode: Int32 {
        switch self {
        case .usage: 2
        case .runtime: 1
        case .interrupted(_, let signal): 128 + signal
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
