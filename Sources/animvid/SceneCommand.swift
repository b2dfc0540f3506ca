import Documents
import Foundation
import Jobs
import Lottie
import Pipeline
import Scenes

/// `animvid scene NAME`: one scene with its knobs, or the scene as a scene file.
enum SceneCommand {
    static let help = """
    usage: animvid scene NAME|FILE.json
           animvid scene LOTTIE.json --keypaths
           animvid scene NAME --export json [--param NAME=VALUE …] [--size WxH] [--scale S]
                                            [--background COLOR] [-o FILE.json] [-y]

    Describes a built-in scene (or a scene file): what it shows, its cycle, and every knob
    (--param NAME=VALUE) with its type, default and meaning.

    --keypaths lists every keypath of a Lottie file that --param can set, with its value now:
    layers, groups, fills, strokes, texts and transforms by their names in the file
    ("Title.Text", "Logo.Group 1.Fill 1.Color"), then its slots.

    --export json writes the scene as a scene file (docs/scene-files.md): its layers, animations
    and script rules, laid out for the canvas that --size and --scale give (default 1920x1080 at
    scale 3: 640x360 points) with the knobs' values written in; the background stays a knob.
    `animvid encode --scene-file FILE.json` then renders the same frames as --scene NAME.

      -o, --output FILE     write the file there instead of to standard output
      -y, --overwrite       replace FILE if it exists

    example:
      animvid scene loader --export json -o my-loader.json
    """

    static func run(_ arguments: [String]) throws(CLIError) {
        var args = Arguments(arguments, command: "scene")
        if args.wantsHelp {
            print(help)
            return
        }
        guard let name = arguments.first, !name.hasPrefix("-") else {
            throw .usage("scene takes a scene name or a scene file (list the scenes with: animvid scenes)")
        }
        let sceneOption = [".json", ".lottie"].contains { name.lowercased().hasSuffix($0) } ? "--scene-file" : "--scene"
        args = Arguments([sceneOption] + arguments, command: "scene")
        if args.flag("--keypaths") {
            let options = try ResolvedClip(&args)
            guard try args.positionals().isEmpty else { throw .usage("scene takes one scene name or file") }
            guard let lottie = options.scene as? LottieFile else {
                throw .usage("--keypaths lists a Lottie file's keypaths; \(name) is not one (animvid scene \(name) lists its knobs)")
            }
            lottie.keypaths.forEach { print($0) }
            return
        }
        guard let format = try args.option("--export") else {
            let options = try ResolvedClip(&args)
            guard try args.positionals().isEmpty else { throw .usage("scene takes one scene name or file") }
            print(describe(options.scene))
            return
        }
        guard format == "json" else { throw .usage("--export: '\(format)' is not a format animvid exports (it writes json)") }
        let output = try args.option("-o", "--output")
        let overwrite = args.flag("-y", "--overwrite")
        let options = try ResolvedClip(&args)
        guard try args.positionals().isEmpty else { throw .usage("scene takes one scene name or file") }
        let text: String
        do {
            text = try SceneExporter.export(options.scene, canvas: options.canvas, settings: options.settings,
                                            encodeImage: LayerImageCodec.dataURI)
        } catch {
            throw .runtime("exporting scene '\(options.scene.name)': \(error)")
        }
        // What is written must read back: values outside a scene file's ranges are refused here.
        do {
            _ = try SceneFile(text: text, path: output ?? "the exported scene", decodeImage: ResolvedClip.decodeSceneImage)
        } catch {
            throw .runtime("exporting scene '\(options.scene.name)': the file would not read back: \(error)")
        }
        guard let output else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        try OutputPath.checkWritable(output, overwrite: overwrite)
        do {
            try OutputFile.write(Data(text.utf8), to: output, replacing: overwrite)
        } catch {
            throw .runtime("writing \(output) failed: \(error)")
        }
    }

    /// The scene's description and knobs, as `scene` and `scenes --verbose` print them.
    static func describe(_ scene: any Scene) -> String {
        var lines = ["\(scene.name): \(scene.summary)", "  one cycle: \(ParameterValue.number(scene.cycle).text) s", "  parameters:"]
        let nameWidth = scene.parameters.map(\.name.count).max() ?? 0
        let typeWidth = scene.parameters.map(\.typeDescription.count).max() ?? 0
        for p in scene.parameters {
            let value = p.defaultValue.text.isEmpty ? "(built in)" : p.defaultValue.text
            lines.append("    " + p.name.padding(toLength: nameWidth + 2, withPad: " ", startingAt: 0)
                         + p.typeDescription.padding(toLength: typeWidth + 2, withPad: " ", startingAt: 0)
                         + "default \(value): \(p.summary)")
        }
        return lines.joined(separator: "\n")
    }
}
