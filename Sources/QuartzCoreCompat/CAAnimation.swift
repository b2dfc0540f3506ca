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

/// An animation (`CAAnimation`): media timing, a timing function, a delegate. A layer keeps a
/// copy of an animation added to it, and its delegate is told with that copy (the object
/// `animation(forKey:)` returns).
open class CAAnimation: NSObject, CAAction {
    /// When it begins, in seconds of its layer's time; 0 when added: the layer's time then.
    public var beginTime: CFTimeInterval = 0
    /// Seconds of one cycle; 0 means 0.25 s, or its group's duration in a group.
    public var duration: CFTimeInterval = 0
    /// Local time per parent time; 0 pauses it.
    public var speed: Float = 1
    /// Seconds added to its local time.
    public var timeOffset: CFTimeInterval = 0
    /// Cycles to play; `.infinity` (HUGE_VALF) for ever.
    public var repeatCount: Float = 0
    /// Seconds to repeat for; overrides `repeatCount` when positive.
    public var repeatDuration: CFTimeInterval = 0
    /// Whether each cycle plays forwards and then backwards.
    public var autoreverses = false
    /// Whether it applies before it begins and after it ends.
    public var fillMode: CAMediaTimingFillMode = .removed
    /// Eases each cycle; nil is linear.
    public var timingFunction: CAMediaTimingFunction?
    /// Whether it is taken off its layer when it ends.
    public var isRemovedOnCompletion = true
    /// Told when it starts and stops; held strongly, as on iOS.
    public var delegate: CAAnimationDelegate?
    /// Values stored by key (`setValue(_:forKey:)`), copied with the animation.
    private var keyedValues: [String: Any] = [:]

    /// An animation with Core Animation's defaults.
    public override init() {}

    /// A copy of `other`, the subclass's properties included (what `copy()` makes).
    required public init(copying other: CAAnimation) {
        beginTime = other.beginTime
        duration = other.duration
        speed = other.speed
        timeOffset = other.timeOffset
        repeatCount = other.repeatCount
        repeatDuration = other.repeatDuration
        autoreverses = other.autoreverses
        fillMode = other.fillMode
        timingFunction = other.timingFunction
        isRemovedOnCompletion = other.isRemovedOnCompletion
        delegate = other.delegate
        keyedValues = other.keyedValues
    }

    /// A copy of every property (`copy()`).
    public func copy() -> Self { Self(copying: self) }

    /// Stores `value` under `key` (key-value coding on an animation).
    public func setValue(_ value: Any?, forKey key: String) {
        keyedValues[key] = value
    }

    /// The value stored under `key`, if any.
    public func value(forKey key: String) -> Any? {
        keyedValues[key]
    }

    /// The engine's animation for this one, without callbacks.
    func makeEngineAnimation() -> Animation {
        let a = Animation()
        applyTiming(to: a)
        return a
    }

    func applyTiming(to a: Animation) {
        a.beginTime = beginTime
        a.duration = duration
        a.speed = Double(written: speed)
        a.timeOffset = timeOffset
        a.repeatCount = Double(written: repeatCount)
        a.repeatDuration = repeatDuration
        a.autoreverses = autoreverses
        a.fillMode = fillMode
        a.timingFunction = timingFunction?.function
        a.isRemovedOnCompletion = isRemovedOnCompletion
    }
}

/// An animation of one property, named by its key path (`CAPropertyAnimation`).
open class CAPropertyAnimation: CAAnimation {
    /// The property animated: `"position"`, `"transform.rotation.z"`, `"opacity"`…
    public var keyPath: String?
    /// Whether its values add to the property's model value.
    public var isAdditive = false
    /// Whether each repeat builds on the last one's end.
    public var isCumulative = false

    /// An animation of `keyPath` (`init(keyPath:)`).
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    public override init() { super.init() }

    required public init(copying other: CAAnimation) {
        super.init(copying: other)
        guard let other = other as? CAPropertyAnimation else { return }
        keyPath = other.keyPath
        isAdditive = other.isAdditive
        isCumulative = other.isCumulative
    }

    func applyProperty(to a: PropertyAnimation) {
        applyTiming(to: a)
        a.isAdditive = isAdditive
        a.isCumulative = isCumulative
    }

    /// The key path, which must be set before the animation is added.
    var requiredKeyPath: String {
        guard let keyPath else { preconditionFailure("\(type(of: self)) added without a keyPath") }
        return keyPath
    }
}

/// An animation from one value to another (`CABasicAnimation`). Values are what iOS takes:
/// numbers (`Double`, `Float`, `Int`, `Bool`), `CGPoint`, `CGSize`, `CGRect`,
/// `CATransform3D`, `CGColor`, `CGPath`, `NSValue`, and arrays of numbers or colours.
open class CABasicAnimation: CAPropertyAnimation {
    public var fromValue: Any?
    public var toValue: Any?
    public var byValue: Any?

    public override init() { super.init() }

    required public init(copying other: CAAnimation) {
        super.init(copying: other)
        guard let other = other as? CABasicAnimation else { return }
        fromValue = other.fromValue
        toValue = other.toValue
        byValue = other.byValue
    }

    override func makeEngineAnimation() -> Animation {
        let a = BasicAnimation(keyPath: requiredKeyPath)
        applyBasic(to: a)
        return a
    }

