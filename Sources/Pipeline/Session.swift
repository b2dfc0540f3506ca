import Foundation
import Media

/// An output's work folder, `.NAME.animvid/` beside it, owned by one writer at a time through a
/// lock file: every encode of a file takes it, so two processes never write one output. A
/// session keeps its finished segments and their journal there; an encode in one piece writes
/// its temporary file there, so a killed run leaves one folder that the next run sweeps and
/// `animvid sessions` lists. Only files animvid makes there are ever deleted.
public final class Session {
    /// The work folder for an output path.
    public static func folder(for output: String) -> String {
        OutputFile.hiddenPath(for: output, suffix: ".animvid")
    }

    /// The work folder, `.NAME.animvid/` beside the output.
    public let folder: String
    /// The output's absolute path.
    package let output: String
    /// The open lock file; the kernel's lock on it lasts as long as the descriptor, so a killed
    /// process never leaves a stale lock behind.
    private var lockDescriptor: Int32 = -1

    /// Whether this process shares the folder with the other shards of a sharded encode.
    private let shared: Bool

    /// Takes the work folder of `output`, creating it; fails when another process holds it.
    /// A `shared` hold (the shards of one encode, on this machine) admits other shared holders
    /// but no encode of the output in one process; shards on other machines are kept apart by
    /// their ledger's claims, not by this lock.
    public init(output: String, shared: Bool = false) throws {
        self.output = URL(fileURLWithPath: output).standardizedFileURL.path
        folder = Self.folder(for: output)
        self.shared = shared
        try lock()
    }

    deinit {
        unlock()
    }

    private var lockPath: String { folder + "/lock" }

    /// Whether a running process holds the work folder `folder`.
    public static func isBusy(_ folder: String) -> Bool {
        let descriptor = open(folder + "/lock", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) != 0 else {
            flock(descriptor, LOCK_UN)
            return false
        }
        return true
    }

    /// The bytes of the files in `folder`.
    public static func bytes(in folder: String) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).reduce(0) { $0 + OutputFile.size(of: folder + "/" + $1) }
    }

    /// Locks the folder's lock file. A folder removed by its last owner between our open and
    /// our lock leaves us holding a deleted file's lock, so the lock is taken again until the
    /// file locked is the one at the path. A lock held for a moment by `animvid sessions`
    /// looking is waited out.
    private func lock() throws {
        for attempt in 0..<16 {
            if mkdir(folder, 0o755) != 0 && errno != EEXIST {
                throw OutputError("cannot create the work folder \(folder) beside the output: \(String(cString: strerror(errno)))")
            }
            var status = stat()
            guard lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                throw OutputError("\(folder) is not animvid's work folder (a link or a file); move it away")
            }
            let descriptor = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard descriptor >= 0 else {
                if errno == ENOENT { continue }
                throw OutputError("cannot lock \(folder): \(String(cString: strerror(errno)))")
            }
            guard flock(descriptor, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB) == 0 else {
                close(descriptor)
                if attempt < 5 {
                    usleep(20_000)
                    continue
                }
                let owner = (try? String(contentsOfFile: lockPath, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                if shared || WorkFolderFiles.holdsShards(folder) {
                    throw OutputError(busy: "\(output) is being written by \(shared ? "an encode in one process" : "its shards") on this machine; wait for it or stop it")
                }
                throw OutputError(busy: "another animvid\(owner.isEmpty ? "" : " (process \(owner))") is writing \(output); wait for it or stop it")
            }
            var held = stat(), atPath = stat()
            guard fstat(descriptor, &held) == 0, stat(lockPath, &atPath) == 0, held.st_ino == atPath.st_ino, held.st_dev == atPath.st_dev else {
                close(descriptor)
                continue
            }
            if !shared {
                // The owner's process number, for that message only.
                let pid = "\(getpid())\n"
                _ = ftruncate(descriptor, 0)
                _ = pid.withCString { pwrite(descriptor, $0, strlen($0), 0) }
            }
            lockDescriptor = descriptor
            return
        }
        throw OutputError("cannot lock \(folder): it keeps being removed")
    }

    private func unlock() {
        if lockDescriptor >= 0 { close(lockDescriptor) }
        lockDescriptor = -1
    }

    /// Whether `name` is a file animvid makes in a work folder: the lock, the journal (and its
    /// temporary), segments, a sharded session's ledger, temporary files, the join's output and
    /// the record of a finished output.
    static func isOwn(_ name: String) -> Bool {
        [WorkFolderFiles.lock, WorkFolderFiles.journal, WorkFolderFiles.journal + ".tmp", WorkFolderFiles.joined, WorkFolderFiles.finished].contains(name)
            || name.hasPrefix("segment-") || name.hasPrefix("partial-") || (name.hasPrefix(".") && name.contains(".partial-"))
            || WorkFolderFiles.isShardLedger(name)
    }

    /// Deletes the files animvid made in the folder, but those `keep` names; nothing else.
    package func removeOwnFiles(keeping keep: (String) -> Bool) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where Self.isOwn(name) && !keep(name) {
            unlink(folder + "/" + name)
        }
    }

    /// Removes the work folder (after the output is complete, or to abandon it), then lets go
    /// of the lock. Files in it that animvid did not make stay, and so does the folder then.
    public func remove() {
        SessionRegistry.forget(folder)
        removeOwnFiles { _ in false }
        unlock()
        rmdir(folder)
    }

    /// What an encode in one piece keeps of the folder: the lock and a session's journal,
    /// ledger and segments.
    private static func keptByOnePiece(_ name: String) -> Bool {
        name == WorkFolderFiles.lock || name == WorkFolderFiles.journal || name.hasPrefix("segment-") || WorkFolderFiles.isShardLedger(name)
    }

    /// The temporary file of an encode in one piece: in the work folder, named for this process
    /// and ending in `suffix`. What earlier, killed runs in one piece left there is deleted first
    /// (the lock says no one else is writing it); a session's journal and segments stay.
    func temporaryPath(suffix: String) -> String {
        removeOwnFiles(keeping: Self.keptByOnePiece)
        SessionRegistry.remember(folder, output: output)
        return folder + "/partial-\(getpid())" + suffix
    }

    /// Ends an encode in one piece: the folder goes unless it also holds a session's journal.
    func release() {
        if FileManager.default.fileExists(atPath: folder + "/" + WorkFolderFiles.journal) || WorkFolderFiles.holdsShards(folder) {
            removeOwnFiles(keeping: Self.keptByOnePiece)
            unlock()
        } else {
            remove()
        }
    }

    /// A file for the joined output inside the session folder, on the output's file system, so
    /// that a join cut short is cleaned up with the session's other stray files.
    package var joinPath: String { folder + "/" + WorkFolderFiles.joined }
}

