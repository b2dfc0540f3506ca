/// The containers animvid writes, chosen by the output's extension.
public enum Container: String, Sendable, CaseIterable {
    case mp4, webm, mov, mkv, gif
    /// Animated PNG and animated WebP: pictures every browser shows, transparency included, as
    /// an `<img>` (Safari shows no WebM alpha).
    case apng, webp
    /// Numbered PNG files from a pattern such as `frames/%05d.png`.
    case pngSequence = "png"
    /// Raw RGBA frames, one after another (`-` for standard output, or a `.rgba` file).
    case raw = "rgba"

    /// The container for an output path, or nil when the extension is not one animvid writes.
    public init?(path: String) {
        let lower = path.lowercased()
        if path == "-" || lower.hasSuffix(".rgba") { self = .raw; return }
        if lower.hasSuffix(".png") {
            guard path.contains("%") else { return nil }
            self = .pngSequence
            return
        }
        guard let dot = lower.lastIndex(of: "."), let container = Container(rawValue: String(lower[lower.index(after: dot)...])),
              container != .pngSequence, container != .raw else { return nil }
        self = container
    }

    /// The codecs the container holds, the default first.
    public var codecs: [VideoCodec] {
        switch self {
        case .mp4: [.h264, .hevc, .av1]
        case .webm: [.vp9, .vp8, .av1]
        case .mov: [.prores, .h264]
        case .mkv: [.ffv1]
        case .gif: [.gif]
        case .apng: [.apng]
        case .webp: [.webp]
        case .pngSequence: [.png]
        case .raw: [.rawRGBA]
        }
    }

    /// libavformat's muxer name.
    var muxer: String? {
        switch self {
        case .mp4: "mp4"
        case .webm: "webm"
        case .mov: "mov"
        case .mkv: "matroska"
        case .gif: "gif"
        case .apng: "apng"
        case .webp: "webp"
        case .pngSequence: "image2"
        case .raw: nil
        }
    }

    /// The extensions users write, for messages.
    public static let extensions = ".mp4, .webm, .mov, .mkv, .gif, .apng, .webp, a .png pattern such as frames/%05d.png, .rgba or -"

    /// Whether the file is an animated picture made from every frame at once (a GIF's palette,
    /// an APNG's or WebP's frames): a session keeps its segments lossless and makes it when
    /// they are joined.
    public var isMadeWhole: Bool { [.gif, .apng, .webp].contains(self) }
}

/// The video codecs animvid encodes with, and what each can do.
public enum VideoCodec: String, Sendable, CaseIterable {
    /// The codec called `name` on the command line or in a preset (any case; `raw` for raw RGBA).
    public init?(named name: String) {
        if name == "raw" {
            self = .rawRGBA
        } else {
            self.init(rawValue: name.lowercased())
        }
    }

    case h264, hevc, av1, vp9, vp8, prores, ffv1, gif, png, apng, webp
    case rawRGBA = "rawvideo"

    /// libavcodec's encoder name; AV1 uses SVT-AV1.
    var encoder: String {
        switch self {
        case .h264: "libx264"
        case .hevc: "libx265"
        case .av1: "libsvtav1"
        case .vp9: "libvpx-vp9"
        case .vp8: "libvpx"
        case .prores: "prores_ks"
        case .ffv1: "ffv1"
        case .gif: "gif"
        case .png: "png"
        case .apng: "apng"
        case .webp: "libwebp_anim"
        case .rawRGBA: "rawvideo"
        }
    }

    /// Whether the codec can carry transparency.
    public var carriesAlpha: Bool {
        switch self {
        case .vp9, .vp8, .prores, .ffv1, .gif, .png, .apng, .webp, .rawRGBA: true
        case .h264, .hevc, .av1: false
        }
    }

    /// The pixel formats `--pix-fmt` may choose, the default (opaque) first.
    public var pixelFormats: [String] {
        switch self {
        case .h264, .hevc: ["yuv420p", "yuv444p"]
        case .av1: ["yuv420p"]
        case .vp9: ["yuv420p", "yuv444p"]
        case .vp8: ["yuv420p"]
        case .prores: ["yuv422p10le", "yuv444p10le"]
        case .ffv1: ["bgr0"]
        case .gif: ["pal8"]
        case .png, .apng, .rawRGBA: ["rgba"]
        case .webp: ["yuv420p"]
        }
    }

    /// The pixel format used when the frames have transparency.
    var alphaPixelFormat: String {
        switch self {
        case .vp9, .vp8, .webp: "yuva420p"
        case .prores: "yuva444p10le"
        case .ffv1: "bgra"
        default: pixelFormats[0]
        }
    }

    /// Whether the pixel format subsamples chroma 4:2:0, which needs even sizes.
    static func needsEvenSize(_ pixelFormat: String) -> Bool { pixelFormat.contains("420") }

    /// Whether the codec takes a constant rate factor.
    public var takesCRF: Bool { [.h264, .hevc, .av1, .vp9, .vp8].contains(self) }

    /// The default constant rate factor: visually lossless for marketing clips.
    public var defaultCRF: Int? {
        switch self {
        case .h264: 18
        case .hevc: 20
        case .av1: 28
        case .vp9: 24
        case .vp8: 10
        default: nil
        }
    }

    /// The CRF range the encoder accepts.
    public var crfRange: ClosedRange<Int> {
        switch self {
        case .av1: 1...63
        case .vp9, .vp8: 0...63
        default: 0...51
        }
    }

    /// The default speed preset, as the encoder names it.
    public var defaultPreset: String? {
        switch self {
        case .h264, .hevc: "medium"
        case .av1: "8"
        case .vp9, .vp8: "4"
        default: nil
        }
    }

    /// The speed presets the encoder accepts, for checking before it runs; nil when it has none.
    public var presets: [String]? {
        switch self {
        case .h264, .hevc: ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]
        case .av1: (0...13).map(String.init)
        case .vp9: (-8...8).map(String.init)
        case .vp8: (-16...16).map(String.init)
        default: nil
        }
    }

}
