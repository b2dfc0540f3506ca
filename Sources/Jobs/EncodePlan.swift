import Documents
import Foundation
import Media
import Pipeline

/// The version of animvid, part of every session's identity.
public let animvidVersion = "0.1.0"

/// One output of an encode, planned from its request: the clip found and resolved, the encoder
/// settings checked, the frames to render, and the session identity. Planning reads and checks
/// everything (the scene, pictures, the soundtrack, the output path) before a frame is drawn.
public struct EncodePlan {
    /// The request as a session journal keeps it (without what differs between runs of one
    /// session or between its shards: `fresh`, `shard`, `joins`).
    public let request: EncodeRequest
    /// The scene, its knobs, size and scale.
    public let clip: ResolvedClip
    /// The encoder's settings, checked.
    public let settings: EncoderSettings
    /// Frames a second.
    public let fps: FrameRate
    /// The frames rendered, of `frameCount` in the whole clip.
    public let frames: Range<Int>
    public let frameCount: Int
    /// The scene time of frame 0.
    public let start: Double
    /// The file written (`-` for standard output).
    public let output: String
    /// Whether the output is written as a resumable session.
    public let resumable: Bool
    /// How the encode runs.
    public let run: RunOptions
    /// Everything that decides the frames and the bitstream, by name: the session's key.
    public let identity: [String: String]
}

/// What `resume` may do with a request a session's journal holds: write only the output the
/// user named, as a session, and replace a file there only when the user says so.
public struct Resumption: Sendable {
    /// The output being resumed.
    public let output: String
    /// Whether the user allows replacing a file at the output.
    public let overwrite: Bool

    /// A resumption of `output`, replacing a file there only with `overwrite`.
    public init(output: String, overwrite: Bool) {
        self.output = output
        self.overwrite = overwrite
    }

    /// The run options with what only the user may choose replaced: overwriting, and how the
    /// output is written (a session, whole).
    func restrict(_ run: inout RunOptions) {
        run.overwrite = overwrite
        run.fresh = false
        run.noSession = false
        run.shard = nil
        run.joins = false
    }

    /// Refuses an output that is not the one being resumed.
    func check(_ file: String) throws(JobError) {
        guard file != "-", PresetLoader.sameFile(file, output) else {
            throw .usage("resume: the session journal names the output \(file == "-" ? "standard output" : file), not \(output); "
                         + "animvid resumes only the output it is given (animvid abandon OUTPUT deletes the session)")
        }
    }
}

extension EncodeRequest {
    /// The plans of the request's outputs: one, or a preset's. `resuming` holds a resumed
    /// session to its own output; `warn` gets what is used but not as written, a line each (once,
    /// however many outputs it concerns).
    public func plans(resuming: Resumption? = nil, warn show: (String) -> Void) throws(JobError) -> [EncodePlan] {
        var shown = Set<String>()
        func warn(_ warning: String) { if shown.insert(warning).inserted { show(warning) } }
        var run = self.run
        resuming?.restrict(&run)
        try run.check()
        guard let preset else {
            guard let file else { throw .usage("encode needs an output file, e.g. out.mp4") }
            try resuming?.check(file)
            return [try plan(clip: choices.clip, output: choices.output, file: file, run: run, warn: warn)]
        }
        let loaded = try Preset.load(preset.path, overrides: preset.overrides, overridesFile: preset.overridesFile)
        loaded.warnings.forEach(warn)
        return try Self.outputs(of: loaded, replacedBy: file).map { output throws(JobError) in
            try resuming?.check(output.file)
            let codec = choices.output.codec ?? output.choices.codec ?? Container(path: output.file)?.codecs.first
            // The command line's choices over the output's own frame over the preset's clip.
            return try plan(clip: choices.clip.overriding(output.clip.overriding(loaded.clip)), output: choices.output.overriding(output.choices, codec: codec),
                            file: output.file, run: run, warn: warn)
        }
    }

    /// The preset's outputs, or the one file given instead: it keeps the first output's
    /// settings (and frame) when it is of the same container, its title and comment otherwise.
    static func outputs(of preset: Preset, replacedBy file: String?) -> [Preset.Output] {
        guard let file, let first = preset.outputs.first else { return preset.outputs }
        guard Container(path: file) == Container(path: first.file) else {
            var choices = OutputChoices()
            (choices.title, choices.comment) = (first.choices.title, first.choices.comment)
            return [Preset.Output(file: file, choices: choices)]
        }
        return [Preset.Output(file: file, choices: first.choices, clip: first.clip)]
    }

