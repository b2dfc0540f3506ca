/// The frozen form of an animation that a timeline keeps and samples: value types only, so
/// sampling is a pure, thread-safe function of time.
public struct AnimationSpec: Hashable, Sendable {
    /// The animation's media timing, in its parent's time (the layer's or the group's).
    public var timing: MediaTiming
    /// Eases the fraction of each cycle; nil is linear.
    public var timingFunction: TimingFunction?
    /// Whether a top-level animation stops applying after its active duration (no forward fill).
    public var isRemovedOnCompletion: Bool
    /// What the animation animates.
    public var content: Content

    /// What the animation animates.
    public indirect enum Content: Hashable, Sendable {
        /// A base `CAAnimation`, which animates nothing.
        case none
        case basic(Basic)
        case keyframes(Keyframes)
        case spring(Basic, Spring)
        case group([AnimationSpec])
        /// A `CATransition`: it changes no value; drawing asks for its progress (`transitionProgress`).
        case transition(Transition)
    }

    /// A basic animation's key path and values.
    public struct Basic: Hashable, Sendable {
        /// The animated property.
        public var keyPath: LayerKeyPath
        /// The from, to and by values; a missing end is derived as in docs/core-animation.md §3.
        public var from, to, by: AnimationValue?
        /// Whether the value is added to the underlying one.
        public var isAdditive: Bool
        /// Whether iteration k is shifted by k × (end − start).
        public var isCumulative: Bool
        /// Turns the interpolated numbers into the transform set (nil: the values are set as they are).
        public var valueFunction: ValueFunction?
    }

    /// Whether the animation (or one in it) changes the property or sub-key path called `name`.
    public func animates(_ name: String) -> Bool {
        animatesKeyPath { $0 == name }
    }

    /// Whether the animation (or one in it) changes a key path whose name `matches`.
    public func animatesKeyPath(where matches: (String) -> Bool) -> Bool {
        switch content {
        case .none, .transition: false
        case .basic(let basic), .spring(let basic, _): matches(basic.keyPath.name)
        case .keyframes(let keyframes): matches(keyframes.keyPath.name)
        case .group(let children): children.contains { $0.animatesKeyPath(where: matches) }
        }
    }

    /// Core Animation's duration for an animation added to a layer with duration 0.
    public static let defaultDuration = 0.25

    /// Applies the animation at `time` (in the parent's time: the layer's or the group's) on top
    /// of `values`. `fallbackDuration` replaces a zero duration; `isTopLevel` is false for the
    /// children of a group, whose removedOnCompletion is ignored.
    public func apply(to values: inout LayerValues, at time: Double, fallbackDuration: Double = defaultDuration, isTopLevel: Bool = true,
                      atLeftLimit: Bool = false) {
        let allowFill = !isTopLevel || !isRemovedOnCompletion
        guard let sample = timing.sample(at: time, fallbackDuration: fallbackDuration, allowForwardFill: allowFill,
                                         atLeftLimit: atLeftLimit) else { return }
        let progress = timingFunction.map { $0(sample.fraction) } ?? sample.fraction
        switch content {
        case .none, .transition:
            return
        case .group(let children):
            let d = sample.duration
            for child in children {
                // A group held at its end holds its children at their left limits too.
                child.apply(to: &values, at: progress * d, fallbackDuration: d, isTopLevel: false, atLeftLimit: sample.isLeftLimit)
            }
        case .basic(let basic):
            basic.apply(to: &values, progress: progress, iteration: sample.iteration)
        case .keyframes(let keyframes):
            keyframes.apply(to: &values, progress: progress, iteration: sample.iteration)
        case let .spring(basic, spring):
            // A spring replaces the timing function with the oscillator's displacement.
            basic.apply(to: &values, progress: spring.progress(at: sample.fraction * sample.duration), iteration: sample.iteration)
        }
    }
}

extension AnimationSpec {
    /// A transition's progress at `time` in its layer's time (nil outside its active time,
    /// unless it fills), and the transition.
    func transitionProgress(at time: Double) -> (Transition, Double)? {
        guard case .transition(let transition) = content,
              let sample = timing.sample(at: time, fallbackDuration: Self.defaultDuration, allowForwardFill: !isRemovedOnCompletion)
        else { return nil }
        return (transition, transition.progress(at: timingFunction.map { $0(sample.fraction) } ?? sample.fraction))
    }
}

extension AnimationSpec.Basic {
    /// The from/to/by table of docs/core-animation.md §3, then additive and cumulative.
    func apply(to values: inout LayerValues, progress: Double, iteration: Int) {
        let transformed = keyPath.value(in: values)
        // With a value function the numbers interpolate; a missing end means no change.
        let underlying = valueFunction?.identity(like: from ?? to ?? by) ?? transformed
        let base: AnimationValue = isAdditive ? zero(like: underlying) : underlying
        let start: AnimationValue, end: AnimationValue
        switch (from, to, by) {
        case let (f?, t?, _): (start, end) = (f, t)
        case let (f?, nil, b?): (start, end) = (f, f.adding(b))
        case let (nil, t?, b?): (start, end) = (t.subtracting(b), t)
        case let (f?, nil, nil): (start, end) = (f, base)
        case let (nil, t?, nil): (start, end) = (base, t)
        case let (nil, nil, b?): (start, end) = (base, base.adding(b))
        case (nil, nil, nil): (start, end) = (base, base)
        }
        var value = start.interpolated(to: end, at: progress)
        if isCumulative && iteration > 0 {
            let step = end.subtracting(start)
            for _ in 0..<min(iteration, 10_000) { value = value.adding(step) }
        }
        if let valueFunction {
            guard let transform = valueFunction.transform(value) else { return }
            try? keyPath.set(isAdditive ? transformed.adding(.transform(transform)) : .transform(transform), in: &values)
            return
        }
        if isAdditive { value = underlying.adding(value) }
        try? keyPath.set(value, in: &values)
    }

    /// The additive identity for the value's type.
    private func zero(like v: AnimationValue) -> AnimationValue {
        switch v {
        case .number: .number(0)
        case .point: .point(.zero)
        case .size: .size(.zero)
        case .rect: .rect(.zero)
        case .color: .color(Color(red: 0, green: 0, blue: 0, alpha: 0))
        case .transform: .transform(.identity)
        case .numbers(let list): .numbers(list.map { _ in 0 })
        case .path, .colors, .image: v
        }
    }
}
