@testable import Animation
import Foundation
import Geometry
import GoldenFiles
import Media
import Pipeline
import Raster
import Text
import XCTest

/// Text layers rendered: glyphs cover their outlines' exact area, frames hash to goldens at
/// several sizes and transforms, runs take their colours, and fontSize animates.
final class TextRenderTests: XCTestCase {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/text.rgba.md5")

    func render(width: Int = 320, height: Int = 180, scale: Double = 1, at t: Double = 0, _ build: @escaping (TextLayer) -> Void) throws -> Pixmap {
        let timeline = try Timeline.resolve(canvasSize: Size(Double(width) / scale, Double(height) / scale), duration: 2) { _ in
            let root = Layer()
            root.frame = Rect(x: 0, y: 0, width: Double(width) / scale, height: Double(height) / scale)
            root.backgroundColor = .black
            let text = TextLayer()
            text.frame = root.bounds
            build(text)
            root.addSublayer(text)
            return root
        }
        return try XCTUnwrap(StillImage.render(timeline, at: t, width: width, height: height, scale: scale))
    }

    /// "O" in Inter at 200 points, wholly in the frame: the white it leaves on black adds up to the outline's area,
    /// measured by flattening the outline finely (shoelace, even-odd as the counter is a hole).
    func testAGlyphCoversItsOutlinesArea() throws {
        let frame = try render(height: 320) { $0.string = "O"; $0.fontSize = 200 }
        let covered = stride(from: 0, to: frame.bytes.count, by: 4).reduce(0.0) { $0 + Double(frame.bytes[$1]) / 255 }
        let face = try FontFace.face(for: FontLookup.file(for: "Inter"))
        let glyph = face.shape(["O"], rightToLeft: false)[0].id
        let scale = 200 / face.unitsPerEm
        let area = face.outline(of: glyph).flattened(tolerance: 0.01 / scale).reduce(0.0) { total, ring in
            total + zip(ring, ring.dropFirst() + ring.prefix(1)).reduce(0.0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y } / 2
        }
        XCTAssertEqual(covered, abs(area) * scale * scale, accuracy: abs(area) * scale * scale * 0.01)
    }

    /// A run with `strikethrough` (`NSStrikethroughStyleAttributeName`) gets a line through it at
    /// the font's OS/2 strikeout position and size: the pixels it adds to "HHHH" at 40 points lie
    /// in the rows from the baseline − position to that + size and in the run's columns, and an
    /// unstruck run beside it gains none.
    func testStrikethroughRunsCrossTheirGlyphs() throws {
        func frame(_ struck: Bool) throws -> Pixmap {
            try render { layer in
                layer.frame = Rect(x: 20, y: 20, width: 300, height: 100)
                layer.fontSize = 40
                layer.string = TextString(runs: [.init("HHHH", strikethrough: struck), .init(" HH")])
            }
        }
        let (plain, struck) = (try frame(false), try frame(true))
        let face = try FontFace.face(for: FontLookup.file(for: FontLookup.defaultFont))
        let scale = 40 / face.unitsPerEm
        let baseline = 20 + face.ascender * scale
        let top = baseline - face.strikeoutPosition * scale, bottom = top + face.strikeoutThickness * scale
        var rows = Set<Int>(), columns = Set<Int>()
        for y in 0..<180 {
            for x in 0..<320 where struck.bytes[(y * 320 + x) * 4] != plain.bytes[(y * 320 + x) * 4] {
                rows.insert(y)
                columns.insert(x)
            }
        }
        XCTAssertFalse(rows.isEmpty, "the line adds pixels")
        XCTAssertGreaterThanOrEqual(Double(rows.min() ?? 0), top.rounded(.down))
        XCTAssertLessThanOrEqual(Double(rows.max() ?? 0), bottom.rounded(.up))
        let width = try TextLayout.typeset([TextRun("HHHH", style: TextStyle(size: 40))], options: TextLayoutOptions(width: 300)).size.width
        XCTAssertLessThanOrEqual(Double(columns.max() ?? 0), 20 + width, "only under the struck run")
        XCTAssertGreaterThan(Double(columns.max() ?? 0), 20 + width - 4, "to its end")
    }

