import Geometry
import Text
import XCTest

/// Setting text into lines: wrapping at spaces, alignment, truncation, line height.
final class TextLayoutTests: XCTestCase {
    let style = TextStyle(font: "Inter", size: 20)

    func set(_ text: String, _ options: TextLayoutOptions) throws -> TypesetText {
        try TextLayout.typeset([TextRun(text, style: style)], options: options)
    }

    /// The text's extent on each line: the bounding box of the drawn outlines.
    func bounds(_ t: TypesetText) -> Rect { t.glyphs.dropFirst().reduce(t.glyphs.first?.path.bounds ?? .zero) { $0.union($1.path.bounds) } }

    func testWrappingBreaksAtSpacesAndLinesStackByTheFontsHeight() throws {
        let one = try set("Hello world again", TextLayoutOptions(width: 1000))
        XCTAssertEqual(one.lineCount, 1)
        let wrapped = try set("Hello world again", TextLayoutOptions(width: one.size.width * 0.75, isWrapped: true))
        XCTAssertEqual(wrapped.lineCount, 2)
        XCTAssertLessThanOrEqual(wrapped.size.width, one.size.width * 0.75)
        // Inter's ascender + descender + line gap, in units of 2048 an em, at 20 points.
        let face = try FontFace.face(for: FontLookup.file(for: "Inter"))
        let lineHeight = (face.ascender + face.descender + face.lineGap) * 20 / face.unitsPerEm
        XCTAssertEqual(wrapped.size.height, 2 * lineHeight, accuracy: 1e-9)
        let spaced = try set("Hello world again", TextLayoutOptions(width: one.size.width * 0.75, isWrapped: true, lineHeightMultiple: 1.5))
        XCTAssertEqual(spaced.size.height, 3 * lineHeight, accuracy: 1e-9)
        XCTAssertEqual(one.glyphCount, 17)
    }

    func testAlignment() throws {
        let left = bounds(try set("Hi", TextLayoutOptions(width: 200, alignment: .left)))
        let right = bounds(try set("Hi", TextLayoutOptions(width: 200, alignment: .right)))
        let centre = bounds(try set("Hi", TextLayoutOptions(width: 200, alignment: .center)))
        let width = try set("Hi", TextLayoutOptions(width: 200)).size.width
        XCTAssertEqual(right.minX - left.minX, 200 - width, accuracy: 1e-9)
        XCTAssertEqual(centre.minX - left.minX, (200 - width) / 2, accuracy: 1e-9)
        XCTAssertEqual(bounds(try set("שלום", TextLayoutOptions(width: 200))).maxX, 200, accuracy: 3, "natural: right to left goes right")
    }

    /// Justified lines reach both sides, except a paragraph's last.
    func testJustified() throws {
        let t = try set("aaa bbb ccc ddd eee fff", TextLayoutOptions(width: 150, alignment: .justified, isWrapped: true))
        XCTAssertGreaterThan(t.lineCount, 1)
        XCTAssertEqual(t.size.width, 150, accuracy: 1e-6)
    }

    /// A line too long loses its end (or start, or middle) to "…" and fits.
    func testTruncation() throws {
        let long = "The quick brown fox jumps over the lazy dog"
        for mode in [TruncationMode.end, .start, .middle] {
            let t = try set(long, TextLayoutOptions(width: 120, truncation: mode))
            XCTAssertLessThanOrEqual(t.size.width, 120, "\(mode)")
            XCTAssertLessThan(t.glyphCount, long.count, "\(mode)")
        }
        XCTAssertGreaterThan(try set(long, TextLayoutOptions(width: 120)).size.width, 120, "none: it overflows")
    }

    func testAMissingFontIsAnError() {
        XCTAssertThrowsError(try TextLayout.typeset([TextRun("x", style: TextStyle(font: "Nope Sans"))], options: TextLayoutOptions(width: 10)))
    }
}

extension TextLayoutTests {
    /// Each set glyph says where its characters begin and how far it moves the pen: in "בָא"
    /// (bet with a qamats under it, then alef; right to left, so alef is drawn leftmost) bet and
    /// its mark begin at scalar 0, the mark moving the pen not at all, and alef at scalar 2.
    func testGlyphsKnowTheirCharactersAndAdvances() throws {
        let set = try TextLayout.typeset([TextRun("\u{05D1}\u{05B8}\u{05D0}", style: TextStyle(font: "DejaVu Sans", size: 40))],
                                         options: TextLayoutOptions(width: 1000))
        let glyphs = set.glyphs.filter { $0.glyph != nil }
        XCTAssertEqual(glyphs.count, 3)
        XCTAssertEqual(glyphs.first?.scalar, 2, "alef, drawn leftmost")
        let bet = glyphs.filter { $0.scalar == 0 }
        XCTAssertEqual(bet.count, 2, "bet and its mark")
        XCTAssertEqual(bet.map(\.advance).min(), 0, "the mark")
        XCTAssertGreaterThan(bet.map(\.advance).max() ?? 0, 15, "the letter")
    }
}
