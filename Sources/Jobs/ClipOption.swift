import Documents
import Foundation
import Media

/// What a clip or an output is chosen to be: the clip (scene, knobs, size, rate, length,
/// soundtrack) and how one output is encoded.
public struct EncodeChoices: Sendable, Equatable {
    /// The clip's choices.
    public var clip = ClipChoices()
    /// One output's choices.
    public var output = OutputChoices()

    /// The choices of a clip and an output (none by default).
    public init(clip: ClipChoices = ClipChoices(), output: OutputChoices = OutputChoices()) {
        self.clip = clip
        self.output = output
    }
}

/// One clip or output option, written once: its flag, its preset field (also its `--set` key and
/// CSV column), its value's type and range, its default and help. The command line's parsing
/// and help, preset reading, the encoder-error-to-option map and the options tables of the
/// README and docs/presets.md all come from `ClipOption.all`; adding an option is an entry here
/// and its use.
public struct ClipOption: Sendable {
    /// What the option concerns: the frame (every command that renders reads it), the clip's
    /// time and sound (commands that make a clip), or each output's encoding. A preset holds the
    /// first two at its top level, the third in each output.
    public enum Scope: Sendable, Equatable {
        case frame, clip, output
    }

    /// The kind of value the option takes, with its range.
    public enum Kind: Sendable {
        case number(ClosedRange<Double>)
        case wholeNumber(ClosedRange<Int>)
        /// A frame rate: 30, 29.97 or "30000/1001".
        case frameRate
        /// `WIDTHxHEIGHT` in pixels.
        case size
        /// Bits a second: "8M", "2500k" or a number.
        case bitrate
        /// One of a list of words.
        case choice([String])
        /// Free text.
        case text
        /// `FAMILY=INSTALLED` pairs separated by commas.
        case fontMap
        /// A file's path; in a preset, relative to the preset that holds the field.
        case file
        /// Sound effects, `FILE@SECONDS[:DB]` separated by commas; in a preset also a list of
        /// such strings, each file relative to the preset.
        case sounds
        /// A flag on the command line (present or not), true or false in a preset.
        case flag
    }

    /// A value read and checked.
    enum Value: Equatable {
        case number(Double), wholeNumber(Int), frameRate(FrameRate), size(width: Int, height: Int), text(String), flag(Bool)

        /// The value as the command line writes it, read back by `apply(text:to:)`.
        var text: String {
            switch self {
            case .number(let x): JSON.exact(x)
            case .wholeNumber(let n): String(n)
            case .frameRate(let rate): rate.description
            case .size(let width, let height): "\(width)x\(height)"
            case .text(let text): text
            case .flag(let on): on ? "true" : "false"
            }
        }
    }

    /// The flag, `--seconds`.
    public let flag: String
    /// The field in a preset (and its `--set` key and CSV column), `seconds`; nil when only the
    /// command line has it.
    public let field: String?
    /// The preset level the field sits at.
    public let scope: Scope
    /// Whether an output may also give the field, for itself (the frame's size and scale, the
    /// frame rate: one preset writes a square, a story and a landscape cut).
    public let eachOutput: Bool
    /// The value's kind and range.
    public let kind: Kind
    /// The placeholder for its value in help, `S`.
    public let placeholder: String
    /// What it is when not chosen, as help says it.
    public let defaultText: String
    /// What it does, one sentence or two.
    public let help: String
    /// The encoder setting it chooses, whose errors are reported at this option.
    public let setting: EncoderSettingsError.Setting?
    /// Whether the option decides the frames or the video bitstream, so that a session's
    /// identity holds it (the soundtrack is encoded when the segments are joined: changing it
    /// does not restart a session).
    public let decidesVideo: Bool
    /// Where the option's value lives in the choices: reads it (nil when not chosen) and sets it.
    private let get: @Sendable (EncodeChoices) -> Value?
    private let set: @Sendable (inout EncodeChoices, Value) -> Void

    private init<T: OptionValue>(_ flag: String, field: String?, _ scope: Scope, _ kind: Kind, _ placeholder: String, default defaultText: String,
                                 _ help: String, setting: EncoderSettingsError.Setting? = nil, decidesVideo: Bool = true, eachOutput: Bool = false,
                                 sets keyPath: WritableKeyPath<EncodeChoices, T?> & Sendable) {
        self.flag = flag
        self.field = field
        self.scope = scope
        self.eachOutput = eachOutput
        self.kind = kind
        self.placeholder = placeholder
        self.defaultText = defaultText
        self.help = help
        self.setting = setting
        self.decidesVideo = decidesVideo
        get = { $0[keyPath: keyPath]?.optionValue }
        set = { choices, value in choices[keyPath: keyPath] = T(optionValue: value) }
    }

