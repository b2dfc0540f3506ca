/// A JSON value with the line and column where it starts, so that every error in a preset or
/// scene file can point at its place.
public indirect enum JSONValue: Sendable, Equatable {
    case null(JSONPosition)
    case bool(Bool, JSONPosition)
    case number(Double, JSONPosition)
    case string(String, JSONPosition)
    case array([JSONValue], JSONPosition)
    /// Members in file order.
    case object([(key: String, value: JSONValue)], JSONPosition)

    /// The same value with every position, its own and its members', changed by `change`.
    public func mapPositions(_ change: (JSONPosition) -> JSONPosition) -> JSONValue {
        switch self {
        case .null(let p): .null(change(p))
        case .bool(let b, let p): .bool(b, change(p))
        case .number(let n, let p): .number(n, change(p))
        case .string(let s, let p): .string(s, change(p))
        case .array(let items, let p): .array(items.map { $0.mapPositions(change) }, change(p))
        case .object(let members, let p): .object(members.map { ($0.key, $0.value.mapPositions(change)) }, change(p))
        }
    }

    /// Where the value starts.
    public var position: JSONPosition {
        switch self {
        case .null(let p), .bool(_, let p), .number(_, let p), .string(_, let p), .array(_, let p), .object(_, let p): p
        }
    }

    /// What the value is, for messages: "a string", "an object", ….
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "true or false"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }

    /// Equal values, positions ignored; object members must match in order.
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x, _), .bool(y, _)): x == y
        case let (.number(x, _), .number(y, _)): x == y
        case let (.string(x, _), .string(y, _)): x == y
        case let (.array(x, _), .array(y, _)): x == y
        case let (.object(x, _), .object(y, _)): x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }
}

/// A place in a text: 1-based line and column (0 when the value has no line, as on a command
/// line), and the file or other source the text came from, once known.
public struct JSONPosition: Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var source: String?

    /// A position at `line` and `column` of `source`.
    public init(line: Int, column: Int, source: String? = nil) {
        (self.line, self.column, self.source) = (line, column, source)
    }

    public var description: String { "\(line):\(column)" }
}

/// A syntax error, with where it is.
public struct JSONSyntaxError: Error, Equatable {
    /// Where the error is.
    public let position: JSONPosition
    /// What was wrong.
    public let message: String
}

/// A strict JSON parser (RFC 8259) that keeps positions and refuses hostile nesting.
public struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private let source: String?
    private var values = 0
    /// Deeper nesting than this is an error, not a stack overflow.
    public static let maximumDepth = 64
    /// More values than this in one document is an error, checked as they are read, so a
    /// hostile file's memory stays bounded (each value takes about 100 bytes parsed: a 16 MB
    /// file of numbers peaks at about 270 MB).
    public static let maximumValues = 2_000_000

    /// Parses a whole document: one value with nothing but whitespace around it. Its positions
    /// name `source` when given.
    public static func parse(_ text: String, source: String? = nil) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8), source: source)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the end of the JSON") }
        return value
    }

    private init(bytes: [UInt8], source: String?) {
        self.bytes = bytes
        self.source = source
    }

    private var position: JSONPosition { JSONPosition(line: line, column: index - lineStart + 1, source: source) }

    private func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(position: position, message: message) }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        guard index < bytes.count else { throw error("unexpected end of the file; expected a value") }
        values += 1
        guard values <= Self.maximumValues else { throw error("more than \(Self.maximumValues) values in one file") }
        let start = position
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [(key: String, value: JSONValue)] = []
            var keys: Set<String> = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members, start) }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a quoted member name") }
                let keyPosition = position
                let key = try string()
                guard keys.insert(key).inserted else {
                    throw JSONSyntaxError(position: keyPosition, message: "the member \"\(key)\" appears twice")
                }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after \"\(key)\"") }
                index += 1
                skipWhitespace()
                members.append((key, try value(depth: depth + 1)))
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of the file; expected ',' or '}'") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members, start) }
                throw error("expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            index += 1
            var items: [JSONValue] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items, start) }
            while true {
                skipWhitespace()
                items.append(try value(depth: depth + 1))
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of the file; expected ',' or ']'") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items, start) }
                throw error("expected ',' or ']'")
            }
        case UInt8(ascii: "\""):
            return .string(try string(), start)
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true, start)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false, start)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null(start)
        default:
            return .number(try number(), start)
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, Array(bytes[index..<(index + w.count)]) == w else {
            throw error("unexpected character; expected a value")
        }
        index += w.count
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        func digits() { while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 } }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let intStart = index
        digits()
        guard index > intStart else { throw error("unexpected character; expected a value") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fracStart = index
            digits()
            guard index > fracStart else { throw error("expected digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let expStart = index
            digits()
            guard index > expStart else { throw error("expected digits in the exponent") }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            throw error("the number is too large")
        }
        return value
    }

    /// Four hexadecimal digits of a \\u escape.
    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("bad \\u escape: expected four hexadecimal digits") }
        var code: UInt32 = 0
        for byte in bytes[index..<(index + 4)] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { throw error("bad \\u escape: expected four hexadecimal digits") }
            code = code << 4 | UInt32(digit)
        }
        index += 4
        return code
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1  // the opening quote
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let c = bytes[index]
            index += 1
            switch c {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw error("unterminated string") }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    var code = try hexQuad()
                    if (0xD800..<0xDC00).contains(code) {
                        guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("a \\u escape of a high surrogate must be followed by its low surrogate")
                        }
                        index += 2
                        let low = try hexQuad()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("\\u escape: expected a low surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("\\u escape: an unpaired low surrogate") }
                    out += Array(String(Character(scalar)).utf8)
                default: throw error("bad escape '\\\(Character(Unicode.Scalar(e)))'")
                }
            case 0x00..<0x20:
                throw error("control character in a string")
            default:
                out.append(c)
            }
        }
    }
}
