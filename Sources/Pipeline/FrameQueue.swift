import Foundation

/// Hands rendered frames from any number of render workers to one consumer in frame order.
///
/// Workers `claim` frame numbers, render them in any order and `put` them back; the consumer
/// `take`s them strictly in order. At most `capacity` frames are claimed but not yet taken, which
/// bounds memory whatever the clip's length.
///
/// Its state is guarded by an `NSCondition` (workers and the consumer wait on it), which the
/// compiler cannot check: `Mutex` has no wait.
final class FrameQueue<Element: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let capacity: Int
    private let end: Int
    private var ready: [Int: Element] = [:]
    private var nextClaim: Int
    private var nextTake: Int
    private var cancelled = false

    /// A queue for frames `range`, with at most `capacity` (≥ 1) in flight.
    init(frames range: Range<Int>, capacity: Int) {
        self.capacity = max(1, capacity)
        nextClaim = range.lowerBound
        nextTake = range.lowerBound
        end = range.upperBound
    }

    /// The next frame number to render, waiting while the queue is full; nil when every frame is
    /// claimed or the queue was cancelled.
    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled && nextClaim < end && nextClaim >= nextTake + capacity { condition.wait() }
        guard !cancelled, nextClaim < end else { return nil }
        nextClaim += 1
        return nextClaim - 1
    }

    /// Delivers a rendered frame.
    func put(_ element: Element, frame: Int) {
        condition.lock()
        ready[frame] = element
        condition.broadcast()
        condition.unlock()
    }

    /// The next frame in order, waiting until it is rendered; nil when cancelled.
    func take() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled && ready[nextTake] == nil { condition.wait() }
        guard !cancelled, let element = ready.removeValue(forKey: nextTake) else { return nil }
        nextTake += 1
        condition.broadcast()
        return element
    }

    /// Wakes every waiter and makes all further calls return nil.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}
