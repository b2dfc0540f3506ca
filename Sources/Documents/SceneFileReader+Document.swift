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
        "layers": "the layers on the canvas", "script": "rules that add animations",
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
        guard let layers = fields["layers"] else { throw fail("", document, "missing \"layers\": the layers on the canvas") }
        do {
            let v = layers
            for (i, item) in try list(v, "layers").enumerated() {
                parent.addSublayer(try layer(item, "layers[\(i)]", depth: 1, copies: 1, drawn: &drawn))
            }
        }
        if let v = fields["script"] {
            let items = try list(v, "script", count: 0...SceneFileLimits.scriptRules)
            for (i, item) in items.enumerated() { script.add(try rule(item, "script[\(i)]")) }
        }
        return root
    }

    /// `{"on": "start" | "didStart" | "didStop", "animation": name, "layer": name, "after": seconds,
    /// "add": template or animation, "to": layer, "key": key}`.
    private func rule(_ value: JSONValue, _ path: String) throws(DocumentError) -> ScriptRule {
        let fields = try object(value, path, allowed: ["on", "animation", "layer", "after", "add", "to", "key"], what: "a script rule")
        func required(_ name: String, _ meaning: String) throws(DocumentError) -> JSONValue {
            guard let v = fields[name] else { throw fail(path, value, "missing \"\(name)\": \(meaning)") }
            return v
        }
        let onValue = try required("on", "\"start\", \"didStart\" or \"didStop\"")
        let on = try literal(onValue, fields.path("on"))
        let filter = try fields["layer"].map { v throws(DocumentError) in try layerName(v, fields.path("layer")) }
        let trigger: ScriptRule.Trigger
        switch on {
        case "start":
            if let v = fields["animation"] { throw fail(fields.path("animation"), v, "a rule on \"start\" does not watch an animation") }
            if let v = fields["layer"] { throw fail(fields.path("layer"), v, "a rule on \"start\" does not watch a layer") }
            trigger = .start
        case "didStart", "didStop":
            let name = try literal(try required("animation", "the name of the animation whose \(on) starts the rule"), fields.path("animation"))
            trigger = on == "didStart" ? .didStart(animation: name, layer: filter) : .didStop(animation: name, layer: filter)
        default:
            throw fail(fields.path("on"), onValue, "\"\(on)\" is not one of start, didStart, didStop")
        }
        let delay = try fields["after"].map { v throws(DocumentError) in try number(v, fields.path("after"), in: 0...SceneFileLimits.duration) } ?? 0
        let addValue = try required("add", "the animation to add (a template's name or an animation)")
        let animation: Animation
        if case .object = addValue {
            animation = try self.animation(addValue, fields.path("add"))
        } else {
            animation = try template(addValue, fields.path("add"))
        }
        let target = try layerName(try required("to", "the name of the layer to add the animation to"), fields.path("to"))
        let key = try fields["key"].map { v throws(DocumentError) in try literal(v, fields.path("key")) }
        return ScriptRule(on: trigger, after: delay, add: animation, to: target, forKey: key)
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
