import Geometry

extension Timeline {
    /// Runs a scene's script up to `duration` seconds and freezes the result.
    ///
    /// `build` creates the layer tree at time 0 and returns its root; it may add animations and
    /// schedule timers. Then delegate callbacks and timers run in time order (ties in the order
    /// they were scheduled), each seeing `script.now`; what they change takes effect from then on.
    /// - Throws: `AnimationError` for an unknown key path or a value of the wrong type, when the
    ///   script handles more than `maximumEvents` callbacks (one that reschedules itself with no
    ///   delay would otherwise never end), when callbacks × layers passes `maximumWork` (each
    ///   callback looks at every layer), or when more than `maximumLiveAnimations` animations run
    ///   at once on one layer (rules that multiply their animations).
    public static func resolve(canvasSize: Size, duration: Double, maximumEvents: Int = 1_000_000,
                               maximumWork: Int = 200_000_000, maximumLiveAnimations: Int = 10_000,
                               build: (Script) throws -> Layer) throws -> Timeline {
        let script = Script()
        let root = try build(script)
        let resolver = TimelineResolver(root: root, script: script, duration: duration, maximumLiveAnimations: maximumLiveAnimations)
        script.root = root
        // One walk of the tree for every rule's layer (a file may hold 10,000 rules and layers).
        func gather(_ layer: Layer) {
            if let name = layer.name, script.layersByName[name] == nil { script.layersByName[name] = layer }
            if let mask = layer.mask { gather(mask) }
            layer.sublayers.forEach(gather)
        }
        gather(root)
        for rule in script.rules {
            try check(rule.actions, layers: script.layersByName)
        }
        _ = try resolver.collect(.implicit)
        script.commit = { [unowned resolver] settings, closing, completions in resolver.commit(settings, closing: closing, completions: completions) }
        script.fire(.start, layerName: nil)
        try resolver.finishEvent()
        var handled = 0
        while let time = resolver.events.nextTime, time <= duration, let event = resolver.events.pop() {
            script.now = event.time
            // An event whose callback ran no code changes nothing: committing it would compare
            // every layer for nothing (a file of many animated layers is then quadratic).
            if resolver.run(event.payload) { try resolver.finishEvent() }
            handled += 1
            if handled > maximumEvents {
                throw AnimationError.scriptDidNotSettle(time: duration, events: handled)
            }
            if handled * resolver.nodes.count > maximumWork {
                throw AnimationError.scriptTooBusy(events: handled, layers: resolver.nodes.count)
            }
        }
        script.commit = nil
        return Timeline(nodes: resolver.frozenNodes(), root: resolver.index[ObjectIdentifier(root)] ?? 0,
                        canvasSize: canvasSize, duration: duration)
    }

    /// Checks that every layer a rule names exists and has the properties the rule sets.
    private static func check(_ actions: [ScriptAction], layers: [String: Layer]) throws(AnimationError) {
        for action in actions {
            for name in action.layerNames where layers[name] == nil { throw .unknownLayer(name) }
            switch action {
            case let .set(changes, name):
                let kind = layers[name]!.kind
                for change in changes where !change.property.applies(to: kind) {
                    throw .notAProperty(change.property.name, of: kind.rawValue,
                                        kinds: change.property.kinds.map { $0.map(\.rawValue).sorted() } ?? [])
                }
            case let .transaction(_, body, completion):
                try check(body + completion, layers: layers)
            default:
                break
            }
        }
    }
}

/// The mutable state of one script run.
private final class TimelineResolver {
    enum Event {
        case timer((Script) -> Void)
        /// A record's start or finish, valid while the record's `generation` is the one given
        /// (a change of timing above the layer reschedules them).
        case didStart(node: Int, record: Int, generation: Int)
        case didStop(node: Int, record: Int, finished: Bool, generation: Int)
    }

    struct Record {
        var scheduled: Timeline.ScheduledAnimation
        let animation: Animation
        var started = false
        var stopped = false
        var generation = 0
        /// The transactions whose completion waits for this animation to stop.
        var transactions: [Int] = []
    }

    struct NodeState {
        let layer: Layer
        var shot: Timeline?
        var history: [Timeline.ModelState] = []
        var records: [Record] = []
        /// The records not yet stopped, so that replacing or removing animations by key looks
        /// at the few live ones, not at every animation the script ever added.
        var live: [Int] = []
    }

