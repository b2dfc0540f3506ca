/// What the encoder stage needs to know to write a video: size, rate, container, codec and its
/// quality knobs. `validated()` fills in the defaults and refuses combinations that cannot work.
public struct EncoderSettings: Hashable, Sendable {
    /// Frame width in pixels.
    public var width: Int
    /// Frame height in pixels.
    public var height: Int
    /// Frames a second.
    public var frameRate: FrameRate
    /// The file format (the output's extension picks it).
    public var container: Container = .mp4
    /// nil: the container's default codec.
    public var codec: VideoCodec?
    /// Constant rate factor; nil: the codec's default (`VideoCodec.defaultCRF`).
    public var crf: Int?
    /// Target bits a second instead of a constant quality.
    public var bitrate: Int?
    /// The encoder's speed preset (x264/x265 names, VP9 cpu-used, SVT-AV1 preset number).
    public var preset: String?
    /// Frames between key frames; nil: the encoder's default.
    public var keyframeInterval: Int?
    /// nil: the codec's default, or its alpha format when `alpha` is set.
    public var pixelFormat: String?
    /// Whether the frames have transparency to keep.
    public var alpha = false
    /// How many times an animated picture (GIF, APNG, WebP) plays; 0 for ever, nil: for ever.
    public var plays: Int?
    /// WebP's quality, 0…100 (with `lossless`, how hard it compresses); nil: 80.
    public var quality: Int?
    /// WebP: lossless instead of lossy.
    public var lossless = false
    /// A GIF's dither and which frames its palettes are made from.
    public var gifDither = GIFDither.bayer, gifPalette = GIFPalette.clip
    /// A transparent GIF's matte: partly transparent pixels are blended over it and drawn opaque.
    public var matte: MatteColor?
    /// The container's `title` metadata.
    public var title: String?
    /// The container's `comment` metadata.
    public var comment: String?
    /// The clip's sound, mixed and encoded once for the whole clip when the video is complete
    /// (MP4, MOV, WebM and MKV only).
    public var audio: AudioMix?
    /// Captions muxed as a soft subtitle track when the video is complete (MP4, MOV, WebM, MKV).
    public var subtitles: SubtitleTrack?
    /// Whether tracks beside the video (sound, subtitles) are added once its frames are encoded.
    public var hasSideTracks: Bool { audio != nil || subtitles != nil }
    /// MP4 and MOV: put the index before the media data (off for a session's segments, which
    /// are joined into a faststart file at the end).
    public var faststart = true
    /// The encoder's own threads; 0 lets the encoder choose from the number of cores (as the
    /// ffmpeg tool does). The encoders are deterministic for a given count, but different counts
    /// give slightly different pictures, so tests that compare decoded frames with golden hashes
    /// made on another machine fix it (1).
    public var encoderThreads = 0

    /// The default CRF of H.264.
    public static let defaultCRF = 18

    /// Settings for `width` × `height` pixels at `frameRate`, everything else at its default.
    public init(width: Int, height: Int, frameRate: FrameRate) {
        self.width = width
        self.height = height
        self.frameRate = frameRate
    }

    /// The codec in use: the chosen one or the container's default.
    public var resolvedCodec: VideoCodec { codec ?? container.codecs[0] }

    /// The pixel format in use (a lossless WebP's is BGRA: libwebp would convert YUV back).
    public var resolvedPixelFormat: String {
        if lossless && resolvedCodec == .webp { return "bgra" }
        return pixelFormat ?? (alpha ? resolvedCodec.alphaPixelFormat : resolvedCodec.pixelFormats[0])
    }

    /// Whether the frames are encoded as YUV (tagged BT.709, limited range) rather than RGB.
    var isYUV: Bool { resolvedPixelFormat.hasPrefix("yuv") }

