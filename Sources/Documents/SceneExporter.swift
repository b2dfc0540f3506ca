import Animation
import Geometry
import Scenes

/// Writes a scene as a scene file: the layer tree it builds, the animations it starts with, and
/// its script rules, with every number exact, so that reading the file back draws the same frames.
///
/// The file is the scene as built for one canvas and one set of knobs: the knobs' values are
/// written in, except the background, which stays a knob.
public enum SceneExporter {
    /// Encodes a `contents` image as text the importer's image decoder reads (a `data:` URI).
    public typealias ImageEncoder = (Image) throws -> String

    /// Why a scene cannot be written as a scene file.
    public enum ExportError: Error, CustomStringConvertible {
        case unsupportedAnimation(String)
        case scriptUsesClosures(String)
        case removesAnimations(String)
        case holdsShots(String)

        public var description: String {
            switch self {
            case .unsupportedAnimation(let type): "an animation of type \(type) has no scene-file form"
            case .scriptUsesClosures(let scene):
                "scene '\(scene)' drives its animations from Swift callbacks or timers, which a file cannot hold; write them as ScriptRules"
            case .removesAnimations(let scene):
                "scene '\(scene)' removes animations while it is built, which a file cannot say"
            case .holdsShots(let scene):
                "scene '\(scene)' holds shots made in Swift (scene layers without a scene name), which a file cannot hold"
            }
        }
    }

    /// The scene file text for `scene` built on `canvas` with `settings`.
    public static func export(_ scene: any Scene, canvas: Size, settings: SceneSettings, encodeImage: @escaping ImageEncoder) throws -> String {
        let script = Script()
        let root = try scene.build(canvas: canvas, script: script, settings: settings)
        guard !script.hasPendingTimers else { throw ExportError.scriptUsesClosures(scene.name) }
        var writer = Writer(encodeImage: encodeImage, sceneName: scene.name)
        var fields: [(String, JSON)] = [("name", .string(scene.name)), ("summary", .string(scene.summary)),
                                        ("cycle", .exactNumber(scene.cycle)),
                                        ("canvas", .array([.exactNumber(canvas.width), .exactNumber(canvas.height)]))]
        let background = settings.parameters.contains { $0.name == "background" } ? settings.color("background") : .clear
        fields.append(("background", writer.color(background)))
        // The scene's own root usually paints the background knob; the file's canvas does that.
        let rootBackground = root.backgroundColor ?? .clear
        let paintsBackground = rootBackground == background || (rootBackground.alpha == 0 && background.alpha == 0)
        let rules = try script.rules.map { rule throws in try writer.rule(rule) }
        let layer = try writer.layer(root, omitBackground: paintsBackground)
        if !writer.templates.isEmpty { fields.append(("animations", .object(writer.templates.map { ($0.key, $0.json) }))) }
        fields.append(("layers", .array([layer])))
        if !rules.isEmpty { fields.append(("script", .array(rules))) }
        return JSON.object(fields).rendered(indent: "") + "\n"
    }

    /// The state of one export: the templates collected from the script so far.
    private struct Writer {
        let encodeImage: ImageEncoder
        let sceneName: String
        var templates: [(key: String, json: JSON)] = []

        init(encodeImage: @escaping ImageEncoder, sceneName: String) {
            self.encodeImage = encodeImage
            self.sceneName = sceneName
        }

        func layer(_ layer: Layer, omitBackground: Bool = false) throws -> JSON {
            let shot = layer as? SceneLayer
            if let shot, shot.source == nil { throw ExportError.holdsShots(sceneName) }
            guard !layer.hasPendingRemovals else { throw ExportError.removesAnimations(sceneName) }
            var defaults = LayerValues(kind: layer.kind)
            if layer.kind == .text { defaults.textFit = SceneFileReader.textFit }
            var fields: [(String, JSON)] = []
            if layer.kind != .plain { fields.append(("type", .string(layer.kind.rawValue))) }
            if let name = layer.name { fields.append(("name", .string(name))) }
            if let source = shot?.source {
                fields.append(("scene", .string(source.scene)))
                let knobs: [(String, JSON)] = source.params.map { assignment in
                    let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
                    return (parts[0], .string(parts.count > 1 ? parts[1] : ""))
                }
                if !knobs.isEmpty { fields.append(("params", .object(knobs))) }
            }
            for property in LayerProperty.all where property.applies(to: layer.kind) {
                if omitBackground && property.name == "backgroundColor" { continue }
                let value = layer.value(of: property)
                if value != property.value(in: defaults) { fields.append((property.name, try self.value(value, of: property.type))) }
            }
            if let mask = layer.mask { fields.append(("mask", try self.layer(mask))) }
            if !layer.sublayers.isEmpty { fields.append(("sublayers", .array(try layer.sublayers.map { try self.layer($0) }))) }
            let animations = try layer.addedAnimations.map { try attached($0.animation, key: $0.key) }
            if !animations.isEmpty { fields.append(("animations", .array(animations))) }
            return .object(fields)
        }

