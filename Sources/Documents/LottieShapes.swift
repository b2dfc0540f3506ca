import Animation
import Geometry

/// A Lottie shape layer's contents as animvid layers. In a list (the layer's `shapes`, a
/// group's `it`) the first item is on top; a fill or stroke paints the paths listed before it in
/// the same list; a group is a layer of its own with its transform (`tr`); a trim (`tm`) cuts the
/// strokes of the paths before it. Rectangles and ellipses whose size, position or roundness
/// animate are sampled every frame.
struct LottieShapes {
    let reader: LottieReader

    /// The most frames a changing rectangle or ellipse is sampled at.
    static let maximumSamples = 2_000

    /// One list of items as a layer (origin at the layer's origin).
    func layer(_ value: JSONValue?, path: String) throws(DocumentError) -> Layer {
        guard case let .array(items, _)? = value else { throw reader.fail(path, value, "expected a list of shapes") }
        let container = Layer()
        container.anchorPoint = .zero
        var geometry: [LottieProperty<Path>] = []
        var trim: (start: LottieProperty<[Double]>, end: LottieProperty<[Double]>)?
        var drawn: [Layer] = []  // top first
        for (i, item) in items.enumerated() {
            let p = "\(path)[\(i)]"
            if case .bool(true, _)? = LottieReader.member(item, "hd") { continue }
            let type = try reader.string(LottieReader.member(item, "ty"), p + ".ty") ?? ""
            switch type {
            case "gr":
                let inner = try layer(LottieReader.member(item, "it"), path: p + ".it")
                let transform = try groupTransform(item, path: p)
                transform.inner.addSublayer(inner)
                drawn.append(transform.outer)
            case "sh":
                if let shape = try reader.property(LottieReader.member(item, "ks"), p + ".ks", { (v, q) throws(DocumentError) in try reader.shape(v, q) }) {
                    geometry.append(shape)
                }
            case "rc", "el":
                geometry.append(try parametric(item, type: type, path: p))
            case "fl", "st":
                if let painted = try paint(item, type: type, path: p, geometry: geometry, trim: trim) { drawn.append(painted) }
            case "tm":
                let start = try reader.property(LottieReader.member(item, "s"), p + ".s") ?? LottieProperty(initial: [0], keyframes: [])
                let end = try reader.property(LottieReader.member(item, "e"), p + ".e") ?? LottieProperty(initial: [100], keyframes: [])
                if let offset = try reader.property(LottieReader.member(item, "o"), p + ".o"), offset.isAnimated || offset.initial.first != 0 {
                    reader.warnings.note("trim path offsets", at: p)
                }
                trim = (start, end)
            case "tr":
                continue  // the group's own transform, read by the group
            case "sr": reader.warnings.note("stars and polygons", at: p)
            case "gf", "gs": reader.warnings.note("gradient fills and strokes", at: p)
            case "rp": reader.warnings.note("repeaters", at: p)
            case "rd": reader.warnings.note("rounded corners", at: p)
            case "mm": reader.warnings.note("merge paths", at: p)
            default: reader.warnings.note("shape items of type \"\(type)\"", at: p)
            }
        }
        for layer in drawn.reversed() { container.addSublayer(layer) }
        return container
    }

    /// A group's transform (`tr` among its items).
    private func groupTransform(_ group: JSONValue, path: String) throws(DocumentError) -> (outer: Layer, inner: Layer) {
        guard case let .array(items, _)? = LottieReader.member(group, "it"),
              let index = items.firstIndex(where: { if case .string("tr", _)? = LottieReader.member($0, "ty") { true } else { false } }) else {
            return try reader.transformNodes(nil, path: path, opacity: true)
        }
        return try reader.transformNodes(items[index], path: "\(path).it[\(index)]", opacity: true)
    }

