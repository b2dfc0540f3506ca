import Animation
import Documents
import Foundation
import Geometry

/// A Lottie composition's layers as animvid layers. Each Lottie layer becomes:
///
///     visibility node (the composition's time; hidden outside the layer's in- and out-points)
///       parent transform nodes (a parented layer moves with its parents, not their opacity)
///         time node (`st` start time as beginTime, `sr` stretch as 1 / speed)
///           transform node (position, rotation, scale about the origin)
///             anchor node (−anchor, opacity) → content (shapes, a solid, a precomposition)
///
/// The first layer of the list is on top, as in After Effects.
struct LottieComposition {
    let reader: LottieReader
    let document: JSONValue
    /// The image assets, decoded, by id; nil for an asset whose file is missing.
    let images: [String: Image?]
    var fr: Double { reader.frameRate }

    /// The main composition: a layer of `width` × `height`.
    func root(width: Double, height: Double) throws(DocumentError) -> Layer {
        var assets: [String: (value: JSONValue, index: Int)] = [:]
        if case let .array(items, _)? = LottieReader.member(document, "assets") {
            for (i, item) in items.enumerated() {
                if let id = try reader.string(LottieReader.member(item, "id"), "assets[\(i)].id") { assets[id] = (item, i) }
            }
        }
        try LottieBudget.checkExpandedKeyframes(of: LottieReader.member(document, "layers"), assets: assets.mapValues(\.value), reader: reader)
        var budget = LottieFile.maximumLayers
        let layer = try composition(LottieReader.member(document, "layers"), path: "layers", assets: assets, chain: [], budget: &budget)
        layer.bounds = Rect(x: 0, y: 0, width: width, height: height)
        return layer
    }

