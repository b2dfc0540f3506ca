import Jobs
import Pipeline

/// `animvid sheet`: a contact sheet of frames across a clip.
enum SheetCommand {
    static let help = """
    usage: animvid sheet --scene NAME [options] OUTPUT.png
           animvid sheet --preset FILE [--set KEY=VALUE]... [--fit PX] [options] OUTPUT.png

    Writes a contact sheet: frames spread evenly across the clip in a grid, each labelled with
    its time. Tiles show the same canvas as a 1920x1080 video at scale 3 (640x360 points) unless
    --size and --scale say otherwise; with a preset, its frame (its size, scale, knobs and
    length), drawn smaller with --fit.

    options:
      --scene NAME          the scene (list them with: animvid scenes)
      --param NAME=VALUE    set a scene knob; repeat for several
      --seconds S           the span shown (default: the scene's cycle, one loop of its animation;
                            a scene file with shots: their length); shots stretch to fill it
      --frames N            how many frames (default 12)
      --columns N           tiles per row (default 4)
      --size WxH            tile size in pixels (default 320x180)
      --scale S             pixels per point (default: tile width ÷ 640)
      --preset FILE         the frames of a preset's clip; --set overrides its fields
      --fit PX              draw each tile smaller, to fit PX × PX pixels (the same canvas)
      -y, --overwrite       replace OUTPUT if it exists

    examples:
      animvid sheet --scene dot-grid dot-grid.png
      animvid sheet --preset presets/promo-story.json --set seconds=12 --fit 160 story.png
    """

    static func run(_ arguments: [String]) throws(CLIError) {
        var args = Arguments(arguments, command: "sheet")
        if args.wantsHelp {
            print(help)
            return
        }
        // The span shown is the clip's length: a scene file's shots fill it.
        var chosen = try args.clipChoicesOrPreset()
        if let seconds = try args.option("--seconds").map({ text throws(CLIError) in try Parse.number(text, option: "--seconds", range: 0.001...3600) }) {
            chosen.seconds = seconds
        }
        let options = try ResolvedClip.resolve(chosen, command: "sheet", defaultSize: PixelSize(width: 320, height: 180), defaultScale: { Double($0) / 640 })
        let seconds = options.clip.seconds ?? options.cycle
        let fit = try args.option("--fit").map { text throws(CLIError) in try Parse.integer(text, option: "--fit", range: 1...16_384) }
        let (width, height, scale) = fit.map { options.fitted(within: $0) } ?? (options.width, options.height, options.scale)
        let frames = try args.option("--frames").map { text throws(CLIError) in try Parse.integer(text, option: "--frames", range: 1...200) } ?? 12
        let columns = try args.option("--columns").map { text throws(CLIError) in try Parse.integer(text, option: "--columns", range: 1...50) } ?? 4
        let overwrite = args.flag("-y", "--overwrite")
        let output = try StillCommand.singleOutput(args, command: "sheet", extensions: [".png"])
        try OutputPath.checkWritable(output, overwrite: overwrite)
        let timeline = try options.timeline(duration: seconds + 1)
        let times = ContactSheet.times(count: frames, seconds: seconds)
        guard let sheet = ContactSheet.render(timeline, times: times, columns: columns, tileWidth: width, tileHeight: height, scale: scale) else {
            throw .usage("--size: the sheet would be too large")
        }
        do {
            try StillImage.writePNG(sheet, to: output, replacing: overwrite)
        } catch {
            throw .runtime("writing \(output) failed: \(error)")
        }
    }
}
