/// The scene's script clock: what a delegate callback or a timer sees.
///
/// Callbacks receive the script and can read `now`, change layers (effective from `now`, and
/// animated implicitly as a standalone `CALayer`'s changes are: see `transaction`), add
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
    /// Every named layer of the tree when the script started, so that a rule still finds a
    /// layer it took out of the tree.
    var layersByName: [String: Layer] = [:]
    /// Commits the changes made so far with a transaction's settings (set by the resolver while
    /// it runs): `closing` the innermost open transaction, whose completion it is given, or not
    /// (a `beginTransaction` committing the changes made before it in the one around it).
    var commit: ((Transaction, _ closing: Bool, [Completion]) -> Void)?
    /// The explicit transactions open, innermost last.
    private var openTransactions: [Transaction] = []
    /// How many explicit transactions are open.
    public var openTransactionCount: Int { openTransactions.count }

    /// An empty script at time 0.
    public init() {}

    /// Whether timers are waiting to run (which a scene file cannot hold: they are closures).
    public var hasPendingTimers: Bool { !timers.isEmpty }

    /// Runs `action` `delay` seconds from now, as `performSelector:withObject:afterDelay:`.
    public func after(_ delay: Double, _ action: @escaping (Script) -> Void) {
        timers.append((now + max(delay, 0), action))
    }

    /// Runs `body` as a `CATransaction`: the model changes it makes are animated implicitly
    /// with `settings` (or not at all when they disable actions), and `completion` runs when
    /// every animation added while it was open (by it and the transactions opened inside it)
    /// has stopped (at once when none was). Changes made in a callback outside any transaction
    /// animate with `Transaction.implicit`.
    public func transaction(_ settings: Transaction, completion: ((Script) -> Void)? = nil, _ body: () -> Void) {
        beginTransaction(settings)
        body()
        commitTransaction(completion: completion)
    }

    /// Opens a transaction, as `CATransaction.begin()`: the changes made so far are committed
    /// first, under the enclosing transaction's settings. `openTransaction` reads and changes
    /// its settings until `commitTransaction` closes it.
    public func beginTransaction(_ settings: Transaction = .implicit) {
        commit?(openTransactions.last ?? .implicit, false, [])
        openTransactions.append(settings)
    }

    /// The settings of the innermost open transaction; nil when none is open (setting nil, or
    /// setting while none is open, changes nothing).
    public var openTransaction: Transaction? {
        get { openTransactions.last }
        set {
            guard let newValue, !openTransactions.isEmpty else { return }
            openTransactions[openTransactions.count - 1] = newValue
        }
    }

    /// Closes the innermost open transaction, as `CATransaction.commit()`: its changes are
    /// committed with its settings, and `completion` runs when every animation added while it
    /// was open (by it and the transactions opened inside it) has stopped. While the scene is
    /// built nothing animates: the changes are the starting state, and `completion` runs at
    /// time 0.
    public func commitTransaction(completion: ((Script) -> Void)? = nil) {
        commitTransaction(completions: completion.map { completion in [Completion { script, _ in completion(script) }] } ?? [])
    }

    /// `commitTransaction(completion:)` with several completions, each waiting for the
    /// transaction's animations on the layers it counts and told whether they all finished.
    public func commitTransaction(completions: [Completion]) {
        guard let settings = openTransactions.popLast() else { return }
        if let commit {
            commit(settings, true, completions)
        } else {
            for completion in completions { after(0) { completion.action($0, true) } }
        }
    }

    /// What runs when a transaction's animations have stopped: `action`, told whether they all
    /// finished (false when one was removed early: taken off, or replaced under its key — what a
    /// UIKit animation block's completion is told), once those on the layers `counts` accepts
    /// have (every layer's when nil; at once when there are none).
    public struct Completion {
        let counts: ((Layer) -> Bool)?
        let action: (Script, _ finished: Bool) -> Void

        public init(waitingFor counts: ((Layer) -> Bool)? = nil, _ action: @escaping (Script, _ finished: Bool) -> Void) {
            (self.counts, self.action) = (counts, action)
        }
    }

    /// The layer's local time now (`convertTime(CACurrentMediaTime(), from: nil)`).
    public func layerTime(of layer: Layer) -> Double {
        layer.localTime(atVideoTime: now)
    }

    /// Pauses the layer and everything under it where they are now, as Technical Q&A 1673 does:
    /// speed 0 and timeOffset the layer's current time.
    public func pause(_ layer: Layer) {
        let paused = layerTime(of: layer)
        layer.timing.speed = 0
        layer.timing.timeOffset = paused
    }

    /// Resumes a layer paused by `pause`, as Technical Q&A 1673 does: speed 1, timeOffset 0, and
    /// beginTime the time spent paused, so its time runs on from where it stopped.
    public func resume(_ layer: Layer) {
        let paused = layer.timing.timeOffset
        layer.timing.speed = 1
        layer.timing.timeOffset = 0
        layer.timing.beginTime = 0
        layer.timing.beginTime = layerTime(of: layer) - paused
    }

    /// Adds a rule; rules with a `.start` trigger are scheduled when the scene is built.
    public func add(_ rule: ScriptRule) {
        rules.append(rule)
        rulesByAnimation[rule.trigger.animation, default: []].append(rules.count - 1)
    }

    /// Runs the rules that `trigger` matches: each acts now or after its delay.
    /// Only the rules watching the event's animation are looked at, so a long script with many
    /// rules costs per event what the matching rules cost. Returns whether any rule matched.
    @discardableResult
    func fire(_ trigger: ScriptRule.Trigger, layerName: String?) -> Bool {
        var fired = false
        for index in rulesByAnimation[trigger.animation] ?? [] where rules[index].matches(trigger, layerName: layerName) {
            let rule = rules[index]
            if rule.delay > 0 {
                after(rule.delay) { script in script.run(rule) }
            } else {
                run(rule)
            }
            fired = true
        }
        return fired
    }

    /// Runs a rule's actions, and schedules the next run of a repeating one.
    private func run(_ rule: ScriptRule) {
        perform(rule.actions)
        if let interval = rule.interval, interval > 0 {
            after(interval) { script in script.run(rule) }
        }
    }

    /// The layer a rule calls `name`.
    func layer(named name: String) -> Layer? {
        layersByName[name] ?? root?.layer(named: name)
    }

    /// Does what the actions say, in order. Their layers and properties were checked when the
    /// script started (`Timeline.resolve`), so a missing layer here is one a callback removed.
    func perform(_ actions: [ScriptAction]) {
        for action in actions {
            switch action {
            case let .add(animation, name, key, begin):
                guard let layer = layer(named: name) else { continue }
                let copy = animation.copy()
                if let begin { copy.beginTime = layerTime(of: layer) + begin }
                layer.add(copy, forKey: key)
            case let .set(changes, name):
                guard let layer = layer(named: name) else { continue }
                for change in changes { try? layer.setValue(change.value, for: change.property) }
            case let .remove(key, name):
                layer(named: name)?.removeAnimation(forKey: key)
            case .removeAll(let name):
                layer(named: name)?.removeAllAnimations()
            case .pause(let name):
                if let layer = layer(named: name) { pause(layer) }
            case .resume(let name):
                if let layer = layer(named: name) { resume(layer) }
            case let .addSublayer(name, parentName, index):
                guard let layer = layer(named: name), let parent = self.layer(named: parentName) else { continue }
                if let index { parent.insertSublayer(layer, at: index) } else { parent.addSublayer(layer) }
            case .removeFromSuperlayer(let name):
                layer(named: name)?.removeFromSuperlayer()
            case let .transaction(settings, body, completion):
                transaction(settings, completion: completion.isEmpty ? nil : { $0.perform(completion) }) { perform(body) }
            }
        }
    }
}
