import Animation
import Foundation
import Geometry
import Pipeline
import Scenes
import Text

/// Layers: their type, properties, sublayers, mask and animations.
extension SceneFileReader {
    /// Reads a layer and what is under it. `copies` is how many times it is drawn per frame
    /// (the product of the replicators above it); `drawn` counts drawn layers across the file.
    func layer(_ value: JSONValue, _ path: String, depth: Int, copies: Int, drawn: inout Int) throws(DocumentError) -> Layer {
        guard depth <= SceneFileLimits.layerDepth else {
            throw fail(path, value, "layers are nested more than \(SceneFileLimits.layerDepth) deep")
        }
        layerCount += 1
        guard layerCount <= SceneFileLimits.layers else { throw fail(path, value, "more than \(SceneFileLimits.layers) layers") }
        let fields = try adapted(try object(value, path, allowed: Self.layerFields + AspectClass.allCases.map(\.rawValue), what: "a layer"))
        let kind = try fields["type"].map { v throws(DocumentError) in
            try choice(v, fields.path("type"), LayerKind.allCases, literally: true)
        } ?? .plain
        let layer: Layer = switch kind as LayerKind {
        case .plain: Layer()
        case .shape: ShapeLayer()
        case .replicator: ReplicatorLayer()
        case .gradient: GradientLayer()
        case .transform: TransformLayer()
        case .emitter: EmitterLayer()
        case .text: TextLayer()
        case .scene: try shot(fields, path, value)
        }
        if kind == .text { layer.textFit = Self.textFit }
        if let v = fields["name"] {
            let name = try literal(v, fields.path("name"))
            layerNames[name, default: 0] += 1
            layer.name = name
        }
        for name in ["scene", "params"] where kind != .scene {
            if let v = fields[name] { throw fail(fields.path(name), v, "\(name) is a field of scene layers; this layer's type is \(kind.rawValue)") }
        }
        for member in fields.members {
            guard let property = LayerProperty.named[member.key] else { continue }
            try checkKind(property, kind, member, fields)
            try set(property, member.value, fields.path(member.key), of: layer)
        }
        noteApproximations(of: layer, kind: kind, copies: copies, fields)
        if let v = fields["frame"] {
            layer.frame = try rect(v, fields.path("frame"))
        }
        if let v = fields["style"] { layer.style = try style(v, fields.path("style"), kind: kind, depth: 1) }
        if let v = fields["video"] { layer.video = try video(v, fields.path("video")) }
        if let v = fields["actions"] { layer.actions = try actions(v, fields.path("actions")) }
        if let text = layer as? TextLayer, let set = try? text.typeset() {
            if set.overflows { warnings.append(fail(path, value, Self.overflow(of: text, set))) }
            if !set.missing.isEmpty {
                let listed = set.missing.prefix(8).map { "\"\(Character($0))\" (U+\(String($0.value, radix: 16, uppercase: true)))" }
                warnings.append(fail(path, value, "no installed font has \(listed.joined(separator: ", ")): drawn as empty boxes"))
            }
        }
        drawn += copies
        guard drawn <= SceneFileLimits.drawnInstances else {
            throw fail(path, value, "more than \(SceneFileLimits.drawnInstances) layers are drawn per frame, counting replicated copies")
        }
        // Its animations (percentages of the superlayer's bounds), then what is under it.
        var animations: [(animation: Animation, key: String?, path: String, value: JSONValue)] = []
        if let v = fields["animations"] {
            for (i, item) in try list(v, fields.path("animations")).enumerated() {
                let itemPath = "\(fields.path("animations"))[\(i)]"
                let (animation, key) = try attachedAnimation(item, itemPath)
                animations.append((animation, key, itemPath, item))
            }
        }
        let within = sublayerSurroundings(of: layer, kind: kind)
        for entry in animations {
            noteApproximations(of: entry.animation, on: layer, kind: kind, surroundings: surroundings, entry.path, entry.value)
            if within.repeating { noteRepeating(entry.animation, on: layer.name) }
            layer.add(entry.animation, forKey: entry.key)
        }
        let isTimeSensitive = kind == .emitter || animations.contains { $0.animation is TransitionAnimation }
        if isTimeSensitive { timeSensitiveCount += 1 }
        // Percentages in the mask and the sublayers are of this layer's bounds.
        let (outer, around, timeSensitiveAbove) = (percentBase, surroundings, timeSensitiveCount)
        (percentBase, surroundings) = (layer.bounds.size, within)
        if let v = fields["mask"] {
            layer.mask = try self.layer(v, fields.path("mask"), depth: depth + 1, copies: copies, drawn: &drawn)
        }
        if let v = fields["sublayers"] {
            let inner = copies * (kind == .replicator ? max(layer.instanceCount, 1) : 1)
            for (i, item) in try list(v, fields.path("sublayers")).enumerated() {
                layer.addSublayer(try self.layer(item, "\(fields.path("sublayers"))[\(i)]", depth: depth + 1, copies: inner, drawn: &drawn))
            }
        }
        (percentBase, surroundings) = (outer, around)
        if let name = layer.name {
            namedLayers[name] = NamedLayer(layer: layer, kind: kind, surroundings: surroundings, sublayers: within,
                                           setsContentsScale: kind == .text && fields["contentsScale"] != nil,
                                           isTimeSensitive: isTimeSensitive, holdsTimeSensitive: timeSensitiveCount > timeSensitiveAbove)
        }
        return layer
    }

