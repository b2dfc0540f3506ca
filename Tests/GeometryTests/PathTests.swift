import Foundation
import Geometry
import XCTest

final class PathTests: XCTestCase {
    /// A rectangle's path, whichever corner it starts at and whichever way round, closed by a
    /// line back or not, is recognised; a flat path, a bent one or two subpaths are not.
    func testAxisAlignedRectangles() {
        func path(_ points: [(Double, Double)], close: Bool = true) -> Path {
            var p = Path()
            p.move(to: Point(points[0].0, points[0].1))
            for (x, y) in points.dropFirst() { p.addLine(to: Point(x, y)) }
            if close { p.closeSubpath() }
            return p
        }
        let box = Rect(x: 1, y: 2, width: 3, height: 4)
        XCTAssertEqual(Path.roundedRect(box, cornerRadius: 0).axisAlignedRectangle, box)
        XCTAssertEqual(path([(4, 6), (4, 2), (1, 2), (1, 6)]).axisAlignedRectangle, box)
        XCTAssertEqual(path([(1, 2), (1, 6), (4, 6), (4, 2), (1, 2)]).axisAlignedRectangle, box)
        XCTAssertNil(path([(0, 0), (10, 0), (10, 10), (10, 0)]).axisAlignedRectangle, "flat: back along a side")
        XCTAssertNil(path([(0, 0), (10, 0), (10, 10), (0, 11)]).axisAlignedRectangle, "a bent side")
        XCTAssertNil(path([(0, 0), (10, 0), (10, 0), (0, 10)]).axisAlignedRectangle, "a side of no length")
        var two = path([(0, 0), (10, 0)], close: false)
        two.move(to: Point(10, 10))
        two.addLine(to: Point(0, 10))
        XCTAssertNil(two.axisAlignedRectangle, "two subpaths")
        XCTAssertNil(Path.roundedRect(box, cornerRadius: 1).axisAlignedRectangle, "rounded")
    }

    /// A path's control box is the least and greatest of the points `forEachControlPoint`
    /// gives, whatever added them (lines, curves, arcs, a rounded rectangle, a lone move), and
    /// empty (the least above the greatest) for no points.
    func testControlBoxHoldsEveryControlPoint() {
        var random = SplitMix64(seed: 83)
        XCTAssertGreaterThan(Path().controlBox.min.x, Path().controlBox.max.x)
        for _ in 0..<200 {
            var path = Path()
            func point() -> Point { Point(.random(in: -500...500, using: &random), .random(in: -500...500, using: &random)) }
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                switch Int.random(in: 0...5, using: &random) {
                case 0: path.move(to: point())
                case 1: path.addLine(to: point())
                case 2: path.addQuadCurve(to: point(), control: point())
                case 3: path.addCurve(to: point(), control1: point(), control2: point())
                case 4: path.addArc(center: point(), radius: .random(in: 1...90, using: &random), startAngle: 0, endAngle: 2, clockwise: false)
                default: path.addRoundedRect(Rect(x: -20, y: 5, width: 70, height: 30), cornerRadius: 9)
                }
            }
            var points: [Point] = []
            path.forEachControlPoint { points.append($0) }
            let box = path.controlBox
            XCTAssertEqual(box.min.x, points.map(\.x).min())
            XCTAssertEqual(box.min.y, points.map(\.y).min())
            XCTAssertEqual(box.max.x, points.map(\.x).max())
            XCTAssertEqual(box.max.y, points.map(\.y).max())
        }
    }

    /// Every vertex and chord midpoint of a flattened circle stays within the tolerance of the
    /// true circle (the cubic approximation itself is off by at most 0.03% of r).
    func testFlattenedCircleStaysWithinTolerance() {
        let r = 100.0, tolerance = 0.1
        let polys = Path.ellipse(in: Rect(x: -r, y: -r, width: 2 * r, height: 2 * r)).flattened(tolerance: tolerance)
        XCTAssertEqual(polys.count, 1)
        let poly = polys[0]
        XCTAssertEqual(poly.first, poly.last)
        for i in 1..<poly.count {
            let mid = poly[i - 1].interpolated(to: poly[i], at: 0.5)
            XCTAssertLessThan(abs(poly[i].distance(to: .zero) - r), 0.03)
            XCTAssertLessThan(r - mid.distance(to: .zero), tolerance + 0.03)
        }
    }

    /// A rounded rect with a radius of half its side is a circle: its points lie at the radius.
    func testRoundedSquareWithHalfSideRadiusIsACircle() {
        let poly = Path.roundedRect(Rect(x: -10, y: -10, width: 20, height: 20), cornerRadius: 10).flattened(tolerance: 0.01)[0]
        for p in poly { XCTAssertEqual(p.distance(to: .zero), 10, accuracy: 0.01) }
    }

    /// UIBezierPath's clockwise arc runs clockwise on screen (angles increase); CGPath's is the opposite.
    func testArcDirections() {
        var screen = Path()
        screen.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        var cg = Path()
        cg.addCGArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        let short = screen.flattened(tolerance: 0.001)[0]
        let long = cg.flattened(tolerance: 0.001)[0]
        // The screen-clockwise quarter stays in the lower right quadrant (y down); CGPath's goes
        // the long way round, through the top (0, −1) and the left (−1, 0).
        XCTAssertTrue(short.allSatisfy { $0.x >= -1e-9 && $0.y >= -1e-9 })
        XCTAssertTrue(long.contains { $0.y < -0.99 })
        XCTAssertTrue(long.contains { $0.x < -0.99 })
        XCTAssertEqual(long.last?.x ?? 1, 0, accuracy: 1e-9)
        XCTAssertEqual(long.last?.y ?? 0, 1, accuracy: 1e-9)
    }
}

