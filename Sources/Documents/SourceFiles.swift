import Foundation

/// The files a document reads while it loads and builds: a preset and the presets it extends,
/// scene files (shots included) and the images they show. Bind `recorder` around the loading
/// and building (`SourceFiles.$recorder.withValue(files) { … }`) to learn what to watch.
public final class SourceFiles: @unchecked Sendable {
    /// Where reads are noted while bound; nil (nothing noted) otherwise.
    @TaskLocal public static var recorder: SourceFiles?

    private let lock = NSLock()
    private var paths: Set<String> = []

    /// An empty list.
    public init() {}

    /// Notes that `path` was read, when a recorder is bound (`data:` URIs are not files).
    public static func noteRead(_ path: String) {
        guard let recorder, !path.hasPrefix("data:") else { return }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        recorder.lock.withLock { _ = recorder.paths.insert(absolute) }
    }

    /// The files read, absolute, sorted.
    public var all: [String] { lock.withLock { paths.sorted() } }
}
