import Animation
import Documents
import Foundation
import Jobs
import Geometry
import Media
import Pipeline
import Scenes

/// `animvid encode`: renders a scene and encodes it to a video file.
enum EncodeCommand {
    static var help: String { """
    usage: animvid encode --scene NAME [options] OUTPUT
           animvid encode --scene-file FILE.json [options] OUTPUT
           animvid encode --preset FILE [--set KEY=VALUE]... [options] [OUTPUT]

    Renders a built-in scene (or a scene file) frame by frame and encodes it. The output's
    extension picks the format; the file appears at OUTPUT only when it is complete.

      .mp4   h264 (default, libx264), hevc (libx265, tagged hvc1), av1 (SVT-AV1)
      .webm  vp9 (default), vp8, av1          alpha with vp9/vp8 (yuva420p)
      .mov   prores (default: 422 HQ, 4444 with alpha), h264
      .mkv   ffv1 (lossless RGB, alpha kept)
      .gif   palette made for the whole clip, ordered dither, loops for ever, alpha kept
      NAME%05d.png   a PNG sequence with alpha      -  or  NAME.rgba   raw RGBA frames

    A preset (JSON, see docs/presets.md) gives the scene, its knobs, size, rate, length and one or
    more outputs, rendered once and encoded to each. Options on the command line win over the
    preset; --set KEY=VALUE changes any field (params.color=#FF0000, outputs.0.crf=20); an OUTPUT
    replaces the preset's outputs. Several outputs are written in one piece (not as a session).

    options:
    \(ResolvedClip.help)
    \(ClipOption.help([.clip]))
      --frames A-B          only frames A to B (0-based, inclusive) of the clip
    \(ClipOption.help([.output]))
      --threads N           render threads (default: one per core)
      --encoder-threads N   the encoder's threads (default 0: chosen from the cores, as ffmpeg
                            does); a fixed count gives the same pictures on every machine
      --progress MODE       tty (default on a terminal), json (a JSON line per update), none
      -y, --overwrite       replace OUTPUT if it exists (otherwise a file there is refused, even
                            one that appears while the encode runs)
      --fresh               discard an unfinished session of OUTPUT and start again
      --no-session          encode in one piece, not resumable
      --segment-seconds S   seconds of video a session segment (default 2)
      --shard I/N           render only shard I (from 0) of N: its share of the session's
                            segments, then any no other shard has claimed, into the session
                            beside OUTPUT (a shared folder for many machines); auto or auto/N
                            reads Slurm's, Kubernetes' or GNU parallel's task number
      --join                with --shard: the shard that finds every segment done joins them
                            (otherwise: animvid join OUTPUT). See docs/cluster.md
      -q, --quiet           print nothing but errors

    Sessions: a file output is encoded in segments journaled in .OUTPUT.animvid/ beside it. If
    the encode stops (Ctrl-C, kill, a full disk, a reboot), running the same command again
    resumes where it stopped; a changed command starts afresh and says why. See animvid sessions,
    animvid resume OUTPUT and animvid abandon OUTPUT.

    examples:
      animvid encode --scene loader --seconds 4 out.mp4
      animvid encode --scene spinner-dots --background transparent -y spinner.webm
      animvid encode --scene marquee --param direction=up --codec hevc --crf 22 -y marquee.mp4
    """ }

    /// Everything one encode needs, read from its arguments and checked.
    struct Plan {
        var options: ResolvedClip
        var settings: EncoderSettings
        var fps: FrameRate
        var frames: Range<Int>
        var frameCount: Int
        /// The scene time of frame 0.
        var start: Double
        var output: String
        var resumable: Bool
        /// Replace a file at the output path (-y).
        var overwrite: Bool
        var fresh: Bool
        var segmentSeconds: Double
        /// The share this process renders of a sharded session, and whether it may join.
        var shard: Shard?
        var joins: Bool
        var threads: Int
        var progressMode: String
        var quiet: Bool
        /// The command as given, without --fresh, for `animvid resume`.
        var arguments: [String]
    }

    static func run(_ arguments: [String]) throws(CLIError) {
        if arguments.contains(where: { $0 == "--preset" || $0.hasPrefix("--preset=") }) {
            try PresetEncode.run(arguments)
            return
        }
        if Arguments(arguments, command: "encode").wantsHelp {
            print(help)
            return
        }
        try execute(plan(arguments))
    }

