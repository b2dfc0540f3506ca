import Animation
import Geometry

/// What happens outside an animation's active time (`CAMediaTimingFillMode`: `.removed`,
/// `.forwards`, `.backwards`, `.both`).
public typealias CAMediaTimingFillMode = FillMode
/// How a keyframe animation runs between its values (`CAAnimationCalculationMode`).
public typealias CAAnimationCalculationMode = CalculationMode
/// How a keyframe animation along a path turns its layer (`CAAnimationRotationMode`).
public typealias CAAnimationRotationMode = RotationMode

extension RotationMode {
    /// The layer turns to the path's tangent (`rotateAuto`).
    public static let rotateAuto = RotationMode.auto
    /// The tangent plus a half turn (`rotateAutoReverse`).
    public static let rotateAutoReverse = RotationMode.autoReverse
}

/// The names of the standard timing functions (`CAMediaTimingFunctionName`).
public struct CAMediaTimingFunctionName: Hashable, Sendable {
    let function: TimingFunction
    public static let linear = CAMediaTimingFunctionName(function: .linear)
    public static let easeIn = CAMediaTimingFunctionName(function: .easeIn)
    public static let easeOut = CAMediaTimingFunctionName(function: .easeOut)
    public static let easeInEaseOut = CAMediaTimingFunctionName(function: .easeInEaseOut)
    public static let `default` = CAMediaTimingFunctionName(function: .default)
}

/// A cubic Bézier from (0, 0) to (1, 1) easing an animation's time (`CAMediaTimingFunction`).
public final class CAMediaTimingFunction {
    /// The engine's timing function.
    public let function: TimingFunction

    /// One of the standard functions (`init(name:)`).
    public init(name: CAMediaTimingFunctionName) {
        function = name.function
    }

    init(function: TimingFunction) {
        self.function = function
    }

    /// The curve through control points (c1x, c1y) and (c2x, c2y) (`init(controlPoints:_:_:_:)`).
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        function = TimingFunction(Double(written: c1x), Double(written: c1y), Double(written: c2x), Double(written: c2y))
    }
}

/// A wrapped value for an animation (`NSValue`): a point, size, rectangle or transform.
public final class NSValue {
    let value: AnimationValue
    public init(cgPoint: CGPoint) { value = .point(cgPoint) }
    public init(cgSize: CGSize) { value = .size(cgSize) }
    public init(cgRect: CGRect) { value = .rect(cgRect) }
    public init(caTransform3D: CATransform3D) { value = .transform(caTransform3D) }
}

/// The object told when an animation starts and stops (`CAAnimationDelegate`); both methods
/// are optional. They run at the clip's time of the event, like any callback.
public protocol CAAnimationDelegate: AnyObject {
    /// The animation's active time has begun.
    func animationDidStart(_ anim: CAAnimation)
    /// The animation ended (`flag` true) or was removed before its end (false).
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// An animation (`CAAnimation`): the engine's animation (`backing`) with Core Animation's names
/// and types, a delegate and key-value storage. A layer keeps a copy of an animation added to
/// it, and its delegate is told with that copy (the object `animation(forKey:)` returns).
open class CAAnimation: NSObject, CAAction {
    /// The engine's animation holding the properties (without callbacks: a layer running a
    /// copy adds those).
    public private(set) var backing: Animation
    /// Told when it starts and stops; held strongly, as on iOS.
    public var delegate: CAAnimationDelegate?
    /// Values stored by key (`setValue(_:forKey:)`), copied with the animation.
    private var keyedValues: [String: Any] = [:]

    /// An animation with Core Animation's defaults.
    public required override init() {
        backing = Self.makeBacking()
        super.init()
    }

    /// The engine animation a new animation of this class stands for.
    class func makeBacking() -> Animation { Animation() }

    /// When it begins, in seconds of its layer's time; 0 when added: the layer's time then.
    public var beginTime: CFTimeInterval { get { backing.beginTime } set { backing.beginTime = newValue } }
    /// Seconds of one cycle; 0 means 0.25 s, or its group's duration in a group.
    public var duration: CFTimeInterval { get { backing.duration } set { backing.duration = newValue } }
    /// Local time per parent time; 0 pauses it.
    public var speed: Float { get { Float(backing.speed) } set { backing.speed = Double(written: newValue) } }
    /// Seconds added to its local time.
    public var timeOffset: CFTimeInterval { get { backing.timeOffset } set { backing.timeOffset = newValue } }
    /// Cycles to play; `.infinity` (HUGE_VALF) for ever.
    public var repeatCount: Float { get { Float(backing.repeatCount) } set { backing.repeatCount = Double(written: newValue) } }
    /// Seconds to repeat for; overrides `repeatCount` when positive.
    public var repeatDuration: CFTimeInterval { get { backing.repeatDuration } set { backing.repeatDuration = newValue } }
    /// Whether each cycle plays forwards and then backwards.
    public var autoreverses: Bool { get { backing.autoreverses } set { backing.autoreverses = newValue } }
    /// Whether it applies before it begins and after it ends.
    public var fillMode: CAMediaTimingFillMode { get { backing.fillMode } set { backing.fillMode = newValue } }
    /// Eases each cycle; nil is linear.
    public var timingFunction: CAMediaTimingFunction? {
        get { backing.timingFunction.map(CAMediaTimingFunction.init(function:)) }
        set { backing.timingFunction = newValue?.function }
    }
    /// Whether it is taken off its layer when it ends.
    public var isRemovedOnCompletion: Bool { get { backing.isRemovedOnCompletion } set { backing.isRemovedOnCompletion = newValue } }

