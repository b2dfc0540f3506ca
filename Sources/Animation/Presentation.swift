import Foundation
import Geometry
import Text

/// One drawn layer instance at a moment: what `animvid inspect` reports.
public struct PresentedLayer: Hashable, Sendable {
    /// The layer's path from the root, e.g. `root/replicator/dot#7` (nested instances `#row.column`).
    public var path: String
    /// The presentation values (model values with animations applied).
    public var values: LayerValues
    /// The layer's bounds coordinates → canvas points.
    public var toCanvas: Transform3D
    /// The product of the opacities from the root down to this layer.
    public var opacity: Double
    /// The colour multiplier of the enclosing replicator instances.
    public var tint: Color
    /// Whether it shows: false for a hidden layer, one at opacity 0, and everything under them.
    public var isDrawn: Bool
    /// The transition the layer is under at this moment, and its progress; nil when none runs.
    public var transition: RunningTransition?
}

/// A transition under way on a layer, as `inspect` reports it.
public struct RunningTransition: Hashable, Sendable {
    /// What the transition does.
    public var transition: Transition
    /// Its progress, startProgress…endProgress.
    public var progress: Double
}

/// Sampling: the presentation tree and display list at a video time, as pure functions of the timeline.
extension Timeline {
    /// The presentation values of layer `node` at video time `t`: its model values with every
    /// attached animation applied in the order they were added. `parentTime` is the superlayer's
    /// layer time (the video time for the root; the masked layer's time for a mask). Where the
    /// layer's time does not run (`MediaTiming.layerTime` is nil) no animation applies and its
    /// layer time is −∞, which its sublayers' times take too.
    func presentationValues(of node: Int, at t: Double, parentTime: Double) -> (values: LayerValues, sublayers: [Int], layerTime: Double) {
        let model = nodes[node].modelIndex(at: t)
        var values = nodes[node].history[model].values
        guard let local = values.timing.layerTime(fromParent: parentTime) else { return (values, nodes[node].history[model].sublayers, -.infinity) }
        // Staggered text hands its opacity, transform and colour animations to its units.
        let staggered = values.kind == .text && values.staggerUnit != .none
        for animation in nodes[node].animations where animation.addedAt <= t && t < animation.removedAt {
            if staggered && animation.spec.animatesOnlyUnitKeys { continue }
            animation.spec.apply(to: &values, at: local)
        }
        return (values, nodes[node].history[model].sublayers, local)
    }

    /// The animations staggered text layer `node` hands to its units at video time `t`.
    func unitAnimations(of node: Int, at t: Double) -> [AnimationSpec] {
        nodes[node].animations.filter { $0.addedAt <= t && t < $0.removedAt && $0.spec.animatesOnlyUnitKeys }.map(\.spec)
    }

    /// The transition running on layer `node` at video time `t` (its layer time `local`): what it
    /// does, its progress, and when it was added (the moment of the change it animates).
    func transition(of node: Int, at t: Double, layerTime local: Double) -> (Transition, progress: Double, changedAt: Double)? {
        guard nodes[node].hasTransitions, local.isFinite else { return nil }
        for animation in nodes[node].animations.reversed() where animation.addedAt <= t && t < animation.removedAt {
            if let (transition, progress) = animation.spec.transitionProgress(at: local) { return (transition, progress, animation.addedAt) }
        }
        return nil
    }

    /// The display list of the frame at video time `t`.
    public func displayList(at t: Double) -> DisplayList {
        var walk = PresentationWalk(timeline: self, time: t, recordsLayers: false)
        walk.visitRoot()
        return DisplayList(canvasSize: canvasSize, items: walk.items)
    }

    /// Every layer instance at video time `t`, back to front, replicator instances expanded;
    /// those that do not show (hidden, opacity 0, or under such a layer) are marked.
    public func presentedLayers(at t: Double) -> [PresentedLayer] {
        var walk = PresentationWalk(timeline: self, time: t, recordsLayers: true)
        walk.visitRoot()
        return walk.layers
    }
}

/// One walk down the presentation tree, emitting display items (and, for inspection, layers).
private struct PresentationWalk {
    let timeline: Timeline
    /// The time sampled: the frame's, or just before a transition's change while its old
    /// picture is drawn.
    var time: Double
    var recordsLayers: Bool
    var items: [DisplayItem] = []
    var layers: [PresentedLayer] = []
    /// The transition being drawn by the next visit of its layer (for inspection).
    var drawnTransition: RunningTransition?
    /// Particles every emitter of the frame may still draw, together (replicated emitters too).
    var particleBudget = LayerValues.maximumParticles

    /// What a layer inherits from the layers above it.
    struct Context {
        var parentTime: Double
        /// The plane the layer is drawn onto: that layer's bounds coordinates → canvas points.
        var plane: Transform3D
        /// The layer's superlayer coordinates → the plane's bounds coordinates (the superlayer's
        /// sublayerTransform and replicator instance; more for a layer that preserves depth).
        var inPlane: Transform3D = .identity
        /// Whether the layer is flattened onto the plane (every superlayer but a replicator that
        /// preserves depth flattens its sublayers).
        var flattens = true
        /// Opacity not yet applied by a group, multiplied into colours.
        var alpha: Double
        /// The product of all opacities above, for reporting.
        var opacity: Double
        var tint: Color
        var path: String
        var instances: [Int]
        /// False under a layer that does not show (only inspection visits there).
        var isDrawn = true
    }

