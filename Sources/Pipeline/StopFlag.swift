import Foundation
import Synchronization

/// A request to stop an encode, set from a signal handler and checked between frames.
public final class StopFlag: Sendable {
    /// The signal that asked first; 0 while none has.
    private let signal = Atomic<Int32>(0)

    /// A flag with no stop requested.
    public init() {}

    /// Asks the encode to stop, remembering which signal asked (the first one).
    public func request(signal: Int32) {
        _ = self.signal.compareExchange(expected: 0, desired: signal, ordering: .relaxed)
    }

    /// The signal that asked to stop, if one did.
    public var requested: Int32? {
        let value = signal.load(ordering: .relaxed)
        return value == 0 ? nil : value
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

    package init(signal: Int32, keptFrames: Int, totalFrames: Int) {
        (self.signal, self.keptFrames, self.totalFrames) = (signal, keptFrames, totalFrames)
    }

    public var description: String {
        "interrupted: \(keptFrames) of \(totalFrames) frames kept; run the same command to resume"
    }
}
