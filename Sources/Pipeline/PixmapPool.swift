import Foundation
import Raster

/// Recycles frame buffers so that encoding a clip allocates only as many frames as are in flight.
final class PixmapPool: @unchecked Sendable {
    private let lock = NSLock()
    private var free: [Pixmap] = []
    private let width: Int
    private let height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// A pixmap of the pool's size (its contents are whatever the last user left).
    func take() -> Pixmap? {
        lock.lock()
        let reused = free.popLast()
        lock.unlock()
        return reused ?? Pixmap(width: width, height: height)
    }

    func give(_ pixmap: Pixmap) {
        lock.lock()
        free.append(pixmap)
        lock.unlock()
    }
}
