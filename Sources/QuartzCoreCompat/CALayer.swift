import Animation
import Geometry

/// What a layer does when a property changes (`CAAction`): a `CAAnimation`, or `NSNull()`.
public protocol CAAction: AnyObject {}

/// No action (`NSNull()` in a layer's `actions`): the change shows at once.
public final class NSNull: CAAction {
    public init() {}
}

/// How contents are placed in the bounds (`CALayerContentsGravity`).
public typealias CALayerContentsGravity = ContentsGravity

/// A layer (`CALayer`): the engine's `Layer` (`backing`) with Core Animation's names and types.
/// A layer that backs a view does not animate its changes implicitly outside
/// `UIView.animate(withDuration:…)`, as on iOS; a standalone layer does, in callbacks.
open class CALayer: NSObject {
    /// The engine's layer this one stands for.
    public let backing: Layer
    /// The view the layer backs, if any (`delegate`).
    weak var view: UIView?
    /// The sublayers, in drawing order (nil when there are none).
    public var sublayers: [CALayer]? { children.isEmpty ? nil : children }
    /// The layer this one is a sublayer of.
    public private(set) weak var superlayer: CALayer?
    private var children: [CALayer] = []
    /// Engine layers holding the layer's own drawing (a view's `draw(_:)`), under its sublayers.
    var drawing: [Layer] = [] {
        didSet {
            for old in oldValue { old.removeFromSuperlayer() }
            for (i, layer) in drawing.enumerated() { backing.insertSublayer(layer, at: i) }
        }
    }
    /// The animations added under keys, as the copies the layer runs.
    private var animationsByKey: [String: CAAnimation] = [:]

    /// A new layer of this class (`init()`, `CALayer.layer()`).
    public required override init() {
        backing = Self.makeBacking()
        super.init()
    }

    /// The engine layer a new layer of this class stands for.
    class func makeBacking() -> Layer { Layer() }

    /// Makes a change; a view's layer changed inside a view animation block animates when the
    /// block's transaction commits (outside one its actions are all none: `viewActions`), and
    /// inside a keyframe animation's block its changes are noted as keyframes.
    func change(_ body: () -> Void) {
        guard view != nil, let app = AppRun.current else { return body() }
        if let keyframes = app.keyframes {
            let before = backing.modelValues
            body()
            return keyframes.record(self, before: before, after: backing.modelValues)
        }
        body()
        guard !app.viewAnimations.isEmpty, !app.animatedViewLayers.contains(where: { $0 === self }) else { return }
        app.animatedViewLayers.append(self)
    }

    /// A view's layer's actions (UIKit's view answers NSNull for every key outside an animation
    /// block, and its own animation, the block's, inside one; the layer's `actions` are not asked).
    static var viewActions: [String: LayerAction] {
        Dictionary(uniqueKeysWithValues: LayerProperty.implicitlyAnimated.map { ($0.name, LayerAction.disabled) })
    }

    /// A view's layer's actions as a view animation block with `settings` commits, `layerTime`
    /// the layer's time now: for each property, the block's animation (a spring if it has one,
    /// repeating and reversing as it says, after its delay), but none for those the view does
    /// not animate (`UIView.layerPropertiesShownAtOnce`) or when the block animates nothing.
    func viewActions(animatingBy settings: Transaction, at layerTime: Double) -> [String: LayerAction] {
        guard !settings.disableActions else { return Self.viewActions }
        let shownAtOnce = view.map { type(of: $0).layerPropertiesShownAtOnce } ?? []
        return Dictionary(uniqueKeysWithValues: LayerProperty.implicitlyAnimated.map { property in
            guard !shownAtOnce.contains(property.name) else { return (property.name, LayerAction.disabled) }
            let animation = settings.spring.map { SpringAnimation(keyPath: property.name, $0) } ?? BasicAnimation(keyPath: property.name)
            (animation.duration, animation.timingFunction) = (settings.duration, settings.timingFunction)
            (animation.repeatCount, animation.autoreverses) = (settings.repeatCount, settings.autoreverses)
            if settings.delay > 0 { animation.delay(by: settings.delay, from: layerTime) }
            animation.isAdditive = Self.additiveViewProperties.contains(property.name)
            return (property.name, LayerAction.animation(animation))
        })
    }

    /// The properties a view animates additively, as UIKit has since iOS 8: a change adds an
    /// animation of the difference on top of the new value, beside any that runs (`LayerAction`),
    /// so one started while another runs adds to it.
    static let additiveViewProperties: Set<String> = ["position", "bounds"]

    // MARK: Geometry

