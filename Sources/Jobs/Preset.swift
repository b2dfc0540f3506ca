import Documents
/// A preset: a scene with its knobs, the clip's size, rate and length, and one or more outputs,
/// every value checked and typed. Read from JSON by `PresetLoader`; every field is documented
/// in docs/presets.md.
public struct Preset: Sendable {
    /// One file to write, with how it is encoded and the frame it gives itself.
    public struct Output: Sendable, Equatable {
        /// The path to write; its extension picks the container.
        public var file: String
        /// How this output is encoded.
        public var choices: OutputChoices
        /// What this output chooses of the clip over the preset's: its size, scale and frame
        /// rate (each nil when it keeps the preset's).
        public var clip: ClipChoices

        /// An output to `file`, encoded with `choices`, of the preset's clip with `clip`'s choices.
        public init(file: String, choices: OutputChoices = OutputChoices(), clip: ClipChoices = ClipChoices()) {
            self.file = file
            self.choices = choices
            self.clip = clip
        }
    }

    /// The scene, its knobs and the clip, with every field set (the preset's or the default).
    public var clip: ClipChoices
    /// The files to write; outputs of one size, scale and rate share one rendering of the clip.
    public var outputs: [Output]
    /// What was read as usable but not as written (a scene name changed to fit a file name).
    public var warnings: [String] = []
}

extension Preset {
    /// Loads the preset at `path` with its `--set` overrides (written in `overridesFile`, a
    /// batch's table; nil: on the command line) for rendering (the pictures of a scene file it
    /// names decoded); every error in it is a usage error naming the place.
    public static func load(_ path: String, overrides: [String], overridesFile: String? = nil) throws(JobError) -> Preset {
        do {
            return try PresetLoader.load(path: path, overrides: overrides, overridesFile: overridesFile, decodeImage: ResolvedClip.decodeSceneImage)
        } catch {
            throw .usage("\(error)")
        }
    }
}

extension Preset {
    /// The clip as the outputs' frames make it (their own size, scale and rate over the
    /// preset's), each distinct one once, in the order of the outputs.
    public var frames: [ClipChoices] {
        var frames: [ClipChoices] = []
        for output in outputs {
            let frame = output.clip.overriding(clip)
            if !frames.contains(frame) { frames.append(frame) }
        }
        return frames
    }

    /// Builds the scene for each of the outputs' frames, so that every file an encode would
    /// open is opened, and returns what it cannot show as given (text that does not fit its
    /// box at that size), a line each, naming the size when the outputs have several.
    public func checkScenes(command: String) throws(JobError) -> [String] {
        var warnings = self.warnings
        let frames = self.frames
        for frame in frames {
            let resolved = try ResolvedClip(frame, command: command)
            _ = try resolved.timeline(duration: min(frame.seconds ?? 1, 1))
            let size = frames.count > 1 ? "at \(resolved.width)x\(resolved.height): " : ""
            for warning in try resolved.sceneWarnings() where !warnings.contains(size + warning) { warnings.append(size + warning) }
            for warning in resolved.warnings where !warnings.contains(warning) { warnings.append(warning) }
        }
        return warnings
    }
}
