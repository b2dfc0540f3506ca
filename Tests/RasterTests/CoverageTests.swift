import Foundation
import Geometry
import Raster
import XCTest

/// Anti-aliased coverage against exact areas.
final class CoverageTests: XCTestCase {
    /// Draws `path` in opaque white on a transparent frame; returns the alpha channel in 0…1.
    func coverage(of path: Path, width: Int = 128, height: Int = 128, rule: FillRule = .nonZero,
                  transform: Transform3D = .identity) throws -> [Double] {
        let canvas = Canvas()
        canvas.begin(try XCTUnwrap(Pixmap(width: width, height: height)), clearingTo: .transparent)
        canvas.fill(path, transform: transform, color: .white, rule: rule)
        let frame = canvas.end()
        return stride(from: 3, to: frame.bytes.count, by: 4).map { Double(frame.bytes[$0]) / 255 }
    }

    /// Points at the ends of Double's range, whose differences overflow, draw what they can and
    /// nothing out of bounds (the cells are written through unchecked pointers): a triangle from
    /// (−1e308, 10) to (1e308, 120) (an edge 2e308 wide, past Double's range) to (64, 120)
    /// covers no more than the frame, and a square beside it is drawn whole; so does a triangle
    /// with an edge from just left of the frame to 1.7976e308 one row down.
    func testOverflowingCoordinatesStayInBounds() throws {
        var path = Path()
        path.move(to: Point(-1e308, 10))
        path.addLine(to: Point(1e308, 120))
        path.addLine(to: Point(64, 120))
        path.closeSubpath()
        path.addPath(.roundedRect(Rect(x: 4, y: 100, width: 8, height: 8), cornerRadius: 0))
        let alpha = try coverage(of: path)
        XCTAssertTrue(alpha.allSatisfy { (0...1).contains($0) })
        XCTAssertEqual(alpha[104 * 128 + 8], 1, "the square")
        // A segment from just left of the frame to x = 1.7976e308 one row down: cut at the frame's
        // sides, the piece inside it has a slope near Double's largest.
        var steep = Path()
        steep.move(to: Point(-0.01, 0))
        steep.addLine(to: Point(1.7976e308, 1))
        steep.addLine(to: Point(64, 120))
        steep.closeSubpath()
        XCTAssertTrue(try coverage(of: steep).allSatisfy { (0...1).contains($0) })
    }

