import CFFmpeg
import Foundation

/// One sound file in a clip's audio: a file libavformat reads (WAV, MP3, AAC, FLAC, Opus, or the
/// audio of a video), where in the clip it begins, where in the file it starts, its gain and
/// fades, and whether it repeats. `AudioMix` puts tracks together.
public struct AudioTrack: Hashable, Sendable {
    /// The file.
    public var path: String
    /// The clip time at which the track begins, in seconds (silence before it).
    public var at = 0.0
    /// Where in the file the track starts, in seconds.
    public var start = 0.0
    /// Seconds over which the track rises from silence where it begins.
    public var fadeIn = 0.0
    /// Seconds over which it falls to silence at its end: the clip's, or, with `endsWithFile`,
    /// the file's when that comes first.
    public var fadeOut = 0.0
    /// Whether the track ends where its file does (a voice-over, an effect), so a fade-out ends
    /// there; otherwise (music) the track runs to the clip's end and fades out there.
    public var endsWithFile = false
    /// A gain in decibels (0: as the file is).
    public var volumeDB = 0.0
    /// Whether a file shorter than the clip repeats (from `start`) instead of ending in silence.
    public var loop = false

    /// The file `path`, as it is, from the clip's start.
    public init(path: String) {
        self.path = path
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
