import Documents
import Foundation
import Jobs
import Geometry
import Pipeline
import Scenes

/// `animvid validate FILE`: checks a preset or a scene file without rendering anything.
enum ValidateCommand {
    static let help = """
    usage: animvid validate PRESET.json [--set KEY=VALUE]...
           animvid validate SCENE.json [--param NAME=VALUE]... [--font-map MAP]

    Checks a preset (and what it extends): JSON syntax, field names, types, ranges, the scene and
    its knobs, and each output's encoder setup (a codec its container holds, a pixel format the
    codec takes, even sizes where the format needs them, rate control, the background's alpha);
    opens every file an encode would open (the scene file, the knobs' pictures, the soundtrack).
    A path in a preset is relative to the preset that writes it; one given with --set, to the
    working folder.

    Checks a scene file (a file with "layers"; docs/scene-files.md): field names, types, ranges,
    key paths, parameter references, templates and the layers that script rules name, and the
    limits against hostile files, by building the scene with its default knobs (or those given
    with --param).

    Each error names the file, line and column, the field (a JSON path such as
    layers[2].animations[0].keyPath) and what was expected; the exit status is 2 on an error.
    What a scene file says that rendering ignores, as Core Animation does (keyTimes that do not
    fit their keyframes), is a warning on standard error; the file is still valid. Writes nothing.
    """

    static func run(_ arguments: [String]) throws(CLIError) {
        var args = Arguments(arguments, command: "validate")
        if args.wantsHelp {
            print(help)
            return
        }
        let overrides = try args.options("--set")
        let params = try args.options("--param", "-p")
        let fontMap = try args.option("--font-map").map { text throws(CLIError) in try Parse.text(text, option: "--font-map", ValueText.fontMap) } ?? [:]
        let files = try args.positionals()
        guard files.count == 1, let file = files.first else { throw .usage("validate takes one preset or scene file") }
        if isSceneFile(file) {
            guard overrides.isEmpty else { throw .usage("--set is for presets; a scene file's knobs are set with --param NAME=VALUE") }
            try validateSceneFile(file, params: params, fontMap: fontMap)
            return
        }
        guard params.isEmpty else { throw .usage("--param is for scene files; a preset's knobs are set with --set params.NAME=VALUE") }
        let preset = try Preset.load(file, overrides: overrides)
        let clip = preset.clip
        // Every file an encode opens: the knobs' pictures (a scene file's as it builds with them).
        let resolved = try ResolvedClip(clip, command: "validate")
        do {
            _ = try resolved.timeline(duration: min(clip.seconds ?? 1, 1))
        } catch {
            // A file the scene cannot open is an invalid preset here, as every error is.
            throw .usage("\(file): \(error)")
        }
        if let track = clip.audio.track {
            do {
                for warning in try track.check() { FileHandle.standardError.write(Data("warning: \(file): audio: \(warning)\n".utf8)) }
            } catch {
                throw .usage("\(file): audio: \(error)")
            }
        }
        let size = clip.size.map { "\($0.width)x\($0.height)" } ?? "?"
        let scene = switch clip.scene {
        case .named(let name): name
        case .file(let path): path
        case nil: "?"
        }
        print("\(file): valid preset: \(scene), \(size), \(clip.frameRate?.description ?? "?") fps, \(clip.seconds.map { "\($0)" } ?? "?") s, "
              + "\(preset.outputs.count) output\(preset.outputs.count == 1 ? "" : "s") (\(preset.outputs.map(\.file).joined(separator: ", ")))")
    }

    /// Whether `path` holds a scene file rather than a preset: an object with a field only scene
    /// files have (a file that does not parse is read as a preset, whose errors say where).
    static func isSceneFile(_ path: String) -> Bool {
        if ResolvedClip.isLottie(path) { return true }
        // Larger than a preset may be: read as a scene file, whose limits then say what is wrong.
        if OutputFile.size(of: URL(fileURLWithPath: path).resolvingSymlinksInPath().path) > PresetLoader.maximumFileSize { return true }
        guard let data = try? DocumentFile.read(path, limit: PresetLoader.maximumFileSize),
              case let .object(members, _)? = try? JSONParser.parse(String(decoding: data, as: UTF8.self)) else { return false }
        let sceneFileOnly: Set = ["name", "summary", "cycle", "parameters", "animations", "layers", "script"]
        return members.contains { sceneFileOnly.contains($0.key) }  // a Lottie file has layers too
    }

    static func validateSceneFile(_ path: String, params: [String], fontMap: [String: String]) throws(CLIError) {
        if ResolvedClip.isLottie(path) {
            let lottie = try ResolvedClip.loadLottie(path, values: params, fontMap: fontMap)
            ResolvedClip.showWarnings(lottie.warnings.map { "\(path): \($0)" })
            do {
                _ = try lottie.settings(params.filter { !lottie.setsProperty($0) })
            } catch {
                throw .usage("--param: \(error)")
            }
            print("\(path): valid Lottie file: \(lottie.name), \(JSON.exact(lottie.width))x\(JSON.exact(lottie.height)), "
                  + "\(JSON.exact(lottie.frameRate)) fps, \(JSON.exact(lottie.cycle)) s"
                  + (lottie.warnings.isEmpty ? "" : " (\(lottie.warnings.count) warning\(lottie.warnings.count == 1 ? "" : "s"))"))
            return
        }
        let scene = try ResolvedClip.loadSceneFile(path, recordingInto: ImageChecksums())
        // Loading built the scene with its default knobs; knobs set here are built again.
        if !params.isEmpty {
            do {
                try scene.check(canvas: Size(640, 360), settings: try scene.settings(params))
            } catch let error as SceneError {
                throw .usage("--param: \(error)")
            } catch {
                throw .usage("\(error)")
            }
        }
        for warning in scene.warnings { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
        print("\(path): valid scene file: \(scene.name), knobs: \(scene.parameters.map(\.name).joined(separator: ", "))"
              + (scene.warnings.isEmpty ? "" : " (\(scene.warnings.count) warning\(scene.warnings.count == 1 ? "" : "s"))"))
    }
}
