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
    let context: LottieContext
    let animation: LottieAnimation
    var fr: Double { context.frameRate }

    /// The main composition: a layer of the animation's size.
    func root() throws(DocumentError) -> Layer {
        var budget = LottieFile.maximumLayers
        let layer = try composition(animation.layers, chain: [], budget: &budget)
        layer.bounds = Rect(x: 0, y: 0, width: animation.width, height: animation.height)
        return layer
    }

    /// The layers of one composition in a container whose origin is the composition's top left.
    /// `chain` holds the precompositions being built (a cycle is an error); `budget` counts
    /// the layers built in all, each use of a precomposition again.
    private func composition(_ list: LottieLayerList, chain: [String], budget: inout Int) throws(DocumentError) -> Layer {
        let items = list.layers
        budget -= items.count
        guard budget >= 0 else { throw context.fail(list.place, "more than \(LottieFile.maximumLayers) layers in all") }
        let container = Layer()
        container.anchorPoint = .zero
        // Layers by their index `ind`, for parenting.
        var byIndex: [Int: LottieLayerModel] = [:]
        for item in items { if let ind = item.index { byIndex[ind] = item } }
        /// Layer `i` with its parents' transforms around it (innermost first), or nil when it
        /// draws nothing animvid knows.
        func buildNode(_ i: Int, budget: inout Int) throws(DocumentError) -> Layer? {
            let item = items[i]
            guard let node = try layer(item, chain: chain, budget: &budget) else { return nil }
            var wrapped = node.content
            var parent = item.parent
            var seen: Set<Int> = []
            while let n = parent, let parentLayer = byIndex[n] {
                guard seen.insert(n).inserted, seen.count <= 64 else { throw context.fail(item.place.path + ".parent", "the parents make a loop") }
                let transform = try context.transformNodes(parentLayer.transform, path: parentLayer.place.path + ".ks", opacity: false)
                transform.inner.addSublayer(wrapped)
                wrapped = transform.outer
                parent = parentLayer.parent
            }
            node.visibility.addSublayer(wrapped)
            return node.visibility
        }
        var built: [Int: Layer] = [:]
        for i in items.indices.reversed() { built[i] = try buildNode(i, budget: &budget) }
        // A matte source (`td`) is not drawn but masks the layer that names it (`tp`, or the one below it).
        var usedMattes: Set<Int> = []
        for (i, item) in items.enumerated().reversed() {
            guard let node = built[i], !item.isMatte else { continue }
            guard let matte = item.matte else {
                container.addSublayer(node)
                continue
            }
            var source = i - 1
            if let index = item.matteSource { source = items.firstIndex { $0.index == index } ?? -1 }
            guard var matteLayer = built[source] else { throw context.fail(matte.place, "no matte layer above it") }
            // A matte that masks several layers is built again for each (a layer masks one layer).
            if !usedMattes.insert(source).inserted || !items[source].isMatte, let again = try buildNode(source, budget: &budget) { matteLayer = again }
            // A mask of its own node: the matte layer, visibility and all, in the composition's
            // space; alpha, inverted alpha, luma or inverted luma as `tt` says.
            let holder = Layer()
            holder.anchorPoint = .zero
            holder.addSublayer(node)
            holder.mask = matteLayer
            holder.maskMode = matte.mode
            container.addSublayer(holder)
        }
        return container
    }

    /// One layer's nodes: the visibility node to add to the composition, and the node to wrap
    /// in its parents' transforms. nil for a layer that draws nothing animvid knows.
    private func layer(_ model: LottieLayerModel, chain: [String], budget: inout Int) throws(DocumentError) -> (visibility: Layer, content: Layer)? {
        let path = model.place.path
        let content: Layer
        switch model.content {
        case .nothing: return nil
        case .precomposition(let use):
            guard !chain.contains(use.id) else { throw context.fail(use.place, "precompositions that hold each other") }
            guard chain.count < LottieFile.maximumDepth, let layers = animation.precompositions[use.id] else {
                throw context.fail(model.place, "precompositions nested deeper than \(LottieFile.maximumDepth)")
            }
            let inner = try composition(layers, chain: chain + [use.id], budget: &budget)
            if let size = use.size {
                inner.bounds = Rect(origin: .zero, size: size)
                inner.masksToBounds = true
            }
            // Its contents run in the layer's time: local = (t − st) / sr, or, remapped (`tm`),
            // the time in seconds its keyframes give (st and sr then do not count, as in
            // lottie-web). The layer's own keyframes, masks and effects, like every other
            // layer's, are in its composition's frames.
            let time = Layer()
            time.anchorPoint = .zero
            if let remap = use.timeRemap {
                time.remapsTime = true
                time.remappedTime = remap.initial.first ?? 0
                if let a = remap.animation(keyPath: "remappedTime", frameRate: fr, { .number($0.first ?? 0) }) { time.add(a) }
            } else {
                time.timing.speed = 1 / use.stretch
                time.timing.timeOffset = -use.start / (fr * use.stretch)
            }
            time.addSublayer(inner)
            content = time
        case .solid(let size, let color):
            let solid = ShapeLayer()
            solid.path = .roundedRect(Rect(origin: .zero, size: size), cornerRadius: 0)
            solid.fillColor = color
            content = solid
        case .null:
            content = Layer()  // only moves its children
        case .shapes(let items):
            content = try LottieShapes(context: context).layer(items, path: path + ".shapes")
        case .image(let id, let place):
            guard let asset = animation.images[id] else { throw context.fail(place, "no image asset with this id") }
            // The picture at its asset's size (its own pixel size when the asset does not say).
            let picture = Layer()
            picture.bounds = Rect(x: 0, y: 0, width: asset.size?.width ?? Double(asset.image?.width ?? 0),
                                  height: asset.size?.height ?? Double(asset.image?.height ?? 0))
            picture.contents = asset.image
            content = picture
        case .text(let text):
            content = try LottieText(context: context, fonts: animation.fonts, glyphs: animation.glyphs).layer(text)
        }
        content.anchorPoint = .zero
        // After Effects applies a layer's masks, then its effects: a drop shadow is cast by the
        // masked layer and not cut by the masks (a Core Animation mask would cut its layer's own
        // shadow), so with masks the effects go on a layer around the masked content.
        var affected = content
        if !model.masks.isEmpty {
            content.mask = try masks(model.masks)
            if !model.effects.isEmpty {
                affected = Layer()
                affected.anchorPoint = .zero
                affected.addSublayer(content)
            }
        }
        try applyEffects(model.effects, to: affected)

        // Own transform around the content.
        let transform = try context.transformNodes(model.transform, path: path + ".ks", opacity: true, autoOrient: model.autoOrient)
        transform.inner.addSublayer(affected)

        // Shown from the in-point to the out-point, in the composition's frames.
        let visibility = Layer()
        visibility.anchorPoint = .zero
        // The layer's blend mode composites it, as a whole, over what is below.
        if let mode = model.blendMode { visibility.compositingFilter = mode }
        if model.inPoint > -1e9 || model.outPoint < 1e9 { context.show(visibility, from: model.inPoint, until: model.outPoint) }
        return (visibility, transform.outer)
    }

    /// A layer's masks as one mask layer in its coordinates, composed in order as lottie-web's
    /// SVG mask composes them. Each mask covers its path at its opacity (with `inv`, the outside
    /// of its path); an added mask unites that with what the masks before it leave, a subtracted
    /// one takes it away from that, an intersected one keeps only what it covers, and a first
    /// mask that subtracts or intersects starts from everything. nil when every mask is of mode `n`.
    private func masks(_ masks: [LottieMask]) throws(DocumentError) -> Layer? {
        var composed: Layer?
        // The layer uniting the added masks since the last subtracted or intersected one.
        var union: Layer?
        for mask in masks {
            let mode = mask.mode
            let cover = try maskLayer(mask)
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

    /// One mask as a shape layer: its path (inverted: a hole in `plane`) at its opacity, grown or
    /// shrunk by its expansion as lottie-web draws it: growing, the outline stroked 2 × x wide,
    /// mitred (limit 4); shrinking, that band taken away. An expansion that changes sign is worked
    /// out every frame: the stroke while it grows, the band while it shrinks.
    private func maskLayer(_ part: LottieMask) throws(DocumentError) -> ShapeLayer {
        let (inverted, path) = (part.inverted, part.place.path)
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
            if grows && shrinks, let frames = try context.sampleFrames(expansion.keyframes.map(\.frame), cost: 1, at: path) {
                stroked.add(context.sampled("lineWidth", frames.map { .number(width(expansion.value(at: $0))) }, over: frames))
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
    private func applyEffects(_ effects: [LottieEffect], to content: Layer) throws(DocumentError) {
        for effect in effects {
            let p = effect.place.path
            // Named after its place among the effects, so that each changing one animates its own inputs.
            let name = "effect\(effect.order)"
            switch effect.kind {
            case .gaussianBlur(let blurriness):
                if content.filters.contains(where: { if case .gaussianBlur = $0.effect { true } else { false } }) {
                    context.warnings.note("a second Gaussian blur: the last one used", at: p)
                }
                content.filters.removeAll { if case .gaussianBlur = $0.effect { true } else { false } }
                content.filters.append(.gaussianBlur(radius: 0.3 * (blurriness.initial.first ?? 0)))
                if let a = blurriness.animation(keyPath: "filters.gaussianBlur.inputRadius", frameRate: fr, { .number(0.3 * ($0.first ?? 0)) }) {
                    content.add(a)
                }
            case let .dropShadow(color, opacity, direction, distance, softness, shadowOnly):
                try dropShadow(color: color, opacity: opacity, direction: direction, distance: distance, softness: softness, on: content, path: p)
                // Shadow Only (After Effects draws the shadow alone; lottie-web draws the layer too).
                if let only = shadowOnly {
                    content.shadowOnly = only.initial.first ?? 0 != 0
                    if only.isAnimated { context.warnings.note("a drop shadow's Shadow Only switched on and off: its first value", at: p) }
                }
            case let .fill(color, opacity):
                func bias(_ v: [Double]) -> [Double] { let rgb = v + [0, 0, 0]; return [rgb[0], rgb[1], rgb[2], 0] }
                let rgb = bias(color.initial)
                content.filters.append(LayerFilter(.colorMatrix(ColorMatrix(red: .zero, green: .zero, blue: .zero, alpha: [0, 0, 0, opacity.initial.first ?? 1],
                                                                            bias: [rgb[0], rgb[1], rgb[2], 0])), name: name))
                if let a = color.animation(keyPath: "filters.\(name).inputBiasVector", frameRate: fr, { .numbers(bias($0)) }) { content.add(a) }
                if let a = opacity.animation(keyPath: "filters.\(name).inputAVector", frameRate: fr, { .numbers([0, 0, 0, $0.first ?? 1]) }) {
                    content.add(a)
                }
            case let .tint(black, white, amount):
                content.filters.append(LayerFilter(.tint(black: LottieDecoder.color(black.initial), white: LottieDecoder.color(white.initial),
                                                         amount: (amount.initial.first ?? 100) / 100), name: name))
                if let a = black.animation(keyPath: "filters.\(name).mapBlackTo", frameRate: fr, { .color(LottieDecoder.color($0)) }) { content.add(a) }
                if let a = white.animation(keyPath: "filters.\(name).mapWhiteTo", frameRate: fr, { .color(LottieDecoder.color($0)) }) { content.add(a) }
                if let a = amount.animation(keyPath: "filters.\(name).amount", frameRate: fr, { .number(($0.first ?? 100) / 100) }) { content.add(a) }
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
        if let frames = try context.sampleFrames((direction.keyframes + distance.keyframes).map(\.frame), cost: 1, at: path) {
            let offsets = frames.map { AnimationValue.size(offset(direction.value(at: $0).first ?? 0, distance.value(at: $0).first ?? 0)) }
            content.add(context.sampled("shadowOffset", offsets, over: frames))
        }
    }
}
