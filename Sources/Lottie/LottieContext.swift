import Animation
import Documents
import Foundation
import Geometry

/// What mapping a decoded Lottie document onto animvid's layers needs throughout: the file (for
/// errors), its frame rate, where warnings go, the work budget the decoding began, and the
/// installed family each mapped font family is drawn in. Its helpers turn keyframes and
/// per-frame samples into animations.
struct LottieContext {
    let file: String
    let frameRate: Double
    let warnings: LottieWarnings
    let budget: LottieBudget
    /// The installed family that draws each font family the user mapped (`--font-map`).
    let fontMap: [String: String]

    /// An error at a decoded value's place.
    func fail(_ place: LottiePlace, _ message: String) -> DocumentError {
        guard let position = place.position else { return DocumentError(file: file, position: nil, path: place.path, message: message) }
        return DocumentError(at: position, in: file, path: place.path, message: message)
    }

    /// An error at the JSON path `path`, with no line and column.
    func fail(_ path: String, _ message: String) -> DocumentError {
        DocumentError(file: file, position: nil, path: path, message: message)
    }

    /// The frames at which to work out what changes between the keyframes at `keyed` (the
    /// frames of the changing properties' keyframes): `LottieSampling.frames` from the first to
    /// the last (at most `LottieFile.maximumSamples` steps), each charged `cost` against the
    /// file's budget; nil when they span no time.
    func sampleFrames(_ keyed: [Double], cost: Int, at path: String) throws(DocumentError) -> [Double]? {
        guard let first = keyed.min(), let last = keyed.max(), last > first else { return nil }
        let frames = LottieSampling.frames(from: first, to: last, limit: LottieFile.maximumSamples)
        try budget.charge((frames.count - 1) * cost, at: path, in: file)
        return frames
    }

    /// An animation of `keyPath` through `values`, one at each of `frames` (from `sampleFrames`,
    /// at least two), linear between them, held before and after.
    func sampled(_ keyPath: String, _ values: [AnimationValue], over frames: [Double]) -> KeyframeAnimation {
        let (first, last) = (frames[0], frames[frames.count - 1])
        let animation = KeyframeAnimation(keyPath: keyPath)
        animation.values = values
        animation.keyTimes = frames.map { ($0 - first) / (last - first) }
        animation.beginTime = LottieContext.beginTime(first / frameRate)
        animation.duration = (last - first) / frameRate
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        return animation
    }

    /// Values at `frames` (at least two) held each from halfway after the frame before to halfway
    /// before the frame after (the first and last as far again beyond): for samples that must
    /// not be interpolated.
    func held(_ keyPath: String, _ values: [AnimationValue], at frames: [Double]) -> KeyframeAnimation {
        let n = frames.count - 1
        let edges = [frames[0] - (frames[1] - frames[0]) / 2] + (1...n).map { (frames[$0 - 1] + frames[$0]) / 2 }
            + [frames[n] + (frames[n] - frames[n - 1]) / 2]
        // A discrete animation's key times are its values' edges: one more than the values.
        let animation = sampled(keyPath, values, over: edges)
        animation.calculationMode = .discrete
        return animation
    }

    /// Shows `layer` from frame `first` until (not at) frame `last` and hides it otherwise: three
    /// equal thirds of a discrete animation of `hidden` whose middle third is the span, begun a
    /// hair early so the frames themselves fall past the thirds' edges.
    func show(_ layer: Layer, from first: Double, until last: Double) {
        let shown = KeyframeAnimation(keyPath: "hidden")
        shown.values = [.number(1), .number(0), .number(1)]
        shown.keyTimes = [0, 1.0 / 3, 2.0 / 3, 1]
        shown.calculationMode = .discrete
        shown.fillMode = .both
        shown.isRemovedOnCompletion = false
        let (start, end) = (max(first, -1e6) / frameRate, min(last, 1e6) / frameRate)
        shown.beginTime = LottieContext.beginTime(start - (end - start) - 1e-7)
        shown.duration = 3 * (end - start)
        layer.isHidden = true
        layer.add(shown)
    }

    /// An opacity (0…100, animated or not) as `layer`'s.
    func apply(opacity: LottieProperty<[Double]>, to layer: Layer) {
        layer.opacity = (opacity.initial.first ?? 100) / 100
        if let a = opacity.animation(keyPath: "opacity", frameRate: frameRate, { .number(($0.first ?? 100) / 100) }) { layer.add(a) }
    }

    /// `[x, y]` as a point (missing numbers are 0).
    static func point(_ v: [Double]) -> Point {
        Point(v.first ?? 0, v.count > 1 ? v[1] : 0)
    }

    /// `seconds` as an animation's beginTime in its layer's own time: 0 would mean "when added"
    /// (Core Animation's rule), which inside a layer whose time is offset is not its time 0.
    static func beginTime(_ seconds: Double) -> Double {
        seconds == 0 ? 1e-12 : seconds
    }
}

extension LottieProperty {
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
        animation.beginTime = LottieContext.beginTime(first.frame / frameRate)
        animation.duration = span / frameRate
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        return animation
    }
}
