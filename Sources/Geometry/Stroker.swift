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
            Self.strokePolyline(piece.points, closed: piece.closed, half: half, style: style,
                                tolerance: tolerance, into: &outline)
        }
        return outline
    }

    /// The subpaths as polylines with whether each was closed. A subpath of a move alone draws
    /// nothing; one of zero length is a single point (caps may still draw it).
    private func flattenedSubpaths(tolerance: Double) -> [(points: [Point], closed: Bool)] {
        var result: [(points: [Point], closed: Bool)] = []
        var sub = Path()
        var start = Point.zero
        func flush(closed: Bool) {
            defer { sub = Path() }
            guard sub.elements.count > 1, var points = sub.flattened(tolerance: tolerance).first else { return }
            if closed, points.count > 1, points.first == points.last { points.removeLast() }
            points = Self.removingDuplicates(points)
            result.append((points, closed && points.count > 1))
        }
        for e in elements {
            if case .move = e {} else if sub.isEmpty { sub.move(to: start) }
            switch e {
            case .move(let p):
                flush(closed: false)
                start = p
                sub.move(to: p)
            case .line(let p): sub.addLine(to: p)
            case let .quad(c, p): sub.addQuadCurve(to: p, control: c)
            case let .cubic(c1, c2, p): sub.addCurve(to: p, control1: c1, control2: c2)
            case .close:
                sub.closeSubpath()
                flush(closed: true)
            }
        }
        flush(closed: false)
        return result
    }

    /// The parts drawn after dashing (laid out from each subpath's start, **DECISION**: as
    /// Core Graphics, the pattern restarts per subpath) and trimming to strokeStart…strokeEnd of
    /// the whole path's length. Untouched closed subpaths stay closed.
    static func visiblePieces(_ subpaths: [(points: [Point], closed: Bool)], style: StrokeStyle) -> [(points: [Point], closed: Bool)] {
        let dashes = style.dashPattern.filter { $0 >= 0 }
        let dashed = dashes.count >= 1 && dashes.contains { $0 > 0 } && dashes.allSatisfy(\.isFinite)
        let trimmed = style.start > 0 || style.end < 1
        guard dashed || trimmed else { return subpaths }
        let lengths = subpaths.map { sub in Self.cumulativeLengths(sub.points + (sub.closed ? [sub.points[0]] : [])) }
        let total = lengths.reduce(0) { $0 + ($1.last ?? 0) }
        let (trimStart, trimEnd) = (max(style.start, 0) * total, min(style.end, 1) * total)
        var pieces: [(points: [Point], closed: Bool)] = []
        var offset = 0.0
        for (sub, cumulative) in zip(subpaths, lengths) {
            let points = sub.points + (sub.closed ? [sub.points[0]] : [])
            let length = cumulative.last ?? 0
            var intervals: [(Double, Double)] = [(0, length)]
            if dashed { intervals = Self.dashIntervals(length: length, pattern: dashes, phase: style.dashPhase) }
            for (a, b) in intervals {
                let lo = max(a, trimStart - offset), hi = min(b, trimEnd - offset)
                guard hi > lo || (hi == lo && length == 0 && a == 0) else { continue }
                let whole = sub.closed && !dashed && lo <= 0 && hi >= length
                pieces.append(whole ? sub : (Self.slice(points, cumulative, from: lo, to: hi), false))
            }
            offset += length
        }
        return pieces
    }

    /// The "on" intervals of a dash pattern along a subpath of `length`, starting at `phase`.
    static func dashIntervals(length: Double, pattern: [Double], phase: Double) -> [(Double, Double)] {
        let period = pattern.reduce(0, +)
        guard period > 0 else { return [(0, length)] }
        var position = -(phase.truncatingRemainder(dividingBy: period) + (phase < 0 ? period : 0))
        var intervals: [(Double, Double)] = []
        var index = 0
        var count = 0
        while position < length && count < 1_000_000 {
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

    /// The part of a polyline between arc lengths `a` and `b`.
    static func slice(_ points: [Point], _ cumulative: [Double], from a: Double, to b: Double) -> [Point] {
        func point(at s: Double) -> Point {
            var i = 1
            while i < points.count - 1 && cumulative[i] < s { i += 1 }
            let span = cumulative[i] - cumulative[i - 1]
            return points[i - 1].interpolated(to: points[i], at: span > 0 ? (s - cumulative[i - 1]) / span : 0)
        }
        guard points.count > 1 else { return points }
        var out = [point(at: a)]
        for i in points.indices where cumulative[i] > a && cumulative[i] < b { out.append(points[i]) }
        out.append(point(at: b))
        return removingDuplicates(out)
    }

    static func removingDuplicates(_ points: [Point]) -> [Point] {
        var out: [Point] = []
        for p in points where out.last.map({ $0.distance(to: p) > 1e-12 }) ?? true { out.append(p) }
        return out
    }

    /// Appends the polygons of one polyline's stroke.
    private static func strokePolyline(_ points: [Point], closed: Bool, half: Double, style: StrokeStyle,
                                       tolerance: Double, into outline: inout Path) {
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
        func direction(_ i: Int) -> Point { unit(points[(i + 1) % count] - points[i]) }
        for i in 0..<segmentCount {
            let a = points[i], b = points[(i + 1) % count]
            let n = normal(direction(i), half)
            addPolygon([a + n, b + n, b - n, a - n], into: &outline)
        }
        let joints = closed ? Array(0..<count) : Array(1..<(count - 1))
        for i in joints {
            let d0 = direction((i - 1 + count) % count), d1 = direction(i)
            addJoin(at: points[i], from: d0, to: d1, half: half, style: style, tolerance: tolerance, into: &outline)
        }
        if !closed {
            addCap(at: points[count - 1], direction: direction(count - 2), half: half, style: style, tolerance: tolerance, into: &outline)
            addCap(at: points[0], direction: direction(0) * -1, half: half, style: style, tolerance: tolerance, into: &outline)
        }
    }

    /// The left normal scaled to the half width.
    private static func normal(_ d: Point, _ half: Double) -> Point { Point(-d.y * half, d.x * half) }

    private static func addJoin(at p: Point, from d0: Point, to d1: Point, half: Double, style: StrokeStyle,
                                tolerance: Double, into outline: inout Path) {
        let cross = d0.x * d1.y - d0.y * d1.x
        let dot = d0.x * d1.x + d0.y * d1.y
        guard abs(cross) > 1e-12 || dot < 0 else { return }
        // The outer side is the one the path turns away from.
        let side: Double = cross > 0 ? -1 : 1
        let o0 = normal(d0, half) * side, o1 = normal(d1, half) * side
        switch style.lineJoin {
        case .bevel:
            addPolygon([p, p + o0, p + o1], into: &outline)
        case .miter:
            let cosHalf = ((1 + dot) / 2).squareRoot()
            if cosHalf > 1e-12, 1 / cosHalf <= style.miterLimit {
                let bisector = unit(o0 + o1)
                addPolygon([p, p + o0, p + bisector * (half / cosHalf), p + o1], into: &outline)
            } else {
                addPolygon([p, p + o0, p + o1], into: &outline)
            }
        case .round:
            let a0 = atan2(o0.y, o0.x)
            var sweep = atan2(o1.y, o1.x) - a0
            if sweep > .pi { sweep -= 2 * .pi }
            if sweep < -.pi { sweep += 2 * .pi }
            addPolygon([p] + arcPoints(center: p, radius: half, start: a0, sweep: sweep, tolerance: tolerance), into: &outline)
        }
    }

    private static func addCap(at p: Point, direction d: Point, half: Double, style: StrokeStyle,
                               tolerance: Double, into outline: inout Path) {
        let n = normal(d, half)
        switch style.lineCap {
        case .butt:
            return
        case .square:
            let e = d * half
            addPolygon([p + n, p + n + e, p - n + e, p - n], into: &outline)
        case .round:
            addPolygon(arcPoints(center: p, radius: half, start: atan2(n.y, n.x), sweep: -.pi, tolerance: tolerance), into: &outline)
        }
    }

    /// Points along an arc, close enough that chords stay within `tolerance`.
    private static func arcPoints(center: Point, radius: Double, start: Double, sweep: Double, tolerance: Double) -> [Point] {
        let step = 2 * acos(max(1 - tolerance / max(radius, 1e-12), -1))
        let count = max(2, min(Int((abs(sweep) / max(step, 1e-3)).rounded(.up)), 1024))
        return (0...count).map { i in
            let a = start + sweep * Double(i) / Double(count)
            return Point(center.x + radius * cos(a), center.y + radius * sin(a))
        }
    }

    /// Appends a closed polygon wound clockwise on screen (positive area in y-down coordinates).
    private static func addPolygon(_ polygon: [Point], into outline: inout Path) {
        guard polygon.count >= 3 else { return }
        var area = 0.0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            area += a.x * b.y - b.x * a.y
        }
        guard area != 0 else { return }
        let ordered = area > 0 ? polygon : polygon.reversed()
        outline.move(to: ordered[0])
        for p in ordered.dropFirst() { outline.addLine(to: p) }
        outline.closeSubpath()
    }
}
