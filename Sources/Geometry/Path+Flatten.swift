/// Flattening: a path as polylines of line segments within a distance tolerance.
extension Path {
    /// The subpaths as polylines. Each curve is split into enough segments that no point of the
    /// curve lies farther than `tolerance` from its chord; closed subpaths end at their start point.
    /// `closeAll` treats every subpath as closed, as filling does.
    public func flattened(tolerance: Double, closeAll: Bool = false) -> [[Point]] {
        var result: [[Point]] = []
        var poly: [Point] = []
        var start = Point.zero
        func finish(closing: Bool) {
            if closing, let first = poly.first, poly.last != first { poly.append(first) }
            if poly.count > 1 { result.append(poly) }
            poly = []
        }
        for e in elements {
            switch e {
            case .move(let p):
                finish(closing: closeAll)
                start = p
                poly = [p]
            case .line(let p):
                poly.append(p)
            case .quad(let c, let p):
                let p0 = poly.last ?? start
                let dd = (p0 - c * 2 + p)
                let n = Self.segmentCount(secondDifference: (dd.x * dd.x + dd.y * dd.y).squareRoot(), factor: 2, tolerance: tolerance)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    poly.append(p0 * (u * u) + c * (2 * u * t) + p * (t * t))
                }
            case .cubic(let c1, let c2, let p):
                let p0 = poly.last ?? start
                let d1 = p0 - c1 * 2 + c2, d2 = c1 - c2 * 2 + p
                let dd = max((d1.x * d1.x + d1.y * d1.y).squareRoot(), (d2.x * d2.x + d2.y * d2.y).squareRoot())
                let n = Self.segmentCount(secondDifference: dd, factor: 6, tolerance: tolerance)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    poly.append(p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t))
                }
            case .close:
                finish(closing: true)
                poly = [start]
            }
        }
        finish(closing: closeAll)
        return result
    }

    /// Wang's bound: n segments keep a degree-d Bézier within `tolerance` of its chords when
    /// n² ≥ d(d−1)/8 · max|second difference| / tolerance (`factor` = d(d−1)).
    private static func segmentCount(secondDifference dd: Double, factor: Double, tolerance: Double) -> Int {
        let n = (factor * dd / (8 * tolerance)).squareRoot().rounded(.up)
        guard n.isFinite else { return 1 }
        return Int(min(max(n, 1), 4096))
    }
}
