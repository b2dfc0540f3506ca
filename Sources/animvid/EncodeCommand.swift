import Foundation
import Jobs
import Pipeline
import Sessions
import Synchronization

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
      .gif   palette made for the whole clip (--gif-palette frame: one a frame), ordered dither
             (--gif-dither), alpha kept (--matte COLOR: soft edges over the page's colour)
      .apng  animated PNG, lossless with alpha     .webp  animated WebP (--quality, --lossless,
             alpha kept): all three loop for ever (--plays N) and show transparent as an <img>
             in Safari, Chrome and Firefox
      NAME%05d.png   a PNG sequence with alpha      -  or  NAME.rgba   raw RGBA frames

    A preset (JSON, see docs/presets.md) gives the scene, its knobs, size, rate, length and one or
    more outputs (written beside the preset: a path in a file is relative to that file), rendered
    once for each size and rate and encoded to each. Options on the command line win over the
    preset; --set KEY=VALUE changes any field (params.color=#FF0000, outputs.0.crf=20); an OUTPUT
    (relative to the working folder) replaces the preset's outputs. Several outputs are written
    in one piece (not as a session).

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

    static func run(_ arguments: [String]) throws(CLIError) {
        if Arguments(arguments, command: "encode").wantsHelp {
            print(help)
            return
        }
        var args = Arguments(arguments, command: "encode")
        let (request, display) = try args.encodeRequest()
        let positionals = try args.positionals()
        if request.preset != nil {
            guard positionals.count <= 1 else {
                throw .usage("encode --preset takes at most one output file (it replaces the preset's outputs), got: \(positionals.joined(separator: " "))")
            }
        } else {
            guard positionals.count == 1 else {
                throw .usage(positionals.isEmpty ? "encode needs an output file, e.g. out.mp4"
                                                 : "encode takes one output file, got \(positionals.count): \(positionals.joined(separator: " "))")
            }
        }
        var located = request
        located.file = positionals.first
        try execute(located, display: display)
    }

    /// Plans and runs a request: one output, or a preset's several rendered once.
    static func execute(_ request: EncodeRequest, display: ProgressDisplay) throws(CLIError) {
        let plans = try request.plans(warn: warn)
        guard plans.count > 1 else {
            if let plan = plans.first { try execute(plan, display: display) }
            return
        }
        let progress = display.reporter(label: plans.map(\.output).joined(separator: ", "), onTerminal: true)
        defer { progress.finish() }
        let written = try EncodePlan.executeTogether(plans, stop: Interruption.stopFlag(), progress: progress.update)
        progress.finish()
        if !display.quiet { written.forEach(report) }
    }

    /// Renders and encodes a plan: a session for files, in one piece otherwise.
    static func execute(_ plan: EncodePlan, display: ProgressDisplay) throws(CLIError) {
        let progress = display.reporter(label: plan.output, shard: plan.run.shard, onTerminal: plan.output != "-")
        defer { progress.finish() }
        let log = { (message: String) in
            progress.finish()
            if !display.quiet { FileHandle.standardError.write(Data((message + "\n").utf8)) }
        }
        switch try plan.execute(stop: Interruption.stopFlag(), log: log, progress: progress.update) {
        case .written(let written):
            progress.finish()
            if !display.quiet && plan.output != "-" { report(written) }
        case .shard(_, let summary):
            log(summary)
        }
    }

    /// Writes a warning line on standard error, once a process: a batch's rows, checked before
    /// any is rendered, have had theirs shown (`noteShown`).
    static func warn(_ warning: String) {
        guard shownWarnings.withLock({ $0.insert(warning).inserted }) else { return }
        FileHandle.standardError.write(Data("warning: \(warning)\n".utf8))
    }

    /// Records warnings shown another way, so that `warn` does not repeat them.
    static func noteShown(_ warnings: [String]) {
        shownWarnings.withLock { $0.formUnion(warnings) }
    }

    private static let shownWarnings = Mutex(Set<String>())

    /// The summary line of a finished output.
    static func report(_ written: WrittenOutput) {
        FileHandle.standardError.write(Data((written.description + "\n").utf8))
    }
}

/// How an encode's progress is shown: `--progress` and `-q`, the command line's own choices
/// (a resumed or batch encode takes them from its own command).
struct ProgressDisplay {
    /// tty, json or none.
    var mode = "tty"
    var quiet = false

    /// The reporter for an encode of `label`; `onTerminal`: a tty mode draws on a terminal.
    func reporter(label: String, shard: Shard? = nil, onTerminal: Bool) -> ProgressReporter {
        let terminal = mode == "tty" && onTerminal
        return ProgressReporter(mode: quiet || mode == "none" ? .none : mode == "json" ? .json : (terminal ? .terminal : .none), label: label, shard: shard)
    }
}

extension Arguments {
    /// An encode's request as its flags give it (`--preset` and `--set` included, the output
    /// file not), and how its progress is shown.
    mutating func encodeRequest() throws(CLIError) -> (EncodeRequest, ProgressDisplay) {
        var preset: EncodeRequest.PresetSource?
        if let path = try option("--preset") {
            preset = EncodeRequest.PresetSource(path: path, overrides: try options("--set"))
        }
        let choices = EncodeChoices(clip: try timedClipChoices(), output: try outputChoices())
        var run = RunOptions()
        run.frames = try option("--frames").map { text throws(CLIError) in try Self.frameRange(text) }
        run.threads = try option("--threads").map { text throws(CLIError) in try Parse.integer(text, option: "--threads", range: 1...256) } ?? 0
        run.encoderThreads = try option("--encoder-threads").map { text throws(CLIError) in
            try Parse.integer(text, option: "--encoder-threads", range: 0...64)
        } ?? 0
        let display = try progressDisplay()
        run.overwrite = flag("-y", "--overwrite")
        run.fresh = flag("--fresh")
        run.noSession = flag("--no-session")
        run.segmentSeconds = try option("--segment-seconds").map { text throws(CLIError) in
            try Parse.number(text, option: "--segment-seconds", range: 0.1...600)
        } ?? 2
        run.shard = try option("--shard").map { text throws(CLIError) in try ShardOption.parse(text) }
        run.joins = flag("--join")
        try run.check()
        return (EncodeRequest(choices, file: nil, preset: preset, run: run), display)
    }

    /// `--progress MODE` and `-q`.
    mutating func progressDisplay() throws(CLIError) -> ProgressDisplay {
        var display = ProgressDisplay()
        display.mode = try option("--progress") ?? "tty"
        guard ["tty", "json", "none"].contains(display.mode) else { throw .usage("--progress: '\(display.mode)' is not tty, json or none") }
        display.quiet = flag("-q", "--quiet")
        return display
    }

    /// `A-B`, inclusive, 0-based.
    static func frameRange(_ text: String) throws(CLIError) -> Range<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0 else {
            throw .usage("--frames: '\(text)' is not a range A-B of frame numbers, e.g. 0-59")
        }
        guard b >= a else { throw .usage("--frames: \(text) ends before it begins (frame \(b) comes before frame \(a))") }
        return a..<(b + 1)
    }
}
