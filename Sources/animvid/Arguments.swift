import Documents

/// The arguments of one command, consumed as the command reads its options.
struct Arguments {
    private var remaining: [String]
    let command: String

    init(_ arguments: [String], command: String) {
        remaining = arguments
        self.command = command
    }

    /// True when `--help` or `-h` was given (checked before anything else is parsed).
    var wantsHelp: Bool { remaining.contains("--help") || remaining.contains("-h") }

    /// The value of an option given as `--name VALUE` or `--name=VALUE` (the last one wins).
    mutating func option(_ names: String...) throws(CLIError) -> String? {
        var value: String?
        var i = 0
        while i < remaining.count {
            let argument = remaining[i]
            if let name = names.first(where: { argument.hasPrefix($0 + "=") }) {
                value = String(argument.dropFirst(name.count + 1))
                remaining.remove(at: i)
            } else if names.contains(argument) {
                guard i + 1 < remaining.count else { throw .usage("\(argument) needs a value (see animvid \(command) --help)") }
                value = remaining[i + 1]
                remaining.removeSubrange(i...(i + 1))
            } else {
                i += 1
            }
        }
        return value
    }

    /// Every value of a repeatable option such as `--param NAME=VALUE`, in order.
    mutating func options(_ names: String...) throws(CLIError) -> [String] {
        var values: [String] = []
        var i = 0
        while i < remaining.count {
            let argument = remaining[i]
            if let name = names.first(where: { argument.hasPrefix($0 + "=") }) {
                values.append(String(argument.dropFirst(name.count + 1)))
                remaining.remove(at: i)
            } else if names.contains(argument) {
                guard i + 1 < remaining.count else { throw .usage("\(argument) needs a value (see animvid \(command) --help)") }
                values.append(remaining[i + 1])
                remaining.removeSubrange(i...(i + 1))
            } else {
                i += 1
            }
        }
        return values
    }

    /// Whether a flag such as `--overwrite` is present.
    mutating func flag(_ names: String...) -> Bool {
        let found = remaining.contains { names.contains($0) }
        remaining.removeAll { names.contains($0) }
        return found
    }

    /// Everything not yet read, to hand on to another command.
    var unread: [String] { remaining }

    /// The positional arguments; any option left unread is an error naming it.
    func positionals() throws(CLIError) -> [String] {
        if let unknown = remaining.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            throw .usage("unknown option \(unknown) for 'animvid \(command)' (see animvid \(command) --help)")
        }
        return remaining
    }
}

/// Parsers for option values; each error names the option and the value.
enum Parse {
    static func number(_ text: String, option: String, range: ClosedRange<Double>) throws(CLIError) -> Double {
        guard let value = Double(text), value.isFinite else {
            throw .usage("\(option): '\(text)' is not a number")
        }
        guard range.contains(value) else {
            throw .usage("\(option): \(text) is out of range (\(format(range.lowerBound))…\(format(range.upperBound)))")
        }
        return value
    }

    static func integer(_ text: String, option: String, range: ClosedRange<Int>) throws(CLIError) -> Int {
        guard let value = Int(text) else { throw .usage("\(option): '\(text)' is not a whole number") }
        guard range.contains(value) else {
            throw .usage("\(option): \(text) is out of range (\(range.lowerBound)…\(range.upperBound))")
        }
        return value
    }

    /// A value written as text the same way in presets, read by `read`.
    static func text<T>(_ text: String, option: String, _ read: (String) throws(ValueTextError) -> T) throws(CLIError) -> T {
        do {
            return try read(text)
        } catch {
            throw .usage("\(option): \(error.message)")
        }
    }

    private static func format(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(v)
    }
}
