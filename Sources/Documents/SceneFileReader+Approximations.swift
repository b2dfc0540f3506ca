import Animation
import Geometry

/// What a scene file asks for that animvid draws only approximately (docs/core-animation.md §9),
/// found while the file is read: each is a warning that `animvid validate` prints, naming the
/// value at fault. The file is still valid.
extension SceneFileReader {
    /// What the layers above a layer do that its drawing depends on.
    struct Surroundings {
        /// An ancestor runs its sublayers' time at a rate other than 1, backwards, in passes or
        /// remapped (its speed, autoreverses, repeatCount, repeatDuration or remapsTime).
        var timeChanged = false
        /// An ancestor repeats (its own repeatCount or repeatDuration).
        var repeating = false
        /// The layer is in a transform layer's 3D space: its parent is a transform layer, or a
        /// replicator that preserves depth inside one (any other layer flattens what it holds).
        var inTransformLayer = false
    }

    /// A named layer, for what rules do to it.
    struct NamedLayer {
        let layer: Layer
        let kind: LayerKind
        /// What the layers above it do (`surroundings`), and what the layers above its sublayers
        /// do: those and itself (`sublayers`).
        let surroundings: Surroundings, sublayers: Surroundings
        /// Whether the file sets its contentsScale.
        let setsContentsScale: Bool
        /// Whether it is an emitter or has a transition (`isTimeSensitive`), or an emitter or a
        /// layer with a transition is under it (`holdsTimeSensitive`): their drawing assumes the
        /// layers above them run at speed 1.
        let isTimeSensitive: Bool, holdsTimeSensitive: Bool
    }

    /// The layer properties that change the time of a layer's sublayers.
    static let timingProperties: Set = ["speed", "timeOffset", "beginTime", "duration", "repeatCount", "repeatDuration", "autoreverses",
                                        "remapsTime", "remappedTime"]

    /// What the layers above the sublayers of `layer` do: those above it and itself.
    func sublayerSurroundings(of layer: Layer, kind: LayerKind) -> Surroundings {
        let timing = layer.timing
        let repeats = timing.repeatCount > 0 || timing.repeatDuration > 0
        return Surroundings(timeChanged: surroundings.timeChanged || timing.speed != 1 || timing.autoreverses || repeats || layer.remapsTime,
                            repeating: surroundings.repeating || repeats,
                            inTransformLayer: kind == .transform || (kind == .replicator && layer.preservesDepth && surroundings.inTransformLayer))
    }

    /// Warns about what the layer itself asks for (its properties set, its sublayers not yet read).
    func noteApproximations(of layer: Layer, kind: LayerKind, copies: Int, _ fields: Fields) {
        for key in ["contentsScale", "shouldRasterize"] where key == "shouldRasterize" ? layer.shouldRasterize : kind == .text {
            guard let v = fields[key] else { continue }
            let scale = key == "shouldRasterize" ? "rasterizationScale" : key
            approximated(fields.path(key), v, "below the output's scale a device's bitmap of \(scale) pixels a point, scaled up, is soft; "
                         + "animvid blurs what it draws by the same spread (σ = 1 / (2 × \(scale)) points), smooth where a device's is "
                         + "blocky", section: "§5")
        }
        let timing = layer.timing
        if timing.timeOffset != 0, timing.repeatCount > 0, timing.repeatCount.isFinite, timing.repeatCount != timing.repeatCount.rounded() {
            approximated(fields.path("timeOffset"), fields["timeOffset"] ?? fields.value,
                         "a timeOffset beside a repeatCount that is not whole (\(JSON.exact(timing.repeatCount))) is taken as wrapping by whole "
                         + "cycles, not by the active duration")
        }
        if kind == .transform && surroundings.inTransformLayer {
            approximated(fields.path, fields.value, "a transform layer inside another sorts its own sublayers by depth among themselves, "
                         + "not with the outer one's")
        }
        if kind == .emitter {
            if surroundings.timeChanged {
                approximated(fields.path, fields.value, "a layer above this emitter runs its time at a rate other than 1 (speed, autoreverses, "
                             + "repeats or remapsTime); where its particles are born is worked out as if it ran at speed 1")
            }
            emitters.append((fields.path, fields.value, Self.particlesOut(layer) * Double(copies)))
        }
        if kind == .text, layer.staggerUnit != .none {
            var undrawn: [String] = []
            if fields["contentsScale"] != nil { undrawn.append("the softness of its contentsScale") }
            if layer.string.runs.contains(where: { $0.shadow != nil }) { undrawn.append("its runs' shadows") }
            if !undrawn.isEmpty {
                approximated(fields.path("staggerUnit"), fields["staggerUnit"] ?? fields.value,
                             "staggered text does not draw \(undrawn.joined(separator: " or "))")
            }
        }
        if kind == .text, let style = fields["style"], Self.styleSets("contentsScale", style) {
            approximated(fields.path("style"), style, "a style's contentsScale does not blur what the layer draws; only the layer's own does")
        }
    }