    /// A copy of every property (`copy()`).
    public func copy() -> Self {
        let copy = Self()
        copy.backing = backing.copy()
        copy.delegate = delegate
        copy.keyedValues = keyedValues
        copy.copyValues(from: self)
        return copy
    }

    /// Copies what the subclass keeps besides `backing` (iOS's values, as given).
    func copyValues(from other: CAAnimation) {}

    /// Stores `value` under `key` (key-value coding on an animation).
    public func setValue(_ value: Any?, forKey key: String) {
        keyedValues[key] = value
    }

    /// The value stored under `key`, if any.
    public func value(forKey key: String) -> Any? {
        keyedValues[key]
    }

    /// The engine's animation for this one, without callbacks: a copy of `backing` with the
    /// values iOS code gave converted.
    func makeEngineAnimation() -> Animation {
        let animation = backing.copy()
        convertValues(into: animation)
        return animation
    }

    /// Puts the subclass's values, converted, into `animation` (a copy of `backing`).
    func convertValues(into animation: Animation) {}
}

/// An animation of one property, named by its key path (`CAPropertyAnimation`).
open class CAPropertyAnimation: CAAnimation {
    override class func makeBacking() -> Animation { BasicAnimation(keyPath: "") }
    private var property: PropertyAnimation { backing as! PropertyAnimation }

    /// An animation of `keyPath` (`init(keyPath:)`).
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    /// The property animated: `"position"`, `"transform.rotation.z"`, `"opacity"`…; it must be
    /// set before the animation is added (except as a layer's action, which animates its key).
    public var keyPath: String? {
        get { property.keyPath.isEmpty ? nil : property.keyPath }
        set { property.keyPath = newValue ?? "" }
    }
    /// Whether its values add to the property's model value.
    public var isAdditive: Bool { get { property.isAdditive } set { property.isAdditive = newValue } }
    /// Whether each repeat builds on the last one's end.
    public var isCumulative: Bool { get { property.isCumulative } set { property.isCumulative = newValue } }

    override func makeEngineAnimation() -> Animation {
        guard keyPath != nil else { preconditionFailure("\(type(of: self)) added without a keyPath") }
        return super.makeEngineAnimation()
    }
}

/// An animation from one value to another (`CABasicAnimation`). Values are what iOS takes:
/// numbers (`Double`, `Float`, `Int`, `Bool`), `CGPoint`, `CGSize`, `CGRect`,
/// `CATransform3D`, `CGColor`, `CGPath`, `NSValue`, and arrays of numbers or colours.
open class CABasicAnimation: CAPropertyAnimation {
    public var fromValue: Any?
    public var toValue: Any?
    public var byValue: Any?

    override func copyValues(from other: CAAnimation) {
        guard let other = other as? CABasicAnimation else { return }
        (fromValue, toValue, byValue) = (other.fromValue, other.toValue, other.byValue)
    }

    override func convertValues(into animation: Animation) {
        let basic = animation as! BasicAnimation
        basic.fromValue = fromValue.map { animationValue($0, "fromValue") }
        basic.toValue = toValue.map { animationValue($0, "toValue") }
        basic.byValue = byValue.map { animationValue($0, "byValue") }
    }
}

/// A spring from one value to another (`CASpringAnimation`); its duration is what you set, as
/// on iOS — usually `settlingDuration`.
public final class CASpringAnimation: CABasicAnimation {
    override class func makeBacking() -> Animation { SpringAnimation(keyPath: "") }
    private var spring: SpringAnimation { backing as! SpringAnimation }

    /// A spring for a perceptual duration and a bounce (`init(perceptualDuration:bounce:)`).
    public convenience init(perceptualDuration: TimeInterval, bounce: CGFloat) {
        self.init()
        let spring = SpringAnimation(keyPath: "", perceptualDuration: perceptualDuration, bounce: bounce)
        (mass, stiffness, damping) = (spring.mass, spring.stiffness, spring.damping)
    }