    /// How an encode runs, beside what it renders and writes: the flags presets do not set.
    struct RunOptions {
        var frames: Range<Int>?
        var threads = 0
        var encoderThreads = 0
        var progressMode = "tty"
        var overwrite = false
        var fresh = false
        var noSession = false
        var segmentSeconds = 2.0
        var shard: Shard?
        var joins = false
        var quiet = false

        init(_ args: inout Arguments) throws(CLIError) {
            frames = try args.option("--frames").map { text throws(CLIError) in try parseRange(text) }
            threads = try args.option("--threads").map { text throws(CLIError) in try Parse.integer(text, option: "--threads", range: 1...256) } ?? 0
            encoderThreads = try args.option("--encoder-threads").map { text throws(CLIError) in
                try Parse.integer(text, option: "--encoder-threads", range: 0...64)
            } ?? 0
            progressMode = try args.option("--progress") ?? "tty"
            guard ["tty", "json", "none"].contains(progressMode) else { throw .usage("--progress: '\(progressMode)' is not tty, json or none") }
            overwrite = args.flag("-y", "--overwrite")
            fresh = args.flag("--fresh")
            noSession = args.flag("--no-session")
            segmentSeconds = try args.option("--segment-seconds").map { text throws(CLIError) in
                try Parse.number(text, option: "--segment-seconds", range: 0.1...600)
            } ?? 2
            shard = try args.option("--shard").map { text throws(CLIError) in try ShardOption.parse(text) }
            joins = args.flag("--join")
            quiet = args.flag("-q", "--quiet")
            if joins && shard == nil { throw .usage("--join joins a sharded encode: give --shard too (or run animvid join OUTPUT)") }
            if shard != nil && noSession { throw .usage("--shard renders a share of a session: it cannot go with --no-session") }
            if shard != nil && fresh { throw .usage("--shard: --fresh would discard the other shards' work; animvid abandon OUTPUT does that first") }
        }
    }

    /// Reads and checks an encode's arguments; refuses an existing output without --overwrite.
    static func plan(_ arguments: [String], resuming: Resumption? = nil) throws(CLIError) -> Plan {
        var args = Arguments(arguments, command: "encode")
        let clip = try args.timedClipChoices()
        let choices = try args.outputChoices()
        var run = try RunOptions(&args)
        resuming?.restrict(&run)
        let positionals = try args.positionals()
        guard positionals.count == 1, let output = positionals.first else {
            throw .usage(positionals.isEmpty ? "encode needs an output file, e.g. out.mp4"
                                             : "encode takes one output file, got \(positionals.count): \(positionals.joined(separator: " "))")
        }
        try resuming?.check(output)
        return try plan(clip: clip, output: choices, file: output, run: run, arguments: arguments)
    }

    /// The plans of an encode's arguments: one, or a preset's outputs.
    static func plans(_ arguments: [String], resuming: Resumption? = nil) throws(CLIError) -> [Plan] {
        if arguments.contains(where: { $0 == "--preset" || $0.hasPrefix("--preset=") }) {
            return try PresetEncode.plans(arguments, resuming: resuming)
        }
        return [try plan(arguments, resuming: resuming)]
    }

    /// `animvid resume OUTPUT`: a session's journal read as data to check, not instructions to
    /// follow. Its arguments may write only the output the user named, as a session, and replace
    /// a file there only when the resume command itself says `-y`.
    struct Resumption {
        /// The output named on the resume command line, as an absolute path.
        let output: String
        /// `-y` given to `animvid resume`.
        let overwrite: Bool

        /// The run options of the journal's arguments with what only the user may choose
        /// replaced: overwriting, and how the output is written (a session, whole).
        func restrict(_ run: inout RunOptions) {
            run.overwrite = overwrite
            run.fresh = false
            run.noSession = false
            run.shard = nil
            run.joins = false
        }

        /// Refuses an output that is not the one being resumed.
        func check(_ file: String) throws(CLIError) {
            guard file != "-", PresetLoader.sameFile(file, output) else {
                throw .usage("resume: the session journal names the output \(file == "-" ? "standard output" : file), not \(output); "
                             + "animvid resumes only the output it is given (animvid abandon OUTPUT deletes the session)")
            }
        }
    }