    public var name: String? { get { backing.name } set { backing.name = newValue } }
    public var bounds: CGRect { get { backing.bounds } set { change { backing.bounds = newValue } } }
    public var position: CGPoint { get { backing.position } set { change { backing.position = newValue } } }
    /// The bounds in the superlayer's space, as position, anchorPoint and transform place them;
    /// setting it sets position and bounds.
    public var frame: CGRect { get { backing.frame } set { change { backing.frame = newValue } } }
    public var zPosition: CGFloat { get { backing.zPosition } set { change { backing.zPosition = newValue } } }
    public var anchorPoint: CGPoint { get { backing.anchorPoint } set { change { backing.anchorPoint = newValue } } }
    public var anchorPointZ: CGFloat { get { backing.anchorPointZ } set { change { backing.anchorPointZ = newValue } } }
    public var transform: CATransform3D { get { backing.transform } set { change { backing.transform = newValue } } }
    /// The transform's affine part (`affineTransform()`).
    public func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }
    /// Makes the transform the 2D affine map `m` (`setAffineTransform(_:)`).
    public func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }
    public var sublayerTransform: CATransform3D { get { backing.sublayerTransform } set { change { backing.sublayerTransform = newValue } } }

    // MARK: Appearance

    public var opacity: Float { get { Float(backing.opacity) } set { change { backing.opacity = Double(written: newValue) } } }
    public var isHidden: Bool { get { backing.isHidden } set { change { backing.isHidden = newValue } } }
    public var isDoubleSided: Bool { get { backing.isDoubleSided } set { change { backing.isDoubleSided = newValue } } }
    public var isGeometryFlipped: Bool { get { backing.isGeometryFlipped } set { change { backing.isGeometryFlipped = newValue } } }
    public var masksToBounds: Bool { get { backing.masksToBounds } set { change { backing.masksToBounds = newValue } } }
    public var allowsGroupOpacity: Bool { get { backing.allowsGroupOpacity } set { change { backing.allowsGroupOpacity = newValue } } }
    /// Smooth edges unless set false (animvid's default; iOS's is false: docs/core-animation.md §1).
    public var allowsEdgeAntialiasing: Bool { get { backing.allowsEdgeAntialiasing } set { change { backing.allowsEdgeAntialiasing = newValue } } }
    public var shouldRasterize: Bool { get { backing.shouldRasterize } set { change { backing.shouldRasterize = newValue } } }
    public var rasterizationScale: CGFloat { get { backing.rasterizationScale } set { change { backing.rasterizationScale = newValue } } }
    public var backgroundColor: CGColor? { get { backing.backgroundColor } set { change { backing.backgroundColor = newValue } } }
    public var cornerRadius: CGFloat { get { backing.cornerRadius } set { change { backing.cornerRadius = newValue } } }
    public var borderWidth: CGFloat { get { backing.borderWidth } set { change { backing.borderWidth = newValue } } }
    public var borderColor: CGColor? { get { backing.borderColor } set { change { backing.borderColor = newValue } } }
    /// A `CGImage`, or nil (`contents`).
    public var contents: Any? {
        get { backing.contents }
        set {
            guard newValue == nil || newValue is CGImage else { preconditionFailure("contents takes a CGImage, not a \(type(of: newValue!))") }
            change { backing.contents = newValue as? CGImage }
        }
    }
    public var contentsGravity: CALayerContentsGravity { get { backing.contentsGravity } set { change { backing.contentsGravity = newValue } } }
    public var contentsRect: CGRect { get { backing.contentsRect } set { change { backing.contentsRect = newValue } } }
    public var contentsCenter: CGRect { get { backing.contentsCenter } set { change { backing.contentsCenter = newValue } } }
    public var contentsScale: CGFloat { get { backing.contentsScale } set { change { backing.contentsScale = newValue } } }
    public var shadowColor: CGColor? { get { backing.shadowColor } set { change { backing.shadowColor = newValue } } }
    public var shadowOpacity: Float { get { Float(backing.shadowOpacity) } set { change { backing.shadowOpacity = Double(written: newValue) } } }
    public var shadowOffset: CGSize { get { backing.shadowOffset } set { change { backing.shadowOffset = newValue } } }
    public var shadowRadius: CGFloat { get { backing.shadowRadius } set { change { backing.shadowRadius = newValue } } }
    public var shadowPath: CGPath? {
        get { backing.shadowPath.map { CGPath(path: $0) } }
        set { change { backing.shadowPath = newValue?.path } }
    }
    /// A layer whose alpha masks this one; it is not a sublayer.
    public var mask: CALayer? {
        didSet { change { backing.mask = mask?.backing } }
    }

    /// What the layer does when a property changes in a callback, by key (`actions`): `NSNull()`
    /// shows the change at once; an animation runs instead of the implicit one (without from,
    /// to and by values, from the value shown to the new one; a duration or timing function
    /// left unset takes the transaction's). Its delegate is not told. A view's layer keeps
    /// UIKit's actions instead, as on iOS.
    public var actions: [String: CAAction]? {
        didSet {
            guard view == nil else { return }
            backing.actions = Dictionary(uniqueKeysWithValues: (actions ?? [:]).map { key, action in
                guard let animation = (action as? CAAnimation)?.copy() else { return (key, LayerAction.disabled) }
                // An action's animation animates its key (iOS adds it under the key, keyPath unset).
                if let property = animation as? CAPropertyAnimation, property.keyPath == nil { property.keyPath = key }
                return (key, LayerAction.animation(animation.makeEngineAnimation()))
            })
        }
    }

    /// Sets the value at an animatable key path (`setValue(_:forKeyPath:)`): a property, a sub-key
    /// path (`"transform.rotation.z"`) or a named emitter cell's (`"emitterCells.spark.birthRate"`).
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        change {
            do {
                let path = try LayerKeyPath(keyPath)
                try backing.setValue(value.map { animationValue($0, keyPath) } ?? path.value(in: LayerValues()), at: path)
            } catch {
                preconditionFailure("setValue(_:forKeyPath: \"\(keyPath)\"): \(error)")
            }
        }
    }

    /// The value at an animatable key path (`value(forKeyPath:)`), in Core Graphics' types
    /// (`CGFloat`, `CGPoint`, `CGColor`, `CATransform3D`, `CGPath`, …); nil for an unknown key path.
    public func value(forKeyPath keyPath: String) -> Any? {
        guard let path = try? LayerKeyPath(keyPath) else { return nil }
        return switch backing.value(at: path) {
        case .number(let x): x as CGFloat
        case .point(let p): p as CGPoint
        case .size(let s): s as CGSize
        case .rect(let r): r as CGRect
        case .color(let c): c as CGColor
        case .transform(let t): t as CATransform3D
        case .path(let p): CGPath(path: p)
        case .numbers(let list): list as [CGFloat]
        case .colors(let list): list as [CGColor]
        case .image(let image): image as CGImage
        }
    }

    /// Values for the properties the layer does not set itself, by key, with a deeper style
    /// under `"style"` (`style`; the shallowest value counts). Keys that are not layer
    /// properties, and `bounds` and `frame`, are not consulted, as on iOS.
    public var style: [AnyHashable: Any]? {
        didSet { change { backing.style = style.map(Self.layerStyle) } }
    }

    /// A style dictionary as the engine's style.
    private static func layerStyle(_ dictionary: [AnyHashable: Any]) -> LayerStyle {
        var values: [String: LayerProperty.Value] = [:]
        for case let (key as String, value) in dictionary where key != "style" && key != "bounds" && key != "frame" {
            guard let property = LayerProperty.named[key] else { continue }
            values[key] = propertyValue(value, property)
        }
        let under = (dictionary["style"] as? [AnyHashable: Any]).map(layerStyle)
        do {
            return try LayerStyle(values, style: under)
        } catch {
            preconditionFailure("style: \(error)")
        }
    }

    /// A value given in Swift for `property`, as the engine takes it.
    private static func propertyValue(_ value: Any, _ property: LayerProperty) -> LayerProperty.Value {
        switch (property.type, value) {
        case (_, is NSNull): return .absent
        case (.choice, let v as any RawRepresentable<String>): return .choice(v.rawValue)
        case (.choice, let v as String): return .choice(v)
        case (.integer, let v as Int): return .integer(v)
        case (.string, let v as String): return .string(v)
        default: return .value(animationValue(value, property.name))
        }
    }

    // MARK: Media timing (the layer's own time, as an animation's: core-animation.md §2)

    public var beginTime: CFTimeInterval { get { backing.timing.beginTime } set { change { backing.timing.beginTime = newValue } } }
    public var speed: Float { get { Float(backing.timing.speed) } set { change { backing.timing.speed = Double(written: newValue) } } }
    public var timeOffset: CFTimeInterval { get { backing.timing.timeOffset } set { change { backing.timing.timeOffset = newValue } } }
    public var duration: CFTimeInterval { get { backing.timing.duration } set { change { backing.timing.duration = newValue } } }
    public var repeatCount: Float { get { Float(backing.timing.repeatCount) } set { change { backing.timing.repeatCount = Double(written: newValue) } } }
    public var repeatDuration: CFTimeInterval { get { backing.timing.repeatDuration } set { change { backing.timing.repeatDuration = newValue } } }
    public var autoreverses: Bool { get { backing.timing.autoreverses } set { change { backing.timing.autoreverses = newValue } } }
    public var fillMode: CAMediaTimingFillMode { get { backing.timing.fillMode } set { change { backing.timing.fillMode = newValue } } }

    /// `t` in `layer`'s time (the clip's when nil) converted to this layer's time
    /// (`convertTime(_:from:)`).
    public func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        let clipTime = layer.map { $0.backing.videoTime(atLocalTime: t) ?? .nan } ?? t
        return backing.localTime(atVideoTime: clipTime)
    }

    /// `t` in this layer's time converted to `layer`'s (the clip's when nil) (`convertTime(_:to:)`).
    public func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        let clipTime = backing.videoTime(atLocalTime: t) ?? .nan
        return layer.map { $0.backing.localTime(atVideoTime: clipTime) } ?? clipTime
    }

    // MARK: The layer tree

    /// Appends `layer` to the sublayers, taking it from its old superlayer.
    public func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(children.count))
    }

    /// Inserts `layer` at `index` of the sublayers (`insertSublayer(_:at:)`).
    public func insertSublayer(_ layer: CALayer, at index: UInt32) {
        layer.removeFromSuperlayer()
        let index = min(Int(index), children.count)
        children.insert(layer, at: index)
        layer.superlayer = self
        backing.insertSublayer(layer.backing, at: drawing.count + index)
    }

    /// Inserts `layer` just below `sibling` (at the end when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        layer.removeFromSuperlayer()
        let index = sibling.flatMap { s in children.firstIndex { $0 === s } } ?? children.count
        insertSublayer(layer, at: UInt32(index))
    }

    /// Inserts `layer` just above `sibling` (at the end when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        layer.removeFromSuperlayer()
        let index = sibling.flatMap { s in children.firstIndex { $0 === s } }.map { $0 + 1 } ?? children.count
        insertSublayer(layer, at: UInt32(index))
    }

    /// Takes the layer out of its superlayer.
    public func removeFromSuperlayer() {
        guard let superlayer else { return }
        superlayer.children.removeAll { $0 === self }
        self.superlayer = nil
        backing.removeFromSuperlayer()
    }

    // MARK: Animations

    /// Runs a copy of `anim` on the layer, under `key` (replacing the animation there); its
    /// delegate is told with the copy, at the clip's time of the event.
    public func add(_ anim: CAAnimation, forKey key: String?) {
        let copy = anim.copy()
        let animation = copy.makeEngineAnimation()
        let app = AppRun.current
        if let delegate = copy.delegate {
            guard let app else { preconditionFailure("an animation with a delegate was added outside a UIKitScene") }
            animation.didStart = { _ in app.run { delegate.animationDidStart(copy) } }
        }
        if key != nil || copy.delegate != nil {
            animation.didStop = { [weak self] _, finished in
                if let key, self?.animationsByKey[key] === copy, copy.isRemovedOnCompletion || !finished {
                    self?.animationsByKey[key] = nil
                }
                if let delegate = copy.delegate, let app { app.run { delegate.animationDidStop(copy, finished: finished) } }
            }
        }
        if let key { animationsByKey[key] = copy }
        backing.add(animation, forKey: key)
    }

    /// The animation running under `key` (the copy `add(_:forKey:)` made), or nil.
    public func animation(forKey key: String) -> CAAnimation? {
        animationsByKey[key]
    }

    /// The keys of the animations running under keys.
    public func animationKeys() -> [String]? {
        animationsByKey.isEmpty ? nil : animationsByKey.keys.sorted()
    }

    /// Stops the animation under `key`; its delegate is told it did not finish.
    public func removeAnimation(forKey key: String) {
        animationsByKey[key] = nil
        backing.removeAnimation(forKey: key)
    }

    /// Stops every animation of the layer.
    public func removeAllAnimations() {
        animationsByKey = [:]
        backing.removeAllAnimations()
    }
}

