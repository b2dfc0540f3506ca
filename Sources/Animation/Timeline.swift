import Geometry

/// A scene resolved for a clip: every layer's model history and every animation with its absolute
/// begin, all value types. `presentation(at:)` and `displayList(at:)` are pure functions of it.
public struct Timeline: Sendable {
    /// A layer's model from a moment on: its values, sublayers and mask (as node indices).
    public struct ModelState: Sendable {
        public var time: Double
        public var values: LayerValues
        public var sublayers: [Int]
        public var mask: Int?
    }

    /// One layer: its model values over time and the animations attached to it.
    public struct Node: Sendable {
        /// Model states in increasing time order.
        public var history: [ModelState]
        public var animations: [ScheduledAnimation]

        /// The model state in force at video time `t` (the first one before the first change).
        public func model(at t: Double) -> ModelState {
            var lo = 0, hi = history.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if history[mid].time <= t { lo = mid } else { hi = mid - 1 }
            }
            return history[lo]
        }
    }

    /// An animation attached to a layer from `addedAt` until it is removed or replaced at
    /// `removedAt` (video time; infinity when it never is). Whether it has finished is decided by
    /// its timing when sampled, in the layer's (or replicator instance's) own time.
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
