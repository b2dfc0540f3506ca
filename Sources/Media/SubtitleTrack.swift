/// Captions as a soft subtitle track beside the video, which a player shows or hides: MPEG-4
/// timed text (`mov_text`) in MP4 and MOV, WebVTT in WebM, SubRip in MKV.
public struct SubtitleTrack: Hashable, Sendable {
    /// A caption's text and when it shows, in seconds of the clip.
    public struct Cue: Hashable, Sendable {
        public var start: Double, end: Double
        public var text: String

        /// Shows `text` from `start` up to `end`.
        public init(start: Double, end: Double, text: String) {
            (self.start, self.end, self.text) = (start, end, text)
        }
    }

    public var cues: [Cue]
    /// For an output of part of a clip (frames A–B): the seconds of the clip before its first
    /// frame (its cues move earlier by them, those before it are left out).
    public var clipOffset = 0.0

    /// A track of `cues`.
    public init(cues: [Cue]) {
        self.cues = cues
    }

    /// The subtitle encoder `container` holds, or why it holds none.
    public static func encoder(in container: Container) throws(MediaError) -> String {
        switch container {
        case .mp4, .mov: "mov_text"
        case .webm: "webvtt"
        case .mkv: "subrip"
        default: throw MediaError("a \(container == .pngSequence ? "PNG sequence" : container.rawValue.uppercased()) has no subtitle track; write .mp4, .mov, .webm or .mkv")
        }
    }
}