    /// A text layer's `textFit` in a scene file unless it says otherwise: text shrinks to fit its
    /// box (Core Animation's, which Swift scenes keep, draws it past them).
    static let textFit = TextFit.shrink

    /// What a warning says of a text layer whose text does not fit: the layer, the text as given,
    /// the box and what became of it.
    static func overflow(of layer: TextLayer, _ set: TypesetText) -> String {
        let plain = layer.string.runs.map(\.text).joined()
        let shown = plain.count > 40 ? "\(plain.prefix(39))…" : plain
        let name = layer.name.map { "\"\($0)\": " } ?? ""
        let box = "\(JSON.exact(layer.bounds.width.rounded()))×\(JSON.exact(layer.bounds.height.rounded())) point box"
        let needs = "\(Int(set.size.width.rounded(.up)))×\(Int(set.size.height.rounded(.up))) points"
        let ending = layer.truncationMode == .clip ? "" : " with \"…\""
        let outcome = set.isCut ? "it is cut to \(set.lineCount) line\(set.lineCount == 1 ? "" : "s")\(ending)"
            : set.breaksWord && layer.textFit != .none ? "a word is broken across lines" : "it needs \(needs) and is drawn past it"
        let shrunk = layer.textFit == .shrink ? "even at \(Int((set.scale * 100).rounded()))% (its minimumScaleFactor) " : ""
        return "\(name)the text \"\(shown)\" does not fit its \(box): \(shrunk)\(outcome)"
    }

    /// A layer's fields with those it gives for its canvas's aspect class (`"portrait": {…}`,
    /// `"square"`, `"landscape"`) in their place.
    private func adapted(_ fields: Fields) throws(DocumentError) -> Fields {
        var members = fields.members.filter { member in !AspectClass.allCases.contains { $0.rawValue == member.key } }
        // Every class's layout is checked, whichever this canvas takes.
        for shape in AspectClass.allCases {
            guard let v = fields[shape.rawValue] else { continue }
            let overrides = try object(v, fields.path(shape.rawValue), allowed: Self.adaptableFields, what: "a \(shape.rawValue) layout")
            guard shape == aspectClass else { continue }
            for member in overrides.members {
                if let i = members.firstIndex(where: { $0.key == member.key }) { members[i] = member } else { members.append(member) }
            }
        }
        return Fields(members: members, path: fields.path, value: fields.value)
    }

    /// What a layout for one aspect class may change: the layer's properties, frame and animations.
    static let adaptableFields = ["frame", "animations"] + LayerProperty.all.map(\.name)

    /// Fields that build the tree rather than set a property.
    static let structureFields = ["type", "name", "frame", "sublayers", "mask", "animations", "scene", "params", "video", "actions", "style"]

