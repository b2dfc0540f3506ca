@testable import Text
import XCTest

/// Shaping and bidi: ligatures, kerning and Arabic joining by HarfBuzz, run order by FriBidi.
final class ShapingTests: XCTestCase {
    func face(_ name: String) throws -> FontFace {
        try FontFace.face(for: FontLookup.file(for: name))
    }

    func scalars(_ s: String) -> [Unicode.Scalar] { Array(s.unicodeScalars) }

    /// DejaVu Sans has an "ffi" ligature: three letters, one glyph, one cluster.
    func testLigatures() throws {
        let glyphs = try face("DejaVu Sans").shape(scalars("ffi"), rightToLeft: false)
        XCTAssertEqual(glyphs.count, 1)
        XCTAssertEqual(glyphs.first?.cluster, 0)
    }

    /// "AV" set together is narrower than "A" and "V" set apart: the kerning pair pulls them in.
    func testKerning() throws {
        let inter = try face("Inter")
        let together = inter.shape(scalars("AV"), rightToLeft: false).reduce(0) { $0 + $1.advance }
        let apart = inter.shape(scalars("A"), rightToLeft: false)[0].advance + inter.shape(scalars("V"), rightToLeft: false)[0].advance
        XCTAssertLessThan(together, apart)
    }

    /// An Arabic word's letters join: in "سلام" (sin, lam, alef, mim) sin takes its initial form
    /// (joined to lam), lam and alef become one lam-alef ligature, and mim stays isolated (alef
    /// does not join forward); HarfBuzz gives the glyphs in visual order, right to left: mim (3),
    /// lam-alef (1), sin (0).
    func testArabicJoins() throws {
        let dejavu = try face("DejaVu Sans")
        let word = scalars("سلام")
        let joined = dejavu.shape(word, rightToLeft: true)
        let isolated = word.map { dejavu.shape([$0], rightToLeft: true)[0].id }
        XCTAssertEqual(joined.map(\.cluster), [3, 1, 0])
        XCTAssertNotEqual(joined[2].id, isolated[0], "sin joins")
        XCTAssertEqual(joined[0].id, isolated[3], "mim after alef stands alone")
    }

    /// "abc אבג def": FriBidi gives the Hebrew level 1 in a left-to-right paragraph; a line with
    /// runs at levels 0, 1, 0 keeps them in order, and levels 0, 1, 2, 1 (numbers in Hebrew
    /// in English) reverse the inner runs: 0, 3, 2, 1.
    func testBidiLevelsAndOrder() {
        let (levels, rightToLeft) = Bidi.levels(of: scalars("abc אבג def"))
        XCTAssertFalse(rightToLeft)
        XCTAssertEqual(levels, [0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0])
        XCTAssertTrue(Bidi.levels(of: scalars("שלום world")).rightToLeft)
        XCTAssertEqual(Bidi.visualOrder(of: [0, 1, 0]), [0, 1, 2])
        XCTAssertEqual(Bidi.visualOrder(of: [0, 1, 2, 1]), [0, 3, 2, 1])
        XCTAssertEqual(Bidi.visualOrder(of: [1, 1]), [1, 0])
    }
}
