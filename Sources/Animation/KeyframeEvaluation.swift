import Foundation
import Geometry

extension AnimationSpec {
    /// A keyframe animation's frames and how time runs through them.
    public struct Keyframes: Hashable, Sendable {
        /// The keyframes: a list of values, or the elements of a path for a point property.
        public enum Frames: Hashable, Sendable {
            case values([AnimationValue])
            case path([PathSegment])
        }

        /// The animated property.
        public var keyPath: LayerKeyPath
        /// The keyframes.
        public var frames: Frames
        /// When each keyframe is reached, as fractions in 0…1; nil or invalid spaces them evenly.
        public var keyTimes: [Double]?
        /// Easing for each segment between keyframes; a missing one is linear.
        public var timingFunctions: [TimingFunction]
        /// How time runs between the keyframes.
        public var mode: CalculationMode
        /// Kochanek–Bartels tension per keyframe (cubic modes); a missing entry is 0.
        public var tension: [Double]
        /// Kochanek–Bartels continuity per keyframe (cubic modes); a missing entry is 0.
        public var continuity: [Double]
        /// Kochanek–Bartels bias per keyframe (cubic modes); a missing entry is 0.
        public var bias: [Double]
        /// Whether the layer turns to its direction of motion.
        public var rotationMode: RotationMode?
        /// Whether the value is added to the underlying one.
        public var isAdditive: Bool
        /// Whether iteration k is shifted by k × (last value − first value).
        public var isCumulative: Bool
    }
}

extension AnimationSpec.Keyframes {
    /// Applies the animation at `progress` (the whole animation's timing function already applied).
    func apply(to values: inout LayerValues, progress p: Double, iteration: Int) {
        guard var value = self.value(at: p) else { return }
        if isCumulative && iteration > 0, let first = self.value(at: 0), let last = self.value(at: 1) {
            let step = last.subtracting(first)
            for _ in 0..<min(iteration, 10_000) { value = value.adding(step) }
        }
        if isAdditive { value = keyPath.value(in: values).adding(value) }
        try? keyPath.set(value, in: &values)
        if let rotationMode, let angle = tangentAngle(at: p) {
            let turn = angle + (rotationMode == .autoReverse ? Double.pi : 0)
            values.transform = Transform3D(rotationAngle: turn).concatenating(values.transform)
        }
    }

    /// The interpolated value at progress `p`, or nil when there are no frames.
    func value(at p: Double) -> AnimationValue? {
        switch frames {
        case .path(let segments):
            return pathPoint(segments, at: p).map { .point($0.point) }
        case .values(let list):
            guard let first = list.first else { return nil }
            if list.count == 1 { return first }
            return interpolate(list, at: p)
        }
    }

    // MARK: Values

    private func interpolate(_ list: [AnimationValue], at p: Double) -> AnimationValue {
        let n = list.count
        switch mode {
        case .discrete:
            let times = validKeyTimes(count: n + 1) ?? (0...n).map { Double($0) / Double(n) }
            let index = (0..<n).last { times[$0] <= p } ?? 0
            return list[index]
        case .paced, .cubicPaced:
            if mode == .cubicPaced, let spline = spline(list) {
                return spline.pacedValue(at: p)
            }
            let times = Self.pacedTimes(list.indices.dropFirst().map { list[$0 - 1].distance(to: list[$0]) })
            let (i, s) = segment(p, times: times)
            return list[i].interpolated(to: list[i + 1], at: s)
        case .linear, .cubic:
            let times = validKeyTimes(count: n) ?? (0..<n).map { Double($0) / Double(n - 1) }
            var (i, s) = segment(p, times: times)
            if i < timingFunctions.count { s = timingFunctions[i](s) }
            if mode == .cubic, let spline = spline(list) { return spline.value(segment: i, at: s) }
            return list[i].interpolated(to: list[i + 1], at: s)
        }
    }

    /// Whether keyTimes are given but do not fit the frames (Core Animation then spaces the frames
    /// evenly, and so does animvid): the wrong count, not from 0 to 1, or decreasing. Paced
    /// modes ignore keyTimes anyway.
    public var keyTimesAreIgnored: Bool {
        guard keyTimes != nil, mode != .paced, mode != .cubicPaced else { return false }
        let count: Int = switch frames {
        case .values(let list): mode == .discrete ? list.count + 1 : list.count
        case .path(let segments): mode == .discrete ? segments.count + 2 : segments.count + 1
        }
        return validKeyTimes(count: count) == nil
    }

