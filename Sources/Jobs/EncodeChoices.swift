import Animation
import Documents
import Foundation
import Geometry
import Media

/// A frame's size in pixels.
public struct PixelSize: Sendable, Equatable {
    /// Pixels across and down.
    public var width: Int, height: Int

    /// A size of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// What to render, as a user chooses it on the command line or in a preset. Every field is
/// optional: nil means not chosen here, so a weaker source's choice or the default applies.
public struct ClipChoices: Sendable, Equatable {
    /// A built-in scene by name, or a scene file by path.
    public enum SceneSource: Sendable, Equatable {
        case named(String)
        case file(String)

        /// Whether both name the same scene (file paths compared as absolute, standardized paths).
        func isSame(as other: SceneSource?) -> Bool {
            switch (self, other) {
            case let (.named(a), .named(b)?): a == b
            case let (.file(a), .file(b)?):
                URL(fileURLWithPath: a).standardizedFileURL.path == URL(fileURLWithPath: b).standardizedFileURL.path
            default: false
            }
        }
    }

    /// The built-in scene or scene file to render.
    public var scene: SceneSource?
    /// Knob assignments `NAME=VALUE`, applied in order (later ones win).
    public var params: [String] = []
    /// `transparent` or `#RRGGBB[AA]`: the scene's `background` knob.
    public var background: String?
    /// The output's size in pixels.
    public var size: PixelSize?
    /// Pixels per point.
    public var scale: Double?
    /// Frames a second.
    public var frameRate: FrameRate?
    /// The clip's length in seconds.
    public var seconds: Double?
    /// The scene time of the clip's first frame, in seconds.
    public var start: Double?
    /// Whether the clip loops: it starts one cycle in (everything built up) and lasts a whole
    /// number of the scene's cycles, so its last frame flows into its first.
    public var loop: Bool?
    /// The soundtrack.
    public var audio = AudioChoices()
    /// Burned-in captions.
    public var captions = CaptionChoices()
    /// The installed families that draw a Lottie file's fonts, `FAMILY=INSTALLED` pairs
    /// separated by commas (`Century Gothic=Inter`).
    public var fontMap: String?

    /// No choices: every field nil and no knobs.
    public init() {}

    /// The size when none is chosen, in pixels.
    public static let defaultSize = PixelSize(width: 1920, height: 1080)
    /// The scale when none is chosen: 3 pixels a point (a 640x360-point canvas, an @3x iPhone).
    public static let defaultScale = 3.0
    /// The canvas in points when no size or scale is chosen.
    public static var defaultCanvas: Size { Size(Double(defaultSize.width) / defaultScale, Double(defaultSize.height) / defaultScale) }

    /// The frame rate and the length when none is chosen.
    public static let defaultFrameRate = FrameRate(numerator: 30)!, defaultSeconds = 4.0

    /// What a clip is when nothing is chosen: `defaultSize` at `defaultScale`, `defaultFrameRate`,
    /// `defaultSeconds`.
    public static let defaults: ClipChoices = {
        var clip = ClipChoices()
        clip.size = defaultSize
        clip.scale = defaultScale
        clip.frameRate = defaultFrameRate
        clip.seconds = defaultSeconds
        return clip
    }()

    /// These choices over `base`'s: each option chosen here wins (`ClipOption.all` says which
    /// they are); knobs apply after `base`'s, unless this names another scene (knobs belong to
    /// their scene).
    public func overriding(_ base: ClipChoices) -> ClipChoices {
        var merged = EncodeChoices(clip: base)
        if let scene, !scene.isSame(as: base.scene) {
            merged.clip.scene = scene
            merged.clip.params = []
        }
        merged.clip.params += params
        for option in ClipOption.all where option.scope != .output {
            option.copy(from: EncodeChoices(clip: self), to: &merged)
        }
        return merged.clip
    }
}

/// A clip's sound as a user chooses it (`--audio`, `--voice`, `--sounds`, a preset's fields):
/// music, a voice-over that ducks it, sound effects, a loudness. Each field nil when not chosen,
/// so a command line can change one field of a preset's.
public struct AudioChoices: Sendable, Equatable {
    /// The music's file; without one there is no music.
    public var file: String?
    /// Where in the music's file to start, fades in and out (seconds), and a gain in decibels.
    public var start: Double?, fadeIn: Double?, fadeOut: Double?, volume: Double?
    /// Whether a short music file repeats to the clip's length.
    public var loop: Bool?
    /// The voice-over's file, when in the clip it begins (seconds) and its gain in decibels.
    public var voice: String?, voiceAt: Double?, voiceVolume: Double?
    /// The voice-over's fades (seconds, in where it begins and out where it ends) and whether it repeats.
    public var voiceFadeIn: Double?, voiceFadeOut: Double?, voiceLoop: Bool?
    /// How far the music falls under the voice (decibels), over how many seconds, and back.
    public var duck: Double?, duckAttack: Double?, duckRelease: Double?
    /// Sound effects as written: `FILE@SECONDS[:DB]` separated by commas.
    public var sounds: String?
    /// The mix's integrated loudness, in LUFS.
    public var loudness: Double?
    /// The codec; nil: the container's default.
    public var codec: AudioCodec?
    /// true: no sound, whatever the rest says (`--no-audio` over a preset's).
    public var off: Bool?

