import Foundation

/// A JSON value to write, with keys in the order given: reports (numbers rounded for reading)
/// and exported scene files (numbers exact).
public indirect enum JSON {
    case null
    case bool(Bool)
    case string(String)
    /// Written with up to 6 decimals.
    case number(Double)
    /// Written with every digit needed to read back the same `Double`.
    case exactNumber(Double)
    case array([JSON])
    case object([(String, JSON)])

    /// The text; `indent` nil writes one line, otherwise nested levels indent by two spaces.
    public func rendered(indent: String?) -> String {
        let newline = indent == nil ? "" : "\n"
        let inner = indent.map { $0 + "  " }
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return Self.quoted(s)
        case .number(let x): return Self.format(x)
        case .exactNumber(let x): return Self.exact(x)
        case .array(let items):
            if items.allSatisfy(\.isNumber) || items.isEmpty {
                return "[" + items.map { $0.rendered(indent: nil) }.joined(separator: indent == nil ? "," : ", ") + "]"
            }
            return "[" + newline + items.map { (inner ?? "") + $0.rendered(indent: inner) }.joined(separator: "," + newline)
                + newline + (indent ?? "") + "]"
        case .object(let fields):
            let separator = indent == nil ? ":" : ": "
            return "{" + newline + fields.map { (inner ?? "") + Self.quoted($0.0) + separator + $0.1.rendered(indent: inner) }
                .joined(separator: "," + newline) + newline + (indent ?? "") + "}"
        }
    }

    /// Up to 6 decimals, trailing zeros and negative zero dropped.
    public static func format(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        var text = String(format: "%.6f", x)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// The shortest text that reads back as `x`; whole numbers without a decimal point.
    public static func exact(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        if x == 0 { return x.sign == .minus ? "-0" : "0" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        return "\(x)"
    }

    private var isNumber: Bool {
        switch self {
        case .number, .exactNumber: true
        default: false
        }
    }

    /// `s` as a JSON string literal in quotes, with quotes, backslashes, newlines and control
    /// characters escaped.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