    /// The layers of one composition in a container whose origin is the composition's top left.
    /// `chain` holds the precompositions being built (a cycle is an error).
    private func composition(_ value: JSONValue?, path: String, assets: [String: (value: JSONValue, index: Int)], chain: [String],
                             budget: inout Int) throws(DocumentError) -> Layer {
        guard case let .array(items, _)? = value else { throw reader.fail(path, value, "expected a list of layers") }
        budget -= items.count
        guard budget >= 0 else { throw reader.fail(path, value, "more than \(LottieFile.maximumLayers) layers in all") }
        let container = Layer()
        container.anchorPoint = .zero
        // Layers by their index `ind`, for parenting.
        var byIndex: [Int: (value: JSONValue, path: String)] = [:]
        for (i, item) in items.enumerated() {
            if let ind = LottieReader.index(LottieReader.member(item, "ind")) { byIndex[ind] = (item, "\(path)[\(i)]") }
        }
        // Each layer built with its parents' transforms around it; a matte source (`td`) is not
        // drawn but masks the layer that names it (`tp`, or the one below it).
        /// Layer `i` with its parents' transforms around it (innermost first), or nil when it
        /// draws nothing animvid knows.
        func buildNode(_ i: Int, budget: inout Int) throws(DocumentError) -> Layer? {
            let (item, p) = (items[i], "\(path)[\(i)]")
            guard case .object = item else { throw reader.fail(p, item, "expected a layer object, not \(item.kindName)") }
            if case .bool(true, _)? = LottieReader.member(item, "hd"), LottieReader.member(item, "td") == nil { return nil }
            guard let node = try layer(item, path: p, assets: assets, chain: chain, budget: &budget) else { return nil }
            var wrapped = node.content
            var parent = LottieReader.member(item, "parent")
            var seen: Set<Int> = []
            while let n = LottieReader.index(parent), let (parentValue, parentPath) = byIndex[n] {
                guard seen.insert(n).inserted, seen.count <= 64 else { throw reader.fail(p + ".parent", parent, "the parents make a loop") }
                let transform = try reader.transformNodes(LottieReader.member(parentValue, "ks"), path: parentPath + ".ks", opacity: false)
                transform.inner.addSublayer(wrapped)
                wrapped = transform.outer
                parent = LottieReader.member(parentValue, "parent")
            }
            node.visibility.addSublayer(wrapped)
            return node.visibility
        }
        var built: [Int: Layer] = [:]
        for i in items.indices.reversed() { built[i] = try buildNode(i, budget: &budget) }
        var usedMattes: Set<Int> = []
        for (i, item) in items.enumerated().reversed() {
            let isMatte = LottieReader.member(item, "td").map { if case .number(let n, _) = $0 { n != 0 } else { false } } ?? false
            guard let node = built[i], !isMatte else { continue }
            if case .number(let mode, _)? = LottieReader.member(item, "tt"), mode > 0 {
                let p = "\(path)[\(i)]"
                var source = i - 1
                if case .number(let index, _)? = LottieReader.member(item, "tp") {
                    source = items.firstIndex { if case .number(index, _)? = LottieReader.member($0, "ind") { true } else { false } } ?? -1
                }
                guard var matte = built[source] else { throw reader.fail(p + ".tt", LottieReader.member(item, "tt"), "no matte layer above it") }
                // A matte that masks several layers is built again for each (a layer masks one layer).
                let sourceIsMatte = LottieReader.member(items[source], "td").map { if case .number(let n, _) = $0 { n != 0 } else { false } } ?? false
                if !usedMattes.insert(source).inserted || !sourceIsMatte, let again = try buildNode(source, budget: &budget) { matte = again }
                // A mask of its own node: the matte layer, visibility and all, in the composition's
                // space; alpha, inverted alpha, luma or inverted luma as `tt` 1…4 says.
                let modes: [MaskMode] = [.alpha, .alphaInverted, .luminance, .luminanceInverted]
                guard let index = Int(exactly: mode).map({ $0 - 1 }), modes.indices.contains(index) else {
                    throw reader.fail(p + ".tt", LottieReader.member(item, "tt"), "a matte type is 1…4 (alpha, inverted alpha, luma, inverted luma)")
                }
                let holder = Layer()
                holder.anchorPoint = .zero
                holder.addSublayer(node)
                holder.mask = matte
                holder.maskMode = modes[index]
                container.addSublayer(holder)
                continue
            }
            container.addSublayer(node)
        }
        return container
    }

