/// How `Path.outline(combining:by:tolerance:)` combines the regions of closed paths, in order.
public enum PathCombination: Sendable {
    /// Inside any path.
    case union
    /// Inside the first path and no other.
    case subtract
    /// Inside every path.
    case intersect
    /// Inside an odd number of the paths.
    case exclude
}

extension Path {
    /// The outline of the region that `paths` (each closed, filled by the non-zero rule) make
    /// combined by `combination`: the pieces of their edges with the region on one side and not
    /// on the other, chained into closed polygons with the region on their right as seen on
    /// screen (y down: clockwise around a solid part, as `roundedRect` and `ellipse` run).
    /// Curves are flattened to within `tolerance`.
    ///
    /// Every edge is split where another crosses or touches it (the crossing worked out once and
    /// shared by both, so pieces meet exactly), and each piece is kept or dropped by testing the
    /// region just either side of its middle. Edges that lie on each other are split at each
    /// other's ends, and a piece kept twice the same way round is kept once.
    ///
    /// The work is about the pieces times the edges: nil when the flattened paths have more
    /// than `maximumEdges` edges or cross more than `maximumEdges` times; otherwise the outline
    /// and `work`, its pieces times its edges.
    public static func outline(combining paths: [Path], by combination: PathCombination, tolerance: Double,
                               maximumEdges: Int = 4_000) -> (outline: Path, work: Int)? {
        var polygons: [[[Point]]] = []
        var edges: [CombinedEdge] = []
        for path in paths {
            // Counted before they are made: a long path of fine curves is not flattened at all.
            if edges.count + path.flattenedSegmentCount(tolerance: tolerance) > maximumEdges { return nil }
            polygons.append(path.flattened(tolerance: tolerance, closeAll: true))
            for polygon in polygons[polygons.count - 1] where polygon.count > 1 {
                for i in 1..<polygon.count where polygon[i - 1] != polygon[i] {
                    edges.append(CombinedEdge(start: polygon[i - 1], end: polygon[i]))
                }
            }
            if edges.count > maximumEdges { return nil }
        }
        guard CombinedEdge.splitAtCrossings(&edges, maximumSplits: maximumEdges) else { return nil }
        func inside(_ p: Point) -> Bool {
            var count = 0, first = false, all = true
            for (index, path) in polygons.enumerated() {
                let isIn = windingNumber(of: p, in: path) != 0
                if isIn { count += 1 }
                if index == 0 { first = isIn }
                all = all && isIn
            }
            switch combination {
            case .union: return count > 0
            case .subtract: return first && count == 1
            case .intersect: return all && !polygons.isEmpty
            case .exclude: return count % 2 == 1
            }
        }
        var kept: [(start: Point, end: Point)] = []
        var keptOnce = Set<PieceKey>()
        var pieces = 0
        for edge in edges {
            for (a, b) in edge.pieces {
                pieces += 1
                let (dx, dy) = (b.x - a.x, b.y - a.y)
                let length = (dx * dx + dy * dy).squareRoot()
                guard length > 0 else { continue }
                // Just either side of the middle (left and right on screen): a thousandth of the
                // piece, so that edges crossing at its ends stay further away.
                let step = max(min(length * 1e-3, tolerance * 1e-2), 1e-9) / length
                let middle = Point((a.x + b.x) / 2, (a.y + b.y) / 2)
                let left = inside(Point(middle.x + dy * step, middle.y - dx * step))
                let right = inside(Point(middle.x - dy * step, middle.y + dx * step))
                guard left != right else { continue }
                let piece = right ? (start: a, end: b) : (start: b, end: a)
                if keptOnce.insert(PieceKey(start: PointKey(piece.start), end: PointKey(piece.end))).inserted { kept.append(piece) }
            }
        }
        return (chained(kept), pieces * edges.count)
    }

    /// The winding number of `polygons` (closed) about `p`.
    private static func windingNumber(of p: Point, in polygons: [[Point]]) -> Int {
        var winding = 0
        for polygon in polygons where polygon.count > 1 {
            for i in 1..<polygon.count {
                let (a, b) = (polygon[i - 1], polygon[i])
                let side = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
                if a.y <= p.y, b.y > p.y, side > 0 { winding += 1 }
                if b.y <= p.y, a.y > p.y, side < 0 { winding -= 1 }
            }
        }
        return winding
    }

    /// Directed pieces joined end to start into subpaths: closed where a chain comes back to
    /// its start (beginning at its topmost, then leftmost, point, so that a trim or a dash
    /// pattern starts in the same place from frame to frame), open where it stops.
    private static func chained(_ pieces: [(start: Point, end: Point)]) -> Path {
        var from: [PointKey: [Int]] = [:]
        for (i, piece) in pieces.enumerated() { from[PointKey(piece.start), default: []].append(i) }
        var used = [Bool](repeating: false, count: pieces.count)
        var path = Path()
        for first in pieces.indices where !used[first] {
            used[first] = true
            var points = [pieces[first].start]
            var current = first, closed = false
            while true {
                let end = pieces[current].end
                if end == pieces[first].start {
                    closed = true
                    break
                }
                points.append(end)
                guard let next = from[PointKey(end)]?.first(where: { !used[$0] }) else { break }
                used[next] = true
                current = next
            }
            if closed, let top = points.indices.min(by: { (points[$0].y, points[$0].x) < (points[$1].y, points[$1].x) }) {
                points = Array(points[top...] + points[..<top])
            }
            path.move(to: points[0])
            for point in points.dropFirst() { path.addLine(to: point) }
            if closed { path.closeSubpath() }
        }
        return path
    }

