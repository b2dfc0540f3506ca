import Geometry
import Raster
import XCTest

/// Glyphs drawn through their kept masks: the same pixels as filling the outline, in a band, in
/// a clip, and from the mask an earlier frame kept.
final class GlyphMaskTests: XCTestCase {
    /// An "o" with a counter, 20 pt, curved edges and a hole (non-zero winding, inner contour reversed).
    let glyph: Glyph = {
        var outline = Path()
        outline.addEllipse(in: Rect(x: 0, y: -14, width: 12, height: 14))
        var hole = Path()
        hole.addEllipse(in: Rect(x: 3, y: -11, width: 6, height: 8))
        outline.addPath(hole, transform: Transform3D(scaleX: -1, y: 1).concatenating(Transform3D(translationX: 12, y: 0)))
        return Glyph(faceSerial: 7, index: 42, size: 20, outline: outline)
    }()
    let color = PremultipliedColor(red: 0.2, green: 0.3, blue: 0.6, alpha: 0.8)
    let places = [Transform3D(translationX: 10.3, y: 30.7),
                  Transform3D(scaleX: 2.5, y: 2.5).concatenating(Transform3D(translationX: 40.55, y: 90.1)),
                  Transform3D(rotationAngle: 0.4).concatenating(Transform3D(translationX: 90, y: 40.25))]

    func filled(_ body: (Canvas, Transform3D) -> Void) throws -> Pixmap {
        try draw(background: PremultipliedColor(red: 0.9, green: 0.9, blue: 0.8, alpha: 1)) { canvas in
            for place in places { body(canvas, place) }
        }
    }

    func testAGlyphDrawsWhatItsOutlineFills() throws {
        let outline = try filled { $0.fill(glyph.outline, transform: $1, color: color, rule: .nonZero) }
        XCTAssertEqual(try filled { $0.fillGlyph(glyph, transform: $1, color: color) }.bytes, outline.bytes)
        // Within a clip, and over a half-transparent frame.
        let clip = Path.roundedRect(Rect(x: 20, y: 20, width: 70, height: 90), cornerRadius: 13)
        func clipped(_ body: (Canvas) -> Void) throws -> Pixmap {
            try draw { canvas in
                canvas.beginClip(clip, transform: .identity)
                body(canvas)
                canvas.endClip()
            }
        }
        XCTAssertEqual(try clipped { c in places.forEach { c.fillGlyph(glyph, transform: $0, color: color) } }.bytes,
                       try clipped { c in places.forEach { c.fill(glyph.outline, transform: $0, color: color, rule: .nonZero) } }.bytes)
    }

    /// A canvas that drew a glyph keeps its mask: the next frame, drawn from it, is the same, and
    /// so is a band drawn by a canvas that has only drawn the whole frame.
    /// A kept mask next to a band (the glyph's outline within the band's one-pixel margin, its
    /// coverage not) draws nothing there: each band of a frame is that frame's rows, whether the
    /// glyph ends just above the band or starts just below it.
    func testAKeptMaskNextToABandDrawsNothingThere() throws {
        let canvas = Canvas()
        for edge in stride(from: 27.0, through: 33.0, by: 0.125) {
            for (place, rows) in [(Transform3D(translationX: 20, y: edge), 30..<64), (Transform3D(translationX: 20, y: edge + 14), 0..<30)] {
                canvas.begin(try XCTUnwrap(Pixmap(width: 64, height: 64)), clearingTo: .transparent)
                canvas.fillGlyph(glyph, transform: place, color: color)
                let frame = canvas.end()
                canvas.begin(try XCTUnwrap(Pixmap(width: 64, rows: rows, ofFrameHeight: 64)), clearingTo: .transparent)
                canvas.fillGlyph(glyph, transform: place, color: color)
                XCTAssertEqual(canvas.end().bytes, Array(frame.bytes[(rows.lowerBound * 64 * 4)..<(rows.upperBound * 64 * 4)]), "edge at \(edge), rows \(rows)")
            }
        }
    }

    func testKeptMasksDrawTheSamePixels() throws {
        let canvas = Canvas()
        var frames: [Pixmap] = []
        for _ in 0..<3 {
            canvas.begin(try XCTUnwrap(Pixmap(width: 128, height: 128)), clearingTo: .transparent)
            for place in places { canvas.fillGlyph(glyph, transform: place, color: color) }
            frames.append(canvas.end())
        }
        XCTAssertEqual(frames[1].bytes, frames[0].bytes)
        XCTAssertEqual(frames[2].bytes, frames[0].bytes)
        XCTAssertGreaterThan(coveredArea(frames[0]), 100)
        canvas.begin(try XCTUnwrap(Pixmap(width: 128, rows: 35..<100, ofFrameHeight: 128)), clearingTo: .transparent)
        for place in places { canvas.fillGlyph(glyph, transform: place, color: color) }
        let band = canvas.end()
        XCTAssertEqual(band.bytes, Array(frames[0].bytes[(35 * 128 * 4)..<(100 * 128 * 4)]))
    }

    /// A glyph under perspective is filled from its outline.
    func testPerspectiveFallsBackToTheOutline() throws {
        var perspective = Transform3D.identity
        perspective.m34 = -1 / 200
        let place = Transform3D(rotationAngle: 0.5, x: 0, y: 1, z: 0).concatenating(perspective).concatenating(Transform3D(translationX: 60, y: 60))
        XCTAssertFalse(place.mapsPlaneAffinely)
        XCTAssertEqual(try draw { $0.fillGlyph(glyph, transform: place, color: color) }.bytes,
                       try draw { $0.fill(glyph.outline, transform: place, color: color, rule: .nonZero) }.bytes)
    }
}