    /// The plan for writing `output` as `choices` say, of the clip `clip` chooses.
    func plan(clip chosen: ClipChoices, output choices: OutputChoices, file output: String, run: RunOptions,
              warn: (String) -> Void) throws(JobError) -> EncodePlan {
        let resolved = try ResolvedClip(chosen, command: "encode")
        resolved.warnings.forEach(warn)
        try resolved.sceneWarnings().forEach(warn)
        var clip = resolved.clip.overriding(ClipChoices.defaults)
        guard let fps = clip.frameRate, var seconds = clip.seconds else { throw .usage("encode needs a frame rate and a length") }
        var start = clip.start ?? 0
        if clip.loop == true {
            // A whole number of cycles from one cycle in: what the first cycle builds up is there.
            let cycle = resolved.cycle
            guard cycle > 0, cycle.isFinite else { throw .usage("--loop: the scene has no cycle to loop") }
            seconds = max((seconds / cycle).rounded(), 1) * cycle
            start = clip.start ?? cycle
            let frames = seconds * fps.value
            if abs(frames - frames.rounded()) > 1e-6 {
                warn("--loop: \(JSON.exact(seconds)) s of whole cycles is \(frames) frames at \(fps) fps, "
                     + "not a whole number: the loop closes to within a frame")
            }
        }
        guard let container = Container(path: output) else {
            throw .usage("\(output): animvid writes \(Container.extensions)")
        }
        var settings: EncoderSettings
        do {
            settings = try choices.encoderSettings(container: container, width: resolved.width, height: resolved.height, frameRate: fps,
                                                   alpha: resolved.settings.hasTransparentBackground)
        } catch {
            throw .usage("\(ClipOption.choosing(error.setting).flag): \(error.message)")
        }
        settings.encoderThreads = run.encoderThreads
        let frameCount = fps.frameCount(seconds: seconds)
        settings.audio = try Self.soundtrack(clip.audio, container: container, warn: warn)
        guard frameCount >= 1 else { throw .usage("--seconds: \(seconds) s at \(fps) fps is less than one frame") }
        let frames = run.frames ?? 0..<frameCount
        guard frames.upperBound <= frameCount else {
            throw .usage("--frames: the clip has frames 0-\(frameCount - 1) (\(seconds) s at \(fps) fps)")
        }
        if choices.softCaptions == true {
            guard !resolved.captions.isEmpty else { throw .usage("--soft-captions: give the captions with --captions FILE") }
            do {
                _ = try SubtitleTrack.encoder(in: container)
            } catch {
                throw .usage("--soft-captions: \(error)")
            }
            settings.subtitles = SubtitleTrack(cues: resolved.captions.map { SubtitleTrack.Cue(start: $0.start, end: $0.end, text: $0.text) })
        }
        if run.frames != nil {
            settings.audio?.clipOffset = fps.time(ofFrame: frames.lowerBound)
            settings.audio?.clipLength = fps.time(ofFrame: frameCount)
            settings.subtitles?.clipOffset = fps.time(ofFrame: frames.lowerBound)
        }
        let resumable = output != "-" && container != .pngSequence && !run.noSession
        if run.shard != nil && !resumable { throw .usage("--shard: \(output) cannot be shared out (standard output and PNG sequences are written in one piece)") }
        try OutputPath.check(output, container: container, frames: frames, overwrite: run.overwrite, resumable: resumable)
        (clip.seconds, clip.start) = (seconds, start)
        (clip.size, clip.scale) = (PixelSize(width: resolved.width, height: resolved.height), resolved.scale)
        var stored = self
        (stored.run.fresh, stored.run.shard, stored.run.joins) = (false, nil, false)
        return EncodePlan(request: stored, clip: resolved, settings: settings, fps: fps, frames: frames, frameCount: frameCount, start: start,
                          output: output, resumable: resumable, run: run,
                          identity: Self.identity(resolved, EncodeChoices(clip: clip, output: choices), settings))
    }

    /// Everything that decides the frames and the bitstream, by name, for the session key: each
    /// option that does (`ClipOption.decidesVideo`) as chosen, what the encoder resolves from
    /// them (codec, pixel format), the knobs and the checksums of the inputs.
    static func identity(_ clip: ResolvedClip, _ choices: EncodeChoices, _ s: EncoderSettings) -> [String: String] {
        var identity: [String: String] = [:]
        for option in ClipOption.all where option.decidesVideo { identity[option.key] = option.text(in: choices) ?? "-" }
        identity.merge(["animvid": animvidVersion, "scene": clip.scene.name, "container": s.container.rawValue, "codec": s.resolvedCodec.rawValue,
                        "pixel format": s.resolvedPixelFormat, "alpha": String(s.alpha), "encoder threads": String(s.encoderThreads)]) { $1 }
        for (name, value) in clip.settings.assignments { identity["param " + name] = value.text }
        for (name, checksum) in clip.inputChecksums { identity[name] = checksum }
        return identity
    }

    /// The sound `audio` chooses for a `container` output, each file checked (it opens, has
    /// audio, and lasts past its start) before anything is rendered.
    static func soundtrack(_ audio: AudioChoices, container: Container, warn: (String) -> Void) throws(JobError) -> AudioMix? {
        let mix: AudioMix?
        do {
            mix = try audio.mix()
        } catch {
            throw .usage(error.message)
        }
        guard let mix else { return nil }
        do {
            _ = try mix.resolvedCodec(in: container)
            try mix.check().forEach(warn)
        } catch {
            throw .usage("--audio: \(error)")
        }
        return mix
    }
}