        func animation(_ a: Animation) throws -> JSON {
            guard a.didStart == nil && a.didStop == nil else { throw ExportError.scriptUsesClosures(sceneName) }
            let type: String
            var fields: [(String, JSON)]
            switch a {
            case let spring as SpringAnimation:
                type = "spring"
                fields = try basic(spring) + springFields(spring.spring)
            case let basic as BasicAnimation:
                type = "basic"
                fields = try self.basic(basic)
            case let keyframes as KeyframeAnimation:
                type = "keyframe"
                fields = try self.keyframes(keyframes)
            case let group as AnimationGroup:
                type = "group"
                fields = [("animations", .array(try group.animations.map { try animation($0) }))]
            case let transition as TransitionAnimation:
                type = "transition"
                fields = [("transition", .string(transition.type.rawValue))]
                if let subtype = transition.subtype { fields.append(("subtype", .string(subtype.rawValue))) }
                if transition.startProgress != 0 { fields.append(("startProgress", .exactNumber(transition.startProgress))) }
                if transition.endProgress != 1 { fields.append(("endProgress", .exactNumber(transition.endProgress))) }
            default:
                throw ExportError.unsupportedAnimation("\(Swift.type(of: a))")
            }
            let name: [(String, JSON)] = a.name.map { [("name", .string($0))] } ?? []
            return .object([("type", .string(type))] + name + fields + timing(a))
        }

        /// A layer's animation: a use of the template it equals, or the animation itself.
        func attached(_ a: Animation, key: String?) throws -> JSON {
            let json = try animation(a)
            let text = json.rendered(indent: nil)
            let keyField: [(String, JSON)] = key.map { [("key", .string($0))] } ?? []
            if let template = templates.first(where: { $0.json.rendered(indent: nil) == text }) {
                return .object([("use", .string(template.key))] + keyField)
            }
            guard case .object(let members) = json else { return json }
            return .object(members + keyField)
        }

        /// A spring's fields as a file writes them: those that differ from a spring animation's defaults.
        private func springFields(_ spring: AnimationSpec.Spring) -> [(String, JSON)] {
            let d = SpringAnimation(keyPath: "").spring
            var fields: [(String, JSON)] = []
            if spring.mass != d.mass { fields.append(("mass", .exactNumber(spring.mass))) }
            if spring.stiffness != d.stiffness { fields.append(("stiffness", .exactNumber(spring.stiffness))) }
            if spring.damping != d.damping { fields.append(("damping", .exactNumber(spring.damping))) }
            if spring.initialVelocity != d.initialVelocity { fields.append(("initialVelocity", .exactNumber(spring.initialVelocity))) }
            if spring.allowsOverdamping { fields.append(("allowsOverdamping", .bool(true))) }
            return fields
        }

        private func basic(_ a: BasicAnimation) throws -> [(String, JSON)] {
            var fields: [(String, JSON)] = [("keyPath", .string(a.keyPath))]
            if let f = a.valueFunction { fields.append(("valueFunction", .string(f.rawValue))) }
            if let v = a.fromValue { fields.append(("fromValue", try value(v))) }
            if let v = a.toValue { fields.append(("toValue", try value(v))) }
            if let v = a.byValue { fields.append(("byValue", try value(v))) }
            if a.isAdditive { fields.append(("additive", .bool(true))) }
            if a.isCumulative { fields.append(("cumulative", .bool(true))) }
            return fields
        }

