import Animation
import Geometry
import Scenes

/// The whole file: templates, the layer tree on the canvas, and the script.
extension SceneFileReader {
    /// The top-level fields, with what each holds.
    static let documentFields: [String: String] = [
        "name": "the scene's name", "summary": "one line saying what it shows", "cycle": "seconds of one loop",
        "canvas": "the canvas the layers are laid out for",
        "background": "the canvas colour", "parameters": "the scene's knobs", "animations": "animation templates by name",
        "layers": "the layers on the canvas (under the shots)", "script": "rules that add animations",
        "shots": "the clip's shots, end to end", "overlays": "layers above the shots",
    ]

    /// Builds the tree under a root layer that fills the canvas in the `background` colour, and
    /// adds the rules to `script`. A file laid out for another canvas (`layout`) is scaled to fit
    /// the canvas and centred in it.
    func build(_ document: JSONValue, canvas: Size, layout: Size?, script: Script) throws(DocumentError) -> Layer {
        let fields = try object(document, "", allowed: Array(Self.documentFields.keys), what: "a scene file")
        let root = Layer()
        root.frame = Rect(origin: .zero, size: canvas)
        if case .color(let background)? = values["background"], background.alpha > 0 { root.backgroundColor = background }
        var parent = root
        if let layout {
            let content = Layer()
            content.bounds = Rect(origin: .zero, size: layout)
            content.position = Point(canvas.width / 2, canvas.height / 2)
            let scale = min(canvas.width / layout.width, canvas.height / layout.height)
            if scale != 1 { content.transform = Transform3D(scaleX: scale, y: scale) }
            root.addSublayer(content)
            parent = content
        }
        if let v = fields["animations"] {
            guard case let .object(entries, _) = v else {
                throw fail("animations", v, "expected animation templates by name (an object), not \(v.kindName)")
            }
            for entry in entries {
                templates[entry.key] = try self.animation(entry.value, join("animations", entry.key))
            }
        }
        var drawn = 0
        let shots = try fields["shots"].map { v throws(DocumentError) in (v, try sequence(v)) }
        let placed = try shots.map { v, sequence throws(DocumentError) in try place(sequence, v) }
        guard fields["layers"] != nil || shots != nil else {
            throw fail("", document, "missing \"layers\": the layers on the canvas (or \"shots\")")
        }
        for (i, item) in try layerList(fields, "layers").enumerated() {
            parent.addSublayer(try layer(item, "layers[\(i)]", depth: 1, copies: 1, drawn: &drawn))
        }
        var overlays: [Layer] = []
        for (i, item) in try layerList(fields, "overlays").enumerated() {
            overlays.append(try layer(item, "overlays[\(i)]", depth: 1, copies: 1, drawn: &drawn))
            parent.addSublayer(overlays[i])
        }
        if let (v, sequence) = shots, let placed {
            try addShots(v, sequence, placed: placed, to: parent, below: overlays, script: script, drawn: &drawn)
        }
        if let v = fields["script"] {
            let items = try list(v, "script", count: 0...SceneFileLimits.scriptRules)
            for (i, item) in items.enumerated() { script.add(try rule(item, "script[\(i)]")) }
        }
        noteApproximationsOfTheWholeFile()
        return root
    }

    /// The layers listed under `key` (none when the file has no such field).
    private func layerList(_ fields: Fields, _ key: String) throws(DocumentError) -> [JSONValue] {
        guard let v = fields[key] else { return [] }
        return try list(v, key)
    }