/// A layer that draws a path (`CAShapeLayer`).
open class CAShapeLayer: CALayer {
    override class func makeBacking() -> Layer { ShapeLayer() }

    public var path: CGPath? {
        get { backing.path.map { CGPath(path: $0) } }
        set { change { backing.path = newValue?.path } }
    }
    public var fillColor: CGColor? { get { backing.fillColor } set { change { backing.fillColor = newValue } } }
    public var fillRule: CAShapeLayerFillRule { get { backing.fillRule } set { change { backing.fillRule = newValue } } }
    public var strokeColor: CGColor? { get { backing.strokeColor } set { change { backing.strokeColor = newValue } } }
    public var lineWidth: CGFloat { get { backing.lineWidth } set { change { backing.lineWidth = newValue } } }
    public var lineCap: CAShapeLayerLineCap { get { backing.lineCap } set { change { backing.lineCap = newValue } } }
    public var lineJoin: CAShapeLayerLineJoin { get { backing.lineJoin } set { change { backing.lineJoin = newValue } } }
    public var miterLimit: CGFloat { get { backing.miterLimit } set { change { backing.miterLimit = newValue } } }
    public var lineDashPattern: [Double]? {
        get { backing.lineDashPattern.isEmpty ? nil : backing.lineDashPattern }
        set { change { backing.lineDashPattern = newValue ?? [] } }
    }
    public var lineDashPhase: CGFloat { get { backing.lineDashPhase } set { change { backing.lineDashPhase = newValue } } }
    public var strokeStart: CGFloat { get { backing.strokeStart } set { change { backing.strokeStart = newValue } } }
    public var strokeEnd: CGFloat { get { backing.strokeEnd } set { change { backing.strokeEnd = newValue } } }
}