        private func keyframes(_ a: KeyframeAnimation) throws -> [(String, JSON)] {
            var fields: [(String, JSON)] = [("keyPath", .string(a.keyPath))]
            if let values = a.values { fields.append(("values", .array(try values.map(value)))) }
            if let path = a.path { fields.append(("path", .string(svg(path)))) }
            if let t = a.keyTimes { fields.append(("keyTimes", numbers(t))) }
            if let f = a.timingFunctions { fields.append(("timingFunctions", .array(f.map(timingFunction)))) }
            if a.calculationMode != .linear { fields.append(("calculationMode", .string(a.calculationMode.rawValue))) }
            if let t = a.tensionValues { fields.append(("tensionValues", numbers(t))) }
            if let c = a.continuityValues { fields.append(("continuityValues", numbers(c))) }
            if let b = a.biasValues { fields.append(("biasValues", numbers(b))) }
            if let r = a.rotationMode { fields.append(("rotationMode", .string(r.rawValue))) }
            if a.isAdditive { fields.append(("additive", .bool(true))) }
            if a.isCumulative { fields.append(("cumulative", .bool(true))) }
            return fields
        }

        private func timing(_ a: Animation) -> [(String, JSON)] {
            var fields: [(String, JSON)] = []
            if a.beginTime != 0 { fields.append(("beginTime", .exactNumber(a.beginTime))) }
            if a.duration != 0 { fields.append(("duration", .exactNumber(a.duration))) }
            if a.speed != 1 { fields.append(("speed", .exactNumber(a.speed))) }
            if a.timeOffset != 0 { fields.append(("timeOffset", .exactNumber(a.timeOffset))) }
            if a.repeatCount != 0 { fields.append(("repeatCount", a.repeatCount.isInfinite ? .string("infinity") : .exactNumber(a.repeatCount))) }
            if a.repeatDuration != 0 {
                fields.append(("repeatDuration", a.repeatDuration.isInfinite ? .string("infinity") : .exactNumber(a.repeatDuration)))
            }
            if a.autoreverses { fields.append(("autoreverses", .bool(true))) }
            if a.fillMode != .removed { fields.append(("fillMode", .string(a.fillMode.rawValue))) }
            if let f = a.timingFunction { fields.append(("timingFunction", timingFunction(f))) }
            if !a.isRemovedOnCompletion { fields.append(("removedOnCompletion", .bool(false))) }
            return fields
        }

        private func timingFunction(_ f: TimingFunction) -> JSON {
            if let name = TimingFunction.named.sorted(by: { $0.key < $1.key }).first(where: { $0.value == f })?.key { return .string(name) }
            return numbers([f.c1x, f.c1y, f.c2x, f.c2y])
        }

        /// A script rule; the animations it adds become templates (named after the animation,
        /// or after the layer it is added to) that it refers to. A rule that only adds one
        /// animation is written in the short form.
        mutating func rule(_ rule: ScriptRule) throws -> JSON {
            var fields: [(String, JSON)]
            switch rule.trigger {
            case .start:
                fields = [("on", .string("start"))]
            case let .didStart(animation, layer):
                fields = [("on", .string("didStart")), ("animation", .string(animation))]
                if let layer { fields.append(("layer", .string(layer))) }
            case let .didStop(animation, layer, finished):
                fields = [("on", .string("didStop")), ("animation", .string(animation))]
                if let layer { fields.append(("layer", .string(layer))) }
                if let finished { fields.append(("finished", .bool(finished))) }
            }
            if rule.delay != 0 { fields.append(("after", .exactNumber(rule.delay))) }
            if let interval = rule.interval { fields.append(("every", .exactNumber(interval))) }
            if rule.actions.count == 1, case .add = rule.actions[0], case .object(let add) = try action(rule.actions[0]) {
                fields += add
            } else {
                fields.append(("do", .array(try rule.actions.map { action throws in try self.action(action) })))
            }
            return .object(fields)
        }