    func testDiscAreaIsPiRSquared() throws {
        for (cx, cy, r) in [(64.0, 64.0, 30.0), (40.3, 71.7, 12.25), (63.5, 60.1, 45.9)] {
            let disc = Path.ellipse(in: Rect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r))
            let area = try coverage(of: disc).reduce(0, +)
            XCTAssertEqual(area, Double.pi * r * r, accuracy: Double.pi * r * r * 0.005, "r = \(r)")
        }
    }

    func testRectOnPixelEdgesIsExact() throws {
        let alpha = try coverage(of: Path.roundedRect(Rect(x: 10, y: 20, width: 30, height: 40), cornerRadius: 0))
        for y in 0..<128 {
            for x in 0..<128 {
                let inside = (10..<40).contains(x) && (20..<60).contains(y)
                XCTAssertEqual(alpha[y * 128 + x], inside ? 1 : 0, "pixel (\(x), \(y))")
            }
        }
    }

    /// A rect covering half of a column of pixels gives those pixels half coverage.
    func testHalfPixelEdgeGivesHalfCoverage() throws {
        let alpha = try coverage(of: Path.roundedRect(Rect(x: 10.5, y: 10, width: 10, height: 10), cornerRadius: 0))
        XCTAssertEqual(alpha[15 * 128 + 10], 128.0 / 255, accuracy: 1e-9)
        XCTAssertEqual(alpha[15 * 128 + 20], 128.0 / 255, accuracy: 1e-9)
        XCTAssertEqual(alpha[15 * 128 + 15], 1)
    }

    /// Two concentric circles in the same direction: non-zero fills the whole disc, even-odd
    /// only the ring between them.
    func testRingAreaUnderEachFillRule() throws {
        var path = Path.ellipse(in: Rect(x: 14, y: 14, width: 100, height: 100))
        path.addEllipse(in: Rect(x: 34, y: 34, width: 60, height: 60))
        let nonZero = try coverage(of: path, rule: .nonZero).reduce(0, +)
        let evenOdd = try coverage(of: path, rule: .evenOdd).reduce(0, +)
        XCTAssertEqual(nonZero, Double.pi * 2500, accuracy: Double.pi * 2500 * 0.005)
        XCTAssertEqual(evenOdd, Double.pi * (2500 - 900), accuracy: Double.pi * 1600 * 0.005)
    }

    /// A square rotated 45° keeps its area; a shape mostly off the canvas draws only its visible part.
    func testRotatedAndClippedShapes() throws {
        let square = Path.roundedRect(Rect(x: -20, y: -20, width: 40, height: 40), cornerRadius: 0)
        let rotated = Transform3D(rotationAngle: .pi / 4).concatenating(Transform3D(translationX: 64, y: 64))
        XCTAssertEqual(try coverage(of: square, transform: rotated).reduce(0, +), 1600, accuracy: 1600 * 0.005)
        let offCanvas = Path.roundedRect(Rect(x: -100, y: 10, width: 110, height: 10), cornerRadius: 0)
        XCTAssertEqual(try coverage(of: offCanvas).reduce(0, +), 100, accuracy: 1e-9)
    }

    func testNonFiniteAndHugeGeometryIsHarmless() throws {
        var bad = Path()
        bad.move(to: Point(.nan, 3))
        bad.addLine(to: Point(50, 50))
        bad.addLine(to: Point(10, 60))
        XCTAssertEqual(try coverage(of: bad).reduce(0, +), 0)
        let huge = Path.ellipse(in: Rect(x: -1e6, y: -1e6, width: 2e6 + 64, height: 2e6 + 64))
        XCTAssertEqual(try coverage(of: huge).reduce(0, +), 128 * 128, accuracy: 1)
        // Far beyond any sensible size: edges whose ends do not fit an Int, a shadow of radius
        // 1e300 and one moved 1e300 away draw without trapping.
        let enormous = Path.ellipse(in: Rect(x: -5e299, y: -5e299, width: 1e300, height: 1e300))
        XCTAssertEqual(try coverage(of: enormous).reduce(0, +), 128 * 128, accuracy: 1)
        let square = Path.roundedRect(Rect(x: 10, y: 10, width: 40, height: 40), cornerRadius: 0)
        for shadow in [ShadowPaint(color: opaqueWhite, offsetX: 0, offsetY: 0, radius: 1e300),
                       ShadowPaint(color: opaqueWhite, offsetX: 1e300, offsetY: -1e300, radius: 2),
                       ShadowPaint(color: opaqueWhite, offsetX: 500, offsetY: 0, radius: 2)] {
            _ = try draw { $0.drawShadow(square, transform: .identity, shadow: shadow) }
        }
        // Clips and groups far off the frame, a shadow in a group moved that far, a negative
        // line width: nothing drawn, nothing trapped.
        let far = Path.roundedRect(Rect(x: 1e19, y: -1e19, width: 10, height: 10), cornerRadius: 0)
        let frame = try draw { canvas in
            canvas.beginClip(far, transform: .identity)
            canvas.fill(square, transform: .identity, color: opaqueWhite, rule: .nonZero)
            canvas.endClip()
            canvas.beginGroup(opacity: 1, shadow: ShadowPaint(color: opaqueWhite, offsetX: -1e19, offsetY: .nan, radius: 4))
            canvas.fill(far, transform: .identity, color: opaqueWhite, rule: .nonZero)
            canvas.fill(square, transform: .identity, color: opaqueWhite, rule: .nonZero)
            canvas.endGroup()
            canvas.stroke(square, transform: .identity, color: opaqueWhite, style: StrokeStyle(lineWidth: -3))
        }
        XCTAssertEqual(frame.pixel(x: 5, y: 5).a, 0, "the stroke of negative width draws nothing")
        XCTAssertEqual(frame.pixel(x: 20, y: 20), opaqueWhite, "the group's square shows")
    }
}
