import Documents
import Foundation
import Jobs
import Geometry
import Pipeline
import Scenes

/// `animvid validate FILE`: checks a preset or a scene file without rendering anything.
enum ValidateCommand {
    static let help = """
    usage: animvid validate PRESET.json [--set KEY=VALUE]... [--rows DATA.csv]
           animvid validate SCENE.json [--param NAME=VALUE]... [--font-map MAP]

    Checks a preset (and what it extends): JSON syntax, field names, types, ranges, the scene and
    its knobs, and each output's encoder setup (a codec its container holds, a pixel format the
    codec takes, even sizes where the format needs them, rate control, the background's alpha);
    opens every file an encode would open (the scene file, the knobs' pictures, the soundtrack).
    A path in a preset is relative to the preset that writes it; one given with --set, to the
    working folder. Text that does not fit its box with the knobs given, at the preset's size,
    is a warning naming the layer, the text and what became of it (shrunk to its smallest and
    cut, or drawn past the box). With --rows, every row of a batch's table is checked the same
    way, as animvid batch PRESET --rows DATA.csv would render it: a row that does not load is an
    error, a row whose text does not fit a warning, each naming the row and its CSV line.

    Checks a scene file (a file with "layers"; docs/scene-files.md): field names, types, ranges,
    key paths, parameter references, templates and the layers that script rules name, and the
    limits against hostile files, by building the scene with its default knobs (or those given
    with --param).

    Each error names the file, line and column, the field (a JSON path such as
    layers[2].animations[0].keyPath) and what was expected; the exit status is 2 on an error.
    What a scene file says that rendering ignores, as Core Animation does (keyTimes that do not
    fit their keyframes), or draws only approximately (a text layer's contentsScale, which a
    device blurs; an emitter under a layer whose time runs at another rate; more particles than
    a frame draws; the others docs/core-animation.md §9 lists), is a warning on standard error
    naming the value; the file is still valid. Writes nothing.
    """

    static func run(_ arguments: [String]) throws(CLIError) {
        var args = Arguments(arguments, command: "validate")
        if args.wantsHelp {
            print(help)
            return
        }
        let overrides = try args.options("--set")
        let rowsFile = try args.option("--rows")
        let params = try args.options("--param", "-p")
        let fontMap = try args.option("--font-map").map { text throws(CLIError) in try Parse.text(text, option: "--font-map", ValueText.fontMap) } ?? [:]
        let files = try args.positionals()
        guard files.count == 1, let file = files.first else { throw .usage("validate takes one preset or scene file") }
        if isSceneFile(file) {
            guard overrides.isEmpty, rowsFile == nil else {
                throw .usage("--set and --rows are for presets; a scene file's knobs are set with --param NAME=VALUE")
            }
            try validateSceneFile(file, params: params, fontMap: fontMap)
            return
        }
        guard params.isEmpty else { throw .usage("--param is for scene files; a preset's knobs are set with --set params.NAME=VALUE") }
        guard rowsFile == nil || overrides.isEmpty else { throw .usage("--rows: a batch's rows are checked against the preset as it is, without --set") }
        let preset = try Preset.load(file, overrides: overrides)
        let clip = preset.clip
        // Every file an encode opens: the knobs' pictures (a scene file's as it builds with them).
        let warnings: [String]
        do {
            warnings = try preset.checkScenes(command: "validate")
        } catch {
            // A file the scene cannot open is an invalid preset here, as every error is.
            throw .usage("\(file): \(error)")
        }
        ResolvedClip.showWarnings(warnings)
        do {
            if let mix = try clip.audio.mix() {
                for warning in try mix.check() { FileHandle.standardError.write(Data("warning: \(file): audio: \(warning)\n".utf8)) }
            }
        } catch {
            throw .usage("\(file): audio: \(error)")
        }
        let size = clip.size.map { "\($0.width)x\($0.height)" } ?? "?"
        let scene = switch clip.scene {
        case .named(let name): name
        case .file(let path): path
        case nil: "?"
        }
        // A scene file with shots lasts as long as they do unless the preset says.
        let seconds = clip.seconds ?? (try? ResolvedClip(clip, command: "validate"))?.clip.seconds
        print("\(file): valid preset: \(scene), \(size), \(clip.frameRate?.description ?? "?") fps, \(seconds.map { JSON.exact($0) } ?? "?") s, "
              + "\(preset.outputs.count) output\(preset.outputs.count == 1 ? "" : "s") (\(preset.outputs.map(describe).joined(separator: ", ")))"
              + Self.counted(warnings.count))
        if let rowsFile { try validateRows(of: file, in: rowsFile) }
    }

