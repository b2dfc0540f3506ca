import Geometry
@testable import Raster
import XCTest

/// Clips whose outline is one convex polygon (a layer's bounds, turned) are built only when a
/// draw crosses them: a draw wholly inside is drawn unclipped, one across is clipped.
final class ConvexClipTests: XCTestCase {
    private let black = PremultipliedColor(r: 0, g: 0, b: 0, a: 255)

    func testConvexPolygons() {
        XCTAssertNotNil(ConvexPolygon([Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10), Point(0, 0)]), "a square")
        XCTAssertNotNil(ConvexPolygon([Point(0, 0), Point(0, 10), Point(10, 10), Point(10, 0)]), "the other way round")
        XCTAssertNil(ConvexPolygon([Point(0, 0), Point(10, 0), Point(10, 5), Point(5, 5), Point(5, 10), Point(0, 10)]), "an L")
        let star = (0..<5).map { i in Point(cos(Double(i) * 4 * .pi / 5) * 10, sin(Double(i) * 4 * .pi / 5) * 10) }
        XCTAssertNil(ConvexPolygon(star), "a pentagram turns one way at every corner but goes round twice")
        let diamond = ConvexPolygon([Point(10, 0), Point(20, 10), Point(10, 20), Point(0, 10)])!
        XCTAssertTrue(diamond.holds(PixelArea(x0: 7, y0: 7, x1: 13, y1: 13), firstRow: 0))
        XCTAssertFalse(diamond.holds(PixelArea(x0: 2, y0: 2, x1: 8, y1: 8), firstRow: 0), "a corner outside")
        XCTAssertTrue(diamond.holds(PixelArea(x0: 7, y0: 0, x1: 13, y1: 6), firstRow: 7), "the same pixels in a band starting at row 7")
        XCTAssertFalse(diamond.holds(PixelArea(x0: 7, y0: 0, x1: 13, y1: 6), firstRow: 0), "the band's rows 0…6 in the frame's")
    }

    /// In a diamond clip (a square turned 45°): a disc inside it draws as without the clip; a
    /// bar across it keeps its pixels well inside the diamond and loses those well outside;
    /// nested inside an outer turned clip that holds it, the same.
    func testDrawsInsideAndAcrossATurnedClip() throws {
        let diamond = Path.roundedRect(Rect(x: -10, y: -10, width: 20, height: 20), cornerRadius: 0)
        let turned = Transform3D(rotationAngle: .pi / 4).concatenating(Transform3D(translationX: 20, y: 20))
        func frame(clipped: Bool, nested: Bool = false, _ draw: (Canvas) -> Void) throws -> Pixmap {
            let canvas = Canvas()
            canvas.begin(try XCTUnwrap(Pixmap(width: 40, height: 40)), clearingTo: .white)
            if nested { canvas.beginClip(Path.roundedRect(Rect(x: -19, y: -19, width: 38, height: 38), cornerRadius: 0), transform: turned) }
            if clipped { canvas.beginClip(diamond, transform: turned) }
            draw(canvas)
            if clipped { canvas.endClip() }
            if nested { canvas.endClip() }
            return canvas.end()
        }
        let disc = { (canvas: Canvas) in canvas.fill(Path.ellipse(in: Rect(x: 13.3, y: 14.2, width: 13, height: 11)), transform: .identity, color: self.black, rule: .nonZero) }
        XCTAssertEqual(try frame(clipped: true, disc).bytes, try frame(clipped: false, disc).bytes, "a disc inside")
        XCTAssertEqual(try frame(clipped: true, nested: true, disc).bytes, try frame(clipped: false, disc).bytes, "inside two clips")
        let bar = { (canvas: Canvas) in canvas.fill(Path.roundedRect(Rect(x: 0, y: 17, width: 40, height: 6), cornerRadius: 0), transform: .identity, color: self.black, rule: .nonZero) }
        for nested in [false, true] {
            let across = try frame(clipped: true, nested: nested, bar)
            XCTAssertEqual(across.pixel(x: 20, y: 19), black, "inside the diamond")
            XCTAssertEqual(across.pixel(x: 3, y: 19), .white, "left of the diamond (its corner at x 5.9)")
            XCTAssertEqual(across.pixel(x: 37, y: 19), .white, "right of it")
        }
    }
}

extension ConvexClipTests {
    /// A clip inside a smaller one reads only the rows the outer clip holds; the rest of its
    /// outline is cleared, not left for the next path. Here a diamond clip spanning the frame,
    /// inside a small disc, is built for a bar across both; the disc drawn afterwards, in rows
    /// of the diamond the disc clip left unread, is the disc drawn on its own.
    func testANestedClipLeavesNothingForTheNextPath() throws {
        let outer = Path.ellipse(in: Rect(x: 30, y: 30, width: 20, height: 20))
        let inner = Path.roundedRect(Rect(x: -30, y: -30, width: 60, height: 60), cornerRadius: 0)
        let disc = Path.ellipse(in: Rect(x: 5.5, y: 3.2, width: 30, height: 20))
        func frame(nested: Bool) throws -> Pixmap {
            let canvas = Canvas()
            canvas.begin(try XCTUnwrap(Pixmap(width: 80, height: 80)), clearingTo: .white)
            if nested {
                canvas.beginClip(outer, transform: .identity)
                canvas.beginClip(inner, transform: Transform3D(rotationAngle: .pi / 4).concatenating(Transform3D(translationX: 40, y: 40)))
                canvas.fill(.roundedRect(Rect(x: 0, y: 38, width: 80, height: 4), cornerRadius: 0), transform: .identity,
                            color: PremultipliedColor(r: 0, g: 0, b: 255, a: 255), rule: .nonZero)
                canvas.endClip()
                canvas.endClip()
            }
            canvas.fill(disc, transform: .identity, color: black, rule: .nonZero)
            return canvas.end()
        }
        let (nested, alone) = (try frame(nested: true), try frame(nested: false))
        for y in 0..<30 {
            for x in 0..<80 { XCTAssertEqual(nested.pixel(x: x, y: y), alone.pixel(x: x, y: y), "(\(x), \(y))") }
        }
    }
}
