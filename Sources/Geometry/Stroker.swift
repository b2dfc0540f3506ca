import Foundation

/// Stroking: the outline of a path drawn with a line style, as polygons to fill with the
/// non-zero rule. Curves are flattened first (`tolerance` in the path's units); dashes and
/// strokeStart/strokeEnd cut the flattened subpaths by arc length.
extension Path {
    /// The region a stroke covers: one polygon per segment, join and cap, all wound the same way,
    /// so their non-zero union is the stroke.
    public func strokeOutline(_ style: StrokeStyle, tolerance: Double) -> Path {
        let half = style.lineWidth / 2
        guard half > 0, half.isFinite, tolerance > 0 else { return Path() }
        var outline = Path()
        for piece in Self.visiblePieces(flattenedSubpaths(tolerance: tolerance), style: style) {
            Self.strokePolyline(piece, half: half, style: style, tolerance: tolerance, into: &outline)
        }
        return outline
    }

    /// The subpaths as polylines, with whether each was closed and which vertices are corners of
    /// the path (element ends) rather than points inside a flattened curve: the line join applies
    /// at corners, while inside a curve the outline turns round, as the true offset curve does.
    /// A subpath of a move alone draws nothing; one of zero length is a single point.
    func flattenedSubpaths(tolerance: Double) -> [Polyline] {
        var result: [Polyline] = []
        var current = Polyline(points: [], corners: [], closed: false)
        var start = Point.zero
        func flush(closed: Bool) {
            defer { current = Polyline(points: [], corners: [], closed: false) }
            guard !current.points.isEmpty, current.hasSegment else { return }
            // Duplicates merged first: a path whose last segment ends at its start before the
            // close returns there twice, and the closing segment must not be of zero length (its
            // direction undefined, the start's join went missing).
            var line = current.removingDuplicates()
            if closed, line.points.count > 1, let first = line.points.first, let last = line.points.last, first.distance(to: last) <= 1e-12 {
                line.points.removeLast()
                line.corners.removeLast()  // the start, always a corner, stands for both
            }
            line.closed = closed && line.points.count > 1
            result.append(line)
        }
        func add(_ p: Point, corner: Bool) {
            if current.points.isEmpty { current.append(start, corner: true) }
            current.append(p, corner: corner)
            current.hasSegment = true
        }
        for e in elements {
            let from = current.points.last ?? start
            switch e {
            case .move(let p):
                flush(closed: false)
                start = p
                current.append(p, corner: true)
            case .line(let p):
                add(p, corner: true)
            case .quad, .cubic:
                guard let curve = e.curve(from: from) else { continue }
                let n = curve.flatteningSteps(tolerance: tolerance)
                for i in 1...n { add(curve.point(at: Double(i) / Double(n)), corner: i == n) }
            case .close:
                add(start, corner: true)
                flush(closed: true)
            }
        }
        flush(closed: false)
        return result
    }

    /// Appends the outline of one polyline's stroke: the left offset forward and the right one
    /// back, joined by caps (an open polyline), or two loops of opposite winding (a closed one).
    /// Outer corners get the join; inner corners meet where the offset lines cross, or pass
    /// through the vertex when the segments are too short for that.
    private static func strokePolyline(_ line: Polyline, half: Double, style: StrokeStyle,
                                       tolerance: Double, into outline: inout Path) {
        let (points, closed) = (line.points, line.closed)
        guard let first = points.first else { return }
        if points.count == 1 {
            // A zero-length piece: round and square caps still draw a dot.
            switch style.lineCap {
            case .round: outline.addPath(.ellipse(in: Rect(x: first.x - half, y: first.y - half, width: 2 * half, height: 2 * half)))
            case .square: outline.addRect(Rect(x: first.x - half, y: first.y - half, width: 2 * half, height: 2 * half))
            case .butt: break
            }
            return
        }
        let count = points.count
        let segmentCount = closed ? count : count - 1
        let directions = (0..<segmentCount).map { unit(points[($0 + 1) % count] - points[$0]) }
        let lengths = (0..<segmentCount).map { points[$0].distance(to: points[($0 + 1) % count]) }
        var left: [Point] = [], right: [Point] = []
        if !closed {
            let n = normal(directions[0], half)
            left.append(first + n)
            right.append(first - n)
        }
        let joints = closed ? Array(0..<count) : Array(1..<(count - 1))
        for j in joints {
            let i0 = (j - 1 + segmentCount) % segmentCount, i1 = j % segmentCount
            var joinStyle = style
            if !line.corners[j] { joinStyle.lineJoin = .round }
            addCorner(at: points[j], from: directions[i0], to: directions[i1], lengths: (lengths[i0], lengths[i1]),
                      half: half, style: joinStyle, tolerance: tolerance, left: &left, right: &right)
        }
        if closed {
            addLoop(left, into: &outline)
            addLoop(right.reversed(), into: &outline)
            return
        }
        let last = points[count - 1], n = normal(directions[segmentCount - 1], half)
        left.append(last + n)
        right.append(last - n)
        var loop = left
        loop += capPoints(at: last, direction: directions[segmentCount - 1], half: half, style: style, tolerance: tolerance)
        loop += right.reversed()
        loop += capPoints(at: first, direction: directions[0] * -1, half: half, style: style, tolerance: tolerance)
        addLoop(loop, into: &outline)
    }

