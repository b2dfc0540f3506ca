import Geometry

/// A scene resolved for a clip: every layer's model history and every animation with its absolute
/// begin, all value types. `presentation(at:)` and `displayList(at:)` are pure functions of it.
public struct Timeline: Sendable {
    /// A layer's model from a moment on: its values, sublayers and mask (as node indices).
    struct ModelState: Sendable {
        var time: Double
        var values: LayerValues
        var sublayers: [Int]
        var mask: Int?
    }

    /// One layer: its model values over time and the animations attached to it.
    struct Node: Sendable {
        /// Model states in increasing time order.
        let history: [ModelState]
        let animations: [ScheduledAnimation]
        /// A scene layer's shot, resolved on its own.
        let shot: Timeline?
        /// Whether any of its animations is a transition (most layers never have one, and
        /// drawing then skips looking for it).
        let hasTransitions: Bool
        /// For an emitter: whether what a particle takes at its birth ever changes (animated, or
        /// set by the script), so births must read the layer as it was then.
        let birthsVary: Bool
        /// The largest `lifetime` multiplier its model has had: how far back births are looked for.
        let longestLifetime: Double
        /// An emitter's cells' highest birth rates and lifetimes, by their paths of indices (`EmitterBirth.cellPeaks`).
        let cellPeaks: CellPeaks
        /// Whether the layer holds its superlayer's own drawing (`isSuperlayerDrawing`, as it
        /// was made: QuartzCoreCompat sets it when it makes the layer).
        let isSuperlayerDrawing: Bool
        /// Whether a text layer draws its text as a bitmap of its own `contentsScale` (one it sets
        /// itself; left unset, it draws at the output's scale).
        let drawsTextAtContentsScale: Bool

        /// A node of these states and animations; the facts drawing asks of it every frame are
        /// worked out once, here.
        init(history: [ModelState], animations: [ScheduledAnimation], shot: Timeline?, setsContentsScale: Bool = false) {
            self.history = history
            self.animations = animations
            self.shot = shot
            hasTransitions = animations.contains { if case .transition = $0.spec.content { true } else { false } }
            let birth = EmitterBirth.properties
            birthsVary = animations.contains { $0.spec.animatesKeyPath(where: EmitterBirth.isAffected) }
                || Set(history.map { state in birth.map { $0.value(in: state.values) } }).count > 1
            cellPeaks = history.first?.values.kind == .emitter
                ? EmitterBirth.cellPeaks(history.map(\.values.emitterCells), animations: animations.map(\.spec)) : CellPeaks()
            longestLifetime = history.map(\.values.lifetime).max() ?? 0
            isSuperlayerDrawing = history.first?.values.isSuperlayerDrawing ?? false
            drawsTextAtContentsScale = setsContentsScale && history.first?.values.kind == .text
        }

        /// The model state in force at video time `t` (the first one before the first change).
        /// The index in `history` of the model state at video time `t` (read in place: a state
        /// holds a layer's every value, and copying one retains each of them).
        func modelIndex(at t: Double) -> Int {
            var lo = 0, hi = history.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if history[mid].time <= t { lo = mid } else { hi = mid - 1 }
            }
            return lo
        }
    }

    /// An animation attached to a layer from `addedAt` until it is removed or replaced at
    /// `removedAt` (video time; infinity when it never is). Whether it has finished is decided by
    /// its timing when sampled, in the layer's (or replicator instance's) own time.
    struct ScheduledAnimation: Sendable {
        var key: String?
        var spec: AnimationSpec
        var addedAt: Double
        var removedAt: Double
    }

    /// Every layer of the scene, by index.
    let nodes: [Node]
    /// The index of the root layer in `nodes`.
    let root: Int
    /// The canvas size in points.
    public let canvasSize: Size
    /// The clip length the script was resolved to.
    public let duration: Double
}
