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
        var resolver = TimelineResolver(maximumLiveAnimations: maximumLiveAnimations)
        let script = Script()
        let root = try build(script)
        script.root = root
        // One walk of the tree for every rule's layer (a file may hold 10,000 rules and layers).
        var names = Set<String>()
        func gather(_ layer: Layer) {
            if let name = layer.name { names.insert(name) }
            if let mask = layer.mask { gather(mask) }
            layer.sublayers.forEach(gather)
        }
        gather(root)
        for rule in script.rules where !names.contains(rule.layer) {
            throw AnimationError.unknownLayer(rule.layer)
        }
        try resolver.collect(from: root, script: script)
        script.fire(.start, layerName: nil)
        try resolver.collect(from: root, script: script)
        var handled = 0
        while let time = resolver.events.nextTime, time <= duration, let event = resolver.events.pop() {
            script.now = event.time
            resolver.run(event.payload, script: script)
            try resolver.collect(from: root, script: script)
            handled += 1
            if handled > maximumEvents {
                throw AnimationError.scriptDidNotSettle(time: duration, events: handled)
            }
            if handled * resolver.nodes.count > maximumWork {
                throw AnimationError.scriptTooBusy(events: handled, layers: resolver.nodes.count)
            }
        }
        return Timeline(nodes: resolver.frozenNodes(), root: resolver.index[ObjectIdentifier(root)] ?? 0,
                        canvasSize: canvasSize, duration: duration)
    }
}

/// The mutable state of one script run.
private struct TimelineResolver {
    enum Event {
        case timer((Script) -> Void)
        case didStart(node: Int, record: Int)
        case didStop(node: Int, record: Int, finished: Bool)
    }

    struct Record {
        var scheduled: Timeline.ScheduledAnimation
        let animation: Animation
        var started = false
        var stopped = false
    }

    struct NodeState {
        let layer: Layer
        var history: [Timeline.ModelState] = []
        var records: [Record] = []
        /// The records not yet stopped, so that replacing or removing animations by key looks
        /// at the few live ones, not at every animation the script ever added.
        var live: [Int] = []
    }

    let maximumLiveAnimations: Int
    var nodes: [NodeState] = []
    var index: [ObjectIdentifier: Int] = [:]
    var events = EventQueue<Event>()

    init(maximumLiveAnimations: Int) {
        self.maximumLiveAnimations = maximumLiveAnimations
    }

    /// Fires one event's callback.
    mutating func run(_ event: Event, script: Script) {
        switch event {
        case .timer(let action):
            action(script)
        case let .didStart(node, record):
            guard !nodes[node].records[record].stopped, !nodes[node].records[record].started else { return }
            nodes[node].records[record].started = true
            let animation = nodes[node].records[record].animation
            animation.didStart?(script)
            if let name = animation.name { script.fire(.didStart(animation: name, layer: nil), layerName: nodes[node].layer.name) }
        case let .didStop(node, record, finished):
            guard !nodes[node].records[record].stopped else { return }
            nodes[node].records[record].stopped = true
            nodes[node].live.removeAll { $0 == record }
            let animation = nodes[node].records[record].animation
            animation.didStop?(script, finished)
            if let name = animation.name { script.fire(.didStop(animation: name, layer: nil), layerName: nodes[node].layer.name) }
        }
    }

    /// Records what the last callback changed: new layers, model values, animations, timers.
    mutating func collect(from root: Layer, script: Script) throws {
        let now = script.now
        register(root)
        for i in nodes.indices {
            let layer = nodes[i].layer
            let sublayers = layer.sublayers.compactMap { index[ObjectIdentifier($0)] }
            let mask = layer.mask.flatMap { index[ObjectIdentifier($0)] }
            if let last = nodes[i].history.last, last.values == layer.values, last.sublayers == sublayers, last.mask == mask { continue }
            if nodes[i].history.last?.time == now { nodes[i].history.removeLast() }
            nodes[i].history.append(Timeline.ModelState(time: now, values: layer.values, sublayers: sublayers, mask: mask))
        }
        for i in nodes.indices {
            let changes = nodes[i].layer.pendingAnimationChanges
            nodes[i].layer.pendingAnimationChanges = []
            for change in changes { try apply(change, toNode: i, now: now) }
        }
        for timer in script.timers { events.push(.timer(timer.action), at: timer.time) }
        script.timers = []
    }

