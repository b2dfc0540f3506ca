/// How a timed object behaves outside its active duration (`CAMediaTimingFillMode`).
public enum FillMode: String, Hashable, Sendable, CaseIterable {
    case removed, forwards, backwards, both

    var fillsForwards: Bool { self == .forwards || self == .both }
    var fillsBackwards: Bool { self == .backwards || self == .both }
}

/// The `CAMediaTiming` properties of an animation or a layer.
public struct MediaTiming: Hashable, Sendable {
    /// When the object begins, in seconds of its parent's time.
    public var beginTime: Double = 0
    /// Seconds of one simple cycle; 0 takes the fallback duration.
    public var duration: Double = 0
    /// Local seconds per second of parent time; 0 pauses.
    public var speed: Double = 1
    /// Seconds added to local time after `speed` scales it.
    public var timeOffset: Double = 0
    /// May be fractional or `.infinity`.
    public var repeatCount: Double = 0
    /// Seconds of repetition; when positive it overrides `repeatCount`.
    public var repeatDuration: Double = 0
    /// Whether each cycle plays forwards and then backwards.
    public var autoreverses: Bool = false
    /// Whether the object applies before it begins and after it ends.
    public var fillMode: FillMode = .removed

    /// Core Animation's defaults: begin 0, speed 1, one cycle, no fill.
    public init() {}

    /// A layer's time from its parent's time `t` (docs/core-animation.md §2): `(t − beginTime) ×
    /// speed + timeOffset` while its duration is 0 (the default: a layer's time runs on for
    /// ever); with a duration, as an animation's runs — wrapped into its repeats, mirrored when it
    /// autoreverses, held by its fill outside its active duration — and nil outside it without a
    /// fill, or when the parent's own time is nil (−∞): its animations, and its sublayers', do not
    /// apply there.
    public func layerTime(fromParent t: Double) -> Double? {
        guard t.isFinite else { return nil }
        guard duration > 0 else { return linearLayerTime(fromParent: t) }
        return sample(at: t, fallbackDuration: duration).map { $0.fraction * $0.duration }
    }

    /// A layer's time from its parent's as a layer with no duration maps it: `(t − beginTime) ×
    /// speed + timeOffset`.
    public func linearLayerTime(fromParent t: Double) -> Double {
        (t - beginTime) * speed + timeOffset
    }

    /// The first parent time at or after `after` at which a layer's time is `local`, or nil when
    /// there is none: a paused layer, or a layer with a duration whose passes (forwards, or
    /// forwards and back when it autoreverses) never reach `local` from then on. A layer with no
    /// duration reaches each time once, whatever `after` says; speeds below 0 are taken so only
    /// without a duration.
    public func parentTime(fromLayer local: Double, after: Double = -.infinity) -> Double? {
        guard speed != 0 else { return nil }
        guard duration > 0 else { return (local - timeOffset) / speed + beginTime }
        guard speed > 0, local >= 0, local <= duration else { return nil }
        let d = duration, cycle = autoreverses ? 2 * duration : duration
        let active = activeDuration(fallback: d)
        // Times equal to within rounding count as equal (the forward map's local time may be an
        // ulp off what this one asks for).
        let tolerance = 1e-9 * max(1, cycle)
        // Elapsed active time e from the first wanted on, at a place in a pass that shows
        // `local`: e + timeOffset ≡ local (or, going back, cycle − local) modulo a cycle. A
        // place at the end of a pass is reached as that pass ends (the left limit), after `first`.
        let first = max((after - beginTime) * speed, 0)
        let places = autoreverses ? [local, cycle - local] : [local]
        let found = places.compactMap { place -> Double? in
            var shift = (place - timeOffset).truncatingRemainder(dividingBy: cycle)
            if shift < -tolerance { shift += cycle }
            let endsPass = place >= cycle - tolerance
            if endsPass && abs(shift) <= tolerance { shift = cycle }
            let from = endsPass ? first + tolerance : first - tolerance
            let e = shift + max(((from - shift) / cycle).rounded(.up), 0) * cycle
            let elapsed = max(e, first)
            return elapsed <= active + tolerance ? min(elapsed, active) : nil
        }.min()
        return found.map { beginTime + $0 / speed }
    }

    /// The simple duration, with `fallback` when `duration` is 0.
    public func simpleDuration(fallback: Double) -> Double {
        duration > 0 ? duration : fallback
    }

    /// The active duration: repeats and autoreverse included; may be infinite.
    public func activeDuration(fallback: Double) -> Double {
        let d = simpleDuration(fallback: fallback)
        let cycle = autoreverses ? 2 * d : d
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 { return repeatCount * cycle }
        return cycle
    }

    /// Where an animation stands at parent time `t` (docs/core-animation.md §2), or nil when it does not apply.
    /// `allowForwardFill` is false for an animation that is removed on completion. `atLeftLimit`
    /// says `t` is the end of a parent's active time held by its fill, so an animation ending
    /// exactly there shows its last value (the left limit) rather than having ended.
    public func sample(at t: Double, fallbackDuration: Double, allowForwardFill: Bool = true, atLeftLimit: Bool = false) -> TimingSample? {
        let d = simpleDuration(fallback: fallbackDuration)
        let cycle = autoreverses ? 2 * d : d
        let active = activeDuration(fallback: fallbackDuration)
        let elapsed = (t - beginTime) * speed
        let a: Double
        if elapsed < 0 {
            guard fillMode.fillsBackwards else { return nil }
            a = timeOffset
        } else if elapsed >= active {
            // Equal up to rounding: a child that ends with its group may sum to a few ulps more.
            let endsHere = atLeftLimit && elapsed - active <= 1e-9 * max(1, active)
            guard endsHere || (fillMode.fillsForwards && allowForwardFill), active.isFinite else { return nil }
            // The filled value is the left limit of the active interval: the last local time
            // shown, timeOffset included, where a cycle boundary counts as the end of a cycle.
            var last = (active + timeOffset).truncatingRemainder(dividingBy: active)
            if last <= 0 { last += active }
            return endSample(at: last, cycle: cycle, d: d)
        } else {
            a = elapsed + timeOffset
        }
        var wrapped = a
        if active.isFinite {
            wrapped = a.truncatingRemainder(dividingBy: active)
            if wrapped < 0 { wrapped += active }
        }
        let iteration = (wrapped / cycle).rounded(.down)
        var within = wrapped - iteration * cycle
        if autoreverses && within > d { within = cycle - within }
        return TimingSample(fraction: min(max(within / d, 0), 1), iteration: Int(min(iteration, 1e9)), duration: d)
    }

    /// The left limit at local position `position` (in 0 < position ≤ active): a position on a
    /// cycle boundary is the end of the cycle before it.
    private func endSample(at position: Double, cycle: Double, d: Double) -> TimingSample {
        let iteration = max((position / cycle).rounded(.up) - 1, 0)
        var within = position - iteration * cycle
        if autoreverses && within > d { within = cycle - within }
        return TimingSample(fraction: min(max(within / d, 0), 1), iteration: Int(min(iteration, 1e9)), duration: d, isLeftLimit: true)
    }
}

/// An animation's position in its cycle: the un-eased fraction of the simple duration and the
/// number of completed iterations (for cumulative animations).
public struct TimingSample: Hashable, Sendable {
    /// The fraction of the simple duration, 0…1, before easing.
    public var fraction: Double
    /// The number of completed cycles.
    public var iteration: Int
    /// The simple duration used, in seconds.
    public var duration: Double
    /// Whether this is the value held at the end of the active time (a forward fill).
    public var isLeftLimit = false
}