    /// One layer's nodes: the visibility node to add to the composition, and the node to wrap
    /// in its parents' transforms. nil for a layer that draws nothing animvid knows.
    private func layer(_ value: JSONValue, path: String, assets: [String: (value: JSONValue, index: Int)], chain: [String],
                       budget: inout Int) throws(DocumentError) -> (visibility: Layer, content: Layer)? {
        let type = try reader.integer(LottieReader.member(value, "ty"), path + ".ty")
        let content: Layer?
        switch type {
        case 0:
            guard let id = try reader.string(LottieReader.member(value, "refId"), path + ".refId"), let asset = assets[id] else {
                throw reader.fail(path + ".refId", LottieReader.member(value, "refId") ?? value, "no asset with this id")
            }
            guard !chain.contains(id) else { throw reader.fail(path + ".refId", LottieReader.member(value, "refId"), "precompositions that hold each other") }
            guard chain.count < LottieFile.maximumDepth else { throw reader.fail(path, value, "precompositions nested deeper than \(LottieFile.maximumDepth)") }
            let inner = try composition(LottieReader.member(asset.value, "layers"), path: "assets[\(asset.index)].layers", assets: assets,
                                        chain: chain + [id], budget: &budget)
            let w = try reader.number(LottieReader.member(value, "w"), path + ".w", default: 0)
            let h = try reader.number(LottieReader.member(value, "h"), path + ".h", default: 0)
            if w > 0, h > 0 {
                inner.bounds = Rect(x: 0, y: 0, width: w, height: h)
                inner.masksToBounds = true
            }
            // Its contents run in the layer's time: local = (t − st) / sr, or, remapped (`tm`),
            // the time in seconds its keyframes give (st and sr then do not count, as in
            // lottie-web). The layer's own keyframes, masks and effects, like every other
            // layer's, are in its composition's frames.
            let time = Layer()
            time.anchorPoint = .zero
            if let remap = try reader.property(LottieReader.member(value, "tm"), path + ".tm") {
                time.remapsTime = true
                time.remappedTime = remap.initial.first ?? 0
                if let a = remap.animation(keyPath: "remappedTime", frameRate: fr, { .number($0.first ?? 0) }) { time.add(a) }
            } else {
                let start = try reader.number(LottieReader.member(value, "st"), path + ".st", default: 0)
                let stretch = try reader.number(LottieReader.member(value, "sr"), path + ".sr", default: 1)
                guard stretch > 0, stretch.isFinite else { throw reader.fail(path + ".sr", LottieReader.member(value, "sr"), "the stretch must be positive") }
                time.timing.speed = 1 / stretch
                time.timing.timeOffset = -start / (fr * stretch)
            }
            time.addSublayer(inner)
            content = time
        case 1:
            let solid = ShapeLayer()
            let w = try reader.number(LottieReader.member(value, "sw"), path + ".sw"), h = try reader.number(LottieReader.member(value, "sh"), path + ".sh")
            solid.path = .roundedRect(Rect(x: 0, y: 0, width: w, height: h), cornerRadius: 0)
            solid.fillColor = Self.hexColor((try reader.string(LottieReader.member(value, "sc"), path + ".sc")) ?? "#000000")
            content = solid
        case 3:
            content = Layer()  // a null: only moves its children
        case 4:
            content = try LottieShapes(reader: reader).layer(LottieReader.member(value, "shapes"), path: path + ".shapes")
        case 2:
            guard let id = try reader.string(LottieReader.member(value, "refId"), path + ".refId"), let image = images[id] else {
                throw reader.fail(path + ".refId", LottieReader.member(value, "refId") ?? value, "no image asset with this id")
            }
            // The picture at its asset's size (its own pixel size when the asset does not say).
            let asset = try imageAsset(id)
            let picture = Layer()
            picture.bounds = Rect(x: 0, y: 0, width: asset?.width ?? Double(image?.width ?? 0), height: asset?.height ?? Double(image?.height ?? 0))
            picture.contents = image
            content = picture
        case 5:
            let chars: [JSONValue] = if case let .array(chars, _)? = LottieReader.member(document, "chars") { chars } else { [] }
            content = try LottieText(reader: reader, fonts: LottieReader.member(document, "fonts"), chars: chars, frameRate: fr).layer(value, path: path)
        default: reader.warnings.note("layers of type \(type)", at: path); content = nil
        }
        guard let content else { return nil }
        // The in- and out-points, in the composition's frames (none: always shown).
        let inPoint = try reader.number(LottieReader.member(value, "ip"), path + ".ip", default: -Double.greatestFiniteMagnitude)
        let outPoint = try reader.number(LottieReader.member(value, "op"), path + ".op", default: Double.greatestFiniteMagnitude)
        guard outPoint > inPoint else { return nil }  // never shown
        content.anchorPoint = .zero
        // Masks count where the layer says it has them, as the players read them.
        if case .bool(true, _)? = LottieReader.member(value, "hasMask"), case let .array(masks, _)? = LottieReader.member(value, "masksProperties"),
           !masks.isEmpty {
            content.mask = try self.masks(masks, path: path + ".masksProperties")
        }
        if case .array(let effects, _)? = LottieReader.member(value, "ef") { try applyEffects(effects, to: content, path: path + ".ef") }

        // Own transform around the content.
        let autoOrient: Bool = if case .number(let n, _)? = LottieReader.member(value, "ao") { n != 0 } else { false }
        let transform = try reader.transformNodes(LottieReader.member(value, "ks"), path: path + ".ks", opacity: true, autoOrient: autoOrient)
        transform.inner.addSublayer(content)

        // Shown from the in-point to the out-point, in the composition's frames.
        let visibility = Layer()
        visibility.anchorPoint = .zero
        // The layer's blend mode composites it, as a whole, over what is below.
        let mode = try reader.integer(LottieReader.member(value, "bm"), path + ".bm", default: 0)
        if mode != 0 {
            let modes: [BlendMode] = [.normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .hardLight,
                                      .softLight, .difference, .exclusion, .hue, .saturation, .color, .luminosity]
            if modes.indices.contains(mode) { visibility.compositingFilter = modes[mode] } else { reader.warnings.note("blend mode \(mode)", at: path) }
        }
        if inPoint > -1e9 || outPoint < 1e9 { reader.show(visibility, from: inPoint, until: outPoint) }
        return (visibility, transform.outer)
    }

