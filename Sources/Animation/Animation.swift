/// An animation as `CAAnimation`: media timing, a timing function, and delegate callbacks.
///
/// Like Core Animation, a layer keeps a copy of an animation when it is added, so changing the
/// object afterwards does not change the running animation.
public class Animation {
    /// When the animation begins, in seconds of its layer's time (its group's, for a child); 0 when
    /// added means the layer's time at that moment.
    public var beginTime: Double = 0
    /// Seconds of one simple cycle; 0 means 0.25 s, or the group's duration for a group's child.
    public var duration: Double = 0
    /// How fast the animation's time runs against its parent's; 0 pauses it.
    public var speed: Double = 1
    /// Seconds added to the animation's local time after `speed` scales it.
    public var timeOffset: Double = 0
    /// May be fractional or `.infinity` (`HUGE_VALF`).
    public var repeatCount: Double = 0
    /// Seconds the animation repeats for; when positive it overrides `repeatCount`.
    public var repeatDuration: Double = 0
    /// Whether each cycle plays forwards and then backwards, doubling its length.
    public var autoreverses = false
    /// Whether the animation applies before it begins and after it ends.
    public var fillMode: FillMode = .removed
    /// Eases the fraction of each cycle; nil is linear.
    public var timingFunction: TimingFunction?
    /// Whether the animation stops applying after its active duration; false lets a forward fill show.
    public var isRemovedOnCompletion = true
    /// A name that script rules refer to (what iOS code does with `setValue:forKey:` on the
    /// animation); it is not the key the animation is added under.
    public var name: String?
    /// Called when the active duration begins (`animationDidStart:`).
    public var didStart: ((Script) -> Void)?
    /// Called when the animation ends (`finished: true`) or is removed early (`false`)
    /// (`animationDidStop:finished:`).
    public var didStop: ((Script, Bool) -> Void)?

    /// An animation with Core Animation's defaults.
    public init() {}

    /// Makes it begin `delay` seconds after `layerTime` (its layer's time now), showing the
    /// value it starts from until then (filling backwards): UIView.animate's delay.
    public func delay(by delay: Double, from layerTime: Double) {
        beginTime = layerTime + delay
        fillMode = fillMode.fillsForwards ? .both : .backwards
    }

    /// The media timing properties as one value.
    public var timing: MediaTiming {
        var t = MediaTiming()
        t.beginTime = beginTime
        t.duration = duration
        t.speed = speed
        t.timeOffset = timeOffset
        t.repeatCount = repeatCount
        t.repeatDuration = repeatDuration
        t.autoreverses = autoreverses
        t.fillMode = fillMode
        return t
    }

    /// A copy with the same properties and callbacks.
    public func copy() -> Animation {
        let a = Animation()
        a.copyTiming(from: self)
        return a
    }

    func copyTiming(from o: Animation) {
        beginTime = o.beginTime
        duration = o.duration
        speed = o.speed
        timeOffset = o.timeOffset
        repeatCount = o.repeatCount
        repeatDuration = o.repeatDuration
        autoreverses = o.autoreverses
        fillMode = o.fillMode
        timingFunction = o.timingFunction
        isRemovedOnCompletion = o.isRemovedOnCompletion
        name = o.name
        didStart = o.didStart
        didStop = o.didStop
    }

    /// The immutable, thread-safe description the timeline keeps; throws on an unknown key path.
    public func spec() throws(AnimationError) -> AnimationSpec {
        AnimationSpec(timing: timing, timingFunction: timingFunction, isRemovedOnCompletion: isRemovedOnCompletion, content: .none)
    }
}

/// An animation of one layer property named by a key path (`CAPropertyAnimation`).
public class PropertyAnimation: Animation {
    /// The animated property's key path (`"position.x"`, `"transform.rotation.z"`); see `LayerKeyPath`.
    public var keyPath: String
    /// Whether the value adds to the underlying one instead of replacing it (transforms concatenate).
    public var isAdditive = false
    /// Whether repeats build on each other: iteration k is shifted by k × (end − start).
    public var isCumulative = false
    /// For a transform key path: the values are numbers this turns into transforms (`CAValueFunction`).
    public var valueFunction: ValueFunction?

    /// An animation of the property at `keyPath`.
    public init(keyPath: String) {
        self.keyPath = keyPath
    }
}

/// Interpolates a property between from, to and by values (`CABasicAnimation`); a missing end
/// takes the underlying (model) value, as in docs/core-animation.md §3.
public class BasicAnimation: PropertyAnimation {
    /// The value at the start; when nil, `toValue` − `byValue` or the underlying value
    /// (docs/core-animation.md §3).
    public var fromValue: AnimationValue?
    /// The value at the end; when nil it is `fromValue` + `byValue` or the underlying value.
    public var toValue: AnimationValue?
    /// The change over the animation; ignored when both `fromValue` and `toValue` are set.
    public var byValue: AnimationValue?

    public override func copy() -> Animation {
        let a = BasicAnimation(keyPath: keyPath)
        a.copyValues(from: self)
        return a
    }

    func copyValues(from o: BasicAnimation) {
        copyTiming(from: o)
        isAdditive = o.isAdditive
        isCumulative = o.isCumulative
        valueFunction = o.valueFunction
        fromValue = o.fromValue
        toValue = o.toValue
        byValue = o.byValue
    }

    /// The key path and values, checked: an unknown key path or a value of the wrong type throws.
    func basicSpec() throws(AnimationError) -> AnimationSpec.Basic {
        let key = try LayerKeyPath(keyPath)
        for value in [fromValue, toValue, byValue].compactMap({ $0 }) {
            var probe = LayerValues()
            if let valueFunction {
                guard let transform = valueFunction.transform(value) else {
                    throw .wrongValueType(keyPath: keyPath, expected: "number for \(valueFunction.rawValue)", got: value.typeName)
                }
                try key.set(.transform(transform), in: &probe)
            } else {
                try key.set(value, in: &probe)
            }
        }
        return AnimationSpec.Basic(keyPath: key, from: fromValue, to: toValue, by: byValue,
                                   isAdditive: isAdditive, isCumulative: isCumulative, valueFunction: valueFunction)
    }

    public override func spec() throws(AnimationError) -> AnimationSpec {
        AnimationSpec(timing: timing, timingFunction: timingFunction, isRemovedOnCompletion: isRemovedOnCompletion,
                      content: .basic(try basicSpec()))
    }
}

/// Runs several animations together in one time space (`CAAnimationGroup`).
public final class AnimationGroup: Animation {
    /// Run together in the group's time; their delegates and removedOnCompletion are ignored.
    public var animations: [Animation] = []

    public override func copy() -> Animation {
        let a = AnimationGroup()
        a.copyTiming(from: self)
        a.animations = animations.map { $0.copy() }
        return a
    }

    public override func spec() throws(AnimationError) -> AnimationSpec {
        var children: [AnimationSpec] = []
        for child in animations { children.append(try child.spec()) }
        return AnimationSpec(timing: timing, timingFunction: timingFunction, isRemovedOnCompletion: isRemovedOnCompletion,
                             content: .group(children))
    }
}

extension AnimationValue: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// A `.number` from a literal, so `toValue = 0.5` works.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A `.number` from an integer literal.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}
