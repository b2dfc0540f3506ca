import Animation
import Foundation
import Scenes

/// Reads preset files: JSON, optionally extending another preset, with `--set` overrides;
/// unknown fields, wrong types and out-of-range values are errors that name the place.
public enum PresetLoader {
    /// The fields a preset may have, with what each takes.
    static let fields: [String: String] = [
        "description": "a string", "extends": "a path to another preset", "scene": "a scene name",
        "scene-file": "a path to a scene file",
        "params": "an object of scene knobs", "size": "\"WIDTHxHEIGHT\"", "scale": "a number of pixels per point",
        "fps": "a frame rate such as 30 or \"30000/1001\"", "seconds": "a number of seconds",
        "background": "\"transparent\" or \"#RRGGBB[AA]\"", "outputs": "a list of outputs",
    ]
    static let outputFields: [String: String] = [
        "file": "a file name", "codec": "a codec name", "crf": "a whole number", "bitrate": "a bitrate such as \"8M\"",
        "encoder-preset": "an encoder preset", "keyint": "a whole number of frames", "pix-fmt": "a pixel format",
        "title": "a string", "comment": "a string",
    ]
    /// Limits against hostile files.
    static let maximumSide = 8192
    static let maximumSeconds = 3600.0
    static let maximumOutputs = 16
    static let maximumExtends = 8
    static let maximumFileSize = 1 << 20

