import Foundation
import Media

/// An encode's session: a folder beside the output (`.NAME.animvid/`) holding finished segments
/// and their journal, owned by one process at a time through a lock file.
public final class Session {
    /// The session folder for an output path.
    public static func folder(for output: String) -> String {
        let url = URL(fileURLWithPath: output).standardizedFileURL
        return url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".animvid"
    }

    /// The session folder, `.NAME.animvid/` beside the output.
    public let folder: String
    /// The open lock file; the kernel's lock on it lasts as long as the descriptor, so a killed
    /// process never leaves a stale lock behind.
    private var lockDescriptor: Int32 = -1

    /// Takes the session for `output`, creating its folder; fails when another process holds it.
    public init(output: String) throws {
        folder = Self.folder(for: output)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try lock()
    }

    deinit {
        unlock()
    }

    private var lockPath: String { folder + "/lock" }

    private func lock() throws {
        let descriptor = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputError("cannot lock the session in \(folder)") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            let owner = (try? String(contentsOfFile: lockPath, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            throw OutputError("another animvid\(owner.isEmpty ? "" : " (process \(owner))") is working on this output; wait for it or stop it")
        }
        // The owner's process number, for that message only.
        let pid = "\(getpid())\n"
        _ = ftruncate(descriptor, 0)
        _ = pid.withCString { pwrite(descriptor, $0, strlen($0), 0) }
        lockDescriptor = descriptor
    }

    private func unlock() {
        if lockDescriptor >= 0 { close(lockDescriptor) }
        lockDescriptor = -1
    }

    /// Removes the session folder (after the output is complete, or to abandon it), then lets
    /// go of the lock.
    public func remove() {
        try? FileManager.default.removeItem(atPath: folder)
        SessionRegistry.forget(folder)
        unlock()
    }

    /// A file for the joined output inside the session folder, on the output's file system, so
    /// that a join cut short is cleaned up with the session's other stray files.
    var joinPath: String { folder + "/joined.partial" }
}

/// The unfinished sessions this user started, for `animvid sessions`: one small file per session
/// under `$XDG_CACHE_HOME/animvid/sessions` (or `~/.cache/animvid/sessions`), naming its folder.
public enum SessionRegistry {
    static var directory: String? {
        let environment = ProcessInfo.processInfo.environment
        guard let base = environment["XDG_CACHE_HOME"] ?? environment["HOME"].map({ $0 + "/.cache" }) else { return nil }
        return base + "/animvid/sessions"
    }

    static func entry(for folder: String) -> String? {
        directory.map { $0 + "/" + FrameHashName.of(folder) }
    }

    static func remember(_ folder: String) {
        guard let directory, let entry = entry(for: folder) else { return }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        DirectFile.create(atPath: entry, contents: Data(folder.utf8))
    }

    static func forget(_ folder: String) {
        if let entry = entry(for: folder) { unlink(entry) }
    }

    /// The session folders still on disk with a journal; entries of vanished ones are dropped.
    public static func folders() -> [String] {
        guard let directory, let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var folders: [String] = []
        for name in names.sorted() {
            let entry = directory + "/" + name
            guard let folder = try? String(contentsOfFile: entry, encoding: .utf8),
                  FileManager.default.fileExists(atPath: folder + "/" + SessionJournal.fileName) else {
                unlink(entry)
                continue
            }
            folders.append(folder)
        }
        return folders
    }
}