    mutating func visitRoot() {
        // Room for about an item a layer (grown by doubling, a designer's file of hundreds of
        // layers was copied over several times a frame).
        items.reserveCapacity(timeline.nodes.count + 16)
        let root = Context(parentTime: time, plane: .identity, alpha: 1, opacity: 1, tint: .white, path: "", instances: [])
        visit(timeline.presentationValues(of: timeline.root, at: time, parentTime: time), node: timeline.root, siblingIndex: 0, context: root)
    }

    /// A scene layer's shot: its own timeline walked at the layer's local time, on the layer's
    /// plane, under its opacity and tint.
    private mutating func drawShot(_ shot: Timeline, at local: Double, plane: Transform3D, alpha: Double, tint: Color, path: String) {
        guard local >= 0 else { return }
        var walk = PresentationWalk(timeline: shot, time: local, recordsLayers: false)
        walk.particleBudget = particleBudget
        let context = Context(parentTime: local, plane: plane, alpha: alpha, opacity: alpha, tint: tint, path: path, instances: [])
        walk.visit(shot.presentationValues(of: shot.root, at: local, parentTime: local), node: shot.root, siblingIndex: 0, context: context)
        items += walk.items
        particleBudget = walk.particleBudget
    }

    /// Visits `node`, whose presentation values are `presented`, first mapped by `placement` in
    /// its bounds coordinates (a transition's slide or turn). A running transition draws the layer
    /// twice (a flip, one of the two at a time), unless `inTransition` says this is one of those
    /// drawings.
    private mutating func visit(_ presented: (values: LayerValues, sublayers: [Int], layerTime: Double), node: Int, siblingIndex: Int,
                                context: Context, placement: Transform3D? = nil, inTransition: Bool = false) {
        if !inTransition, context.isDrawn, let (transition, progress, changedAt) = timeline.transition(of: node, at: time, layerTime: presented.layerTime) {
            visitTransition(transition, progress: progress, changedAt: changedAt, presented: presented, node: node,
                            siblingIndex: siblingIndex, context: context)
            return
        }
        let (v, sublayers, local) = presented
        let moved = placement.map { $0.concatenating(v.matrixToSuperlayer) } ?? v.matrixToSuperlayer
        let relative = moved.concatenating(context.inPlane)
        let matrix = (context.flattens ? relative.flattened : relative).concatenating(context.plane)
        let isDrawn = context.isDrawn && !v.isHidden && v.opacity > 0 && context.alpha > 0
            && (v.isDoubleSided || Self.facesViewer(v, matrix))
        guard isDrawn || recordsLayers else { return }
        // A layer that does not show is walked for inspection only: what it would draw is dropped.
        let firstItem = items.count
        defer { if !isDrawn { items.removeSubrange(firstItem...) } }
        // A transform layer draws nothing of its own (no background, contents, border, shadow,
        // mask or clip) and applies its opacity to each sublayer; it only holds them in 3D.
        let drawsItself = v.kind != .transform
        // Its place in the tree, which only inspection reads (building it for every layer of
        // every frame drawn was a string's allocations a layer).
        var path = ""
        if recordsLayers {
            let name = (v.name ?? "\(v.kind.rawValue)[\(siblingIndex)]")
                + (context.instances.isEmpty ? "" : "#" + context.instances.map(String.init).joined(separator: "."))
            path = context.path.isEmpty ? name : context.path + "/" + name
        }
        let opacity = context.opacity * v.opacity
        if recordsLayers {
            layers.append(PresentedLayer(path: path, values: v, toCanvas: matrix, opacity: opacity, tint: context.tint, isDrawn: isDrawn,
                                         transition: inTransition ? drawnTransition : nil))
        }
        let mask = drawsItself ? timeline.nodes[node].history[timeline.nodes[node].modelIndex(at: time)].mask : nil

        // Shadows: the shadowPath fast path, or the whole layer's blurred alpha via its group.
        var shadow: Shadow?
        // A layer whose shadow shows alone draws nothing after its shadowPath's shadow, or
        // nothing at all when it casts none (its group draws the shadow of what it draws alone).
        var shadowOnlyEnd: Int? = drawsItself && v.shadowOnly ? items.count : nil
        defer { if isDrawn, let shadowOnlyEnd { items.removeSubrange(shadowOnlyEnd...) } }
        // A layer that masks to its bounds casts no shadow (devices: the rounded, clipped card
        // with a shadow takes two layers for that reason).
        let castsShadow = drawsItself && !v.masksToBounds && v.shadowOpacity > 0 && (v.shadowColor?.alpha ?? 0) > 0
        // A mask clips the layer's own shadow too (devices: the "outer shadow only" idiom masks
        // the shape away and keeps its shadow): an outer group, with the layer's opacity and
        // blend mode, takes the shadow and what casts it, then the mask.
        let masksShadow = castsShadow && mask != nil && !(v.shadowOnly && v.shadowPath != nil)
        let outerStart = items.count
        if masksShadow {
            items.append(.beginGroup(opacity: context.alpha * v.opacity, shadow: nil, blend: v.compositingFilter, blur: 0, colorFilters: []))
        }
        if castsShadow, let color = v.shadowColor {
            let (offset, radius) = Self.shadowOnCanvas(v, matrix: matrix)
            let shadowAlpha = (masksShadow ? 1 : context.alpha * v.opacity) * min(v.shadowOpacity, 1)
            var cast = Shadow(color: paint(color, shadowAlpha, context.tint), offset: offset, radius: radius)
            if let shadowPath = v.shadowPath {
                items.append(.shadow(shadowPath, transform: matrix, shadow: cast))
                if v.shadowOnly { shadowOnlyEnd = items.count }
            } else {
                cast.castsAlone = v.shadowOnly
                shadow = cast
                shadowOnlyEnd = nil
            }
        }
        // What it would draw after that is walked only for inspection.
        let showsItself = shadowOnlyEnd == nil
        if !showsItself && !recordsLayers { return }
        let blur = drawsItself ? v.filters.blurRadius * Self.areaScale(v, matrix: matrix) : 0
        let colorFilters = drawsItself ? v.filters.colorFilters : []
        let grouped = drawsItself
            && ((v.opacity < 1 && (!sublayers.isEmpty || v.kind == .scene) && v.allowsGroupOpacity) || mask != nil || shadow != nil || v.compositingFilter != .normal || blur > 0 || !colorFilters.isEmpty
                || v.shouldRasterize)
        let rasterized = v.shouldRasterize ? Self.bitmapScale(v.rasterizationScale, v, matrix: matrix) : nil
        let alpha = grouped ? 1 : context.alpha * v.opacity
        let groupStart = items.count
        if grouped {
            items.append(masksShadow ? .beginGroup(opacity: 1, shadow: shadow, blend: .normal, blur: blur, colorFilters: colorFilters, rasterizationScale: rasterized)
                : .beginGroup(opacity: context.alpha * v.opacity, shadow: shadow, blend: v.compositingFilter, blur: blur, colorFilters: colorFilters,
                              rasterizationScale: rasterized))
        }

        // The rounded bounds, built only for a background or a clip (most layers of a designer's
        // file have neither, and a path is allocations).
        lazy var outline = Path.roundedRect(v.bounds, cornerRadius: v.cornerRadius, corners: v.maskedCorners, curve: v.cornerCurve)
        // Without edge antialiasing its background, contents and border have hard edges.
        let hardEdges = drawsItself && !v.allowsEdgeAntialiasing
        if hardEdges { items.append(.beginHardEdges) }
        if drawsItself, let background = v.backgroundColor, background.alpha > 0, !v.bounds.isEmpty {
            items.append(.fill(outline, transform: matrix, color: paint(background, alpha, context.tint), rule: .nonZero))
        }
        // A clip with nothing to clip (a plain layer without contents or sublayers, like the
        // seeds' rounded tiles) would only cost a frame-sized mask per draw.
        let clips = drawsItself && v.masksToBounds && (v.contents != nil || v.video != nil || !sublayers.isEmpty || [.shape, .gradient, .text].contains(v.kind))
        if clips { items.append(.beginClip(outline, transform: matrix)) }
        if drawsItself, !v.bounds.isEmpty, let image = v.contents ?? v.video?.image(atLayerTime: local) {
            let sampling = ImageSampling(minification: v.minificationFilter, magnification: v.magnificationFilter)
            for piece in v.contentsPieces(of: image) {
                items.append(.image(image, transform: matrix, destination: piece.destination, source: piece.source,
                                    opacity: alpha, tint: context.tint, sampling: sampling))
            }
        }
        // A gradient layer's ramp is its contents.
        if hardEdges && v.kind != .gradient { items.append(.endHardEdges) }
        drawOwnContent(v, node: node, layerTime: local, matrix: matrix, alpha: alpha, tint: context.tint)
        if hardEdges && v.kind == .gradient { items.append(.endHardEdges) }
        if v.kind == .scene, let shot = timeline.nodes[node].shot {
            drawShot(shot, at: local, plane: Transform3D(translationX: v.bounds.minX, y: v.bounds.minY).concatenating(matrix),
                     alpha: alpha, tint: context.tint, path: path)
        }
        if !sublayers.isEmpty {
            let sublayerPart = Self.flipped(Self.aboutAnchor(v.sublayerTransform, of: v), v)
            // A transform layer, or a replicator that preserves depth, keeps its sublayers in its
            // superlayer's 3D space: they are flattened together with it, onto the plane it is
            // drawn onto.
            let preservesDepth = v.kind == .transform || (v.kind == .replicator && v.preservesDepth)
            let instanceCount = v.kind == .replicator ? max(v.instanceCount, 0) : 1
            var instanceTransform = Transform3D.identity
            // Apple's instanceTransform: "applied relative to the center of the replicator layer".
            let step = Self.about(v.instanceTransform, Point(v.bounds.midX, v.bounds.midY))
            // The time the sublayers see: this layer's, or the one it remaps them to.
            let sublayerTime = v.remapsTime && local.isFinite ? v.remappedTime : local
            // The layer's own drawing (a view's `draw(_:)`) first, in its own space: no
            // sublayerTransform, flip, instances or depth sorting; under every sublayer.
            var drawings: Set<Int> = []
            for (index, child) in sublayers.enumerated() where timeline.nodes[child].isSuperlayerDrawing {
                drawings.insert(child)
                let own = Context(parentTime: local, plane: preservesDepth ? context.plane : matrix,
                                  inPlane: preservesDepth ? relative : .identity, flattens: preservesDepth ? context.flattens : true,
                                  alpha: alpha, opacity: opacity, tint: context.tint, path: path, instances: context.instances,
                                  isDrawn: isDrawn && showsItself)
                visit(timeline.presentationValues(of: child, at: time, parentTime: local), node: child, siblingIndex: index, context: own)
            }
            for k in 0..<instanceCount {
                let inPlane = instanceTransform.concatenating(sublayerPart)
                var inner = Context(parentTime: sublayerTime, plane: preservesDepth ? context.plane : matrix,
                                    inPlane: preservesDepth ? inPlane.concatenating(relative) : inPlane,
                                    flattens: preservesDepth ? context.flattens : true, alpha: alpha,
                                    opacity: opacity, tint: context.tint, path: path, instances: context.instances,
                                    isDrawn: isDrawn && showsItself)
                if v.kind == .replicator {
                    inner.parentTime = sublayerTime - Double(k) * v.instanceDelay
                    inner.tint = Self.multiply(context.tint, v.instanceTint(k))
                    inner.instances.append(k)
                }
                // Siblings draw in order of their presentation zPosition (an animated one counts);
                // a transform layer's, back to front by the depth of their centres in its 3D
                // space. Ties keep sublayer order.
                var children = (drawings.isEmpty ? sublayers : sublayers.filter { !drawings.contains($0) }).enumerated().map { order, node in
                    let presented = timeline.presentationValues(of: node, at: time, parentTime: inner.parentTime)
                    let depth = v.kind == .transform ? Self.depth(of: presented.values, in: inner.inPlane) : presented.values.zPosition
                    return (order: order, node: node, presented: presented, depth: depth)
                }
                // (Most sublayers share one depth: already in order, they are not moved.)
                if zip(children, children.dropFirst()).contains(where: { $0.depth > $1.depth }) {
                    children.sort { ($0.depth, $0.order) < ($1.depth, $1.order) }
                }
                for (index, child) in children.enumerated() {
                    visit(child.presented, node: child.node, siblingIndex: index, context: inner)
                }
                instanceTransform = step.concatenating(instanceTransform)
            }
        }
        if clips { items.append(.endClip) }
        if drawsItself, v.borderWidth > 0, let border = v.borderColor, border.alpha > 0, !v.bounds.isEmpty {
            if hardEdges { items.append(.beginHardEdges) }
            items.append(.fill(Self.borderRing(v), transform: matrix, color: paint(border, alpha, context.tint), rule: .evenOdd))
            if hardEdges { items.append(.endHardEdges) }
        }
        // An emitter's particles draw above its sublayers and its border, as devices show them
        // (clipped to the bounds when it masks to them).
        if v.kind == .emitter {
            let clipsParticles = drawsItself && v.masksToBounds
            if clipsParticles { items.append(.beginClip(outline, transform: matrix)) }
            drawParticles(v, node: node, layerTime: local, context: context, matrix: matrix, alpha: alpha)
            if clipsParticles { items.append(.endClip) }
        }
        if masksShadow { items.append(.endGroup) }
        if let mask {
            items.append(.beginMask(v.maskMode))
            let maskContext = Context(parentTime: local, plane: Self.flipped(matrix, v), alpha: 1, opacity: 1, tint: .white,
                                      path: path + "/mask", instances: [], isDrawn: isDrawn && showsItself)
            visit(timeline.presentationValues(of: mask, at: time, parentTime: local), node: mask, siblingIndex: 0, context: maskContext)
            if case .beginMask = items.last, v.maskMode == .alpha || v.maskMode == .luminance {
                // A mask that draws nothing hides what the layer draws (and the shadow cast from
                // it; a shadowPath's is drawn before the group): its drawing is dropped rather than
                // drawn and then cleared (a Lottie gradient stroke of width 0 is a frame-wide ramp
                // under such a mask).
                items.removeSubrange((masksShadow ? outerStart : groupStart)...)
                return
            }
            items.append(.endMask)
        }
        if grouped { items.append(.endGroup) }
    }