    /// A layer's masks as one mask layer in its coordinates, composed in order as lottie-web's
    /// SVG mask composes them. Each mask covers its path at its opacity (with `inv`, the outside
    /// of its path); an added mask unites that with what the masks before it leave, a subtracted
    /// one takes it away from that, an intersected one keeps only what it covers, and a first
    /// mask that subtracts or intersects starts from everything. nil when every mask is of mode `n`.
    private func masks(_ masks: [JSONValue], path: String) throws(DocumentError) -> Layer? {
        var composed: Layer?
        // The layer uniting the added masks since the last subtracted or intersected one.
        var union: Layer?
        for (i, mask) in masks.enumerated() {
            let p = "\(path)[\(i)]"
            let mode = try reader.string(LottieReader.member(mask, "mode"), p + ".mode") ?? "a"
            if mode == "n" { continue }
            if !["a", "s", "i"].contains(mode) { reader.warnings.note("mask mode \"\(mode)\": drawn as added", at: p) }
            let inverted = LottieReader.member(mask, "inv").map { if case .bool(true, _) = $0 { true } else { false } } ?? false
            if let feather = try reader.property(LottieReader.member(mask, "f"), p + ".f"), feather.isAnimated || feather.initial.contains(where: { $0 != 0 }) {
                reader.warnings.note("mask feather", at: p)
            }
            guard let shape = try reader.property(LottieReader.member(mask, "pt"), p + ".pt", { (v, q) throws(DocumentError) in try reader.shape(v, q) }) else {
                throw reader.fail(p + ".pt", mask, "missing: a mask has a path pt")
            }
            var expansion = try reader.property(LottieReader.member(mask, "x"), p + ".x")
            if let x = expansion, !x.isAnimated, x.initial.first ?? 0 == 0 { expansion = nil }
            let part = MaskPart(shape: shape, opacity: try reader.property(LottieReader.member(mask, "o"), p + ".o"), expansion: expansion)
            let cover = try maskLayer(part, inverted: inverted, path: p)
            if mode == "s" || mode == "i" {
                // What the masks before leave (everything, before the first), masked by this one.
                let wrapper = Self.plainLayer()
                wrapper.addSublayer(composed ?? Self.everything())
                wrapper.mask = cover
                wrapper.maskMode = mode == "s" ? .alphaInverted : .alpha
                (composed, union) = (wrapper, nil)
            } else if let union {
                union.addSublayer(cover)
            } else if let before = composed {
                let container = Self.plainLayer()
                container.addSublayer(before)
                container.addSublayer(cover)
                (composed, union) = (container, container)
            } else {
                composed = cover
            }
        }
        return composed
    }

    /// A layer with its anchor at its origin, to hold others.
    private static func plainLayer() -> Layer {
        let layer = Layer()
        layer.anchorPoint = .zero
        return layer
    }

    /// A plane far larger than any composition, covered everywhere.
    private static func everything() -> ShapeLayer {
        let layer = ShapeLayer()
        layer.anchorPoint = .zero
        layer.path = plane
        return layer
    }

