/// One thing a script rule does when it fires: what a line of an iOS delegate callback does, as
/// data a scene file can hold. Layers are named by their `name`.
public indirect enum ScriptAction {
    /// Adds a copy of the animation to the layer under `key` (`addAnimation:forKey:`). With
    /// `begin`, its beginTime is the layer's time at the callback plus `begin` seconds
    /// (`CACurrentMediaTime() + begin` converted to the layer).
    case add(Animation, to: String, key: String?, begin: Double?)
    /// Sets model properties of a layer; each change is animated implicitly unless the
    /// transaction disables actions (docs/core-animation.md §7).
    case set([(property: LayerProperty, value: LayerProperty.Value)], on: String)
    /// Removes the animation under `key` (`removeAnimationForKey:`); it stops unfinished.
    case remove(key: String, from: String)
    /// Removes every animation of the layer (`removeAllAnimations`).
    case removeAll(from: String)
    /// Freezes the layer and its sublayers where they are (Technical Q&A 1673's pause).
    case pause(String)
    /// Lets a paused layer's time run on from where it stopped (Q&A 1673's resume).
    case resume(String)
    /// Moves a layer to be a sublayer of another, last or at `index` (`insertSublayer:atIndex:`).
    case addSublayer(String, to: String, at: Int?)
    /// Takes a layer out of its superlayer (`removeFromSuperlayer`).
    case removeFromSuperlayer(String)
    /// Runs `actions` in a transaction of their own (`CATransaction.begin()`…`commit()`).
    case transaction(Transaction, [ScriptAction], completion: [ScriptAction])

    /// The names of the layers the action (and any it nests) refers to.
    var layerNames: [String] {
        switch self {
        case .add(_, let layer, _, _), .set(_, let layer), .remove(_, let layer), .removeAll(let layer),
             .pause(let layer), .resume(let layer), .removeFromSuperlayer(let layer):
            [layer]
        case let .addSublayer(layer, parent, _):
            [layer, parent]
        case let .transaction(_, actions, completion):
            (actions + completion).flatMap(\.layerNames)
        }
    }
}

/// How a transaction animates the model changes made in it (`CATransaction`).
public struct Transaction: Sendable, Equatable {
    /// The duration of the implicit animations (`animationDuration`).
    public var duration: Double
    /// Their timing function (`animationTimingFunction`).
    public var timingFunction: TimingFunction
    /// Whether model changes take effect without implicit animations (`disableActions`).
    public var disableActions: Bool
    /// Seconds of the layer's time after the commit at which the implicit animations begin,
    /// showing the old values until then (filling backwards): UIView.animate's `delay`, which
    /// CATransaction does not have.
    public var delay: Double
    /// How many times the implicit animations repeat (`.infinity`: for ever) and whether they run
    /// back after each pass: UIView.animate's `.repeat` and `.autoreverse`, which CATransaction
    /// does not have.
    public var repeatCount: Double
    public var autoreverses: Bool
    /// When set, the implicit animations are springs moving so (their timing function ignored):
    /// UIView.animate's `usingSpringWithDamping`, which CATransaction does not have.
    public var spring: AnimationSpec.Spring?

    /// The implicit transaction every callback runs in: 0.25 s with the default timing function.
    public static let implicit = Transaction()

    /// A transaction; the defaults are those of Core Animation's implicit one.
    public init(duration: Double = 0.25, timingFunction: TimingFunction = .default, disableActions: Bool = false, delay: Double = 0,
                repeatCount: Double = 0, autoreverses: Bool = false, spring: AnimationSpec.Spring? = nil) {
        self.duration = duration
        self.timingFunction = timingFunction
        self.disableActions = disableActions
        self.delay = delay
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
        self.spring = spring
    }
}