        /// One action of a rule, as its verb and fields.
        private mutating func action(_ action: ScriptAction) throws -> JSON {
            switch action {
            case let .add(animation, layer, key, begin):
                var fields: [(String, JSON)] = [("add", .string(try template(for: animation, addedTo: layer))), ("to", .string(layer))]
                if let key { fields.append(("key", .string(key))) }
                if let begin { fields.append(("begin", .exactNumber(begin))) }
                return .object(fields)
            case let .set(changes, layer):
                let values = try changes.map { change throws in (change.property.name, try value(change.value, of: change.property.type)) }
                return .object([("set", .object(values)), ("on", .string(layer))])
            case let .remove(key, layer):
                return .object([("remove", .string(key)), ("from", .string(layer))])
            case .removeAll(let layer):
                return .object([("removeAllAnimations", .string(layer))])
            case .pause(let layer):
                return .object([("pause", .string(layer))])
            case .resume(let layer):
                return .object([("resume", .string(layer))])
            case let .addSublayer(layer, parent, index):
                var fields: [(String, JSON)] = [("addSublayer", .string(layer)), ("to", .string(parent))]
                if let index { fields.append(("at", .exactNumber(Double(index)))) }
                return .object(fields)
            case .removeFromSuperlayer(let layer):
                return .object([("removeFromSuperlayer", .string(layer))])
            case let .transaction(settings, body, completion):
                var values: [(String, JSON)] = [("duration", .exactNumber(settings.duration)),
                                                ("timingFunction", timingFunction(settings.timingFunction))]
                if settings.disableActions { values.append(("disableActions", .bool(true))) }
                if settings.delay > 0 { values.append(("delay", .exactNumber(settings.delay))) }
                if settings.repeatCount != 0 {
                    values.append(("repeatCount", settings.repeatCount.isInfinite ? .string("infinity") : .exactNumber(settings.repeatCount)))
                }
                if settings.autoreverses { values.append(("autoreverses", .bool(true))) }
                if let spring = settings.spring { values.append(("spring", .object(springFields(spring)))) }
                var fields: [(String, JSON)] = [("transaction", .object(values)),
                                                ("do", .array(try body.map { action throws in try self.action(action) }))]
                if !completion.isEmpty { fields.append(("completion", .array(try completion.map { action throws in try self.action(action) }))) }
                return .object(fields)
            }
        }

        /// The key of the template holding `animation`, added now if no equal one is there yet.
        private mutating func template(for animation: Animation, addedTo layer: String) throws -> String {
            let json = try self.animation(animation)
            let text = json.rendered(indent: nil)
            if let existing = templates.first(where: { $0.json.rendered(indent: nil) == text }) { return existing.key }
            let base = animation.name ?? layer + "Animation"
            var key = base, n = 2
            while templates.contains(where: { $0.key == key }) {
                key = "\(base)\(n)"
                n += 1
            }
            templates.append((key, json))
            return key
        }

        /// An emitter cell: the fields that differ from a new cell's.
        func cell(_ cell: EmitterCell) throws -> JSON {
            let defaults = EmitterCell()
            var fields: [(String, JSON)] = []
            if let name = cell.name { fields.append(("name", .string(name))) }
            if !cell.isEnabled { fields.append(("enabled", .bool(false))) }
            if cell.color != defaults.color { fields.append(("color", color(cell.color))) }
            if let contents = cell.contents { fields.append(("contents", .string(try encodeImage(contents)))) }
            if cell.contentsRect != defaults.contentsRect { fields.append(("contentsRect", try value(.rect(cell.contentsRect)))) }
            if !cell.emitterCells.isEmpty { fields.append(("emitterCells", .array(try cell.emitterCells.map(self.cell)))) }
            for field in EmitterCellFields.numbers where cell[keyPath: field.key] != defaults[keyPath: field.key] {
                fields.append((field.name, .exactNumber(cell[keyPath: field.key])))
            }
            return .object(fields)
        }

        /// A text layer's text: a string when plain, otherwise its runs with the attributes they set.
        private func text(_ text: TextString) -> JSON {
            guard !text.isPlain else { return .string(text.plainText) }
            return .array(text.runs.map { run in
                var fields: [(String, JSON)] = [("text", .string(run.text))]
                if let font = run.font { fields.append(("font", .string(font))) }
                if let size = run.fontSize { fields.append(("fontSize", .exactNumber(size))) }
                if let color = run.color { fields.append(("color", self.color(color))) }
                if let kern = run.kern { fields.append(("kern", .exactNumber(kern))) }
                if run.underline { fields.append(("underline", .bool(true))) }
                if run.strikethrough { fields.append(("strikethrough", .bool(true))) }
                if let alignment = run.paragraph?.alignment { fields.append(("alignment", .string(alignment.rawValue))) }
                // Within what a file may say (Swift may set more, which layout and drawing clamp).
                if let spacing = run.paragraph?.lineSpacing, spacing > 0, spacing.isFinite {
                    fields.append(("lineSpacing", .exactNumber(min(spacing, 10_000))))
                }
                if let shadow = run.shadow {
                    let offset = [shadow.offset.width, shadow.offset.height].map { $0.isFinite ? $0 : 0 }
                    let blur = shadow.blurRadius.isFinite ? min(max(shadow.blurRadius, 0), 1000) : 0
                    fields.append(("shadow", .object([("offset", numbers(offset)), ("blurRadius", .exactNumber(blur)),
                                                      ("color", self.color(shadow.color))])))
                }
                return .object(fields)
            })
        }

