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
    private func flattenedSubpaths(tolerance: Double) -> [Polyline] {
        var result: [Polyline] = []
        var current = Polyline(points: [], corners: [], closed: false)
        var start = Point.zero
        func flush(closed: Bool) {
            defer { current = Polyline(points: [], corners: [], closed: false) }
            guard !current.points.isEmpty, current.hasSegment else { return }
            var line = current
            if closed, line.points.count > 1, line.points.first == line.points.last {
                line.points.removeLast()
                line.corners.removeLast()
            }
            line = line.removingDuplicates()
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
            case let .quad(c, p):
                let dd = from - c * 2 + p
                let n = Self.segmentCount(secondDifference: (dd.x * dd.x + dd.y * dd.y).squareRoot(), factor: 2, tolerance: tolerance)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    add(from * (u * u) + c * (2 * u * t) + p * (t * t), corner: i == n)
                }
            case let .cubic(c1, c2, p):
                let d1 = from - c1 * 2 + c2, d2 = c1 - c2 * 2 + p
                let dd = max((d1.x * d1.x + d1.y * d1.y).squareRoot(), (d2.x * d2.x + d2.y * d2.y).squareRoot())
                let n = Self.segmentCount(secondDifference: dd, factor: 6, tolerance: tolerance)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    add(from * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t), corner: i == n)
                }
            case .close:
                add(start, corner: true)
                flush(closed: true)
            }
        }
        flush(closed: false)
        return result
    }

    /// The parts drawn after dashing (laid out from each subpath's start, **DECISION**: as
    /// Core Graphics, the pattern restarts per subpath) and trimming to strokeStart…strokeEnd of
    /// the whole path's length. Untouched closed subpaths stay closed.
    static func visiblePieces(_ subpaths: [Polyline], style: StrokeStyle) -> [Polyline] {
        let dashes = style.dashPattern.filter { $0 >= 0 }
        let dashed = dashes.count >= 1 && dashes.contains { $0 > 0 } && dashes.allSatisfy(\.isFinite)
        let trimmed = style.start > 0 || style.end < 1
        guard dashed || trimmed else { return subpaths }
        let opened = subpaths.map { $0.closed ? $0.reopened() : $0 }
        let lengths = opened.map { cumulativeLengths($0.points) }
        let total = lengths.reduce(0) { $0 + ($1.last ?? 0) }
        let (trimStart, trimEnd) = (max(style.start, 0) * total, min(style.end, 1) * total)
        var pieces: [Polyline] = []
        var offset = 0.0
        var dashBudget = maximumDashes
        for ((sub, line), cumulative) in zip(zip(subpaths, opened), lengths) {
            let length = cumulative.last ?? 0
            var intervals: [(Double, Double)] = [(0, length)]
            if dashed {
                intervals = dashIntervals(length: length, pattern: dashes, phase: style.dashPhase, limit: dashBudget)
                dashBudget -= intervals.count
            }
            for (a, b) in intervals {
                let lo = max(a, trimStart - offset), hi = min(b, trimEnd - offset)
                guard hi > lo || (hi == lo && length == 0 && a == 0) else { continue }
                let whole = sub.closed && !dashed && lo <= 0 && hi >= length
                pieces.append(whole ? sub : line.slice(cumulative, from: lo, to: hi))
            }
            offset += length
        }
        return pieces
    }

    /// The most dashes one stroke draws (over all its subpaths): a pattern far finer than a
    /// pixel must not take unbounded time and memory.
    static let maximumDashes = 100_000

    /// The "on" intervals of a dash pattern along a subpath of `length`, starting at `phase`;
    /// at most `limit` of them.
    static func dashIntervals(length: Double, pattern: [Double], phase: Double, limit: Int = maximumDashes) -> [(Double, Double)] {
        let period = pattern.reduce(0, +)
        guard period > 0 else { return [(0, length)] }
        var position = -(phase.truncatingRemainder(dividingBy: period) + (phase < 0 ? period : 0))
        var intervals: [(Double, Double)] = []
        var index = 0
        var count = 0
        while position < length && intervals.count < limit && count < 2 * maximumDashes {
            let dash = pattern[index % pattern.count]
            if index % 2 == 0, position + dash > 0 {
                intervals.append((max(position, 0), min(position + dash, length)))
            }
            position += dash
            index += 1
            count += 1
        }
        return intervals
    }

    static func cumulativeLengths(_ points: [Point]) -> [Double] {
        var result = [0.0]
        for i in points.indices.dropFirst() { result.append(result[i - 1] + points[i - 1].distance(to: points[i])) }
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

/// A flattened subpath for stroking: its points, which of them are path corners, and whether it is closed.
struct Polyline {
    var points: [Point]
    var corners: [Bool]
    var closed: Bool
    /// Whether anything but a move was added (a zero-length line still draws caps).
    var hasSegment = false

    mutating func append(_ p: Point, corner: Bool) {
        points.append(p)
        corners.append(corner)
    }

    /// Consecutive equal points merged (a corner wins).
    func removingDuplicates() -> Polyline {
        var out = Polyline(points: [], corners: [], closed: closed, hasSegment: hasSegment)
        for (p, corner) in zip(points, corners) {
            if let last = out.points.last, last.distance(to: p) <= 1e-12 {
                out.corners[out.corners.count - 1] = out.corners[out.corners.count - 1] || corner
            } else {
                out.append(p, corner: corner)
            }
        }
        return out
    }

    /// A closed polyline as an open one that returns to its start.
    func reopened() -> Polyline {
        var open = self
        if let first = points.first { open.append(first, corner: true) }
        open.closed = false
        return open
    }

    /// The part between arc lengths `a` and `b` (`cumulative` from `Path.cumulativeLengths`);
    /// the cut ends are caps, not corners.
    func slice(_ cumulative: [Double], from a: Double, to b: Double) -> Polyline {
        func point(at s: Double) -> Point {
            var i = 1
            while i < points.count - 1 && cumulative[i] < s { i += 1 }
            let span = cumulative[i] - cumulative[i - 1]
            return points[i - 1].interpolated(to: points[i], at: span > 0 ? (s - cumulative[i - 1]) / span : 0)
        }
        guard points.count > 1 else { return self }
        var out = Polyline(points: [], corners: [], closed: false, hasSegment: true)
        out.append(point(at: a), corner: true)
        for i in points.indices where cumulative[i] > a && cumulative[i] < b { out.append(points[i], corner: corners[i]) }
        out.append(point(at: b), corner: true)
        return out.removingDuplicates()
    }
}
