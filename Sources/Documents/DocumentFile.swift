import Foundation
import Media

/// Reading a preset or scene file: a regular file within the size its kind allows, or an error
/// naming it.
public enum DocumentFile {
    /// The bytes of the regular file at `path`, at most `limit` bytes.
    public static func read(_ path: String, limit: Int) throws(DocumentError) -> Data {
        do {
            return try InputFile.read(path, limit: limit)
        } catch {
            throw DocumentError(file: path, position: nil, path: "", message: error.description)
        }
    }

    /// What identifies a file's contents too large to read whole (a video): its size, when it
    /// was last modified, and the MD5 of its first and last MiB; "unreadable" when it is no
    /// regular file or cannot be read. A file replaced or edited between an interrupted encode and its resume differs.
    public static func identity(_ path: String) -> String {
        // Only a regular file is opened: a FIFO or a device would block or never end.
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path), attributes[.type] as? FileAttributeType == .typeRegular,
              let size = (attributes[.size] as? NSNumber)?.uint64Value, let file = FileHandle(forReadingAtPath: path) else { return "unreadable" }
        defer { try? file.close() }
        let piece: UInt64 = 1 << 20
        let head = (try? file.read(upToCount: Int(piece))) ?? Data()
        try? file.seek(toOffset: size > piece ? size - piece : 0)
        let tail = (try? file.read(upToCount: Int(piece))) ?? Data()
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(size) bytes, modified \(modified), \(FrameMD5.md5([UInt8](head))) \(FrameMD5.md5([UInt8](tail)))"
    }
}
