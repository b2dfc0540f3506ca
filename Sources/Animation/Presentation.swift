import Geometry

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
        var list = DisplayList(canvasSize: canvasSize)
        emit(node: root, at: t, parentTime: t, toCanvas: .identity, alpha: 1, into: &list.items)
        return list
    }

    private func emit(node: Int, at t: Double, parentTime: Double, toCanvas parentMatrix: Transform3D, alpha: Double, into items: inout [DisplayItem]) {
        let (v, sublayers, local) = presentationValues(of: node, at: t, parentTime: parentTime)
        guard !v.isHidden, v.opacity > 0, alpha > 0 else { return }
        let matrix = v.matrixToSuperlayer.concatenating(parentMatrix)
        let children = sublayers.enumerated()
            .map { (order: $0.offset, node: $0.element, z: nodes[$0.element].model(at: t).values.zPosition) }
            .sorted { ($0.z, $0.order) < ($1.z, $1.order) }
        let grouped = v.opacity < 1 && !children.isEmpty
        let ownAlpha = grouped ? 1 : alpha * v.opacity
        if grouped { items.append(.beginGroup(opacity: alpha * v.opacity)) }

        let outline = Path.roundedRect(v.bounds, cornerRadius: v.cornerRadius)
        if let background = v.backgroundColor, background.alpha > 0, !v.bounds.isEmpty {
            items.append(.fill(outline, transform: matrix, color: background.multipliedAlpha(ownAlpha), rule: .nonZero))
        }
        let clips = v.masksToBounds
        if clips { items.append(.beginClip(outline, transform: matrix)) }
        if v.kind == .shape, let path = v.path, let fill = v.fillColor, fill.alpha > 0, !path.isEmpty {
            items.append(.fill(path, transform: matrix, color: fill.multipliedAlpha(ownAlpha), rule: v.fillRule))
        }
        if !children.isEmpty {
            var contentMatrix = matrix
            if !v.sublayerTransform.isIdentity {
                let a = v.anchorInBounds
                contentMatrix = Transform3D(translationX: -a.x, y: -a.y)
                    .concatenating(v.sublayerTransform)
                    .concatenating(Transform3D(translationX: a.x, y: a.y))
                    .concatenating(matrix)
            }
            for child in children {
                emit(node: child.node, at: t, parentTime: local, toCanvas: contentMatrix, alpha: ownAlpha, into: &items)
            }
        }
        if clips { items.append(.endClip) }
        if grouped { items.append(.endGroup) }
    }
}
