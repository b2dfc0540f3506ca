import Foundation
import Media

/// Writing an output atomically: a temporary file beside it, fsync, rename. Shared by the
/// package's modules, not part of its public API.
package enum OutputFile {
    /// A hidden temporary name in the output's folder, unique to this process.
    static func temporaryPath(for output: String) -> String {
        let url = URL(fileURLWithPath: output)
        let folder = url.deletingLastPathComponent().path
        return folder + "/." + url.lastPathComponent + ".partial-\(getpid())"
    }

    /// Flushes `temporary` to disk and renames it onto `output`.
    static func commit(_ temporary: String, to output: String) throws {
        let descriptor = open(temporary, O_RDONLY)
        guard descriptor >= 0 else { throw OutputError("cannot reopen \(temporary) to flush it") }
        let synced = fsync(descriptor)
        close(descriptor)
        guard synced == 0 else { throw OutputError("cannot flush \(output) to disk: \(String(cString: strerror(errno)))") }
        guard rename(temporary, output) == 0 else {
            throw OutputError("cannot move the finished file to \(output): \(String(cString: strerror(errno)))")
        }
        syncFolder(URL(fileURLWithPath: output).deletingLastPathComponent().path)
    }

    /// Flushes a folder's entries (a rename in it) to disk.
    static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Writes `data` to `output` atomically: readers see the old file or the whole new one.
    package static func write(_ data: Data, to output: String) throws {
        let temporary = temporaryPath(for: output)
        guard DirectFile.create(atPath: temporary, contents: data) else { throw OutputError("cannot write \(output)") }
        do {
            try commit(temporary, to: output)
        } catch {
            remove(temporary)
            throw error
        }
    }

    static func remove(_ path: String) {
        unlink(path)
    }

    /// The size of the file at `path` in bytes; 0 when it cannot be read.
    package static func size(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
}

/// A failure writing the output file.
public struct OutputError: Error, CustomStringConvertible {
    /// What went wrong, as the user sees it.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
