import Geometry
import Text

/// Which drawing a layer does besides its background.
public enum LayerKind: String, Hashable, Sendable, CaseIterable {
    case plain = "layer"
    case shape
    case replicator
    case gradient
    /// Holds its sublayers in a shared 3D space, drawing nothing itself (`CATransformLayer`).
    case transform
    /// Sends out particles (`CAEmitterLayer`).
    case emitter
    /// Draws text (`CATextLayer`).
    case text
    /// Shows another scene, a shot, in its bounds (animvid's).
    case scene
}

/// Every model value of a layer: what the script snapshots and animations modify. Each stored
/// property here is a `CALayer` property of the same name (described for key paths and scene
/// files in `LayerProperty.all`) and is read and set on a `Layer` as `layer.opacity`.
public struct LayerValues: Hashable, Sendable {
    /// Which drawing the layer does; fixed when the layer is created.
    public let kind: LayerKind
    /// The name scripts and scene files find the layer by.
    public var name: String?

    // Geometry
    /// The layer's own coordinate space, in points; sublayers are shifted by −origin.
    public var bounds: Rect = .zero
    /// Where the anchor point sits in the superlayer's bounds coordinates, in points.
    public var position: Point = .zero
    /// Depth in the superlayer, in points; sublayers draw in increasing zPosition.
    public var zPosition: Double = 0
    /// The point of the bounds that `position` places and `transform` acts about, in unit coordinates.
    public var anchorPoint = Point(0.5, 0.5)
    /// The anchor point's depth, in points.
    public var anchorPointZ: Double = 0
    /// Applied about the anchor point, between the layer's bounds and its superlayer.
    public var transform: Transform3D = .identity
    /// Applied to the sublayers about this layer's anchor point (where perspective usually goes).
    public var sublayerTransform: Transform3D = .identity

    // Appearance
    /// 0…1; below 1, a layer with sublayers is composited as one group.
    public var opacity: Double = 1
    /// Whether the layer and its sublayers draw nothing (`hidden`).
    public var isHidden = false
    /// Whether the layer is drawn when it faces away from the viewer.
    public var isDoubleSided = true
    /// Fills the bounds, rounded by `cornerRadius`; nil draws no background.
    public var backgroundColor: Color?
    /// Rounds the background, border and `masksToBounds` clip, in points.
    public var cornerRadius: Double = 0
    /// The corners cornerRadius rounds (`maskedCorners`); the others stay square.
    public var maskedCorners: RectCorners = .all
    /// The shape of the rounded corners: quarter circles, or iOS's continuous curve.
    public var cornerCurve: CornerCurve = .circular
    /// Whether contents, shape or gradient and sublayers are clipped to the rounded bounds.
    public var masksToBounds = false
    /// How the `mask` layer's pixels become coverage (an animvid extension; Core Animation's is
    /// `.alpha`).
    public var maskMode: MaskMode = .alpha
    /// Filters applied to what the layer and its sublayers draw, as one group (`filters`).
    public var filters: [LayerFilter] = []
    /// How the layer and its sublayers, drawn as one group, combine with what is under them
    /// (`compositingFilter`); normal is source-over.
    public var compositingFilter: BlendMode = .normal
    /// The border's width in points, drawn inside the bounds; 0 draws none.
    public var borderWidth: Double = 0
    /// The border's colour; nil draws none.
    public var borderColor: Color? = .black

    // Contents
    /// An image drawn into the bounds, placed by `contentsGravity`.
    public var contents: Image?
    /// How `contents` is placed in the bounds.
    public var contentsGravity: ContentsGravity = .resize
    /// The part of the image shown, in unit coordinates of the image.
    public var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
    /// The part of the shown image that stretches, in its unit coordinates (`contentsCenter`):
    /// outside it the image keeps its size, the edges stretching one way only (a nine-part image).
    public var contentsCenter = Rect(x: 0, y: 0, width: 1, height: 1)
    /// How the image is sampled when drawn smaller than its pixels.
    public var minificationFilter: ImageFilter = .linear
    /// How the image is sampled when drawn larger than its pixels.
    public var magnificationFilter: ImageFilter = .linear
    /// Image pixels per point: an image placed at its own size (any gravity but resize) is
    /// its pixel size divided by this.
    public var contentsScale: Double = 1

