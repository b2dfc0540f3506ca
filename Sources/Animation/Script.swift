/// The scene's script clock: what a delegate callback or a timer sees.
///
/// Callbacks receive the script and can read `now`, change layers (effective from `now`), add
/// animations (an animation with beginTime 0 begins at `now`) and schedule timers with `after`.
/// Rules (`add(_:)`) say the same as data, so a scene file can hold them and a built-in scene can
/// be exported. The resolver runs the script once, in time order, before any frame is drawn.
public final class Script {
    /// The time of the event being handled, in seconds of video time.
    public internal(set) var now: Double = 0
    /// The rules in the order they were added.
    public private(set) var rules: [ScriptRule] = []
    /// The positions in `rules` of the rules watching each animation name (`nil`: start rules).
    private var rulesByAnimation: [String?: [Int]] = [:]
    var timers: [(time: Double, action: (Script) -> Void)] = []
    /// The root of the layer tree, where rules look up layers by name.
    var root: Layer?

    /// An empty script at time 0.
    public init() {}

    /// Whether timers are waiting to run (which a scene file cannot hold: they are closures).
    public var hasPendingTimers: Bool { !timers.isEmpty }

    /// Runs `action` `delay` seconds from now, as `performSelector:withObject:afterDelay:`.
    public func after(_ delay: Double, _ action: @escaping (Script) -> Void) {
        timers.append((now + max(delay, 0), action))
    }

    /// Adds a rule; rules with a `.start` trigger are scheduled when the scene is built.
    public func add(_ rule: ScriptRule) {
        rules.append(rule)
        rulesByAnimation[rule.trigger.animation, default: []].append(rules.count - 1)
    }

    /// Runs the rules that `trigger` matches: each adds its animation now or after its delay.
    /// Only the rules watching the event's animation are looked at, so a long script with many
    /// rules costs per event what the matching rules cost.
    func fire(_ trigger: ScriptRule.Trigger, layerName: String?) {
        for index in rulesByAnimation[trigger.animation] ?? [] where rules[index].matches(trigger, layerName: layerName) {
            let rule = rules[index]
            if rule.delay > 0 {
                after(rule.delay) { script in script.perform(rule) }
            } else {
                perform(rule)
            }
        }
    }

    private func perform(_ rule: ScriptRule) {
        root?.layer(named: rule.layer)?.add(rule.animation, forKey: rule.key)
    }
}