    /// Refuses `member` (a field of `fields`) when its property is not one of `kind`'s layers.
    private func checkKind(_ property: LayerProperty, _ kind: LayerKind, _ member: (key: String, value: JSONValue), _ fields: Fields) throws(DocumentError) {
        guard let kinds = property.kinds, !kinds.contains(kind) else { return }
        throw fail(fields.path(member.key), member.value,
                   "\(AnimationError.notAProperty(member.key, of: kind.rawValue, kinds: kinds.map(\.rawValue).sorted()))")
    }

    /// A layer's `style`: values for the properties it does not set itself, and under `"style"`
    /// the style whose values count where this one gives none (`LayerStyle`).
    private func style(_ value: JSONValue, _ path: String, kind: LayerKind, depth: Int) throws(DocumentError) -> LayerStyle {
        guard depth <= SceneFileLimits.styleDepth else { throw fail(path, value, "styles are nested more than \(SceneFileLimits.styleDepth) deep") }
        if case let .object(members, _) = value, let unstyled = members.first(where: { $0.key == "bounds" || $0.key == "frame" }) {
            throw fail(join(path, unstyled.key), unstyled.value, "\(AnimationError.notStyled(unstyled.key))")
        }
        let fields = try object(value, path, allowed: Self.styleFields, what: "a style")
        var values: [String: LayerProperty.Value] = [:]
        for member in fields.members where member.key != "style" {
            guard let property = LayerProperty.named[member.key] else { continue }
            try checkKind(property, kind, member, fields)
            values[member.key] = try propertyValue(property, member.value, fields.path(member.key), kind: kind)
        }
        let under = try fields["style"].map { v throws(DocumentError) in try style(v, fields.path("style"), kind: kind, depth: depth + 1) }
        do {
            return try LayerStyle(values, style: under)
        } catch {
            throw fail(path, value, "\(error)")
        }
    }

    /// What a style may give: every layer property but the bounds, and the style under it.
    static let styleFields = LayerProperty.all.map(\.name).filter { $0 != "bounds" } + ["style"]

    /// A scene layer: `"scene"` names a built-in scene or a scene file (relative to this one),
    /// `"params"` sets its knobs.
    private func shot(_ fields: Fields, _ path: String, _ value: JSONValue) throws(DocumentError) -> SceneLayer {
        shotCount += 1
        guard shotCount <= SceneFileLimits.shots else { throw fail(path, value, "more than \(SceneFileLimits.shots) scene layers in one file") }
        guard let sceneValue = fields["scene"] else {
            throw fail(path, value, "missing \"scene\": a built-in scene's name or a scene file's path")
        }
        var name = try string(sceneValue, fields.path("scene"))
        let scene: any Scene
        if name.lowercased().hasSuffix(".json") {
            guard nesting < SceneFileLimits.shotNesting else {
                throw fail(fields.path("scene"), sceneValue, "scene files hold each other more than \(SceneFileLimits.shotNesting) deep (does one hold itself?)")
            }
            guard let confined = DocumentFolder.confined(name, inFolderOf: file) else {
                throw fail(fields.path("scene"), sceneValue, DocumentFolder.outsideMessage(name))
            }
            name = confined
            let shotFile = try SceneFile.load(path: name, decodeImage: decodeImage, nesting: nesting + 1)
            // Its warnings (at its own default knobs) are this file's too, once each.
            for warning in shotFile.warnings where !warnings.contains(where: { $0.description == warning.description }) {
                warnings.append(warning)
            }
            scene = shotFile
        } else {
            guard let found = SceneCatalog.scene(named: name) else {
                let hint = SceneCatalog.nameResembling(name).map { "; did you mean \"\($0)\"?" } ?? ""
                throw fail(fields.path("scene"), sceneValue, "no built-in scene called \"\(name)\"\(hint) (or a .json scene file)")
            }
            scene = found
        }
        var assignments: [String] = []
        if let params = fields["params"] {
            let knobs = try object(params, fields.path("params"), allowed: scene.parameters.map(\.name), what: "the knobs of \(scene.name)")
            for member in knobs.members {
                let text: String
                switch try resolved(member.value, knobs.path(member.key)) {
                case .string(let s, _): text = s
                case .number(let n, _): text = JSON.exact(n)
                case .bool(let b, _): text = b ? "true" : "false"
                default: throw fail(knobs.path(member.key), member.value, "expected a knob's value: a string, number or true/false")
                }
                assignments.append("\(member.key)=\(text)")
            }
        }
        let settings: SceneSettings
        do {
            settings = try scene.settings(assignments)
        } catch {
            throw fail(fields.path("params"), fields["params"] ?? value, "\(error)")
        }
        return SceneLayer(source: (name, assignments)) { size, duration in try scene.timeline(canvas: size, duration: duration, settings: settings) }
    }