    /// Warns about an animation `animation` of `layer` (in a file at `path`, or added by a rule).
    func noteApproximations(of animation: Animation, on layer: Layer, kind: LayerKind, surroundings around: Surroundings,
                            _ path: String, _ value: JSONValue) {
        if animation is TransitionAnimation, around.timeChanged {
            approximated(path, value, "a layer above this one runs its time at a rate other than 1; the transition's old picture is "
                         + "taken as if it ran at speed 1 since the change")
        }
        for member in Self.members(of: animation) {
            guard let property = member as? PropertyAnimation else { continue }
            switch property.keyPath {
            case TransformComponent.scale.rawValue where Self.readsModel(property):
                guard let d = DecomposedTransform(layer.transform) else { continue }
                let (mean, average) = ((d.scale.x + d.scale.y) / 2, (d.scale.x + d.scale.y + d.scale.z) / 3)
                guard abs(mean - average) > 1e-9 else { continue }
                approximated(path, value, "transform.scale reads the layer's transform as the mean of its x and y scales "
                             + "(\(JSON.exact(mean))); Core Animation's is the average of all three (\(JSON.exact(average))), and this "
                             + "animation starts from, ends at or adds to that value")
            case "lifetime" where kind == .emitter && Self.raises(property, above: layer.lifetime):
                approximated(path, value, "lifetime animated above the emitter's own (\(JSON.exact(layer.lifetime))): particles born "
                             + "while it is higher are not looked for once it falls")
            case let keyPath where keyPath.hasPrefix("emitterCells.")
                && ["beginTime", "duration", "speed", "timeOffset"].contains(keyPath.split(separator: ".").last.map(String.init) ?? ""):
                approximated(path, value, "a cell's timing is read at each frame, so animating it changes the particles already out as "
                             + "well as those born after")
            default:
                continue
            }
        }
    }

    /// Notes the animation (and those in it) as running inside a repeating layer, on the layer called `layerName`.
    func noteRepeating(_ animation: Animation, on layerName: String?) {
        for name in Self.members(of: animation).compactMap(\.name) {
            repeatingAnimations.insert(RepeatingAnimation(name: name, layer: nil))
            if let layerName { repeatingAnimations.insert(RepeatingAnimation(name: name, layer: layerName)) }
        }
    }