    /// A square 200,000 points wide about the origin: everything an inverted mask can show.
    private static let plane = Path.roundedRect(Rect(x: -1e5, y: -1e5, width: 2e5, height: 2e5), cornerRadius: 0)

    /// One mask of a layer: its path, opacity and expansion.
    private struct MaskPart {
        var shape: LottieProperty<Path>
        var opacity: LottieProperty<[Double]>?
        var expansion: LottieProperty<[Double]>?
    }

    /// One mask as a shape layer: its path (inverted: a hole in `plane`) at its opacity, grown or
    /// shrunk by its expansion as lottie-web draws it: growing, the outline stroked 2 × x wide,
    /// mitred (limit 4); shrinking, that band taken away. An expansion that changes sign is worked
    /// out every frame: the stroke while it grows, the band while it shrinks.
    private func maskLayer(_ part: MaskPart, inverted: Bool, path: String) throws(DocumentError) -> ShapeLayer {
        func outline(_ p: Path) -> Path {
            guard inverted else { return p }
            var holed = Self.plane
            holed.addPath(p)
            return holed
        }
        let layer = ShapeLayer()
        layer.anchorPoint = .zero
        if inverted { layer.fillRule = .evenOdd }
        layer.path = outline(part.shape.initial)
        if let a = part.shape.animation(keyPath: "path", frameRate: fr, { .path(outline($0)) }) { layer.add(a) }
        // The opacity is the fill's alone (lottie-web's fill-opacity): an expansion's stroke stays whole.
        if let opacity = part.opacity {
            func fill(_ v: [Double]) -> Color { Color(red: 0, green: 0, blue: 0, alpha: min(max((v.first ?? 100) / 100, 0), 1)) }
            layer.fillColor = fill(opacity.initial)
            if let a = opacity.animation(keyPath: "fillColor", frameRate: fr, { .color(fill($0)) }) { layer.add(a) }
        }
        guard let expansion = part.expansion else { return layer }
        let values = ([expansion.initial] + expansion.keyframes.map(\.value)).map { $0.first ?? 0 }
        let (grows, shrinks) = (values.contains { $0 > 0 }, values.contains { $0 < 0 })
        /// Strokes `stroked`'s path 2 × max(sign · x, 0) wide, mitred (limit 4): the growth
        /// (sign 1) or the band taken away (−1), sampled every frame while x changes sign.
        func outline(on stroked: ShapeLayer, sign: Double) throws(DocumentError) {
            func width(_ v: [Double]) -> Double { 2 * max(sign * (v.first ?? 0), 0) }
            stroked.strokeColor = .black
            stroked.lineJoin = .miter
            stroked.miterLimit = 4
            stroked.lineWidth = width(expansion.initial)
            if grows && shrinks, let frames = try reader.sampleFrames(expansion.keyframes.map(\.frame), cost: 1, at: path) {
                stroked.add(reader.sampled("lineWidth", frames.map { .number(width(expansion.value(at: $0))) }, over: frames))
            } else if let a = expansion.animation(keyPath: "lineWidth", frameRate: fr, { .number(width($0)) }) {
                stroked.add(a)
            }
        }
        /// The mask's path alone, unfilled, stroked as `outline(on:sign:)` strokes it.
        func stroked(sign: Double) throws(DocumentError) -> ShapeLayer {
            let stroked = ShapeLayer()
            stroked.anchorPoint = .zero
            stroked.path = part.shape.initial
            if let a = part.shape.animation(keyPath: "path", frameRate: fr, { .path($0) }) { stroked.add(a) }
            stroked.fillColor = nil
            try outline(on: stroked, sign: sign)
            return stroked
        }
        if grows {
            // An inverted mask's hole edge alone (the plane around it reaches no frame).
            if inverted { layer.addSublayer(try stroked(sign: 1)) } else { try outline(on: layer, sign: 1) }
        }
        if shrinks {
            // The mask less that band along its outline (lottie-web erodes it).
            layer.mask = try stroked(sign: -1)
            layer.maskMode = .alphaInverted
        }
        return layer
    }

