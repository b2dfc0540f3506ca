import Foundation

/// One element of a path, in the order `CGPath` stores them.
public enum PathElement: Hashable, Sendable {
    case move(Point)
    case line(Point)
    case quad(control: Point, to: Point)
    case cubic(control1: Point, control2: Point, to: Point)
    case close
}

/// A vector path built like `CGMutablePath`/`UIBezierPath`: subpaths of lines and Bézier curves.
public struct Path: Hashable, Sendable {
    /// The elements in the order they were added.
    public private(set) var elements: [PathElement] = []
    /// The least and the greatest coordinates of the path's points, curves' control points
    /// included (their hull holds the path): a box for it, kept as elements are added, so it
    /// costs nothing to ask for (infinities, the least above the greatest, while it is empty).
    public private(set) var controlBox = (min: Point(.infinity, .infinity), max: Point(-.infinity, -.infinity))
    private var subpathStart: Point?
    private var current: Point?

    /// An empty path.
    public init() {}

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Calls `body` with every point of the path, curves' control points included: their hull
    /// holds the path, a cheap box for it. (Inlinable, so callers in other modules get `body`
    /// inlined: a call a point made a frame's cost estimate take milliseconds.)
    @inlinable
    public func forEachControlPoint(_ body: (Point) -> Void) {
        for element in elements {
            switch element {
            case .move(let p), .line(let p): body(p)
            case let .quad(c, p): body(c); body(p)
            case let .cubic(c1, c2, p): body(c1); body(c2); body(p)
            case .close: break
            }
        }
    }

    /// The current point (the end of the last element), if any.
    public var currentPoint: Point? { current }

    /// Starts a new subpath at `p`.
    public mutating func move(to p: Point) {
        include(p)
        elements.append(.move(p))
        subpathStart = p
        current = p
    }

    /// Appends a line to `p`; without a current point, moves to `p` first.
    public mutating func addLine(to p: Point) {
        startIfNeeded(at: p)
        include(p)
        elements.append(.line(p))
        current = p
    }

    /// Appends a quadratic Bézier to `p` with control point `c`; without a current point, moves
    /// to `c` first.
    public mutating func addQuadCurve(to p: Point, control c: Point) {
        startIfNeeded(at: c)
        include(c)
        include(p)
        elements.append(.quad(control: c, to: p))
        current = p
    }

    /// Appends a cubic Bézier to `p` with control points `c1` and `c2`; without a current point, moves
    /// to `c1` first.
    public mutating func addCurve(to p: Point, control1 c1: Point, control2 c2: Point) {
        startIfNeeded(at: c1)
        include(c1)
        include(c2)
        include(p)
        elements.append(.cubic(control1: c1, control2: c2, to: p))
        current = p
    }

    /// Closes the current subpath with a line back to its start; does nothing without a current point.
    public mutating func closeSubpath() {
        guard current != nil else { return }
        elements.append(.close)
        current = subpathStart
    }

    /// Appends a closed rectangle (`CGPathAddRect`): clockwise on screen from the origin.
    public mutating func addRect(_ r: Rect) {
        move(to: Point(r.minX, r.minY))
        addLine(to: Point(r.maxX, r.minY))
        addLine(to: Point(r.maxX, r.maxY))
        addLine(to: Point(r.minX, r.maxY))
        closeSubpath()
    }

    /// Appends a closed ellipse inscribed in `r` (`CGPathAddEllipseInRect`): a move, four cubic
    /// quarter arcs starting at the right-hand end, clockwise on screen, and a close.
    public mutating func addEllipse(in r: Rect) {
        let (cx, cy, rx, ry) = (r.midX, r.midY, r.width / 2, r.height / 2)
        let k = 4.0 / 3.0 * (2.0.squareRoot() - 1)  // the quarter-circle handle length
        let (kx, ky) = (rx * k, ry * k)
        move(to: Point(cx + rx, cy))
        addCurve(to: Point(cx, cy + ry), control1: Point(cx + rx, cy + ky), control2: Point(cx + kx, cy + ry))
        addCurve(to: Point(cx - rx, cy), control1: Point(cx - kx, cy + ry), control2: Point(cx - rx, cy + ky))
        addCurve(to: Point(cx, cy - ry), control1: Point(cx - rx, cy - ky), control2: Point(cx - kx, cy - ry))
        addCurve(to: Point(cx + rx, cy), control1: Point(cx + kx, cy - ry), control2: Point(cx + rx, cy - ky))
        closeSubpath()
    }

