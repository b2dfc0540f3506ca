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
}