    /// keyTimes when they are valid for `count` frames: that many, non-decreasing, from 0 to 1.
    private func validKeyTimes(count: Int) -> [Double]? {
        guard let keyTimes, keyTimes.count == count, keyTimes.first == 0, keyTimes.last == 1,
              zip(keyTimes, keyTimes.dropFirst()).allSatisfy({ $0 <= $1 }) else { return nil }
        return keyTimes
    }

    /// The segment i with times[i] ≤ p < times[i+1] (the last one at p = 1) and the fraction in it.
    private func segment(_ p: Double, times: [Double]) -> (Int, Double) {
        let last = times.count - 2
        var i = 0
        while i < last && times[i + 1] <= p { i += 1 }
        let span = times[i + 1] - times[i]
        let s = span > 0 ? (p - times[i]) / span : 1
        return (i, min(max(s, 0), 1))
    }

    /// Key times proportional to cumulative distance (equal shares when all distances are 0).
    static func pacedTimes(_ distances: [Double]) -> [Double] {
        let total = distances.reduce(0, +)
        var times = [0.0]
        var sum = 0.0
        for (index, d) in distances.enumerated() {
            sum += d
            times.append(total > 0 ? sum / total : Double(index + 1) / Double(distances.count))
        }
        times[times.count - 1] = 1
        return times
    }

    private func spline(_ list: [AnimationValue]) -> KochanekBartelsSpline? {
        let vectors = list.compactMap(\.components)
        guard vectors.count == list.count, let first = list.first else { return nil }
        return KochanekBartelsSpline(points: vectors, tension: tension, continuity: continuity, bias: bias, template: first)
    }

    // MARK: Paths

    /// The point and derivative on a path at progress `p`: each segment one equal share of time
    /// (linear, cubic, discrete) or constant speed along the whole length (paced modes).
    private func pathPoint(_ segments: [PathSegment], at p: Double) -> (point: Point, derivative: Point)? {
        guard !segments.isEmpty else { return nil }
        switch mode {
        case .paced, .cubicPaced:
            let times = Self.pacedTimes(segments.map { $0.length() })
            let (i, s) = segment(p, times: times)
            let t = segments[i].parameter(atLength: s * segments[i].length())
            return (segments[i].point(at: t), segments[i].derivative(at: t))
        case .discrete:
            let points = [segments[0].start] + segments.map(\.end)
            let times = validKeyTimes(count: points.count + 1) ?? (0...points.count).map { Double($0) / Double(points.count) }
            let index = (0..<points.count).last { times[$0] <= p } ?? 0
            let segmentIndex = min(index, segments.count - 1)
            return (points[index], segments[segmentIndex].derivative(at: index > segments.count - 1 ? 1 : 0))
        case .linear, .cubic:
            let n = segments.count
            let times = validKeyTimes(count: n + 1) ?? (0...n).map { Double($0) / Double(n) }
            var (i, s) = segment(p, times: times)
            if i < timingFunctions.count { s = timingFunctions[i](s) }
            return (segments[i].point(at: s), segments[i].derivative(at: s))
        }
    }

    /// The direction of motion at `p`, for `rotationMode`; nil for non-point values.
    private func tangentAngle(at p: Double) -> Double? {
        var direction: Point
        switch frames {
        case .path(let segments):
            guard let d = pathPoint(segments, at: p)?.derivative else { return nil }
            direction = d
            if direction == .zero {
                // A zero-length segment (a close already at its start): use the motion around it.
                guard case let .point(a)? = value(at: max(p - 1e-3, 0)), case let .point(b)? = value(at: min(p + 1e-3, 1)) else { return nil }
                direction = b - a
            }
        case .values:
            guard case let .point(a)? = value(at: max(p - 1e-4, 0)), case let .point(b)? = value(at: min(p + 1e-4, 1)) else { return nil }
            direction = b - a
        }
        return atan2(direction.y, direction.x)
    }
}
