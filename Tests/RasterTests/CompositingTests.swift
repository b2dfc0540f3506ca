import Geometry
@testable import Raster
import XCTest

/// Premultiplied source-over, group opacity and clipping arithmetic.
final class CompositingTests: XCTestCase {
    let square = Path.roundedRect(Rect(x: 0, y: 0, width: 8, height: 8), cornerRadius: 0)

    func draw(_ body: (Canvas) -> Void) throws -> Pixmap {
        let canvas = Canvas()
        canvas.begin(try XCTUnwrap(Pixmap(width: 8, height: 8)), clearingTo: .white)
        body(canvas)
        return canvas.end()
    }

    /// 50% grey at half alpha over white: 255·0.5 + 128·0.5 → 191.5, premultiplied bytes rounded.
    func testSourceOver() throws {
        let frame = try draw { $0.fill(square, transform: .identity, color: PremultipliedColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5), rule: .nonZero) }
        // Source: 128 and alpha 128 as bytes, premultiplied 64; 64 + (255·(256 − 128) >> 8) = 64 + 127.
        XCTAssertEqual(frame.pixel(x: 3, y: 3), PremultipliedColor(r: 191, g: 191, b: 191, a: 255))
    }

    /// Two translucent colours over white, byte for byte as Skia's 8-bit blitter draws them (the
    /// benchmark's reference; measured with skia-python on 256 such pairs, all equal): colour
    /// bytes rounded, premultiplied with rounding, then pixel = source + (pixel · (256 − α) >> 8).
    func testTranslucentColoursBlendAsSkiaDoes() throws {
        let first = PremultipliedColor(red: 0.4153, green: 0.9449, blue: 0.4295, alpha: 0.7351)
        let second = PremultipliedColor(red: 0.1768, green: 0.0350, blue: 0.4395, alpha: 0.3861)
        XCTAssertEqual(first, PremultipliedColor(r: 78, g: 177, b: 81, a: 187))
        let frame = try draw { canvas in
            canvas.fill(square, transform: .identity, color: first, rule: .nonZero)
            canvas.fill(square, transform: .identity, color: second, rule: .nonZero)
        }
        XCTAssertEqual(frame.pixel(x: 3, y: 3), PremultipliedColor(r: 107, g: 154, b: 134, a: 255))
    }

    /// Two overlapping opaque squares in a 50% group show the top one at 50%, with no overlap seam.
    func testGroupOpacityHidesOverlaps() throws {
        let black = PremultipliedColor(r: 0, g: 0, b: 0, a: 255)
        let frame = try draw { canvas in
            canvas.beginGroup(opacity: 0.5)
            canvas.fill(square, transform: .identity, color: black, rule: .nonZero)
            canvas.fill(square, transform: .identity, color: black, rule: .nonZero)
            canvas.endGroup()
        }
        XCTAssertEqual(frame.pixel(x: 4, y: 4), PremultipliedColor(r: 127, g: 127, b: 127, a: 255))
    }

    func testClipRestrictsDrawing() throws {
        let black = PremultipliedColor(r: 0, g: 0, b: 0, a: 255)
        let frame = try draw { canvas in
            canvas.beginClip(Path.roundedRect(Rect(x: 0, y: 0, width: 4, height: 8), cornerRadius: 0), transform: .identity)
            canvas.fill(square, transform: .identity, color: black, rule: .nonZero)
            canvas.endClip()
        }
        XCTAssertEqual(frame.pixel(x: 3, y: 3), black)
        XCTAssertEqual(frame.pixel(x: 4, y: 3), .white)
    }

    /// A clip that is a rectangle on pixel edges keeps exactly its pixels of a draw (a disc and a
    /// turned, translucent bar, their edges anti-aliased): inside it the pixels of the same draw
    /// unclipped, outside it the background; one around the whole draw changes nothing.
    func testARectangleClipKeepsExactlyItsPixels() throws {
        func frame(clip: Rect?) throws -> Pixmap {
            let canvas = Canvas()
            canvas.begin(try XCTUnwrap(Pixmap(width: 40, height: 40)), clearingTo: .white)
            if let clip { canvas.beginClip(Path.roundedRect(clip, cornerRadius: 0), transform: .identity) }
            canvas.fill(Path.ellipse(in: Rect(x: 3.3, y: 4.1, width: 30, height: 27)), transform: .identity,
                        color: PremultipliedColor(r: 200, g: 30, b: 60, a: 255), rule: .nonZero)
            canvas.fill(Path.roundedRect(Rect(x: -5, y: 17, width: 50, height: 7), cornerRadius: 0), transform: Transform3D(rotationAngle: 0.4),
                        color: PremultipliedColor(red: 0.1, green: 0.3, blue: 0.6, alpha: 0.6), rule: .nonZero)
            if clip != nil { canvas.endClip() }
            return canvas.end()
        }
        let whole = try frame(clip: nil)
        XCTAssertEqual(try frame(clip: Rect(x: -2, y: 0, width: 50, height: 40)).bytes, whole.bytes, "a clip around the whole draw")
        let clipped = try frame(clip: Rect(x: 7, y: 11, width: 20, height: 16))
        for y in 0..<40 {
            for x in 0..<40 {
                let inside = (7..<27).contains(x) && (11..<27).contains(y)
                XCTAssertEqual(clipped.pixel(x: x, y: y), inside ? whole.pixel(x: x, y: y) : .white, "(\(x), \(y))")
            }
        }
    }

    /// Groups and masks draw into pixmaps reused from layer to layer and frame to frame, cleared
    /// only where something was drawn (or as they are drawn): what a blurred group, a filter
    /// that paints transparent pixels, a mask, a group's pixels its mask hid (left as they were
    /// drawn), or a translucent or blended group (cleared as it is drawn) left behind never shows
    /// in a later layer.
    func testReusedLayersStartTransparent() throws {
        let red = PremultipliedColor(r: 255, g: 0, b: 0, a: 255)
        let small = Path.roundedRect(Rect(x: 0, y: 0, width: 6, height: 6), cornerRadius: 0)
        // Opaque green wherever the group is transparent, drawn pixels included: it paints the
        // whole frame, not only what was drawn.
        let fillTransparent = ColorFilter.matrix(ColorMatrix(red: .zero, green: .zero, blue: .zero, alpha: .zero, bias: [0, 1, 0, 1]))
        func second(_ canvas: Canvas) throws -> Pixmap {
            canvas.begin(try XCTUnwrap(Pixmap(width: 32, height: 32)), clearingTo: .white)
            canvas.beginGroup(opacity: 1)
            canvas.fill(small, transform: Transform3D(translationX: 12, y: 12), color: PremultipliedColor(r: 0, g: 60, b: 0, a: 60), rule: .nonZero)
            canvas.endGroup()
            canvas.beginGroup(opacity: 1)
            canvas.fill(small, transform: Transform3D(translationX: 20, y: 20), color: red, rule: .nonZero)
            canvas.beginMask()
            canvas.fill(small, transform: Transform3D(translationX: 22, y: 22), color: red, rule: .nonZero)
            canvas.endMask()
            canvas.endGroup()
            return canvas.end()
        }
        let reused = Canvas()
        reused.begin(try XCTUnwrap(Pixmap(width: 32, height: 32)), clearingTo: .white)
        reused.beginGroup(opacity: 1, blur: 3)
        reused.fill(small, transform: Transform3D(translationX: 4, y: 4), color: red, rule: .nonZero)
        reused.endGroup()
        reused.beginGroup(opacity: 1, colorFilters: [fillTransparent])
        reused.fill(small, transform: Transform3D(translationX: 4, y: 20), color: red, rule: .nonZero)
        reused.endGroup()
        reused.beginGroup(opacity: 1)
        reused.fill(.roundedRect(Rect(x: 0, y: 0, width: 32, height: 32), cornerRadius: 0), transform: .identity, color: red, rule: .nonZero)
        reused.beginMask()
        reused.fill(small, transform: .identity, color: red, rule: .nonZero)
        reused.endMask()
        reused.endGroup()
        reused.beginGroup(opacity: 0.5)
        reused.fill(small, transform: Transform3D(translationX: 11, y: 10), color: red, rule: .nonZero)
        reused.endGroup()
        // Colour without alpha (not premultiplied, but a pixmap can hold it): not drawn, still cleared.
        let unpremultiplied = try XCTUnwrap(Pixmap(width: 1, height: 1, premultipliedBytes: [90, 0, 0, 0]))
        reused.beginGroup(opacity: 1)
        reused.fill(small, transform: Transform3D(translationX: 12, y: 12),
                    paint: .image(ImagePaint(image: unpremultiplied, destination: Rect(x: 0, y: 0, width: 6, height: 6),
                                             source: Rect(x: 0, y: 0, width: 1, height: 1), opacity: 1, sampling: ImageSampling(minification: .nearest, magnification: .nearest))),
                    rule: .nonZero)
        reused.endGroup()
        reused.beginGroup(opacity: 0.5, blend: .multiply)
        reused.fill(small, transform: Transform3D(translationX: 13, y: 14), color: red, rule: .nonZero)
        reused.endGroup()
        reused.beginGroup(opacity: 1)
        reused.beginMask(.alphaInverted)
        reused.fill(small, transform: Transform3D(translationX: 20, y: 4), color: red, rule: .nonZero)
        reused.endMask()
        reused.endGroup()
        let first = reused.end()
        XCTAssertEqual(first.pixel(x: 31, y: 0), PremultipliedColor(r: 0, g: 255, b: 0, a: 255), "the filter paints far from what was drawn")
        XCTAssertTrue(try second(reused) == second(Canvas()), "a reused canvas draws what a new one does")
    }

    /// A shadow's blur is kept for a silhouette that comes again (held still, or moved by whole
    /// pixels); whatever is reused, every frame is the one a new canvas draws: moved by a
    /// fraction (another silhouette), by whole pixels, back, against an edge, and with a path.
    func testShadowsDrawnAgainAreTheShadowsDrawnFresh() throws {
        let heart = Path.roundedRect(Rect(x: 0, y: 0, width: 14, height: 10), cornerRadius: 4)
        let glow = ShadowPaint(color: PremultipliedColor(r: 200, g: 0, b: 60, a: 200), offsetX: 2, offsetY: 1, radius: 6)
        func frame(_ canvas: Canvas, x: Double, path: Bool = false) throws -> Pixmap {
            canvas.begin(try XCTUnwrap(Pixmap(width: 48, height: 32)), clearingTo: .white)
            let at = Transform3D(translationX: x, y: 11)
            if path {
                canvas.drawShadow(heart, transform: at, shadow: glow)
                canvas.fill(heart, transform: at, color: PremultipliedColor(r: 0, g: 0, b: 255, a: 255), rule: .nonZero)
            } else {
                canvas.beginGroup(opacity: 1, shadow: glow)
                canvas.fill(heart, transform: at, color: PremultipliedColor(r: 0, g: 0, b: 255, a: 255), rule: .nonZero)
                canvas.endGroup()
            }
            return canvas.end()
        }
        let reused = Canvas()
        for (x, path) in [(16.0, false), (16, false), (16.5, false), (19, false), (16, false), (0.25, false), (16, true), (20, true)] {
            XCTAssertTrue(try frame(reused, x: x, path: path) == frame(Canvas(), x: x, path: path), "x \(x)\(path ? ", a path's shadow" : "")")
        }
    }

    /// Clips nest (each within the one around it), and a band of a frame clips its rows as the
    /// whole frame does: a clip holds coverage only where its path is.
    func testNestedClipsInAFrameAndInABand() throws {
        let black = PremultipliedColor(r: 0, g: 0, b: 0, a: 255)
        func draw(into pixmap: Pixmap) -> Pixmap {
            let canvas = Canvas()
            canvas.begin(pixmap, clearingTo: .white)
            canvas.beginClip(Path.roundedRect(Rect(x: 2, y: 2, width: 14, height: 28), cornerRadius: 0), transform: .identity)
            canvas.beginClip(Path.roundedRect(Rect(x: 0, y: 4, width: 32, height: 12.5), cornerRadius: 0), transform: .identity)
            canvas.fill(Path.roundedRect(Rect(x: 0, y: 0, width: 32, height: 32), cornerRadius: 0), transform: .identity, color: black, rule: .nonZero)
            canvas.endClip()
            canvas.fill(Path.roundedRect(Rect(x: 10, y: 20, width: 20, height: 4), cornerRadius: 0), transform: .identity, color: black, rule: .nonZero)
            canvas.endClip()
            return canvas.end()
        }
        let frame = draw(into: try XCTUnwrap(Pixmap(width: 32, height: 32)))
        XCTAssertEqual(frame.pixel(x: 2, y: 4), black, "inside both clips")
        XCTAssertEqual(frame.pixel(x: 15, y: 15), black)
        XCTAssertEqual(frame.pixel(x: 1, y: 8), .white, "left of the outer clip")
        XCTAssertEqual(frame.pixel(x: 20, y: 8), .white, "right of the outer clip")
        XCTAssertEqual(frame.pixel(x: 8, y: 3), .white, "above the inner clip")
        XCTAssertEqual(frame.pixel(x: 8, y: 16), PremultipliedColor(r: 127, g: 127, b: 127, a: 255), "half a row of the inner clip")
        XCTAssertEqual(frame.pixel(x: 15, y: 21), black, "the outer clip alone, after the inner one ends")
        XCTAssertEqual(frame.pixel(x: 16, y: 21), .white)
        let band = draw(into: try XCTUnwrap(Pixmap(width: 32, rows: 10..<22, ofFrameHeight: 32)))
        XCTAssertEqual(band.bytes, Array(frame.bytes[(10 * 32 * 4)..<(22 * 32 * 4)]))
    }

    /// A blurred layer's blur is kept for the same pixels: held still (also where the blur
    /// reaches past the frame's edge, which is kept for that place only), moved by whole pixels,
    /// changed, back again — every frame is the one a new canvas draws.
    func testBlurredLayersDrawnAgainAreTheBlursDrawnFresh() throws {
        let blob = Path.roundedRect(Rect(x: 0, y: 0, width: 12, height: 8), cornerRadius: 3)
        func frame(_ canvas: Canvas, x: Double, color: PremultipliedColor) throws -> Pixmap {
            canvas.begin(try XCTUnwrap(Pixmap(width: 48, height: 32)), clearingTo: .white)
            canvas.beginGroup(opacity: 0.8, blur: 2.5)
            canvas.fill(blob, transform: Transform3D(translationX: x, y: 12), color: color, rule: .nonZero)
            canvas.endGroup()
            return canvas.end()
        }
        let red = PremultipliedColor(r: 230, g: 20, b: 40, a: 255), blue = PremultipliedColor(r: 0, g: 0, b: 128, a: 128)
        let reused = Canvas()
        for (x, color) in [(18.0, red), (18, red), (22, red), (18, blue), (1, red), (1, red), (2, red), (18, red)] {
            XCTAssertTrue(try frame(reused, x: x, color: color) == frame(Canvas(), x: x, color: color), "x \(x)")
        }
    }

    /// A stroke squashed to a tenth of a pixel's height is drawn a pixel high, so it is ten
    /// pixels wide across: in a group, all of it shows (the group's area reaches as far as the
    /// stroke does) and none of it stays behind for the next layer.
    func testASquashedStrokeInAGroupShowsWhole() throws {
        let black = PremultipliedColor(r: 0, g: 0, b: 0, a: 255)
        var line = Path()
        line.move(to: Point(16, 0))
        line.addLine(to: Point(16, 2000))
        let squash = Transform3D(scaleX: 1, y: 0.01)
        func frame(_ canvas: Canvas, grouped: Bool, stroke: Bool) throws -> Pixmap {
            canvas.begin(try XCTUnwrap(Pixmap(width: 32, height: 32)), clearingTo: .white)
            if grouped { canvas.beginGroup(opacity: 1) }
            if stroke { canvas.stroke(line, transform: squash, color: black, style: StrokeStyle(lineWidth: 1)) }
            if grouped { canvas.endGroup() }
            return canvas.end()
        }
        let reused = Canvas()
        let grouped = try frame(reused, grouped: true, stroke: true), direct = try frame(Canvas(), grouped: false, stroke: true)
        // det 0.01: drawn 1 / 0.1 = 10 units wide, x 11…21, at a tenth of the colour.
        XCTAssertNotEqual(direct.pixel(x: 12, y: 10), .white)
        XCTAssertEqual(direct.pixel(x: 9, y: 10), .white)
        for x in 0..<32 { XCTAssertEqual(grouped.pixel(x: x, y: 10), direct.pixel(x: x, y: 10), "x \(x)") }
        XCTAssertTrue(try frame(reused, grouped: true, stroke: false) == frame(Canvas(), grouped: true, stroke: false), "nothing stays behind")
    }

    func testUnpremultiply() throws {
        var pixmap = try XCTUnwrap(Pixmap(width: 1, height: 1))
        pixmap.clear(to: PremultipliedColor(r: 64, g: 0, b: 128, a: 128))
        pixmap.unpremultiply()
        XCTAssertEqual(pixmap.pixel(x: 0, y: 0), PremultipliedColor(r: 128, g: 0, b: 255, a: 128))
    }
}