    /// Appends a closed rounded rectangle with circular corners of `cornerRadius`, clamped to half
    /// the shorter side (so a square with half-side radius is a circle).
    public mutating func addRoundedRect(_ r: Rect, cornerRadius: Double, corners: RectCorners = .all, curve: CornerCurve = .circular) {
        if curve == .continuous {
            addContinuousRoundedRect(r, cornerRadius: cornerRadius, corners: corners)
            return
        }
        let radius = min(max(cornerRadius, 0), r.width / 2, r.height / 2)
        guard radius > 0, !corners.isEmpty else {
            addRect(r)
            return
        }
        func rounding(_ corner: RectCorners) -> Double { corners.contains(corner) ? radius : 0 }
        let (tl, tr, br, bl) = (rounding(.minXMinY), rounding(.maxXMinY), rounding(.maxXMaxY), rounding(.minXMaxY))
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        move(to: Point(x0 + tl, y0))
        addLine(to: Point(x1 - tr, y0))
        if tr > 0 { appendArcCurves(center: Point(x1 - tr, y0 + tr), radiusX: tr, radiusY: tr, start: -.pi / 2, sweep: .pi / 2) }
        addLine(to: Point(x1, y1 - br))
        if br > 0 { appendArcCurves(center: Point(x1 - br, y1 - br), radiusX: br, radiusY: br, start: 0, sweep: .pi / 2) }
        addLine(to: Point(x0 + bl, y1))
        if bl > 0 { appendArcCurves(center: Point(x0 + bl, y1 - bl), radiusX: bl, radiusY: bl, start: .pi / 2, sweep: .pi / 2) }
        addLine(to: Point(x0, y0 + tl))
        if tl > 0 { appendArcCurves(center: Point(x0 + tl, y0 + tl), radiusX: tl, radiusY: tl, start: .pi, sweep: .pi / 2) }
        closeSubpath()
    }

