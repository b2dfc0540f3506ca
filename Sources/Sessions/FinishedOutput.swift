import Foundation
import Pipeline
import Media

/// The record a session leaves in its work folder just before it moves the finished file onto
/// the output: which file it was (device, inode and size, which the move keeps) and the
/// session's key. A run stopped between that move and the folder's removal leaves a complete
/// output and this record, so the next encode, `resume` or `sessions` knows the output for the
/// session's own finished work rather than a stranger's file.
public struct FinishedOutput: Codable, Equatable, Sendable {
    /// The record's file name inside the work folder.
    static let fileName = WorkFolderFiles.finished

    /// The session's key (`SessionJournal.key`): the settings the output was made with.
    public var key: String
    var device: UInt64
    var inode: UInt64
    var bytes: Int64

    /// The record of the file at `path`, made by a session with `key`; nil when it cannot be read.
    init?(of path: String, key: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        self.key = key
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        bytes = Int64(status.st_size)
    }

    /// Saves the record in `folder`, flushed to disk before the move it announces.
    func save(to folder: String) throws {
        let data = try JSONEncoder().encode(self)
        guard DirectFile.create(atPath: folder + "/" + Self.fileName, contents: data) else {
            throw OutputError("cannot write in the work folder \(folder) (is the disk full?)")
        }
        OutputFile.syncFolder(folder)
    }

    /// The record in `output`'s work folder when the file now at `output` is the one it
    /// describes (the same inode on the same device, the same size); nil otherwise.
    public static func of(output: String) -> FinishedOutput? {
        let folder = Session.folder(for: output)
        guard let data = FileManager.default.contents(atPath: folder + "/" + fileName),
              let record = try? JSONDecoder().decode(FinishedOutput.self, from: data),
              let now = FinishedOutput(of: output, key: record.key), now == record else { return nil }
        return record
    }
}