    /// Loads `path` (and what it extends), applies `overrides` (`key=value`, dotted keys such as
    /// `params.color` or `outputs.0.crf`), and checks everything. `decodeImage` reads the images
    /// of a scene file the preset names (the default decodes none).
    public static func load(path: String, overrides: [String] = [],
                            decodeImage: @escaping SceneFile.ImageDecoder = SceneFile.noImages) throws(DocumentError) -> Preset {
        var merged = try resolved(path: path, chain: [])
        for assignment in overrides {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw DocumentError(file: "--set", position: nil, path: "", message: "'\(assignment)' is not KEY=VALUE")
            }
            let key = String(assignment[..<equals]), text = String(assignment[assignment.index(after: equals)...])
            merged = try set(key.split(separator: ".").map(String.init), to: literal(text), in: merged, fullKey: key)
        }
        return try preset(from: merged, file: path, decodeImage: decodeImage)
    }

    /// The preset's JSON with what it extends merged underneath (members of this file win;
    /// `params` merge by name; `outputs` replace).
    static func resolved(path: String, chain: [String]) throws(DocumentError) -> JSONValue {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        guard !chain.contains(absolute) else {
            throw DocumentError(file: path, position: nil, path: "extends", message: "extends itself in a loop (\((chain + [absolute]).joined(separator: " → ")))")
        }
        guard chain.count < maximumExtends else {
            throw DocumentError(file: path, position: nil, path: "extends", message: "more than \(maximumExtends) presets extend each other")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DocumentError(file: path, position: nil, path: "", message: "cannot read the file")
        }
        guard data.count <= maximumFileSize else {
            throw DocumentError(file: path, position: nil, path: "", message: "larger than \(maximumFileSize) bytes")
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(String(decoding: data, as: UTF8.self)).mapPositions { position in
                var position = position
                position.source = path
                return position
            }
        } catch {
            throw DocumentError(file: path, position: error.position, path: "", message: error.message)
        }
        guard case let .object(members, position) = value else {
            throw DocumentError(file: path, position: value.position, path: "", message: "a preset is an object, not \(value.kindName)")
        }
        guard let extends = members.first(where: { $0.key == "extends" }) else { return value }
        guard case let .string(base, _) = extends.value else {
            throw DocumentError(file: path, position: extends.value.position, path: "extends", message: "expected \(fields["extends"] ?? "")")
        }
        let basePath = base.hasPrefix("/") ? base : URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(base).path
        guard case let .object(baseMembers, _) = try resolved(path: basePath, chain: chain + [absolute]) else { return value }
        var result = baseMembers.filter { $0.key != "extends" }
        // A preset that names its scene (built in or a file) replaces the base's choice, and knobs
        // belong to their scene: naming another scene does not inherit them.
        let sceneKeys = ["scene", "scene-file"]
        if let scene = members.first(where: { sceneKeys.contains($0.key) }) {
            let baseScene = result.first { sceneKeys.contains($0.key) }
            if baseScene?.key != scene.key || baseScene?.value != scene.value { result.removeAll { $0.key == "params" } }
            result.removeAll { sceneKeys.contains($0.key) }
        }
        for member in members where member.key != "extends" {
            if member.key == "params", case let .object(child, p) = member.value,
               let i = result.firstIndex(where: { $0.key == "params" }), case let .object(parent, _) = result[i].value {
                var params = parent.filter { entry in !child.contains { $0.key == entry.key } }
                params += child
                result[i] = ("params", .object(params, p))
            } else if let i = result.firstIndex(where: { $0.key == member.key }) {
                result[i] = member
            } else {
                result.append(member)
            }
        }
        return .object(result, position)
    }

    static func checkFields(_ members: [(key: String, value: JSONValue)], allowed: [String: String], file: String, prefix: String) throws(DocumentError) {
        for member in members where allowed[member.key] == nil {
            let hint = didYouMean(member.key, among: allowed.keys)
            throw DocumentError(at: member.value.position, in: file, path: prefix + member.key,
                              message: "unknown field\(hint) (fields: \(allowed.keys.sorted().joined(separator: ", ")))")
        }
    }

    /// Where values given with `--set` come from.
    static let commandLine = JSONPosition(line: 0, column: 0, source: "--set")

    /// A `--set` value: JSON when it parses as JSON (numbers, true, "…"), a string otherwise.
    static func literal(_ text: String) -> JSONValue {
        if let value = try? JSONParser.parse(text) { return value.mapPositions { _ in commandLine } }
        return .string(text, commandLine)
    }

    /// `value` with the member at `keys` replaced (lists are indexed by number).
    static func set(_ keys: [String], to newValue: JSONValue, in value: JSONValue, fullKey: String) throws(DocumentError) -> JSONValue {
        guard let key = keys.first else { return newValue }
        let rest = Array(keys.dropFirst())
        switch value {
        case .object(var members, let p):
            if let i = members.firstIndex(where: { $0.key == key }) {
                members[i].value = try set(rest, to: newValue, in: members[i].value, fullKey: fullKey)
            } else {
                members.append((key, try set(rest, to: newValue, in: .object([], p), fullKey: fullKey)))
            }
            return .object(members, p)
        case .array(var items, let p):
            guard let i = Int(key), items.indices.contains(i) else {
                throw DocumentError(file: "--set", position: nil, path: fullKey, message: "no list item \(key)")
            }
            items[i] = try set(rest, to: newValue, in: items[i], fullKey: fullKey)
            return .array(items, p)
        default:
            throw DocumentError(file: "--set", position: nil, path: fullKey, message: "\(key) is inside \(value.kindName), which has no members")
        }
    }

    /// Checks the merged JSON and builds the preset.
    static func preset(from value: JSONValue, file: String, decodeImage: @escaping SceneFile.ImageDecoder) throws(DocumentError) -> Preset {
        guard case let .object(members, position) = value else {
            throw DocumentError(file: file, position: value.position, path: "", message: "a preset is an object")
        }
        try checkFields(members, allowed: fields, file: file, prefix: "")
        func member(_ name: String) -> JSONValue? { members.first { $0.key == name }?.value }
        func fail(_ path: String, _ at: JSONValue?, _ message: String) -> DocumentError {
            at.map { DocumentError(at: $0.position, in: file, path: path, message: message) }
                ?? DocumentError(file: file, position: nil, path: path, message: message)
        }
        func string(_ name: String, _ v: JSONValue) throws(DocumentError) -> String {
            guard case let .string(s, _) = v else { throw fail(name, v, "expected \(fields[name] ?? outputFields[name] ?? "a string"), not \(v.kindName)") }
            return s
        }
        func number(_ name: String, _ v: JSONValue, _ range: ClosedRange<Double>) throws(DocumentError) -> Double {
            let x: Double
            switch v {
            case .number(let n, _): x = n
            case .string(let s, _): guard let n = Double(s) else { throw fail(name, v, "expected a number, not \"\(s)\"") }; x = n
            default: throw fail(name, v, "expected a number, not \(v.kindName)")
            }
            guard range.contains(x) else { throw fail(name, v, "\(x) is out of range (\(range.lowerBound)…\(range.upperBound))") }
            return x
        }
        func wholeNumber(_ name: String, _ v: JSONValue, _ range: ClosedRange<Int>) throws(DocumentError) -> Int {
            let x = try number(name, v, Double(range.lowerBound)...Double(range.upperBound))
            guard x == x.rounded() else { throw fail(name, v, "expected a whole number, not \(x)") }
            return Int(x)
        }

        let scene: any Scene
        var sceneFile: String?
        switch (member("scene"), member("scene-file")) {
        case let (sceneValue?, nil):
            let sceneName = try string("scene", sceneValue)
            guard let found = SceneCatalog.scene(named: sceneName) else {
                let hint = SceneCatalog.nameResembling(sceneName).map { "; did you mean \"\($0)\"?" } ?? ""
                throw fail("scene", sceneValue, "unknown scene \"\(sceneName)\"" + hint)
            }
            scene = found
        case let (nil, fileValue?):
            // Relative to the preset that holds the value (a base preset's own folder).
            let relative = try string("scene-file", fileValue)
            let holder = URL(fileURLWithPath: fileValue.position.source ?? file).deletingLastPathComponent()
            let path = relative.hasPrefix("/") ? relative : holder.appendingPathComponent(relative).path
            scene = try SceneFile.load(path: path, decodeImage: decodeImage)
            sceneFile = path
        case (nil, nil):
            throw fail("scene", nil, "missing: a preset names its scene (or its scene-file)")
        case (_?, let fileValue?):
            throw fail("scene-file", fileValue, "a preset names a scene or a scene file, not both")
        }
        var params: [(name: String, value: String)] = []
        if let p = member("params") {
            guard case let .object(entries, _) = p else { throw fail("params", p, "expected an object of scene knobs, not \(p.kindName)") }
            var settings = SceneSettings(scene: scene)
            for entry in entries {
                let text: String
                switch entry.value {
                case .string(let s, _): text = s
                case .number(let n, _): text = n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
                case .bool(let b, _): text = b ? "true" : "false"
                default: throw fail("params." + entry.key, entry.value, "expected a string, number or true/false, not \(entry.value.kindName)")
                }
                do {
                    try settings.set(entry.key, to: text)
                } catch {
                    throw fail("params." + entry.key, entry.value, "\(error)")
                }
                params.append((entry.key, text))
            }
        }
        var (width, height) = (1920, 1080)
        if let s = member("size") {
            let text = try string("size", s)
            let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { throw fail("size", s, "expected \"WIDTHxHEIGHT\", not \"\(text)\"") }
            guard (2...maximumSide).contains(w), (2...maximumSide).contains(h) else {
                throw fail("size", s, "\(text) is out of range (each side 2…\(maximumSide) pixels)")
            }
            (width, height) = (w, h)
        }
        let scale = try member("scale").map { v throws(DocumentError) in try number("scale", v, 0.01...100) } ?? 3
        var fps = "30"
        if let f = member("fps") {
            switch f {
            case .number:
                let n = try number("fps", f, 0.001...1000)
                fps = n == n.rounded() ? String(Int(n)) : String(n)
            case .string(let s, _):
                let fraction = s.split(separator: "/", omittingEmptySubsequences: false)
                guard Double(s) != nil || (fraction.count == 2 && fraction.allSatisfy { Int($0) != nil }) else {
                    throw fail("fps", f, "expected a frame rate such as 30, 29.97 or \"30000/1001\", not \"\(s)\"")
                }
                fps = s
            default: throw fail("fps", f, "expected \(fields["fps"] ?? ""), not \(f.kindName)")
            }
        }
        let seconds = try member("seconds").map { v throws(DocumentError) in try number("seconds", v, 0.001...maximumSeconds) } ?? 4
        let background = try member("background").map { v throws(DocumentError) in try string("background", v) }
        guard let outputsValue = member("outputs") else { throw fail("outputs", nil, "missing: a preset lists its outputs") }
        guard case let .array(items, _) = outputsValue, !items.isEmpty else {
            throw fail("outputs", outputsValue, "expected a non-empty list of outputs")
        }
        guard items.count <= maximumOutputs else { throw fail("outputs", outputsValue, "more than \(maximumOutputs) outputs") }
        var outputs: [Preset.Output] = []
        for (i, item) in items.enumerated() {
            guard case let .object(fields, _) = item else { throw fail("outputs[\(i)]", item, "expected an object, not \(item.kindName)") }
            try checkFields(fields, allowed: outputFields, file: file, prefix: "outputs[\(i)].")
            func field(_ name: String) -> JSONValue? { fields.first { $0.key == name }?.value }
            let prefix = "outputs[\(i)]."
            guard let fileValue = field("file") else { throw fail(prefix + "file", item, "missing: every output names its file") }
            var output = Preset.Output(file: try string(prefix + "file", fileValue).replacingOccurrences(of: "{scene}", with: scene.name))
            output.codec = try field("codec").map { v throws(DocumentError) in try string(prefix + "codec", v) }
            output.crf = try field("crf").map { v throws(DocumentError) in try wholeNumber(prefix + "crf", v, 0...63) }
            if let b = field("bitrate") {
                switch b {
                case .string(let s, _): output.bitrate = s
                case .number: output.bitrate = String(try wholeNumber(prefix + "bitrate", b, 1...1_000_000_000_000))
                default: throw fail(prefix + "bitrate", b, "expected a bitrate such as \"8M\", not \(b.kindName)")
                }
            }
            output.encoderPreset = try field("encoder-preset").map { v throws(DocumentError) in try string(prefix + "encoder-preset", v) }
            output.keyint = try field("keyint").map { v throws(DocumentError) in try wholeNumber(prefix + "keyint", v, 1...100_000) }
            output.pixelFormat = try field("pix-fmt").map { v throws(DocumentError) in try string(prefix + "pix-fmt", v) }
            output.title = try field("title").map { v throws(DocumentError) in try string(prefix + "title", v) }
            output.comment = try field("comment").map { v throws(DocumentError) in try string(prefix + "comment", v) }
            outputs.append(output)
        }
        _ = position
        return Preset(scene: scene.name, sceneFile: sceneFile, params: params, width: width, height: height, scale: scale, fps: fps,
                      seconds: seconds, background: background, outputs: outputs)
    }
}
