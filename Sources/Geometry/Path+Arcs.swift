import Foundation

extension Path {
    /// `CGPathAddArcToPoint` / `addArc(tangent1End:tangent2End:radius:)`: a line from the current
    /// point to where a circle of `radius` touches the line towards `tangent1End`, then the arc
    /// to where it touches the line from `tangent1End` to `tangent2End`. Collinear points or a
    /// zero radius give a line to `tangent1End`.
    public mutating func addArc(tangent1End p1: Point, tangent2End p2: Point, radius: Double) {
        guard let p0 = currentPoint else {
            move(to: p1)
            return
        }
        let d0 = Self.unit(p0 - p1), d2 = Self.unit(p2 - p1)
        let cross = d0.x * d2.y - d0.y * d2.x
        let cosine = min(max(d0.x * d2.x + d0.y * d2.y, -1), 1)
        guard radius > 0, abs(cross) > 1e-12, p0 != p1, p2 != p1 else {
            addLine(to: p1)
            return
        }
        let half = acos(cosine) / 2
        let along = radius / tan(half)
        let start = p1 + d0 * along, end = p1 + d2 * along
        let bisector = Self.unit(d0 + d2)
        let center = p1 + bisector * (radius / sin(half))
        addLine(to: start)
        let a0 = atan2(start.y - center.y, start.x - center.x)
        let a1 = atan2(end.y - center.y, end.x - center.x)
        var sweep = a1 - a0
        // The short way round: the arc turns the same way as the corner.
        while sweep > .pi { sweep -= 2 * .pi }
        while sweep < -.pi { sweep += 2 * .pi }
        addArc(center: center, radius: radius, startAngle: a0, endAngle: a0 + sweep, clockwise: sweep > 0)
    }

    /// Appends `other`'s elements mapped through `transform` (`CGPathAddPath`).
    public mutating func addPath(_ other: Path, transform: Transform3D = .identity) {
        for e in other.applying(transform).elements {
            switch e {
            case .move(let p): move(to: p)
            case .line(let p): addLine(to: p)
            case let .quad(c, p): addQuadCurve(to: p, control: c)
            case let .cubic(c1, c2, p): addCurve(to: p, control1: c1, control2: c2)
            case .close: closeSubpath()
            }
        }
    }

    /// Appends an SVG elliptical arc from the current point to `end` (SVG's endpoint
    /// parameterization, converted to centre form as in SVG 1.1 appendix F.6.5).
    public mutating func addEllipticalArc(to end: Point, radiusX: Double, radiusY: Double, rotation: Double,
                                          largeArc: Bool, sweep: Bool) {
        guard let start = currentPoint else {
            move(to: end)
            return
        }
        var rx = abs(radiusX), ry = abs(radiusY)
        guard rx > 0, ry > 0, start != end else {
            if start != end { addLine(to: end) }
            return
        }
        let cosPhi = cos(rotation), sinPhi = sin(rotation)
        let dx = (start.x - end.x) / 2, dy = (start.y - end.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy, y1 = -sinPhi * dx + cosPhi * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = (max(numerator, 0) / denominator).squareRoot()
        if largeArc == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry, cy1 = -factor * ry * x1 / rx
        let center = Point(cosPhi * cx1 - sinPhi * cy1 + (start.x + end.x) / 2,
                           sinPhi * cx1 + cosPhi * cy1 + (start.y + end.y) / 2)
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
        if !sweep && delta > 0 { delta -= 2 * .pi }
        if sweep && delta < 0 { delta += 2 * .pi }
        // Unit-circle arc pieces of at most a quarter turn, mapped onto the ellipse.
        let count = max(1, Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / Double(count)
        let k = 4.0 / 3.0 * tan(step / 4)
        func map(_ ux: Double, _ uy: Double) -> Point {
            Point(center.x + rx * ux * cosPhi - ry * uy * sinPhi, center.y + rx * ux * sinPhi + ry * uy * cosPhi)
        }
        var a = theta1
        for index in 0..<count {
            let b = a + step
            let c1 = map(cos(a) - k * sin(a), sin(a) + k * cos(a))
            let c2 = map(cos(b) + k * sin(b), sin(b) - k * cos(b))
            addCurve(to: index == count - 1 ? end : map(cos(b), sin(b)), control1: c1, control2: c2)
            a = b
        }
    }
}
