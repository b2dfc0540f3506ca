import Animation
import Documents
import Geometry

/// A text document's stroke (`sc`, `sw`, `of`): its colour and width, over the fill (`of` true
/// or missing; lottie-web always draws it so) or under it (`of` false, as After Effects does),
/// with mitred joins (limit 4) and butt caps, as SVG strokes text.
struct TextStroke {
    var color: Color
    var width: Double
    var overFill: Bool

    /// The stroke of `document` (at `path`), nil when it has none. Without stroke animators: `sc`
    /// and `sw` above 0. With them (`animated`: some set a width, some only a colour), as
    /// lottie-web strokes each letter then: from `sc` or black, and `sw`, or 0 where a width is
    /// animated, or SVG's default 1 where only the colour is and the document has no `sc`.
    init?(document: JSONValue, path: String, reader: LottieReader, animated: (width: Bool, color: Bool)) throws(DocumentError) {
        let colorValue = LottieReader.member(document, "sc")
        let given = try reader.number(LottieReader.member(document, "sw"), path + ".sw", default: 0)
        guard given.isFinite, given >= 0, given <= 10_000 else { throw reader.fail(path + ".sw", LottieReader.member(document, "sw"), "a stroke width of 0…10000") }
        let width = !animated.width && colorValue == nil && animated.color ? 1 : given
        guard width > 0 || animated.width, colorValue != nil || animated.width || animated.color else { return nil }
        self.color = try colorValue.map { v throws(DocumentError) in LottieReader.color(try reader.numbers(v, path + ".sc")) } ?? .black
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