    /// A layer under a transition: its picture just before the change (frozen there) and its
    /// picture now, composed as the transition's type says at `progress` (docs/core-animation.md §7).
    private mutating func visitTransition(_ transition: Transition, progress p: Double, changedAt: Double,
                                          presented: (values: LayerValues, sublayers: [Int], layerTime: Double), node: Int,
                                          siblingIndex: Int, context: Context) {
        let bounds = presented.values.bounds
        let motion = transition.direction.motion
        let span = Size(motion.x * bounds.width, motion.y * bounds.height)
        let incoming = Transform3D(translationX: -span.width * (1 - p), y: -span.height * (1 - p))
        let outgoing = Transform3D(translationX: span.width * p, y: span.height * p)

        // The old picture: everything under the layer sampled just before the change (only when
        // drawn: a flip's second half shows none of it). Its superlayer's time then is taken to
        // have run at speed 1 since.
        func drawOld(_ walk: inout PresentationWalk, placement: Transform3D? = nil) {
            let before = changedAt.nextDown
            let parentBefore = context.parentTime - (walk.time - before)
            let old = walk.timeline.presentationValues(of: node, at: before, parentTime: parentBefore)
            var oldContext = context
            oldContext.parentTime = parentBefore
            let (frameTime, records) = (walk.time, walk.recordsLayers)
            (walk.time, walk.recordsLayers) = (before, false)
            walk.visit(old, node: node, siblingIndex: siblingIndex, context: oldContext, placement: placement, inTransition: true)
            (walk.time, walk.recordsLayers) = (frameTime, records)
        }
        func drawNew(_ walk: inout PresentationWalk, placement: Transform3D? = nil, shown: Bool = true) {
            walk.drawnTransition = RunningTransition(transition: transition, progress: p)
            var newContext = context
            newContext.isDrawn = newContext.isDrawn && shown
            walk.visit(presented, node: node, siblingIndex: siblingIndex, context: newContext, placement: placement, inTransition: true)
        }
        items.append(.beginGroup(opacity: 1, shadow: nil, blend: .normal, blur: 0))
        switch transition.kind {
        case .fade:
            // (1 − p)·old + p·new, added in a group of their own: a true cross-dissolve.
            items.append(.beginGroup(opacity: 1 - p, shadow: nil, blend: .normal, blur: 0))
            drawOld(&self)
            items.append(.endGroup)
            items.append(.beginGroup(opacity: p, shadow: nil, blend: .plusLighter, blur: 0))
            drawNew(&self)
            items.append(.endGroup)
        case .moveIn:
            drawOld(&self)
            drawNew(&self, placement: incoming)
        case .push:
            drawOld(&self, placement: outgoing)
            drawNew(&self, placement: incoming)
        case .reveal:
            drawNew(&self)
            drawOld(&self, placement: outgoing)
        case .flip:
            // A half turn over the transition: the old picture on the front until it is edge-on
            // at p = ½, then the new one on the back.
            // (Inspection records the layer as it is now in either half: on the back, not shown.)
            let turn = Double.pi * p
            let back = Self.flipPlacement(turn - .pi, direction: transition.direction, bounds: bounds)
            if p < 0.5 {
                drawOld(&self, placement: Self.flipPlacement(turn, direction: transition.direction, bounds: bounds))
                if recordsLayers { drawNew(&self, placement: back, shown: false) }
            } else {
                drawNew(&self, placement: back)
            }
        }
        items.append(.endGroup)
    }

