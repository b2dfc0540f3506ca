import Documents
/// A preset: a scene with its knobs, the clip's size, rate and length, and one or more outputs,
/// every value checked and typed. Read from JSON by `PresetLoader`; every field is documented
/// in docs/presets.md.
public struct Preset: Sendable {
    /// One file to write, with how it is encoded.
    public struct Output: Sendable, Equatable {
        /// The path to write; its extension picks the container.
        public var file: String
        /// How this output is encoded.
        public var choices: OutputChoices

        /// An output to `file`, encoded with `choices`.
        public init(file: String, choices: OutputChoices = OutputChoices()) {
            self.file = file
            self.choices = choices
        }
    }

    /// The scene, its knobs and the clip, with every field set (the preset's or the default).
    public var clip: ClipChoices
    /// The files to write, all from one rendering of the clip.
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
