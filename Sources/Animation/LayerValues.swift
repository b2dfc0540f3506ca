import Geometry

/// Which drawing a layer does besides its background.
public enum LayerKind: String, Hashable, Sendable, CaseIterable {
    case plain = "layer"
    case shape
    case replicator
    case gradient
}

/// Every model value of a layer: what the script snapshots and animations modify. Each stored
/// property here is a `CALayer` property of the same name (described for key paths and scene
/// files in `LayerProperty.all`) and is read and set on a `Layer` as `layer.opacity`.
public struct LayerValues: Hashable, Sendable {
    public let kind: LayerKind
    public var name: String?

    // Geometry
    public var bounds: Rect = .zero
    public var position: Point = .zero
    public var zPosition: Double = 0
    public var anchorPoint = Point(0.5, 0.5)
    public var anchorPointZ: Double = 0
    public var transform: Transform3D = .identity
    public var sublayerTransform: Transform3D = .identity

    // Appearance
    public var opacity: Double = 1
    public var isHidden = false
    public var backgroundColor: Color?
    public var cornerRadius: Double = 0
    public var masksToBounds = false
    public var borderWidth: Double = 0
    public var borderColor: Color? = .black

    // Contents
    public var contents: Image?
    public var contentsGravity: ContentsGravity = .resize
    /// The part of the image shown, in unit coordinates of the image.
    public var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)

    // Shadow
    public var shadowColor: Color? = .black
    public var shadowOpacity: Double = 0
    public var shadowOffset = Size(0, -3)
    public var shadowRadius: Double = 3
    public var shadowPath: Path?

    // Media timing of the layer's own time space
    public var timing = MediaTiming()

    // Shape layers
    public var path: Path?
    public var fillColor: Color? = .black
    public var fillRule: FillRule = .nonZero
    public var strokeColor: Color?
    public var lineWidth: Double = 1
    public var lineCap: StrokeStyle.Cap = .butt
    public var lineJoin: StrokeStyle.Join = .miter
    /// A miter longer than miterLimit × lineWidth is drawn as a bevel.
    public var miterLimit: Double = 10
    /// Alternating dash and gap lengths; empty draws a solid line.
    public var lineDashPattern: [Double] = []
    public var lineDashPhase: Double = 0
    /// The part of the path stroked, as fractions of its length.
    public var strokeStart: Double = 0
    public var strokeEnd: Double = 1

    // Gradient layers
    public var colors: [Color] = []
    /// Stop positions in 0…1, one per colour; empty spaces the colours evenly.
    public var locations: [Double] = []
    public var startPoint = Point(0.5, 0)
    public var endPoint = Point(0.5, 1)
    public var gradientType: GradientType = .axial

    // Replicator layers
    public var instanceCount = 1
    public var instanceTransform: Transform3D = .identity
    public var instanceDelay: Double = 0
    public var instanceColor: Color = .white
    public var instanceRedOffset: Double = 0
    public var instanceGreenOffset: Double = 0
    public var instanceBlueOffset: Double = 0
    public var instanceAlphaOffset: Double = 0
    public var preservesDepth = false

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
