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
            case .quad, .cubic:
                guard let curve = e.curve(from: poly.last ?? start) else { continue }
                let n = curve.flatteningSteps(tolerance: tolerance)
                for i in 1...n { poly.append(curve.point(at: Double(i) / Double(n))) }
            case .close:
                finish(closing: true)
                poly = [start]
            }
        }
        finish(closing: closeAll)
        return result
    }

    /// How many segments `flattened(tolerance:)` makes of the lines and curves, counted without
    /// making them (closing segments left out): what a caller with a limit checks first.
    public func flattenedSegmentCount(tolerance: Double) -> Int {
        var count = 0
        var current = Point.zero, start = Point.zero
        for e in elements {
            switch e {
            case .move(let p): (current, start) = (p, p)
            case .line(let p): (count, current) = (count + 1, p)
            case .quad(_, let p), .cubic(_, _, let p):
                if let curve = e.curve(from: current) { count += curve.flatteningSteps(tolerance: tolerance) }
                current = p
            case .close: current = start
            }
        }
        return count
    }
}

extension Path {
    /// Flattens the path mapped through `transform` into `points`, every subpath closed (for
    /// filling), reusing the caller's buffers: `starts` receives the index where each subpath
    /// begins. Control points are mapped first and the curves flattened in the mapped space,
    /// so `tolerance` is in mapped units.
    ///
    /// Chords alone cut inside a convex curve and lose area, so each interior vertex is moved
    /// out by 2/3 of its chords' sagitta (B″·Δt²/12, away from the centre of curvature): the
    /// polygon then straddles the curve, its area matches to second order, and no point is
    /// farther than 2/3 of the tolerance from the curve.
    public func flattenClosed(transform: Transform3D, tolerance: Double, into points: inout [Point], starts: inout [Int]) {
        points.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        guard transform.mapsPlaneAffinely else {
            flattenProjected(transform: transform, tolerance: tolerance, into: &points, starts: &starts)
            return
        }
        let identity = transform.isIdentity
        @inline(__always) func map(_ p: Point) -> Point { identity ? p : transform.apply(to: p) }
        var subpathStart = Point.zero
        var current = Point.zero
        var open = false
        func closeCurrent() {
            if open, let first = starts.last, points.count - first > 1, points[first] != points[points.count - 1] {
                points.append(points[first])
            }
            open = false
        }
        for e in elements {
            switch e {
            case .move(let p):
                closeCurrent()
                if let first = starts.last, points.count - first < 2 { points.removeSubrange(first...); starts.removeLast() }
                current = map(p)
                subpathStart = current
                starts.append(points.count)
                points.append(current)
                open = true
            case .line(let p):
                current = map(p)
                points.append(current)
            case let .quad(c, p):
                current = appendLifted(.quad(current, map(c), map(p)), tolerance: tolerance, to: &points)
            case let .cubic(c1, c2, p):
                current = appendLifted(.cubic(current, map(c1), map(c2), map(p)), tolerance: tolerance, to: &points)
            case .close:
                closeCurrent()
                current = subpathStart
                starts.append(points.count)
                points.append(current)
                open = true
            }
        }
        closeCurrent()
        if let first = starts.last, points.count - first < 2 { points.removeSubrange(first...); starts.removeLast() }
    }
}

    /// Appends the curve's flattened points after its start, each interior one lifted by
    /// −B″·Δt²/12 (see `flattenClosed`); returns its end.
    @inline(__always)
    private func appendLifted(_ curve: PathSegment, tolerance: Double, to points: inout [Point]) -> Point {
        let n = curve.flatteningSteps(tolerance: tolerance)
        let step = 1 / Double(n)
        let lift = -step * step / 12
        for i in 1..<n {
            let t = Double(i) * step
            points.append(curve.point(at: t) + curve.secondDerivative(at: t) * lift)
        }
        points.append(curve.end)
        return curve.end
    }

extension Path {
    /// Flattening through a perspective transform: the path is flattened in its own plane (finely
    /// enough for the transform's largest stretch), each polygon is clipped to w ≥ ε in
    /// homogeneous space, so the parts behind the viewer are cut off instead of folding over, and
    /// only then divided by w.
    private func flattenProjected(transform t: Transform3D, tolerance: Double, into points: inout [Point], starts: inout [Int]) {
        let stretch = max(abs(t.m11) + abs(t.m12), abs(t.m21) + abs(t.m22), 1e-9) / max(abs(t.m44), 1e-9)
        let epsilon = 1e-6
        for polygon in flattened(tolerance: max(tolerance / stretch / 4, 1e-6), closeAll: true) {
            let homogeneous = polygon.map { p in
                (x: p.x * t.m11 + p.y * t.m21 + t.m41, y: p.x * t.m12 + p.y * t.m22 + t.m42, w: p.x * t.m14 + p.y * t.m24 + t.m44)
            }
            var clipped: [Point] = []
            for i in homogeneous.indices {
                let a = homogeneous[i], b = homogeneous[(i + 1) % homogeneous.count]
                if a.w >= epsilon { clipped.append(Point(a.x / a.w, a.y / a.w)) }
                if (a.w >= epsilon) != (b.w >= epsilon) {
                    let s = (epsilon - a.w) / (b.w - a.w)
                    let x = a.x + (b.x - a.x) * s, y = a.y + (b.y - a.y) * s
                    clipped.append(Point(x / epsilon, y / epsilon))
                }
            }
            guard clipped.count > 2 else { continue }
            starts.append(points.count)
            points += clipped
            points.append(clipped[0])
        }
    }
}
