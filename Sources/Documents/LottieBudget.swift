import Foundation

/// The work a Lottie file may ask for while it is built, counted across every layer and every
/// use of a precomposition: keyframes read, path points read (again for each repeated copy) and points sampled. A small file that places a heavy
/// precomposition ten thousand times fails instead of exhausting memory.
final class LottieBudget: @unchecked Sendable {
    private let lock = NSLock()
    private var spent = 0
    static let limit = 20_000_000

    /// Counts `cost` units spent at `path`; past the limit, an error there.
    func charge(_ cost: Int, at path: String, in file: String) throws(DocumentError) {
        let total = lock.withLock { () -> Int in
            spent += cost
            return spent
        }
        guard total <= Self.limit else {
            throw DocumentError(file: file, position: nil, path: path,
                                message: "the file asks for more than \(Self.limit) keyframes, path points and copies in all")
        }
    }
}
