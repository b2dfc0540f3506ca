import Documents
import Foundation
import Jobs
import Media
import Pipeline
import Scenes

/// `animvid encode --preset FILE`: a preset's outputs, rendered once. Flags on the command line
/// come after the preset's own settings, so they win; `--set KEY=VALUE` changes any field.
enum PresetEncode {
    static func run(_ arguments: [String]) throws(CLIError) {
        let plans = try plans(arguments)
        guard plans.count > 1 else {
            if let plan = plans.first { try EncodeCommand.execute(plan) }
            return
        }
        try executeTogether(plans)
    }

    /// The plans of a preset's outputs, read from an encode's arguments; `resuming` holds a
    /// resumed session to its own output (`EncodeCommand.Resumption`).
    static func plans(_ arguments: [String], resuming: EncodeCommand.Resumption? = nil) throws(CLIError) -> [EncodeCommand.Plan] {
        var args = Arguments(arguments, command: "encode")
        guard let path = try args.option("--preset") else { throw .usage("--preset needs a file") }
        let overrides = try args.options("--set")
        let preset = try load(path, overrides: overrides)
        for warning in preset.warnings { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
        let clip = try args.timedClipChoices().overriding(preset.clip)
        let choices = try args.outputChoices()
        var run = try EncodeCommand.RunOptions(&args)
        resuming?.restrict(&run)
        let positionals = try args.positionals()
        guard positionals.count <= 1 else {
            throw .usage("encode --preset takes at most one output file (it replaces the preset's outputs), got: \(positionals.joined(separator: " "))")
        }
        return try outputs(of: preset, replacedBy: positionals.first).map { output throws(CLIError) in
            try resuming?.check(output.file)
            let codec = choices.codec ?? output.choices.codec ?? Container(path: output.file)?.codecs.first
            return try EncodeCommand.plan(clip: clip, output: choices.overriding(output.choices, codec: codec), file: output.file,
                                          run: run, arguments: arguments)
        }
    }

    /// Loads a preset with its `--set` overrides; every error in it is a usage error.
    static func load(_ path: String, overrides: [String]) throws(CLIError) -> Preset {
        do {
            return try PresetLoader.load(path: path, overrides: overrides, decodeImage: ResolvedClip.decodeSceneImage)
        } catch {
            throw .usage("\(error)")
        }
    }

    /// The preset's outputs, or the one file given on the command line instead: it keeps the
    /// first output's settings when it is of the same container, its title and comment otherwise.
    static func outputs(of preset: Preset, replacedBy file: String?) -> [Preset.Output] {
        guard let file, let first = preset.outputs.first else { return preset.outputs }
        guard Container(path: file) == Container(path: first.file) else {
            var choices = OutputChoices()
            (choices.title, choices.comment) = (first.choices.title, first.choices.comment)
            return [Preset.Output(file: file, choices: choices)]
        }
        return [Preset.Output(file: file, choices: first.choices)]
    }

    /// Several outputs of one scene, size and rate: rendered once, encoded to each.
    static func executeTogether(_ plans: [EncodeCommand.Plan]) throws(CLIError) {
        guard let first = plans.first else { return }
        let timeline = try first.options.timeline(duration: first.start + first.fps.time(ofFrame: first.frames.upperBound))
        var job = EncodeJob(timeline: timeline, settings: first.settings, scale: first.options.scale,
                            frameCount: first.frameCount, outputPath: first.output)
        job.frames = first.frames
        job.startTime = first.start
        job.renderThreads = first.threads
        job.overwrite = first.overwrite
        job.stop = Interruption.stopFlag()
        // Straight alpha for all when any output keeps transparency (opaque codecs ignore it).
        job.settings.alpha = plans.contains { $0.settings.alpha }
        let label = plans.map(\.output).joined(separator: ", ")
        let progress = ProgressReporter(mode: first.quiet || first.progressMode == "none" ? .none : first.progressMode == "json" ? .json : .terminal,
                                        label: label)
        do {
            let summary = try EncodePipeline.run(job, outputs: plans.map { ($0.output, $0.settings) }) { progress.update($0) }
            progress.finish()
            if !first.quiet { for plan in plans { EncodeCommand.reportWritten(plan, bytes: OutputFile.size(of: plan.output), seconds: summary.wallSeconds) } }
        } catch let stopped as EncodeStopped {
            progress.finish()
            throw .interrupted("interrupted: \(label) not written (several outputs are written in one piece, not as a session)", signal: stopped.signal)
        } catch {
            progress.finish()
            throw .runtime("encoding \(label) failed: \(error)")
        }
    }
}
