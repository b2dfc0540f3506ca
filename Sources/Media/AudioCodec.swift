/// The audio codecs animvid encodes with.
public enum AudioCodec: String, Sendable, CaseIterable {
    case aac, opus, flac

    /// The codecs `container` holds, its default first (none for formats without sound).
    public static func codecs(in container: Container) -> [AudioCodec] {
        switch container {
        case .mp4, .mov: [.aac]
        case .webm: [.opus]
        case .mkv: [.opus, .flac]
        case .gif, .apng, .webp, .pngSequence, .raw: []
        }
    }

    /// libavcodec's encoder name.
    var encoder: String {
        switch self {
        case .aac: "aac"
        case .opus: "libopus"
        case .flac: "flac"
        }
    }
}
