import Foundation
import Pipeline
import Media

/// A session's record of finished segments, written atomically (temporary file, fsync, rename)
/// after each segment, so that whatever stops the encode, what the journal lists is on disk.
public struct SessionJournal: Codable, Equatable, Sendable {
    /// One finished segment: where it sits in the clip and how to check its file.
    public struct Segment: Codable, Equatable, Sendable {
        /// The segment's position in the clip, from 0.
        public var index: Int
        /// The timeline frame it starts at.
        public var firstFrame: Int
        /// The number of frames it holds.
        public var frameCount: Int
        /// Its file's name inside the session folder.
        public var file: String
        /// Its file's size in bytes.
        public var bytes: Int
        /// The MD5 of its file, in hex.
        public var md5: String
    }

    /// The journal's file name inside the session folder.
    public static let fileName = WorkFolderFiles.journal

    /// The hash of everything that decides the frames and the bitstream.
    public var key: String
    /// A readable account of that, to say what changed.
    public var description: [String: String]
    /// The output's absolute path.
    public var output: String
    /// The encode as its caller asks for it again (JSON text: Jobs stores its `EncodeRequest`),
    /// for resuming and joining; with `directory`, what relative paths in it start from.
    public var request: String
    /// The working folder of the encode command.
    public var directory: String
    /// Frames in the whole output.
    public var totalFrames: Int
    /// The finished segments, in clip order.
    public var segments: [Segment]

    /// Frames journaled so far.
    public var keptFrames: Int { segments.reduce(0) { $0 + $1.frameCount } }

    /// Reads a journal; nil when there is none or it cannot be parsed (a torn or foreign file).
    public static func load(from folder: String) -> SessionJournal? {
        guard let data = FileManager.default.contents(atPath: folder + "/" + fileName) else { return nil }
        return try? JSONDecoder().decode(SessionJournal.self, from: data)
    }

    /// Writes the journal atomically into `folder`.
    public func save(to folder: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(self)
        let path = folder + "/" + Self.fileName
        let temporary = path + ".tmp"
        guard DirectFile.create(atPath: temporary, contents: data) else {
            throw OutputError("cannot write the session journal in \(folder) (is the disk full?)")
        }
        try OutputFile.commit(temporary, to: path, replacing: true)
    }
}
