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

    public let folder: String
    private var locked = false

    /// Takes the session for `output`, creating its folder; fails when a live process holds it.
    /// A lock left by a dead process is taken over.
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
        for _ in 0..<2 {
            let descriptor = open(lockPath, O_CREAT | O_EXCL | O_WRONLY, 0o644)
            if descriptor >= 0 {
                let pid = "\(getpid())\n"
                _ = pid.withCString { write(descriptor, $0, strlen($0)) }
                close(descriptor)
                locked = true
                return
            }
            let owner = (try? String(contentsOfFile: lockPath, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if let owner, owner != getpid(), kill(owner, 0) == 0 || errno == EPERM {
                throw OutputError("another animvid (process \(owner)) is working on this output; wait for it or stop it")
            }
            unlink(lockPath)  // stale: its process is gone
        }
        throw OutputError("cannot lock the session in \(folder)")
    }

    private func unlock() {
        if locked { unlink(lockPath) }
        locked = false
    }

    /// Removes the session folder (after the output is complete, or to abandon it).
    public func remove() {
        unlock()
        try? FileManager.default.removeItem(atPath: folder)
        SessionRegistry.forget(folder)
    }
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