/// How a shape's inside is decided (`CAShapeLayerFillRule`: `.nonZero`, `.evenOdd`).
public typealias CAShapeLayerFillRule = FillRule
/// A stroke's ends (`CAShapeLayerLineCap`: `.butt`, `.round`, `.square`).
public typealias CAShapeLayerLineCap = StrokeStyle.Cap
/// A stroke's corners (`CAShapeLayerLineJoin`: `.miter`, `.round`, `.bevel`).
public typealias CAShapeLayerLineJoin = StrokeStyle.Join

/// A layer drawing its sublayers `instanceCount` times, each copy transformed, delayed and
/// tinted from the one before (`CAReplicatorLayer`).
open class CAReplicatorLayer: CALayer {
    override class func makeBacking() -> Layer { ReplicatorLayer() }

    public var instanceCount: Int { get { backing.instanceCount } set { change { backing.instanceCount = newValue } } }
    public var instanceDelay: CFTimeInterval { get { backing.instanceDelay } set { change { backing.instanceDelay = newValue } } }
    public var instanceTransform: CATransform3D { get { backing.instanceTransform } set { change { backing.instanceTransform = newValue } } }
    public var instanceColor: CGColor? { get { backing.instanceColor } set { change { backing.instanceColor = newValue ?? .white } } }
    public var instanceRedOffset: Float { get { Float(backing.instanceRedOffset) } set { change { backing.instanceRedOffset = Double(written: newValue) } } }
    public var instanceGreenOffset: Float { get { Float(backing.instanceGreenOffset) } set { change { backing.instanceGreenOffset = Double(written: newValue) } } }
    public var instanceBlueOffset: Float { get { Float(backing.instanceBlueOffset) } set { change { backing.instanceBlueOffset = Double(written: newValue) } } }
    public var instanceAlphaOffset: Float { get { Float(backing.instanceAlphaOffset) } set { change { backing.instanceAlphaOffset = Double(written: newValue) } } }
    public var preservesDepth: Bool { get { backing.preservesDepth } set { change { backing.preservesDepth = newValue } } }
}