    /// Every clip and output option, in the order help lists them.
    public static let all: [ClipOption] = [
        ClipOption("--size", field: "size", .frame, .size, "WxH", default: "\(ClipChoices.defaultSize.width)x\(ClipChoices.defaultSize.height)",
                   "output size in pixels, each side 2…\(ValueText.maximumSide) (even for 4:2:0 formats)", setting: .size, eachOutput: true,
                   sets: \.clip.size),
        ClipOption("--scale", field: "scale", .frame, .number(0.01...100), "S", default: JSON.exact(ClipChoices.defaultScale),
                   "pixels per point (3: an @3x iPhone); the canvas is size ÷ scale points", eachOutput: true, sets: \.clip.scale),
        ClipOption("--fps", field: "fps", .clip, .frameRate, "RATE", default: ClipChoices.defaultFrameRate.description,
                   "frame rate, 1…240: 30, 60, 29.97 (the NTSC rate 30000/1001) or 30000/1001", eachOutput: true, sets: \.clip.frameRate),
        ClipOption("--seconds", field: "seconds", .clip, .number(0.001...ClipOption.longestClip), "S", default: JSON.exact(ClipChoices.defaultSeconds),
                   "clip length; the clip has round(S × fps) frames", sets: \.clip.seconds),
        ClipOption("--start", field: "start", .clip, .number(0...ClipOption.longestClip), "S", default: "0; with loop, one cycle",
                   "the scene time of the first frame: skip a build-up", sets: \.clip.start),
        ClipOption("--loop", field: "loop", .clip, .flag, "", default: "off",
                   "a seamless loop: start one cycle in and last the whole number of the scene's cycles nearest the length, so the last frame flows into the first", sets: \.clip.loop),
        ClipOption("--background", field: "background", .frame, .text, "COLOR", default: "the scene's",
                   "transparent or #RRGGBB[AA] (a transparent video needs a format with alpha)", setting: .alpha, sets: \.clip.background),
        ClipOption("--font-map", field: "font-map", .frame, .fontMap, "MAP", default: "none",
                   "the fonts a Lottie file's text is drawn in, FAMILY=INSTALLED[,…] (\"Century Gothic=Inter\"); a family neither installed nor mapped is drawn in fontconfig's substitute, with a warning",
                   sets: \.clip.fontMap),
        ClipOption("--captions", field: "captions", .frame, .file, "FILE", default: "none",
                   "captions burned in from a SubRip (.srt) or WebVTT (.vtt) file, each shown from its start to its end; WebVTT's inline <00:00:01.500> times time the words", sets: \.clip.captions.file),
        ClipOption("--caption-font", field: "caption-font", .frame, .text, "FONT", default: CaptionStyle().font,
                   "the captions' font, family and style", sets: \.clip.captions.font),
        ClipOption("--caption-size", field: "caption-size", .frame, .number(1...20), "P", default: JSON.exact(CaptionStyle().size),
                   "the captions' text size, a percentage of the frame's shorter side", sets: \.clip.captions.size),
        ClipOption("--caption-color", field: "caption-color", .frame, .text, "COLOR", default: "#FFFFFF",
                   "the captions' colour, #RRGGBB[AA]", sets: \.clip.captions.color),
        ClipOption("--caption-highlight", field: "caption-highlight", .frame, .text, "COLOR", default: "none",
                   "the colour of each word while it is spoken (word by word from WebVTT's word times, else the caption's time shared evenly)", sets: \.clip.captions.highlight),
        ClipOption("--caption-box", field: "caption-box", .frame, .text, "COLOR", default: "#000000B3",
                   "the rounded box behind each caption; none: no box, a soft shadow under the text", sets: \.clip.captions.box),
        ClipOption("--caption-position", field: "caption-position", .frame, .choice(CaptionStyle.Placement.allCases.map(\.rawValue)), "WHERE", default: "bottom",
                   "bottom, middle or top of the safe area (a story's keeps clear of its buttons)", sets: \.clip.captions.placement),
        ClipOption("--caption-lines", field: "caption-lines", .frame, .wholeNumber(1...6), "N", default: String(CaptionStyle().lines),
                   "the most lines a caption takes; a longer one is cut with …, with a warning", sets: \.clip.captions.lines),
        ClipOption("--caption-width", field: "caption-width", .frame, .number(20...100), "P", default: JSON.exact(CaptionStyle().width),
                   "the widest a caption is, a percentage of the safe area's width", sets: \.clip.captions.width),
        ClipOption("--audio", field: "audio", .clip, .file, "FILE", default: "none",
                   "music, any file FFmpeg reads (WAV, MP3, AAC, FLAC, Opus, a video's audio), mixed with the voice and sounds, encoded once for the clip and as long as the video", decidesVideo: false, sets: \.clip.audio.file),
        ClipOption("--audio-start", field: "audio-start", .clip, .number(AudioChoices.startRange), "S", default: "0",
                   "where in the sound file the clip's audio starts, in seconds", decidesVideo: false, sets: \.clip.audio.start),
        ClipOption("--audio-fade-in", field: "audio-fade-in", .clip, .number(AudioChoices.fadeRange), "S", default: "0",
                   "seconds of fade from silence at the clip's start", decidesVideo: false, sets: \.clip.audio.fadeIn),
        ClipOption("--audio-fade-out", field: "audio-fade-out", .clip, .number(AudioChoices.fadeRange), "S", default: "0",
                   "seconds of fade to silence at the clip's end", decidesVideo: false, sets: \.clip.audio.fadeOut),
        ClipOption("--audio-volume", field: "audio-volume", .clip, .number(AudioChoices.volumeRange), "DB", default: "0",
                   "a gain in decibels, \(JSON.exact(AudioChoices.volumeRange.lowerBound))…\(JSON.exact(AudioChoices.volumeRange.upperBound))", decidesVideo: false, sets: \.clip.audio.volume),
        ClipOption("--audio-loop", field: "audio-loop", .clip, .flag, "", default: "off",
                   "repeat a sound file shorter than the clip (otherwise silence follows it)", decidesVideo: false, sets: \.clip.audio.loop),
        ClipOption("--voice", field: "voice", .clip, .file, "FILE", default: "none",
                   "a voice-over, mixed over the music (any file FFmpeg reads)", decidesVideo: false, sets: \.clip.audio.voice),
        ClipOption("--voice-at", field: "voice-at", .clip, .number(AudioChoices.startRange), "S", default: "0",
                   "the clip time at which the voice-over begins, in seconds", decidesVideo: false, sets: \.clip.audio.voiceAt),
        ClipOption("--voice-volume", field: "voice-volume", .clip, .number(AudioChoices.volumeRange), "DB", default: "0",
                   "the voice-over's gain in decibels", decidesVideo: false, sets: \.clip.audio.voiceVolume),
        ClipOption("--voice-fade-in", field: "voice-fade-in", .clip, .number(AudioChoices.fadeRange), "S", default: "0",
                   "seconds over which the voice-over rises where it begins", decidesVideo: false, sets: \.clip.audio.voiceFadeIn),
        ClipOption("--voice-fade-out", field: "voice-fade-out", .clip, .number(AudioChoices.fadeRange), "S", default: "0",
                   "seconds over which the voice-over falls to silence where it ends (its file's end, or the clip's)", decidesVideo: false, sets: \.clip.audio.voiceFadeOut),
        ClipOption("--voice-loop", field: "voice-loop", .clip, .flag, "", default: "off",
                   "repeat the voice-over to the clip's end", decidesVideo: false, sets: \.clip.audio.voiceLoop),
        ClipOption("--duck", field: "duck", .clip, .number(AudioChoices.duckRange), "DB", default: "0",
                   "how far the music falls while the voice-over speaks, e.g. 12 (0: not at all)", decidesVideo: false, sets: \.clip.audio.duck),
        ClipOption("--duck-attack", field: "duck-attack", .clip, .number(AudioChoices.duckTimeRange), "S", default: JSON.exact(AudioMix().duckAttack),
                   "seconds the music takes to fall, ending as the voice begins", decidesVideo: false, sets: \.clip.audio.duckAttack),
        ClipOption("--duck-release", field: "duck-release", .clip, .number(AudioChoices.duckTimeRange), "S", default: JSON.exact(AudioMix().duckRelease),
                   "seconds the music takes to rise again after the voice's last sound (and \(JSON.exact(AudioMix.duckHold)) s of hold)", decidesVideo: false, sets: \.clip.audio.duckRelease),
        ClipOption("--sounds", field: "sounds", .clip, .sounds, "LIST", default: "none",
                   "sound effects, FILE@SECONDS[:DB][:in=S][:out=S][:loop] separated by commas (whoosh.wav@0.5,ding.wav@3:-6:out=0.4): a gain, fades where each begins and ends, repeating; in a preset also a list of such strings", decidesVideo: false, sets: \.clip.audio.sounds),
        ClipOption("--loudness", field: "loudness", .clip, .number(AudioChoices.loudnessRange), "LUFS", default: "none",
                   "bring the mix to this integrated loudness (EBU R128): -14 for social video, -23 for broadcast; the gain stops where a sample would pass -1 dBFS", decidesVideo: false, sets: \.clip.audio.loudness),
        ClipOption("--audio-codec", field: "audio-codec", .clip, .choice(AudioCodec.allCases.map(\.rawValue)), "NAME", default: "the container's",
                   "aac (MP4, MOV), opus (WebM, MKV) or flac (MKV)", decidesVideo: false, sets: \.clip.audio.codec),
        ClipOption("--no-audio", field: nil, .clip, .flag, "", default: "off", "no sound, whatever a preset says", decidesVideo: false, sets: \.clip.audio.off),
        ClipOption("--codec", field: "codec", .output, .choice(VideoCodec.allCases.map(\.rawValue) + ["raw"]), "NAME", default: "the format's",
                   "one of the container's codecs (see the format table)", setting: .codec, sets: \.output.codec),
        ClipOption("--crf", field: "crf", .output, .wholeNumber(0...63), "N", default: "the codec's",
                   "constant quality, lower is better (h264 18, hevc 20, vp9 24, vp8 10, av1 28; ranges 0…51, vp9/vp8 0…63, av1 1…63)",
                   setting: .crf, sets: \.output.crf),
        ClipOption("--bitrate", field: "bitrate", .output, .bitrate, "RATE", default: "none",
                   "a target bitrate instead of a crf, e.g. 8M or 2500k; at most 2000M", setting: .bitrate, sets: \.output.bitrate),
        ClipOption("--encoder-preset", field: "encoder-preset", .output, .text, "P", default: "the codec's",
                   "x264/x265 preset (medium), VP9/VP8 cpu-used (4), SVT-AV1 preset (8)", setting: .preset, sets: \.output.encoderPreset),
        ClipOption("--keyint", field: "keyint", .output, .wholeNumber(1...100_000), "N", default: "the encoder's",
                   "frames between key frames", sets: \.output.keyint),
        ClipOption("--pix-fmt", field: "pix-fmt", .output, .text, "FMT", default: "the codec's",
                   "yuv420p or yuv444p for h264/hevc/vp9; yuv422p10le or yuv444p10le for prores", setting: .pixelFormat, sets: \.output.pixelFormat),
        ClipOption("--plays", field: "plays", .output, .wholeNumber(0...65_535), "N", default: "0",
                   "how many times a GIF, APNG or WebP plays; 0: for ever", setting: .plays, sets: \.output.plays),
        ClipOption("--quality", field: "quality", .output, .wholeNumber(0...100), "Q", default: "80",
                   "WebP's quality, 0…100 (higher is better and larger; lossless: how hard it compresses)", setting: .quality, sets: \.output.quality),
        ClipOption("--lossless", field: "lossless", .output, .flag, "", default: "off",
                   "WebP without loss (its colours exact, larger)", setting: .lossless, sets: \.output.lossless),
        ClipOption("--gif-dither", field: "gif-dither", .output, .choice(GIFDither.allCases.map(\.rawValue)), "D", default: "bayer",
                   "a GIF's dither: bayer (an ordered pattern, steady from frame to frame), sierra or floyd (error diffusion: finer gradients, may crawl), none", setting: .gif, sets: \.output.gifDither),
        ClipOption("--gif-palette", field: "gif-palette", .output, .choice(GIFPalette.allCases.map(\.rawValue)), "P", default: "clip",
                   "a GIF's palettes: one made from the whole clip, or one a frame (for a clip whose colours change from scene to scene)", setting: .gif, sets: \.output.gifPalette),
        ClipOption("--matte", field: "matte", .output, .text, "COLOR", default: "none",
                   "a transparent GIF's page colour, #RRGGBB: soft edges and fades are blended over it (kept down to 3 % opacity) instead of cut at half", setting: .matte, sets: \.output.matte),
        ClipOption("--soft-captions", field: "soft-captions", .output, .flag, "", default: "off",
                   "the captions also as a subtitle track players turn on and off (mov_text in MP4 and MOV, WebVTT in WebM, SubRip in MKV)", setting: .subtitles, decidesVideo: false, sets: \.output.softCaptions),
        ClipOption("--title", field: "title", .output, .text, "TEXT", default: "none", "the container's title metadata", sets: \.output.title),
        ClipOption("--comment", field: "comment", .output, .text, "TEXT", default: "none", "the container's comment metadata", sets: \.output.comment),
    ]