extension CompositingTests {
    /// A glow (a shadow of radius 24, no offset) of a colour brighter than the background in
    /// every channel never darkens the background: where the blur fades out, its faint tail is
    /// dithered (`OrderedDither`), so a pixel may show a level under the background next to ones
    /// above it, but no 4 × 4 block (every threshold once) is darker on average than the
    /// background less the dither's sixteenth of a level, and no pixel is two levels under it: no
    /// ring darker than the background shows where the glow ends.
    func testAGlowFadesIntoTheBackgroundWithoutAStep() throws {
        let canvas = Canvas()
        let background = PremultipliedColor(r: 14, g: 14, b: 18, a: 255)
        canvas.begin(try XCTUnwrap(Pixmap(width: 160, height: 160)), clearingTo: background)
        canvas.beginGroup(opacity: 1, shadow: ShadowPaint(color: PremultipliedColor(r: 186, g: 45, b: 63, a: 204), offsetX: 0, offsetY: 0, radius: 24))
        canvas.fill(.roundedRect(Rect(x: 60, y: 60, width: 40, height: 40), cornerRadius: 0), transform: .identity,
                    color: PremultipliedColor(r: 232, g: 56, b: 79, a: 255), rule: .nonZero)
        canvas.endGroup()
        let frame = canvas.end()
        var glowing = 0
        for y in 0..<160 {
            for x in 0..<160 {
                let p = frame.pixel(x: x, y: y)
                XCTAssertTrue(p.r >= 13 && p.g >= 13 && p.b >= 17, "(\(x), \(y)) is \(p), two levels below the background")
                if p.r > 14 { glowing += 1 }
            }
        }
        for y in stride(from: 0, to: 160, by: 4) {
            for x in stride(from: 0, to: 160, by: 4) {
                let block = (0..<16).map { frame.pixel(x: x + $0 % 4, y: y + $0 / 4) }
                func mean(_ channel: KeyPath<PremultipliedColor, UInt8>) -> Double { Double(block.map { Int($0[keyPath: channel]) }.reduce(0, +)) / 16 }
                XCTAssertGreaterThanOrEqual(mean(\.r), 14 - 1.0 / 16, "block at (\(x), \(y))")
                XCTAssertGreaterThanOrEqual(mean(\.g), 14 - 1.0 / 16, "block at (\(x), \(y))")
                XCTAssertGreaterThanOrEqual(mean(\.b), 18 - 1.0 / 16, "block at (\(x), \(y))")
            }
        }
        XCTAssertGreaterThan(glowing, 40 * 40 + 4 * 40 * 10, "the glow reaches well beyond the square")
    }
    /// Fine (8.8) values written with the dither: over any 4 × 4 block (every threshold once) a
    /// flat value's mean is within 1/16 of a level of it, a value on a level is that level at
    /// every pixel, zero stays transparent; drawn over a pixel, the block's mean is source-over's
    /// exact result within 1/16, and a transparent value leaves the pixel as it was.
    func testDitheredValuesAverageToTheExactValue() throws {
        let area = PixelArea(x0: 1, y0: 2, x1: 9, y1: 10)
        for level in [0.0, 0.25, 37.5, 100.0, 128.0625, 254.9375, 255.0] {
            let fine = UInt16(level * 256)
            let values = [UInt16](repeating: fine, count: area.width * area.height * 4)
            var stored = try XCTUnwrap(Pixmap(width: 12, height: 12))
            Compositing.writeDithered(values, over: area, drawnAt: nil, into: &stored)
            var drawn = try XCTUnwrap(Pixmap(width: 12, height: 12))
            drawn.clear(to: PremultipliedColor(r: 40, g: 40, b: 40, a: 255))
            Compositing.writeDithered(values, over: area, drawnAt: 0.5, into: &drawn)
            let overExact = level * 0.5 + 40 * (1 - level * 0.5 / 255)
            for (y0, x0) in [(2, 1), (4, 3), (6, 5)] {
                let block = (0..<16).map { stored.pixel(x: x0 + $0 % 4, y: y0 + $0 / 4) }
                XCTAssertEqual(Double(block.map { Int($0.a) }.reduce(0, +)) / 16, level, accuracy: 1.0 / 16, "\(level) at (\(x0), \(y0))")
                if level == level.rounded() { XCTAssertTrue(block.allSatisfy { Double($0.r) == level && $0.r == $0.a }, "\(level): \(block)") }
                let over = (0..<16).map { drawn.pixel(x: x0 + $0 % 4, y: y0 + $0 / 4) }
                XCTAssertEqual(Double(over.map { Int($0.g) }.reduce(0, +)) / 16, level == 0 ? 40 : overExact, accuracy: 1.0 / 16, "\(level) over 40")
                XCTAssertTrue(over.allSatisfy { $0.a == 255 }, "\(level) over an opaque pixel")
            }
            XCTAssertEqual(stored.pixel(x: 0, y: 0), .transparent, "outside the area")
        }
    }

