/// A step of a scene's script as data: when `trigger` happens, wait `delay` seconds, then add a
/// copy of `animation` to the layer called `layer` under `key` (as `addAnimation:forKey:`).
///
/// This is what a seed's delegate methods do (`animationDidStart:` with `performSelector:
/// afterDelay:`, `animationDidStop:finished:`), written so that a file can hold it.
public struct ScriptRule {
    /// What starts a rule.
    public enum Trigger: Equatable, Sendable {
        /// The scene starts (time 0).
        case start
        /// An animation called `animation` starts its active duration, on the layer called
        /// `layer` or on any layer when `layer` is nil.
        case didStart(animation: String, layer: String?)
        /// An animation called `animation` stops, finished or removed early.
        case didStop(animation: String, layer: String?)

        /// The name of the animation watched; nil for `.start`.
        var animation: String? {
            switch self {
            case .start: nil
            case .didStart(let name, _), .didStop(let name, _): name
            }
        }
    }

    /// The event that starts the rule.
    public var trigger: Trigger
    /// Seconds between the trigger and the addition.
    public var delay: Double
    /// The animation added (the rule keeps its own copy).
    public var animation: Animation
    /// The `name` of the layer the animation is added to.
    public var layer: String
    /// The key the animation is added under; an animation already under it is replaced.
    public var key: String?

    /// A rule adding a copy of `animation` to the layer named `layer`, `delay` seconds after `trigger`.
    public init(on trigger: Trigger, after delay: Double = 0, add animation: Animation, to layer: String, forKey key: String? = nil) {
        self.trigger = trigger
        self.delay = delay
        self.animation = animation.copy()
        self.layer = layer
        self.key = key
    }

    /// Whether an event (with the name of the layer it happened on) starts this rule.
    func matches(_ event: Trigger, layerName: String?) -> Bool {
        switch (trigger, event) {
        case (.start, .start):
            return true
        case let (.didStart(name, layer), .didStart(eventName, _)), let (.didStop(name, layer), .didStop(eventName, _)):
            return name == eventName && (layer == nil || layer == layerName)
        default:
            return false
        }
    }
}
