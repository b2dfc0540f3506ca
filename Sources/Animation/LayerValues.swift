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
    /// The values, shared between copies until one of them changes a value: a layer's values
    /// are copied for every layer of every frame drawn (a frame of a designer's file walks
    /// hundreds), and most of them change nothing, or a few numbers.
    private var storage: Storage
    /// Which drawing the layer does; fixed when the layer is created.
    public var kind: LayerKind { storage.fields.kind }
    /// The name scripts and scene files find the layer by.
    public var name: String? { get { storage.fields.name } set { unique().fields.name = newValue } }

    // Geometry
    /// The layer's own coordinate space, in points; sublayers are shifted by −origin.
    public var bounds: Rect { get { storage.fields.bounds } set { unique().fields.bounds = newValue } }
    /// Where the anchor point sits in the superlayer's bounds coordinates, in points.
    public var position: Point { get { storage.fields.position } set { unique().fields.position = newValue } }
    /// Depth in the superlayer, in points; sublayers draw in increasing zPosition.
    public var zPosition: Double { get { storage.fields.zPosition } set { unique().fields.zPosition = newValue } }
    /// The point of the bounds that `position` places and `transform` acts about, in unit coordinates.
    public var anchorPoint: Point { get { storage.fields.anchorPoint } set { unique().fields.anchorPoint = newValue } }
    /// The anchor point's depth, in points.
    public var anchorPointZ: Double { get { storage.fields.anchorPointZ } set { unique().fields.anchorPointZ = newValue } }
    /// Applied about the anchor point, between the layer's bounds and its superlayer.
    public var transform: Transform3D { get { storage.fields.transform } set { unique().fields.transform = newValue } }
    /// Applied to the sublayers about this layer's anchor point (where perspective usually goes).
    public var sublayerTransform: Transform3D { get { storage.fields.sublayerTransform } set { unique().fields.sublayerTransform = newValue } }

    // Appearance
    /// 0…1; below 1, a layer with sublayers is composited as one group.
    public var opacity: Double { get { storage.fields.opacity } set { unique().fields.opacity = newValue } }
    /// Whether the layer and its sublayers draw nothing (`hidden`).
    public var isHidden: Bool { get { storage.fields.isHidden } set { unique().fields.isHidden = newValue } }
    /// Whether the layer is drawn when it faces away from the viewer.
    public var isDoubleSided: Bool { get { storage.fields.isDoubleSided } set { unique().fields.isDoubleSided = newValue } }
    /// Whether the layer's geometry is flipped vertically for its sublayers and mask
    /// (`geometryFlipped`): their y runs up from the bottom of the bounds. Its own drawing
    /// (background, contents, path, text, border) is not flipped.
    public var isGeometryFlipped: Bool { get { storage.fields.isGeometryFlipped } set { unique().fields.isGeometryFlipped = newValue } }
    /// Whether an opacity below 1 applies to the layer and its sublayers as one picture (iOS's
    /// default), or to each of them on its own, so that where they overlap the ones below show
    /// through (`allowsGroupOpacity = false`).
    public var allowsGroupOpacity: Bool { get { storage.fields.allowsGroupOpacity } set { unique().fields.allowsGroupOpacity = newValue } }
    /// Whether the edges of the layer's background, contents and border are smoothed
    /// (`allowsEdgeAntialiasing`). animvid's default is true; iOS's is false (jagged edges on a
    /// turned layer unless an app asks for them smooth).
    public var allowsEdgeAntialiasing: Bool { get { storage.fields.allowsEdgeAntialiasing } set { unique().fields.allowsEdgeAntialiasing = newValue } }
    /// Whether the layer and its sublayers are drawn as one bitmap of `rasterizationScale` pixels
    /// a point, scaled to the output (`shouldRasterize`): softer where that is below the
    /// output's scale.
    public var shouldRasterize: Bool { get { storage.fields.shouldRasterize } set { unique().fields.shouldRasterize = newValue } }
    /// The pixels a point of a rasterized layer's bitmap (`rasterizationScale`, 1 as on iOS).
    public var rasterizationScale: Double { get { storage.fields.rasterizationScale } set { unique().fields.rasterizationScale = newValue } }
    /// Fills the bounds, rounded by `cornerRadius`; nil draws no background.
    public var backgroundColor: Color? { get { storage.fields.backgroundColor } set { unique().fields.backgroundColor = newValue } }
    /// Rounds the background, border and `masksToBounds` clip, in points.
    public var cornerRadius: Double { get { storage.fields.cornerRadius } set { unique().fields.cornerRadius = newValue } }
    /// The corners cornerRadius rounds (`maskedCorners`); the others stay square.
    public var maskedCorners: RectCorners { get { storage.fields.maskedCorners } set { unique().fields.maskedCorners = newValue } }
    /// The shape of the rounded corners: quarter circles, or iOS's continuous curve.
    public var cornerCurve: CornerCurve { get { storage.fields.cornerCurve } set { unique().fields.cornerCurve = newValue } }
    /// Whether contents, shape or gradient and sublayers are clipped to the rounded bounds.
    public var masksToBounds: Bool { get { storage.fields.masksToBounds } set { unique().fields.masksToBounds = newValue } }
    /// How the `mask` layer's pixels become coverage (an animvid extension; Core Animation's is
    /// `.alpha`).
    public var maskMode: MaskMode { get { storage.fields.maskMode } set { unique().fields.maskMode = newValue } }
    /// Filters applied to what the layer and its sublayers draw, as one group (`filters`).
    public var filters: [LayerFilter] { get { storage.fields.filters } set { unique().fields.filters = newValue } }
    /// How the layer and its sublayers, drawn as one group, combine with what is under them
    /// (`compositingFilter`); normal is source-over.
    public var compositingFilter: BlendMode { get { storage.fields.compositingFilter } set { unique().fields.compositingFilter = newValue } }
    /// The border's width in points, drawn inside the bounds; 0 draws none.
    public var borderWidth: Double { get { storage.fields.borderWidth } set { unique().fields.borderWidth = newValue } }
    /// The border's colour; nil draws none.
    public var borderColor: Color? { get { storage.fields.borderColor } set { unique().fields.borderColor = newValue } }

    // Contents
    /// An image drawn into the bounds, placed by `contentsGravity`.
    public var contents: Image? { get { storage.fields.contents } set { unique().fields.contents = newValue } }
    /// A video drawn into the bounds as `contents` is, its picture at the layer's time (when
    /// `contents` is nil).
    public var video: VideoContents? { get { storage.fields.video } set { unique().fields.video = newValue } }
    /// How `contents` is placed in the bounds.
    public var contentsGravity: ContentsGravity { get { storage.fields.contentsGravity } set { unique().fields.contentsGravity = newValue } }
    /// The part of the image shown, in unit coordinates of the image.
    public var contentsRect: Rect { get { storage.fields.contentsRect } set { unique().fields.contentsRect = newValue } }
    /// The part of the shown image that stretches, in its unit coordinates (`contentsCenter`):
    /// outside it the image keeps its size, the edges stretching one way only (a nine-part image).
    public var contentsCenter: Rect { get { storage.fields.contentsCenter } set { unique().fields.contentsCenter = newValue } }
    /// How the image is sampled when drawn smaller than its pixels.
    public var minificationFilter: ImageFilter { get { storage.fields.minificationFilter } set { unique().fields.minificationFilter = newValue } }
    /// How the image is sampled when drawn larger than its pixels.
    public var magnificationFilter: ImageFilter { get { storage.fields.magnificationFilter } set { unique().fields.magnificationFilter = newValue } }
    /// Image pixels per point: an image placed at its own size (any gravity but resize) is
    /// its pixel size divided by this.
    public var contentsScale: Double { get { storage.fields.contentsScale } set { unique().fields.contentsScale = newValue } }

    // Shadow
    /// The shadow's colour; nil casts none.
    public var shadowColor: Color? { get { storage.fields.shadowColor } set { unique().fields.shadowColor = newValue } }
    /// The shadow's opacity, 0…1; the default 0 casts none.
    public var shadowOpacity: Double { get { storage.fields.shadowOpacity } set { unique().fields.shadowOpacity = newValue } }
    /// The shadow's displacement in points, y down: the default (0, −3) casts it upwards, as on iOS.
    public var shadowOffset: Size { get { storage.fields.shadowOffset } set { unique().fields.shadowOffset = newValue } }
    /// The shadow's blur radius in points.
    public var shadowRadius: Double { get { storage.fields.shadowRadius } set { unique().fields.shadowRadius = newValue } }
    /// The outline that casts the shadow, in the layer's coordinates; nil blurs what the layer draws.
    public var shadowPath: Path? { get { storage.fields.shadowPath } set { unique().fields.shadowPath = newValue } }
    /// Whether the shadow shows alone, the layer casting it (and its sublayers) left out: an
    /// animvid extension, After Effects' drop shadow with Shadow Only.
    public var shadowOnly: Bool { get { storage.fields.shadowOnly } set { unique().fields.shadowOnly = newValue } }
    /// Whether the layer holds its superlayer's own drawing (what UIKit's `draw(_:)` draws into
    /// a view's layer): drawn first, in the superlayer's own space, as its contents are — under
    /// every sublayer, without its sublayerTransform or flip, once (untinted) in a replicator.
    /// An animvid extension (`superlayerDrawing` in scene files), set by QuartzCoreCompat.
    public var isSuperlayerDrawing: Bool { get { storage.fields.isSuperlayerDrawing } set { unique().fields.isSuperlayerDrawing = newValue } }

    // Media timing of the layer's own time space
    /// Maps the superlayer's time to this layer's; only beginTime, speed and timeOffset count.
    public var timing: MediaTiming { get { storage.fields.timing } set { unique().fields.timing = newValue } }
    /// Whether the sublayers see `remappedTime` as this layer's time instead of its own (an
    /// animvid extension: After Effects' time remapping, as Lottie files use it).
    public var remapsTime: Bool { get { storage.fields.remapsTime } set { unique().fields.remapsTime = newValue } }
    /// The time the sublayers see, in seconds, when `remapsTime`; animated, it maps this layer's
    /// time to theirs by any curve (a freeze, a reversal, a loop).
    public var remappedTime: Double { get { storage.fields.remappedTime } set { unique().fields.remappedTime = newValue } }

    // Shape layers
    /// The shape drawn, in the layer's coordinates.
    public var path: Path? { get { storage.fields.path } set { unique().fields.path = newValue } }
    /// The fill's colour; nil fills nothing.
    public var fillColor: Color? { get { storage.fields.fillColor } set { unique().fields.fillColor = newValue } }
    /// Which parts of a self-crossing path are inside.
    public var fillRule: FillRule { get { storage.fields.fillRule } set { unique().fields.fillRule = newValue } }
    /// The stroke's colour; nil strokes nothing.
    public var strokeColor: Color? { get { storage.fields.strokeColor } set { unique().fields.strokeColor = newValue } }
    /// The stroke's width in points.
    public var lineWidth: Double { get { storage.fields.lineWidth } set { unique().fields.lineWidth = newValue } }
    /// How stroke ends are drawn, including ends cut by strokeStart and strokeEnd.
    public var lineCap: StrokeStyle.Cap { get { storage.fields.lineCap } set { unique().fields.lineCap = newValue } }
    /// How stroke corners are drawn.
    public var lineJoin: StrokeStyle.Join { get { storage.fields.lineJoin } set { unique().fields.lineJoin = newValue } }
    /// A miter longer than miterLimit × lineWidth is drawn as a bevel.
    public var miterLimit: Double { get { storage.fields.miterLimit } set { unique().fields.miterLimit = newValue } }
    /// Alternating dash and gap lengths; empty draws a solid line.
    public var lineDashPattern: [Double] { get { storage.fields.lineDashPattern } set { unique().fields.lineDashPattern = newValue } }
    /// How far into `lineDashPattern` the stroke starts, in points.
    public var lineDashPhase: Double { get { storage.fields.lineDashPhase } set { unique().fields.lineDashPhase = newValue } }
    /// The part of the path stroked, as fractions of its length.
    public var strokeStart: Double { get { storage.fields.strokeStart } set { unique().fields.strokeStart = newValue } }
    /// Where the stroked part ends, as a fraction of the path's length.
    public var strokeEnd: Double { get { storage.fields.strokeEnd } set { unique().fields.strokeEnd = newValue } }

    // Gradient layers
    /// The gradient's colours, from start to end (straight alpha).
    public var colors: [Color] { get { storage.fields.colors } set { unique().fields.colors = newValue } }
    /// Stop positions in 0…1, one per colour; empty spaces the colours evenly.
    public var locations: [Double] { get { storage.fields.locations } set { unique().fields.locations = newValue } }
    /// Where the ramp starts, in unit coordinates of the bounds; the centre of a radial or conic ramp.
    public var startPoint: Point { get { storage.fields.startPoint } set { unique().fields.startPoint = newValue } }
    /// Where the ramp ends, in unit coordinates of the bounds.
    public var endPoint: Point { get { storage.fields.endPoint } set { unique().fields.endPoint = newValue } }
    /// The ramp's shape (`CAGradientLayer.type`).
    public var gradientType: GradientType { get { storage.fields.gradientType } set { unique().fields.gradientType = newValue } }
    /// Radial ramps: where t = 0 lies, moved from the centre by this fraction of the radii along
    /// each axis (inside the ellipse: at most 0.99 of the way to it). An extension of animvid's,
    /// not Core Animation's: Lottie's highlight length and angle and SVG's focal point. (0, 0),
    /// the default, is Core Animation's radial ramp.
    public var gradientFocus: Point { get { storage.fields.gradientFocus } set { unique().fields.gradientFocus = newValue } }

    // Replicator layers
    /// How many times the sublayers are drawn, the original included.
    public var instanceCount: Int { get { storage.fields.instanceCount } set { unique().fields.instanceCount = newValue } }
    /// Applied once more for each further instance, about the replicator's anchor point.
    public var instanceTransform: Transform3D { get { storage.fields.instanceTransform } set { unique().fields.instanceTransform = newValue } }
    /// Seconds by which each instance's time lags the one before.
    public var instanceDelay: Double { get { storage.fields.instanceDelay } set { unique().fields.instanceDelay = newValue } }
    /// The tint multiplying instance 0's drawing; each later instance adds the offsets once more.
    public var instanceColor: Color { get { storage.fields.instanceColor } set { unique().fields.instanceColor = newValue } }
    /// Added to the tint's red for each instance after the first.
    public var instanceRedOffset: Double { get { storage.fields.instanceRedOffset } set { unique().fields.instanceRedOffset = newValue } }
    /// Added to the tint's green for each instance after the first.
    public var instanceGreenOffset: Double { get { storage.fields.instanceGreenOffset } set { unique().fields.instanceGreenOffset = newValue } }
    /// Added to the tint's blue for each instance after the first.
    public var instanceBlueOffset: Double { get { storage.fields.instanceBlueOffset } set { unique().fields.instanceBlueOffset = newValue } }
    /// Added to the tint's alpha for each instance after the first.
    public var instanceAlphaOffset: Double { get { storage.fields.instanceAlphaOffset } set { unique().fields.instanceAlphaOffset = newValue } }
    /// Whether a replicator keeps its sublayers, or an emitter its particles, in its superlayer's
    /// 3D space instead of flattening them into its plane (docs/core-animation.md §1, §5).
    public var preservesDepth: Bool { get { storage.fields.preservesDepth } set { unique().fields.preservesDepth = newValue } }

    // Text layers
    /// The text, plain or attributed (`string`).
    public var string: TextString { get { storage.fields.string } set { unique().fields.string = newValue } }
    /// A font name fontconfig knows ("Inter", "Inter Bold") or a font file's path.
    public var font: String { get { storage.fields.font } set { unique().fields.font = newValue } }
    /// Points an em.
    public var fontSize: Double { get { storage.fields.fontSize } set { unique().fields.fontSize = newValue } }
    /// The colour of text whose run sets none; nil draws it clear.
    public var foregroundColor: Color? { get { storage.fields.foregroundColor } set { unique().fields.foregroundColor = newValue } }
    /// Where lines sit between the sides of the bounds.
    public var alignmentMode: TextAlignment { get { storage.fields.alignmentMode } set { unique().fields.alignmentMode = newValue } }
    /// Where the lines sit between the top and the bottom of the bounds.
    public var verticalAlignment: TextVerticalAlignment {
        get { storage.fields.verticalAlignment } set { unique().fields.verticalAlignment = newValue }
    }
    /// Whether lines wrap at the bounds' width (`isWrapped`).
    public var isWrapped: Bool { get { storage.fields.isWrapped } set { unique().fields.isWrapped = newValue } }
    /// What an unwrapped line too long for the bounds loses to "…".
    public var truncationMode: TruncationMode { get { storage.fields.truncationMode } set { unique().fields.truncationMode = newValue } }
    /// What text too large for the bounds does: drawn as it is (`none`, Core Animation's), set
    /// smaller (`shrink`) or cut to the lines that fit (`truncate`).
    public var textFit: TextFit { get { storage.fields.textFit } set { unique().fields.textFit = newValue } }
    /// The smallest factor `shrink` may scale the text by (UILabel's `minimumScaleFactor`).
    public var minimumScaleFactor: Double { get { storage.fields.minimumScaleFactor } set { unique().fields.minimumScaleFactor = newValue } }
    /// The most lines the text is set on, the last ending in "…" when text is left; 0: any
    /// (UILabel's `numberOfLines`).
    public var numberOfLines: Int { get { storage.fields.numberOfLines } set { unique().fields.numberOfLines = newValue } }
    /// The distance between baselines, as a multiple of the fonts' own line height.
    public var lineHeightMultiple: Double { get { storage.fields.lineHeightMultiple } set { unique().fields.lineHeightMultiple = newValue } }
    /// Whether the layer's opacity, transform and foregroundColor animations run per glyph,
    /// word or line (`StaggerUnit`).
    public var staggerUnit: StaggerUnit { get { storage.fields.staggerUnit } set { unique().fields.staggerUnit = newValue } }
    /// Seconds between one unit's animations and the next's.
    public var staggerDelay: Double { get { storage.fields.staggerDelay } set { unique().fields.staggerDelay = newValue } }

    // Emitter layers
    /// The centre of the emitter's shape, in the layer's coordinates.
    public var emitterPosition: Point { get { storage.fields.emitterPosition } set { unique().fields.emitterPosition = newValue } }
    /// The shape's size: a line's length, a rectangle's sides, a circle's diameter (width).
    public var emitterSize: Size { get { storage.fields.emitterSize } set { unique().fields.emitterSize = newValue } }
    /// The z of the shape's centre (towards the viewer).
    public var emitterZPosition: Double { get { storage.fields.emitterZPosition } set { unique().fields.emitterZPosition = newValue } }
    /// The shape's depth: a cuboid's third side.
    public var emitterDepth: Double { get { storage.fields.emitterDepth } set { unique().fields.emitterDepth = newValue } }
    public var emitterShape: EmitterShape { get { storage.fields.emitterShape } set { unique().fields.emitterShape = newValue } }
    public var emitterMode: EmitterMode { get { storage.fields.emitterMode } set { unique().fields.emitterMode = newValue } }
    public var renderMode: EmitterRenderMode { get { storage.fields.renderMode } set { unique().fields.renderMode = newValue } }
    /// Multiplies every cell's birthRate (0 stops new particles; those out live on).
    public var birthRate: Double { get { storage.fields.birthRate } set { unique().fields.birthRate = newValue } }
    /// Multiplies every cell's lifetime.
    public var lifetime: Double { get { storage.fields.lifetime } set { unique().fields.lifetime = newValue } }
    /// Multiplies every cell's velocity.
    public var velocity: Double { get { storage.fields.velocity } set { unique().fields.velocity = newValue } }
    /// Multiplies every cell's scale.
    public var scale: Double { get { storage.fields.scale } set { unique().fields.scale = newValue } }
    /// Multiplies every cell's spin.
    public var spin: Double { get { storage.fields.spin } set { unique().fields.spin = newValue } }
    /// Picks the random stream particles vary by (the same seed gives the same particles).
    public var seed: Int { get { storage.fields.seed } set { unique().fields.seed = newValue } }
    /// The kinds of particle the layer emits.
    public var emitterCells: [EmitterCell] { get { storage.fields.emitterCells } set { unique().fields.emitterCells = newValue } }


    /// The stored values, shared by copies of `LayerValues` until one changes.
    private final class Storage: @unchecked Sendable {
        // Mutated only through `unique()`, when this is its only reference.
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    /// Every stored value, with Core Animation's defaults.
    private struct Fields: Hashable {
        let kind: LayerKind
        var name: String?
        var bounds: Rect = .zero
        var position: Point = .zero
        var zPosition: Double = 0
        var anchorPoint: Point = Point(0.5, 0.5)
        var anchorPointZ: Double = 0
        var transform: Transform3D = .identity
        var sublayerTransform: Transform3D = .identity
        var opacity: Double = 1
        var isHidden: Bool = false
        var isDoubleSided: Bool = true
        var isGeometryFlipped: Bool = false
        var allowsGroupOpacity: Bool = true
        var allowsEdgeAntialiasing: Bool = true
        var shouldRasterize: Bool = false
        var rasterizationScale: Double = 1
        var backgroundColor: Color?
        var cornerRadius: Double = 0
        var maskedCorners: RectCorners = .all
        var cornerCurve: CornerCurve = .circular
        var masksToBounds: Bool = false
        var maskMode: MaskMode = .alpha
        var filters: [LayerFilter] = []
        var compositingFilter: BlendMode = .normal
        var borderWidth: Double = 0
        var borderColor: Color? = .black
        var contents: Image?
        var video: VideoContents?
        var contentsGravity: ContentsGravity = .resize
        var contentsRect: Rect = Rect(x: 0, y: 0, width: 1, height: 1)
        var contentsCenter: Rect = Rect(x: 0, y: 0, width: 1, height: 1)
        var minificationFilter: ImageFilter = .linear
        var magnificationFilter: ImageFilter = .linear
        var contentsScale: Double = 1
        var shadowColor: Color? = .black
        var shadowOpacity: Double = 0
        var shadowOffset: Size = Size(0, -3)
        var shadowRadius: Double = 3
        var shadowPath: Path?
        var shadowOnly: Bool = false
        var isSuperlayerDrawing: Bool = false
        var timing: MediaTiming = MediaTiming()
        var remapsTime: Bool = false
        var remappedTime: Double = 0
        var path: Path?
        var fillColor: Color? = .black
        var fillRule: FillRule = .nonZero
        var strokeColor: Color?
        var lineWidth: Double = 1
        var lineCap: StrokeStyle.Cap = .butt
        var lineJoin: StrokeStyle.Join = .miter
        var miterLimit: Double = 10
        var lineDashPattern: [Double] = []
        var lineDashPhase: Double = 0
        var strokeStart: Double = 0
        var strokeEnd: Double = 1
        var colors: [Color] = []
        var locations: [Double] = []
        var startPoint: Point = Point(0.5, 0)
        var endPoint: Point = Point(0.5, 1)
        var gradientType: GradientType = .axial
        var gradientFocus: Point = Point.zero
        var instanceCount: Int = 1
        var instanceTransform: Transform3D = .identity
        var instanceDelay: Double = 0
        var instanceColor: Color = .white
        var instanceRedOffset: Double = 0
        var instanceGreenOffset: Double = 0
        var instanceBlueOffset: Double = 0
        var instanceAlphaOffset: Double = 0
        var preservesDepth: Bool = false
        var string: TextString = ""
        var font: String = FontLookup.defaultFont
        var fontSize: Double = 36
        var foregroundColor: Color? = .white
        var alignmentMode: TextAlignment = .natural
        var isWrapped: Bool = false
        var truncationMode: TruncationMode = .none
        var verticalAlignment: TextVerticalAlignment = .top
        var textFit: TextFit = .none
        var minimumScaleFactor: Double = 0.5
        var numberOfLines: Int = 0
        var lineHeightMultiple: Double = 1
        var staggerUnit: StaggerUnit = .none
        var staggerDelay: Double = 0
        var emitterPosition: Point = .zero
        var emitterSize: Size = .zero
        var emitterZPosition: Double = 0
        var emitterDepth: Double = 0
        var emitterShape: EmitterShape = .point
        var emitterMode: EmitterMode = .volume
        var renderMode: EmitterRenderMode = .unordered
        var birthRate: Double = 1
        var lifetime: Double = 1
        var velocity: Double = 1
        var scale: Double = 1
        var spin: Double = 1
        var seed: Int = 0
        var emitterCells: [EmitterCell] = []
    }

    /// The storage, copied first when another `LayerValues` shares it.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        return storage
    }

    public static func == (a: LayerValues, b: LayerValues) -> Bool {
        a.storage === b.storage || a.storage.fields == b.storage.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.fields)
    }

    /// A layer of `kind` with Core Animation's defaults.
    public init(kind: LayerKind = .plain) {
        storage = Storage(Fields(kind: kind))
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

extension LayerValues: CustomReflectable {
    /// The stored values, reflected as if each were a stored property of its own.
    public var customMirror: Mirror { Mirror(reflecting: storage.fields) }
}