    /// No sound.
    public init() {}

    /// Whether any field is chosen.
    public var isEmpty: Bool { self == AudioChoices() }

    /// The mix chosen, or nil without music, voice or effects; an error names a choice that
    /// needs a file not given (a music fade without music, ducking without both music and voice).
    public func mix() throws(ValueTextError) -> AudioMix? {
        guard off != true else { return nil }
        var mix = AudioMix()
        if let file {
            var music = AudioTrack(path: file)
            music.start = start ?? 0
            music.fadeIn = fadeIn ?? 0
            music.fadeOut = fadeOut ?? 0
            music.volumeDB = volume ?? 0
            music.loop = loop ?? false
            mix.music = music
        } else if start != nil || fadeIn != nil || fadeOut != nil || volume != nil || loop != nil {
            throw ValueTextError("--audio-start, --audio-fade-in, … set up the music: give it with --audio FILE")
        }
        if let voice {
            var track = AudioTrack(path: voice)
            track.at = voiceAt ?? 0
            track.volumeDB = voiceVolume ?? 0
            (track.fadeIn, track.fadeOut, track.loop, track.endsWithFile) = (voiceFadeIn ?? 0, voiceFadeOut ?? 0, voiceLoop ?? false, true)
            mix.voice = track
        } else if voiceAt != nil || voiceVolume != nil || voiceFadeIn != nil || voiceFadeOut != nil || voiceLoop != nil {
            throw ValueTextError("--voice-at, --voice-volume, … place a voice-over: give it with --voice FILE")
        }
        if (duck ?? 0) > 0 && (mix.music == nil || mix.voice == nil) {
            throw ValueTextError("--duck lowers the music under the voice-over: give both --audio and --voice")
        }
        mix.duckDB = duck ?? 0
        mix.duckAttack = duckAttack ?? mix.duckAttack
        mix.duckRelease = duckRelease ?? mix.duckRelease
        mix.effects = try sounds.map(Self.effects) ?? []
        mix.loudness = loudness
        mix.codec = codec
        if mix.tracks.isEmpty && (loudness != nil || codec != nil || duckAttack != nil || duckRelease != nil) {
            throw ValueTextError("--loudness, --audio-codec and the ducking times shape a sound: give it with --audio, --voice or --sounds")
        }
        return mix.tracks.isEmpty ? nil : mix
    }

    /// The effects `FILE@SECONDS[:DB][:in=S][:out=S][:loop]`, separated by commas, as tracks:
    /// each at its time, with its gain, fades where it begins and ends, repeating with `loop`.
    static func effects(_ text: String) throws(ValueTextError) -> [AudioTrack] {
        let form = "FILE@SECONDS[:DB][:in=S][:out=S][:loop], e.g. whoosh.wav@1.5 or ding.wav@3:-6:out=0.5"
        var tracks: [AudioTrack] = []
        for item in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !item.isEmpty {
            guard let at = item.lastIndex(of: "@") else { throw ValueTextError("\(JSON.quoted(item)): write a sound as \(form)") }
            var track = AudioTrack(path: String(item[..<at]))
            track.endsWithFile = true
            let parts = item[item.index(after: at)...].split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard !track.path.isEmpty, let seconds = Double(parts[0]), startRange.contains(seconds) else {
                throw ValueTextError("\(JSON.quoted(item)): write a sound as \(form), seconds 0 or more")
            }
            track.at = seconds
            for (index, part) in parts.dropFirst().enumerated() {
                if index == 0, let db = Double(part) {
                    guard volumeRange.contains(db) else {
                        throw ValueTextError("\(JSON.quoted(item)): a gain of \(JSON.exact(volumeRange.lowerBound))…\(JSON.exact(volumeRange.upperBound)) dB, not \(part)")
                    }
                    track.volumeDB = db
                } else if part == "loop" {
                    track.loop = true
                } else if part.hasPrefix("in="), let s = Double(part.dropFirst(3)), fadeRange.contains(s) {
                    track.fadeIn = s
                } else if part.hasPrefix("out="), let s = Double(part.dropFirst(4)), fadeRange.contains(s) {
                    track.fadeOut = s
                } else {
                    throw ValueTextError("\(JSON.quoted(item)): \(JSON.quoted(part)) is not a gain, in=S, out=S or loop; write a sound as \(form)")
                }
            }
            tracks.append(track)
        }
        return tracks
    }

