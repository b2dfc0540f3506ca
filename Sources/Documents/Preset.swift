import Foundation

/// A preset: a scene with its knobs, the clip's size, rate and length, and one or more outputs.
/// Read from JSON by `PresetLoader`; every field is documented in docs/presets.md.
public struct Preset: Sendable {
    /// One file to write, with its encoder settings (nil: the format's default).
    public struct Output: Sendable, Equatable {
        public var file: String
        public var codec: String?
        public var crf: Int?
        public var bitrate: String?
        public var encoderPreset: String?
        public var keyint: Int?
        public var pixelFormat: String?
        public var title: String?
        public var comment: String?

        /// An output to `file` with the default settings of its container.
        public init(file: String) { self.file = file }
    }

    /// The scene's name: a built-in scene, or the name of the scene file below.
    public var scene: String
    /// The scene file's path, when the preset names one (`scene-file`).
    public var sceneFile: String?
    /// Knob values as written, in file order.
    public var params: [(name: String, value: String)]
    public var width: Int
    public var height: Int
    public var scale: Double
    /// As written: `30`, `29.97` or `30000/1001`.
    public var fps: String
    public var seconds: Double
    /// `transparent` or `#RRGGBB[AA]`; nil keeps the scene's.
    public var background: String?
    public var outputs: [Output]
}
