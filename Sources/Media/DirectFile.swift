import Foundation

/// Creating files in place. On Linux, Foundation's `FileManager.createFile` writes through a
/// temporary folder in /tmp that it never removes, one per call; this writes the file directly.
/// Shared by the package's modules, not part of its public API.
package enum DirectFile {
    /// Creates or truncates the file at `path` and writes `contents` into it; false when it cannot.
    @discardableResult
    package static func create(atPath path: String, contents: Data = Data()) -> Bool {
        do {
            try contents.write(to: URL(fileURLWithPath: path))
            return true
        } catch {
            return false
        }
    }
}
