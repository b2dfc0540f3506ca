/// Dashing and trimming: the parts of a flattened path a stroke draws, cut by arc length.
extension Path {
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

    /// The part of the path from `start` to `end`, fractions of its whole length (its subpaths
    /// end to end, as a stroke's start and end count), in straight segments within `tolerance`:
    /// each part an open subpath, which a fill closes with a straight line (Lottie's trim paths
    /// under a fill).
    public func trimmed(from start: Double, to end: Double, tolerance: Double) -> Path {
        var style = StrokeStyle()
        (style.start, style.end) = (start, end)
        var result = Path()
        for piece in Self.visiblePieces(flattenedSubpaths(tolerance: tolerance), style: style) where piece.points.count > 1 {
            result.move(to: piece.points[0])
            for point in piece.points.dropFirst() { result.addLine(to: point) }
            if piece.closed { result.closeSubpath() }
        }
        return result
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
}