    /// A flip's turn by `angle` about the line through the middle of `bounds`, seen in perspective
    /// (docs/core-animation.md §7): about the vertical line for `fromLeft` and `fromRight`, with
    /// the named side coming toward the viewer as the angle grows (UIKit's
    /// `transitionFlipFromLeft`: "the left side of the view moves toward the front"), about the
    /// horizontal one for `fromTop` and `fromBottom`. **animvid decides** the eye's distance: twice
    /// the bounds' size across the line (m34 = −1 / distance).
    static func flipPlacement(_ angle: Double, direction: Transition.Direction, bounds: Rect) -> Transform3D {
        let (turn, across): (Transform3D, Double) = switch direction {
        case .fromLeft: (Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0), bounds.width)
        case .fromRight: (Transform3D(rotationAngle: -angle, x: 0, y: 1, z: 0), bounds.width)
        case .fromTop: (Transform3D(rotationAngle: -angle, x: 1, y: 0, z: 0), bounds.height)
        case .fromBottom: (Transform3D(rotationAngle: angle, x: 1, y: 0, z: 0), bounds.height)
        }
        var perspective = Transform3D.identity
        perspective.m34 = across > 0 ? -1 / (2 * across) : 0
        return about(turn.concatenating(perspective), Point(bounds.midX, bounds.midY))
    }

    /// A shape layer's fill then stroke, a gradient layer's ramp over its bounds, or a text
    /// layer's glyphs, each run in its colour.
    private mutating func drawOwnContent(_ v: LayerValues, node: Int, layerTime: Double, matrix: Transform3D, alpha: Double, tint: Color) {
        switch v.kind {
        case .shape:
            guard let shape = v.path, !shape.isEmpty else { return }
            if let fill = v.fillColor, fill.alpha > 0 {
                items.append(.fill(shape, transform: matrix, color: paint(fill, alpha, tint), rule: v.fillRule))
            }
            if let stroke = v.strokeColor, stroke.alpha > 0, v.stroke.lineWidth > 0, v.stroke.start < v.stroke.end {
                items.append(.stroke(shape, transform: matrix, color: paint(stroke, alpha, tint), style: v.stroke))
            }
        case .gradient:
            guard !v.colors.isEmpty, !v.bounds.isEmpty else { return }
            let b = v.bounds
            func unit(_ p: Point) -> Point { Point(b.origin.x + p.x * b.size.width, b.origin.y + p.y * b.size.height) }
            let gradient = Gradient(type: v.gradientType, colors: v.colors.map { Self.multiply($0, tint) }, locations: v.locations,
                                    start: unit(v.startPoint), end: unit(v.endPoint), focus: v.gradientFocus)
            items.append(.fillGradient(.roundedRect(b, cornerRadius: 0), transform: matrix, gradient: gradient, opacity: alpha))
        case .text:
            // A font that is not installed draws nothing (scene files check their fonts when read).
            guard !v.string.runs.isEmpty, v.fontSize > 0, let text = try? v.typesetText() else { return }
            let spare = v.bounds.height - text.size.height
            let drop = switch v.verticalAlignment { case .top: 0.0; case .center: spare / 2; case .bottom: spare }
            let origin = Transform3D(translationX: v.bounds.minX, y: v.bounds.minY + drop).concatenating(matrix)
            guard v.staggerUnit != .none else {
                // A text layer draws its string into its contents, which are its bounds' size: what
                // does not fit is cut at their edges (a clip only then: it costs a mask).
                let cut = text.overflows || text.size.width > v.bounds.width || text.size.height > v.bounds.height
                if cut { items.append(.beginClip(.roundedRect(v.bounds, cornerRadius: 0), transform: matrix)) }
                // Its contents are a bitmap of its contentsScale, when it sets one.
                let bitmap = timeline.nodes[node].drawsTextAtContentsScale
                if bitmap {
                    items.append(.beginGroup(opacity: 1, shadow: nil, blend: .normal, blur: 0,
                                             rasterizationScale: Self.bitmapScale(v.contentsScale, v, matrix: matrix)))
                }
                drawRunShadows(of: text, v, place: origin, matrix: matrix, alpha: alpha, tint: tint)
                for glyph in text.glyphs { draw(glyph, place: origin, color: v.textColor(ofRun: glyph.tag), alpha: alpha, tint: tint) }
                if bitmap { items.append(.endGroup) }
                if cut { items.append(.endClip) }
                return
            }
            drawUnits(of: text, v, animations: timeline.unitAnimations(of: node, at: time), layerTime: layerTime,
                      origin: origin, alpha: alpha, tint: tint)
        case .plain, .replicator, .transform, .emitter, .scene:
            return
        }
    }

    /// Staggered text: each unit (glyph, word, line) with the layer's opacity, transform and
    /// colour animations applied in its own time, `staggerDelay` after the one before, its
    /// transform about its own centre.
    private mutating func drawUnits(of text: TypesetText, _ v: LayerValues, animations: [AnimationSpec], layerTime: Double,
                                    origin: Transform3D, alpha: Double, tint: Color) {
        // Units in the text's order: glyphs in drawing order, words and lines by their number.
        var byKey: [Int: [SetGlyph]] = [:]
        for (index, glyph) in text.glyphs.enumerated() {
            let key = switch v.staggerUnit {
            case .none, .glyph: index
            case .word: glyph.word
            case .line: glyph.line
            }
            byKey[key, default: []].append(glyph)
        }
        for (k, glyphs) in byKey.sorted(by: { $0.key < $1.key }).map(\.value).enumerated() {
            let box = glyphs.dropFirst().reduce(glyphs[0].path.bounds) { $0.union($1.path.bounds) }
            var unit = LayerValues(kind: .text)
            unit.bounds = Rect(origin: .zero, size: box.size)
            unit.position = Point(box.midX, box.midY)
            unit.foregroundColor = v.foregroundColor
            if layerTime.isFinite { for spec in animations { spec.apply(to: &unit, at: layerTime - Double(k) * v.staggerDelay) } }
            guard unit.opacity > 0 else { continue }
            let place = Transform3D(translationX: -box.minX, y: -box.minY).concatenating(unit.matrixToSuperlayer).concatenating(origin)
            for glyph in glyphs {
                let own = v.string.runs.indices.contains(glyph.tag) ? v.string.runs[glyph.tag].color : nil
                draw(glyph, place: place, color: own ?? unit.foregroundColor, alpha: alpha * min(unit.opacity, 1), tint: tint)
            }
        }
    }

    /// The shadows of the runs that cast one (`TextShadow`), each its glyphs' outlines and
    /// underlines in one path, under all the text; colour glyphs cast none.
    private mutating func drawRunShadows(of text: TypesetText, _ v: LayerValues, place: Transform3D, matrix: Transform3D, alpha: Double, tint: Color) {
        let casting = Set(v.string.runs.indices.filter { (v.string.runs[$0].shadow?.color.alpha ?? 0) > 0 })
        guard !casting.isEmpty else { return }
        // Each run's silhouette gathered in one pass over the glyphs.
        var silhouettes: [Int: Path] = [:]
        for glyph in text.glyphs where casting.contains(glyph.tag) && glyph.picture == nil { silhouettes[glyph.tag, default: Path()].addPath(glyph.path) }
        for (index, silhouette) in silhouettes.sorted(by: { $0.key < $1.key }) {
            guard let shadow = v.string.runs[index].shadow else { continue }
            let (offset, radius) = Self.shadowOnCanvas(offset: shadow.offset, radius: shadow.blurRadius, of: v, matrix: matrix)
            items.append(.shadow(silhouette, transform: place, shadow: Shadow(color: paint(shadow.color, alpha, tint), offset: offset, radius: radius)))
        }
    }

    /// A set glyph (or underline piece) in the text's coordinates, which `place` maps to the
    /// canvas, in `color`; a colour glyph in its own colours, at `alpha`.
    private mutating func draw(_ set: SetGlyph, place: Transform3D, color: Color?, alpha: Double, tint: Color) {
        if let picture = set.picture {
            guard let image = Image(width: picture.width, height: picture.height, premultipliedRGBA: picture.premultipliedRGBA) else { return }
            items.append(.image(image, transform: place, destination: set.path.bounds, source: Rect(x: 0, y: 0, width: 1, height: 1),
                                opacity: alpha, tint: tint, sampling: ImageSampling(minification: .trilinear)))
            return
        }
        guard let color, color.alpha > 0 else { return }
        if let glyph = set.glyph {
            items.append(.glyph(glyph, transform: Transform3D(translationX: set.origin.x, y: set.origin.y).concatenating(place),
                                color: paint(color, alpha, tint)))
        } else {
            items.append(.fill(set.path, transform: place, color: paint(color, alpha, tint), rule: .nonZero))
        }
    }

    /// An emitter's particles: each cell's image, centred on the particle, turned and scaled,
    /// tinted by the particle's colour (and the replicator tint around the layer); added
    /// together in a group of their own in the additive render mode.
    private mutating func drawParticles(_ v: LayerValues, node: Int, layerTime: Double, context: Context, matrix: Transform3D, alpha: Double) {
        let facts = timeline.nodes[node]
        let (time, parentTime, timing) = (self.time, context.parentTime, v.timing)
        let timeline = self.timeline
        // Particles born under a larger lifetime multiplier than the frame's may still be out:
        // look back as far as the largest the model has had (an animated one is read at the frame).
        let longest = max(v.lifetime, facts.longestLifetime)
        // The layer at an earlier layer time, for the particles born then, when what a birth uses changes.
        let birth = v.birth
        let (cells, particles) = v.particles(at: layerTime, limit: particleBudget, longestLifetime: longest,
                                             peaks: facts.cellPeaks) { born in
            // In this pass of a layer whose time repeats (a particle is born in the pass it shows in).
            let parent = timing.duration > 0 ? (timing.speed > 0 ? parentTime - (layerTime - born) / timing.speed : nil)
                : timing.parentTime(fromLayer: born)
            guard facts.birthsVary, let parent else { return birth }
            return timeline.presentationValues(of: node, at: time - (parentTime - parent), parentTime: parent).values.birth
        }
        particleBudget -= particles.count
        let additive = v.renderMode == .additive
        // Room for them all at once (grown by doubling, thousands of sprites were copied over and
        // over), at least doubling itself, so that many emitters do not each copy the list.
        if items.capacity < items.count + particles.count + 2 { items.reserveCapacity(max(items.count + particles.count + 2, 2 * items.capacity)) }
        if additive { items.append(.beginGroup(opacity: 1, shadow: nil, blend: .normal, blur: 0)) }
        for particle in particles {
            let cell = cells[particle.cell]
            guard let image = cell.contents, particle.scale > 0, particle.color.alpha > 0 else { continue }
            let pixelsPerPoint = cell.contentsScale > 0 ? cell.contentsScale : 1
            let size = Size(Double(image.width) * cell.contentsRect.width / pixelsPerPoint,
                            Double(image.height) * cell.contentsRect.height / pixelsPerPoint)
            // Centred on the particle, scaled, turned, moved: T(−size/2) · S · R · T(position), multiplied out.
            let (c, s) = (cos(particle.angle) * particle.scale, sin(particle.angle) * particle.scale)
            var place = Transform3D.identity
            (place.m11, place.m12, place.m21, place.m22) = (c, s, -s, c)
            (place.m41, place.m42) = (particle.position.x - (size.width * c - size.height * s) / 2,
                                      particle.position.y - (size.width * s + size.height * c) / 2)
            // Flattened into the layer's plane unless the emitter preserves depth.
            if v.preservesDepth { place.m43 = particle.z }
            items.append(.sprite(image, transform: place.concatenating(matrix), size: size, source: cell.contentsRect,
                                 opacity: alpha, tint: Self.multiply(particle.color, context.tint), additive: additive))
        }
        if additive { items.append(.endGroup) }
    }

    /// The border: the bounds' rounded rectangle less the same inset by borderWidth (even-odd).
    private static func borderRing(_ v: LayerValues) -> Path {
        var ring = Path.roundedRect(v.bounds, cornerRadius: v.cornerRadius, corners: v.maskedCorners, curve: v.cornerCurve)
        let w = min(v.borderWidth, v.bounds.width / 2, v.bounds.height / 2)
        let inner = Rect(x: v.bounds.minX + w, y: v.bounds.minY + w, width: v.bounds.width - 2 * w, height: v.bounds.height - 2 * w)
        if !inner.isEmpty {
            ring.addPath(.roundedRect(inner, cornerRadius: max(v.cornerRadius - w, 0), corners: v.maskedCorners, curve: v.cornerCurve))
        }
        return ring
    }

    /// The shadow's offset and blur radius on the canvas. The shadow is part of what the layer
    /// draws, so both go through the layer's transform (and its superlayers'): the offset as a
    /// vector of the layer's space at the centre of its bounds, the radius scaled by the square
    /// root of the area scale there (exact for affine transforms, first order for perspective).
    static func shadowOnCanvas(_ v: LayerValues, matrix: Transform3D) -> (offset: Size, radius: Double) {
        shadowOnCanvas(offset: v.shadowOffset, radius: v.shadowRadius, of: v, matrix: matrix)
    }

    /// A shadow's offset and blur radius in the layer's space, on the canvas (as the layer's own).
    static func shadowOnCanvas(offset: Size, radius: Double, of v: LayerValues, matrix: Transform3D) -> (offset: Size, radius: Double) {
        let (ex, ey) = axesOnCanvas(v, matrix: matrix)
        let moved = ex * offset.width + ey * offset.height
        let scale = areaScale(v, matrix: matrix)
        guard moved.x.isFinite, moved.y.isFinite else { return (.zero, 0) }
        return (Size(moved.x, moved.y), max(radius, 0) * scale)
    }

    /// The canvas vectors of one point along the layer's x and y axes, at the centre of its bounds.
    private static func axesOnCanvas(_ v: LayerValues, matrix: Transform3D) -> (x: Point, y: Point) {
        let c = Point(v.bounds.midX, v.bounds.midY)
        let origin = matrix.apply(to: c)
        return (matrix.apply(to: Point(c.x + 1, c.y)) - origin, matrix.apply(to: Point(c.x, c.y + 1)) - origin)
    }

    /// The pixels a canvas point of a bitmap of `scale` pixels a layer point (a layer drawn larger
    /// by its transform stretches its bitmap further).
    static func bitmapScale(_ scale: Double, _ v: LayerValues, matrix: Transform3D) -> Double {
        let stretch = areaScale(v, matrix: matrix)
        return stretch > 0 ? scale / stretch : scale
    }

    /// How much a length of the layer's space grows on the canvas: the square root of the area
    /// scale at the centre of its bounds (0 where it is not finite). Blur radii scale by it.
    static func areaScale(_ v: LayerValues, matrix: Transform3D) -> Double {
        let (ex, ey) = axesOnCanvas(v, matrix: matrix)
        let scale = abs(ex.x * ey.y - ex.y * ey.x).squareRoot()
        return scale.isFinite ? scale : 0
    }

    /// Whether the layer's front faces the viewer: its bounds keep their orientation on the
    /// canvas (a layer turned past a quarter turn about x or y shows its back).
    static func facesViewer(_ v: LayerValues, _ matrix: Transform3D) -> Bool {
        let (ex, ey) = axesOnCanvas(v, matrix: matrix)
        return !(ex.x * ey.y - ex.y * ey.x < 0)
    }

    /// The depth (z, after the perspective divide) of a layer's centre in the 3D space that
    /// `inPlane` maps its superlayer into: larger is nearer the viewer.
    static func depth(of v: LayerValues, in inPlane: Transform3D) -> Double {
        let m = v.matrixToSuperlayer.concatenating(inPlane)
        let (x, y) = (v.bounds.midX, v.bounds.midY)
        let z = x * m.m13 + y * m.m23 + m.m43, w = x * m.m14 + y * m.m24 + m.m44
        return w > 0 ? z / w : -.infinity
    }

    /// `t` after what `geometryFlipped` does to the sublayers' and the mask's space: y mirrored
    /// about the middle of the bounds (`t` itself when the layer is not flipped).
    private static func flipped(_ t: Transform3D, _ v: LayerValues) -> Transform3D {
        guard v.isGeometryFlipped else { return t }
        return Transform3D(scaleX: 1, y: -1).concatenating(Transform3D(translationX: 0, y: v.bounds.minY + v.bounds.maxY)).concatenating(t)
    }

    /// `t` applied about the layer's anchor point: T(−A) · t · T(A).
    private static func aboutAnchor(_ t: Transform3D, of v: LayerValues) -> Transform3D {
        about(t, v.anchorInBounds)
    }

    /// `t` applied about `pivot` (in the layer's bounds' coordinates).
    private static func about(_ t: Transform3D, _ pivot: Point) -> Transform3D {
        guard !t.isIdentity else { return t }
        return Transform3D(translationX: -pivot.x, y: -pivot.y).concatenating(t).concatenating(Transform3D(translationX: pivot.x, y: pivot.y))
    }

    /// Component-wise product: a tint multiplies the premultiplied output, which for straight
    /// colours is a product of each channel.
    private static func multiply(_ a: Color, _ b: Color) -> Color {
        Color(red: a.red * b.red, green: a.green * b.green, blue: a.blue * b.blue, alpha: a.alpha * b.alpha)
    }

    private func paint(_ color: Color, _ alpha: Double, _ tint: Color) -> Color {
        Self.multiply(color, tint).multipliedAlpha(alpha)
    }
}
