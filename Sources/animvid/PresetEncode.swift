import Documents
import Foundation
import Media
import Pipeline
import Scenes

/// `animvid encode --preset FILE`: a preset's outputs, rendered once. Flags on the command line
/// come after the preset's own settings, so they win; `--set KEY=VALUE` changes any field.
enum PresetEncode {
    static func run(_ arguments: [String]) throws(CLIError) {
        var args = Arguments(arguments, command: "encode")
        guard let path = try args.option("--preset") else { throw .usage("--preset needs a file") }
        let overrides = try args.options("--set")
        let preset: Preset
        do {
            preset = try PresetLoader.load(path: path, overrides: overrides, decodeImage: SceneOptions.decodeSceneImage)
        } catch {
            throw .usage("\(error)")
        }
        // Rate control on the command line replaces the preset's, in the outputs that take it.
        let userCRF = try args.option("--crf")
        let userBitrate = try args.option("--bitrate")
        var flags = args.unread
        var outputs = preset.outputs
        // An output on the command line replaces the preset's outputs: it keeps the first one's
        // settings when it is of the same container, its title and comment otherwise.
        if let index = Arguments.lastPositionalIndex(in: flags), let first = outputs.first {
            let file = flags.remove(at: index)
            var output = first
            if Container(path: file) != Container(path: first.file) {
                output = Preset.Output(file: file)
                (output.title, output.comment) = (first.title, first.comment)
            }
            output.file = file
            outputs = [output]
        }
        let plans = try outputs.map { output throws(CLIError) in
            var output = output
            if userCRF != nil || userBitrate != nil { (output.crf, output.bitrate) = (nil, nil) }
            var rate: [String] = []
            if let userCRF, Self.codec(of: output)?.takesCRF ?? true { rate += ["--crf", userCRF] }
            if let userBitrate { rate += ["--bitrate", userBitrate] }
            return try EncodeCommand.plan(encodeArguments(for: preset, output: output) + rate + flags + [output.file])
        }
        guard plans.count > 1 else {
            if let plan = plans.first { try EncodeCommand.execute(plan) }
            return
        }
        try executeTogether(plans)
    }

    /// The codec an output will be written with, when its file and codec name one.
    static func codec(of output: Preset.Output) -> VideoCodec? {
        output.codec.flatMap(VideoCodec.init(rawValue:)) ?? Container(path: output.file)?.codecs.first
    }

    /// The encode arguments a preset output stands for.
    static func encodeArguments(for preset: Preset, output: Preset.Output) -> [String] {
        var a = preset.sceneFile.map { ["--scene-file", $0] } ?? ["--scene", preset.scene]
        a += ["--size", "\(preset.width)x\(preset.height)", "--scale", String(preset.scale),
                 "--fps", preset.fps, "--seconds", String(preset.seconds)]
        if let background = preset.background { a += ["--background", background] }
        for (name, value) in preset.params { a += ["--param", "\(name)=\(value)"] }
        if let v = output.codec { a += ["--codec", v] }
        if let v = output.crf { a += ["--crf", String(v)] }
        if let v = output.bitrate { a += ["--bitrate", v] }
        if let v = output.encoderPreset { a += ["--encoder-preset", v] }
        if let v = output.keyint { a += ["--keyint", String(v)] }
        if let v = output.pixelFormat { a += ["--pix-fmt", v] }
        if let v = output.title { a += ["--title", v] }
        if let v = output.comment { a += ["--comment", v] }
        return a
    }

    /// Several outputs of one scene, size and rate: rendered once, encoded to each.
    static func executeTogether(_ plans: [EncodeCommand.Plan]) throws(CLIError) {
        guard let first = plans.first else { return }
        let timeline = try first.options.timeline(duration: first.fps.time(ofFrame: first.frames.upperBound))
        var job = EncodeJob(timeline: timeline, settings: first.settings, scale: first.options.scale,
                            frameCount: first.frameCount, outputPath: first.output)
        job.frames = first.frames
        job.renderThreads = first.threads
        job.stop = Interruption.stopFlag()
        // Straight alpha for all when any output keeps transparency (opaque codecs ignore it).
        job.settings.alpha = plans.contains { $0.settings.alpha }
        let label = plans.map(\.output).joined(separator: ", ")
        let progress = ProgressReporter(mode: first.quiet || first.progressMode == "none" ? .none : first.progressMode == "json" ? .json : .terminal,
                                        label: label)
        do {
            let summary = try EncodePipeline.run(job, outputs: plans.map { ($0.output, $0.settings) }) { progress.update($0) }
            progress.finish()
            if !first.quiet { for plan in plans { EncodeCommand.reportWritten(plan, bytes: OutputFile.sizeOf(plan.output), seconds: summary.wallSeconds) } }
        } catch let stopped as EncodeStopped {
            progress.finish()
            throw .interrupted("interrupted: \(label) not written (several outputs are written in one piece, not as a session)", signal: stopped.signal)
        } catch {
            progress.finish()
            throw .runtime("encoding \(label) failed: \(error)")
        }
    }
}