    /// Every field a layer object may have.
    static let layerFields = structureFields + LayerProperty.all.map(\.name)

    /// Sets one property, read as its type says; `null` unsets an optional colour, path or image.
    private func set(_ property: LayerProperty, _ value: JSONValue, _ path: String, of layer: Layer) throws(DocumentError) {
        let newValue = try propertyValue(property, value, path, kind: layer.kind)
        do {
            try layer.setValue(newValue, for: property)
        } catch {
            throw fail(path, value, "\(error)")
        }
    }

    /// A property's value for a layer of `kind`, read as the property's type says; `null` is
    /// the unset value of an optional colour, path or image.
    func propertyValue(_ property: LayerProperty, _ value: JSONValue, _ path: String, kind: LayerKind) throws(DocumentError) -> LayerProperty.Value {
        let resolvedValue = try resolved(value, path)
        if case .null = resolvedValue {
            guard property.isOptional else { throw fail(path, value, "\(property.name) cannot be null") }
            return .absent
        }
        switch property.type {
        case .number(let range):
            return .value(.number(try number(value, path, in: range)))
        case .boolean:
            if case .number(let x, _) = resolvedValue { return .value(.number(x)) }
            return .value(.number(try bool(value, path) ? 1 : 0))
        case .integer(let range):
            return .integer(try integer(value, path, in: range))
        case .choice(let names):
            return .choice(try choice(value, path, names))
        case .image:
            return .value(.image(try image(value, path)))
        case .cells:
            return .cells(try cells(value, path, depth: 1))
        case .filters:
            return .filters(try filters(value, path))
        case .string:
            return .string(try font(value, path))
        case .text:
            return .text(try text(value, path))
        default:
            guard let keyPath = property.keyPath else { throw fail(path, value, "\(property.name) cannot be set in a scene file") }
            return .value(try animationValue(value, path, like: keyPath.value(in: LayerValues(kind: kind))))
        }
    }

    /// A font name that is installed, or a font file's path (relative to the scene file).
    private func font(_ value: JSONValue, _ path: String) throws(DocumentError) -> String {
        let name = try string(value, path)
        let isFile = name.contains("/") || [".ttf", ".otf", ".ttc"].contains { name.lowercased().hasSuffix($0) }
        var located = name
        if isFile {
            guard let confined = DocumentFolder.confined(name, inFolderOf: file) else { throw fail(path, value, DocumentFolder.outsideMessage(name)) }
            located = confined
        }
        do {
            // Opened now, so a file that is no font is an error here, not text missing later.
            _ = try FontFace.face(for: FontLookup.file(for: located))
        } catch {
            throw fail(path, value, "\(error)")
        }
        if let standIn = FontLookup.standIn(for: located) {
            warnings.append(fail(path, value, "\"\(name)\" is not installed: drawn in \(standIn), which stands in for it (docs/core-animation.md, \"Fonts\")"))
        }
        return located
    }

    /// A text layer's `string`: plain text, or a list of runs `{"text", "font", "fontSize",
    /// "color", "kern", "underline", "strikethrough", "alignment", "lineSpacing", "shadow"}`.
    private func text(_ value: JSONValue, _ path: String) throws(DocumentError) -> TextString {
        let string = try unsetText(value, path)
        let characters = string.runs.reduce(0) { $0 + $1.text.unicodeScalars.count }
        guard characters <= TextLayout.maximumCharacters else {
            throw fail(path, value, "\(characters) characters; a text layer holds at most \(TextLayout.maximumCharacters)")
        }
        return string
    }