    /// The longest clip, in seconds (an hour).
    public static let longestClip = 3600.0

    /// The option's name in a stored request and a session's identity: its field, or its flag
    /// without dashes when presets do not have it.
    public var key: String { field ?? String(flag.drop { $0 == "-" }) }

    /// The option a preset writes as `field`, at its top level or (`inOutput`) in an output.
    public static func named(field: String, inOutput: Bool) -> ClipOption? {
        all.first { $0.field == field && (inOutput ? $0.scope == .output || $0.eachOutput : $0.scope != .output) }
    }

    /// The option that chooses an encoder setting, for its errors (every setting has one).
    public static func choosing(_ setting: EncoderSettingsError.Setting) -> ClipOption {
        guard let option = all.first(where: { $0.setting == setting }) else { preconditionFailure("no option chooses \(setting)") }
        return option
    }

    /// What a preset field of this option takes, as the docs say it.
    public var typeName: String {
        switch kind {
        case .number: "number"
        case .wholeNumber: "whole number"
        case .frameRate: "number or string"
        case .bitrate: "string or number"
        case .flag: "true/false"
        case .sounds: "string or list"
        case .size, .choice, .text, .file, .fontMap: "string"
        }
    }

    // MARK: Reading

    /// Sets the option in `choices` from its value written as text on the command line.
    /// - Throws: why the text is not a value of the option (the caller names the flag).
    public func apply(text: String, to choices: inout EncodeChoices) throws(ValueTextError) {
        set(&choices, try value(text: text))
    }

