import Geometry

/// How a keyframe animation fills the time between its keyframes (`calculationMode`).
public enum CalculationMode: String, Hashable, Sendable, CaseIterable {
    /// Straight interpolation between neighbouring values.
    case linear
    /// Each value holds until the next key time.
    case discrete
    /// Constant speed across all values; keyTimes, timingFunctions and the timingFunction are ignored.
    case paced
    /// A Catmull-Rom (Kochanek–Bartels) spline through the values.
    case cubic
    /// Constant speed along that spline.
    case cubicPaced
}

/// Turning a layer to follow its path (`rotationMode`).
public enum RotationMode: String, Hashable, Sendable {
    /// The layer turns to the path's tangent.
    case auto
    /// The tangent plus a half turn.
    case autoReverse
}

/// Animates a property through a list of values or along a path (`CAKeyframeAnimation`).
public final class KeyframeAnimation: PropertyAnimation {
    /// The keyframe values; ignored when `path` is set.
    public var values: [AnimationValue]?
    /// Overrides `values`: every element but a move-to is a keyframe (docs/core-animation.md §3).
    public var path: Path?
    /// One per value (one more in discrete mode), non-decreasing from 0 to 1; invalid ones are ignored.
    public var keyTimes: [Double]?
    /// One per segment between values, easing that segment.
    public var timingFunctions: [TimingFunction]?
    /// How time runs between the keyframes.
    public var calculationMode: CalculationMode = .linear
    /// Kochanek–Bartels tension per keyframe, for the cubic modes; a missing entry is 0.
    public var tensionValues: [Double]?
    /// Kochanek–Bartels continuity per keyframe, for the cubic modes; a missing entry is 0.
    public var continuityValues: [Double]?
    /// Kochanek–Bartels bias per keyframe, for the cubic modes; a missing entry is 0.
    public var biasValues: [Double]?
    /// Turns the layer to its direction of motion; nil leaves the transform alone.
    public var rotationMode: RotationMode?

    public override func copy() -> Animation {
        let a = KeyframeAnimation(keyPath: keyPath)
        a.copyTiming(from: self)
        a.isAdditive = isAdditive
        a.isCumulative = isCumulative
        a.values = values
        a.path = path
        a.keyTimes = keyTimes
        a.timingFunctions = timingFunctions
        a.calculationMode = calculationMode
        a.tensionValues = tensionValues
        a.continuityValues = continuityValues
        a.biasValues = biasValues
        a.rotationMode = rotationMode
        return a
    }

    public override func spec() throws(AnimationError) -> AnimationSpec {
        let key = try LayerKeyPath(keyPath)
        let frames: AnimationSpec.Keyframes.Frames
        if let path, !path.segments.isEmpty {
            var probe = LayerValues()
            try key.set(.point(.zero), in: &probe)
            frames = .path(path.segments)
        } else {
            for value in values ?? [] {
                var probe = LayerValues()
                try key.set(value, in: &probe)
            }
            frames = .values(values ?? [])
        }
        let keyframes = AnimationSpec.Keyframes(
            keyPath: key, frames: frames, keyTimes: keyTimes, timingFunctions: timingFunctions ?? [],
            mode: calculationMode, tension: tensionValues ?? [], continuity: continuityValues ?? [], bias: biasValues ?? [],
            rotationMode: rotationMode, isAdditive: isAdditive, isCumulative: isCumulative)
        // Paced modes ignore the timing function as they do keyTimes (Apple's `paced` page).
        let paced = calculationMode == .paced || calculationMode == .cubicPaced
        return AnimationSpec(timing: timing, timingFunction: paced ? nil : timingFunction, isRemovedOnCompletion: isRemovedOnCompletion,
                             content: .keyframes(keyframes))
    }
}
