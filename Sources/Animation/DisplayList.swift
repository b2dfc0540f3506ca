import Geometry

/// One drawing operation, in canvas points. Groups, clips, masks and hard edges nest: every
/// `beginGroup` has its `endGroup`, every `beginClip` its `endClip`, every `beginHardEdges` its
/// `endHardEdges`, and a `beginMask`…`endMask` pair sits inside the group it masks, after the
/// group's content.
public enum DisplayItem: Hashable, Sendable {
    /// Fills `path` (in the coordinates `transform` maps to the canvas) with a colour.
    case fill(Path, transform: Transform3D, color: Color, rule: FillRule)
    /// Fills a glyph's outline (in the coordinates `transform` maps to the canvas) with a colour;
    /// the glyph's identity lets the renderer reuse its coverage while the transform holds.
    case glyph(Glyph, transform: Transform3D, color: Color)
    /// Fills `path` with a gradient whose points are in the path's coordinates.
    case fillGradient(Path, transform: Transform3D, gradient: Gradient, opacity: Double)
    /// Strokes `path`: its outline drawn with a line style.
    case stroke(Path, transform: Transform3D, color: Color, style: StrokeStyle)
    /// Draws the `source` part (unit coordinates) of an image into `destination`, sampled with `sampling`.
    case image(Image, transform: Transform3D, destination: Rect, source: Rect, opacity: Double, tint: Color, sampling: ImageSampling)
    /// A particle: the `source` part of an image drawn into the rectangle (0, 0)…`size`, which
    /// `transform` places; its edges are smoothed by a cheaper estimate than a path's. An
    /// additive one adds its light to what is there instead of covering it.
    case sprite(Image, transform: Transform3D, size: Size, source: Rect, opacity: Double, tint: Color, additive: Bool)
    /// A shadow cast by `path` (a layer's shadowPath): its blurred, offset silhouette.
    case shadow(Path, transform: Transform3D, shadow: Shadow)
    /// Starts drawing into a transparent group; the matching `endGroup` transforms its colours
    /// by `colorFilters` in order, blurs it by `blur` (a standard deviation in canvas points, 0
    /// for none), draws its shadow (if any) and then the group at `opacity` with `blend`. A
    /// group with a `rasterizationScale` is a bitmap of that many pixels a canvas point scaled to
    /// the output: softer where that is below the output's scale (`shouldRasterize`, a text
    /// layer's `contentsScale`, through the layer's transform).
    case beginGroup(opacity: Double, shadow: Shadow?, blend: BlendMode, blur: Double, colorFilters: [ColorFilter] = [],
                    rasterizationScale: Double? = nil)
    case endGroup
    /// Restricts the following draws to the inside of `path` until the matching `endClip`.
    case beginClip(Path, transform: Transform3D)
    case endClip
    /// The draws up to `endMask` make a mask whose coverage (its alpha, or as the mode says)
    /// multiplies the enclosing group.
    case beginMask(MaskMode)
    case endMask
    /// Fills and images up to the matching `endHardEdges` are drawn without smoothing their
    /// edges: a pixel is covered or not, by whether at least half of it is inside (a layer whose
    /// `allowsEdgeAntialiasing` is false).
    case beginHardEdges
    case endHardEdges
}

/// A colour ramp (`CAGradientLayer`): stops in 0…1 between a start and an end point.
public struct Gradient: Hashable, Sendable {
    /// The ramp's shape: axial, radial or conic.
    public var type: GradientType
    /// The stop colours, straight alpha.
    public var colors: [Color]
    /// Stop positions in 0…1, one per colour; otherwise the colours are spaced evenly.
    public var locations: [Double]
    /// Where the ramp starts (t = 0), in the path's coordinates; the centre of a radial or conic ramp.
    public var start: Point
    /// Where the ramp ends (t = 1), in the path's coordinates; for a conic ramp, the angle-0 direction.
    public var end: Point
    /// A radial ramp's focal point (t = 0), from the centre as a fraction of the radii (`gradientFocus`).
    public var focus = Point.zero

    /// The colour at ramp position `t`, clamped to the end stops.
    public func color(at t: Double) -> Color {
        guard let first = colors.first else { return .clear }
        let stops = locations.count == colors.count ? locations
            : colors.indices.map { colors.count > 1 ? Double($0) / Double(colors.count - 1) : 0 }
        if t <= stops[0] { return first }
        for i in 1..<colors.count where t <= stops[i] {
            let span = stops[i] - stops[i - 1]
            // Straight (unpremultiplied) components, as Core Graphics mixes gradient stops: white
            // to clear passes through half-transparent grey.
            let (c0, c1, f) = (colors[i - 1], colors[i], span > 0 ? (t - stops[i - 1]) / span : 1)
            func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * f }
            return Color(red: mix(c0.red, c1.red), green: mix(c0.green, c1.green), blue: mix(c0.blue, c1.blue), alpha: mix(c0.alpha, c1.alpha))
        }
        return colors[colors.count - 1]
    }
}

/// A drop shadow: colour (with the shadow's opacity in its alpha), offset and blur radius, in canvas points.
public struct Shadow: Hashable, Sendable {
    /// The shadow's colour, its opacity folded into the alpha.
    public var color: Color
    /// The displacement in canvas points, y down (the layer's shadowOffset through its transform).
    public var offset: Size
    /// The blur radius in canvas points (the layer's shadowRadius scaled by its transform).
    public var radius: Double
    /// Whether the shadow shows alone: the group casting it is not drawn (`shadowOnly`).
    public var castsAlone = false
}

/// What one frame draws, back to front: a flat list the rasterizer replays.
public struct DisplayList: Hashable, Sendable {
    /// The drawing operations, back to front.
    public var items: [DisplayItem] = []
    /// The canvas size in points.
    public var canvasSize: Size

    /// A display list for a canvas of `canvasSize` points.
    public init(canvasSize: Size, items: [DisplayItem] = []) {
        self.canvasSize = canvasSize
        self.items = items
    }
}
