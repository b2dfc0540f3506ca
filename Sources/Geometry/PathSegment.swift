/// One drawn piece of a path: a line or a Bézier curve with its start point. A close-path is the
/// line back to its subpath's start (of zero length when it is already there).
public enum PathSegment: Hashable, Sendable {
    case line(Point, Point)
    case quad(Point, Point, Point)
    case cubic(Point, Point, Point, Point)

    /// The point at parameter t in 0…1.
    public func point(at t: Double) -> Point {
        let u = 1 - t
        switch self {
        case let .line(p0, p1): return p0.interpolated(to: p1, at: t)
        case let .quad(p0, c, p1): return p0 * (u * u) + c * (2 * u * t) + p1 * (t * t)
        case let .cubic(p0, c1, c2, p1):
            return p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p1 * (t * t * t)
        }
    }

    /// The derivative with respect to t (the tangent's direction and speed).
    public func derivative(at t: Double) -> Point {
        let u = 1 - t
        switch self {
        case let .line(p0, p1): return p1 - p0
        case let .quad(p0, c, p1): return (c - p0) * (2 * u) + (p1 - c) * (2 * t)
        case let .cubic(p0, c1, c2, p1):
            return (c1 - p0) * (3 * u * u) + (c2 - c1) * (6 * u * t) + (p1 - c2) * (3 * t * t)
        }
    }

    /// The second derivative (B″), which bounds how far the curve strays from its chords.
    func secondDerivative(at t: Double) -> Point {
        switch self {
        case .line: return .zero
        case let .quad(p0, c, p1): return (p0 - c * 2 + p1) * 2
        case let .cubic(p0, c1, c2, p1): return ((p0 - c1 * 2 + c2) * (1 - t) + (c1 - c2 * 2 + p1) * t) * 6
        }
    }

    /// How many equal steps of t keep every chord within `tolerance` of the curve (Wang's bound:
    /// n² ≥ max|B″| / (8 · tolerance)), at most 4096; 1 for a line.
    func flatteningSteps(tolerance: Double) -> Int {
        let bound: Double
        switch self {
        case .line: return 1
        case let .quad(p0, c, p1):
            bound = 2 * (p0 - c * 2 + p1).length
        case let .cubic(p0, c1, c2, p1):
            bound = 6 * max((p0 - c1 * 2 + c2).length, (c1 - c2 * 2 + p1).length)
        }
        let n = (bound / (8 * tolerance)).squareRoot().rounded(.up)
        guard n.isFinite else { return 1 }
        return Int(min(max(n, 1), 4096))
    }

    /// The first point, at t = 0.
    public var start: Point {
        switch self {
        case .line(let p, _), .quad(let p, _, _), .cubic(let p, _, _, _): p
        }
    }

    /// The last point, at t = 1.
    public var end: Point {
        switch self {
        case .line(_, let p), .quad(_, _, let p), .cubic(_, _, _, let p): p
        }
    }

    /// Arc length from t = 0 to `t`, by 8-point Gauss–Legendre quadrature on 8 sub-intervals.
    public func length(to t: Double = 1) -> Double {
        if case let .line(p0, p1) = self { return p0.distance(to: p1) * t }
        let pieces = 8
        var total = 0.0
        for piece in 0..<pieces {
            let a = t * Double(piece) / Double(pieces), b = t * Double(piece + 1) / Double(pieces)
            let half = (b - a) / 2, mid = (a + b) / 2
            for (x, w) in Self.gauss {
                let d = derivative(at: mid + half * x)
                total += w * half * (d.x * d.x + d.y * d.y).squareRoot()
            }
        }
        return total
    }