    /// `{"on": "start" | "didStart" | "didStop", "animation": name, "layer": name, "finished":
    /// flag, "after": seconds, "every": seconds, "do": [actions]}`, or with the one action
    /// `"add"`, `"to"`, `"key"`, `"begin"` written in the rule itself.
    private func rule(_ value: JSONValue, _ path: String) throws(DocumentError) -> ScriptRule {
        let fields = try object(value, path, allowed: ["on", "animation", "layer", "finished", "after", "every", "do"] + Self.addFields,
                                what: "a script rule")
        func required(_ name: String, _ meaning: String) throws(DocumentError) -> JSONValue {
            guard let v = fields[name] else { throw fail(path, value, "missing \"\(name)\": \(meaning)") }
            return v
        }
        let onValue = try required("on", "\"start\", \"didStart\" or \"didStop\"")
        let on = try literal(onValue, fields.path("on"))
        let filter = try fields["layer"].map { v throws(DocumentError) in try layerName(v, fields.path("layer")) }
        let finished = try fields["finished"].map { v throws(DocumentError) in try bool(v, fields.path("finished")) }
        if on != "didStop", let v = fields["finished"] { throw fail(fields.path("finished"), v, "only a rule on \"didStop\" has a finished flag") }
        let trigger: ScriptRule.Trigger
        switch on {
        case "start":
            if let v = fields["animation"] { throw fail(fields.path("animation"), v, "a rule on \"start\" does not watch an animation") }
            if let v = fields["layer"] { throw fail(fields.path("layer"), v, "a rule on \"start\" does not watch a layer") }
            trigger = .start
        case "didStart", "didStop":
            let nameValue = try required("animation", "the name of the animation whose \(on) starts the rule")
            let name = try literal(nameValue, fields.path("animation"))
            trigger = on == "didStart" ? .didStart(animation: name, layer: filter) : .didStop(animation: name, layer: filter, finished: finished)
            watchers.append((name, filter, fields.path("animation"), nameValue))
        default:
            throw fail(fields.path("on"), onValue, "\"\(on)\" is not one of start, didStart, didStop")
        }
        let delay = try fields["after"].map { v throws(DocumentError) in try number(v, fields.path("after"), in: 0...SceneFileLimits.duration) } ?? 0
        let interval = try fields["every"].map { v throws(DocumentError) in
            try number(v, fields.path("every"), in: SceneFileLimits.shortestInterval...SceneFileLimits.duration)
        }
        let actions: [ScriptAction]
        switch (fields["do"], fields["add"]) {
        case (let list?, nil):
            actions = try self.actions(list, fields.path("do"))
        case (nil, _?):
            actions = [try action(value, path, fields)]
        case (_?, let v?):
            throw fail(fields.path("add"), v, "a rule either lists its actions in \"do\" or adds one animation with \"add\", not both")
        case (nil, nil):
            throw fail(path, value, "missing \"do\": the actions of the rule (or \"add\" and \"to\" for one animation)")
        }
        return ScriptRule(on: trigger, after: delay, every: interval, do: actions)
    }

    /// The fields of an `add` action, which a rule may hold itself.
    private static let addFields = ["add", "to", "key", "begin"]
    /// The verbs of the actions, each with the fields that go with it.
    private static let verbs: [String: [String]] = [
        "add": addFields, "set": ["set", "on"], "remove": ["remove", "from"], "removeAllAnimations": ["removeAllAnimations"],
        "pause": ["pause"], "resume": ["resume"], "addSublayer": ["addSublayer", "to", "at"],
        "removeFromSuperlayer": ["removeFromSuperlayer"], "transaction": ["transaction", "do", "completion"],
    ]

    private func actions(_ value: JSONValue, _ path: String) throws(DocumentError) -> [ScriptAction] {
        var actions: [ScriptAction] = []
        for (i, item) in try list(value, path, count: 0...SceneFileLimits.scriptRules).enumerated() {
            let itemPath = "\(path)[\(i)]"
            let verb = try object(item, itemPath, allowed: Array(Set(Self.verbs.values.joined())), what: "an action")
                .members.map(\.key).filter { Self.verbs[$0] != nil }
            guard verb.count == 1, let fieldsAllowed = Self.verbs[verb[0]] else {
                throw fail(itemPath, item, "an action has one of \(Self.verbs.keys.sorted().joined(separator: ", ")); this one has \(verb.isEmpty ? "none" : verb.joined(separator: " and "))")
            }
            actions.append(try action(item, itemPath, try object(item, itemPath, allowed: fieldsAllowed, what: "a \"\(verb[0])\" action")))
        }
        return actions
    }

