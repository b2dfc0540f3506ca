import Foundation
import Geometry
import XCTest

/// Path length, points at a length, bounds, arc-to-point and SVG path data.
final class PathMeasureTests: XCTestCase {
    func testCircleLengthAndPointAtLength() throws {
        let circle = Path.ellipse(in: Rect(x: -10, y: -10, width: 20, height: 20))
        // The four-cubic circle is 0.0272% longer than the true one at most; 2πr within 0.03%.
        XCTAssertEqual(circle.length, 2 * .pi * 10, accuracy: 2 * .pi * 10 * 3e-4)
        let quarter = try XCTUnwrap(circle.point(atLength: circle.length / 4))
        XCTAssertEqual(quarter.point.x, 0, accuracy: 1e-6)
        XCTAssertEqual(quarter.point.y, 10, accuracy: 1e-6)
        XCTAssertEqual(quarter.tangent.x, -1, accuracy: 1e-6, "moving left at the bottom: clockwise on screen")
        var line = Path()
        line.move(to: .zero)
        line.addLine(to: Point(3, 4))
        XCTAssertEqual(line.length, 5)
        XCTAssertEqual(line.point(atLength: 2.5)?.point, Point(1.5, 2))
    }

    func testBoundsIncludeCurveExtremaNotControlPoints() {
        var p = Path()
        p.move(to: Point(0, 0))
        p.addQuadCurve(to: Point(10, 0), control: Point(5, 10))
        XCTAssertEqual(p.bounds, Rect(x: 0, y: 0, width: 10, height: 5))
    }

    /// A corner from (0,0) through (10,0) to (10,10) rounded with radius 2: a line to (8, 0), then
    /// a quarter arc about (8, 2) to (10, 2), passing 2 from the centre at 45°.
    func testArcToPoint() throws {
        var p = Path()
        p.move(to: .zero)
        p.addArc(tangent1End: Point(10, 0), tangent2End: Point(10, 10), radius: 2)
        XCTAssertEqual(p.elements[1], .line(Point(8, 0)))
        let end = try XCTUnwrap(p.currentPoint)
        XCTAssertEqual(end.x, 10, accuracy: 1e-9)
        XCTAssertEqual(end.y, 2, accuracy: 1e-9)
        for point in p.flattened(tolerance: 0.001)[0].dropFirst(2) {
            XCTAssertEqual(point.distance(to: Point(8, 2)), 2, accuracy: 1e-3)
        }
    }

    func testAddPathWithTransform() {
        var a = Path()
        a.move(to: .zero)
        a.addLine(to: Point(1, 0))
        var b = Path()
        b.addPath(a, transform: Transform3D(translationX: 5, y: 5))
        XCTAssertEqual(b.elements, [.move(Point(5, 5)), .line(Point(6, 5))])
    }

    func testSVGCommandsAbsoluteAndRelative() throws {
        let p = try Path(svg: "M10,20 l5-5 H30 v10 h-10 V50 L0 0 1 1 z m2 2 3 3")
        XCTAssertEqual(p.elements, [
            .move(Point(10, 20)), .line(Point(15, 15)), .line(Point(30, 15)), .line(Point(30, 25)),
            .line(Point(20, 25)), .line(Point(20, 50)), .line(Point(0, 0)), .line(Point(1, 1)), .close,
            .move(Point(12, 22)), .line(Point(15, 25)),
        ])
        let curves = try Path(svg: "M0 0C1 1 2 1 3 0S5-1 6 0Q7 1 8 0T10 0c1 1 2 1 3 0")
        XCTAssertEqual(curves.elements, [
            .move(.zero), .cubic(control1: Point(1, 1), control2: Point(2, 1), to: Point(3, 0)),
            .cubic(control1: Point(4, -1), control2: Point(5, -1), to: Point(6, 0)),
            .quad(control: Point(7, 1), to: Point(8, 0)), .quad(control: Point(9, -1), to: Point(10, 0)),
            .cubic(control1: Point(11, 1), control2: Point(12, 1), to: Point(13, 0)),
        ])
        XCTAssertEqual(try Path(svg: "M.5.5-1e1,2E-1").elements, [.move(Point(0.5, 0.5)), .line(Point(-10, 0.2))])
    }

    /// A semicircle from (0,0) to (20,0) with radius 10. SVG's sweep flag 1 is the direction of
    /// increasing angle, so from angle π to 2π about (10, 0): through (10, −10). Points stay within
    /// the cubic approximation's 0.03% of the radius of the circle.
    func testSVGEllipticalArc() throws {
        let down = try Path(svg: "M0 0 A10 10 0 0 1 20 0").flattened(tolerance: 0.001)[0]
        XCTAssertTrue(down.allSatisfy { abs($0.distance(to: Point(10, 0)) - 10) < 5e-3 })
        XCTAssertTrue(down.contains { abs($0.x - 10) < 0.05 && abs($0.y + 10) < 0.05 }, "sweep 1 from (0,0) to (20,0) passes through (10, −10)")
        let flagsRunTogether = try Path(svg: "M0 0a10 10 0 0020 0")
        XCTAssertEqual(flagsRunTogether.currentPoint, Point(20, 0))
        // Radii too small are scaled up until the arc fits.
        let scaled = try Path(svg: "M0 0 A1 1 0 0 1 20 0").flattened(tolerance: 0.001)[0]
        XCTAssertTrue(scaled.allSatisfy { abs($0.distance(to: Point(10, 0)) - 10) < 5e-3 })
    }

    func testSVGErrorsNameThePosition() {
        let cases: [(String, Int, String)] = [
            ("L 1 2", 0, "must start with a move"),
            ("M 1", 3, "found the end"),
            ("M 1 2 X 3", 6, "unexpected 'X'"),
            ("M 0 0 A 1 1 0 2 0 5 5", 14, "arc flag"),
            ("M 0 0 Z 4", 8, "cannot follow Z"),
        ]
        for (data, offset, message) in cases {
            XCTAssertThrowsError(try Path(svg: data)) { error in
                let e = error as? SVGPathError
                XCTAssertEqual(e?.offset, offset, data)
                XCTAssertTrue(e?.message.contains(message) ?? false, "\(data): \(String(describing: e))")
            }
        }
        XCTAssertEqual(try Path(svg: "  ").elements, [])
    }
}