    private func unsetText(_ value: JSONValue, _ path: String) throws(DocumentError) -> TextString {
        if case .string = try resolved(value, path) { return TextString(try string(value, path)) }
        var runs: [TextString.Run] = []
        for (i, item) in try list(value, path).enumerated() {
            let runPath = "\(path)[\(i)]"
            let fields = try object(item, runPath, allowed: ["text", "font", "fontSize", "color", "kern", "underline", "strikethrough",
                                                             "alignment", "lineSpacing", "shadow"], what: "a text run")
            guard let text = fields["text"] else { throw fail(runPath, item, "missing \"text\": the run's characters") }
            var run = TextString.Run(try string(text, fields.path("text")))
            if let v = fields["font"] { run.font = try font(v, fields.path("font")) }
            if let v = fields["fontSize"] { run.fontSize = try number(v, fields.path("fontSize"), in: 0...10_000) }
            if let v = fields["color"] { run.color = try color(v, fields.path("color")) }
            if let v = fields["kern"] { run.kern = try number(v, fields.path("kern"), in: -1000...1000) }
            if let v = fields["underline"] { run.underline = try bool(v, fields.path("underline")) }
            if let v = fields["strikethrough"] { run.strikethrough = try bool(v, fields.path("strikethrough")) }
            if fields["alignment"] != nil || fields["lineSpacing"] != nil {
                var paragraph = ParagraphStyle()
                if let v = fields["alignment"] {
                    paragraph.alignment = TextAlignment(rawValue: try choice(v, fields.path("alignment"), TextAlignment.allCases.map(\.rawValue)))
                }
                if let v = fields["lineSpacing"] { paragraph.lineSpacing = try number(v, fields.path("lineSpacing"), in: 0...10_000) }
                run.paragraph = paragraph
            }
            if let v = fields["shadow"] { run.shadow = try textShadow(v, fields.path("shadow")) }
            runs.append(run)
        }
        return TextString(runs: runs)
    }

    /// A text run's `shadow`: `{"offset": [x, y], "blurRadius": points, "color": colour}`,
    /// NSShadow's defaults where left out (no offset or blur, black at a third).
    private func textShadow(_ value: JSONValue, _ path: String) throws(DocumentError) -> TextShadow {
        let fields = try object(value, path, allowed: ["offset", "blurRadius", "color"], what: "a text shadow")
        var shadow = TextShadow()
        if let v = fields["offset"] { shadow.offset = try size(v, fields.path("offset")) }
        if let v = fields["blurRadius"] { shadow.blurRadius = try number(v, fields.path("blurRadius"), in: 0...1000) }
        if let v = fields["color"] { shadow.color = try color(v, fields.path("color")) }
        return shadow
    }

    /// The fields of a `colorMatrix` filter: its rows and bias, as `CIColorMatrix` names them.
    static let colorMatrixVectors = ["inputRVector", "inputGVector", "inputBVector", "inputAVector", "inputBiasVector"]