    public var mass: CGFloat { get { spring.mass } set { spring.mass = newValue } }
    public var stiffness: CGFloat { get { spring.stiffness } set { spring.stiffness = newValue } }
    public var damping: CGFloat { get { spring.damping } set { spring.damping = newValue } }
    public var initialVelocity: CGFloat { get { spring.initialVelocity } set { spring.initialVelocity = newValue } }
    /// Whether a damping ratio above 1 is kept (iOS 17's `allowsOverdamping`).
    public var allowsOverdamping: Bool { get { spring.allowsOverdamping } set { spring.allowsOverdamping = newValue } }
    /// The seconds until the spring rests (`settlingDuration`).
    public var settlingDuration: CFTimeInterval { spring.settlingDuration }
}

/// An animation through values or along a path (`CAKeyframeAnimation`).
public final class CAKeyframeAnimation: CAPropertyAnimation {
    override class func makeBacking() -> Animation { KeyframeAnimation(keyPath: "") }
    private var keyframes: KeyframeAnimation { backing as! KeyframeAnimation }

    public var values: [Any]?
    public var path: CGPath? {
        get { keyframes.path.map { CGPath(path: $0) } }
        set { keyframes.path = newValue?.path }
    }
    public var keyTimes: [Double]? { get { keyframes.keyTimes } set { keyframes.keyTimes = newValue } }
    public var timingFunctions: [CAMediaTimingFunction]? {
        get { keyframes.timingFunctions?.map(CAMediaTimingFunction.init(function:)) }
        set { keyframes.timingFunctions = newValue?.map(\.function) }
    }
    public var calculationMode: CAAnimationCalculationMode { get { keyframes.calculationMode } set { keyframes.calculationMode = newValue } }
    public var tensionValues: [Double]? { get { keyframes.tensionValues } set { keyframes.tensionValues = newValue } }
    public var continuityValues: [Double]? { get { keyframes.continuityValues } set { keyframes.continuityValues = newValue } }
    public var biasValues: [Double]? { get { keyframes.biasValues } set { keyframes.biasValues = newValue } }
    public var rotationMode: CAAnimationRotationMode? { get { keyframes.rotationMode } set { keyframes.rotationMode = newValue } }

    override func copyValues(from other: CAAnimation) {
        values = (other as? CAKeyframeAnimation)?.values
    }

    override func convertValues(into animation: Animation) {
        (animation as! KeyframeAnimation).values = values?.map { animationValue($0, "values") }
    }
}

/// Animations run together in one time space (`CAAnimationGroup`); their own delegates are not
/// told, as on iOS.
public final class CAAnimationGroup: CAAnimation {
    override class func makeBacking() -> Animation { AnimationGroup() }

    public var animations: [CAAnimation]?

    override func copyValues(from other: CAAnimation) {
        animations = (other as? CAAnimationGroup)?.animations?.map { $0.copy() }
    }

    override func convertValues(into animation: Animation) {
        (animation as! AnimationGroup).animations = animations?.map { $0.makeEngineAnimation() } ?? []
    }
}

/// The kind of a transition (`CATransitionType`); `.flip`, UIKit's view flip, is animvid's own
/// (the SDK has no such constant).
public typealias CATransitionType = Transition.Kind
/// The side a transition comes from (`CATransitionSubtype`).
public typealias CATransitionSubtype = Transition.Direction

/// A change of a layer's content shown as a fade, push, move-in or reveal, or animvid's flip
/// (`CATransition`).
public final class CATransition: CAAnimation {
    override class func makeBacking() -> Animation { TransitionAnimation() }
    private var transition: TransitionAnimation { backing as! TransitionAnimation }

    public var type: CATransitionType { get { transition.type } set { transition.type = newValue } }
    public var subtype: CATransitionSubtype? { get { transition.subtype } set { transition.subtype = newValue } }
    public var startProgress: Float { get { Float(transition.startProgress) } set { transition.startProgress = Double(written: newValue) } }
    public var endProgress: Float { get { Float(transition.endProgress) } set { transition.endProgress = Double(written: newValue) } }
}

/// The engine's value for what iOS code puts in `fromValue`, `toValue`, `byValue` or `values`.
func animationValue(_ value: Any, _ property: String) -> AnimationValue {
    switch value {
    case let v as AnimationValue: return v
    case let v as Double: return .number(v)
    case let v as Float: return .number(Double(written: v))
    case let v as Int: return .number(Double(v))
    case let v as Bool: return .number(v ? 1 : 0)
    case let v as CGPoint: return .point(v)
    case let v as CGSize: return .size(v)
    case let v as CGRect: return .rect(v)
    case let v as CATransform3D: return .transform(v)
    case let v as CGColor: return .color(v)
    case let v as CGPath: return .path(v.path)
    case let v as NSValue: return v.value
    case let v as CGImage: return .image(v)
    case let v as [Any]:
        // An array of numbers (locations, a dash pattern) or of colours (a gradient's colours).
        let elements = v.map { animationValue($0, property) }
        let numbers = elements.compactMap { if case .number(let n) = $0 { n } else { nil } }
        if numbers.count == elements.count { return .numbers(numbers) }
        let colors = elements.compactMap { if case .color(let c) = $0 { c } else { nil } }
        if colors.count == elements.count { return .colors(colors) }
        preconditionFailure("\(property): an array of numbers or of colours, not \(elements.map(\.typeName))")
    default: preconditionFailure("\(property): a \(type(of: value)) is not a value Core Animation animates")
    }
}
