/// A step of a scene's script as data: when `trigger` happens, wait `delay` seconds, then run
/// `actions` (and again every `interval` seconds when it repeats, as a repeating timer).
///
/// This is what a seed's delegate methods do (`animationDidStart:` with `performSelector:
/// afterDelay:`, `animationDidStop:finished:`, `NSTimer`), written so that a file can hold it.
public struct ScriptRule {
    /// What starts a rule.
    public enum Trigger: Equatable, Sendable {
        /// The scene starts (time 0).
        case start
        /// An animation called `animation` starts its active duration, on the layer called
        /// `layer` or on any layer when `layer` is nil.
        case didStart(animation: String, layer: String?)
        /// An animation called `animation` stops: finished, or removed early. `finished` picks
        /// one of the two (the branch a delegate makes on its `finished` flag); nil takes both.
        case didStop(animation: String, layer: String?, finished: Bool? = nil)

        /// The name of the animation watched; nil for `.start`.
        var animation: String? {
            switch self {
            case .start: nil
            case .didStart(let name, _), .didStop(let name, _, _): name
            }
        }
    }

    /// The event that starts the rule.
    public var trigger: Trigger
    /// Seconds between the trigger and the actions.
    public var delay: Double
    /// When set, the actions run again every `interval` seconds after the first time, to the end
    /// of the clip (a repeating timer).
    public var interval: Double?
    /// What the rule does, in order, in one implicit transaction.
    public var actions: [ScriptAction]

    /// A rule running `actions` `delay` seconds after `trigger`, repeating every `interval` seconds when set.
    public init(on trigger: Trigger, after delay: Double = 0, every interval: Double? = nil, do actions: [ScriptAction]) {
        self.trigger = trigger
        self.delay = delay
        self.interval = interval
        self.actions = actions.map(\.copied)
    }

    /// A rule adding a copy of `animation` to the layer named `layer`, `delay` seconds after `trigger`.
    public init(on trigger: Trigger, after delay: Double = 0, add animation: Animation, to layer: String, forKey key: String? = nil) {
        self.init(on: trigger, after: delay, do: [.add(animation, to: layer, key: key, begin: nil)])
    }

    /// Whether an event (with the name of the layer it happened on) starts this rule.
    func matches(_ event: Trigger, layerName: String?) -> Bool {
        switch (trigger, event) {
        case (.start, .start):
            return true
        case let (.didStart(name, layer), .didStart(eventName, _)):
            return name == eventName && (layer == nil || layer == layerName)
        case let (.didStop(name, layer, finished), .didStop(eventName, _, eventFinished)):
            return name == eventName && (layer == nil || layer == layerName) && (finished == nil || finished == eventFinished)
        default:
            return false
        }
    }
}

extension ScriptAction {
    /// The action with its own copies of the animations it adds, as a rule keeps them.
    var copied: ScriptAction {
        switch self {
        case let .add(animation, layer, key, begin): .add(animation.copy(), to: layer, key: key, begin: begin)
        case let .transaction(t, actions, completion): .transaction(t, actions.map(\.copied), completion: completion.map(\.copied))
        default: self
        }
    }
}