    // Shadow
    /// The shadow's colour; nil casts none.
    public var shadowColor: Color? = .black
    /// The shadow's opacity, 0…1; the default 0 casts none.
    public var shadowOpacity: Double = 0
    /// The shadow's displacement in points, y down: the default (0, −3) casts it upwards, as on iOS.
    public var shadowOffset = Size(0, -3)
    /// The shadow's blur radius in points.
    public var shadowRadius: Double = 3
    /// The outline that casts the shadow, in the layer's coordinates; nil blurs what the layer draws.
    public var shadowPath: Path?
    /// Whether the shadow shows alone, the layer casting it (and its sublayers) left out: an
    /// animvid extension, After Effects' drop shadow with Shadow Only.
    public var shadowOnly = false

    // Media timing of the layer's own time space
    /// Maps the superlayer's time to this layer's; only beginTime, speed and timeOffset count.
    public var timing = MediaTiming()
    /// Whether the sublayers see `remappedTime` as this layer's time instead of its own (an
    /// animvid extension: After Effects' time remapping, as Lottie files use it).
    public var remapsTime = false
    /// The time the sublayers see, in seconds, when `remapsTime`; animated, it maps this layer's
    /// time to theirs by any curve (a freeze, a reversal, a loop).
    public var remappedTime: Double = 0

    // Shape layers
    /// The shape drawn, in the layer's coordinates.
    public var path: Path?
    /// The fill's colour; nil fills nothing.
    public var fillColor: Color? = .black
    /// Which parts of a self-crossing path are inside.
    public var fillRule: FillRule = .nonZero
    /// The stroke's colour; nil strokes nothing.
    public var strokeColor: Color?
    /// The stroke's width in points.
    public var lineWidth: Double = 1
    /// How stroke ends are drawn, including ends cut by strokeStart and strokeEnd.
    public var lineCap: StrokeStyle.Cap = .butt
    /// How stroke corners are drawn.
    public var lineJoin: StrokeStyle.Join = .miter
    /// A miter longer than miterLimit × lineWidth is drawn as a bevel.
    public var miterLimit: Double = 10
    /// Alternating dash and gap lengths; empty draws a solid line.
    public var lineDashPattern: [Double] = []
    /// How far into `lineDashPattern` the stroke starts, in points.
    public var lineDashPhase: Double = 0
    /// The part of the path stroked, as fractions of its length.
    public var strokeStart: Double = 0
    /// Where the stroked part ends, as a fraction of the path's length.
    public var strokeEnd: Double = 1

    // Gradient layers
    /// The gradient's colours, from start to end (straight alpha).
    public var colors: [Color] = []
    /// Stop positions in 0…1, one per colour; empty spaces the colours evenly.
    public var locations: [Double] = []
    /// Where the ramp starts, in unit coordinates of the bounds; the centre of a radial or conic ramp.
    public var startPoint = Point(0.5, 0)
    /// Where the ramp ends, in unit coordinates of the bounds.
    public var endPoint = Point(0.5, 1)
    /// The ramp's shape (`CAGradientLayer.type`).
    public var gradientType: GradientType = .axial
    /// Radial ramps: where t = 0 lies, moved from the centre by this fraction of the radii along
    /// each axis (inside the ellipse: at most 0.99 of the way to it). An extension of animvid's,
    /// not Core Animation's: Lottie's highlight length and angle and SVG's focal point. (0, 0),
    /// the default, is Core Animation's radial ramp.
    public var gradientFocus = Point.zero

    // Replicator layers
    /// How many times the sublayers are drawn, the original included.
    public var instanceCount = 1
    /// Applied once more for each further instance, about the replicator's anchor point.
    public var instanceTransform: Transform3D = .identity
    /// Seconds by which each instance's time lags the one before.
    public var instanceDelay: Double = 0
    /// The tint multiplying instance 0's drawing; each later instance adds the offsets once more.
    public var instanceColor: Color = .white
    /// Added to the tint's red for each instance after the first.
    public var instanceRedOffset: Double = 0
    /// Added to the tint's green for each instance after the first.
    public var instanceGreenOffset: Double = 0
    /// Added to the tint's blue for each instance after the first.
    public var instanceBlueOffset: Double = 0
    /// Added to the tint's alpha for each instance after the first.
    public var instanceAlphaOffset: Double = 0
    /// Whether a replicator keeps its sublayers, or an emitter its particles, in its superlayer's
    /// 3D space instead of flattening them into its plane (docs/core-animation.md §1, §5).
    public var preservesDepth = false

