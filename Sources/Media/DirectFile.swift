import Foundation

/// Creating files in place. On Linux, Foundation's `FileManager.createFile` writes through a
/// temporary folder in /tmp that it never removes, one per call; this writes the file directly.
/// Shared by the package's modules, not part of its public API.
package enum DirectFile {
    /// Creates or truncates the file at `path` and writes `contents` into it; false when it cannot.
    @discardableResult
    package static func create(atPath path: String, contents: Data = Data()) -> Bool {
        (try? write(contents, to: path)) != nil
    }

    /// Creates or truncates the file at `path` and writes `contents` into it; the error is the
    /// system's reason ("No space left on device").
    package static func write(_ contents: Data, to path: String) throws(InputFile.Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw InputFile.Failure(description: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var written = 0
        while written < contents.count {
            let count = contents.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw InputFile.Failure(description: String(cString: strerror(count < 0 ? errno : ENOSPC))) }
            written += count
        }
    }
}