    /// A colour filter gives every colour what it gives that colour alone, also among thousands
    /// of colours (more than the filter keeps worked out, so some share a place and are redone).
    func testAColourFilterTransformsEachOfManyColoursAsItDoesThatColourAlone() throws {
        let side = 96
        var bytes = [UInt8]()
        for i in 0..<(side * side) {
            let a = 40 + i % 216
            bytes += [UInt8(i * 7 % (a + 1)), UInt8(i * 13 % (a + 1)), UInt8(i * 29 % (a + 1)), UInt8(a)]
        }
        // Opaque white and transparent among them (the words of all ones and all zeros).
        bytes.replaceSubrange(0..<8, with: [255, 255, 255, 255, 0, 0, 0, 0])
        let tint = ColorFilter.tint(black: SIMD3(0.1, 0.2, 0.6), white: SIMD3(1, 0.9, 0.3), amount: 0.6)
        func drawn(_ image: Pixmap, filters: [ColorFilter]) throws -> Pixmap {
            let canvas = Canvas()
            canvas.begin(try XCTUnwrap(Pixmap(width: image.width, height: image.height)), clearingTo: .transparent)
            canvas.beginGroup(opacity: 1, colorFilters: filters)
            let box = Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
            canvas.fill(.roundedRect(box, cornerRadius: 0), transform: .identity,
                        paint: .image(ImagePaint(image: image, destination: box, source: Rect(x: 0, y: 0, width: 1, height: 1), opacity: 1,
                                                 sampling: ImageSampling(minification: .nearest, magnification: .nearest))),
                        rule: .nonZero)
            canvas.endGroup()
            return canvas.end()
        }
        let image = try XCTUnwrap(Pixmap(width: side, height: side, premultipliedBytes: bytes))
        let (plain, filtered) = (try drawn(image, filters: []), try drawn(image, filters: [tint]))
        var mismatches = 0
        for y in 0..<side {
            for x in 0..<side {
                let colour = plain.pixel(x: x, y: y)
                let alone = try drawn(try XCTUnwrap(Pixmap(width: 1, height: 1, premultipliedBytes: [colour.r, colour.g, colour.b, colour.a])),
                                      filters: [tint])
                if alone.pixel(x: 0, y: 0) != filtered.pixel(x: x, y: y) { mismatches += 1 }
            }
        }
        XCTAssertEqual(mismatches, 0)
        // White's grey is 1, which a full tint maps to its white colour; transparent stays so.
        let blue = try drawn(image, filters: [.tint(black: SIMD3(0, 0, 0), white: SIMD3(0, 0, 1), amount: 1)])
        XCTAssertEqual(blue.pixel(x: 0, y: 0), PremultipliedColor(r: 0, g: 0, b: 255, a: 255))
        XCTAssertEqual(blue.pixel(x: 1, y: 0), .transparent)
        XCTAssertGreaterThan(Set((0..<(side * side)).map { plain.pixel(x: $0 % side, y: $0 / side).word }).count, 5000, "colours drawn")
    }
}
