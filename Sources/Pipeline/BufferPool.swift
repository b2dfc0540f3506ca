import Foundation

/// Recycles frame buffers (RGBA pixmaps, YUV frames) so that encoding a clip allocates only as
/// many frames as are in flight.
final class BufferPool<Buffer: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var free: [Buffer] = []
    private let make: @Sendable () -> Buffer?

    /// A pool that makes a new buffer with `make` when none is free.
    init(make: @escaping @Sendable () -> Buffer?) {
        self.make = make
    }

    /// A buffer (its contents are whatever the last user left), or nil when none can be made.
    func take() -> Buffer? {
        lock.lock()
        let reused = free.popLast()
        lock.unlock()
        return reused ?? make()
    }

    func give(_ buffer: Buffer) {
        lock.lock()
        free.append(buffer)
        lock.unlock()
    }
}
