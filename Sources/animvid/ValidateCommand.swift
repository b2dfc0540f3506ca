import Scenes

/// `animvid validate FILE`: checks a preset without rendering anything.
enum ValidateCommand {
    static let help = """
    usage: animvid validate FILE [--set KEY=VALUE]...

    Checks a preset (and what it extends): JSON syntax, field names, types, ranges, the scene and
    its knobs, and each output's format as encode would set it up (codec, pixel format, size,
    frame rate, background). Each error names the file, line and column, the field (a JSON path such as
    outputs[1].crf) and what was expected; the exit status is 2 on an error. Writes nothing.
    """

    static func run(_ arguments: [String]) throws(CLIError) {
        var args = Arguments(arguments, command: "validate")
        if args.wantsHelp {
            print(help)
            return
        }
        let overrides = try args.options("--set")
        let files = try args.positionals()
        guard files.count == 1, let file = files.first else { throw .usage("validate takes one preset file") }
        let preset: Preset
        do {
            preset = try PresetLoader.load(path: file, overrides: overrides)
        } catch {
            throw .usage("\(error)")
        }
        // Each output as encode would set it up (codec for the container, pixel format, even
        // sizes, the background colour), without touching the output files.
        for (i, output) in preset.outputs.enumerated() {
            do {
                _ = try EncodeCommand.plan(PresetEncode.encodeArguments(for: preset, output: output) + ["--no-session", output.file])
            } catch {
                throw .usage("\(file): outputs[\(i)] (\(output.file)): \(error)")
            }
        }
        print("\(file): valid preset: \(preset.scene), \(preset.width)x\(preset.height), \(preset.fps) fps, \(preset.seconds) s, "
              + "\(preset.outputs.count) output\(preset.outputs.count == 1 ? "" : "s") (\(preset.outputs.map(\.file).joined(separator: ", ")))")
    }
}