    private mutating func register(_ layer: Layer) {
        if index[ObjectIdentifier(layer)] == nil {
            index[ObjectIdentifier(layer)] = nodes.count
            nodes.append(NodeState(layer: layer))
        }
        if let mask = layer.mask { register(mask) }
        for sublayer in layer.sublayers { register(sublayer) }
    }

    private mutating func apply(_ change: AnimationChange, toNode node: Int, now: Double) throws {
        switch change {
        case let .add(animation, key):
            if let key { removeLive(node: node, now: now) { $0.scheduled.key == key } }
            try add(animation, key: key, toNode: node, now: now)
        case .remove(let key):
            removeLive(node: node, now: now) { $0.scheduled.key == key }
        case .removeAll:
            removeLive(node: node, now: now) { _ in true }
        }
    }

    private mutating func add(_ animation: Animation, key: String?, toNode node: Int, now: Double) throws {
        var spec = try animation.spec()
        let layer = nodes[node].layer
        if spec.timing.beginTime == 0 { spec.timing.beginTime = Self.layerTime(of: layer, atVideoTime: now) }
        let active = spec.timing.activeDuration(fallback: AnimationSpec.defaultDuration)
        let begin = Self.videoTime(of: layer, atLayerTime: spec.timing.beginTime)
        let end = active.isFinite && spec.timing.speed > 0
            ? Self.videoTime(of: layer, atLayerTime: spec.timing.beginTime + active / spec.timing.speed) : nil
        // Completion is a matter of the animation's own timing (sampling leaves a finished
        // animation out unless it fills forwards and stays); removedAt marks explicit removals.
        let scheduled = Timeline.ScheduledAnimation(key: key, spec: spec, addedAt: now, removedAt: .infinity)
        nodes[node].records.append(Record(scheduled: scheduled, animation: animation))
        let record = nodes[node].records.count - 1
        nodes[node].live.append(record)
        guard nodes[node].live.count <= maximumLiveAnimations else {
            throw AnimationError.tooManyAnimations(layer: layer.name, count: maximumLiveAnimations)
        }
        if let begin { events.push(.didStart(node: node, record: record), at: max(begin, now)) }
        if let end { events.push(.didStop(node: node, record: record, finished: true), at: max(end, now)) }
    }

    /// Removes the live animations matching `predicate` at `now`; each is told it stopped unfinished.
    private mutating func removeLive(node: Int, now: Double, where predicate: (Record) -> Bool) {
        for r in nodes[node].live {
            let record = nodes[node].records[r]
            guard record.scheduled.removedAt > now, !record.stopped, predicate(record) else { continue }
            nodes[node].records[r].scheduled.removedAt = now
            events.push(.didStop(node: node, record: r, finished: false), at: now)
        }
    }

    /// The layer's local time at a video time: each ancestor maps its parent's time linearly.
    static func layerTime(of layer: Layer, atVideoTime t: Double) -> Double {
        let parentTime = (layer.superlayer ?? layer.maskedLayer).map { layerTime(of: $0, atVideoTime: t) } ?? t
        return layer.values.timing.layerTime(fromParent: parentTime)
    }

    /// The video time at which the layer's local time reaches `local`, or nil when a paused
    /// layer (speed 0) on the way never gets there.
    static func videoTime(of layer: Layer, atLayerTime local: Double) -> Double? {
        guard let parentTime = layer.values.timing.parentTime(fromLayer: local) else { return nil }
        guard let superlayer = layer.superlayer ?? layer.maskedLayer else { return parentTime }
        return videoTime(of: superlayer, atLayerTime: parentTime)
    }

    func frozenNodes() -> [Timeline.Node] {
        nodes.map { Timeline.Node(history: $0.history, animations: $0.records.map(\.scheduled)) }
    }
}