    /// The plan for writing `output` as `choices` say, of the clip `clip` chooses (the command
    /// line's or a preset's, built the same way).
    static func plan(clip: ClipChoices, output choices: OutputChoices, file output: String, run: RunOptions,
                     arguments: [String]) throws(CLIError) -> Plan {
        let options = try ResolvedClip.resolve(clip, command: "encode")
        let clip = options.clip.overriding(ClipChoices.defaults)
        guard let fps = clip.frameRate, var seconds = clip.seconds else { throw .usage("encode needs a frame rate and a length") }
        var start = clip.start ?? 0
        if clip.loop == true {
            // A whole number of cycles from one cycle in: what the first cycle builds up is there.
            let cycle = options.scene.cycle
            guard cycle > 0, cycle.isFinite else { throw .usage("--loop: the scene has no cycle to loop") }
            seconds = max((seconds / cycle).rounded(), 1) * cycle
            start = clip.start ?? cycle
            let frames = seconds * fps.value
            if abs(frames - frames.rounded()) > 1e-6 {
                FileHandle.standardError.write(Data(("warning: --loop: \(JSON.exact(seconds)) s of whole cycles is \(frames) frames at \(fps) fps, "
                                                     + "not a whole number: the loop closes to within a frame\n").utf8))
            }
        }
        guard let container = Container(path: output) else {
            throw .usage("\(output): animvid writes \(Container.extensions)")
        }
        var settings: EncoderSettings
        do {
            settings = try choices.encoderSettings(container: container, width: options.width, height: options.height, frameRate: fps,
                                                   alpha: options.settings.hasTransparentBackground)
        } catch {
            throw .usage("\(error.flag): \(error.message)")
        }
        settings.encoderThreads = run.encoderThreads
        let frameCount = fps.frameCount(seconds: seconds)
        settings.audio = try soundtrack(clip.audio, container: container)
        guard frameCount >= 1 else { throw .usage("--seconds: \(seconds) s at \(fps) fps is less than one frame") }
        let frames = run.frames ?? 0..<frameCount
        guard frames.upperBound <= frameCount else {
            throw .usage("--frames: the clip has frames 0-\(frameCount - 1) (\(seconds) s at \(fps) fps)")
        }
        if run.frames != nil {
            settings.audio?.clipOffset = fps.time(ofFrame: frames.lowerBound)
            settings.audio?.clipLength = fps.time(ofFrame: frameCount)
        }
        let resumable = output != "-" && container != .pngSequence && !run.noSession
        if run.shard != nil && !resumable { throw .usage("--shard: \(output) cannot be shared out (standard output and PNG sequences are written in one piece)") }
        if container == .pngSequence {
            guard ImageSequence.fileName(URL(fileURLWithPath: output).lastPathComponent, frame: 1) != nil,
                  let first = ImageSequence.fileName(output, frame: 1) else {
                throw .usage("\(output): a PNG sequence needs exactly one frame number such as %05d in its file name (%% for a percent sign)")
            }
            try checkName(of: first)
            try checkFolder(of: first)
            if !run.overwrite, let taken = (1...frames.count).lazy.compactMap({ ImageSequence.fileName(output, frame: $0) })
                .first(where: OutputFile.isTaken) {
                throw .usage("\(taken) already exists; pass -y or --overwrite to replace the sequence")
            }
        } else if output != "-" {
            // Resuming a session too: a file at the output path is the user's, not the session's,
            // unless the session itself put it there and was stopped before it cleaned up.
            try checkWritable(output, overwrite: run.overwrite || (resumable && FinishedOutput.of(output: output) != nil))
        }
        return Plan(options: options, settings: settings, fps: fps, frames: frames, frameCount: frameCount, start: start, output: output,
                    resumable: resumable, overwrite: run.overwrite, fresh: run.fresh, segmentSeconds: run.segmentSeconds, shard: run.shard,
                    joins: run.joins, threads: run.threads, progressMode: run.progressMode, quiet: run.quiet, arguments: commonArguments(arguments))
    }