    let root: Layer
    let script: Script
    /// The clip's length, which shots are resolved for.
    let duration: Double
    let maximumLiveAnimations: Int
    var nodes: [NodeState] = []
    var index: [ObjectIdentifier: Int] = [:]
    var events = EventQueue<Event>()
    /// Transaction completions waiting for their animations: how many are still running, and
    /// whether all that stopped so far finished (none was removed early).
    var completions: [(remaining: Int, finished: Bool, action: (Script, Bool) -> Void)] = []
    /// The animations added while each of the script's open transactions has been open,
    /// outermost first.
    private var openAdded: [[(node: Int, record: Int)]] = []
    /// The first error of a commit made inside a callback, thrown when the callback returns.
    var error: (any Error)?

    init(root: Layer, script: Script, duration: Double, maximumLiveAnimations: Int) {
        self.root = root
        self.script = script
        self.duration = duration
        self.maximumLiveAnimations = maximumLiveAnimations
    }

    /// Fires one event's callback; false when no code ran (an animation without a delegate or
    /// a rule starting or stopping), so nothing can have changed and there is nothing to commit.
    func run(_ event: Event) -> Bool {
        switch event {
        case .timer(let action):
            action(script)
            return true
        case let .didStart(node, record, generation):
            let r = nodes[node].records[record]
            guard r.generation == generation, !r.stopped, !r.started else { return false }
            nodes[node].records[record].started = true
            var ran = false
            if let didStart = r.animation.didStart {
                didStart(script)
                ran = true
            }
            if let name = r.animation.name { ran = script.fire(.didStart(animation: name, layer: nil), layerName: nodes[node].layer.name) || ran }
            return ran
        case let .didStop(node, record, finished, generation):
            let r = nodes[node].records[record]
            guard r.generation == generation, !r.stopped else { return false }
            nodes[node].records[record].stopped = true
            nodes[node].live.removeAll { $0 == record }
            var ran = false
            if let didStop = r.animation.didStop {
                didStop(script, finished)
                ran = true
            }
            if let name = r.animation.name {
                ran = script.fire(.didStop(animation: name, layer: nil, finished: finished), layerName: nodes[node].layer.name) || ran
            }
            for t in r.transactions {
                completions[t].remaining -= 1
                completions[t].finished = completions[t].finished && finished
                if completions[t].remaining == 0 {
                    completions[t].action(script, completions[t].finished)
                    ran = true
                }
            }
            return ran
        }
    }

    /// Commits what an event's callback changed in its implicit transaction, and throws the
    /// first error of the commits made during it.
    func finishEvent() throws {
        commit(script.openTransaction ?? .implicit, completions: [])
        if let error {
            self.error = nil
            throw error
        }
    }

    /// `collect`, keeping its error for `finishEvent` (a callback cannot throw). The animations
    /// added are kept for the script's open transactions: a transaction's completion waits for
    /// those added while it was open, by its own commits and by the transactions inside it
    /// (`closing` says the commit closes the innermost one, which the script has just let go).
    func commit(_ settings: Transaction, closing: Bool = false, completions: [Script.Completion]) {
        let depth = script.openTransactionCount
        while openAdded.count < depth + (closing ? 1 : 0) { openAdded.append([]) }
        // A closing transaction's list goes, whatever the commit does.
        defer { if closing { openAdded.removeSubrange(depth...) } }
        do {
            var added = try collect(settings)
            if closing {
                added = openAdded[depth] + added
                for completion in completions {
                    complete(completion.action, after: completion.counts.map { counts in added.filter { counts(nodes[$0.node].layer) } } ?? added)
                }
            }
            if depth > 0 { openAdded[depth - 1] += added }
        } catch {
            if self.error == nil { self.error = error }
        }
    }

    /// Runs `completion` when the animations `added` have all stopped (at once when there are
    /// none), telling it whether they all finished.
    private func complete(_ completion: @escaping (Script, Bool) -> Void, after added: [(node: Int, record: Int)]) {
        guard !added.isEmpty else { return events.push(.timer { completion($0, true) }, at: script.now) }
        completions.append((added.count, true, completion))
        for (node, record) in added { nodes[node].records[record].transactions.append(completions.count - 1) }
    }