    /// Appends a circular arc with `UIBezierPath`'s convention: `clockwise` means clockwise on a
    /// y-down screen (angles increase). A line joins the current point to the arc's start.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        var sweep = endAngle - startAngle
        let full = 2 * Double.pi
        if clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: full) + full }
            sweep = min(sweep, full)
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: full) - full }
            sweep = max(sweep, -full)
        }
        let start = Point(center.x + radius * cos(startAngle), center.y + radius * sin(startAngle))
        if current == nil { move(to: start) } else { addLine(to: start) }
        appendArcCurves(center: center, radiusX: radius, radiusY: radius, start: startAngle, sweep: sweep)
    }

    /// Appends an arc with `CGPathAddArc`'s convention: `clockwise` is defined for a y-up space,
    /// so on a y-down screen `clockwise = true` draws counter-clockwise.
    public mutating func addCGArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Appends cubic segments of at most a quarter turn approximating an elliptical arc.
    private mutating func appendArcCurves(center c: Point, radiusX rx: Double, radiusY ry: Double, start: Double, sweep: Double) {
        guard sweep != 0, sweep.isFinite else { return }
        let count = max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(count)
        let k = 4.0 / 3.0 * tan(step / 4)
        var a0 = start
        for _ in 0..<count {
            let a1 = a0 + step
            let (c0, s0, c1, s1) = (cos(a0), sin(a0), cos(a1), sin(a1))
            let p1 = Point(c.x + rx * (c0 - k * s0), c.y + ry * (s0 + k * c0))
            let p2 = Point(c.x + rx * (c1 + k * s1), c.y + ry * (s1 - k * c1))
            let p3 = Point(c.x + rx * c1, c.y + ry * s1)
            addCurve(to: p3, control1: p1, control2: p2)
            a0 = a1
        }
    }

    private mutating func startIfNeeded(at p: Point) {
        if current == nil { move(to: p) }
    }

    /// Widens `controlBox` to hold `p`.
    private mutating func include(_ p: Point) {
        controlBox = (Point(min(controlBox.min.x, p.x), min(controlBox.min.y, p.y)), Point(max(controlBox.max.x, p.x), max(controlBox.max.y, p.y)))
    }

    /// A copy with every point mapped through the affine part of `t`.
    public func applying(_ t: Transform3D) -> Path {
        var out = Path()
        for e in elements {
            switch e {
            case .move(let p): out.move(to: t.apply(to: p))
            case .line(let p): out.addLine(to: t.apply(to: p))
            case .quad(let c, let p): out.addQuadCurve(to: t.apply(to: p), control: t.apply(to: c))
            case .cubic(let c1, let c2, let p): out.addCurve(to: t.apply(to: p), control1: t.apply(to: c1), control2: t.apply(to: c2))
            case .close: out.closeSubpath()
            }
        }
        return out
    }

    /// The rectangle this path is when it is one subpath of four axis-aligned sides, turning at
    /// each corner (nil for any other path, a flat one included).
    public var axisAlignedRectangle: Rect? {
        guard case .move(let start) = elements.first else { return nil }
        var points = [start]
        for element in elements.dropFirst() {
            switch element {
            case .line(let p): points.append(p)
            case .close: continue
            default: return nil
            }
        }
        if points.count == 5, points[4] == start { points.removeLast() }
        // Sides alternate between horizontal and vertical, each of some length.
        func isHorizontal(_ i: Int) -> Bool { points[i].y == points[(i + 1) % 4].y && points[i].x != points[(i + 1) % 4].x }
        func isVertical(_ i: Int) -> Bool { points[i].x == points[(i + 1) % 4].x && points[i].y != points[(i + 1) % 4].y }
        guard points.count == 4, (isHorizontal(0) && isVertical(1) && isHorizontal(2) && isVertical(3))
                || (isVertical(0) && isHorizontal(1) && isVertical(2) && isHorizontal(3)) else { return nil }
        let (x0, x1) = (min(points[0].x, points[2].x), max(points[0].x, points[2].x))
        let (y0, y1) = (min(points[0].y, points[2].y), max(points[0].y, points[2].y))
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// A path of a rounded rectangle, or of a plain one when the radius is 0.
    public static func roundedRect(_ r: Rect, cornerRadius: Double, corners: RectCorners = .all, curve: CornerCurve = .circular) -> Path {
        var p = Path()
        p.addRoundedRect(r, cornerRadius: cornerRadius, corners: corners, curve: curve)
        return p
    }

    /// A path of an ellipse inscribed in `r`.
    public static func ellipse(in r: Rect) -> Path {
        var p = Path()
        p.addEllipse(in: r)
        return p
    }

    public static func == (a: Path, b: Path) -> Bool { a.elements == b.elements }
    public func hash(into h: inout Hasher) { h.combine(elements) }
}

extension Path {
    /// Point-by-point interpolation towards a path with the same kinds of elements; nil when the
    /// element kinds differ (the caller then jumps at the midpoint, docs/core-animation.md §4).
    public func interpolated(to other: Path, at t: Double) -> Path? {
        guard elements.count == other.elements.count else { return nil }
        var out = Path()
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case let (.move(p), .move(q)): out.move(to: p.interpolated(to: q, at: t))
            case let (.line(p), .line(q)): out.addLine(to: p.interpolated(to: q, at: t))
            case let (.quad(c, p), .quad(d, q)):
                out.addQuadCurve(to: p.interpolated(to: q, at: t), control: c.interpolated(to: d, at: t))
            case let (.cubic(c1, c2, p), .cubic(d1, d2, q)):
                out.addCurve(to: p.interpolated(to: q, at: t), control1: c1.interpolated(to: d1, at: t),
                             control2: c2.interpolated(to: d2, at: t))
            case (.close, .close): out.closeSubpath()
            default: return nil
            }
        }
        return out
    }
}