    /// The parameter at which the arc length from the start reaches `distance` (clamped).
    public func parameter(atLength distance: Double) -> Double {
        let total = length()
        guard total > 0 else { return 0 }
        if distance <= 0 { return 0 }
        if distance >= total { return 1 }
        if case .line = self { return distance / total }
        var lo = 0.0, hi = 1.0
        for _ in 0..<50 {
            let mid = (lo + hi) / 2
            if length(to: mid) < distance { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// Nodes and weights of 8-point Gauss–Legendre quadrature on [−1, 1].
    private static let gauss: [(Double, Double)] = [
        (-0.9602898564975363, 0.1012285362903763), (-0.7966664774136267, 0.2223810344533745),
        (-0.5255324099163290, 0.3137066458778873), (-0.1834346424956498, 0.3626837833783620),
        (0.1834346424956498, 0.3626837833783620), (0.5255324099163290, 0.3137066458778873),
        (0.7966664774136267, 0.2223810344533745), (0.9602898564975363, 0.1012285362903763),
    ]
}

extension Path {
    /// The drawn segments in order; moves start new subpaths and are not segments.
    public var segments: [PathSegment] {
        var result: [PathSegment] = []
        var current = Point.zero, start = Point.zero
        for e in elements {
            switch e {
            case .move(let p):
                current = p
                start = p
            case .line(let p):
                result.append(.line(current, p))
                current = p
            case let .quad(c, p):
                result.append(.quad(current, c, p))
                current = p
            case let .cubic(c1, c2, p):
                result.append(.cubic(current, c1, c2, p))
                current = p
            case .close:
                result.append(.line(current, start))
                current = start
            }
        }
        return result
    }

    /// The total arc length of the drawn segments.
    public var length: Double { segments.reduce(0) { $0 + $1.length() } }

    /// The point and unit tangent at arc length `distance` from the start (clamped to the path);
    /// nil for an empty path.
    public func point(atLength distance: Double) -> (point: Point, tangent: Point)? {
        let pieces = segments
        guard !pieces.isEmpty else { return nil }
        var remaining = max(distance, 0)
        for (index, segment) in pieces.enumerated() {
            let length = segment.length()
            if remaining <= length || index == pieces.count - 1 {
                let t = segment.parameter(atLength: remaining)
                return (segment.point(at: t), Self.unit(segment.derivative(at: t)))
            }
            remaining -= length
        }
        return nil
    }

    /// The smallest rectangle containing every point of the path (curves included exactly,
    /// from their extrema).
    public var bounds: Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func include(_ p: Point) {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        for e in elements { if case .move(let p) = e { include(p) } }
        for segment in segments {
            include(segment.start)
            include(segment.end)
            for t in segment.extremaParameters { include(segment.point(at: t)) }
        }
        guard minX <= maxX else { return .zero }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    static func unit(_ v: Point) -> Point {
        let length = (v.x * v.x + v.y * v.y).squareRoot()
        return length > 0 ? v * (1 / length) : Point(1, 0)
    }
}

extension PathSegment {
    /// Parameters in (0, 1) where x or y has a turning point.
    var extremaParameters: [Double] {
        func roots(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
            // a t² + b t + c = 0
            if abs(a) < 1e-12 { return abs(b) < 1e-12 ? [] : [-c / b] }
            let disc = b * b - 4 * a * c
            guard disc >= 0 else { return [] }
            let r = disc.squareRoot()
            return [(-b + r) / (2 * a), (-b - r) / (2 * a)]
        }
        var ts: [Double] = []
        switch self {
        case .line: break
        case let .quad(p0, c, p1):
            for (a, b, d) in [(p0.x, c.x, p1.x), (p0.y, c.y, p1.y)] {
                let denominator = a - 2 * b + d
                if denominator != 0 { ts.append((a - b) / denominator) }
            }
        case let .cubic(p0, c1, c2, p1):
            for (a, b, c, d) in [(p0.x, c1.x, c2.x, p1.x), (p0.y, c1.y, c2.y, p1.y)] {
                ts += roots(3 * (-a + 3 * b - 3 * c + d), 6 * (a - 2 * b + c), 3 * (b - a))
            }
        }
        return ts.filter { $0 > 0 && $0 < 1 }
    }
}

extension PathElement {
    /// The Bézier curve this element draws from `start`; nil for moves, lines and closes.
    func curve(from start: Point) -> PathSegment? {
        switch self {
        case let .quad(c, p): .quad(start, c, p)
        case let .cubic(c1, c2, p): .cubic(start, c1, c2, p)
        case .move, .line, .close: nil
        }
    }
}
