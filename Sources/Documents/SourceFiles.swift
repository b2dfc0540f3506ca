import Foundation
import Synchronization

/// The files a document reads while it loads and builds: a preset and the presets it extends,
/// scene files (shots included) and the images they show, each with its modification time and
/// size as they were when it was read. Bind `recorder` around the loading and building
/// (`SourceFiles.$recorder.withValue(files) { … }`) to learn what to watch.
public final class SourceFiles: Sendable {
    /// Where reads are noted while bound; nil (nothing noted) otherwise.
    @TaskLocal public static var recorder: SourceFiles?

    /// Each file read, absolute, and its state when first read.
    private let states = Mutex<[String: String]>([:])

    /// An empty list.
    public init() {}

    /// Notes that `path` is about to be read, when a recorder is bound (`data:` URIs are not files).
    public static func noteRead(_ path: String) {
        guard let recorder, !path.hasPrefix("data:") else { return }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let state = Self.state(of: absolute)
        recorder.states.withLock { if $0[absolute] == nil { $0[absolute] = state } }
    }

    /// Notes what `other` noted in the recorder bound here, if any (a recorder bound inside
    /// another hides the outer one).
    public static func forward(_ other: SourceFiles) {
        guard let recorder, recorder !== other else { return }
        let noted = other.states.withLock { $0 }
        recorder.states.withLock { $0.merge(noted) { first, _ in first } }
    }

    /// The files read, absolute, sorted.
    public var all: [String] { states.withLock { $0.keys.sorted() } }

    /// Whether a file read has changed (or gone) since it was read.
    public var changed: Bool {
        states.withLock { $0 }.contains { Self.state(of: $0.key) != $0.value }
    }

    /// A file's modification time and size ("gone" when it cannot be read).
    private static func state(of path: String) -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return "gone" }
        return "\((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0) \(attributes[.size] as? Int ?? -1)"
    }
}