    /// The ranges the numbers take.
    public static let startRange = 0.0...86_400, fadeRange = 0.0...3600, volumeRange = -60.0...24, duckRange = 0.0...60,
                      duckTimeRange = 0.01...10, loudnessRange = -50.0...(-5)
}

/// Captions as a user chooses them (`--captions`, a preset's `captions` fields); each field nil
/// when not chosen.
public struct CaptionChoices: Sendable, Equatable {
    /// The SubRip or WebVTT file.
    public var file: String?
    /// The style's fields as written: font, size (percent), colours, placement, lines, width.
    public var font: String?, size: Double?, color: String?, highlight: String?, box: String?, placement: String?
    public var lines: Int?, width: Double?

    /// No captions.
    public init() {}

    /// The style chosen over the default one; an error names the option whose colour is malformed.
    public func style() throws(ValueTextError) -> CaptionStyle {
        func parsed(_ text: String, _ flag: String) throws(ValueTextError) -> Color {
            guard let parsed = Color(hex: text) else { throw ValueTextError("\(flag): \(JSON.quoted(text)) is not a colour; write #RRGGBB or #RRGGBBAA") }
            return parsed
        }
        var style = CaptionStyle()
        if let font { style.font = font }
        if let size { style.size = size }
        if let color { style.color = try parsed(color, "--caption-color") }
        if let highlight { style.highlight = try parsed(highlight, "--caption-highlight") }
        if let box { style.box = box == "none" ? nil : try parsed(box, "--caption-box") }
        if let placement { style.placement = CaptionStyle.Placement(rawValue: placement) ?? .bottom }
        if let lines { style.lines = lines }
        if let width { style.width = width }
        return style
    }
}

/// How one output is encoded, as a user chooses it; nil fields take the codec's defaults.
public struct OutputChoices: Sendable, Equatable {
    /// The codec; nil: the container's default.
    public var codec: VideoCodec?
    /// Constant rate factor (lower is better); the alternative to `bitrate`.
    public var crf: Int?
    /// Bits a second.
    public var bitrate: Int?
    /// The encoder's speed preset (x264/x265 names, VP9 cpu-used, SVT-AV1 preset number).
    public var encoderPreset: String?
    /// Frames between key frames.
    public var keyint: Int?
    /// FFmpeg's name of the pixel format, e.g. `yuv444p`.
    public var pixelFormat: String?
    /// How many times a GIF, APNG or WebP plays (0: for ever).
    public var plays: Int?
    /// WebP's quality, 0…100.
    public var quality: Int?
    /// WebP lossless.
    public var lossless: Bool?
    /// The captions also as a subtitle track a player can turn on and off.
    public var softCaptions: Bool?
    /// A GIF's dither, palettes and matte (`#RRGGBB`).
    public var gifDither: GIFDither?, gifPalette: GIFPalette?, matte: String?
    /// The container's `title` metadata.
    public var title: String?
    /// The container's `comment` metadata.
    public var comment: String?

    /// No choices: every field nil.
    public init() {}

    /// These choices over `base`'s, option by option (`ClipOption.all`). Rate control is one
    /// choice: a crf or bitrate chosen here replaces both of `base`'s (a crf only where `codec`
    /// takes one); an option of one kind of picture (a play count, WebP's quality, a GIF's
    /// dither, a subtitle track) applies only where `codec` takes it (`VideoCodec.takes`): one
    /// command line over a preset's MP4 and GIF outputs.
    public func overriding(_ base: OutputChoices, codec resolved: VideoCodec?) -> OutputChoices {
        var merged = EncodeChoices(output: base)
        if crf != nil || bitrate != nil {
            merged.output.crf = nil
            merged.output.bitrate = nil
        }
        for option in ClipOption.all where option.scope == .output {
            if let resolved, let setting = option.setting, !resolved.takes(setting) { continue }
            option.copy(from: EncodeChoices(output: self), to: &merged)
        }
        if resolved?.takesCRF == false, crf != nil { merged.output.crf = nil }
        return merged.output
    }

    /// The encoder settings these choices give for a `container` file of `width` × `height` at
    /// `frameRate`, checked: a codec the container holds, a pixel format the codec takes, even
    /// sides where the format needs them, rate control and preset within the codec's ranges.
    public func encoderSettings(container: Container, width: Int, height: Int, frameRate: FrameRate,
                                alpha: Bool) throws(EncoderSettingsError) -> EncoderSettings {
        var settings = EncoderSettings(width: width, height: height, frameRate: frameRate)
        settings.container = container
        settings.codec = codec
        settings.crf = crf
        settings.bitrate = bitrate
        settings.preset = encoderPreset
        settings.keyframeInterval = keyint
        settings.pixelFormat = pixelFormat
        settings.plays = plays
        settings.quality = quality
        settings.lossless = lossless ?? false
        settings.gifDither = gifDither ?? .bayer
        settings.gifPalette = gifPalette ?? .clip
        if let matte {
            guard let color = MatteColor(hex: matte) else { throw EncoderSettingsError(setting: .matte, message: "\(matte) is not a colour; write #RRGGBB") }
            settings.matte = color
        }
        settings.title = title
        settings.comment = comment
        settings.alpha = alpha
        return try settings.validated()
    }
}