    /// A point as a dictionary key (its coordinates' bits: pieces meet at exactly equal points).
    private struct PointKey: Hashable {
        let x: UInt64, y: UInt64
        init(_ p: Point) { (x, y) = ((p.x + 0).bitPattern, (p.y + 0).bitPattern) }
    }

    /// A directed piece as a set's key.
    private struct PieceKey: Hashable {
        let start: PointKey, end: PointKey
    }
}

/// An edge of a path being combined, and the points where other edges cross it.
private struct CombinedEdge {
    let start: Point, end: Point
    /// Where it is split: the fraction of the way along and the point there.
    var splits: [(t: Double, point: Point)] = []

    init(start: Point, end: Point) {
        (self.start, self.end) = (start, end)
    }

    /// Its pieces between the splits, in order.
    var pieces: [(Point, Point)] {
        var points = [start]
        points += splits.sorted { $0.t < $1.t }.map(\.point)
        points.append(end)
        var pieces: [(Point, Point)] = []
        for i in 1..<points.count where points[i - 1] != points[i] { pieces.append((points[i - 1], points[i])) }
        return pieces
    }

    /// Splits every pair of edges where they cross or touch (edges in order of their left ends,
    /// each tested against those whose horizontal extent overlaps its own); false, with the
    /// splits left unfinished, past `maximumSplits` of them.
    static func splitAtCrossings(_ edges: inout [CombinedEdge], maximumSplits: Int) -> Bool {
        let order = edges.indices.sorted { min(edges[$0].start.x, edges[$0].end.x) < min(edges[$1].start.x, edges[$1].end.x) }
        var splits = 0
        for (n, i) in order.enumerated() {
            let right = max(edges[i].start.x, edges[i].end.x)
            for j in order[(n + 1)...] {
                if min(edges[j].start.x, edges[j].end.x) > right { break }
                splits += split(&edges, i, j)
                if splits > maximumSplits { return false }
            }
        }
        return true
    }

    /// Splits edges `i` and `j` where they cross, or where one ends on the other; returns how
    /// many splits that made.
    private static func split(_ edges: inout [CombinedEdge], _ i: Int, _ j: Int) -> Int {
        let (p, p2, q, q2) = (edges[i].start, edges[i].end, edges[j].start, edges[j].end)
        guard max(p.y, p2.y) >= min(q.y, q2.y), max(q.y, q2.y) >= min(p.y, p2.y) else { return 0 }
        let (rx, ry, sx, sy) = (p2.x - p.x, p2.y - p.y, q2.x - q.x, q2.y - q.y)
        let (wx, wy) = (q.x - p.x, q.y - p.y)
        let denominator = rx * sy - ry * sx
        let scale = (rx * rx + ry * ry).squareRoot() * (sx * sx + sy * sy).squareRoot()
        let epsilon = 1e-9
        if abs(denominator) <= 1e-12 * scale {
            // Parallel: where they lie on one line, each is split at the other's ends within it.
            let rr = rx * rx + ry * ry, ss = sx * sx + sy * sy
            // q's distance from p's line, |w × r| / |r|, within a billionth of p's length.
            guard abs(wx * ry - wy * rx) <= 1e-9 * rr else { return 0 }
            let before = edges[i].splits.count + edges[j].splits.count
            for point in [q, q2] {
                let t = ((point.x - p.x) * rx + (point.y - p.y) * ry) / rr
                if t > epsilon, t < 1 - epsilon { edges[i].splits.append((t, point)) }
            }
            for point in [p, p2] {
                let u = ((point.x - q.x) * sx + (point.y - q.y) * sy) / ss
                if u > epsilon, u < 1 - epsilon { edges[j].splits.append((u, point)) }
            }
            return edges[i].splits.count + edges[j].splits.count - before
        }
        let t = (wx * sy - wy * sx) / denominator
        let u = (wx * ry - wy * rx) / denominator
        guard t >= -epsilon, t <= 1 + epsilon, u >= -epsilon, u <= 1 + epsilon else { return 0 }
        // The crossing as one point for both: an end where it is at one.
        let point = t <= epsilon ? p : t >= 1 - epsilon ? p2 : u <= epsilon ? q : u >= 1 - epsilon ? q2 : Point(p.x + rx * t, p.y + ry * t)
        var made = 0
        if t > epsilon, t < 1 - epsilon { edges[i].splits.append((t, point)); made += 1 }
        if u > epsilon, u < 1 - epsilon { edges[j].splits.append((u, point)); made += 1 }
        return made
    }
}
