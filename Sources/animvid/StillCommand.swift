import Jobs
import Pipeline

/// `animvid still`: one frame as a PNG.
enum StillCommand {
    static let help = """
    usage: animvid still --scene NAME [--time T] [options] OUTPUT.png
           animvid still --preset FILE [--set KEY=VALUE]... [--time T] [--fit PX] OUTPUT.png

    Writes the frame at time T (seconds, default 0) as a PNG; a transparent background
    (--background transparent) stays transparent. With a preset, the frame is the preset's
    (its scene, knobs, size, background; T counts from its start).

    options:
    \(ResolvedClip.help)
      --preset FILE         draw a preset's frame; --set overrides its fields
      --time T              the moment to draw, in seconds (default 0)
      --fit PX              draw the same picture smaller, to fit PX × PX pixels
      -y, --overwrite       replace OUTPUT if it exists

    examples:
      animvid still --scene triangle --time 0.5 --size 960x540 triangle.png
      animvid still --preset presets/promo-story.json --time 7.5 --fit 240 story.png
    """

    static func run(_ arguments: [String]) throws(CLIError) {
        var args = Arguments(arguments, command: "still")
        if args.wantsHelp {
            print(help)
            return
        }
        let clip = try args.clipChoicesOrPreset()
        let options = try ResolvedClip.resolve(clip, command: "still")
        let time = (clip.start ?? 0)
            + (try args.option("--time").map { text throws(CLIError) in try Parse.number(text, option: "--time", range: 0...86_400) } ?? 0)
        let fit = try args.option("--fit").map { text throws(CLIError) in try Parse.integer(text, option: "--fit", range: 1...16_384) }
        let overwrite = args.flag("-y", "--overwrite")
        let output = try singleOutput(args, command: "still", extensions: [".png"])
        try OutputPath.checkWritable(output, overwrite: overwrite)
        let timeline = try options.timeline(duration: time + 1, clipStart: clip.start ?? 0)
        let (width, height, scale) = fit.map { options.fitted(within: $0) } ?? (options.width, options.height, options.scale)
        guard let frame = StillImage.render(timeline, at: time, width: width, height: height, scale: scale) else {
            throw .usage("--size: \(width)x\(height) is too large")
        }
        do {
            try StillImage.writePNG(frame, to: output, replacing: overwrite)
        } catch {
            throw .runtime("writing \(output) failed: \(error)")
        }
    }

    /// The one positional argument, which must end with one of `extensions`.
    static func singleOutput(_ args: Arguments, command: String, extensions: [String]) throws(CLIError) -> String {
        let positionals = try args.positionals()
        guard positionals.count == 1, let output = positionals.first else {
            throw .usage("\(command) needs one output file, e.g. out\(extensions[0])")
        }
        guard extensions.contains(where: { output.lowercased().hasSuffix($0) }) else {
            throw .usage("\(output): the output must be a \(extensions.joined(separator: " or ")) file")
        }
        return output
    }
}