    func applyBasic(to a: BasicAnimation) {
        applyProperty(to: a)
        a.fromValue = fromValue.map { animationValue($0, "fromValue") }
        a.toValue = toValue.map { animationValue($0, "toValue") }
        a.byValue = byValue.map { animationValue($0, "byValue") }
    }
}

/// A spring from one value to another (`CASpringAnimation`); its duration is what you set, as
/// on iOS — usually `settlingDuration`.
public final class CASpringAnimation: CABasicAnimation {
    public var mass: CGFloat = 1
    public var stiffness: CGFloat = 100
    public var damping: CGFloat = 10
    public var initialVelocity: CGFloat = 0
    /// Whether a damping ratio above 1 is kept (iOS 17's `allowsOverdamping`).
    public var allowsOverdamping = false

    public override init() { super.init() }

    /// A spring for a perceptual duration and a bounce (`init(perceptualDuration:bounce:)`).
    public convenience init(perceptualDuration: TimeInterval, bounce: CGFloat) {
        self.init()
        let spring = SpringAnimation(keyPath: "", perceptualDuration: perceptualDuration, bounce: bounce)
        (mass, stiffness, damping) = (spring.mass, spring.stiffness, spring.damping)
        allowsOverdamping = spring.allowsOverdamping
    }

    required public init(copying other: CAAnimation) {
        super.init(copying: other)
        guard let other = other as? CASpringAnimation else { return }
        (mass, stiffness, damping, initialVelocity) = (other.mass, other.stiffness, other.damping, other.initialVelocity)
        allowsOverdamping = other.allowsOverdamping
    }

    /// The seconds until the spring rests (`settlingDuration`).
    public var settlingDuration: CFTimeInterval { springAnimation().settlingDuration }

    override func makeEngineAnimation() -> Animation {
        let a = springAnimation()
        applyBasic(to: a)
        return a
    }

    private func springAnimation() -> SpringAnimation {
        let a = SpringAnimation(keyPath: keyPath ?? "")
        (a.mass, a.stiffness, a.damping, a.initialVelocity) = (mass, stiffness, damping, initialVelocity)
        a.allowsOverdamping = allowsOverdamping
        return a
    }
}

/// An animation through values or along a path (`CAKeyframeAnimation`).
public final class CAKeyframeAnimation: CAPropertyAnimation {
    public var values: [Any]?
    public var path: CGPath?
    public var keyTimes: [Double]?
    public var timingFunctions: [CAMediaTimingFunction]?
    public var calculationMode: CAAnimationCalculationMode = .linear
    public var tensionValues: [Double]?
    public var continuityValues: [Double]?
    public var biasValues: [Double]?
    public var rotationMode: CAAnimationRotationMode?

    public override init() { super.init() }

    required public init(copying other: CAAnimation) {
        super.init(copying: other)
        guard let other = other as? CAKeyframeAnimation else { return }
        values = other.values
        path = other.path?.copy()
        keyTimes = other.keyTimes
        timingFunctions = other.timingFunctions
        calculationMode = other.calculationMode
        tensionValues = other.tensionValues
        continuityValues = other.continuityValues
        biasValues = other.biasValues
        rotationMode = other.rotationMode
    }

    override func makeEngineAnimation() -> Animation {
        let a = KeyframeAnimation(keyPath: requiredKeyPath)
        applyProperty(to: a)
        a.values = values?.map { animationValue($0, "values") }
        a.path = path?.path
        a.keyTimes = keyTimes
        a.timingFunctions = timingFunctions?.map(\.function)
        a.calculationMode = calculationMode
        a.tensionValues = tensionValues
        a.continuityValues = continuityValues
        a.biasValues = biasValues
        a.rotationMode = rotationMode
        return a
    }
}

/// Animations run together in one time space (`CAAnimationGroup`); their own delegates are not
/// told, as on iOS.
public final class CAAnimationGroup: CAAnimation {
    public var animations: [CAAnimation]?

    public override init() { super.init() }

    required public init(copying other: CAAnimation) {
        super.init(copying: other)
        animations = (other as? CAAnimationGroup)?.animations?.map { $0.copy() }
    }

    override func makeEngineAnimation() -> Animation {
        let a = AnimationGroup()
        applyTiming(to: a)
        a.animations = animations?.map { $0.makeEngineAnimation() } ?? []
        return a
    }
}

/// The kind of a transition (`CATransitionType`).
public typealias CATransitionType = Transition.Kind
/// The side a transition comes from (`CATransitionSubtype`).
public typealias CATransitionSubtype = Transition.Direction

/// A change of a layer's content shown as a fade, push, move-in or reveal (`CATransition`).
public final class CATransition: CAAnimation {
    public var type: CATransitionType = .fade
    public var subtype: CATransitionSubtype?
    public var startProgress: Float = 0
    public var endProgress: Float = 1

    public override init() { super.init() }

    required public init(copying other: CAAnimation) {
        super.init(copying: other)
        guard let other = other as? CATransition else { return }
        (type, subtype, startProgress, endProgress) = (other.type, other.subtype, other.startProgress, other.endProgress)
    }

    override func makeEngineAnimation() -> Animation {
        let a = TransitionAnimation()
        applyTiming(to: a)
        a.type = type
        a.subtype = subtype
        a.startProgress = Double(written: startProgress)
        a.endProgress = Double(written: endProgress)
        return a
    }
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
