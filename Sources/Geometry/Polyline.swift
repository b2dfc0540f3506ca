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