    /// Sets the option in `choices` from a preset's JSON value; a file's path is taken relative
    /// to the preset `holder` that holds the value.
    /// - Throws: why the value is not one of the option's (the caller names the field).
    public func apply(json: JSONValue, holder: String, to choices: inout EncodeChoices) throws(ValueTextError) {
        set(&choices, try value(json: json, holder: holder))
    }

    /// The option's value in `choices` as the command line writes it; nil when not chosen.
    public func text(in choices: EncodeChoices) -> String? {
        get(choices)?.text
    }

    /// Sets the option in `choices` to its value in `source`, when `source` chooses one.
    func copy(from source: EncodeChoices, to choices: inout EncodeChoices) {
        if let value = get(source) { set(&choices, value) }
    }

    /// Sets a flag: present on the command line.
    public func applyFlag(to choices: inout EncodeChoices) {
        set(&choices, .flag(true))
    }

    private func value(text: String) throws(ValueTextError) -> Value {
        switch kind {
        case .number(let range):
            guard let x = Double(text) else { throw ValueTextError("expected a number, not \(JSON.quoted(text))") }
            return .number(try Self.checked(x, range))
        case .wholeNumber(let range):
            guard let x = Double(text) else { throw ValueTextError("expected a number, not \(JSON.quoted(text))") }
            return .wholeNumber(try Self.whole(x, range))
        case .frameRate: return .frameRate(try ValueText.frameRate(text))
        case .size:
            let size = try ValueText.size(text)
            return .size(width: size.width, height: size.height)
        case .bitrate: return .wholeNumber(try ValueText.bitrate(text))
        case .choice(let words):
            guard words.contains(text.lowercased()) else {
                throw ValueTextError("expected \(words.joined(separator: ", ")), not \(JSON.quoted(text))")
            }
            return .text(text.lowercased())
        case .text, .file: return .text(text)
        case .fontMap:
            _ = try ValueText.fontMap(text)
            return .text(text)
        case .sounds:
            _ = try AudioChoices.effects(text)
            return .text(text)
        case .flag:
            guard let on = ["true": true, "false": false][text] else { throw ValueTextError("expected true or false, not \(JSON.quoted(text))") }
            return .flag(on)
        }
    }