    /// Warns about what can only be judged once the whole file is read: the rules watching an
    /// animation that runs inside a repeating layer, and the emitters' particles together.
    func noteApproximationsOfTheWholeFile() {
        for watcher in watchers where repeatingAnimations.contains(RepeatingAnimation(name: watcher.name, layer: watcher.layer)) {
            approximated(watcher.path, watcher.value, "\"\(watcher.name)\" runs inside a repeating layer; its didStart and didStop come once, "
                         + "at the first pass")
        }
        let total = emitters.reduce(0) { $0 + $1.particles }
        if total > Double(LayerValues.maximumParticles), let busiest = emitters.max(by: { $0.particles < $1.particles }) {
            let (all, own) = (Int(min(total, 1e15).rounded()), Int(min(busiest.particles, 1e15).rounded()))
            approximated(busiest.path, busiest.value, "about \(all) particles may be out at once\(emitters.count > 1 ? " (\(own) of them this emitter's)" : ""); "
                         + "a frame draws at most \(LayerValues.maximumParticles) over all its emitters")
        }
    }

    /// Warns about a rule setting properties `names` of the layer called `target` (pausing or
    /// resuming it sets its timing): a text layer's contentsScale that the file does not set, or
    /// the timing of a layer with an emitter or a transition under it.
    func noteSetting(_ names: [String], on target: String, _ path: String, _ value: JSONValue) {
        guard let named = namedLayers[target] else { return }
        if names.contains("contentsScale"), named.kind == .text, !named.setsContentsScale {
            approximated(path, value, "whether a text layer sets contentsScale is decided once for the clip: set by a rule, it blurs "
                         + "\"\(target)\" from the start")
        }
        if named.holdsTimeSensitive, names.contains(where: Self.timingProperties.contains) {
            approximated(path, value, "this changes the time of \"\(target)\", which holds an emitter or a transition; where particles are "
                         + "born and a transition's old picture are worked out as if the layers above them ran at speed 1")
        }
    }

    /// Warns about a rule moving the layer called `moved` under the one called `target`, whose time runs at another rate.
    func noteMoving(_ moved: String, to target: String, _ path: String, _ value: JSONValue) {
        guard let layer = namedLayers[moved], layer.isTimeSensitive || layer.holdsTimeSensitive,
              namedLayers[target]?.sublayers.timeChanged == true else { return }
        approximated(path, value, "\"\(target)\" runs its time at a rate other than 1; where the particles of an emitter and a "
                     + "transition's old picture under \"\(moved)\" are worked out as if it ran at speed 1")
    }

    private func approximated(_ path: String, _ value: JSONValue, _ message: String, section: String = "§9") {
        warnings.append(fail(path, value, "approximated: \(message) (docs/core-animation.md \(section))"))
    }

    /// The animation and those in it (a group's, at any depth).
    static func members(of animation: Animation) -> [Animation] {
        [animation] + ((animation as? AnimationGroup)?.animations.flatMap(members) ?? [])
    }

    /// Whether the animation takes a value from the layer's current one: an end left out, a
    /// `byValue`, or adding to it.
    private static func readsModel(_ animation: PropertyAnimation) -> Bool {
        guard let basic = animation as? BasicAnimation else { return animation.isAdditive }
        return basic.fromValue == nil || basic.toValue == nil || basic.byValue != nil || basic.isAdditive
    }

    /// Whether an animation of a number takes it above `model`, the layer's own value.
    private static func raises(_ animation: PropertyAnimation, above model: Double) -> Bool {
        func number(_ value: AnimationValue?) -> Double? { if case .number(let x)? = value { x } else { nil } }
        // An additive animation's values are added to the model value.
        let base = animation.isAdditive ? 0 : model
        guard let basic = animation as? BasicAnimation else {
            return ((animation as? KeyframeAnimation)?.values ?? []).compactMap(number).contains { $0 > base }
        }
        return (number(basic.byValue) ?? 0) > 0 || [basic.fromValue, basic.toValue].compactMap(number).contains { $0 > base }
    }

    /// About how many particles an emitter's cells keep out at once by its model values, its
    /// cells' own sub-cells aside: each cell's births a second times their longest life.
    private static func particlesOut(_ layer: Layer) -> Double {
        let (rate, life) = (max(layer.birthRate, 0), max(layer.lifetime, 0))
        return layer.emitterCells.filter(\.isEnabled).reduce(0) { total, cell in
            total + rate * max(cell.birthRate, 0) * life * max(cell.lifetime + cell.lifetimeRange, 0)
        }
    }

    /// Whether a style written as `value` (or a style under it) gives `name` a value.
    private static func styleSets(_ name: String, _ value: JSONValue) -> Bool {
        guard case let .object(members, _) = value else { return false }
        return members.contains { $0.key == name } || members.first { $0.key == "style" }.map { styleSets(name, $0.value) } ?? false
    }
}

/// An animation by name that runs inside a repeating layer, on the layer of a name (nil: on any).
struct RepeatingAnimation: Hashable {
    let name: String
    let layer: String?
}
