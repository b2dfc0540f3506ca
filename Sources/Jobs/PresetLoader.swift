import Animation
import Documents
import Foundation
import Lottie
import Media
import Scenes

/// Reads preset files: JSON, optionally extending another preset, with `--set` overrides;
/// unknown fields, wrong types and out-of-range values are errors that name the place.
public enum PresetLoader {
    /// The fields of a preset that are not clip options (`ClipOption.all` holds those), with
    /// what each takes.
    static let structureFields: [String: String] = [
        "description": "a string", "extends": "a path to another preset", "scene": "a scene name",
        "scene-file": "a path to a scene file", "params": "an object of scene knobs", "outputs": "a list of outputs",
        "shots": "an object of the scene file's shots by name, each {\"seconds\": S}",
    ]
    /// Every field a preset may have at its top level, and in an output.
    static let fields = Array(structureFields.keys) + ClipOption.all.filter { $0.scope != .output }.compactMap(\.field)
    static let outputFields = ["file"] + ClipOption.all.filter { $0.scope == .output || $0.eachOutput }.compactMap(\.field)
    /// Limits against hostile files.
    static let maximumOutputs = 16
    static let maximumExtends = 8
    public static let maximumFileSize = 1 << 20

    /// Loads `path` (and what it extends), applies `overrides` (`key=value`, dotted keys such as
    /// `params.color` or `outputs.0.crf`; written in `overridesFile`, a batch's table, whose
    /// folder relative paths in them start from; nil: the command line, the working folder), and
    /// checks everything. `decodeImage` reads the images of a scene file the preset names (the
    /// default decodes none).
    public static func load(path: String, overrides: [String] = [], overridesFile: String? = nil,
                            decodeImage: @escaping SceneFile.ImageDecoder = SceneFile.noImages) throws(DocumentError) -> Preset {
        var merged = try resolved(path: path, chain: [])
        for assignment in overrides {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw DocumentError(file: "--set", position: nil, path: "", message: "'\(assignment)' is not KEY=VALUE")
            }
            let key = String(assignment[..<equals]), text = String(assignment[assignment.index(after: equals)...])
            guard key != "extends" else {
                throw DocumentError(file: "--set extends", position: nil, path: "", message: "the preset a preset extends is named in the file, not with --set")
            }
            let place = JSONPosition(line: 0, column: 0, source: overridesFile ?? WrittenPath.setSource + key)
            merged = try set(key.split(separator: ".").map(String.init), to: literal(text, at: place), in: merged, place: place)
        }
        return try preset(from: merged, file: path, decodeImage: decodeImage)
    }

    /// The preset's JSON with what it extends merged underneath (members of this file win;
    /// `params` merge by name; `outputs` replace).
    /// `extends` is the value that names `path` in the preset that extends it, where errors
    /// about the chain point.
    static func resolved(path: String, chain: [String], extends: (value: JSONValue, file: String)? = nil) throws(DocumentError) -> JSONValue {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        func fail(_ message: String) -> DocumentError {
            extends.map { DocumentError(at: $0.value.position, in: $0.file, path: "extends", message: message) }
                ?? DocumentError(file: path, position: nil, path: "extends", message: message)
        }
        guard !chain.contains(absolute) else {
            throw fail("extends itself in a loop (\((chain + [absolute]).joined(separator: " → ")))")
        }
        guard chain.count < maximumExtends else {
            throw fail("more than \(maximumExtends) presets extend each other")
        }
        SourceFiles.noteRead(path)
        let data = try DocumentFile.read(path, limit: maximumFileSize)
        let value: JSONValue
        do {
            value = try JSONParser.parse(String(decoding: data, as: UTF8.self), source: path)
        } catch {
            throw DocumentError(file: path, position: error.position, path: "", message: error.message)
        }
        guard case let .object(members, position) = value else {
            throw DocumentError(file: path, position: value.position, path: "", message: "a preset is an object, not \(value.kindName)")
        }
        guard let extends = members.first(where: { $0.key == "extends" }) else { return value }
        guard case let .string(base, _) = extends.value else {
            throw DocumentError(file: path, position: extends.value.position, path: "extends", message: "expected \(structureFields["extends"] ?? "")")
        }
        let basePath = base.hasPrefix("/") ? base : URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(base).path
        guard case let .object(baseMembers, _) = try resolved(path: basePath, chain: chain + [absolute], extends: (extends.value, path)) else { return value }
        var result = baseMembers.filter { $0.key != "extends" }
        // A preset that names its scene (built in or a file) replaces the base's choice, and knobs
        // belong to their scene: naming another scene does not inherit them (nor its shots).
        let sceneKeys = ["scene", "scene-file"], merged = ["params", "shots"]
        if let scene = members.first(where: { sceneKeys.contains($0.key) }) {
            let baseScene = result.first { sceneKeys.contains($0.key) }
            if baseScene?.key != scene.key || baseScene?.value != scene.value { result.removeAll { merged.contains($0.key) } }
            result.removeAll { sceneKeys.contains($0.key) }
        }
        for member in members where member.key != "extends" {
            if merged.contains(member.key), case let .object(child, p) = member.value,
               let i = result.firstIndex(where: { $0.key == member.key }), case let .object(parent, _) = result[i].value {
                var entries = parent.filter { entry in !child.contains { $0.key == entry.key } }
                entries += child
                result[i] = (member.key, .object(entries, p))
            } else if let i = result.firstIndex(where: { $0.key == member.key }) {
                result[i] = member
            } else {
                result.append(member)
            }
        }
        return .object(result, position)
    }

    static func checkFields(_ members: [(key: String, value: JSONValue)], allowed: [String], file: String, prefix: String) throws(DocumentError) {
        for member in members where !allowed.contains(member.key) {
            let hint = didYouMean(member.key, among: allowed)
            throw DocumentError(at: member.value.position, in: file, path: prefix + member.key,
                              message: "unknown field\(hint) (fields: \(allowed.sorted().joined(separator: ", ")))")
        }
    }

    /// A `--set` value: JSON when it parses as JSON (numbers, true, "…"), a string otherwise;
    /// errors in it name `place` (`--set KEY`).
    static func literal(_ text: String, at place: JSONPosition) -> JSONValue {
        if let value = try? JSONParser.parse(text) { return value.mapPositions { _ in place } }
        return .string(text, place)
    }

    /// `value` with the member at `keys` replaced (lists are indexed by number); members it
    /// creates are placed at `place` (`--set KEY`), where errors about them point.
    static func set(_ keys: [String], to newValue: JSONValue, in value: JSONValue, place: JSONPosition) throws(DocumentError) -> JSONValue {
        guard let key = keys.first else { return newValue }
        let rest = Array(keys.dropFirst())
        switch value {
        case .object(var members, let p):
            if let i = members.firstIndex(where: { $0.key == key }) {
                members[i].value = try set(rest, to: newValue, in: members[i].value, place: place)
            } else {
                members.append((key, try set(rest, to: newValue, in: .object([], place), place: place)))
            }
            return .object(members, p)
        case .array(var items, let p):
            guard let i = Int(key), items.indices.contains(i) else {
                throw DocumentError(file: place.source ?? "--set", position: nil, path: "", message: "no list item \(key)")
            }
            items[i] = try set(rest, to: newValue, in: items[i], place: place)
            return .array(items, p)
        default:
            throw DocumentError(file: place.source ?? "--set", position: nil, path: "", message: "\(key) is inside \(value.kindName), which has no members")
        }
    }

    /// Whether two output paths name one file: the same name in the same folder, links to
    /// folders followed.
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        canonicalPath(a) == canonicalPath(b)
    }

    /// The path a file name resolves to: absolute, standardized, links to folders followed (two
    /// names of one file give one path).
    public static func canonicalPath(_ path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        return url.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(url.lastPathComponent).path
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
            guard case let .string(s, _) = v else { throw fail(name, v, "expected \(structureFields[name] ?? "a string"), not \(v.kindName)") }
            return s
        }
        if let v = member("description") { _ = try string("description", v) }
        var clip = ClipChoices.defaults
        let scene: any Scene
        switch (member("scene"), member("scene-file")) {
        case let (sceneValue?, nil):
            let sceneName = try string("scene", sceneValue)
            guard let found = SceneCatalog.scene(named: sceneName) else {
                let hint = SceneCatalog.nameResembling(sceneName).map { "; did you mean \"\($0)\"?" } ?? ""
                throw fail("scene", sceneValue, "unknown scene \"\(sceneName)\"" + hint)
            }
            scene = found
            clip.scene = .named(sceneName)
        case let (nil, fileValue?):
            // Relative to the preset that holds the value (a base preset's own folder).
            let path = WrittenPath.located(try string("scene-file", fileValue), writtenAt: fileValue.position, in: file)
            if LottieFile.isLottie(data: try DocumentFile.read(path, limit: SceneFileLimits.fileSize)) {
                let lottie = try LottieFile.load(path: path, decodeImage: decodeImage)
                // The file's own size, rate and length, under what the preset says.
                clip = lottie.defaultClip
                scene = lottie
            } else {
                scene = try SceneFile.load(path: path, decodeImage: decodeImage)
            }
            clip.scene = .file(path)
        case (nil, nil):
            throw fail("scene", nil, "missing: a preset names its scene (or its scene-file)")
        case (_?, let fileValue?):
            throw fail("scene-file", fileValue, "a preset names a scene or a scene file, not both")
        }
        var settings = SceneSettings(scene: scene)
        if let p = member("params") {
            guard case let .object(entries, _) = p else { throw fail("params", p, "expected an object of scene knobs, not \(p.kindName)") }
            for entry in entries {
                // A Lottie file's keypaths and slots are checked when the file is loaded with them.
                if let lottie = scene as? LottieFile, lottie.setsProperty(entry.key + "=") {
                    if case .string(let s, _) = entry.value { clip.params.append("\(entry.key)=\(s)") } else {
                        throw fail("params." + entry.key, entry.value, "expected a string such as \"#7B61FF\" or \"Launch day\"")
                    }
                    continue
                }
                var text: String
                switch entry.value {
                case .string(let s, _): text = s
                case .number(let n, _): text = n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
                case .bool(let b, _): text = b ? "true" : "false"
                default: throw fail("params." + entry.key, entry.value, "expected a string, number or true/false, not \(entry.value.kindName)")
                }
                if scene.parameters.first(where: { $0.name == entry.key })?.kind.isFile == true {
                    text = WrittenPath.located(text, writtenAt: entry.value.position, in: file)
                }
                do {
                    try settings.set(entry.key, to: text)
                } catch {
                    throw fail("params." + entry.key, entry.value, "\(error)")
                }
                clip.params.append("\(entry.key)=\(text)")
            }
        }
        if let v = member("shots") {
            try shotLengths(v, of: scene, file: file, into: &clip, settings: &settings)
        }
        // The clip's options, as the table says; the background is checked against the scene.
        var choices = EncodeChoices()
        choices.clip = clip
        for member in members {
            guard let option = ClipOption.named(field: member.key, inOutput: false) else { continue }
            do {
                try option.apply(json: member.value, holder: file, to: &choices)
            } catch {
                throw fail(member.key, member.value, error.message)
            }
        }
        clip = choices.clip
        if let background = clip.background, let b = member("background") {
            do {
                try settings.set("background", to: background)
            } catch {
                throw fail("background", b, "\(error)")
            }
        }
        // A scene file's shots last as long as they do unless the preset says how long the clip is.
        if member("seconds") == nil, let sceneFile = scene as? SceneFile, sceneFile.length(settings: settings) != nil { clip.seconds = nil }
        if let rate = clip.frameRate, let seconds = clip.seconds, rate.frameCount(seconds: seconds) < 1 {
            throw fail("seconds", member("seconds"), "\(JSON.exact(seconds)) s at \(rate) fps is less than one frame")
        }
        let alpha = settings.hasTransparentBackground
        guard let outputsValue = member("outputs") else { throw fail("outputs", nil, "missing: a preset lists its outputs") }
        guard case let .array(items, _) = outputsValue, !items.isEmpty else {
            throw fail("outputs", outputsValue, "expected a non-empty list of outputs")
        }
        guard items.count <= maximumOutputs else { throw fail("outputs", outputsValue, "more than \(maximumOutputs) outputs") }
        var outputs: [Preset.Output] = []
        var files: [String] = []
        var warnings: [String] = []
        for (i, item) in items.enumerated() {
            guard case let .object(fields, _) = item else { throw fail("outputs[\(i)]", item, "expected an object, not \(item.kindName)") }
            try checkFields(fields, allowed: outputFields, file: file, prefix: "outputs[\(i)].")
            func field(_ name: String) -> JSONValue? { fields.first { $0.key == name }?.value }
            let prefix = "outputs[\(i)]."
            guard let fileValue = field("file") else { throw fail(prefix + "file", item, "missing: every output names its file") }
            let written = try string(prefix + "file", fileValue)
            // Relative to the preset that writes it (a base preset's own folder, a batch's
            // table), or to the working folder when --set gives it; standard output stays "-".
            let named = written.replacingOccurrences(of: "{scene}", with: fileNamePart(scene.name))
            let output = named == "-" ? named : WrittenPath.output(named, writtenAt: fileValue.position, in: file)
            if written.contains("{scene}"), fileNamePart(scene.name) != scene.name {
                warnings.append("\(file): \(prefix)file: the scene's name \(JSON.quoted(scene.name)) is written \"\(fileNamePart(scene.name))\" in a file name")
            }
            guard let container = Container(path: output) else {
                throw fail(prefix + "file", fileValue, "\(output): animvid writes \(Container.extensions)")
            }
            if let same = files.firstIndex(where: { sameFile($0, output) }) {
                throw fail(prefix + "file", fileValue, "\(output) is the same file as outputs[\(same)].file (\(files[same])); each output needs its own")
            }
            files.append(output)
            if container == .pngSequence, ImageSequence.fileName(output, frame: 1) == nil {
                throw fail(prefix + "file", fileValue, "\(output): a PNG sequence needs exactly one frame number such as %05d (%% for a percent sign)")
            }
            // A mix that cannot be made is reported where the clip is planned, with its option.
            if let mix = (try? clip.audio.mix()) ?? nil {
                do {
                    _ = try mix.resolvedCodec(in: container)
                } catch {
                    throw fail(prefix + "file", fileValue, "\(output): \(error) (the preset has audio; --no-audio leaves it out)")
                }
            }
            var chosen = EncodeChoices()
            for member in fields {
                guard let option = ClipOption.named(field: member.key, inOutput: true) else { continue }
                do {
                    try option.apply(json: member.value, holder: file, to: &chosen)
                } catch {
                    throw fail(prefix + member.key, member.value, error.message)
                }
            }
            let choices = chosen.output
            let frame = chosen.clip.overriding(clip)
            if let rate = frame.frameRate, let seconds = frame.seconds, rate.frameCount(seconds: seconds) < 1, let v = field("fps") {
                throw fail(prefix + "fps", v, "\(JSON.exact(seconds)) s at \(rate) fps is less than one frame")
            }
            if let codec = choices.codec, !container.codecs.contains(codec), let v = field("codec") {
                throw fail(prefix + "codec", v, "\(container.rawValue) takes \(container.codecs.map(\.rawValue).joined(separator: ", ")), not \"\(codec.rawValue)\"")
            }
            // What only the encoder setup can judge, at the field it concerns.
            if let size = frame.size, let frameRate = frame.frameRate {
                do {
                    _ = try choices.encoderSettings(container: container, width: size.width, height: size.height, frameRate: frameRate, alpha: alpha)
                } catch {
                    // An output's own field when one chose the setting; the output as a whole for
                    // the clip's (an odd size, a transparent background).
                    let option = ClipOption.choosing(error.setting)
                    if option.scope == .output || option.eachOutput, let key = option.field, let v = field(key) { throw fail(prefix + key, v, error.message) }
                    throw fail("outputs[\(i)]", item, "\(output): \(error.message)")
                }
            }
            outputs.append(Preset.Output(file: output, choices: choices, clip: chosen.clip))
        }
        _ = position
        return Preset(clip: clip, outputs: outputs, warnings: warnings)
    }

    /// The `--set` key that sets a scene's knob `name` in a preset: `params.NAME`, except the
    /// background and a shot's length (`shots.NAME.seconds`), which are fields of the preset's own.
    public static func key(forKnob name: String) -> String {
        name == "background" || name.hasPrefix("shots.") ? name : "params." + name
    }

    /// `"shots": {"feature": {"seconds": 4}}`: each shot's length, set as its knob
    /// (`SceneFile.shotKnob`) of a scene file with shots.
    static func shotLengths(_ value: JSONValue, of scene: any Scene, file: String, into clip: inout ClipChoices,
                            settings: inout SceneSettings) throws(DocumentError) {
        guard case let .object(entries, _) = value else {
            throw DocumentError(at: value.position, in: file, path: "shots", message: "expected \(structureFields["shots"] ?? "")")
        }
        let names = (scene as? SceneFile)?.shotNames ?? []
        for entry in entries {
            let path = "shots." + entry.key
            func fail(_ at: JSONValue, _ message: String) -> DocumentError { DocumentError(at: at.position, in: file, path: path, message: message) }
            guard names.contains(entry.key) else {
                throw fail(entry.value, names.isEmpty ? "the scene \(scene.name) has no shots" : "no shot called \"\(entry.key)\" (shots: \(names.joined(separator: ", ")))")
            }
            guard case let .object(fields, _) = entry.value, fields.count == 1, fields[0].key == "seconds", case .number(let seconds, _) = fields[0].value else {
                throw fail(entry.value, "expected {\"seconds\": S}, the shot's length")
            }
            let knob = SceneFile.shotKnob(entry.key)
            do {
                try settings.set(knob, to: JSON.exact(seconds))
            } catch {
                throw DocumentError(at: fields[0].value.position, in: file, path: path + ".seconds", message: "\(error)")
            }
            clip.params.append(knob + "=" + JSON.exact(seconds))
        }
    }

    /// A document's `name` made fit for one component of a file name: no folder separators,
    /// control characters or leading dots, so `{scene}` never leads into another folder or
    /// hides the file.
    static func fileNamePart(_ name: String) -> String {
        let cleaned = String(String.UnicodeScalarView(name.unicodeScalars.map { scalar in
            scalar == "/" || scalar == "\\" || scalar.properties.generalCategory == .control ? "-" : scalar
        }))
        let visible = cleaned.drop { $0 == "." }
        return visible.isEmpty ? "scene" : String(visible)
    }
}
