import XCTest
@testable import Geometry

final class PathCombineTests: XCTestCase {
    /// The signed area of a path's closed polygons (shoelace; y down, so a polygon turning
    /// clockwise on screen is positive).
    private func signedArea(_ path: Path) -> Double {
        path.flattened(tolerance: 0.01, closeAll: true).reduce(0) { total, polygon in
            guard polygon.count > 1 else { return total }
            return total + (1..<polygon.count).reduce(0) { sum, i in
                sum + (polygon[i - 1].x * polygon[i].y - polygon[i].x * polygon[i - 1].y) / 2
            }
        }
    }

    /// Squares A = 0…60 and B = 40…100 on both axes overlap in 40…60 (400): the outlines of
    /// their union, difference, intersection and exclusive parts enclose 6800, 3200, 400 and
    /// 6400, each with the region on the same side of every loop (the signed areas add up to
    /// the region's), and every loop closes.
    func testTheOutlinesOfTwoSquaresEncloseTheCombinedRegions() throws {
        let a = Path.roundedRect(Rect(x: 0, y: 0, width: 60, height: 60), cornerRadius: 0)
        let b = Path.roundedRect(Rect(x: 40, y: 40, width: 60, height: 60), cornerRadius: 0)
        for (combination, area) in [(PathCombination.union, 6800.0), (.subtract, 3200), (.intersect, 400), (.exclude, 6400)] {
            let outline = try XCTUnwrap(Path.outline(combining: [a, b], by: combination, tolerance: 0.01)).outline
            XCTAssertEqual(abs(signedArea(outline)), area, accuracy: 1e-6, "\(combination)")
            XCTAssertEqual(signedArea(outline).sign, signedArea(a).sign, "\(combination): the region on the squares' own side")
            let subpaths = outline.elements.filter { if case .move = $0 { true } else { false } }.count
            let closes = outline.elements.filter { if case .close = $0 { true } else { false } }.count
            XCTAssertEqual(closes, subpaths, "\(combination): every loop closed")
            XCTAssertGreaterThan(subpaths, 0, "\(combination)")
        }
    }

    /// Two discs of radius 30 whose centres are 30 apart: their union is 2πr² less the lens
    /// 2r²·acos(d / 2r) − (d / 2)·√(4r² − d²), their intersection the lens; the flattened
    /// outlines enclose them within a thousandth.
    func testTheOutlinesOfTwoDiscs() throws {
        let (r, d) = (30.0, 30.0)
        let lens = 2 * r * r * acos(d / (2 * r)) - d / 2 * (4 * r * r - d * d).squareRoot()
        let first = Path.ellipse(in: Rect(x: 0, y: 0, width: 2 * r, height: 2 * r))
        let second = Path.ellipse(in: Rect(x: d, y: 0, width: 2 * r, height: 2 * r))
        let union = abs(signedArea(try XCTUnwrap(Path.outline(combining: [first, second], by: .union, tolerance: 0.001)).outline))
        let intersection = abs(signedArea(try XCTUnwrap(Path.outline(combining: [first, second], by: .intersect, tolerance: 0.001)).outline))
        XCTAssertEqual(union, 2 * .pi * r * r - lens, accuracy: 2 * .pi * r * r * 1e-3)
        XCTAssertEqual(intersection, lens, accuracy: lens * 1e-3)
    }

    /// Edges lying on each other: squares side by side sharing the edge x = 50 make one
    /// 100 × 50 outline in union (the shared edge dropped: the region on both sides of it), and
    /// a square less a square sharing its bottom edge keeps the rest.
    func testEdgesOnEachOther() throws {
        let left = Path.roundedRect(Rect(x: 0, y: 0, width: 50, height: 50), cornerRadius: 0)
        let right = Path.roundedRect(Rect(x: 50, y: 0, width: 50, height: 50), cornerRadius: 0)
        XCTAssertEqual(abs(signedArea(try XCTUnwrap(Path.outline(combining: [left, right], by: .union, tolerance: 0.01)).outline)), 5000, accuracy: 1e-6)
        let bottom = Path.roundedRect(Rect(x: 0, y: 30, width: 50, height: 20), cornerRadius: 0)
        XCTAssertEqual(abs(signedArea(try XCTUnwrap(Path.outline(combining: [left, bottom], by: .subtract, tolerance: 0.01)).outline)), 1500, accuracy: 1e-6)
    }

    /// Past `maximumEdges` there is no outline (the work grows with their square).
    func testTooManyEdgesMakeNoOutline() {
        let disc = Path.ellipse(in: Rect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertNil(Path.outline(combining: [disc, disc], by: .union, tolerance: 0.01, maximumEdges: 100))
        XCTAssertNotNil(Path.outline(combining: [disc, disc], by: .union, tolerance: 0.01))
    }

    /// The same square twice makes one outline (each side kept once, not twice), starting at its
    /// topmost, leftmost corner.
    func testIdenticalPathsMakeOneOutline() throws {
        let square = Path.roundedRect(Rect(x: 10, y: 20, width: 60, height: 60), cornerRadius: 0)
        let outline = try XCTUnwrap(Path.outline(combining: [square, square], by: .union, tolerance: 0.01)).outline
        XCTAssertEqual(abs(signedArea(outline)), 3600, accuracy: 1e-9)
        XCTAssertEqual(outline.elements.filter { if case .move = $0 { true } else { false } }.count, 1)
        XCTAssertEqual(outline.elements.first, .move(Point(10, 20)))
    }

    /// Two combs, one with teeth up and one with teeth across, cross 1,600 times: past the
    /// limit there is no outline (the crossings, not only the edges, are bounded).
    func testTooManyCrossingsMakeNoOutline() {
        func comb(across: Bool) -> Path {
            var points = [Point(0, -10)]
            for k in 0..<20 {
                let x = Double(k * 10)
                points += [Point(x, 100), Point(x + 5, 100), Point(x + 5, 0), Point(x + 10, 0)]
            }
            points.append(Point(200, -10))
            var path = Path()
            for (i, p) in points.enumerated() {
                let q = across ? Point(p.y, p.x) : p
                if i == 0 { path.move(to: q) } else { path.addLine(to: q) }
            }
            path.closeSubpath()
            return path
        }
        XCTAssertNil(Path.outline(combining: [comb(across: false), comb(across: true)], by: .union, tolerance: 0.01, maximumEdges: 500))
        XCTAssertNotNil(Path.outline(combining: [comb(across: false), comb(across: true)], by: .union, tolerance: 0.01))
    }

    /// The segment count a caller checks before flattening is the flattening's own, closing
    /// segments aside: an ellipse (its last curve ends where it began) at two tolerances, and
    /// a line and a curve closed by a segment back to the start.
    func testTheSegmentCountIsTheFlatteningsOwn() {
        func made(_ path: Path, _ tolerance: Double) -> Int { path.flattened(tolerance: tolerance).reduce(0) { $0 + $1.count - 1 } }
        let ellipse = Path.ellipse(in: Rect(x: 0, y: 0, width: 80, height: 50))
        for tolerance in [0.1, 0.01] {
            XCTAssertEqual(ellipse.flattenedSegmentCount(tolerance: tolerance), made(ellipse, tolerance), "tolerance \(tolerance)")
        }
        var closed = Path()
        closed.move(to: Point(0, 0))
        closed.addLine(to: Point(40, 0))
        closed.addCurve(to: Point(40, 40), control1: Point(60, 10), control2: Point(60, 30))
        closed.closeSubpath()
        XCTAssertEqual(closed.flattenedSegmentCount(tolerance: 0.01), made(closed, 0.01) - 1)
    }
}