    /// A run's shadow (NSShadow: offset, blur, colour) is its glyphs' silhouette moved by the
    /// offset under the text: an em dash at 100 points with a red shadow 30 points down, unblurred,
    /// shows red 30 points below the dash's middle (over the black background) and the dash
    /// itself white; a run without one casts none.
    func testARunsShadowFallsUnderItsGlyphs() throws {
        func frame(_ shadow: TextShadow?) throws -> Pixmap {
            try render(width: 320, height: 200) { layer in
                layer.fontSize = 100
                layer.string = TextString(runs: [.init("—", shadow: shadow)])
            }
        }
        let dash = try XCTUnwrap(TextLayout.typeset([TextRun("—", style: TextStyle(size: 100))], options: TextLayoutOptions(width: 320)).glyphs.first).path.bounds
        let (x, y) = (Int(dash.midX), Int(dash.midY))
        let shadowed = try frame(TextShadow(offset: Size(0, 30), blurRadius: 0, color: .red))
        XCTAssertEqual(shadowed.pixel(x: x, y: y + 30), PremultipliedColor(r: 255, g: 0, b: 0, a: 255))
        XCTAssertEqual(shadowed.pixel(x: x, y: y), PremultipliedColor(r: 255, g: 255, b: 255, a: 255))
        XCTAssertEqual(try frame(nil).pixel(x: x, y: y + 30), PremultipliedColor(r: 0, g: 0, b: 0, a: 255))
    }

    /// A `CATextLayer` draws its string into its contents, the size of its bounds, so text that
    /// does not fit is cut at their edges (`drawInContext:` is clipped to the layer's bounds):
    /// a long unwrapped line in a 120×40 box lights pixels up to its right edge and none past it,
    /// nor below it; text that fits is drawn as before.
    func testTextIsCutAtTheBounds() throws {
        let frame = try render { layer in
            layer.frame = Rect(x: 40, y: 60, width: 120, height: 40)
            layer.string = "Wide text that runs past its box"
            layer.fontSize = 24
        }
        func lit(_ columns: Range<Int>, _ rows: Range<Int>) -> Bool {
            rows.contains { y in columns.contains { x in frame.bytes[(y * 320 + x) * 4] > 40 } }
        }
        XCTAssertTrue(lit(150..<160, 60..<100), "glyphs reach the right edge")
        XCTAssertFalse(lit(160..<320, 0..<180), "none past it")
        XCTAssertFalse(lit(0..<320, 100..<180), "none below it")
        let fits = try render { layer in
            layer.frame = Rect(x: 40, y: 60, width: 120, height: 40)
            layer.string = "Fits"
            layer.fontSize = 24
        }
        let unclipped = try render { layer in
            layer.frame = Rect(x: 40, y: 60, width: 120, height: 40)
            layer.string = "Fits"
            layer.fontSize = 24
            layer.masksToBounds = true
        }
        XCTAssertEqual(fits.bytes, unclipped.bytes, "text within its bounds is the same cut or not")
    }

    /// Frames of a title, a wrapped paragraph and a mixed-script line, at 1x and 3x and turned,
    /// hash to the goldens (the fonts are Debian's Inter and DejaVu, installed by `make deps`).
    func testGoldenFrames() throws {
        let paragraph: TextString = TextString(runs: [
            .init("Plan, build and "), .init("launch", font: "Inter Bold", color: Color(hex: "#FFC93C"), underline: true),
            .init(" together: ffi AV سلام עולם 123."),
        ])
        var frames: [GoldenFrame] = []
        for (n, scale) in [1.0, 3.0].enumerated() {
            let frame = try render(width: Int(320 * scale), height: Int(180 * scale), scale: scale) { layer in
                layer.string = paragraph
                layer.fontSize = 18
                layer.isWrapped = true
                layer.alignmentMode = .center
                layer.transform = Transform3D(rotationAngle: 0.1 * Double(n))
            }
            frames.append(GoldenFrame(label: "\(n)", width: frame.width, height: frame.height, rgba: frame.bytes))
        }
        try Golden.assertFrames(frames, equal: Self.golden, "text")
    }

