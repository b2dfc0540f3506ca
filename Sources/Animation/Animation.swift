/// An animation as `CAAnimation`: media timing, a timing function, and delegate callbacks.
///
/// Like Core Animation, a layer keeps a copy of an animation when it is added, so changing the
/// object afterwards does not change the running animation.
public class Animation {
    public var beginTime: Double = 0
    public var duration: Double = 0
    public var speed: Double = 1
    public var timeOffset: Double = 0
    /// May be fractional or `.infinity` (`HUGE_VALF`).
    public var repeatCount: Double = 0
    public var repeatDuration: Double = 0
    public var autoreverses = false
    public var fillMode: FillMode = .removed
    public var timingFunction: TimingFunction?
    public var isRemovedOnCompletion = true
    /// A name that script rules refer to (what iOS code does with `setValue:forKey:` on the
    /// animation); it is not the key the animation is added under.
    public var name: String?
    /// Called when the active duration begins (`animationDidStart:`).
    public var didStart: ((Script) -> Void)?
    /// Called when the animation ends (`finished: true`) or is removed early (`false`)
    /// (`animationDidStop:finished:`).
    public var didStop: ((Script, Bool) -> Void)?

    public init() {}

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
    public var keyPath: String
    public var isAdditive = false
    public var isCumulative = false

    public init(keyPath: String) {
        self.keyPath = keyPath
    }
}

/// Interpolates a property between from, to and by values (`CABasicAnimation`); a missing end
/// takes the underlying (model) value, as in docs/core-animation.md §3.
public class BasicAnimation: PropertyAnimation {
    public var fromValue: AnimationValue?
    public var toValue: AnimationValue?
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
        fromValue = o.fromValue
        toValue = o.toValue
        byValue = o.byValue
    }

    /// The key path and values, checked: an unknown key path or a value of the wrong type throws.
    func basicSpec() throws(AnimationError) -> AnimationSpec.Basic {
        let key = try LayerKeyPath(keyPath)
        for value in [fromValue, toValue, byValue].compactMap({ $0 }) {
            var probe = LayerValues()
            try key.set(value, in: &probe)
        }
        return AnimationSpec.Basic(keyPath: key, from: fromValue, to: toValue, by: byValue,
                                   isAdditive: isAdditive, isCumulative: isCumulative)
    }

    public override func spec() throws(AnimationError) -> AnimationSpec {
        AnimationSpec(timing: timing, timingFunction: timingFunction, isRemovedOnCompletion: isRemovedOnCompletion,
                      content: .basic(try basicSpec()))
    }
}

/// Runs several animations together in one time space (`CAAnimationGroup`).
public final class AnimationGroup: Animation {
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
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}