    // Text layers
    /// The text, plain or attributed (`string`).
    public var string: TextString = ""
    /// A font name fontconfig knows ("Inter", "Inter Bold") or a font file's path.
    public var font: String = FontLookup.defaultFont
    /// Points an em.
    public var fontSize: Double = 36
    /// The colour of text whose run sets none; nil draws it clear.
    public var foregroundColor: Color? = .white
    /// Where lines sit between the sides of the bounds.
    public var alignmentMode: TextAlignment = .natural
    /// Whether lines wrap at the bounds' width (`isWrapped`).
    public var isWrapped = false
    /// What an unwrapped line too long for the bounds loses to "…".
    public var truncationMode: TruncationMode = .none
    /// The distance between baselines, as a multiple of the fonts' own line height.
    public var lineHeightMultiple: Double = 1
    /// Whether the layer's opacity, transform and foregroundColor animations run per glyph,
    /// word or line (`StaggerUnit`).
    public var staggerUnit: StaggerUnit = .none
    /// Seconds between one unit's animations and the next's.
    public var staggerDelay: Double = 0

    // Emitter layers
    /// The centre of the emitter's shape, in the layer's coordinates.
    public var emitterPosition: Point = .zero
    /// The shape's size: a line's length, a rectangle's sides, a circle's diameter (width).
    public var emitterSize: Size = .zero
    /// The z of the shape's centre (towards the viewer).
    public var emitterZPosition: Double = 0
    /// The shape's depth: a cuboid's third side.
    public var emitterDepth: Double = 0
    public var emitterShape: EmitterShape = .point
    public var emitterMode: EmitterMode = .volume
    public var renderMode: EmitterRenderMode = .unordered
    /// Multiplies every cell's birthRate (0 stops new particles; those out live on).
    public var birthRate: Double = 1
    /// Multiplies every cell's lifetime.
    public var lifetime: Double = 1
    /// Multiplies every cell's velocity.
    public var velocity: Double = 1
    /// Multiplies every cell's scale.
    public var scale: Double = 1
    /// Multiplies every cell's spin.
    public var spin: Double = 1
    /// Picks the random stream particles vary by (the same seed gives the same particles).
    public var seed = 0
    /// The kinds of particle the layer emits.
    public var emitterCells: [EmitterCell] = []

    /// A layer of `kind` with Core Animation's defaults.
    public init(kind: LayerKind = .plain) {
        self.kind = kind
    }

    /// The shape layer's line properties as the rasterizer takes them.
    public var stroke: StrokeStyle {
        var style = StrokeStyle(lineWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit)
        style.dashPattern = lineDashPattern
        style.dashPhase = lineDashPhase
        style.start = strokeStart
        style.end = strokeEnd
        return style
    }

    /// The layer → superlayer matrix (docs/core-animation.md §1), without the superlayer's sublayerTransform.
    public var matrixToSuperlayer: Transform3D {
        let anchor = anchorInBounds
        return Transform3D(translationX: -anchor.x, y: -anchor.y, z: -anchorPointZ)
            .concatenating(transform)
            .concatenating(Transform3D(translationX: position.x, y: position.y, z: zPosition))
    }

    /// Instance k's colour multiplier: instanceColor plus k times the offsets, each channel
    /// clamped to 0…1 (docs/core-animation.md §6).
    public func instanceTint(_ k: Int) -> Color {
        func channel(_ base: Double, _ offset: Double) -> Double { min(max(base + Double(k) * offset, 0), 1) }
        return Color(red: channel(instanceColor.red, instanceRedOffset), green: channel(instanceColor.green, instanceGreenOffset),
                     blue: channel(instanceColor.blue, instanceBlueOffset), alpha: channel(instanceColor.alpha, instanceAlphaOffset))
    }

    /// The anchor point in the layer's own bounds coordinates.
    public var anchorInBounds: Point {
        Point(bounds.origin.x + anchorPoint.x * bounds.size.width, bounds.origin.y + anchorPoint.y * bounds.size.height)
    }

    /// The layer's frame in its superlayer: the bounding box of its transformed bounds.
    public var frame: Rect {
        get {
            let size = bounds.size
            let origin = Point(position.x - anchorPoint.x * size.width, position.y - anchorPoint.y * size.height)
            guard !transform.isIdentity else { return Rect(origin: origin, size: size) }
            let m = matrixToSuperlayer
            let corners = [Point(bounds.minX, bounds.minY), Point(bounds.maxX, bounds.minY),
                           Point(bounds.maxX, bounds.maxY), Point(bounds.minX, bounds.maxY)].map { m.apply(to: $0) }
            let xs = corners.map(\.x), ys = corners.map(\.y)
            let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
            return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
        }
        set {
            bounds.size = newValue.size
            position = Point(newValue.origin.x + anchorPoint.x * newValue.size.width,
                             newValue.origin.y + anchorPoint.y * newValue.size.height)
        }
    }
}