    /// A layer's filters: `{"filter": "gaussianBlur", "inputRadius": points}`,
    /// `{"filter": "colorMatrix", "inputRVector": [r, g, b, a], …}` and
    /// `{"filter": "tint", "mapBlackTo": colour, "mapWhiteTo": colour, "amount": 0…1}` objects,
    /// each with an optional `"name"` (unique in the list) that key paths address it by.
    private func filters(_ value: JSONValue, _ path: String) throws(DocumentError) -> [LayerFilter] {
        var filters: [LayerFilter] = []
        for (i, item) in try list(value, path, count: 0...16).enumerated() {
            let fields = try object(item, "\(path)[\(i)]", allowed: ["filter", "name", "inputRadius", "mapBlackTo", "mapWhiteTo", "amount"] + Self.colorMatrixVectors,
                                    what: "a filter")
            guard let type = fields["filter"] else { throw fail("\(path)[\(i)]", item, "missing \"filter\": gaussianBlur, colorMatrix or tint") }
            let kind = try choice(type, fields.path("filter"), LayerFilter.typeNames)
            let name = try fields["name"].map { v throws(DocumentError) in try filterName(v, fields.path("name"), taken: filters) }
            let own = kind == "gaussianBlur" ? ["inputRadius"] : kind == "tint" ? ["mapBlackTo", "mapWhiteTo", "amount"] : Self.colorMatrixVectors
            for key in ["inputRadius", "mapBlackTo", "mapWhiteTo", "amount"] + Self.colorMatrixVectors where !own.contains(key) {
                if let extra = fields[key] { throw fail(fields.path(key), extra, "a \(kind) filter has no \(key)") }
            }
            if kind == "tint" {
                let black = try fields["mapBlackTo"].map { v throws(DocumentError) in try color(v, fields.path("mapBlackTo")) } ?? .black
                let white = try fields["mapWhiteTo"].map { v throws(DocumentError) in try color(v, fields.path("mapWhiteTo")) } ?? .white
                let amount = try fields["amount"].map { v throws(DocumentError) in try number(v, fields.path("amount"), in: 0...1) } ?? 1
                filters.append(LayerFilter(.tint(black: black, white: white, amount: amount), name: name))
                continue
            }
            if kind == "colorMatrix" {
                var vectors = [ColorMatrix.identity.red, ColorMatrix.identity.green, ColorMatrix.identity.blue, ColorMatrix.identity.alpha, .zero]
                for (k, key) in Self.colorMatrixVectors.enumerated() {
                    guard let v = fields[key] else { continue }
                    let n = try numbers(v, fields.path(key), count: 4...4)
                    for x in n where !(-1000...1000).contains(x) { throw fail(fields.path(key), v, "\(JSON.exact(x)) is out of range (-1000…1000)") }
                    vectors[k] = SIMD4(n[0], n[1], n[2], n[3])
                }
                filters.append(LayerFilter(.colorMatrix(ColorMatrix(red: vectors[0], green: vectors[1], blue: vectors[2], alpha: vectors[3], bias: vectors[4])), name: name))
                continue
            }
            let radius = try fields["inputRadius"].map { v throws(DocumentError) in try number(v, fields.path("inputRadius"), in: 0...1000) } ?? 10
            filters.append(LayerFilter(.gaussianBlur(radius: radius), name: name))
        }
        return filters
    }

    /// A filter's name: one `LayerFilter.isValidName` accepts that no filter before it has.
    private func filterName(_ value: JSONValue, _ path: String, taken filters: [LayerFilter]) throws(DocumentError) -> String {
        guard case .string(let name, _) = value, LayerFilter.isValidName(name) else {
            throw fail(path, value, "a filter's name is letters, digits and _, not starting with a digit, and not a filter type (\(LayerFilter.typeNames.joined(separator: ", ")))")
        }
        if filters.contains(where: { $0.name == name }) { throw fail(path, value, "two filters are named \(name)") }
        return name
    }

    /// An emitter's cells: objects of `EmitterCellFields`.
    /// Cells hold cells up to `LayerValues.maximumCellDepth` deep.
    private func cells(_ value: JSONValue, _ path: String, depth: Int) throws(DocumentError) -> [EmitterCell] {
        guard depth <= LayerValues.maximumCellDepth else {
            throw fail(path, value, "cells hold cells at most \(LayerValues.maximumCellDepth) deep")
        }
        var cells: [EmitterCell] = []
        for (i, item) in try list(value, path, count: 0...SceneFileLimits.emitterCells).enumerated() {
            let itemPath = "\(path)[\(i)]"
            let fields = try object(item, itemPath, allowed: EmitterCellFields.all, what: "an emitter cell")
            var cell = EmitterCell()
            if let v = fields["name"] { cell.name = try literal(v, fields.path("name")) }
            if let v = fields["enabled"] { cell.isEnabled = try bool(v, fields.path("enabled")) }
            if let v = fields["color"] { cell.color = try color(v, fields.path("color")) }
            if let v = fields["contents"] { cell.contents = try image(v, fields.path("contents")) }
            if let v = fields["contentsRect"] { cell.contentsRect = try rect(v, fields.path("contentsRect")) }
            if let v = fields["emitterCells"] { cell.emitterCells = try self.cells(v, fields.path("emitterCells"), depth: depth + 1) }
            for field in EmitterCellFields.numbers {
                if let v = fields[field.name] { cell[keyPath: field.key] = try number(v, fields.path(field.name), in: field.range) }
            }
            cells.append(cell)
        }
        return cells
    }

