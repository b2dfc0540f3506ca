import Foundation
import Media

/// Writing an output atomically: a temporary file, fsync, then a rename (or, when the user did
/// not allow replacing, a link that fails if the name is taken). Shared by the package's
/// modules, not part of its public API.
package enum OutputFile {
    /// The longest file name Linux file systems take, in bytes.
    package static let longestName = 255

    /// A hidden name beside `output` (`.NAME` + `suffix`); when that would be too long for the
    /// file system, a short hash of the name stands for it.
    static func hiddenPath(for output: String, suffix: String) -> String {
        let url = URL(fileURLWithPath: output).standardizedFileURL
        let folder = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        let hidden = "." + name + suffix
        guard hidden.utf8.count > longestName else { return folder + "/" + hidden }
        return folder + "/." + FrameHashName.of(name) + suffix
    }

    /// A hidden temporary name in the output's folder, unique to this process.
    static func temporaryPath(for output: String) -> String {
        hiddenPath(for: output, suffix: ".partial-\(getpid())")
    }

    /// Flushes `temporary` to disk and moves it onto `output`. Unless `replacing`, a file that
    /// is at `output` by then (put there while this one was written) is left alone and the move
    /// fails: the check and the move are one step.
    package static func commit(_ temporary: String, to output: String, replacing: Bool) throws {
        let descriptor = open(temporary, O_RDONLY)
        guard descriptor >= 0 else { throw OutputError("cannot reopen \(temporary) to flush it") }
        let synced = fsync(descriptor)
        close(descriptor)
        guard synced == 0 else { throw OutputError("cannot flush \(output) to disk: \(String(cString: strerror(errno)))") }
        if replacing {
            guard rename(temporary, output) == 0 else { throw moveError(output) }
        } else {
            try moveWithoutReplacing(temporary, to: output)
        }
        syncFolder(URL(fileURLWithPath: output).deletingLastPathComponent().path)
    }

    /// Moves `temporary` to a free name `output`: a hard link, which fails when the name is
    /// taken, then the temporary name unlinked. File systems without hard links get a check
    /// right before the rename.
    private static func moveWithoutReplacing(_ temporary: String, to output: String) throws {
        if link(temporary, output) == 0 {
            unlink(temporary)
            return
        }
        let linkError = errno
        if linkError == EEXIST { throw OutputError.exists(output) }
        guard [EPERM, ENOTSUP, EOPNOTSUPP, EXDEV, EMLINK, ENOSYS].contains(linkError) else { throw moveError(output, errno: linkError) }
        var status = stat()
        if lstat(output, &status) == 0 { throw OutputError.exists(output) }
        guard rename(temporary, output) == 0 else { throw moveError(output) }
    }

    private static func moveError(_ output: String, errno code: Int32 = errno) -> OutputError {
        OutputError("cannot move the finished file to \(output): \(String(cString: strerror(code)))")
    }

    /// Flushes a folder's entries (a rename in it) to disk.
    package static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Writes `data` to `output` atomically: readers see the old file or the whole new one. An
    /// existing file is replaced only when `replacing`.
    package static func write(_ data: Data, to output: String, replacing: Bool) throws {
        let temporary = temporaryPath(for: output)
        do {
            try DirectFile.write(data, to: temporary)
        } catch {
            remove(temporary)
            throw OutputError("cannot write \(output): \(error)")
        }
        do {
            try commit(temporary, to: output, replacing: replacing)
        } catch {
            remove(temporary)
            throw error
        }
    }

    package static func remove(_ path: String) {
        unlink(path)
    }

    /// Whether a name is taken in its folder: a file, a folder or a link, even one to nothing.
    package static func isTaken(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
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
    /// Whether another process holds the output (its work folder's lock).
    public let isBusy: Bool

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
        isBusy = false
    }

    /// Another process holds the output: `description` says which.
    init(busy description: String) {
        self.description = description
        isBusy = true
    }

    /// A file appeared at the output path while animvid wrote it, and replacing was not allowed.
    static func exists(_ output: String) -> OutputError {
        OutputError("\(output) appeared while animvid was writing it and was left alone; pass -y or --overwrite to replace it")
    }
}
