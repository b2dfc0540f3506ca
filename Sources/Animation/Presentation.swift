import Geometry

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
}

/// Sampling: the presentation tree and display list at a video time, as pure functions of the timeline.
extension Timeline {
    /// The presentation values of layer `node` at video time `t`: its model values with every
    /// attached animation applied in the order they were added. `parentTime` is the superlayer's
    /// layer time (the video time for the root).
    public func presentationValues(of node: Int, at t: Double, parentTime: Double) -> (values: LayerValues, sublayers: [Int], layerTime: Double) {
        let model = nodes[node].model(at: t)
        var values = model.values
        let local = values.timing.layerTime(fromParent: parentTime)
        for animation in nodes[node].animations where animation.addedAt <= t && t < animation.removedAt {
            animation.spec.apply(to: &values, at: local)
        }
        return (values, model.sublayers, local)
    }

    /// The display list of the frame at video time `t`.
    public func displayList(at t: Double) -> DisplayList {
        var walk = PresentationWalk(timeline: self, time: t, recordsLayers: false)
        walk.visitRoot()
        return DisplayList(canvasSize: canvasSize, items: walk.items)
    }

    /// Every drawn layer instance at video time `t`, back to front, replicator instances expanded.
    public func presentedLayers(at t: Double) -> [PresentedLayer] {
        var walk = PresentationWalk(timeline: self, time: t, recordsLayers: true)
        walk.visitRoot()
        return walk.layers
    }
}

/// One walk down the presentation tree, emitting display items (and, for inspection, layers).
private struct PresentationWalk {
    let timeline: Timeline
    let time: Double
    let recordsLayers: Bool
    var items: [DisplayItem] = []
    var layers: [PresentedLayer] = []

    /// What a layer inherits from the layers above it.
    struct Context {
        var parentTime: Double
        var matrix: Transform3D
        /// Opacity not yet applied by a group, multiplied into colours.
        var alpha: Double
        /// The product of all opacities above, for reporting.
        var opacity: Double
        var tint: Color
        var path: String
        var instances: [Int]
    }

    mutating func visitRoot() {
        let root = Context(parentTime: time, matrix: .identity, alpha: 1, opacity: 1, tint: .white, path: "", instances: [])
        visit(node: timeline.root, siblingIndex: 0, context: root)
    }

    private mutating func visit(node: Int, siblingIndex: Int, context: Context) {
        let (v, sublayers, local) = timeline.presentationValues(of: node, at: time, parentTime: context.parentTime)
        guard !v.isHidden, v.opacity > 0, context.alpha > 0 else { return }
        let matrix = v.matrixToSuperlayer.concatenating(context.matrix)
        let name = (v.name ?? "\(v.kind.rawValue)[\(siblingIndex)]")
            + (context.instances.isEmpty ? "" : "#" + context.instances.map(String.init).joined(separator: "."))
        let path = context.path.isEmpty ? name : context.path + "/" + name
        let opacity = context.opacity * v.opacity
        if recordsLayers {
            layers.append(PresentedLayer(path: path, values: v, toCanvas: matrix, opacity: opacity, tint: context.tint))
        }
        let children = sublayers.enumerated()
            .map { (order: $0.offset, node: $0.element, z: timeline.nodes[$0.element].model(at: time).values.zPosition) }
            .sorted { ($0.z, $0.order) < ($1.z, $1.order) }
        let grouped = v.opacity < 1 && !children.isEmpty
        let alpha = grouped ? 1 : context.alpha * v.opacity
        if grouped { items.append(.beginGroup(opacity: context.alpha * v.opacity)) }

        let outline = Path.roundedRect(v.bounds, cornerRadius: v.cornerRadius)
        if let background = v.backgroundColor, background.alpha > 0, !v.bounds.isEmpty {
            items.append(.fill(outline, transform: matrix, color: paint(background, alpha, context.tint), rule: .nonZero))
        }
        if v.masksToBounds { items.append(.beginClip(outline, transform: matrix)) }
        if v.kind == .shape, let shape = v.path, let fill = v.fillColor, fill.alpha > 0, !shape.isEmpty {
            items.append(.fill(shape, transform: matrix, color: paint(fill, alpha, context.tint), rule: v.fillRule))
        }
        if !children.isEmpty {
            var contentMatrix = matrix
            if !v.sublayerTransform.isIdentity {
                contentMatrix = Self.aboutAnchor(v.sublayerTransform, of: v).concatenating(matrix)
            }
            let instanceCount = v.kind == .replicator ? max(v.instanceCount, 0) : 1
            var instanceTransform = Transform3D.identity
            let step = Self.aboutAnchor(v.instanceTransform, of: v)
            for k in 0..<instanceCount {
                var inner = Context(parentTime: local, matrix: instanceTransform.concatenating(contentMatrix), alpha: alpha,
                                    opacity: opacity, tint: context.tint, path: path, instances: context.instances)
                if v.kind == .replicator {
                    inner.parentTime = local - Double(k) * v.instanceDelay
                    inner.tint = Self.multiply(context.tint, v.instanceTint(k))
                    inner.instances.append(k)
                }
                for (index, child) in children.enumerated() {
                    visit(node: child.node, siblingIndex: index, context: inner)
                }
                instanceTransform = step.concatenating(instanceTransform)
            }
        }
        if v.masksToBounds { items.append(.endClip) }
        if grouped { items.append(.endGroup) }
    }

    /// `t` applied about the layer's anchor point: T(−A) · t · T(A).
    private static func aboutAnchor(_ t: Transform3D, of v: LayerValues) -> Transform3D {
        guard !t.isIdentity else { return t }
        let a = v.anchorInBounds
        return Transform3D(translationX: -a.x, y: -a.y).concatenating(t).concatenating(Transform3D(translationX: a.x, y: a.y))
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