    /// A layer's `actions`: by property name, `null` (the change shows at once) or an animation
    /// (its `keyPath` the property's when it gives none).
    func actions(_ value: JSONValue, _ path: String) throws(DocumentError) -> [String: LayerAction] {
        let fields = try object(value, path, allowed: LayerProperty.implicitlyAnimated.map(\.name), what: "a layer's actions")
        var actions: [String: LayerAction] = [:]
        for member in fields.members {
            switch member.value {
            case .null:
                actions[member.key] = .disabled
            case .object(let members, let position):
                let named = members.contains { $0.key == "keyPath" } ? members : members + [("keyPath", .string(member.key, position))]
                actions[member.key] = .animation(try animation(.object(named, position), fields.path(member.key)))
            default:
                throw fail(fields.path(member.key), member.value, "expected null (no animation) or an animation object, not \(member.value.kindName)")
            }
        }
        return actions
    }

    /// A layer's `video`: a file's path (relative to the scene file, or a knob's value), or
    /// `{"file": …, "start": S, "rate": R, "loop": true}`; opened now, so a file that holds no
    /// video is an error here. A `video` knob left empty shows none (nil).
    func video(_ value: JSONValue, _ path: String) throws(DocumentError) -> VideoContents? {
        var (reference, fileValue, filePath) = (value, value, path)
        var (start, rate, loops) = (0.0, 1.0, false)
        if case .object = value {
            let fields = try object(value, path, allowed: ["file", "start", "rate", "loop"], what: "a video")
            guard let file = fields["file"] else { throw fail(path, value, "a video needs \"file\"") }
            (reference, fileValue, filePath) = (file, file, fields.path("file"))
            if let v = fields["start"] { start = try number(v, fields.path("start"), in: 0...86_400) }
            if let v = fields["rate"] { rate = try number(v, fields.path("rate"), in: 0...100) }
            if let v = fields["loop"] { loops = try bool(v, fields.path("loop")) }
        }
        let name = try string(reference, filePath)
        let location: String
        if Self.isParameterReference(reference) {
            guard !name.isEmpty else { return nil }
            location = name.hasPrefix("/") ? name : URL(fileURLWithPath: folder).appendingPathComponent(name).path
        } else {
            guard let confined = DocumentFolder.confined(name, inFolderOf: file) else { throw fail(filePath, fileValue, DocumentFolder.outsideMessage(name)) }
            location = confined
        }
        SourceFiles.noteRead(location)
        do {
            return VideoContents(try LayerVideo(path: location), start: start, rate: rate, loops: loops)
        } catch {
            throw fail(filePath, fileValue, "\(error)")
        }
    }

    /// A `contents` image: a PNG or JPEG path (relative to the scene file) or a `data:` URI,
    /// decoded once however many layers show it.
    func image(_ value: JSONValue, _ path: String) throws(DocumentError) -> Image {
        let reference = try string(value, path)
        let location: String
        if reference.hasPrefix("data:") {
            location = reference
        } else if Self.isParameterReference(value) {
            // A knob's value: given on the command line or in a preset (a default is confined
            // where the knob is declared).
            location = reference.hasPrefix("/") ? reference : URL(fileURLWithPath: folder).appendingPathComponent(reference).path
        } else {
            guard let confined = DocumentFolder.confined(reference, inFolderOf: file) else { throw fail(path, value, DocumentFolder.outsideMessage(reference)) }
            location = confined
        }
        if let image = images[location] { return image }
        SourceFiles.noteRead(location)
        let image: Image
        do {
            image = try decodeImage(location)
        } catch {
            throw fail(path, value, "\(error)")
        }
        guard image.width <= SceneFileLimits.imageSide, image.height <= SceneFileLimits.imageSide else {
            throw fail(path, value, "the image is \(image.width)x\(image.height); each side may be at most \(SceneFileLimits.imageSide) pixels")
        }
        imagePixels += image.width * image.height
        guard imagePixels <= SceneFileLimits.imagePixels else {
            throw fail(path, value, "the scene's images have more than \(SceneFileLimits.imagePixels) pixels together")
        }
        images[location] = image
        return image
    }
}
