import Foundation

/// A request to stop an encode, set from a signal handler and checked between frames.
public final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var signal: Int32?

    /// A flag with no stop requested.
    public init() {}

    /// Asks the encode to stop, remembering which signal asked.
    public func request(signal: Int32) {
        lock.lock()
        if self.signal == nil { self.signal = signal }
        lock.unlock()
    }

    /// The signal that asked to stop, if one did.
    public var requested: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return signal
    }
}

/// An encode stopped on request: `keptFrames` of `totalFrames` are safe in the session.
public struct EncodeStopped: Error, CustomStringConvertible {
    /// The signal that asked to stop (e.g. SIGINT).
    public let signal: Int32
    /// Frames safe in the session's finished segments.
    public let keptFrames: Int
    /// Frames in the whole output.
    public let totalFrames: Int

    public var description: String {
        "interrupted: \(keptFrames) of \(totalFrames) frames kept; run the same command to resume"
    }
}