        /// A layer filter: its name and parameters.
        private func filter(_ filter: LayerFilter) -> JSON {
            let head: [(String, JSON)] = [("filter", .string(filter.effect.typeName))] + (filter.name.map { [("name", .string($0))] } ?? [])
            switch filter.effect {
            case .gaussianBlur(let radius): return .object(head + [("inputRadius", .exactNumber(radius))])
            case .colorMatrix(let m):
                return .object(head + zip(SceneFileReader.colorMatrixVectors, [m.red, m.green, m.blue, m.alpha, m.bias]).map { name, v in
                    (name, .array((0..<4).map { .exactNumber(v[$0]) }))
                })
            case let .tint(black, white, amount):
                return .object(head + [("mapBlackTo", color(black)), ("mapWhiteTo", color(white)), ("amount", .exactNumber(amount))])
            }
        }

        /// A property's value as a file writes it (flags as true or false).
        func value(_ v: LayerProperty.Value, of type: LayerProperty.ValueType) throws -> JSON {
            switch v {
            case .value(.number(let x)) where type == .boolean: .bool(x != 0)
            // A layer's repeatCount or repeatDuration for ever, as a file writes it.
            case .value(.number(let x)) where x == .infinity: .string("infinity")
            case .value(let value): try self.value(value)
            case .choice(let name): .string(name)
            case .integer(let n): .exactNumber(Double(n))
            case .cells(let cells): .array(try cells.map(cell))
            case .filters(let filters): .array(filters.map(filter))
            case .string(let text): .string(text)
            case .text(let text): self.text(text)
            case .absent: .null
            }
        }

        func value(_ v: AnimationValue) throws -> JSON {
            switch v {
            case .number(let x): .exactNumber(x)
            case .point(let p): numbers([p.x, p.y])
            case .size(let s): numbers([s.width, s.height])
            case .rect(let r): numbers([r.origin.x, r.origin.y, r.size.width, r.size.height])
            case .color(let c): color(c)
            case .transform(let t): transform(t)
            case .path(let p): .string(svg(p))
            case .numbers(let list): numbers(list)
            case .colors(let list): .array(list.map(color))
            case .image(let image): .string(try encodeImage(image))
            }
        }

        private func numbers(_ list: [Double]) -> JSON { .array(list.map { .exactNumber($0) }) }

        /// `#RRGGBB[AA]` when that is exact, otherwise `[r, g, b, a]`.
        func color(_ c: Color) -> JSON {
            if c == .clear { return .string("clear") }
            if Color(hex: c.description) == c { return .string(c.description) }
            return numbers([c.red, c.green, c.blue, c.alpha])
        }

        /// A translation or a scale when the matrix is exactly one, otherwise the matrix.
        private func transform(_ t: Transform3D) -> JSON {
            if t.isIdentity { return .array([]) }
            let translation = Transform3D.identity.translatedBy(x: t.m41, y: t.m42, z: t.m43)
            if translation == t { return .array([.object([("translate", numbers(t.m43 == 0 ? [t.m41, t.m42] : [t.m41, t.m42, t.m43]))])]) }
            let scale = Transform3D.identity.scaledBy(x: t.m11, y: t.m22, z: t.m33)
            if scale == t { return .array([.object([("scale", numbers([t.m11, t.m22, t.m33]))])]) }
            return .array([.object([("matrix", numbers(t.entries))])])
        }

        /// SVG path data with absolute commands and exact numbers.
        private func svg(_ path: Path) -> String {
            func xy(_ p: Point) -> String { "\(JSON.exact(p.x)) \(JSON.exact(p.y))" }
            return path.elements.map { element in
                switch element {
                case .move(let p): "M\(xy(p))"
                case .line(let p): "L\(xy(p))"
                case let .quad(c, p): "Q\(xy(c)) \(xy(p))"
                case let .cubic(c1, c2, p): "C\(xy(c1)) \(xy(c2)) \(xy(p))"
                case .close: "Z"
                }
            }.joined(separator: " ")
        }
    }
}