/// The unfinished encodes this user started, for `animvid sessions`: one small file per work
/// folder under `$XDG_CACHE_HOME/animvid/sessions` (or `~/.cache/animvid/sessions`), naming the
/// folder and its output.
public enum SessionRegistry {
    /// A work folder left on disk: a session, or the temporary file of a killed encode in one piece.
    public struct Entry: Sendable {
        /// The work folder.
        public var folder: String
        /// The output it belongs to (absolute).
        public var output: String
    }

    static var directory: String? {
        let environment = ProcessInfo.processInfo.environment
        guard let base = environment["XDG_CACHE_HOME"] ?? environment["HOME"].map({ $0 + "/.cache" }) else { return nil }
        return base + "/animvid/sessions"
    }

    static func entry(for folder: String) -> String? {
        directory.map { $0 + "/" + FrameHashName.of(folder) }
    }

    package static func remember(_ folder: String, output: String) {
        guard let directory, let entry = entry(for: folder) else { return }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        DirectFile.create(atPath: entry, contents: Data((folder + "\0" + output).utf8))
    }

    static func forget(_ folder: String) {
        if let entry = entry(for: folder) { unlink(entry) }
    }

    /// The work folders still on disk; entries of vanished ones are dropped. An entry is the
    /// folder and the output, NUL-separated (earlier versions wrote the folder alone: the output
    /// is then the session journal's).
    public static func entries() -> [Entry] {
        guard let directory, let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var entries: [Entry] = []
        for name in names.sorted() {
            let path = directory + "/" + name
            let parts = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
            var isFolder: ObjCBool = false
            guard let folder = parts.first, FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue,
                  let output = parts.count == 2 ? parts[1] : journalOutput(in: folder) else {
                unlink(path)
                continue
            }
            entries.append(Entry(folder: folder, output: output))
        }
        return entries
    }

    /// The output a session journal in `folder` names (the `output` member of its JSON).
    private static func journalOutput(in folder: String) -> String? {
        guard let data = FileManager.default.contents(atPath: folder + "/" + WorkFolderFiles.journal),
              let journal = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return journal["output"] as? String
    }
}

/// The files animvid makes in a work folder, by name: the folder's layout in one place, for
/// the encodes that write them (Sessions) and the cleanup that may delete them (`Session`).
public enum WorkFolderFiles {
    /// The lock every writer of the output holds.
    public static let lock = "lock"
    /// A session's journal of finished segments.
    public static let journal = "journal.json"
    /// A sharded session's plan; its presence marks the folder as sharded.
    public static let shardPlan = "shards.json"
    /// The file whose creation elects the one shard that joins.
    public static let joinClaim = "join.claim"
    /// The record of an output put in place just before its folder was to go.
    public static let finished = "finished.json"
    /// The joined output while it is written.
    public static let joined = "joined.partial"

    /// Whether `name` is one of a sharded session's ledger files (the plan, the join's claim,
    /// a segment's claim or record).
    public static func isShardLedger(_ name: String) -> Bool {
        name == shardPlan || name == joinClaim || name.hasPrefix("claim-") || name.hasPrefix("done-")
    }

    /// Whether the work folder `folder` holds a sharded session.
    public static func holdsShards(_ folder: String) -> Bool {
        FileManager.default.fileExists(atPath: folder + "/" + shardPlan)
    }
}