    /// Runs take their own colour, the rest the layer's foreground colour; fontSize animates.
    func testColoursAndAnimatedSize() throws {
        let frame = try render(scale: 1) { layer in
            layer.string = TextString(runs: [.init("█", color: .red), .init("█")])
            layer.font = "DejaVu Sans"
            layer.fontSize = 40
            layer.foregroundColor = Color(hex: "#00FF00")
        }
        let row: [PremultipliedColor] = (0..<60).map { frame.pixel(x: $0, y: 25) }
        let colours = Set(row.filter { $0.a == 255 && ($0.r == 255 || $0.g == 255) })
        XCTAssertTrue(colours.contains(PremultipliedColor(r: 255, g: 0, b: 0, a: 255)), "\(colours)")
        XCTAssertTrue(colours.contains(PremultipliedColor(r: 0, g: 255, b: 0, a: 255)), "\(colours)")

        let timeline = try Timeline.resolve(canvasSize: Size(100, 100), duration: 2) { _ in
            let layer = TextLayer()
            let grow = BasicAnimation(keyPath: "fontSize")
            grow.fromValue = 10
            grow.toValue = 30
            grow.duration = 1
            layer.add(grow)
            return layer
        }
        XCTAssertEqual(timeline.presentationValues(of: 0, at: 0.5, parentTime: 0.5).values.fontSize, 20, accuracy: 1e-12)
    }

    /// Emoji come from Noto Color Emoji's bitmaps in their own colours, whatever the text's
    /// colour: a rocket in its strike's box (its advance is the font's 2550/2048 em), and a
    /// heart asked for in its emoji form (U+2764 U+FE0F) red, not a black text heart.
    func testEmojiDrawInColour() throws {
        // make deps installs Noto Color Emoji: without it this test fails, it does not skip.
        let file = try XCTUnwrap(FontLookup.fallback(for: "\u{1F680}", near: FontLookup.defaultFont, color: true),
                                 "no colour font has U+1F680 (make deps installs Noto Color Emoji)")
        XCTAssertTrue(try FontFace.face(for: file).hasColorBitmaps, "\(file.path) has no colour bitmaps")
        let set = try TextLayout.typeset([TextRun("a\u{1F680}b", style: TextStyle(font: FontLookup.defaultFont, size: 100))],
                                         options: TextLayoutOptions(width: 0))
        XCTAssertEqual(set.glyphs.count, 3)
        let rocket = try XCTUnwrap(set.glyphs[1].picture)
        XCTAssertNil(set.glyphs[1].glyph)
        XCTAssertEqual(set.glyphs[2].origin.x - set.glyphs[1].origin.x, 100 * 2550 / 2048, accuracy: 1e-9)
        XCTAssertEqual(rocket.box.size.width, 136 / 109, accuracy: 0.02, "the 136-pixel bitmap of the 109-pixel strike")
        XCTAssertTrue(set.missing.isEmpty)

        let frame = try render(width: 240, height: 120) { layer in
            layer.string = "\u{2764}\u{FE0F}"
            layer.fontSize = 80
            layer.foregroundColor = .white
        }
        let pixels = (0..<(240 * 120)).map { frame.pixel(x: $0 % 240, y: $0 / 240) }
        let red = pixels.filter { $0.r > 180 && $0.g < 80 && $0.b < 80 }.count
        XCTAssertGreaterThan(red, 1500, "a red heart about 80 points wide")
        XCTAssertEqual(pixels.filter { $0.r > 200 && $0.g > 200 && $0.b > 200 }.count, 0, "no white: the text colour does not paint emoji")
    }
}
