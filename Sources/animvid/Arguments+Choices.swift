import Documents
import Media

/// The command line's share of the typed job that presets build too: what to render and how to
/// write it, each value read and checked once (`ValueText` for what presets also write as text).
extension Arguments {
    /// `--scene`, `--scene-file`, `--param`, `--background`, `--size` and `--scale`.
    mutating func clipChoices() throws(CLIError) -> ClipChoices {
        var clip = ClipChoices()
        switch (try option("--scene"), try option("--scene-file")) {
        case let (name?, nil): clip.scene = .named(name)
        case let (nil, file?): clip.scene = .file(file)
        case (_?, _?): throw .usage("--scene and --scene-file: give one of them, not both")
        case (nil, nil): break
        }
        clip.params = try options("--param", "-p")
        clip.background = try option("--background")
        clip.size = try option("--size").map { text throws(CLIError) in try Parse.text(text, option: "--size", ValueText.size) }
        clip.scale = try option("--scale").map { text throws(CLIError) in try Parse.number(text, option: "--scale", range: 0.01...100) }
        return clip
    }

    /// `clipChoices()` and the clip's length, rate and soundtrack: `--seconds`, `--fps`,
    /// `--start`, `--loop` and the `--audio` options.
    mutating func timedClipChoices() throws(CLIError) -> ClipChoices {
        var clip = try clipChoices()
        clip.seconds = try option("--seconds").map { text throws(CLIError) in try Parse.number(text, option: "--seconds", range: 0.001...3600) }
        clip.frameRate = try option("--fps").map { text throws(CLIError) in try Parse.text(text, option: "--fps", ValueText.frameRate) }
        clip.start = try option("--start").map { text throws(CLIError) in try Parse.number(text, option: "--start", range: 0...3600) }
        if flag("--loop") { clip.loop = true }
        clip.audio = try audioChoices()
        return clip
    }

    /// `--audio FILE` and its options, and `--no-audio`.
    mutating func audioChoices() throws(CLIError) -> AudioChoices {
        var audio = AudioChoices()
        audio.file = try option("--audio")
        audio.start = try option("--audio-start").map { text throws(CLIError) in
            try Parse.number(text, option: "--audio-start", range: AudioChoices.startRange)
        }
        audio.fadeIn = try option("--audio-fade-in").map { text throws(CLIError) in
            try Parse.number(text, option: "--audio-fade-in", range: AudioChoices.fadeRange)
        }
        audio.fadeOut = try option("--audio-fade-out").map { text throws(CLIError) in
            try Parse.number(text, option: "--audio-fade-out", range: AudioChoices.fadeRange)
        }
        audio.volume = try option("--audio-volume").map { text throws(CLIError) in
            try Parse.number(text, option: "--audio-volume", range: AudioChoices.volumeRange)
        }
        if flag("--audio-loop") { audio.loop = true }
        if flag("--no-audio") { audio.off = true }
        if let name = try option("--audio-codec") {
            guard let codec = AudioCodec(rawValue: name.lowercased()) else {
                throw .usage("--audio-codec: unknown codec '\(name)' (one of: \(AudioCodec.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            audio.codec = codec
        }
        return audio
    }

    /// `--codec`, `--crf`, `--bitrate`, `--encoder-preset`, `--keyint`, `--pix-fmt`, `--title`, `--comment`.
    mutating func outputChoices() throws(CLIError) -> OutputChoices {
        var choices = OutputChoices()
        if let name = try option("--codec") {
            guard let codec = VideoCodec(named: name) else {
                throw .usage("--codec: unknown codec '\(name)' (one of: \(VideoCodec.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            choices.codec = codec
        }
        choices.crf = try option("--crf").map { text throws(CLIError) in try Parse.integer(text, option: "--crf", range: 0...63) }
        choices.bitrate = try option("--bitrate").map { text throws(CLIError) in try Parse.text(text, option: "--bitrate", ValueText.bitrate) }
        choices.encoderPreset = try option("--encoder-preset")
        choices.keyint = try option("--keyint").map { text throws(CLIError) in try Parse.integer(text, option: "--keyint", range: 1...100_000) }
        choices.pixelFormat = try option("--pix-fmt")
        choices.title = try option("--title")
        choices.comment = try option("--comment")
        return choices
    }
}

extension EncoderSettingsError {
    /// The flag that chooses the setting at fault.
    var flag: String {
        switch setting {
        case .codec: "--codec"
        case .alpha: "--background"
        case .pixelFormat: "--pix-fmt"
        case .size: "--size"
        case .crf: "--crf"
        case .bitrate: "--bitrate"
        case .preset: "--encoder-preset"
        }
    }
}
