import Animation
import Foundation
import Geometry
import Media
import Pipeline
import Scenes

/// `animvid encode`: renders a scene and encodes it to a video file.
enum EncodeCommand {
    static let help = """
    usage: animvid encode --scene NAME [options] OUTPUT.mp4

    Renders a built-in scene frame by frame and encodes it to an MP4 (H.264, yuv420p, BT.709).
    The file appears at OUTPUT only when it is complete. Sizes must be even (4:2:0 chroma).

    options:
    \(SceneOptions.help)
      --seconds S        clip length in seconds (default 4); the clip has round(S × fps) frames
      --fps RATE         frame rate: 30, 60, 29.97 or 30000/1001 (default 30)
      --crf N            x264 quality, 0 (lossless) … 51, lower is better (default 18)
      --threads N        render threads (default: one per core)
      -y, --overwrite    replace OUTPUT if it exists (otherwise an existing file is refused)
      -q, --quiet        print nothing but errors
      -h, --help         show this help

    example:
      animvid encode --scene loader --seconds 4 out.mp4
      animvid encode --scene marquee --param direction=up --param speed=1 -y marquee.mp4
    """

    static func run(_ arguments: [String]) throws(CLIError) {
        var args = Arguments(arguments, command: "encode")
        if args.wantsHelp {
            print(help)
            return
        }
        let options = try SceneOptions(&args)
        let seconds = try args.option("--seconds").map { text throws(CLIError) in
            try Parse.number(text, option: "--seconds", range: 0.001...3600)
        } ?? 4
        let fps = try args.option("--fps").map { text throws(CLIError) in try parseFrameRate(text) } ?? FrameRate(numerator: 30)!
        let size = (width: options.width, height: options.height)
        let crf = try args.option("--crf").map { text throws(CLIError) in
            try Parse.integer(text, option: "--crf", range: EncoderSettings.crfRange)
        } ?? EncoderSettings.defaultCRF
        let threads = try args.option("--threads").map { text throws(CLIError) in
            try Parse.integer(text, option: "--threads", range: 1...256)
        } ?? 0
        let overwrite = args.flag("-y", "--overwrite")
        let quiet = args.flag("-q", "--quiet")
        let positionals = try args.positionals()
        guard positionals.count == 1, let output = positionals.first else {
            throw .usage(positionals.isEmpty ? "encode needs an output file, e.g. out.mp4"
                                             : "encode takes one output file, got \(positionals.count): \(positionals.joined(separator: " "))")
        }
        guard output.lowercased().hasSuffix(".mp4") else {
            throw .usage("\(output): the output must be an .mp4 file")
        }
        guard size.width % 2 == 0, size.height % 2 == 0 else {
            let even = "\(size.width + size.width % 2)x\(size.height + size.height % 2)"
            throw .usage("--size: \(size.width)x\(size.height) has an odd side, which 4:2:0 video cannot hold; use an even size such as \(even)")
        }
        let frameCount = fps.frameCount(seconds: seconds)
        guard frameCount >= 1 else { throw .usage("--seconds: \(seconds) s at \(fps) fps is less than one frame") }
        try checkWritable(output, overwrite: overwrite)

        let timeline = try options.timeline(duration: fps.time(ofFrame: frameCount))
        var settings = EncoderSettings(width: size.width, height: size.height, frameRate: fps)
        settings.crf = crf
        var job = EncodeJob(timeline: timeline, settings: settings, scale: options.scale, frameCount: frameCount, outputPath: output)
        job.renderThreads = threads
        let progress = ProgressLine(enabled: !quiet, label: output)
        do {
            let summary = try EncodePipeline.run(job) { progress.update($0) }
            progress.finish()
            if !quiet {
                let duration = String(format: "%.3f", fps.time(ofFrame: frameCount))
                let kilobytes = (summary.bytes + 512) / 1024
                print("wrote \(output): h264 \(size.width)x\(size.height) \(fps) fps, \(summary.frames) frames, \(duration) s, \(kilobytes) KiB in \(String(format: "%.1f", summary.wallSeconds)) s")
            }
        } catch {
            progress.finish()
            throw .runtime("encoding \(output) failed: \(error)")
        }
    }

    static func parseFrameRate(_ text: String) throws(CLIError) -> FrameRate {
        guard let rate = FrameRate(parsing: text) else {
            throw .usage("--fps: '\(text)' is not a frame rate; write 30, 29.97 or 30000/1001")
        }
        guard rate.value >= 1, rate.value <= 240 else { throw .usage("--fps: \(text) is out of range (1…240)") }
        return rate
    }

    /// Refuses an existing output without --overwrite, and a folder that cannot be written.
    static func checkWritable(_ output: String, overwrite: Bool) throws(CLIError) {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: output, isDirectory: &isFolder) {
            if isFolder.boolValue { throw .usage("\(output) is a folder, not a file") }
            if !overwrite { throw .usage("\(output) already exists; pass -y or --overwrite to replace it") }
        }
        let folder = URL(fileURLWithPath: output).deletingLastPathComponent().path
        guard manager.isWritableFile(atPath: folder) else {
            throw .runtime("cannot write to the folder \(folder)")
        }
    }
}
