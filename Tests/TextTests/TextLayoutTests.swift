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
    /// A paragraph's own style (NSParagraphStyle, taken from the paragraph's first character):
    /// "Hi" twice over, the second paragraph starting in a right-aligned run, so its line ends at
    /// the width while the first stays left; `lineSpacing` ("the distance in points between the
    /// bottom of one line fragment and the top of the next") puts 12 points below each line of
    /// its paragraph, none below the text's last.
    func testParagraphStylesComeFromTheirFirstCharacter() throws {
        let right = TextStyle(font: "Inter", size: 20, paragraph: ParagraphStyle(alignment: .right, lineSpacing: 12))
        let set = try TextLayout.typeset([TextRun("Hi\n", style: style), TextRun("Hi\nHi", style: right)], options: TextLayoutOptions(width: 200))
        let lines = Dictionary(grouping: set.glyphs, by: \.line).mapValues { $0.reduce($0[0].path.bounds) { $0.union($1.path.bounds) } }
        let plain = try self.set("Hi", TextLayoutOptions(width: 200))
        let face = try FontFace.face(for: FontLookup.file(for: "Inter"))
        let lineHeight = (face.ascender + face.descender + face.lineGap) * 20 / face.unitsPerEm
        XCTAssertEqual(try XCTUnwrap(lines[0]).minX, bounds(plain).minX, accuracy: 1e-9, "the first paragraph: the layout's natural")
        XCTAssertEqual(try XCTUnwrap(lines[1]).minX - bounds(plain).minX, 200 - plain.size.width, accuracy: 1e-9, "right-aligned")
        XCTAssertEqual(try XCTUnwrap(lines[2]).minY - lines[1]!.minY, lineHeight + 12, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(lines[1]).minY - lines[0]!.minY, lineHeight, accuracy: 1e-9, "the first paragraph adds none")
        XCTAssertEqual(set.size.height, 3 * lineHeight + 12, accuracy: 1e-9)
        // A natural paragraph alignment leaves the layout's (here right).
        let natural = TextStyle(font: "Inter", size: 20, paragraph: ParagraphStyle(alignment: .natural))
        let kept = try TextLayout.typeset([TextRun("Hi", style: natural)], options: TextLayoutOptions(width: 200, alignment: .right))
        XCTAssertEqual(bounds(kept).minX - bounds(plain).minX, 200 - plain.size.width, accuracy: 1e-9)
    }

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
        XCTAssertNil(FontLookup.standIn(for: "Nope Sans"))
    }

    /// Apple's families, not installed here, are drawn in the fonts that stand in for them, their
    /// style kept; an installed family is itself.
    func testApplesFontsHaveStandIns() throws {
        for (apple, standIn) in [("Helvetica", "Liberation Sans"), ("Helvetica Neue Bold", "Liberation Sans Bold"), ("Arial", "Liberation Sans"),
                                 ("System Font", "Inter"), ("SF Pro Display Bold", "Inter Bold"), ("Menlo", "Liberation Mono"),
                                 ("Times New Roman", "Liberation Serif")] {
            XCTAssertEqual(try FontLookup.file(for: apple), try FontLookup.file(for: standIn), apple)
            XCTAssertEqual(FontLookup.standIn(for: apple), standIn, apple)
        }
        XCTAssertNil(FontLookup.standIn(for: "Inter"))
        // Arial's metrics: Liberation Sans sets "Hello" as wide as Arial does, 2.2 em at any size (its advances: H 0.722, e 0.556, l 0.222, o 0.556 em).
        let hello = try TextLayout.typeset([TextRun("Hello", style: TextStyle(font: "Arial", size: 100))], options: TextLayoutOptions(width: 0))
        XCTAssertEqual(hello.size.width, (0.722 + 0.556 + 0.222 + 0.222 + 0.556) * 100, accuracy: 0.5)
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

/// Fitting text to a box: shrinking (down to a smallest scale), truncating, at most N lines.
extension TextLayoutTests {
    var lineHeight: Double {
        get throws {
            let face = try FontFace.face(for: FontLookup.file(for: "Inter"))
            return (face.ascender + face.descender + face.lineGap) * 20 / face.unitsPerEm
        }
    }

    /// Advances scale with the size, so one line W wide shrinks to a box of W ÷ 1.6 by 1 ÷ 1.6.
    func testAShrunkLineIsScaledByTheBoxOverItsWidth() throws {
        let text = "Hello world again"
        let natural = try set(text, TextLayoutOptions(width: 0)).size.width
        let t = try set(text, TextLayoutOptions(width: natural / 1.6, height: 100, fit: .shrink))
        XCTAssertEqual(t.scale, 1 / 1.6, accuracy: 0.5 / 256 + 1e-9, "bisection of 0.5…1 eight times")
        XCTAssertLessThanOrEqual(t.scale, 1 / 1.6 + 1e-9)
        XCTAssertLessThanOrEqual(t.size.width, natural / 1.6)
        XCTAssertFalse(t.overflows)
        XCTAssertEqual(t.glyphCount, text.count, "nothing cut")
        let unfitted = try set(text, TextLayoutOptions(width: natural / 1.6, height: 100))
        XCTAssertEqual(unfitted.scale, 1)
        XCTAssertTrue(unfitted.overflows, "none: drawn past the box")
    }

    /// Shrinking stops at the minimum scale; what still does not fit ends in "…".
    func testShrinkingStopsAtTheMinimumScaleAndTruncates() throws {
        let text = "Hello world again"
        let natural = try set(text, TextLayoutOptions(width: 0)).size.width
        let t = try set(text, TextLayoutOptions(width: natural / 4, height: 100, fit: .shrink, minimumScaleFactor: 0.5))
        XCTAssertEqual(t.scale, 0.5)
        XCTAssertTrue(t.overflows)
        XCTAssertTrue(t.isCut)
        XCTAssertLessThanOrEqual(t.size.width, natural / 4)
        XCTAssertTrue(t.glyphs.contains { $0.glyph != nil && $0.scalar == nil }, "an ellipsis")
    }

    /// Wrapped text shrinks until it takes at most `numberOfLines` lines of whole words: the
    /// scale found is the largest that does (one percent more takes a third line).
    func testWrappedTextShrinksToItsNumberOfLines() throws {
        let text = "Capture, sort and share ideas with everyone on your team"
        let width = 200.0
        let natural = try set(text, TextLayoutOptions(width: width, isWrapped: true))
        XCTAssertGreaterThan(natural.lineCount, 2)
        let t = try set(text, TextLayoutOptions(width: width, isWrapped: true, fit: .shrink, minimumScaleFactor: 0.3, numberOfLines: 2))
        XCTAssertEqual(t.lineCount, 2)
        XCTAssertFalse(t.overflows)
        XCTAssertFalse(t.breaksWord)
        XCTAssertLessThan(t.scale, 1)
        let larger = try TextLayout.typeset([TextRun(text, style: TextStyle(font: "Inter", size: 20 * (t.scale + 0.01)))],
                                            options: TextLayoutOptions(width: width, isWrapped: true))
        XCTAssertGreaterThan(larger.lineCount, 2)
    }

    /// Wrapped text shrinks to the box's height too: its outlines end inside it.
    func testWrappedTextShrinksToTheHeight() throws {
        let text = "Capture, sort and share ideas with everyone on your team"
        let height = try 2 * lineHeight
        let t = try set(text, TextLayoutOptions(width: 200, isWrapped: true, height: height, fit: .shrink, minimumScaleFactor: 0.3))
        XCTAssertFalse(t.overflows)
        XCTAssertLessThan(t.scale, 1)
        XCTAssertLessThanOrEqual(bounds(t).maxY, height + 0.5)
    }

    /// `truncate` keeps the lines that fit the height, the last ending in "…"; so does
    /// `numberOfLines` alone.
    func testTruncatingKeepsTheLinesThatFit() throws {
        let text = "Capture, sort and share ideas with everyone on your team"
        let all = try set(text, TextLayoutOptions(width: 200, isWrapped: true))
        XCTAssertGreaterThan(all.lineCount, 2)
        for options in [TextLayoutOptions(width: 200, isWrapped: true, height: try 2 * lineHeight, fit: .truncate),
                        TextLayoutOptions(width: 200, isWrapped: true, numberOfLines: 2)] {
            let t = try set(text, options)
            XCTAssertEqual(t.lineCount, 2)
            XCTAssertEqual(t.scale, 1)
            XCTAssertTrue(t.overflows)
            XCTAssertLessThanOrEqual(t.size.width, 200)
            let last = try XCTUnwrap(t.glyphs.last { $0.glyph != nil })
            XCTAssertNil(last.scalar, "the last glyph is the ellipsis")
            XCTAssertEqual(last.line, 1)
        }
    }
}
