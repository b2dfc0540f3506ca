import Animation
import Foundation
import Geometry

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
        let fields = try object(value, path, allowed: LayerProperties.allFields, what: "a layer")
        let kind = try fields["type"].map { v throws(DocumentError) in
            try choice(v, fields.path("type"), [LayerKind.plain, .shape, .replicator, .gradient], literally: true)
        } ?? .plain
        let layer: Layer = switch kind {
        case .plain: Layer()
        case .shape: ShapeLayer()
        case .replicator: ReplicatorLayer()
        case .gradient: GradientLayer()
        }
        if let v = fields["name"] {
            let name = try literal(v, fields.path("name"))
            layerNames[name, default: 0] += 1
            layer.name = name
        }
        for member in fields.members where !LayerProperties.structure.contains(member.key) {
            if let kinds = LayerProperties.kinds(of: member.key), !kinds.contains(kind) {
                throw fail(fields.path(member.key), member.value,
                           "\(member.key) is a property of \(kinds.map(\.rawValue).joined(separator: ", ")) layers; this layer's type is \(kind.rawValue)")
            }
            try setProperty(member.key, member.value, fields.path(member.key), of: layer)
        }
        if let v = fields["frame"] {
            layer.frame = try rect(v, fields.path("frame"))
        }
        drawn += copies
        guard drawn <= SceneFileLimits.drawnInstances else {
            throw fail(path, value, "more than \(SceneFileLimits.drawnInstances) layers are drawn per frame, counting replicated copies")
        }
        if let v = fields["mask"] {
            layer.mask = try self.layer(v, fields.path("mask"), depth: depth + 1, copies: copies, drawn: &drawn)
        }
        if let v = fields["sublayers"] {
            let inner = copies * (kind == .replicator ? max(layer.values.instanceCount, 1) : 1)
            for (i, item) in try list(v, fields.path("sublayers")).enumerated() {
                layer.addSublayer(try self.layer(item, "\(fields.path("sublayers"))[\(i)]", depth: depth + 1, copies: inner, drawn: &drawn))
            }
        }
        if let v = fields["animations"] {
            for (i, item) in try list(v, fields.path("animations")).enumerated() {
                let (animation, key) = try attachedAnimation(item, "\(fields.path("animations"))[\(i)]")
                layer.add(animation, forKey: key)
            }
        }
        return layer
    }

    /// Sets one property; `null` removes an optional colour or path.
    private func setProperty(_ name: String, _ value: JSONValue, _ path: String, of layer: Layer) throws(DocumentError) {
        if case .null = try resolved(value, path) {
            guard LayerProperties.remove(name, in: &layer.values) else { throw fail(path, value, "\(name) cannot be null") }
            return
        }
        if let keyPath = try? KeyPath(name) {
            let v = try animationValue(value, path, like: keyPath.value(in: LayerValues(kind: layer.values.kind)))
            do {
                try keyPath.set(v, in: &layer.values)
            } catch {
                throw fail(path, value, "\(error)")
            }
            return
        }
        switch name {
        case "contents":
            layer.values.contents = try image(value, path)
        case "contentsGravity":
            layer.values.contentsGravity = try choice(value, path, ContentsGravity.allCases)
        case "beginTime":
            layer.values.timing.beginTime = try number(value, path)
        case "speed":
            layer.values.timing.speed = try number(value, path, in: -1000...1000)
        case "timeOffset":
            layer.values.timing.timeOffset = try number(value, path)
        case "fillRule":
            layer.values.fillRule = try choice(value, path, [FillRule.nonZero, .evenOdd])
        case "lineCap":
            layer.values.stroke.lineCap = try choice(value, path, StrokeStyle.Cap.allCases)
        case "lineJoin":
            layer.values.stroke.lineJoin = try choice(value, path, StrokeStyle.Join.allCases)
        case "gradientType":
            layer.values.gradientType = try choice(value, path, GradientType.allCases)
        case "instanceCount":
            layer.values.instanceCount = try integer(value, path, in: 0...SceneFileLimits.instanceCount)
        default:
            layer.values.preservesDepth = try bool(value, path)
        }
    }

    /// A `contents` image: a PNG or JPEG path (relative to the scene file) or a `data:` URI,
    /// decoded once however many layers show it.
    private func image(_ value: JSONValue, _ path: String) throws(DocumentError) -> Image {
        let reference = try string(value, path)
        let location = reference.hasPrefix("data:") || reference.hasPrefix("/") ? reference
            : URL(fileURLWithPath: folder).appendingPathComponent(reference).path
        if let image = images[location] { return image }
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