    private func value(json: JSONValue, holder: String) throws(ValueTextError) -> Value {
        switch (kind, json) {
        case (.number(let range), .number(let x, _)): return .number(try Self.checked(x, range))
        case (.wholeNumber(let range), .number(let x, _)): return .wholeNumber(try Self.whole(x, range))
        case (.bitrate, .number(let x, _)): return .wholeNumber(try Self.whole(x, 1...2_000_000_000))
        case (.frameRate, .number(let x, _)):
            _ = try Self.checked(x, ValueText.frameRates)
            guard let rate = FrameRate(parsing: JSON.exact(x)) else {
                throw ValueTextError("\(JSON.exact(x)) is not a frame rate; write 30, 29.97 or \"30000/1001\"")
            }
            return .frameRate(rate)
        case (.number, .string(let text, _)), (.wholeNumber, .string(let text, _)), (.frameRate, .string(let text, _)),
             (.size, .string(let text, _)), (.bitrate, .string(let text, _)), (.choice, .string(let text, _)), (.text, .string(let text, _)),
             (.fontMap, .string(let text, _)):
            return try value(text: text)
        case (.file, .string(let path, let position)):
            return .text(WrittenPath.located(path, writtenAt: position, in: holder))
        case (.flag, .bool(let on, _)): return .flag(on)
        case (.sounds, .string(let text, let position)):
            return .text(try AudioChoices.effects(text).map { Self.written($0, at: position, in: holder) }.joined(separator: ","))
        case (.sounds, .array(let items, _)):
            var written: [String] = []
            for item in items {
                guard case .string(let text, let position) = item else { throw ValueTextError("expected a list of strings FILE@SECONDS[:DB], not \(item.kindName) in it") }
                written += try AudioChoices.effects(text).map { Self.written($0, at: position, in: holder) }
            }
            return .text(written.joined(separator: ","))
        case (.number, _), (.wholeNumber, _): throw ValueTextError("expected a number, not \(json.kindName)")
        case (.flag, _): throw ValueTextError("expected true or false, not \(json.kindName)")
        case (.bitrate, _): throw ValueTextError("expected a bitrate such as \"8M\", not \(json.kindName)")
        case (.frameRate, _): throw ValueTextError("expected a frame rate such as 30 or \"30000/1001\", not \(json.kindName)")
        case (.size, _): throw ValueTextError("expected \"WIDTHxHEIGHT\", not \(json.kindName)")
        case (.choice(let words), _): throw ValueTextError("expected \(words.joined(separator: ", ")), not \(json.kindName)")
        case (.text, _), (.file, _), (.fontMap, _): throw ValueTextError("expected a string, not \(json.kindName)")
        case (.sounds, _): throw ValueTextError("expected \"FILE@SECONDS[:DB],…\" or a list of such strings, not \(json.kindName)")
        }
    }

