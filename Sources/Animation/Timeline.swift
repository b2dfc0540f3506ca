import Geometry

/// A scene resolved for a clip: every layer's model history and every animation with its absolute
/// begin, all value types. `presentation(at:)` and `displayList(at:)` are pure functions of it.
public struct Timeline: Sendable {
    /// One layer: its model values over time and the animations attached to it.
    public struct Node: Sendable {
        /// Model values with the time from which each holds, in increasing time order.
        public var history: [(time: Double, values: LayerValues, sublayers: [Int])]
        public var animations: [ScheduledAnimation]

        /// The model state in force at video time `t` (the first one before the first change).
        public func model(at t: Double) -> (values: LayerValues, sublayers: [Int]) {
            var lo = 0, hi = history.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if history[mid].time <= t { lo = mid } else { hi = mid - 1 }
            }
            return (history[lo].values, history[lo].sublayers)
        }
    }

    /// An animation attached to a layer during `[addedAt, removedAt)` of video time.
    public struct ScheduledAnimation: Sendable {
        public var key: String?
        public var spec: AnimationSpec
        public var addedAt: Double
        public var removedAt: Double
    }

    public let nodes: [Node]
    /// The index of the root layer in `nodes`.
    public let root: Int
    /// The canvas size in points.
    public let canvasSize: Size
    /// The clip length the script was resolved to.
    public let duration: Double
}
