import Animation
import Geometry

/// A text document's stroke (`sc`, `sw`, `of`): its colour and width, over the fill (`of` true
/// or missing; lottie-web always draws it so) or under it (`of` false, as After Effects does),
/// with mitred joins (limit 4) and butt caps, as SVG strokes text.
struct TextStroke {
    var color: Color
    var width: Double
    var overFill: Bool

    /// The stroke of `document`, nil when it has none. Without stroke animators: `sc` and `sw`
    /// above 0. With them (`animated`: some set a width, some only a colour), as lottie-web
    /// strokes each letter then: from `sc` or black, and `sw`, or 0 where a width is animated, or
    /// SVG's default 1 where only the colour is and the document has no `sc`.
    init?(document: LottieTextDocument, animated: (width: Bool, color: Bool)) {
        let width = !animated.width && document.strokeColor == nil && animated.color ? 1 : document.strokeWidth
        guard width > 0 || animated.width, document.strokeColor != nil || animated.width || animated.color else { return nil }
        self.color = document.strokeColor ?? .black
        self.width = width
        overFill = document.strokeOverFill
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
