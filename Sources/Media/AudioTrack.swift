import CFFmpeg
import Foundation

/// A clip's soundtrack: a file libavformat reads (WAV, MP3, AAC, FLAC, Opus, or the audio of a
/// video) and how it is fitted to the clip: trimmed or padded to the video's length, its first
/// sample at the first frame.
public struct AudioTrack: Hashable, Sendable {
    /// The file.
    public var path: String
    /// Where in the file the clip's audio starts, in seconds.
    public var start = 0.0
    /// Seconds over which the audio rises from silence at the clip's start.
    public var fadeIn = 0.0
    /// Seconds over which it falls to silence at the clip's end.
    public var fadeOut = 0.0
    /// A gain in decibels (0: as the file is).
    public var volumeDB = 0.0
    /// Whether a file shorter than the clip repeats (from `start`) instead of ending in silence.
    public var loop = false
    /// The codec; nil for the container's default.
    public var codec: AudioCodec?
    /// For an output of part of a clip (frames A–B): the seconds of the clip before its first
    /// frame, and the whole clip's length, so the part hears the clip's audio there, fades included.
    public var clipOffset = 0.0, clipLength: Double?

    /// The soundtrack of `path`, as the file is.
    public init(path: String) {
        self.path = path
    }

    /// The codec the track is encoded with in `container`, or why it cannot be: formats without
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

    /// Opens the file and checks that it has a decodable audio stream that lasts past `start`;
    /// the error says what is wrong with it. A file of at most `wholeCheckBytes` is decoded to
    /// its end, and damaged data in it (a file cut off, a corrupt frame) is a warning returned:
    /// the audio plays as far as it decodes, as players play it.
    public func check() throws(MediaError) -> [String] {
        let source = try AudioSource(path: path)
        if let duration = source.duration, start >= duration {
            throw MediaError("\(path): the audio lasts \(String(format: "%.3f", duration)) s; a start at \(String(format: "%.3f", start)) s is past its end")
        }
        guard try source.next() != nil else { throw MediaError("\(path): no audio could be decoded from it") }
        var status = stat()
        if stat(path, &status) == 0, status.st_size <= Self.wholeCheckBytes {
            while try source.next() != nil {}
        }
        return source.damagedAt.map { ["\(path): the audio data is damaged at \(String(format: "%.3f", $0)) s (a cut-off or corrupt file?); it plays as far as it decodes"] } ?? []
    }

    /// The largest file `check` decodes to its end: a song of several minutes, decoded in well
    /// under a second.
    public static let wholeCheckBytes = 64 << 20
}
