import Pipeline

/// `animvid still`: one frame as a PNG.
enum StillCommand {
    static let help = """
    usage: animvid still --scene NAME [--time T] [options] OUTPUT.png

    Writes the frame at time T (seconds, default 0) as a PNG; a transparent background
    (--background transparent) stays transparent.

    options:
    \(SceneOptions.help)
      --time T              the moment to draw, in seconds (default 0)
      -y, --overwrite       replace OUTPUT if it exists

    example:
      animvid still --scene triangle --time 0.5 --size 960x540 triangle.png
    """

    static func run(_ arguments: [String]) throws(CLIError) {
        var args = Arguments(arguments, command: "still")
        if args.wantsHelp {
            print(help)
            return
        }
        let options = try SceneOptions(&args)
        let time = try args.option("--time").map { text throws(CLIError) in try Parse.number(text, option: "--time", range: 0...86_400) } ?? 0
        let overwrite = args.flag("-y", "--overwrite")
        let output = try singleOutput(args, command: "still", extensions: [".png"])
        try EncodeCommand.checkWritable(output, overwrite: overwrite)
        let timeline = try options.timeline(duration: time + 1)
        guard let frame = StillImage.render(timeline, at: time, width: options.width, height: options.height, scale: options.scale) else {
            throw .usage("--size: \(options.width)x\(options.height) is too large")
        }
        do {
            try StillImage.writePNG(frame, to: output)
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