    /// An effect as `--sounds` writes it, its file located from where the preset wrote it.
    private static func written(_ track: AudioTrack, at position: JSONPosition, in holder: String) -> String {
        let fades = (track.fadeIn > 0 ? ":in=\(JSON.exact(track.fadeIn))" : "") + (track.fadeOut > 0 ? ":out=\(JSON.exact(track.fadeOut))" : "")
        return "\(WrittenPath.located(track.path, writtenAt: position, in: holder))@\(JSON.exact(track.at)):\(JSON.exact(track.volumeDB))\(fades)\(track.loop ? ":loop" : "")"
    }

    private static func checked(_ x: Double, _ range: ClosedRange<Double>) throws(ValueTextError) -> Double {
        guard range.contains(x) else {
            throw ValueTextError("\(JSON.exact(x)) is out of range (\(JSON.exact(range.lowerBound))…\(JSON.exact(range.upperBound)))")
        }
        return x
    }

    private static func whole(_ x: Double, _ range: ClosedRange<Int>) throws(ValueTextError) -> Int {
        let n = try checked(x, Double(range.lowerBound)...Double(range.upperBound))
        guard n == n.rounded() else { throw ValueTextError("expected a whole number, not \(JSON.exact(n))") }
        return Int(n)
    }

    // MARK: Help and docs

