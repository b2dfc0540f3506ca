import Foundation
import Synchronization

/// Recycles frame buffers (RGBA pixmaps, YUV frames) so that encoding a clip allocates only as
/// many frames as are in flight.
final class BufferPool<Buffer: Sendable>: Sendable {
    private let free = Mutex<[Buffer]>([])
    private let make: @Sendable () -> Buffer?

    /// A pool that makes a new buffer with `make` when none is free.
    init(make: @escaping @Sendable () -> Buffer?) {
        self.make = make
    }

    /// A buffer (its contents are whatever the last user left), or nil when none can be made.
    func take() -> Buffer? {
        free.withLock { $0.popLast() } ?? make()
    }

    func give(_ buffer: Buffer) {
        free.withLock { $0.append(buffer) }
    }
}