    /// Records what was changed since the last commit, as one transaction: new layers, model
    /// values (animated implicitly unless `settings` disable actions), animations, timers; the
    /// animations added.
    func collect(_ settings: Transaction) throws -> [(node: Int, record: Int)] {
        let now = script.now
        register(root)
        for i in nodes.indices where nodes[i].shot == nil {
            guard let scene = nodes[i].layer as? SceneLayer else { continue }
            // Resolved far enough for the layer's own time to reach the clip's end (its
            // ancestors taken to run at speed 1), two hours at most.
            let timing = scene.timing
            let reach = (duration - min(timing.beginTime, 0)) * max(abs(timing.speed), 1) + max(timing.timeOffset, 0)
            nodes[i].shot = try scene.content(scene.bounds.size, min(reach, 7200))
        }
        var implicit: [(node: Int, animation: Animation, key: String)] = []
        var retimed: [Layer] = []
        for i in nodes.indices {
            let layer = nodes[i].layer
            let sublayers = layer.sublayers.compactMap { index[ObjectIdentifier($0)] }
            let mask = layer.mask.flatMap { index[ObjectIdentifier($0)] }
            if let last = nodes[i].history.last, last.values == layer.values, last.sublayers == sublayers, last.mask == mask { continue }
            if let last = nodes[i].history.last {
                if !settings.disableActions {
                    implicit += implicitAnimations(node: i, from: last.values, settings: settings, now: now).map { (i, $0.animation, $0.key) }
                }
                if last.values.timing != layer.values.timing { retimed.append(layer) }
                if last.sublayers != sublayers { retimed += layer.sublayers }
            }
            if nodes[i].history.last?.time == now { nodes[i].history.removeLast() }
            nodes[i].history.append(Timeline.ModelState(time: now, values: layer.values, sublayers: sublayers, mask: mask))
        }
        var added: [(node: Int, record: Int)] = []
        for (node, animation, key) in implicit {
            try apply(.add(animation, key: key), toNode: node, now: now, added: &added)
        }
        for i in nodes.indices {
            let changes = nodes[i].layer.pendingAnimationChanges
            nodes[i].layer.pendingAnimationChanges = []
            for change in changes { try apply(change, toNode: i, now: now, added: &added) }
        }
        for layer in retimed { reschedule(under: layer, now: now) }
        for timer in script.timers { events.push(.timer(timer.action), at: timer.time) }
        script.timers = []
        return added
    }

    /// The animations of a standalone layer's actions for the properties changed since `old`,
    /// with their keys (the property's name; an additive action's, the first free of it,
    /// `name-2`, …): its own (`Layer.actions`), or the default: from the
    /// value shown now to the new model value (new contents cross-fade), a spring if the
    /// transaction says so; after the transaction's delay, if it has one, repeating and
    /// reversing as it says where the action's animation does neither itself.
    private func implicitAnimations(node: Int, from old: LayerValues, settings: Transaction, now: Double) -> [(animation: Animation, key: String)] {
        let layer = nodes[node].layer
        let changed = LayerProperty.implicitlyAnimated.filter {
            $0.applies(to: old.kind) && $0.value(in: old) != $0.value(in: layer.values)
        }
        var animations: [(animation: Animation, key: String)] = []
        guard !changed.isEmpty else { return animations }
        var shown = old
        let parentTime = (layer.superlayer ?? layer.maskedLayer)?.localTime(atVideoTime: now) ?? now
        if let local = old.timing.layerTime(fromParent: parentTime) {
            for record in nodes[node].records where record.scheduled.addedAt <= now && now < record.scheduled.removedAt {
                record.scheduled.spec.apply(to: &shown, at: local)
            }
        }
        for property in changed {
            guard let keyPath = property.keyPath else { continue }
            let animation: Animation
            var key = property.name
            switch layer.actions[property.name] {
            case .disabled?:
                continue
            case .animation(let own)?:
                animation = own.copy()
                if let basic = animation as? BasicAnimation, basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil {
                    if basic.isAdditive {
                        // On top of the new value, from the old one less it to nothing (an
                        // additive animation's missing end), beside what runs (UIKit's view
                        // animations since iOS 8).
                        basic.fromValue = keyPath.value(in: old).subtracting(keyPath.value(in: layer.values))
                        key = freeKey(property.name, node: node)
                    } else {
                        basic.fromValue = keyPath.value(in: shown)
                    }
                }
                if animation.duration == 0 { animation.duration = settings.duration }
                if animation.timingFunction == nil { animation.timingFunction = settings.timingFunction }
            case nil:
                let basic = settings.spring.map { SpringAnimation(keyPath: property.name, $0) } ?? BasicAnimation(keyPath: property.name)
                basic.fromValue = keyPath.value(in: shown)
                basic.duration = settings.duration
                basic.timingFunction = settings.timingFunction
                animation = basic
            }
            if settings.delay > 0, animation.beginTime == 0 { animation.delay(by: settings.delay, from: layer.localTime(atVideoTime: now)) }
            if animation.repeatCount == 0, animation.repeatDuration == 0, !animation.autoreverses {
                animation.repeatCount = settings.repeatCount
                animation.autoreverses = settings.autoreverses
            }
            animations.append((animation, key))
        }
        return animations
    }

