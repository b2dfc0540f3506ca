import Foundation
import Geometry
import Raster
import XCTest

/// Stroke outlines against analytic areas: caps, joins, dashes, trimming, hairlines.
final class StrokeTests: XCTestCase {
    func strokedArea(_ path: Path, _ style: StrokeStyle) throws -> Double {
        coveredArea(try draw { $0.stroke(path, transform: .identity, color: opaqueWhite, style: style) })
    }

    var line: Path {
        var p = Path()
        p.move(to: Point(10, 20))
        p.addLine(to: Point(50, 20))
        return p
    }

    /// A 40-long line 6 wide: butt 240; square caps add 3 at each end (276); round caps add two
    /// half discs of radius 3 (240 + 9π).
    func testCaps() throws {
        XCTAssertEqual(try strokedArea(line, StrokeStyle(lineWidth: 6, lineCap: .butt)), 240, accuracy: 0.5)
        XCTAssertEqual(try strokedArea(line, StrokeStyle(lineWidth: 6, lineCap: .square)), 276, accuracy: 0.5)
        XCTAssertEqual(try strokedArea(line, StrokeStyle(lineWidth: 6, lineCap: .round)), 240 + 9 * .pi, accuracy: 0.5)
    }

    /// A right-angle turn 4 wide: two 30×4 arms overlapping in a 2×2 square (236), plus the outer
    /// corner: the whole 2×2 square (miter), half of it (bevel), or a quarter disc of radius 2 (round).
    func testJoins() throws {
        var corner = Path()
        corner.move(to: Point(10, 40))
        corner.addLine(to: Point(40, 40))
        corner.addLine(to: Point(40, 10))
        XCTAssertEqual(try strokedArea(corner, StrokeStyle(lineWidth: 4, lineJoin: .miter)), 240, accuracy: 0.3)
        XCTAssertEqual(try strokedArea(corner, StrokeStyle(lineWidth: 4, lineJoin: .bevel)), 238, accuracy: 0.3)
        XCTAssertEqual(try strokedArea(corner, StrokeStyle(lineWidth: 4, lineJoin: .round)), 236 + .pi, accuracy: 0.3)
        // The miter of a 90° corner is √2 times the width: a limit of 1.4 bevels it.
        XCTAssertEqual(try strokedArea(corner, StrokeStyle(lineWidth: 4, lineJoin: .miter, miterLimit: 1.4)), 238, accuracy: 0.3)
    }

    /// Dashes 10 on, 5 off along a 100-long line: 7 dashes (70 long); with phase 5 the first is
    /// cut to 5 and 6 whole ones follow before the line ends in a gap (65).
    /// A closed square whose last line returns to its start before the close (as Lottie's closed
    /// paths and the built-in shapes do), stroked 4 wide with mitred joins, is the 24 × 24 square
    /// less the 16 × 16 inside (320) in either direction: every corner mitred, the start's too.
    func testClosingJoinWhenTheLastSegmentEndsAtTheStart() throws {
        let corners = [Point(10, 10), Point(30, 10), Point(30, 30), Point(10, 30)]
        for points in [corners, [corners[0]] + corners.dropFirst().reversed()] {
            var square = Path()
            square.move(to: points[0])
            for p in points.dropFirst() + [points[0]] { square.addLine(to: p) }
            square.closeSubpath()
            XCTAssertEqual(try strokedArea(square, StrokeStyle(lineWidth: 4, lineJoin: .miter)), 320, accuracy: 0.3, "\(points)")
        }
    }

    func testDashLengths() throws {
        var long = Path()
        long.move(to: Point(10, 60))
        long.addLine(to: Point(110, 60))
        var style = StrokeStyle(lineWidth: 2)
        style.dashPattern = [10, 5]
        XCTAssertEqual(try strokedArea(long, style), 140, accuracy: 0.5)
        style.dashPhase = 5
        XCTAssertEqual(try strokedArea(long, style), 130, accuracy: 0.5)
    }

    /// A dash pattern far finer than a pixel stops at 100,000 dashes for the whole stroke, not
    /// per subpath, so many subpaths cannot multiply the time and memory.
    func testDashCountIsBoundedOverTheWholeStroke() {
        var path = Path()
        for i in 0..<5 {
            path.move(to: Point(0, Double(i) * 10))
            path.addLine(to: Point(300, Double(i) * 10))
        }
        var style = StrokeStyle(lineWidth: 1)
        style.dashPattern = [0.001, 0.001]
        let outline = path.strokeOutline(style, tolerance: 0.1)
        let dashes = outline.elements.filter { if case .move = $0 { true } else { false } }.count
        XCTAssertEqual(dashes, 100_000)
    }

    /// strokeStart 0.25 and strokeEnd 0.75 keep the middle half; start ≥ end draws nothing.
    func testTrimming() throws {
        var long = Path()
        long.move(to: Point(10, 60))
        long.addLine(to: Point(110, 60))
        var style = StrokeStyle(lineWidth: 2)
        (style.start, style.end) = (0.25, 0.75)
        XCTAssertEqual(try strokedArea(long, style), 100, accuracy: 0.5)
        // A closed square trimmed to its first half: two sides.
        var square = Path.roundedRect(Rect(x: 20, y: 20, width: 40, height: 40), cornerRadius: 0)
        square.closeSubpath()
        (style.start, style.end) = (0, 0.5)
        style.lineWidth = 2
        // Two 40-long sides 2 wide: the 1×1 overlap inside the corner is given back by the miter outside it.
        XCTAssertEqual(try strokedArea(square, style), 160, accuracy: 0.5)
    }

    /// A hairline half a pixel wide is drawn one pixel wide at half coverage: the same total.
    func testHairlinesKeepTheirWeight() throws {
        XCTAssertEqual(try strokedArea(line, StrokeStyle(lineWidth: 0.5)), 40 * 0.5, accuracy: 0.3)
    }

    /// A circle's stroke is a ring between radii r ± w/2.
    func testCircleStrokeIsARing() throws {
        let circle = Path.ellipse(in: Rect(x: 24, y: 24, width: 80, height: 80))
        XCTAssertEqual(try strokedArea(circle, StrokeStyle(lineWidth: 8)), .pi * (44 * 44 - 36 * 36), accuracy: 3)
    }
}