    /// The left normal scaled to the half width.
    private static func normal(_ d: Point, _ half: Double) -> Point { Point(-d.y * half, d.x * half) }

    /// Adds a vertex's offset points to both sides: the join on the outer side, the crossing of
    /// the offset lines (or the vertex itself) on the inner side.
    private static func addCorner(at p: Point, from d0: Point, to d1: Point, lengths: (Double, Double), half: Double,
                                  style: StrokeStyle, tolerance: Double, left: inout [Point], right: inout [Point]) {
        let n0 = normal(d0, half), n1 = normal(d1, half)
        let cross = d0.x * d1.y - d0.y * d1.x
        let dot = d0.x * d1.x + d0.y * d1.y
        if abs(cross) < 1e-12 && dot > 0 {
            left.append(p + n0)
            right.append(p - n0)
            return
        }
        // Turning towards the left normal makes the left side the inner one.
        let leftIsInner = cross > 0
        let (o0, o1) = leftIsInner ? (n0 * -1, n1 * -1) : (n0, n1)
        let cosHalf = ((1 + dot) / 2).squareRoot()
        let reach = cosHalf > 1e-9 ? half * ((1 - cosHalf * cosHalf).squareRoot() / cosHalf) : .infinity
        func addInner(_ side: inout [Point]) {
            if reach <= min(lengths.0, lengths.1) {
                side.append(p + unit((o0 + o1) * -1) * (half / cosHalf))
            } else {
                side.append(p - o0)
                side.append(p)
                side.append(p - o1)
            }
        }
        func addOuter(_ side: inout [Point]) {
            side.append(p + o0)
            appendJoin(at: p, from: o0, to: o1, dot: dot, half: half, style: style, tolerance: tolerance, into: &side)
            side.append(p + o1)
        }
        if leftIsInner {
            addInner(&left)
            addOuter(&right)
        } else {
            addOuter(&left)
            addInner(&right)
        }
    }

    /// Appends the points between the outer offsets `p + o0` and `p + o1` that make the join.
    private static func appendJoin(at p: Point, from o0: Point, to o1: Point, dot: Double, half: Double,
                                   style: StrokeStyle, tolerance: Double, into side: inout [Point]) {
        switch style.lineJoin {
        case .bevel:
            return
        case .miter:
            let cosHalf = ((1 + dot) / 2).squareRoot()
            guard cosHalf > 1e-12, 1 / cosHalf <= style.miterLimit else { return }
            side.append(p + unit(o0 + o1) * (half / cosHalf))
        case .round:
            let a0 = atan2(o0.y, o0.x)
            var sweep = atan2(o1.y, o1.x) - a0
            if sweep > .pi { sweep -= 2 * .pi }
            if sweep < -.pi { sweep += 2 * .pi }
            appendArc(center: p, radius: half, start: a0, sweep: sweep, tolerance: tolerance, into: &side)
        }
    }

    /// The points from the left offset to the right offset around an end moving in `d`.
    private static func capPoints(at p: Point, direction d: Point, half: Double, style: StrokeStyle, tolerance: Double) -> [Point] {
        let n = normal(d, half)
        switch style.lineCap {
        case .butt:
            return []
        case .square:
            let e = d * half
            return [p + n + e, p - n + e]
        case .round:
            var points: [Point] = []
            appendArc(center: p, radius: half, start: atan2(n.y, n.x), sweep: -.pi, tolerance: tolerance, into: &points)
            return points
        }
    }

    private static func addLoop(_ loop: [Point], into outline: inout Path) {
        guard loop.count >= 3 else { return }
        outline.move(to: loop[0])
        for p in loop.dropFirst() { outline.addLine(to: p) }
        outline.closeSubpath()
    }

    /// Appends the points strictly inside an arc (its ends excluded), close enough that chords
    /// stay within `tolerance`; a turn too small to need one adds nothing. The points sit
    /// slightly outside the circle, at the radius where each chord's triangle has its sector's
    /// area, so round caps and joins lose no area to flattening.
    private static func appendArc(center: Point, radius: Double, start: Double, sweep: Double, tolerance: Double,
                                  into points: inout [Point]) {
        let step = 2 * acos(max(1 - tolerance / max(radius, 1e-12), -1))
        let count = min(Int((abs(sweep) / max(step, 1e-3)).rounded(.up)), 1024)
        guard count > 1 else { return }
        let angle = abs(sweep) / Double(count)
        let reach = radius * (angle / sin(angle)).squareRoot()
        for i in 1..<count {
            let a = start + sweep * Double(i) / Double(count)
            points.append(Point(center.x + reach * cos(a), center.y + reach * sin(a)))
        }
    }
}
