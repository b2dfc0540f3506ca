/// A Kochanek–Bartels spline through vectors (Catmull-Rom when tension, continuity and bias are 0),
/// as `calculationMode` cubic and cubicPaced use it. The ends repeat their end points.
struct KochanekBartelsSpline {
    let points: [[Double]]
    let tension: [Double]
    let continuity: [Double]
    let bias: [Double]
    /// A value of the animated type, to turn vectors back into values.
    let template: AnimationValue

    /// The value on segment i (between points i and i+1) at fraction s, by Hermite interpolation.
    func value(segment i: Int, at s: Double) -> AnimationValue {
        let n = points.count
        let p0 = points[max(i - 1, 0)], p1 = points[i], p2 = points[min(i + 1, n - 1)], p3 = points[min(i + 2, n - 1)]
        let outgoing = tangent(at: i, previous: p0, current: p1, next: p2, outgoing: true)
        let incoming = tangent(at: i + 1, previous: p1, current: p2, next: p3, outgoing: false)
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        let result = (0..<p1.count).map { k in h00 * p1[k] + h10 * outgoing[k] + h01 * p2[k] + h11 * incoming[k] }
        return template.with(components: result)
    }

    /// The value at progress p with constant speed along the whole spline.
    func pacedValue(at p: Double) -> AnimationValue {
        let samplesPerSegment = 32
        var table: [(segment: Int, s: Double, length: Double)] = [(0, 0, 0)]
        var total = 0.0
        var previous = points[0]
        for segment in 0..<(points.count - 1) {
            for step in 1...samplesPerSegment {
                let s = Double(step) / Double(samplesPerSegment)
                let point = value(segment: segment, at: s).components ?? []
                total += zip(point, previous).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
                table.append((segment, s, total))
                previous = point
            }
        }
        guard total > 0 else { return template.with(components: points[0]) }
        let target = min(max(p, 0), 1) * total
        let index = table.firstIndex { $0.length >= target } ?? table.count - 1
        guard index > 0 else { return template.with(components: points[0]) }
        let (a, b) = (table[index - 1], table[index])
        let fraction = b.length > a.length ? (target - a.length) / (b.length - a.length) : 0
        let startS = a.segment == b.segment ? a.s : 0
        return value(segment: b.segment, at: startS + (b.s - startS) * fraction)
    }

    /// The Kochanek–Bartels tangent at point `i`: the outgoing one starts a segment, the
    /// incoming one ends the previous segment.
    private func tangent(at i: Int, previous: [Double], current: [Double], next: [Double], outgoing: Bool) -> [Double] {
        let t = i < tension.count ? tension[i] : 0
        let c = i < continuity.count ? continuity[i] : 0
        let b = i < bias.count ? bias[i] : 0
        let (wa, wb): (Double, Double) = outgoing
            ? ((1 - t) * (1 + c) * (1 + b) / 2, (1 - t) * (1 - c) * (1 - b) / 2)
            : ((1 - t) * (1 - c) * (1 + b) / 2, (1 - t) * (1 + c) * (1 - b) / 2)
        return (0..<current.count).map { k in wa * (current[k] - previous[k]) + wb * (next[k] - current[k]) }
    }
}
