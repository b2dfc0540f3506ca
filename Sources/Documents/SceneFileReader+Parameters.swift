import Animation
import Scenes

/// A scene file's knobs: `"parameters": {"color": {"type": "color", "default": "#808080"}, …}`.
extension SceneFileReader {
    static let parameterTypes = ["number", "integer", "color", "bool", "choice", "path", "text", "image", "video"]

    func parameters(_ value: JSONValue) throws(DocumentError) -> [SceneParameter] {
        guard case let .object(entries, _) = value else {
            throw fail("parameters", value, "expected knobs by name (an object), not \(value.kindName)")
        }
        var result: [SceneParameter] = []
        for entry in entries {
            let path = join("parameters", entry.key)
            guard !entry.key.isEmpty, entry.key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw fail(path, entry.value, "a parameter name is letters, digits, - and _")
            }
            guard entry.key != "background" else {
                throw fail(path, entry.value, "the background is a knob already; set its default with the top-level \"background\" field")
            }
            let fields = try object(entry.value, path, allowed: ["type", "default", "summary", "min", "max", "choices"], what: "a parameter")
            guard let typeValue = fields["type"] else { throw fail(path, entry.value, "missing \"type\": \(Self.parameterTypes.joined(separator: ", "))") }
            let type = try literal(typeValue, fields.path("type"))
            let minimum = try fields["min"].map { v throws(DocumentError) in try number(v, fields.path("min")) }
            let maximum = try fields["max"].map { v throws(DocumentError) in try number(v, fields.path("max")) }
            if let minimum, let maximum, minimum > maximum {
                throw fail(fields.path("max"), fields["max"]!, "max is less than min")
            }
            let kind: SceneParameter.Kind
            switch type {
            case "number":
                let lower = minimum ?? LayerProperty.numberRange.lowerBound, upper = maximum ?? LayerProperty.numberRange.upperBound
                guard lower <= upper else { throw fail(path, entry.value, "min is more than max") }
                kind = .number(lower...upper)
            case "integer":
                let lower = Int((minimum ?? LayerProperty.numberRange.lowerBound).rounded(.up))
                let upper = Int((maximum ?? LayerProperty.numberRange.upperBound).rounded(.down))
                guard lower <= upper else { throw fail(path, entry.value, "no whole number lies between min and max") }
                kind = .integer(lower...upper)
            case "color": kind = .color
            case "bool": kind = .bool
            case "path": kind = .path
            case "text": kind = .text
            case "image": kind = .imageFile
            case "video": kind = .videoFile
            case "choice":
                guard let v = fields["choices"] else { throw fail(path, entry.value, "a choice needs \"choices\": a list of words") }
                var choices: [String] = []
                for (i, item) in try list(v, fields.path("choices"), count: 1...1000).enumerated() {
                    choices.append(try literal(item, "\(fields.path("choices"))[\(i)]"))
                }
                kind = .choice(choices)
            default:
                throw fail(fields.path("type"), typeValue, "\"\(type)\" is not one of \(Self.parameterTypes.joined(separator: ", "))")
            }
            guard let defaultValue = fields["default"] else { throw fail(path, entry.value, "missing \"default\"") }
            let text: String
            switch defaultValue {
            case .string(let s, _): text = s
            case .number(let n, _): text = JSON.exact(n)
            case .bool(let b, _): text = b ? "true" : "false"
            default: throw fail(fields.path("default"), defaultValue, "expected a string, number or true/false, not \(defaultValue.kindName)")
            }
            if kind.isFile, !text.isEmpty, !text.hasPrefix("data:"), DocumentFolder.confined(text, inFolderOf: file) == nil {
                throw fail(fields.path("default"), defaultValue, DocumentFolder.outsideMessage(text))
            }
            let summary = try fields["summary"].map { v throws(DocumentError) in try literal(v, fields.path("summary")) } ?? ""
            let parameter = SceneParameter(entry.key, kind, default: .number(0), summary)
            do {
                result.append(SceneParameter(entry.key, kind, default: try parameter.parse(text), summary))
            } catch {
                throw fail(fields.path("default"), defaultValue, "\(error)")
            }
        }
        return result
    }
}
