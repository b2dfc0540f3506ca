import Geometry

/// A layer as `CALayer`: a node of the layer tree with model values and attached animations.
///
/// Layers are authored like Core Animation's: set properties, add sublayers, add animations.
/// Changes made while the scene is built take effect at time 0; changes made in a script
/// callback take effect at that callback's time (see `Script`).
public class Layer {
    /// The model values; the typed properties below read and write these.
    public var values: LayerValues
    public private(set) var sublayers: [Layer] = []
    public private(set) weak var superlayer: Layer?

    /// Animation additions and removals not yet collected by the timeline resolver.
    var pendingAnimationChanges: [AnimationChange] = []

    public init() {
        values = LayerValues(kind: .plain)
    }

    init(kind: LayerKind) {
        values = LayerValues(kind: kind)
    }

    public func addSublayer(_ layer: Layer) {
        layer.removeFromSuperlayer()
        sublayers.append(layer)
        layer.superlayer = self
    }

    public func insertSublayer(_ layer: Layer, at index: Int) {
        layer.removeFromSuperlayer()
        sublayers.insert(layer, at: min(max(index, 0), sublayers.count))
        layer.superlayer = self
    }

    public func removeFromSuperlayer() {
        superlayer?.sublayers.removeAll { $0 === self }
        superlayer = nil
    }

    /// Attaches a copy of `animation` (as `addAnimation:forKey:`); an animation already under
    /// `key` is replaced and told it stopped unfinished.
    public func add(_ animation: Animation, forKey key: String? = nil) {
        pendingAnimationChanges.append(.add(animation.copy(), key: key))
    }

    public func removeAnimation(forKey key: String) {
        pendingAnimationChanges.append(.remove(key: key))
    }

    public func removeAllAnimations() {
        pendingAnimationChanges.append(.removeAll)
    }

    /// The animations added since the timeline last collected them, with their keys, in order
    /// (removals left out): after a scene is built, the animations it starts with.
    public var addedAnimations: [(animation: Animation, key: String?)] {
        pendingAnimationChanges.compactMap {
            if case let .add(animation, key) = $0 { (animation, key) } else { nil }
        }
    }

    /// Whether animations were removed since the timeline last collected the changes.
    public var hasPendingRemovals: Bool {
        pendingAnimationChanges.contains { if case .add = $0 { false } else { true } }
    }

    /// This layer or the first layer under it (its mask, then its sublayers, depth first) whose
    /// name is `name`.
    public func layer(named name: String) -> Layer? {
        if self.name == name { return self }
        if let found = mask?.layer(named: name) { return found }
        for sublayer in sublayers {
            if let found = sublayer.layer(named: name) { return found }
        }
        return nil
    }

    public var name: String? {
        get { values.name }
        set { values.name = newValue }
    }
    public var bounds: Rect {
        get { values.bounds }
        set { values.bounds = newValue }
    }
    public var position: Point {
        get { values.position }
        set { values.position = newValue }
    }
    public var zPosition: Double {
        get { values.zPosition }
        set { values.zPosition = newValue }
    }
    public var anchorPoint: Point {
        get { values.anchorPoint }
        set { values.anchorPoint = newValue }
    }
    public var anchorPointZ: Double {
        get { values.anchorPointZ }
        set { values.anchorPointZ = newValue }
    }
    /// Computed from bounds, anchorPoint and position; setting it sets position and bounds.size.
    public var frame: Rect {
        get { values.frame }
        set { values.frame = newValue }
    }
    public var transform: Transform3D {
        get { values.transform }
        set { values.transform = newValue }
    }
    public var sublayerTransform: Transform3D {
        get { values.sublayerTransform }
        set { values.sublayerTransform = newValue }
    }
    public var opacity: Double {
        get { values.opacity }
        set { values.opacity = newValue }
    }
    public var isHidden: Bool {
        get { values.isHidden }
        set { values.isHidden = newValue }
    }
    public var backgroundColor: Color? {
        get { values.backgroundColor }
        set { values.backgroundColor = newValue }
    }
    public var cornerRadius: Double {
        get { values.cornerRadius }
        set { values.cornerRadius = newValue }
    }
    public var masksToBounds: Bool {
        get { values.masksToBounds }
        set { values.masksToBounds = newValue }
    }
    public var borderWidth: Double {
        get { values.borderWidth }
        set { values.borderWidth = newValue }
    }
    public var borderColor: Color? {
        get { values.borderColor }
        set { values.borderColor = newValue }
    }
    /// An image drawn in the bounds, placed by `contentsGravity`, cropped to `contentsRect`.
    public var contents: Image? {
        get { values.contents }
        set { values.contents = newValue }
    }
    public var contentsGravity: ContentsGravity {
        get { values.contentsGravity }
        set { values.contentsGravity = newValue }
    }
    public var contentsRect: Rect {
        get { values.contentsRect }
        set { values.contentsRect = newValue }
    }
    public var shadowColor: Color? {
        get { values.shadowColor }
        set { values.shadowColor = newValue }
    }
    public var shadowOpacity: Double {
        get { values.shadowOpacity }
        set { values.shadowOpacity = newValue }
    }
    /// Note UIKit's y-down space: the default (0, −3) casts the shadow upwards, as on iOS.
    public var shadowOffset: Size {
        get { values.shadowOffset }
        set { values.shadowOffset = newValue }
    }
    public var shadowRadius: Double {
        get { values.shadowRadius }
        set { values.shadowRadius = newValue }
    }
    public var shadowPath: Path? {
        get { values.shadowPath }
        set { values.shadowPath = newValue }
    }
    /// A layer whose alpha masks this one (not part of the sublayer tree).
    public var mask: Layer? {
        didSet {
            oldValue?.maskedLayer = nil
            mask?.removeFromSuperlayer()
            mask?.maskedLayer = self
        }
    }
    /// The layer this one masks; it shares that layer's time.
    weak var maskedLayer: Layer?

