import Animation
import Geometry

/// A text document's stroke (`sc`, `sw`, `of`): its colour and width, over the fill (`of` true
/// or missing; lottie-web always draws it so) or under it (`of` false, as After Effects does),
/// with mitred joins (limit 4) and butt caps, as SVG strokes text.
struct TextStroke {
    var color: Color
    var width: Double
    var overFill: Bool

    /// The stroke of `document` (at `path`), nil when it has none: no `sc`, or `sw` not above 0.
    init?(document: JSONValue, path: String, reader: LottieReader) throws(DocumentError) {
        guard let color = LottieReader.member(document, "sc") else { return nil }
        let width = try reader.number(LottieReader.member(document, "sw"), path + ".sw", default: 0)
        guard width > 0 else { return nil }
        guard width.isFinite, width <= 10_000 else { throw reader.fail(path + ".sw", LottieReader.member(document, "sw"), "a stroke width of 0…10000") }
        self.color = LottieReader.color(try reader.numbers(color, path + ".sc"))
        self.width = width
        overFill = if case .bool(false, _)? = LottieReader.member(document, "of") { false } else { true }
    }

    /// `shape` (filled) with this stroke, and the layer that carries the stroke: the shape
    /// itself, stroked over its fill, or a layer holding a stroked copy of it under it.
    func outlined(_ shape: ShapeLayer) -> (layer: Layer, stroked: ShapeLayer) {
        guard !overFill else {
            apply(to: shape)
            return (shape, shape)
        }
        let under = ShapeLayer()
        under.anchorPoint = shape.anchorPoint
        under.position = shape.position
        under.path = shape.path
        under.fillColor = nil
        apply(to: under)
        let holder = Layer()
        holder.anchorPoint = .zero
        holder.addSublayer(under)
        holder.addSublayer(shape)
        return (holder, under)
    }

    private func apply(to layer: ShapeLayer) {
        layer.strokeColor = color
        layer.lineWidth = width
        layer.lineJoin = .miter
        layer.miterLimit = 4
        layer.lineCap = .butt
    }
}
