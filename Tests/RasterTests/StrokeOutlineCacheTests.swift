import Foundation
import Geometry
@testable import Raster
import XCTest

/// Stroke outlines kept from drawing to drawing (`StrokeOutlineCache`): the outline kept is the
/// one `Path.strokeOutline` gives, a canvas drawing strokes again (in place, moved, or in a band)
/// draws the pixels a fresh canvas draws, and outlines left unused for a few drawings are let go.
final class StrokeOutlineCacheTests: XCTestCase {
    let curve: Path = {
        var p = Path()
        p.move(to: Point(10, 100))
        p.addQuadCurve(to: Point(110, 20), control: Point(30, 10))
        p.addLine(to: Point(60, 120))
        return p
    }()
    let style = StrokeStyle(lineWidth: 7, lineCap: .round, lineJoin: .round)

    func testTheKeptOutlineIsTheStrokesOutline() {
        var cache = StrokeOutlineCache()
        cache.beginDrawing()
        let fresh = curve.strokeOutline(style, tolerance: 0.05)
        XCTAssertEqual(cache.outline(of: curve, style: style, tolerance: 0.05), fresh)
        XCTAssertEqual(cache.outline(of: curve, style: style, tolerance: 0.05), fresh)
        XCTAssertEqual(cache.count, 1)
        // Another tolerance (another scale) or style is another outline.
        XCTAssertEqual(cache.outline(of: curve, style: style, tolerance: 0.1), curve.strokeOutline(style, tolerance: 0.1))
        var thinner = style
        thinner.lineWidth = 3
        XCTAssertEqual(cache.outline(of: curve, style: thinner, tolerance: 0.05), curve.strokeOutline(thinner, tolerance: 0.05))
        XCTAssertEqual(cache.count, 3)
    }

    func testOutlinesUnusedForSomeDrawingsAreLetGo() {
        var cache = StrokeOutlineCache()
        cache.beginDrawing()
        _ = cache.outline(of: curve, style: style, tolerance: 0.1)
        for _ in 0..<StrokeOutlineCache.retention {
            cache.beginDrawing()
            XCTAssertEqual(cache.count, 1)
        }
        cache.beginDrawing()
        XCTAssertEqual(cache.count, 0)
    }

    /// Frames of strokes that hold still, that move, and a band: each the pixels a canvas that
    /// never drew them before draws.
    func testKeptOutlinesDrawTheSamePixels() throws {
        let canvas = Canvas()
        func frame(_ canvas: Canvas, _ shift: Double, rows: Range<Int> = 0..<128) throws -> Pixmap {
            canvas.begin(try XCTUnwrap(Pixmap(width: 128, rows: rows, ofFrameHeight: 128)), clearingTo: .transparent)
            canvas.stroke(curve, transform: .identity, color: opaqueWhite, style: style)
            canvas.stroke(curve, transform: Transform3D(translationX: shift, y: 3), color: opaqueWhite, style: style)
            return canvas.end()
        }
        for (index, shift) in [0, 0, 13.25, 13.25, 7.5].enumerated() {
            XCTAssertEqual(try frame(canvas, shift).bytes, try frame(Canvas(), shift).bytes, "frame \(index)")
        }
        XCTAssertEqual(try frame(canvas, 7.5, rows: 35..<100).bytes, try frame(Canvas(), 7.5, rows: 35..<100).bytes)
        XCTAssertGreaterThan(coveredArea(try frame(canvas, 7.5)), 500)
    }
}