    /// The settings with every default filled in, or an error naming the setting that cannot
    /// work and the valid choices.
    public func validated() throws(EncoderSettingsError) -> EncoderSettings {
        func problem(_ setting: EncoderSettingsError.Setting, _ message: String) -> EncoderSettingsError {
            EncoderSettingsError(setting: setting, message: message)
        }
        var s = self
        let codec = resolvedCodec
        guard container.codecs.contains(codec) else {
            throw problem(.codec, "\(container.rawValue) cannot hold \(codec.rawValue); choose one of: \(container.codecs.map(\.rawValue).joined(separator: ", "))")
        }
        s.codec = codec
        if alpha && !codec.carriesAlpha {
            throw problem(.alpha, "\(codec.rawValue) cannot carry transparency; for an alpha channel use .webm (vp9, vp8), .mov (prores), .mkv (ffv1), .gif, .apng, .webp, a .png pattern or .rgba")
        }
        if let pixelFormat {
            let alphaFormats = codec.carriesAlpha && !codec.pixelFormats.contains(codec.alphaPixelFormat) ? [codec.alphaPixelFormat] : []
            let losslessFormats = lossless && codec == .webp ? ["bgra"] : []
            let allowed = codec.pixelFormats + alphaFormats + losslessFormats
            guard allowed.contains(pixelFormat) else {
                throw problem(.pixelFormat, "\(codec.rawValue) takes \(allowed.joined(separator: ", ")), not \(pixelFormat)")
            }
        }
        s.pixelFormat = resolvedPixelFormat
        if VideoCodec.needsEvenSize(s.resolvedPixelFormat) && (width % 2 != 0 || height % 2 != 0) {
            let even = "\(width + width % 2)x\(height + height % 2)"
            throw problem(.size, "\(width)x\(height) has an odd side, which \(s.resolvedPixelFormat) cannot hold; use an even size such as \(even)")
        }
        if let crf {
            guard codec.takesCRF else { throw problem(.crf, "\(codec.rawValue) takes no constant quality (crf)") }
            guard codec.crfRange.contains(crf) else {
                throw problem(.crf, "\(crf) is out of range for \(codec.rawValue) (\(codec.crfRange.lowerBound)…\(codec.crfRange.upperBound))")
            }
        } else if bitrate == nil {
            s.crf = codec.defaultCRF
        }
        if crf != nil && bitrate != nil {
            throw problem(.bitrate, "a constant quality (crf) and a bitrate are alternatives; give one")
        }
        if let preset {
            guard let presets = codec.presets else { throw problem(.preset, "\(codec.rawValue) takes no encoder preset") }
            guard presets.contains(preset) else {
                let numeric = presets.allSatisfy { Int($0) != nil }
                let choices = numeric ? "\(presets.first ?? "")…\(presets.last ?? "")" : presets.joined(separator: ", ")
                throw problem(.preset, "\(preset) is not one of \(codec.rawValue)'s: \(choices)")
            }
        }
        if s.preset == nil { s.preset = codec.defaultPreset }
        if plays != nil && !codec.takes(.plays) {
            throw problem(.plays, "only an animated picture (.gif, .apng, .webp) has a play count; a video plays as its player says")
        }
        if quality != nil && !codec.takes(.quality) { throw problem(.quality, "only WebP takes a quality (0…100); for video use a crf or a bitrate") }
        if lossless && !codec.takes(.lossless) { throw problem(.lossless, "only WebP is lossless on request; FFV1 (.mkv), PNG and APNG always are") }
        if (gifDither != .bayer || gifPalette != .clip) && !codec.takes(.gif) { throw problem(.gif, "only a GIF has a palette to choose a dither or palettes for") }
        if matte != nil && (!codec.takes(.matte) || !alpha) {
            throw problem(.matte, "a matte blends a transparent GIF's soft edges over the page's colour; this output is \(codec != .gif ? "not a GIF" : "opaque")")
        }
        return s
    }
}

/// Encoder settings that cannot work together: the setting at fault and why, with the choices.
public struct EncoderSettingsError: Error, CustomStringConvertible, Equatable {
    /// The settings a user chooses, which an error can point at.
    public enum Setting: Sendable, Equatable {
        case codec, alpha, pixelFormat, size, crf, bitrate, preset, plays, quality, lossless, gif, matte, subtitles
    }

    /// The setting at fault.
    public let setting: Setting
    /// Why, with the valid choices.
    public let message: String

    /// The `setting` at fault, and why.
    public init(setting: Setting, message: String) {
        (self.setting, self.message) = (setting, message)
    }

    public var description: String { message }
}

extension VideoCodec {
    /// Whether an output of this codec takes the setting at all: a play count an animated
    /// picture's, a quality and losslessness WebP's, a dither, palettes and a matte a GIF's,
    /// a subtitle track a movie's (MP4, WebM, MOV, MKV). The settings every codec has (size,
    /// rate control, …) are checked by their ranges instead.
    public func takes(_ setting: EncoderSettingsError.Setting) -> Bool {
        switch setting {
        case .plays: [.gif, .apng, .webp].contains(self)
        case .quality, .lossless: self == .webp
        case .gif, .matte: self == .gif
        case .subtitles: ![.gif, .apng, .webp, .png, .rawRGBA].contains(self)
        case .codec, .alpha, .pixelFormat, .size, .crf, .bitrate, .preset: true
        }
    }
}