    /// A layer's effects on its content, as lottie-web draws them: Gaussian blur (`ty` 29; a
    /// standard deviation of 0.3 × its blurriness), drop shadow (25; the layer's shadow: softness
    /// ÷ 4 as the standard deviation, the offset `distance` along `direction` − 90°), fill (21;
    /// every pixel the fill colour, its alpha times the opacity: a colour matrix) and tint (20;
    /// the tint filter). Colour effects act in their order, before the blur. Others are warned.
    private func applyEffects(_ effects: [JSONValue], to content: Layer, path: String) throws(DocumentError) {
        for (i, effect) in effects.enumerated() {
            let p = "\(path)[\(i)]"
            if case .number(0, _)? = LottieReader.member(effect, "en") { continue }  // switched off
            let type = try reader.integer(LottieReader.member(effect, "ty"), p + ".ty", default: -1)
            let values: [JSONValue] = if case let .array(values, _)? = LottieReader.member(effect, "ef") { values } else { [] }
            /// The effect's `index`th value (lottie-web reads them by position).
            func value(_ index: Int) throws(DocumentError) -> LottieProperty<[Double]>? {
                guard values.indices.contains(index) else { return nil }
                return try reader.property(LottieReader.member(values[index], "v"), "\(p).ef[\(index)].v")
            }
            switch type {
            case 29:
                guard let blurriness = try value(0) else { fallthrough }
                if content.filters.contains(where: { if case .gaussianBlur = $0.effect { true } else { false } }) {
                    reader.warnings.note("a second Gaussian blur: the last one used", at: p)
                }
                content.filters.removeAll { if case .gaussianBlur = $0.effect { true } else { false } }
                content.filters.append(.gaussianBlur(radius: 0.3 * (blurriness.initial.first ?? 0)))
                if let a = blurriness.animation(keyPath: "filters.gaussianBlur.inputRadius", frameRate: fr, { .number(0.3 * ($0.first ?? 0)) }) {
                    content.add(a)
                }
            case 25:
                guard let color = try value(0), let opacity = try value(1), let direction = try value(2), let distance = try value(3),
                      let softness = try value(4) else { fallthrough }
                try dropShadow(color: color, opacity: opacity, direction: direction, distance: distance, softness: softness, on: content, path: p)
                // Shadow Only (After Effects draws the shadow alone; lottie-web draws the layer too).
                if let only = try value(5) {
                    content.shadowOnly = only.initial.first ?? 0 != 0
                    if only.isAnimated { reader.warnings.note("a drop shadow's Shadow Only switched on and off: its first value", at: p) }
                }
            case 21:
                guard let color = try value(2), let opacity = try value(6) else { fallthrough }
                // Named after its place among the effects, so that each changing one animates its own inputs.
                let name = "effect\(i)"
                func bias(_ v: [Double]) -> [Double] { let rgb = v + [0, 0, 0]; return [rgb[0], rgb[1], rgb[2], 0] }
                let rgb = bias(color.initial)
                content.filters.append(LayerFilter(.colorMatrix(ColorMatrix(red: .zero, green: .zero, blue: .zero, alpha: [0, 0, 0, opacity.initial.first ?? 1],
                                                                            bias: [rgb[0], rgb[1], rgb[2], 0])), name: name))
                if let a = color.animation(keyPath: "filters.\(name).inputBiasVector", frameRate: fr, { .numbers(bias($0)) }) { content.add(a) }
                if let a = opacity.animation(keyPath: "filters.\(name).inputAVector", frameRate: fr, { .numbers([0, 0, 0, $0.first ?? 1]) }) {
                    content.add(a)
                }
            case 20:
                guard let black = try value(0), let white = try value(1), let amount = try value(2) else { fallthrough }
                let name = "effect\(i)"
                content.filters.append(LayerFilter(.tint(black: LottieReader.color(black.initial), white: LottieReader.color(white.initial),
                                                         amount: (amount.initial.first ?? 100) / 100), name: name))
                if let a = black.animation(keyPath: "filters.\(name).mapBlackTo", frameRate: fr, { .color(LottieReader.color($0)) }) { content.add(a) }
                if let a = white.animation(keyPath: "filters.\(name).mapWhiteTo", frameRate: fr, { .color(LottieReader.color($0)) }) { content.add(a) }
                if let a = amount.animation(keyPath: "filters.\(name).amount", frameRate: fr, { .number(($0.first ?? 100) / 100) }) { content.add(a) }
            default:
                reader.warnings.note("effects other than Gaussian blur, drop shadow, fill and tint", at: p)
            }
        }
    }