    /// The layer's own time space: beginTime, speed and timeOffset (duration and repeats are ignored).
    public var timing: MediaTiming {
        get { values.timing }
        set { values.timing = newValue }
    }
}

/// A layer that draws a path (`CAShapeLayer`).
public final class ShapeLayer: Layer {
    public override init() {
        super.init(kind: .shape)
    }

    public var path: Path? {
        get { values.path }
        set { values.path = newValue }
    }
    public var fillColor: Color? {
        get { values.fillColor }
        set { values.fillColor = newValue }
    }
    public var fillRule: FillRule {
        get { values.fillRule }
        set { values.fillRule = newValue }
    }
    public var strokeColor: Color? {
        get { values.strokeColor }
        set { values.strokeColor = newValue }
    }
    public var lineWidth: Double {
        get { values.stroke.lineWidth }
        set { values.stroke.lineWidth = newValue }
    }
    public var lineCap: StrokeStyle.Cap {
        get { values.stroke.lineCap }
        set { values.stroke.lineCap = newValue }
    }
    public var lineJoin: StrokeStyle.Join {
        get { values.stroke.lineJoin }
        set { values.stroke.lineJoin = newValue }
    }
    public var miterLimit: Double {
        get { values.stroke.miterLimit }
        set { values.stroke.miterLimit = newValue }
    }
    public var lineDashPattern: [Double] {
        get { values.stroke.dashPattern }
        set { values.stroke.dashPattern = newValue }
    }
    public var lineDashPhase: Double {
        get { values.stroke.dashPhase }
        set { values.stroke.dashPhase = newValue }
    }
    public var strokeStart: Double {
        get { values.stroke.start }
        set { values.stroke.start = newValue }
    }
    public var strokeEnd: Double {
        get { values.stroke.end }
        set { values.stroke.end = newValue }
    }
}

/// A layer that fills its bounds with a colour ramp (`CAGradientLayer`).
public final class GradientLayer: Layer {
    public override init() {
        super.init(kind: .gradient)
    }

    public var colors: [Color] {
        get { values.colors }
        set { values.colors = newValue }
    }
    /// Stop positions in 0…1; empty spaces the colours evenly.
    public var locations: [Double] {
        get { values.locations }
        set { values.locations = newValue }
    }
    /// In unit coordinates of the bounds.
    public var startPoint: Point {
        get { values.startPoint }
        set { values.startPoint = newValue }
    }
    public var endPoint: Point {
        get { values.endPoint }
        set { values.endPoint = newValue }
    }
    public var type: GradientType {
        get { values.gradientType }
        set { values.gradientType = newValue }
    }
}

/// A change to a layer's attached animations, in the order it was made.
enum AnimationChange {
    case add(Animation, key: String?)
    case remove(key: String)
    case removeAll
}

/// A layer that draws its sublayers several times (`CAReplicatorLayer`): instance k under
/// instanceTransform^k about the replicator's anchor point, k · instanceDelay seconds behind, and
/// tinted by instanceColor plus k times the colour offsets. Its own background is drawn once.
public final class ReplicatorLayer: Layer {
    public override init() {
        super.init(kind: .replicator)
    }

    /// The number of copies, the original included.
    public var instanceCount: Int {
        get { values.instanceCount }
        set { values.instanceCount = newValue }
    }
    public var instanceTransform: Transform3D {
        get { values.instanceTransform }
        set { values.instanceTransform = newValue }
    }
    public var instanceDelay: Double {
        get { values.instanceDelay }
        set { values.instanceDelay = newValue }
    }
    public var instanceColor: Color {
        get { values.instanceColor }
        set { values.instanceColor = newValue }
    }
    public var instanceRedOffset: Double {
        get { values.instanceRedOffset }
        set { values.instanceRedOffset = newValue }
    }
    public var instanceGreenOffset: Double {
        get { values.instanceGreenOffset }
        set { values.instanceGreenOffset = newValue }
    }
    public var instanceBlueOffset: Double {
        get { values.instanceBlueOffset }
        set { values.instanceBlueOffset = newValue }
    }
    public var instanceAlphaOffset: Double {
        get { values.instanceAlphaOffset }
        set { values.instanceAlphaOffset = newValue }
    }
    public var preservesDepth: Bool {
        get { values.preservesDepth }
        set { values.preservesDepth = newValue }
    }
}