/// maskedCorners: only the corners named are rounded.
final class RoundedCornerTests: XCTestCase {
    /// A 10×10 square with radius 5 on its top-left corner alone keeps the other three corners
    /// as vertices, and has none at the rounded one.
    func testOnlyTheMaskedCornersAreRounded() {
        let path = Path.roundedRect(Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 5, corners: [.minXMinY])
        let points = path.flattened(tolerance: 0.01).flatMap { $0 }
        for corner in [Point(10, 0), Point(10, 10), Point(0, 10)] { XCTAssertTrue(points.contains(corner), "\(corner)") }
        XCTAssertFalse(points.contains(Point(0, 0)))
        let round = Path.roundedRect(Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 5).flattened(tolerance: 0.01).flatMap { $0 }
        for corner in [Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)] { XCTAssertFalse(round.contains(corner), "\(corner)") }
    }

    /// A continuous corner of radius 10 on a 100×100 square starts 15.2866483 from the corner
    /// along each edge (1.52866483 radii), leaves the edge along it (its first control point is on
    /// the edge: no kink), passes through the published point (0.07491100, 0.63149399) radii
    /// from the corner, and stays inside the square; a circular corner starts 10 away.
    func testContinuousCornersFollowIOSCurve() {
        let square = Rect(x: 0, y: 0, width: 100, height: 100)
        let path = Path.roundedRect(square, cornerRadius: 10, curve: .continuous)
        guard case .move(let start) = path.elements.first else { return XCTFail("no start") }
        XCTAssertEqual(start.x, 15.2866483, accuracy: 1e-9)
        XCTAssertEqual(start.y, 0)
        let curves = path.elements.compactMap { element -> (Point, Point, Point)? in
            if case let .cubic(c1, c2, end) = element { (c1, c2, end) } else { nil }
        }
        XCTAssertEqual(curves.count, 12)
        XCTAssertEqual(curves[0].0.y, 0, "the first control point lies on the top edge")
        XCTAssertEqual(curves[1].2.x, 100 - 0.7491100, accuracy: 1e-9)
        XCTAssertEqual(curves[1].2.y, 6.3149399, accuracy: 1e-9)
        for p in path.flattened(tolerance: 0.01).flatMap({ $0 }) {
            XCTAssertTrue(p.x >= -1e-9 && p.x <= 100 + 1e-9 && p.y >= -1e-9 && p.y <= 100 + 1e-9, "\(p)")
        }
        guard case .move(let circular) = Path.roundedRect(square, cornerRadius: 10).elements.first else { return XCTFail("no start") }
        XCTAssertEqual(circular.x, 10)
    }
}