    /// A drop shadow effect as the content's shadow. Its offset is `distance` along
    /// `direction` − 90° (0° points up), worked out every frame while either changes.
    private func dropShadow(color: LottieProperty<[Double]>, opacity: LottieProperty<[Double]>, direction: LottieProperty<[Double]>,
                            distance: LottieProperty<[Double]>, softness: LottieProperty<[Double]>, on content: Layer, path: String) throws(DocumentError) {
        func paint(_ v: [Double]) -> Color { let c = v + [0, 0, 0]; return Color(red: c[0], green: c[1], blue: c[2], alpha: 1) }
        func offset(_ degrees: Double, _ length: Double) -> Size {
            let angle = (degrees - 90) * .pi / 180
            return Size(length * cos(angle), length * sin(angle))
        }
        let (angle, length) = (direction.initial.first ?? 0, distance.initial.first ?? 0)
        content.shadowColor = paint(color.initial)
        content.shadowOpacity = (opacity.initial.first ?? 0) / 255
        content.shadowOffset = offset(angle, length)
        content.shadowRadius = (softness.initial.first ?? 0) / 2  // animvid's standard deviation is the radius ÷ 2
        if let a = color.animation(keyPath: "shadowColor", frameRate: fr, { .color(paint($0)) }) { content.add(a) }
        if let a = opacity.animation(keyPath: "shadowOpacity", frameRate: fr, { .number(($0.first ?? 0) / 255) }) { content.add(a) }
        if let a = softness.animation(keyPath: "shadowRadius", frameRate: fr, { .number(($0.first ?? 0) / 2) }) { content.add(a) }
        // A changing direction or distance: the offset worked out every frame (an offset eased
        // between two keyframes' offsets would cut across instead of turning).
        if let frames = try reader.sampleFrames((direction.keyframes + distance.keyframes).map(\.frame), cost: 1, at: path) {
            let offsets = frames.map { AnimationValue.size(offset(direction.value(at: $0).first ?? 0, distance.value(at: $0).first ?? 0)) }
            content.add(reader.sampled("shadowOffset", offsets, over: frames))
        }
    }

    /// The `w` × `h` an image asset gives, if it does.
    private func imageAsset(_ id: String) throws(DocumentError) -> Size? {
        guard case let .array(assets, _)? = LottieReader.member(document, "assets"),
              let index = assets.firstIndex(where: { if case .string(id, _)? = LottieReader.member($0, "id") { true } else { false } }) else { return nil }
        let w = try reader.number(LottieReader.member(assets[index], "w"), "assets[\(index)].w", default: 0)
        let h = try reader.number(LottieReader.member(assets[index], "h"), "assets[\(index)].h", default: 0)
        return w > 0 && h > 0 ? Size(w, h) : nil
    }

    /// A solid's `#RRGGBB` colour.
    static func hexColor(_ text: String) -> Color {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return .black }
        return Color(red: Double(value >> 16 & 0xFF) / 255, green: Double(value >> 8 & 0xFF) / 255, blue: Double(value & 0xFF) / 255, alpha: 1)
    }
}
