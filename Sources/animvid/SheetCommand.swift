import Jobs
import Pipeline

/// `animvid sheet`: a contact sheet of frames across a clip.
enum SheetCommand {
    static let help = """
    usage: animvid sheet --scene NAME [options] OUTPUT.png

    Writes a contact sheet: frames spread evenly across the clip in a grid, each labelled with
    its time. Tiles show the same canvas as a 1920x1080 video at scale 3 (640x360 points) unless
    --size and --scale say otherwise.

    options:
      --scene NAME          the scene (list them with: animvid scenes)
      --param NAME=VALUE    set a scene knob; repeat for several
      --seconds S           the span shown (default: the scene's cycle, one loop of its animation;
                            a scene file with shots: their length); shots stretch to fill it
      --frames N            how many frames (default 12)
      --columns N           tiles per row (default 4)
      --size WxH            tile size in pixels (default 320x180)
      --scale S             pixels per point (default: tile width ÷ 640)
      -y, --overwrite       replace OUTPUT if it exists

    example:
      animvid sheet --scene dot-grid dot-grid.png
    """

    static func run(_ arguments: [String]) throws(CLIError) {
        var args = Arguments(arguments, command: "sheet")
        if args.wantsHelp {
            print(help)
            return
        }
        // The span shown is the clip's length: a scene file's shots fill it.
        var chosen = try args.clipChoices()
        chosen.seconds = try args.option("--seconds").map { text throws(CLIError) in try Parse.number(text, option: "--seconds", range: 0.001...3600) }
        let options = try ResolvedClip.resolve(chosen, command: "sheet", defaultSize: PixelSize(width: 320, height: 180), defaultScale: { Double($0) / 640 })
        let seconds = options.clip.seconds ?? options.scene.cycle
        let frames = try args.option("--frames").map { text throws(CLIError) in try Parse.integer(text, option: "--frames", range: 1...200) } ?? 12
        let columns = try args.option("--columns").map { text throws(CLIError) in try Parse.integer(text, option: "--columns", range: 1...50) } ?? 4
        let overwrite = args.flag("-y", "--overwrite")
        let output = try StillCommand.singleOutput(args, command: "sheet", extensions: [".png"])
        try OutputPath.checkWritable(output, overwrite: overwrite)
        let timeline = try options.timeline(duration: seconds + 1)
        let times = ContactSheet.times(count: frames, seconds: seconds)
        guard let sheet = ContactSheet.render(timeline, times: times, columns: columns, tileWidth: options.width,
                                              tileHeight: options.height, scale: options.scale) else {
            throw .usage("--size: the sheet would be too large")
        }
        do {
            try StillImage.writePNG(sheet, to: output, replacing: overwrite)
        } catch {
            throw .runtime("writing \(output) failed: \(error)")
        }
    }
}
