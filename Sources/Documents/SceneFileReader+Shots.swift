import Animation
import Geometry
import Scenes

/// A file's shots (`"shots"`, `SceneSequence`): read, placed on the clip, and built as one layer
/// each in its own time, with the transitions between them.
extension SceneFileReader {
    static let shotFields = ["name", "seconds", "stretch", "transition", "layers"]
    static let shotTransitionFields = ["type", "subtype", "duration", "timingFunction"]

    /// The shots' names, lengths, stretching and transitions (their layers are read as the
    /// scene builds).
    func sequence(_ value: JSONValue) throws(DocumentError) -> SceneSequence {
        var shots: [SceneSequence.Shot] = []
        for (i, item) in try list(value, "shots", count: 1...SceneFileLimits.sequenceShots).enumerated() {
            let path = "shots[\(i)]"
            let fields = try object(item, path, allowed: Self.shotFields, what: "a shot")
            guard let nameValue = fields["name"] else { throw fail(path, item, "missing \"name\": a shot is named (its length is the knob shots.NAME.seconds)") }
            let name = try literal(nameValue, fields.path("name"))
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw fail(fields.path("name"), nameValue, "a shot's name is letters, digits, - and _")
            }
            guard !shots.contains(where: { $0.name == name }) else { throw fail(fields.path("name"), nameValue, "two shots are called \"\(name)\"") }
            guard let secondsValue = fields["seconds"] else { throw fail(path, item, "missing \"seconds\": how long the shot lasts") }
            let seconds = try number(secondsValue, fields.path("seconds"), in: SceneSequence.shortestShot...SceneFileLimits.duration)
            let stretches = try fields["stretch"].map { v throws(DocumentError) in try bool(v, fields.path("stretch")) } ?? false
            guard fields["layers"] != nil else { throw fail(path, item, "missing \"layers\": what the shot shows") }
            var transition: ShotTransition?
            if let v = fields["transition"] {
                guard i > 0 else { throw fail(fields.path("transition"), v, "the first shot has no shot before it to enter over") }
                transition = try shotTransition(v, fields.path("transition"))
            }
            shots.append(SceneSequence.Shot(name: name, seconds: seconds, stretches: stretches, transition: transition))
        }
        return SceneSequence(shots: shots)
    }

    /// `{"type": "push", "subtype": "fromRight", "duration": 0.5, "timingFunction": "easeOut"}`.
    private func shotTransition(_ value: JSONValue, _ path: String) throws(DocumentError) -> ShotTransition {
        let fields = try object(value, path, allowed: Self.shotTransitionFields, what: "a shot's transition")
        guard let typeValue = fields["type"] else {
            throw fail(path, value, "missing \"type\": \(ShotTransition.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let kind = try choice(typeValue, fields.path("type"), ShotTransition.Kind.allCases)
        let direction = try fields["subtype"].map { v throws(DocumentError) in try choice(v, fields.path("subtype"), Transition.Direction.allCases) } ?? .fromLeft
        let duration = try fields["duration"].map { v throws(DocumentError) in try number(v, fields.path("duration"), in: 0.01...SceneFileLimits.duration) } ?? 0.5
        let timing = try fields["timingFunction"].map { v throws(DocumentError) in try timingFunction(v, fields.path("timingFunction")) } ?? .easeInEaseOut
        return ShotTransition(kind: kind, direction: direction, duration: duration, timingFunction: timing)
    }

    /// Places the shots on the clip (each shot's knob sets its length; a clip of a chosen length
    /// stretches those that may) and makes `$shots.NAME.start`, `$shots.NAME.seconds` and
    /// `$clip.seconds` known to what is read after.
    func place(_ sequence: SceneSequence, _ value: JSONValue) throws(DocumentError) -> [SceneSequence.Placed] {
        let placed: [SceneSequence.Placed]
        do {
            placed = try sequence.placed(seconds: knobSeconds, length: length)
        } catch {
            throw fail("shots", value, error.message)
        }
        for (shot, place) in zip(sequence.shots, placed) {
            values["shots.\(shot.name).start"] = .number(place.start)
            values[SceneSequence.knob(shot.name)] = .number(place.seconds)
        }
        values["clip.seconds"] = .number(placed.last.map { $0.start + $0.seconds } ?? 0)
        return placed
    }

    /// A shot's length as its knob says (as written while the file's header is read).
    private func knobSeconds(_ name: String) -> Double {
        if case .number(let x)? = values[SceneSequence.knob(name)] { return x }
        preconditionFailure("shot \"\(name)\" has no length knob")
    }

    /// Each shot as a layer filling `area`, put under `parent` below its `overlays` from its start to
    /// its end (the last to the end of the clip), with the motion of the transitions into and out
    /// of it. A shot's layer is added at its start and its time begins then, as a layer added to
    /// the tree by a timer: its animations and those of its layers start at its start (a
    /// beginTime of 0 is "now", Core Animation's rule), its layers' times count from it.
    func addShots(_ value: JSONValue, _ sequence: SceneSequence, placed: [SceneSequence.Placed], to parent: Layer, below overlays: [Layer],
                  script: Script, drawn: inout Int) throws(DocumentError) {
        let items = try list(value, "shots")
        let area = parent.bounds.size
        var layers: [Layer] = []
        for (i, place) in placed.enumerated() {
            let layer = Layer()
            layer.name = sequence.shots[i].name
            layer.bounds = Rect(origin: .zero, size: area)
            layer.position = Point(area.width / 2, area.height / 2)
            layer.timing.beginTime = place.start
            values["shot.seconds"] = .number(place.seconds)
            let fields = try object(items[i], "shots[\(i)]", allowed: Self.shotFields, what: "a shot")
            if let content = fields["layers"] {
                for (j, item) in try list(content, fields.path("layers")).enumerated() {
                    layer.addSublayer(try self.layer(item, "\(fields.path("layers"))[\(j)]", depth: 2, copies: 1, drawn: &drawn))
                }
            }
            layers.append(layer)
        }
        values["shot.seconds"] = nil
        for (i, shot) in sequence.shots.enumerated() where i > 0 {
            guard let transition = shot.transition else { continue }
            Self.animate(transition, into: layers[i], outOf: layers[i - 1], endingAt: placed[i - 1].seconds, area: area)
        }
        let unanimated = Transaction(disableActions: true)
        // Under the first overlay still there (a rule may have removed some), above every other layer.
        func insert(_ layer: Layer) {
            let below = overlays.compactMap { overlay in parent.sublayers.firstIndex { $0 === overlay } }.min()
            parent.insertSublayer(layer, at: below ?? parent.sublayers.count)
        }
        for (i, (layer, place)) in zip(layers, placed).enumerated() {
            if place.start <= 0 {
                insert(layer)
            } else {
                script.after(place.start) { script in script.transaction(unanimated) { insert(layer) } }
            }
            if i < layers.count - 1 {
                script.after(place.start + place.seconds) { script in script.transaction(unanimated) { layer.removeFromSuperlayer() } }
            }
        }
    }

    /// The animations of a transition: on the entering shot over its first `duration` seconds,
    /// on the leaving one over its last (each in its own time).
    static func animate(_ transition: ShotTransition, into entering: Layer, outOf leaving: Layer, endingAt leavingEnd: Double, area: Size) {
        let d = transition.duration
        // A shot between two has animations entering and leaving, under keys of their own.
        func add(_ keyPath: String, _ from: AnimationValue, _ to: AnimationValue, to layer: Layer, at begin: Double) {
            let a = BasicAnimation(keyPath: keyPath)
            (a.fromValue, a.toValue, a.beginTime, a.duration, a.timingFunction) = (from, to, begin, d, transition.timingFunction)
            layer.add(a, forKey: (layer === entering ? "entering." : "leaving.") + keyPath)
        }
        let centre = Point(area.width / 2, area.height / 2)
        let motion = transition.direction.motion
        let span = Size(motion.x * area.width, motion.y * area.height)
        let before = Point(centre.x - span.width, centre.y - span.height), after = Point(centre.x + span.width, centre.y + span.height)
        let out = leavingEnd - d
        switch transition.kind {
        case .fade:
            add("opacity", .number(0), .number(1), to: entering, at: 0)
            add("opacity", .number(1), .number(0), to: leaving, at: out)
        case .push:
            add("position", .point(before), .point(centre), to: entering, at: 0)
            add("position", .point(centre), .point(after), to: leaving, at: out)
        case .moveIn:
            add("position", .point(before), .point(centre), to: entering, at: 0)
        case .reveal:
            add("position", .point(centre), .point(after), to: leaving, at: out)
            add("zPosition", .number(1), .number(1), to: leaving, at: out)
        case .crossZoom:
            add("transform.scale", .number(0.5), .number(1), to: entering, at: 0)
            add("opacity", .number(0), .number(1), to: entering, at: 0)
            add("transform.scale", .number(1), .number(2), to: leaving, at: out)
            add("opacity", .number(1), .number(0), to: leaving, at: out)
        case .wipe:
            // The entering shot's bounds grow from the side the wipe comes from, clipping it;
            // its position follows the bounds' centre, so what it shows stays in place.
            let start = Rect(x: motion.x < 0 ? area.width : 0, y: motion.y < 0 ? area.height : 0,
                             width: motion.x == 0 ? area.width : 0, height: motion.y == 0 ? area.height : 0)
            add("bounds", .rect(start), .rect(Rect(origin: .zero, size: area)), to: entering, at: 0)
            add("position", .point(Point(start.midX, start.midY)), .point(centre), to: entering, at: 0)
            add("masksToBounds", .number(1), .number(1), to: entering, at: 0)
        }
    }
}
