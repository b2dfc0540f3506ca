import Synchronization

/// What a Lottie file asks for that animvid does not draw yet, and what in the file keeps it from
/// drawing as written (a missing picture), by kind, with the layers (JSON paths) it concerns: one
/// warning a kind, never a silent drop.
final class LottieWarnings: Sendable {
    private let places = Mutex<[(kind: String, unsupported: Bool, paths: [String])]>([])

    /// A feature animvid does not draw yet, at `path`.
    func note(_ kind: String, at path: String) {
        add(kind, unsupported: true, at: path)
    }

    /// Something in the file that is drawn otherwise than written (`kind` says how), at `path`.
    func notice(_ kind: String, at path: String) {
        add(kind, unsupported: false, at: path)
    }

    private func add(_ kind: String, unsupported: Bool, at path: String) {
        places.withLock { places in
            if let i = places.firstIndex(where: { $0.kind == kind }) {
                if places[i].paths.count < 5 && !places[i].paths.contains(path) { places[i].paths.append(path) }
            } else {
                places.append((kind, unsupported, [path]))
            }
        }
    }

    /// One line a kind: `not supported yet: masks (layers[2], layers[5])`.
    var lines: [String] {
        places.withLock { $0.map { "\($0.unsupported ? "not supported yet: " : "")\($0.kind) (\($0.paths.joined(separator: ", ")))" } }
    }
}