    /// The option's lines in a command's help: the flag and its placeholder, then the help and
    /// the default in brackets, wrapped to 98 columns under column 24.
    public var helpLines: String {
        let head = "  " + flag + (placeholder.isEmpty ? "" : " " + placeholder)
        let text = help + (defaultText == "none" || defaultText == "off" ? "" : " [\(defaultText)]")
        let indent = String(repeating: " ", count: 24)
        // A long flag takes a line of its own; the text starts at column 24 either way.
        var lines = head.count < 23 ? [] : [head]
        var line = head.count < 23 ? head.padding(toLength: 24, withPad: " ", startingAt: 0) : indent
        for word in text.split(separator: " ") {
            if line.count > 24, line.count + 1 + word.count > 98 {
                lines.append(line)
                line = indent
            }
            line += (line.count > 24 ? " " : "") + word
        }
        return (lines + [line]).joined(separator: "\n")
    }

    /// The help lines of every option of `scopes`, in table order.
    public static func help(_ scopes: Set<Scope>) -> String {
        all.filter { scopes.contains($0.scope) }.map(\.helpLines).joined(separator: "\n")
    }

    /// The Markdown table of the options: flag, preset field, default and meaning. The README and
    /// docs/presets.md hold it between `<!-- options -->` and `<!-- /options -->`, and a test
    /// compares them with this.
    public static var markdownTable: String {
        var rows = ["| flag | preset field | type | default | meaning |", "|---|---|---|---|---|"]
        for option in all {
            let flag = "`\(option.flag)\(option.placeholder.isEmpty ? "" : " " + option.placeholder)`"
            let field = option.field.map { "`\($0)`" + (option.scope == .output ? " (in each output)" : option.eachOutput ? " (also in each output)" : "") } ?? "—"
            rows.append("| \(flag) | \(field) | \(option.typeName) | \(option.defaultText) | \(option.help) |")
        }
        return rows.joined(separator: "\n")
    }
}

/// A type an option's value is stored as in the choices.
protocol OptionValue: SendableMetatype {
    init?(optionValue: ClipOption.Value)
    var optionValue: ClipOption.Value { get }
}

extension Double: OptionValue {
    init?(optionValue: ClipOption.Value) {
        guard case .number(let x) = optionValue else { return nil }
        self = x
    }
    var optionValue: ClipOption.Value { .number(self) }
}

extension Int: OptionValue {
    init?(optionValue: ClipOption.Value) {
        guard case .wholeNumber(let n) = optionValue else { return nil }
        self = n
    }
    var optionValue: ClipOption.Value { .wholeNumber(self) }
}

extension Bool: OptionValue {
    init?(optionValue: ClipOption.Value) {
        guard case .flag(let on) = optionValue else { return nil }
        self = on
    }
    var optionValue: ClipOption.Value { .flag(self) }
}

extension String: OptionValue {
    init?(optionValue: ClipOption.Value) {
        guard case .text(let text) = optionValue else { return nil }
        self = text
    }
    var optionValue: ClipOption.Value { .text(self) }
}

extension FrameRate: OptionValue {
    init?(optionValue: ClipOption.Value) {
        guard case .frameRate(let rate) = optionValue else { return nil }
        self = rate
    }
    var optionValue: ClipOption.Value { .frameRate(self) }
}

extension PixelSize: OptionValue {
    init?(optionValue: ClipOption.Value) {
        guard case .size(let width, let height) = optionValue else { return nil }
        self.init(width: width, height: height)
    }
    var optionValue: ClipOption.Value { .size(width: width, height: height) }
}

extension VideoCodec: OptionValue {
    init?(optionValue: ClipOption.Value) {
        guard case .text(let name) = optionValue else { return nil }
        self.init(named: name)
    }
    var optionValue: ClipOption.Value { .text(rawValue) }
}

/// A choice of words stored as its enum: the word is its raw value.
extension OptionValue where Self: RawRepresentable, RawValue == String {
    init?(optionValue: ClipOption.Value) {
        guard case .text(let name) = optionValue else { return nil }
        self.init(rawValue: name)
    }
    var optionValue: ClipOption.Value { .text(rawValue) }
}

extension AudioCodec: OptionValue {}
extension GIFDither: OptionValue {}
extension GIFPalette: OptionValue {}
