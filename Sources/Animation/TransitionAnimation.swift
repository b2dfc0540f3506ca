/// Animates a change of a layer's whole picture (`CATransition`): added to a layer in the same
/// step that changes its sublayers, contents, `hidden` or anything else, it shows the layer as
/// it was just before the change giving way to the layer as it is, for its duration.
///
/// It is always added under the key `"transition"` (`kCATransition`), as Core Animation does.
public final class TransitionAnimation: Animation {
    /// How the old picture gives way to the new one.
    public var type: Transition.Kind = .fade
    /// The side the new picture comes from (moveIn, push, reveal), or that turns toward the
    /// viewer (flip); nil is `fromLeft`.
    public var subtype: Transition.Direction?
    /// Where in the transition it starts, 0…1.
    public var startProgress = 0.0
    /// Where in the transition it ends, 0…1.
    public var endProgress = 1.0

    public override func copy() -> Animation {
        let a = TransitionAnimation()
        a.copyTiming(from: self)
        a.type = type
        a.subtype = subtype
        a.startProgress = startProgress
        a.endProgress = endProgress
        return a
    }

    public override func spec() throws(AnimationError) -> AnimationSpec {
        AnimationSpec(timing: timing, timingFunction: timingFunction, isRemovedOnCompletion: isRemovedOnCompletion,
                      content: .transition(Transition(kind: type, direction: subtype ?? .fromLeft,
                                                      startProgress: min(max(startProgress, 0), 1), endProgress: min(max(endProgress, 0), 1))))
    }
}

/// A transition as the timeline keeps it.
public struct Transition: Hashable, Sendable {
    /// `CATransition.type`.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The old picture dissolves into the new one.
        case fade
        /// The new picture slides in over the old one.
        case moveIn
        /// The new picture slides in and pushes the old one out.
        case push
        /// The old picture slides out, uncovering the new one.
        case reveal
        /// The layer turns over about its middle, in perspective: the old picture on its front,
        /// the new one on its back (UIKit's flip transitions; not a public `CATransition` type).
        case flip
    }

    /// `CATransition.subtype`: the side the motion comes from (a flip: the side that comes
    /// toward the viewer).
    public enum Direction: String, Hashable, Sendable, CaseIterable {
        case fromLeft, fromRight, fromTop, fromBottom

        /// The direction of motion in the layer's bounds coordinates (y down).
        public var motion: (x: Double, y: Double) {
            switch self {
            case .fromLeft: (1, 0)
            case .fromRight: (-1, 0)
            case .fromTop: (0, 1)
            case .fromBottom: (0, -1)
            }
        }
    }

    public var kind: Kind
    public var direction: Direction
    public var startProgress: Double
    public var endProgress: Double

    /// The transition's progress at a timing fraction already eased.
    func progress(at eased: Double) -> Double {
        startProgress + (endProgress - startProgress) * eased
    }
}
