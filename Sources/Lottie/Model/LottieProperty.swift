import Animation
import Geometry

/// An animatable Lottie property (`{"a": 0, "k": value}` or `{"a": 1, "k": [keyframes]}`) as
/// numbers: its value at the start, and its keyframes in the layer's frames. Each value is a
/// list of numbers (a scalar is a list of one), or for paths, a shape.
struct LottieProperty<Value: Sendable>: Sendable {
    /// A keyframe: its frame, its value, the easing towards the next keyframe (its `o` and `i`
    /// handles, the first dimension), and whether it holds until the next.
    struct Keyframe: Sendable {
        var frame: Double
        var value: Value
        var easeOut: (x: Double, y: Double)
        var easeIn: (x: Double, y: Double)
        var hold: Bool
        /// A motion path's tangents out of this keyframe and into the next (`to`, `ti`),
        /// relative to the values; nil or zero for a straight move.
        var spatialOut: [Double]? = nil, spatialIn: [Double]? = nil
        /// The easing of each dimension, when they differ (nil when `easeOut` and `easeIn` hold
        /// for all).
        var dimensionEases: [(out: (x: Double, y: Double), in: (x: Double, y: Double))]? = nil
    }

    /// The value before any keyframe (the first keyframe's, or the static value).
    var initial: Value
    /// At least two keyframes when animated; empty when static.
    var keyframes: [Keyframe]

    /// Whether the property changes over time.
    var isAnimated: Bool { !keyframes.isEmpty }
}

extension LottieProperty where Value == Path {
    /// The path at layer frame `frame`, as its keyframe animation shows it: eased between the
    /// keyframes around it point by point (a jump halfway where their elements differ), held
    /// outside them.
    func value(at frame: Double) -> Path {
        guard let first = keyframes.first, frame > first.frame else { return initial }
        guard let index = keyframes.firstIndex(where: { $0.frame > frame }) else { return keyframes[keyframes.count - 1].value }
        let (a, b) = (keyframes[index - 1], keyframes[index])
        if a.hold { return a.value }
        let progress = TimingFunction(min(max(a.easeOut.x, 0), 1), a.easeOut.y, min(max(a.easeIn.x, 0), 1), a.easeIn.y)(
            (frame - a.frame) / (b.frame - a.frame))
        return a.value.interpolated(to: b.value, at: progress) ?? (progress < 0.5 ? a.value : b.value)
    }
}

extension LottieProperty where Value == [Double] {
    /// The value at layer frame `frame`: eased between the keyframes around it, held outside; on
    /// a curved motion path, the eased share of the curve's length.
    func value(at frame: Double) -> [Double] {
        guard let first = keyframes.first, frame > first.frame else { return initial }
        guard let index = keyframes.firstIndex(where: { $0.frame > frame }) else { return keyframes[keyframes.count - 1].value }
        let (a, b) = (keyframes[index - 1], keyframes[index])
        if a.hold { return a.value }
        let fraction = (frame - a.frame) / (b.frame - a.frame)
        func eased(_ out: (x: Double, y: Double), _ into: (x: Double, y: Double)) -> Double {
            TimingFunction(min(max(out.x, 0), 1), out.y, min(max(into.x, 0), 1), into.y)(fraction)
        }
        if let eases = a.dimensionEases, !eases.isEmpty {
            return zip(a.value, b.value).enumerated().map { d, pair in
                let ease = eases[min(d, eases.count - 1)]
                return pair.0 + (pair.1 - pair.0) * eased(ease.out, ease.in)
            }
        }
        let progress = eased(a.easeOut, a.easeIn)
        if let out = a.spatialOut, let into = a.spatialIn, a.value.count >= 2, b.value.count >= 2, (out + into).contains(where: { $0 != 0 }) {
            let p0 = Point(a.value[0], a.value[1]), p3 = Point(b.value[0], b.value[1])
            let curve = CubicCurve(p0, Point(p0.x + out[0], p0.y + (out.count > 1 ? out[1] : 0)),
                                   Point(p3.x + into[0], p3.y + (into.count > 1 ? into[1] : 0)), p3)
            let point = curve.point(atLengthShare: progress)
            return [point.x, point.y] + zip(a.value.dropFirst(2), b.value.dropFirst(2)).map { $0 + ($1 - $0) * progress }
        }
        return zip(a.value, b.value).map { $0 + ($1 - $0) * progress }
    }

    /// Whether a keyframe eases its dimensions differently.
    var hasDimensionEases: Bool { keyframes.contains { $0.dimensionEases != nil } }

    /// Whether a keyframe moves along a curve (its tangents are not all zero).
    var hasCurvedMotion: Bool {
        keyframes.contains { key in ((key.spatialOut ?? []) + (key.spatialIn ?? [])).contains { $0 != 0 } }
    }

    /// The property sampled at `LottieSampling.frames` between its first and last keyframes (at
    /// most `maximumSamples` steps), as linear keyframes: for what animvid's keyframes cannot say
    /// as Lottie does (a curved motion path walked at the pace its easing gives along the curve's
    /// length).
    func sampled(maximumSamples: Int) -> LottieProperty {
        guard let first = keyframes.first?.frame, let last = keyframes.last?.frame, last > first else { return self }
        let samples = LottieSampling.frames(from: first, to: last, limit: maximumSamples).map { frame in
            Keyframe(frame: frame, value: value(at: frame), easeOut: (0, 0), easeIn: (1, 1), hold: false)
        }
        return LottieProperty(initial: initial, keyframes: samples)
    }
}

/// A cubic Bézier curve, walked by its length (a motion path's pace).
private struct CubicCurve {
    let p0: Point, p1: Point, p2: Point, p3: Point
    /// Cumulative lengths at `steps` equal steps of the parameter.
    private let lengths: [Double]
    private static let steps = 64

    init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
        (self.p0, self.p1, self.p2, self.p3) = (p0, p1, p2, p3)
        var lengths = [0.0]
        var previous = p0
        for i in 1...Self.steps {
            let point = Self.point(p0, p1, p2, p3, Double(i) / Double(Self.steps))
            lengths.append(lengths[i - 1] + ((point.x - previous.x) * (point.x - previous.x) + (point.y - previous.y) * (point.y - previous.y)).squareRoot())
            previous = point
        }
        self.lengths = lengths
    }

    static func point(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
        let u = 1 - t
        let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
        return Point(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// The point `share` (0…1) of the way along the curve's length.
    func point(atLengthShare share: Double) -> Point {
        guard let total = lengths.last, total > 0 else { return Self.point(p0, p1, p2, p3, share) }
        let target = min(max(share, 0), 1) * total
        let i = max((lengths.firstIndex { $0 >= target } ?? Self.steps), 1)
        let span = lengths[i] - lengths[i - 1]
        let t = (Double(i - 1) + (span > 0 ? (target - lengths[i - 1]) / span : 0)) / Double(Self.steps)
        return Self.point(p0, p1, p2, p3, t)
    }
}
