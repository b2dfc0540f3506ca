import Animation
import Geometry

/// An animatable Lottie property (`{"a": 0, "k": value}` or `{"a": 1, "k": [keyframes]}`) as
/// numbers: its value at the start, and its keyframes in the layer's frames. Each value is a
/// list of numbers (a scalar is a list of one), or for paths, a shape.
struct LottieProperty<Value> {
    /// A keyframe: its frame, its value, the easing towards the next keyframe (its `o` and `i`
    /// handles, the first dimension), and whether it holds until the next.
    struct Keyframe {
        var frame: Double
        var value: Value
        var easeOut: (x: Double, y: Double)
        var easeIn: (x: Double, y: Double)
        var hold: Bool
    }

    /// The value before any keyframe (the first keyframe's, or the static value).
    var initial: Value
    /// At least two keyframes when animated; empty when static.
    var keyframes: [Keyframe]

    /// The keyframe animation of `keyPath` these keyframes make, in the layer's seconds at
    /// `frameRate`: values at keyTimes, each segment eased by its cubic Bézier, a hold as a
    /// step just before the next keyframe; filled both ways. nil when static.
    func animation(keyPath: String, frameRate: Double, _ convert: (Value) -> AnimationValue) -> KeyframeAnimation? {
        guard let first = keyframes.first, let last = keyframes.last, last.frame > first.frame else { return nil }
        let span = last.frame - first.frame
        var values: [AnimationValue] = [], times: [Double] = [], easings: [TimingFunction] = []
        for (index, key) in keyframes.enumerated() {
            values.append(convert(key.value))
            times.append((key.frame - first.frame) / span)
            guard index + 1 < keyframes.count else { break }
            let next = keyframes[index + 1]
            if key.hold {
                // The value stays until a hair before the next keyframe, then steps.
                let step = max((next.frame - first.frame) / span - 1e-6, times[times.count - 1])
                values.append(convert(key.value))
                times.append(step)
                easings.append(.linear)
                easings.append(.linear)
            } else {
                easings.append(TimingFunction(min(max(key.easeOut.x, 0), 1), key.easeOut.y, min(max(key.easeIn.x, 0), 1), key.easeIn.y))
            }
        }
        let animation = KeyframeAnimation(keyPath: keyPath)
        animation.values = values
        animation.keyTimes = times
        animation.timingFunctions = easings
        animation.beginTime = LottieReader.beginTime(first.frame / frameRate)
        animation.duration = span / frameRate
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        return animation
    }

    /// Whether the property changes over time.
    var isAnimated: Bool { !keyframes.isEmpty }
}

extension LottieProperty where Value == [Double] {
    /// The value at layer frame `frame`: eased between the keyframes around it, held outside.
    func value(at frame: Double) -> [Double] {
        guard let first = keyframes.first, frame > first.frame else { return initial }
        guard let index = keyframes.firstIndex(where: { $0.frame > frame }) else { return keyframes[keyframes.count - 1].value }
        let (a, b) = (keyframes[index - 1], keyframes[index])
        if a.hold { return a.value }
        let progress = TimingFunction(min(max(a.easeOut.x, 0), 1), a.easeOut.y, min(max(a.easeIn.x, 0), 1), a.easeIn.y)((frame - a.frame) / (b.frame - a.frame))
        return zip(a.value, b.value).map { $0 + ($1 - $0) * progress }
    }
}
