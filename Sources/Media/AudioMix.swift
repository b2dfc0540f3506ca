/// A clip's sound: music, a voice-over and sound effects, mixed into one stereo track at 48 kHz.
/// The music is lowered under the voice (`duck`), and the mix may be brought to a loudness
/// (EBU R128 integrated loudness). Mixed as it is encoded, so a long clip never holds its audio.
public struct AudioMix: Hashable, Sendable {
    /// The music bed: the track ducked under the voice.
    public var music: AudioTrack?
    /// A voice-over.
    public var voice: AudioTrack?
    /// Sound effects, each at its own time.
    public var effects: [AudioTrack] = []
    /// How far the music falls while the voice sounds, in decibels (0: not at all).
    public var duckDB = 0.0
    /// Seconds the music takes to fall (it starts falling this long before the voice sounds,
    /// so the first word is heard over the lowered music) and to rise again after it.
    public var duckAttack = 0.2, duckRelease = 0.6
    /// How long the voice counts as sounding after its last sound above -40 dBFS, in seconds,
    /// so the music does not rise between words.
    public static let duckHold = 0.3
    /// The integrated loudness the mix is brought to, in LUFS; nil: as mixed.
    public var loudness: Double?
    /// The codec; nil for the container's default.
    public var codec: AudioCodec?
    /// For an output of part of a clip (frames A–B): the seconds of the clip before its first
    /// frame, and the whole clip's length, so the part hears the clip's audio there, its fades,
    /// ducking and loudness included.
    public var clipOffset = 0.0, clipLength: Double?

    /// A mix of `music` alone.
    public init(music: AudioTrack? = nil) {
        self.music = music
    }

    /// Every track: music, voice, effects.
    public var tracks: [AudioTrack] { [music, voice].compactMap { $0 } + effects }

    /// The codec the mix is encoded with in `container`, or why it cannot be: formats without
    /// sound, a codec the container does not hold.
    public func resolvedCodec(in container: Container) throws(MediaError) -> AudioCodec {
        let allowed = AudioCodec.codecs(in: container)
        guard let first = allowed.first else {
            let format = container == .pngSequence ? "a PNG sequence has" : container == .raw ? "raw frames have" : "a \(container.rawValue.uppercased()) has"
            throw MediaError("\(format) no sound; write .mp4, .mov, .webm or .mkv for a clip with audio")
        }
        guard let codec else { return first }
        guard allowed.contains(codec) else {
            throw MediaError("\(container.rawValue) holds \(allowed.map(\.rawValue).joined(separator: " or ")) audio, not \(codec.rawValue)")
        }
        return codec
    }

    /// Checks every track's file (`AudioTrack.check`); the warnings of all of them.
    public func check() throws(MediaError) -> [String] {
        var warnings: [String] = []
        for track in tracks { warnings += try track.check() }
        return warnings
    }
}
