/// Continuous corners: each is three cubic Béziers reaching 1.52866483 × the radius along its
/// edges, with the control points iOS's `UIBezierPath(roundedRect:cornerRadius:)` has used since
/// iOS 7 (as measured and published by PaintCode), so the curvature rises gradually from the
/// straight edge instead of jumping to 1/r.
extension Path {
    /// The corner in its own frame: a point `(a, b)` is `a` radii back along the edge that comes
    /// in and `b` radii along the edge that goes out; each triple is control 1, control 2, end.
    private static let continuousCorner: [(Point, Point, Point)] = [
        (Point(1.08849296, 0), Point(0.86840694, 0.02573082), Point(0.63149399, 0.07491100)),
        (Point(0.37282202, 0.16905522), Point(0.16905522, 0.37282202), Point(0.07491100, 0.63149399)),
        (Point(0.02573082, 0.86840694), Point(0, 1.08849296), Point(0, 1.52866483)),
    ]

    mutating func addContinuousRoundedRect(_ r: Rect, cornerRadius: Double, corners: RectCorners) {
        // The corners reach 1.53 radii along each edge: at most half the shorter side.
        let radius = min(max(cornerRadius, 0), min(r.width, r.height) / 2 / CornerCurve.continuousReach)
        guard radius > 0, !corners.isEmpty else {
            addRect(r)
            return
        }
        // Clockwise on a y-down screen, from the top left: each corner with the direction of the
        // edge coming in and of the edge going out.
        let around: [(corner: Point, mask: RectCorners, incoming: Point, outgoing: Point)] = [
            (Point(r.maxX, r.minY), .maxXMinY, Point(1, 0), Point(0, 1)),
            (Point(r.maxX, r.maxY), .maxXMaxY, Point(0, 1), Point(-1, 0)),
            (Point(r.minX, r.maxY), .minXMaxY, Point(-1, 0), Point(0, -1)),
            (Point(r.minX, r.minY), .minXMinY, Point(0, -1), Point(1, 0)),
        ]
        let reach = CornerCurve.continuousReach * radius
        let start = corners.contains(.minXMinY) ? Point(r.minX + reach, r.minY) : Point(r.minX, r.minY)
        move(to: start)
        for side in around {
            func at(_ p: Point) -> Point { side.corner - side.incoming * (p.x * radius) + side.outgoing * (p.y * radius) }
            guard corners.contains(side.mask) else {
                addLine(to: side.corner)
                continue
            }
            addLine(to: side.corner - side.incoming * reach)
            for (c1, c2, end) in Self.continuousCorner { addCurve(to: at(end), control1: at(c1), control2: at(c2)) }
        }
        closeSubpath()
    }
}
