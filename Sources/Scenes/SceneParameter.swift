import Animation
import Foundation
import Geometry

/// A knob a scene exposes: a name, a type, a default and a one-line description.
public struct SceneParameter: Sendable {
    /// The kinds of values knobs take, with how they are written on the command line.
    public enum Kind: Sendable, Equatable {
        /// A number, optionally limited to a range.
        case number(ClosedRange<Double>)
        /// A whole number in a range.
        case integer(ClosedRange<Int>)
        /// `#RRGGBB`, `#RRGGBBAA` or `clear`.
        case color
        /// `true`/`false` (also `yes`/`no`, `1`/`0`).
        case bool
        /// One of a fixed list of words.
        case choice([String])
        /// SVG path data.
        case path
        /// A PNG or JPEG file, or empty for the built-in image.
        case imageFile
        /// A video file any FFmpeg reads (a screen recording, a clip).
        case videoFile
        /// Free text: a title, a tagline, a call to action.
        case text

        /// Whether the knob names a file (whose path is taken from where it is written).
        public var isFile: Bool { self == .imageFile || self == .videoFile }
    }

    /// The knob's name, as in `--param NAME=VALUE`.
    public let name: String
    /// The values the knob takes.
    public let kind: Kind
    /// The value when the user sets none.
    public let defaultValue: ParameterValue
    /// One line saying what the knob does.
    public let summary: String

    /// A knob called `name` of `kind`, with its default and a one-line summary.
    public init(_ name: String, _ kind: Kind, default defaultValue: ParameterValue, _ summary: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.summary = summary
    }

    /// The type as help shows it, e.g. `number 0…10` or `left|right|up|down`.
    public var typeDescription: String {
        switch kind {
        case .number(let r): "number \(ParameterValue.number(r.lowerBound).text)…\(ParameterValue.number(r.upperBound).text)"
        case .integer(let r): "integer \(r.lowerBound)…\(r.upperBound)"
        case .color: "colour #RRGGBB[AA]"
        case .bool: "true|false"
        case .choice(let options): options.joined(separator: "|")
        case .path: "SVG path data"
        case .imageFile: "PNG/JPEG file"
        case .videoFile: "video file"
        case .text: "text"
        }
    }

    /// Parses a value written on the command line or in a preset; the error says what was expected.
    public func parse(_ text: String) throws(SceneError) -> ParameterValue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch kind {
        case .number(let range):
            guard let x = Double(trimmed), x.isFinite else { throw .badValue(name, text, expected: typeDescription) }
            guard range.contains(x) else { throw .badValue(name, text, expected: typeDescription) }
            return .number(x)
        case .integer(let range):
            guard let n = Int(trimmed), range.contains(n) else { throw .badValue(name, text, expected: typeDescription) }
            return .number(Double(n))
        case .color:
            if trimmed.lowercased() == "clear" || trimmed.lowercased() == "transparent" { return .color(.clear) }
            guard let c = Color(hex: trimmed) else { throw .badValue(name, text, expected: typeDescription) }
            return .color(c)
        case .bool:
            switch trimmed.lowercased() {
            case "true", "yes", "1", "on": return .bool(true)
            case "false", "no", "0", "off": return .bool(false)
            default: throw .badValue(name, text, expected: typeDescription)
            }
        case .choice(let options):
            guard options.contains(trimmed) else { throw .badValue(name, text, expected: typeDescription) }
            return .text(trimmed)
        case .path:
            do {
                _ = try Path(svg: trimmed)
            } catch {
                throw .badValue(name, text, expected: "SVG path data (\(error))")
            }
            return .text(trimmed)
        case .imageFile, .videoFile:
            return .text(trimmed)
        case .text:
            guard text.count <= 10_000 else { throw .badValue(name, String(text.prefix(20)) + "…", expected: "text of at most 10,000 characters") }
            return .text(text)
        }
    }
}

/// A knob's value.
public enum ParameterValue: Sendable, Equatable {
    case number(Double)
    case color(Color)
    case bool(Bool)
    case text(String)

    /// The value as written on the command line.
    public var text: String {
        switch self {
        case .number(let x): x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
        case .color(let c): c.alpha == 0 ? "clear" : c.description
        case .bool(let b): b ? "true" : "false"
        case .text(let t): t
        }
    }
}

/// Errors in choosing a scene or setting its knobs; each names the scene or knob.
public enum SceneError: Error, Equatable, CustomStringConvertible {
    case unknownScene(String)
    case unknownParameter(scene: String, name: String, valid: [String])
    case badValue(String, String, expected: String)
    case malformedSetting(String)

    public var description: String {
        switch self {
        case .unknownScene(let name):
            let hint = SceneCatalog.nameResembling(name).map { "; did you mean '\($0)'?" } ?? ""
            return "unknown scene '\(name)'\(hint) (one of: \(SceneCatalog.all.map(\.name).joined(separator: ", ")))"
        case let .unknownParameter(scene, name, valid):
            return "scene '\(scene)' has no parameter '\(name)' (its parameters: \(valid.joined(separator: ", ")))"
        case let .badValue(name, text, expected):
            return "parameter \(name): '\(text)' is not a valid value (expected \(expected))"
        case .malformedSetting(let text):
            return "'\(text)' is not NAME=VALUE"
        }
    }
}