    /// One action, known by its verb.
    private func action(_ value: JSONValue, _ path: String, _ fields: Fields) throws(DocumentError) -> ScriptAction {
        func layer(_ name: String, _ meaning: String) throws(DocumentError) -> String {
            guard let v = fields[name] else { throw fail(path, value, "missing \"\(name)\": \(meaning)") }
            return try layerName(v, fields.path(name))
        }
        if let addValue = fields["add"] {
            let animation: Animation
            if case .object = addValue {
                animation = try self.animation(addValue, fields.path("add"))
            } else {
                animation = try template(addValue, fields.path("add"))
            }
            let target = try layer("to", "the name of the layer to add the animation to")
            let key = try fields["key"].map { v throws(DocumentError) in try literal(v, fields.path("key")) }
            let begin = try fields["begin"].map { v throws(DocumentError) in try number(v, fields.path("begin"), in: 0...SceneFileLimits.duration) }
            if let named = namedLayers[target] {
                noteApproximations(of: animation, on: named.layer, kind: named.kind, surroundings: named.surroundings, fields.path("add"), addValue)
                if named.sublayers.repeating { noteRepeating(animation, on: target) }
            }
            return .add(animation, to: target, key: key, begin: begin)
        }
        if let setValue = fields["set"] {
            let target = try layer("on", "the name of the layer whose properties are set")
            let kind = namedLayers[target]?.kind ?? .plain
            let values = try object(setValue, fields.path("set"), allowed: LayerProperty.all.map(\.name), what: "the properties to set")
            var changes: [(property: LayerProperty, value: LayerProperty.Value)] = []
            for member in values.members {
                let property = LayerProperty.named[member.key]!
                guard property.applies(to: kind) else {
                    throw fail(values.path(member.key), member.value, "\(member.key) is not a property of \(kind.rawValue) layers like \"\(target)\"")
                }
                changes.append((property, try propertyValue(property, member.value, values.path(member.key), kind: kind)))
            }
            noteSetting(values.members.map(\.key), on: target, fields.path("set"), setValue)
            return .set(changes, on: target)
        }
        if let key = fields["remove"] {
            return .remove(key: try literal(key, fields.path("remove")), from: try layer("from", "the layer to remove the animation from"))
        }
        if fields["removeAllAnimations"] != nil { return .removeAll(from: try layer("removeAllAnimations", "")) }
        for verb in ["pause", "resume"] {
            guard let verbValue = fields[verb] else { continue }
            let target = try layer(verb, "")
            noteSetting(["speed", "timeOffset"], on: target, fields.path(verb), verbValue)
            return verb == "pause" ? .pause(target) : .resume(target)
        }
        if fields["removeFromSuperlayer"] != nil { return .removeFromSuperlayer(try layer("removeFromSuperlayer", "")) }
        if let movedValue = fields["addSublayer"] {
            let index = try fields["at"].map { v throws(DocumentError) in try integer(v, fields.path("at"), in: 0...SceneFileLimits.layers) }
            let (moved, target) = (try layer("addSublayer", ""), try layer("to", "the layer that takes it as a sublayer"))
            noteMoving(moved, to: target, fields.path("addSublayer"), movedValue)
            return .addSublayer(moved, to: target, at: index)
        }
        guard let settingsValue = fields["transaction"] else { throw fail(path, value, "an action with no verb") }
        let settings = try object(settingsValue, fields.path("transaction"),
                                  allowed: ["duration", "timingFunction", "disableActions", "delay", "repeatCount", "autoreverses", "spring"],
                                  what: "a transaction's settings")
        var transaction = Transaction()
        if let v = settings["duration"] { transaction.duration = try number(v, settings.path("duration"), in: 0...SceneFileLimits.duration) }
        if let v = settings["timingFunction"] { transaction.timingFunction = try timingFunction(v, settings.path("timingFunction")) }
        if let v = settings["disableActions"] { transaction.disableActions = try bool(v, settings.path("disableActions")) }
        if let v = settings["delay"] { transaction.delay = try number(v, settings.path("delay"), in: 0...SceneFileLimits.duration) }
        if let v = settings["repeatCount"] { transaction.repeatCount = try number(v, settings.path("repeatCount"), in: 0...Double.infinity) }
        if let v = settings["autoreverses"] { transaction.autoreverses = try bool(v, settings.path("autoreverses")) }
        if let v = settings["spring"] {
            let spring = SpringAnimation(keyPath: "")
            try readSpring(try object(v, settings.path("spring"), allowed: Self.springFields, what: "a spring"), into: spring)
            transaction.spring = spring.spring
        }
        let body = try fields["do"].map { v throws(DocumentError) in try actions(v, fields.path("do")) } ?? []
        let completion = try fields["completion"].map { v throws(DocumentError) in try actions(v, fields.path("completion")) } ?? []
        return .transaction(transaction, body, completion: completion)
    }

    /// The name of a layer the file defines.
    private func layerName(_ value: JSONValue, _ path: String) throws(DocumentError) -> String {
        let name = try literal(value, path)
        if let count = layerNames[name], count > 1 {
            throw fail(path, value, "\(count) layers are called \"\(name)\"; a rule needs a name that only one layer has")
        }
        guard layerNames[name] != nil else {
            let hint = didYouMean(name, among: layerNames.keys)
            throw fail(path, value, "no layer called \"\(name)\"\(hint)")
        }
        return name
    }
}
