import Foundation

/// Files a user names as input (scene files, presets, images, sound): only regular files are
/// read, so a FIFO or a device fails at once instead of blocking or never ending, and only up to
/// a size. Shared by the package's modules, not part of its public API.
package enum InputFile {
    /// Why a file could not be read or written, as the end of a message that names it.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// The contents of the regular file at `path`, at most `limit` bytes; only its first
    /// `prefix` bytes when given (then only those count against the limit).
    package static func read(_ path: String, limit: Int, prefix: Int? = nil) throws(Failure) -> Data {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(description: reason(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Failure(description: reason(errno)) }
        try checkRegular(status)
        let wanted = prefix ?? Int.max
        let size = min(Int(status.st_size), wanted)
        guard size <= limit else { throw Failure(description: "larger than \(limit) bytes") }
        // Read to the end, not only the size the file reports: a file of /proc or /sys says 0.
        var data = Data(count: max(size, min(4096, limit + 1, wanted)))
        var filled = 0
        while true {
            if filled == data.count {
                guard filled < min(limit + 1, wanted) else { break }
                // Past the reported size, a little more to find the end; a file that says 0, doubling.
                data.count = min(filled + (size > 0 ? 4096 : filled), limit + 1, wanted)
            }
            let count = data.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw Failure(description: reason(errno)) }
            if count == 0 { break }
            filled += count
        }
        guard filled <= limit else { throw Failure(description: "larger than \(limit) bytes") }
        return data.prefix(filled)
    }

    /// Throws unless `path` names a regular file (following links).
    package static func checkRegular(_ path: String) throws(Failure) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw Failure(description: reason(errno)) }
        try checkRegular(status)
    }

    private static func checkRegular(_ status: stat) throws(Failure) {
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Failure(description: status.st_mode & S_IFMT == S_IFDIR ? "a folder, not a file" : "not a regular file (a FIFO, device or socket is not read)")
        }
    }

    private static func reason(_ code: Int32) -> String {
        code == ENOENT ? "no such file" : String(cString: strerror(code))
    }
}