/// The shape of a gradient (`CAGradientLayerType`: `.axial`, `.radial`, `.conic`).
public typealias CAGradientLayerType = GradientType

/// A layer filled with a colour gradient (`CAGradientLayer`).
open class CAGradientLayer: CALayer {
    override class func makeBacking() -> Layer { GradientLayer() }

    /// `CGColor`s.
    public var colors: [Any]? {
        get { backing.colors.isEmpty ? nil : backing.colors }
        set {
            let colors = (newValue ?? []).map { value -> CGColor in
                guard let color = value as? CGColor else { preconditionFailure("colors takes CGColors, not a \(Swift.type(of: value))") }
                return color
            }
            change { backing.colors = colors }
        }
    }
    public var locations: [Double]? {
        get { backing.locations.isEmpty ? nil : backing.locations }
        set { change { backing.locations = newValue ?? [] } }
    }
    public var startPoint: CGPoint { get { backing.startPoint } set { change { backing.startPoint = newValue } } }
    public var endPoint: CGPoint { get { backing.endPoint } set { change { backing.endPoint = newValue } } }
    public var type: CAGradientLayerType { get { backing.gradientType } set { change { backing.gradientType = newValue } } }
}

/// A layer whose sublayers share its 3D space (`CATransformLayer`).
open class CATransformLayer: CALayer {
    override class func makeBacking() -> Layer { TransformLayer() }
}