    /// The soundtrack `audio` chooses for a `container` output, its file checked (it opens,
    /// has audio, and lasts past the start) before anything is rendered.
    static func soundtrack(_ audio: AudioChoices, container: Container) throws(CLIError) -> AudioTrack? {
        guard !audio.isEmpty, audio.off != true else { return nil }
        guard let track = audio.track else { throw .usage("--audio-start, --audio-fade-in, … set up a soundtrack: give it with --audio FILE") }
        do {
            _ = try track.resolvedCodec(in: container)
            for warning in try track.check() { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
        } catch {
            throw .usage("--audio: \(error)")
        }
        return track
    }

    /// The command's arguments without those that differ between runs of one session
    /// (--fresh) or between its shards (--shard, --join), for `animvid resume` and `animvid join`.
    static func commonArguments(_ arguments: [String]) -> [String] {
        var kept: [String] = []
        var skipsValue = false
        for argument in arguments {
            if skipsValue {
                skipsValue = false
            } else if argument == "--shard" {
                skipsValue = true
            } else if argument != "--fresh" && argument != "--join" && !argument.hasPrefix("--shard=") {
                kept.append(argument)
            }
        }
        return kept
    }

    /// The job a plan runs.
    static func job(_ plan: Plan) throws(CLIError) -> EncodeJob {
        let timeline = try plan.options.timeline(duration: plan.start + plan.fps.time(ofFrame: plan.frames.upperBound))
        var job = EncodeJob(timeline: timeline, settings: plan.settings, scale: plan.options.scale, frameCount: plan.frameCount, outputPath: plan.output)
        job.frames = plan.frames
        job.startTime = plan.start
        job.renderThreads = plan.threads
        job.overwrite = plan.overwrite
        job.stop = Interruption.stopFlag()
        return job
    }

    /// The session request of a plan's job.
    static func sessionRequest(_ plan: Plan, job: EncodeJob) -> SegmentedEncode.Request {
        var request = SegmentedEncode.Request(job: job, identity: identity(plan.options, plan.settings, start: plan.start), arguments: plan.arguments,
                                              directory: FileManager.default.currentDirectoryPath)
        request.fresh = plan.fresh
        request.segmentSeconds = plan.segmentSeconds
        return request
    }

    /// Renders and encodes a plan: a session for files, in one piece otherwise.
    static func execute(_ plan: Plan) throws(CLIError) {
        let output = plan.output
        let (resumable, quiet, progressMode) = (plan.resumable, plan.quiet, plan.progressMode)
        let job = try job(plan)
        let terminal = progressMode == "tty" && !quiet && output != "-"
        let progress = ProgressReporter(mode: quiet || progressMode == "none" ? .none : progressMode == "json" ? .json : (terminal ? .terminal : .none),
                                        label: output, shard: plan.shard)
        let log = { (message: String) in
            progress.finish()
            if !quiet { FileHandle.standardError.write(Data((message + "\n").utf8)) }
        }
        do {
            let summary: EncodeSummary
            if let shard = plan.shard {
                let start = DispatchTime.now()
                let outcome = try ShardedEncode.run(sessionRequest(plan, job: job), shard: shard, join: plan.joins, log: log) { progress.update($0) }
                progress.finish()
                if let joined = outcome.joined {
                    if !quiet { reportWritten(plan, bytes: joined.bytes, seconds: joined.wallSeconds) }
                } else {
                    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
                    let next = outcome.finishedSegments < outcome.segmentCount ? (plan.joins ? "the shard that finishes last joins them" : "then animvid join \(output)")
                        : (plan.joins ? "another shard is joining them" : "animvid join \(output) writes it")
                    log("shard \(shard): encoded \(outcome.encodedSegments) segment\(outcome.encodedSegments == 1 ? "" : "s") (\(outcome.encodedFrames) frames) in \(String(format: "%.1f", seconds)) s; "
                        + "\(outcome.finishedSegments) of \(outcome.segmentCount) segments of \(output) are done; \(next)")
                }
                return
            }
            if resumable {
                summary = try SegmentedEncode.run(sessionRequest(plan, job: job), log: log, progress: { progress.update($0) })
            } else {
                summary = try EncodePipeline.run(job) { progress.update($0) }
            }
            progress.finish()
            if !quiet && output != "-" { reportWritten(plan, bytes: summary.bytes, seconds: summary.wallSeconds) }
        } catch let stopped as EncodeStopped {
            progress.finish()
            throw .interrupted(resumable ? "\(stopped)" : "interrupted: \(output) was not written (without a session nothing is kept)",
                               signal: stopped.signal)
        } catch {
            progress.finish()
            // The other process's session is not ours to promise.
            let busy = (error as? OutputError)?.isBusy ?? false
            let keptFrames = resumable && !busy ? SessionJournal.load(from: Session.folder(for: output))?.keptFrames ?? 0 : 0
            let kept = keptFrames > 0 ? "; the finished part is kept: run the same command to resume" : ""
            throw .runtime("encoding \(output) failed: \(error)\(kept)")
        }
    }

    /// The summary line of a finished output.
    static func reportWritten(_ plan: Plan, bytes: Int, seconds: Double) {
        let duration = String(format: "%.3f", plan.fps.time(ofFrame: plan.frames.count))
        let size = bytes > 0 ? ", \((bytes + 512) / 1024) KiB" : ""
        let line = "wrote \(plan.output): \(plan.settings.resolvedCodec.rawValue) \(plan.settings.resolvedPixelFormat) "
            + "\(plan.options.width)x\(plan.options.height) \(plan.fps) fps, \(plan.frames.count) frames, \(duration) s\(size) "
            + "in \(String(format: "%.1f", seconds)) s\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Everything that decides the frames and the bitstream, by name, for the session key.
    static func identity(_ options: ResolvedClip, _ s: EncoderSettings, start: Double) -> [String: String] {
        var identity: [String: String] = [
            "animvid": version, "scene": options.scene.name, "size": "\(options.width)x\(options.height)", "start": String(start),
            "scale": String(options.scale), "fps": s.frameRate.description, "container": s.container.rawValue,
            "codec": s.resolvedCodec.rawValue, "pixel format": s.resolvedPixelFormat, "alpha": String(s.alpha),
            "crf": s.crf.map(String.init) ?? "-", "bitrate": s.bitrate.map(String.init) ?? "-", "preset": s.preset ?? "-",
            "keyint": s.keyframeInterval.map(String.init) ?? "-", "title": s.title ?? "-", "comment": s.comment ?? "-",
            "encoder threads": String(s.encoderThreads),
        ]
        for (name, value) in options.settings.assignments { identity["param " + name] = value.text }
        for (name, checksum) in options.inputChecksums { identity[name] = checksum }
        return identity
    }

    /// `A-B`, inclusive, 0-based.
    static func parseRange(_ text: String) throws(CLIError) -> Range<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0 else {
            throw .usage("--frames: '\(text)' is not a range A-B of frame numbers, e.g. 0-59")
        }
        guard b >= a else { throw .usage("--frames: \(text) ends before it begins (frame \(b) comes before frame \(a))") }
        return a..<(b + 1)
    }

    /// Refuses an existing output without --overwrite, and a folder that cannot be written.
    static func checkWritable(_ output: String, overwrite: Bool) throws(CLIError) {
        try checkName(of: output)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: output, isDirectory: &isFolder) {
            if isFolder.boolValue { throw .usage("\(output) is a folder, not a file") }
            if !overwrite { throw .usage("\(output) already exists; pass -y or --overwrite to replace it") }
        } else if !overwrite, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: output) {
            // A link to nothing is still a name taken: -y replaces the link, never what it names.
            throw .usage("\(output) already exists (a symbolic link to \(target), which does not exist); pass -y or --overwrite to replace the link")
        }
        try checkFolder(of: output)
    }

    /// Refuses a file name longer than file systems take.
    static func checkName(of output: String) throws(CLIError) {
        let name = URL(fileURLWithPath: output).lastPathComponent
        guard name.utf8.count <= OutputFile.longestName else {
            throw .usage("\(name.prefix(40))…: a file name is at most \(OutputFile.longestName) bytes; this one is \(name.utf8.count)")
        }
    }

    static func checkFolder(of output: String) throws(CLIError) {
        let folder = URL(fileURLWithPath: output).deletingLastPathComponent().path
        guard FileManager.default.isWritableFile(atPath: folder) else {
            throw .runtime("cannot write to the folder \(folder)")
        }
    }
}