    /// A rectangle (`p` centre, `s` size, `r` roundness) or an ellipse (`p`, `s`) as a path,
    /// sampled every frame while any of its properties changes.
    private func parametric(_ item: JSONValue, type: String, path: String) throws(DocumentError) -> LottieProperty<Path> {
        let centre = try reader.property(LottieReader.member(item, "p"), path + ".p") ?? LottieProperty(initial: [0, 0], keyframes: [])
        let size = try reader.property(LottieReader.member(item, "s"), path + ".s") ?? LottieProperty(initial: [0, 0], keyframes: [])
        let radius = type == "rc" ? try reader.property(LottieReader.member(item, "r"), path + ".r") ?? LottieProperty(initial: [0], keyframes: []) : nil
        func shape(at frame: Double) -> Path {
            let c = centre.value(at: frame), s = size.value(at: frame)
            let (w, h) = (s.first ?? 0, s.count > 1 ? s[1] : s.first ?? 0)
            let box = Rect(x: (c.first ?? 0) - w / 2, y: (c.count > 1 ? c[1] : 0) - h / 2, width: w, height: h)
            guard type == "rc" else { return .ellipse(in: box) }
            return .roundedRect(box, cornerRadius: min(radius?.value(at: frame).first ?? 0, min(abs(w), abs(h)) / 2))
        }
        let changing = [centre, size] + (radius.map { [$0] } ?? [])
        let frames = changing.flatMap { $0.keyframes.map(\.frame) }
        guard let first = frames.min(), let last = frames.max(), last > first else { return LottieProperty(initial: shape(at: 0), keyframes: []) }
        let count = min(Int((last - first).rounded(.up)), Self.maximumSamples)
        let keyframes = (0...count).map { n in
            let frame = first + (last - first) * Double(n) / Double(count)
            return LottieProperty<Path>.Keyframe(frame: frame, value: shape(at: frame), easeOut: (0, 0), easeIn: (1, 1), hold: false)
        }
        return LottieProperty(initial: keyframes[0].value, keyframes: keyframes)
    }

    /// A fill or stroke of `geometry` (the paths before it) as a shape layer; nil with no paths.
    private func paint(_ item: JSONValue, type: String, path: String, geometry: [LottieProperty<Path>],
                       trim: (start: LottieProperty<[Double]>, end: LottieProperty<[Double]>)?) throws(DocumentError) -> Layer? {
        guard !geometry.isEmpty else { return nil }
        let layer = ShapeLayer()
        layer.anchorPoint = .zero
        let fr = reader.frameRate
        // One path, animated as its keyframes say; several are joined (animated ones as they start).
        if geometry.count == 1, let only = geometry.first {
            layer.path = only.initial
            if let a = only.animation(keyPath: "path", frameRate: fr, { .path($0) }) { layer.add(a) }
        } else {
            var joined = Path()
            for part in geometry { joined.addPath(part.initial) }
            layer.path = joined
            if geometry.contains(where: \.isAnimated) { reader.warnings.note("several changing paths under one fill or stroke: drawn still", at: path) }
        }
        let color = try reader.property(LottieReader.member(item, "c"), path + ".c") ?? LottieProperty(initial: [0, 0, 0, 1], keyframes: [])
        let opacity = try reader.property(LottieReader.member(item, "o"), path + ".o") ?? LottieProperty(initial: [100], keyframes: [])
        let colorKey = type == "fl" ? "fillColor" : "strokeColor"
        if type == "fl" { layer.fillColor = LottieReader.color(color.initial) } else { layer.strokeColor = LottieReader.color(color.initial) }
        if let a = color.animation(keyPath: colorKey, frameRate: fr, { .color(LottieReader.color($0)) }) { layer.add(a) }
        layer.opacity = (opacity.initial.first ?? 100) / 100
        if let a = opacity.animation(keyPath: "opacity", frameRate: fr, { .number(($0.first ?? 100) / 100) }) { layer.add(a) }
        if type == "fl" {
            layer.fillRule = try reader.number(LottieReader.member(item, "r"), path + ".r", default: 1) == 2 ? .evenOdd : .nonZero
            return layer
        }
        layer.fillColor = nil
        let width = try reader.property(LottieReader.member(item, "w"), path + ".w") ?? LottieProperty(initial: [1], keyframes: [])
        layer.lineWidth = width.initial.first ?? 1
        if let a = width.animation(keyPath: "lineWidth", frameRate: fr, { .number($0.first ?? 1) }) { layer.add(a) }
        layer.lineCap = [1: .butt, 2: .round, 3: .square][Int(try reader.number(LottieReader.member(item, "lc"), path + ".lc", default: 2))] ?? .round
        layer.lineJoin = [1: .miter, 2: .round, 3: .bevel][Int(try reader.number(LottieReader.member(item, "lj"), path + ".lj", default: 2))] ?? .round
        layer.miterLimit = try reader.number(LottieReader.member(item, "ml"), path + ".ml", default: 4)
        if LottieReader.member(item, "d") != nil { reader.warnings.note("dashed strokes", at: path) }
        if let trim {
            layer.strokeStart = (trim.start.initial.first ?? 0) / 100
            layer.strokeEnd = (trim.end.initial.first ?? 100) / 100
            for (property, key) in [(trim.start, "strokeStart"), (trim.end, "strokeEnd")] {
                if let a = property.animation(keyPath: key, frameRate: fr, { .number(($0.first ?? 0) / 100) }) { layer.add(a) }
            }
        }
        return layer
    }
}
