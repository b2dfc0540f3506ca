import Foundation

/// A JSON value written with keys in the order given, numbers rounded for reading.
indirect enum JSON {
    case null
    case string(String)
    case number(Double)
    case array([JSON])
    case object([(String, JSON)])

    /// The text; `indent` nil writes one line, otherwise nested levels indent by two spaces.
    func rendered(indent: String?) -> String {
        let newline = indent == nil ? "" : "\n"
        let inner = indent.map { $0 + "  " }
        switch self {
        case .null: return "null"
        case .string(let s): return Self.quoted(s)
        case .number(let x): return Self.format(x)
        case .array(let items):
            if items.allSatisfy({ if case .number = $0 { true } else { false } }) || items.isEmpty {
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
    static func format(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        var text = String(format: "%.6f", x)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    static func quoted(_ s: String) -> String {
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