    /// An output's file, with the size, scale and rate it gives itself: `story.mp4 at 1080x1920`.
    static func describe(_ output: Preset.Output) -> String {
        let own = [output.clip.size.map { "\($0.width)x\($0.height)" }, output.clip.scale.map { "scale \(JSON.exact($0))" },
                   output.clip.frameRate.map { "\($0) fps" }].compactMap { $0 }
        return output.file + (own.isEmpty ? "" : " at " + own.joined(separator: ", "))
    }

    /// Checks each row of a batch's table as `batch` would render it; an invalid row is an error
    /// (after every row is checked), text that does not fit a warning.
    static func validateRows(of preset: String, in rowsFile: String) throws(CLIError) {
        let batch = try Batch(preset: preset, rowsFile: rowsFile)
        try batch.checkOutputs()
        var invalid = 0, warned = 0
        for number in batch.table.rows.indices {
            let place = "\(rowsFile): row \(number + 1) (line \(batch.table.rows[number].line))"
            do {
                let warnings = try batch.check(row: number)
                warned += warnings.count
                ResolvedClip.showWarnings(warnings.map { "\(place): \($0)" })
            } catch {
                invalid += 1
                FileHandle.standardError.write(Data("error: \(place): \(error)\n".utf8))
            }
        }
        let rows = batch.table.rows.count
        guard invalid == 0 else { throw .usage("\(rowsFile): \(invalid) of \(rows) row\(rows == 1 ? "" : "s") invalid") }
        print("\(rowsFile): \(rows) valid row\(rows == 1 ? "" : "s")" + counted(warned))
    }

    /// " (3 warnings)", or nothing without any.
    static func counted(_ warnings: Int) -> String {
        warnings == 0 ? "" : " (\(warnings) warning\(warnings == 1 ? "" : "s"))"
    }

    /// Whether `path` holds a scene file rather than a preset: an object with a field only scene
    /// files have (a file that does not parse is read as a preset, whose errors say where).
    static func isSceneFile(_ path: String) -> Bool {
        if ResolvedClip.isLottie(path) { return true }
        // Larger than a preset may be: read as a scene file, whose limits then say what is wrong.
        if OutputFile.size(of: URL(fileURLWithPath: path).resolvingSymlinksInPath().path) > PresetLoader.maximumFileSize { return true }
        guard let data = try? DocumentFile.read(path, limit: PresetLoader.maximumFileSize),
              case let .object(members, _)? = try? JSONParser.parse(String(decoding: data, as: UTF8.self)) else { return false }
        let sceneFileOnly: Set = ["name", "summary", "cycle", "parameters", "animations", "layers", "script", "overlays"]
        // A scene file's shots are a list; a preset's, lengths by name.
        return members.contains { member in
            if case .array = member.value, member.key == "shots" { return true }
            return sceneFileOnly.contains(member.key)
        }
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
                  + counted(lottie.warnings.count))
            return
        }
        let scene = try ResolvedClip.loadSceneFile(path, recordingInto: ImageChecksums())
        // Loading built the scene with its default knobs; knobs set here are built again, and
        // what does not fit is what the knobs given make.
        var warnings = scene.warnings
        if !params.isEmpty {
            do {
                warnings = try scene.check(canvas: ClipChoices.defaultCanvas, settings: try scene.settings(params))
            } catch let error as SceneError {
                throw .usage("--param: \(error)")
            } catch {
                throw .usage("\(error)")
            }
        }
        ResolvedClip.showWarnings(warnings.map(\.description))
        print("\(path): valid scene file: \(scene.name), knobs: \(scene.parameters.map(\.name).joined(separator: ", "))" + counted(warnings.count))
    }
}
