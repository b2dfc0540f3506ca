import Foundation
import Geometry

/// A convex polygon in frame pixels, such as a clip's outline (a layer's bounds, turned or not),
/// that tells whether a draw's pixels lie wholly inside it.
struct ConvexPolygon {
    /// The corners in order, either way round.
    let corners: [Point]

    /// The polygon `points` make (a closed outline, the first point maybe repeated at the end),
    /// nil when they do not make a convex one that goes round once.
    init?(_ points: [Point]) {
        var corners = points
        if corners.count > 1, corners.first == corners.last { corners.removeLast() }
        guard corners.count >= 3, corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        var (turning, sign) = (0.0, 0.0)
        for i in corners.indices {
            let (a, b, c) = (corners[i], corners[(i + 1) % corners.count], corners[(i + 2) % corners.count])
            let (u, v) = (Point(b.x - a.x, b.y - a.y), Point(c.x - b.x, c.y - b.y))
            let cross = u.x * v.y - u.y * v.x
            if cross != 0 {
                if sign == 0 { sign = cross } else if (sign > 0) != (cross > 0) { return nil }
            }
            turning += atan2(cross, u.x * v.x + u.y * v.y)
        }
        // Once round (a pentagram turns the same way at every corner, twice round).
        guard sign != 0, abs(abs(turning) - 2 * .pi) < 1e-6 else { return nil }
        self.corners = corners
    }

    /// The frame pixels inside when the polygon is a rectangle whose sides lie along the axes on
    /// pixel edges (within a millionth of a pixel), else nil.
    var pixelRectangle: PixelArea? {
        guard corners.count == 4 else { return nil }
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }
        for (i, p) in corners.enumerated() {
            let q = corners[(i + 1) % 4]
            guard near(p.x, q.x) || near(p.y, q.y), near(p.x, p.x.rounded()), near(p.y, p.y.rounded()), abs(p.x) < 1e9, abs(p.y) < 1e9 else { return nil }
        }
        let xs = corners.map { Int($0.x.rounded()) }, ys = corners.map { Int($0.y.rounded()) }
        let area = PixelArea(x0: xs.min()!, y0: ys.min()!, x1: xs.max()!, y1: ys.max()!)
        return area.isEmpty ? nil : area
    }

    /// Whether every pixel of `area` (of a pixmap whose row 0 is frame row `firstRow`) lies
    /// wholly inside.
    func holds(_ area: PixelArea, firstRow: Int) -> Bool {
        let (x0, x1, y0, y1) = (Double(area.x0), Double(area.x1), Double(area.y0 + firstRow), Double(area.y1 + firstRow))
        return contains(Point(x0, y0)) && contains(Point(x1, y0)) && contains(Point(x0, y1)) && contains(Point(x1, y1))
    }

    /// Whether `p` is inside or on the outline: on the same side of every edge.
    func contains(_ p: Point) -> Bool {
        var sign = 0.0
        for i in corners.indices {
            let (a, b) = (corners[i], corners[(i + 1) % corners.count])
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if cross == 0 { continue }
            if sign == 0 { sign = cross } else if (sign > 0) != (cross > 0) { return false }
        }
        return true
    }
}