    /// `name`, or the first of `name-2`, `name-3`… that no live animation of the node is under.
    private func freeKey(_ name: String, node: Int) -> String {
        let held = Set(nodes[node].live.compactMap { nodes[node].records[$0].scheduled.key })
        var (key, n) = (name, 1)
        while held.contains(key) {
            n += 1
            key = "\(name)-\(n)"
        }
        return key
    }

    private func register(_ layer: Layer) {
        if index[ObjectIdentifier(layer)] == nil {
            index[ObjectIdentifier(layer)] = nodes.count
            nodes.append(NodeState(layer: layer))
        }
        if let mask = layer.mask { register(mask) }
        for sublayer in layer.sublayers { register(sublayer) }
    }

    private func apply(_ change: AnimationChange, toNode node: Int, now: Double, added: inout [(node: Int, record: Int)]) throws {
        switch change {
        case let .add(animation, key):
            if let key { removeLive(node: node, now: now) { $0.scheduled.key == key } }
            added.append((node, try add(animation, key: key, toNode: node, now: now)))
        case .remove(let key):
            removeLive(node: node, now: now) { $0.scheduled.key == key }
        case .removeAll:
            removeLive(node: node, now: now) { _ in true }
        }
    }

    private func add(_ animation: Animation, key: String?, toNode node: Int, now: Double) throws -> Int {
        var spec = try animation.spec()
        let layer = nodes[node].layer
        if spec.timing.beginTime == 0 { spec.timing.beginTime = layer.localTime(atVideoTime: now) }
        // Completion is a matter of the animation's own timing (sampling leaves a finished
        // animation out unless it fills forwards and stays); removedAt marks explicit removals.
        let scheduled = Timeline.ScheduledAnimation(key: key, spec: spec, addedAt: now, removedAt: .infinity)
        nodes[node].records.append(Record(scheduled: scheduled, animation: animation))
        let record = nodes[node].records.count - 1
        nodes[node].live.append(record)
        guard nodes[node].live.count <= maximumLiveAnimations else {
            throw AnimationError.tooManyAnimations(layer: layer.name, count: maximumLiveAnimations)
        }
        schedule(node: node, record: record, now: now)
        return record
    }

    /// Pushes a record's start (unless it started) and finish, at the video times its layer's
    /// timing gives them now; a paused layer's animations neither start nor finish.
    private func schedule(node: Int, record: Int, now: Double) {
        let r = nodes[node].records[record], layer = nodes[node].layer, timing = r.scheduled.spec.timing
        let active = timing.activeDuration(fallback: AnimationSpec.defaultDuration)
        // The first times from now at which the layer's time reaches the animation's start and
        // end (a layer whose time repeats reaches them again; the delegate hears the first).
        let begin = layer.videoTime(atLocalTime: timing.beginTime, after: now)
        if !r.started, let begin {
            events.push(.didStart(node: node, record: record, generation: r.generation), at: max(begin, now))
        }
        if active.isFinite, timing.speed > 0,
           let end = layer.videoTime(atLocalTime: timing.beginTime + active / timing.speed, after: r.started ? now : begin ?? now) {
            events.push(.didStop(node: node, record: record, finished: true, generation: r.generation), at: max(end, now))
        }
    }

    /// Reschedules the running animations of `layer` and everything under it after a change of
    /// timing above them (a pause, a resume, a move to another superlayer).
    private func reschedule(under layer: Layer, now: Double) {
        if let node = index[ObjectIdentifier(layer)] {
            for r in nodes[node].live where nodes[node].records[r].scheduled.removedAt == .infinity {
                nodes[node].records[r].generation += 1
                schedule(node: node, record: r, now: now)
            }
        }
        if let mask = layer.mask { reschedule(under: mask, now: now) }
        for sublayer in layer.sublayers { reschedule(under: sublayer, now: now) }
    }

    /// Removes the live animations matching `predicate` at `now`; each is told it stopped unfinished.
    private func removeLive(node: Int, now: Double, where predicate: (Record) -> Bool) {
        for r in nodes[node].live {
            let record = nodes[node].records[r]
            guard record.scheduled.removedAt > now, !record.stopped, predicate(record) else { continue }
            nodes[node].records[r].scheduled.removedAt = now
            events.push(.didStop(node: node, record: r, finished: false, generation: record.generation), at: now)
        }
    }

    func frozenNodes() -> [Timeline.Node] {
        nodes.map { Timeline.Node(history: $0.history, animations: $0.records.map(\.scheduled), shot: $0.shot,
                                  setsContentsScale: $0.layer.sets(\.contentsScale)) }
    }
}
