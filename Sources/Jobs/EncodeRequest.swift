import Foundation
import Media
import Pipeline
import Sessions

/// One encode as it is asked for: what to render (a built-in scene, a scene file or a Lottie
/// file, or a preset with its `--set` changes), how to write it, and how to run. The command
/// line builds one from its arguments, a Swift program builds one directly, and a session's
/// journal keeps one, so that resuming an encode is planning its request again.
public struct EncodeRequest: Sendable, Equatable {
    /// A preset file and the `KEY=VALUE` changes made to it.
    public struct PresetSource: Sendable, Equatable, Codable {
        /// The preset file.
        public var path: String
        /// `KEY=VALUE` changes, as `--set` gives them.
        public var overrides: [String]
        /// The file the changes are written in (a batch's table), which relative paths in them
        /// start from; nil: the command line's (the working folder).
        public var overridesFile: String?

        /// The preset at `path` with `overrides` made, written in `overridesFile` (nil: on the
        /// command line).
        public init(path: String, overrides: [String] = [], overridesFile: String? = nil) {
            self.path = path
            self.overrides = overrides
            self.overridesFile = overridesFile
        }
    }

    /// The preset the clip and outputs start from; nil: the choices alone say what to render.
    public var preset: PresetSource?
    /// The clip and output options chosen here, over the preset's.
    public var choices: EncodeChoices
    /// The file to write; with a preset, it replaces the preset's outputs (nil: the preset's).
    public var file: String?
    /// How the encode runs.
    public var run: RunOptions

    /// A request to render what `choices` say into `file`.
    public init(_ choices: EncodeChoices, file: String?, preset: PresetSource? = nil, run: RunOptions = RunOptions()) {
        self.choices = choices
        self.file = file
        self.preset = preset
        self.run = run
    }
}

/// How an encode runs, beside what it renders and writes: what presets do not set.
public struct RunOptions: Sendable, Equatable, Codable {
    /// Only these frames of the clip (nil: all).
    public var frames: Range<Int>?
    /// Render threads (0: one per core).
    public var threads = 0
    /// The encoder's threads (0: chosen from the cores, as ffmpeg does).
    public var encoderThreads = 0
    /// Replace a file at the output path.
    public var overwrite = false
    /// Discard an unfinished session of the output and start again.
    public var fresh = false
    /// Encode in one piece, not as a resumable session.
    public var noSession = false
    /// Seconds of video a session segment.
    public var segmentSeconds = 2.0
    /// The share this process renders of a sharded session.
    public var shard: Shard?
    /// With a shard: the shard that finds every segment done joins them.
    public var joins = false

    /// The defaults: every frame, a session for files, no shard.
    public init() {}

    /// Refuses combinations that cannot run.
    public func check() throws(JobError) {
        if joins && shard == nil { throw .usage("--join joins a sharded encode: give --shard too (or run animvid join OUTPUT)") }
        if shard != nil && noSession { throw .usage("--shard renders a share of a session: it cannot go with --no-session") }
        if shard != nil && fresh { throw .usage("--shard: --fresh would discard the other shards' work; animvid abandon OUTPUT does that first") }
    }
}

extension EncodeRequest: Codable {
    private enum CodingKeys: String, CodingKey {
        case preset, scene, sceneFile = "scene-file", params, options, file, run
    }

    /// The choices are written option by option as `ClipOption.all` names them, each value as
    /// the command line writes it, and read back through the same checks.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(preset, forKey: .preset)
        switch choices.clip.scene {
        case .named(let name)?: try container.encode(name, forKey: .scene)
        case .file(let path)?: try container.encode(path, forKey: .sceneFile)
        case nil: break
        }
        try container.encode(choices.clip.params, forKey: .params)
        var options: [String: String] = [:]
        for option in ClipOption.all {
            if let text = option.text(in: choices) { options[option.key] = text }
        }
        try container.encode(options, forKey: .options)
        try container.encodeIfPresent(file, forKey: .file)
        try container.encode(run, forKey: .run)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var choices = EncodeChoices()
        if let name = try container.decodeIfPresent(String.self, forKey: .scene) { choices.clip.scene = .named(name) }
        if let path = try container.decodeIfPresent(String.self, forKey: .sceneFile) { choices.clip.scene = .file(path) }
        choices.clip.params = try container.decode([String].self, forKey: .params)
        for (key, text) in try container.decode([String: String].self, forKey: .options) {
            guard let option = ClipOption.all.first(where: { $0.key == key }) else {
                throw DecodingError.dataCorruptedError(forKey: .options, in: container, debugDescription: "no option \(key)")
            }
            do {
                try option.apply(text: text, to: &choices)
            } catch {
                throw DecodingError.dataCorruptedError(forKey: .options, in: container, debugDescription: "\(key): \(error.message)")
            }
        }
        self.init(choices, file: try container.decodeIfPresent(String.self, forKey: .file),
                  preset: try container.decodeIfPresent(PresetSource.self, forKey: .preset),
                  run: try container.decode(RunOptions.self, forKey: .run))
    }
}
