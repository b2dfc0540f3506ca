import Geometry
@testable import Raster
import RasterCore
import XCTest

/// The four-pixel blends give the bytes of the one-pixel blends they stand for, over every kind
/// of input: random premultiplied pixels, colours and coverages, and the ends of each range.
final class BlendQuadTests: XCTestCase {
    /// A premultiplied pixel: channels at most its alpha.
    func pixel(_ random: inout SplitMix64) -> [UInt8] {
        let a = [0, 255, UInt8.random(in: 0...255, using: &random)].randomElement(using: &random) ?? 0
        return (0..<3).map { _ in UInt8.random(in: 0...a, using: &random) } + [a]
    }

    func word(_ p: [UInt8]) -> UInt32 { UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16 | UInt32(p[3]) << 24 }

    func testQuadsMatchOnePixelAtATime() {
        var random = SplitMix64(seed: 19)
        for _ in 0..<20_000 {
            let under = (0..<4).flatMap { _ in pixel(&random) }
            let color = pixel(&random)
            let premultiplied = PremultipliedColor(r: color[0], g: color[1], b: color[2], a: color[3])
            let coverages = (0..<4).map { _ in [0, 255, UInt32.random(in: 0...255, using: &random)].randomElement(using: &random) ?? 0 }
            let coverage = coverages[0]
            let sources = (0..<4).map { _ in pixel(&random) }

            // One colour, a coverage a pixel (sprites' edges).
            var quad = under, single = under
            quad.withUnsafeMutableBufferPointer { Blend.sourceOverQuad(SIMD4(repeating: premultiplied.word), coverage: SIMD4(coverages), into: $0.baseAddress!) }
            single.withUnsafeMutableBufferPointer { p in for i in 0..<4 { Blend.sourceOver(premultiplied, coverage: coverages[i], into: p.baseAddress!, at: i * 4) } }
            XCTAssertEqual(quad, single, "sourceOverQuad \(color) at \(coverages) over \(under)")

            // One colour, one coverage (runs): up to four quads and the pixels past the last
            // (1 to 3 of them, each blended in a word), the pixel after the run left alone.
            let count = Int.random(in: 1...19, using: &random)
            let underRun = under + (0..<16).flatMap { _ in pixel(&random) }
            var run = underRun, singles = underRun
            run.withUnsafeMutableBufferPointer { Blend.sourceOverRun(premultiplied, coverage: coverage, into: $0.baseAddress!, count: count) }
            singles.withUnsafeMutableBufferPointer { p in for i in 0..<count { Blend.sourceOver(premultiplied, coverage: coverage, into: p.baseAddress!, at: i * 4) } }
            XCTAssertEqual(run, singles, "sourceOverRun \(color) at \(coverage) over \(count) of \(underRun)")

            // Four pixels, each at its own coverage (a paint's pixels; a group's composite).
            (quad, single) = (under, under)
            quad.withUnsafeMutableBufferPointer {
                Blend.sourceOverQuad(SIMD4(sources.map(word)), coverage: SIMD4(coverages), into: $0.baseAddress!)
            }
            single.withUnsafeMutableBufferPointer { p in
                for i in 0..<4 {
                    let s = sources[i]
                    Blend.sourceOver(PremultipliedColor(r: s[0], g: s[1], b: s[2], a: s[3]), coverage: coverages[i], into: p.baseAddress!, at: i * 4)
                }
            }
            XCTAssertEqual(quad, single, "sourceOverQuad \(sources) at \(coverages) over \(under)")

            // Rounded, one scaled colour a pixel (shadows); a zero word leaves its pixel alone.
            (quad, single) = (under, under)
            let scaled = sources.map { s in SIMD4(s.map(UInt32.init)) }
            quad.withUnsafeMutableBufferPointer {
                Blend.sourceOverRoundedQuad(SIMD4(sources.map(word)), into: $0.baseAddress!)
            }
            single.withUnsafeMutableBufferPointer { p in for i in 0..<4 { Blend.sourceOverRounded(scaled[i], into: p.baseAddress!, at: i * 4) } }
            XCTAssertEqual(quad, single, "sourceOverRoundedQuad \(sources) over \(under)")

            // A colour scaled by a coverage a pixel, in lanes as one pixel at a time, and that as
            // the formula (x / 255 rounded to nearest being (x + 127) / 255).
            let (redBlue, greenAlpha): (SIMD8<UInt16>, SIMD8<UInt16>) = Blend.channelLanes(of: premultiplied.word, SIMD4<UInt32>.self)
            let lanes = Blend.scaledRounded(redBlue, greenAlpha, by: SIMD4(coverages), bias: SIMD4(repeating: 128))
            for i in 0..<4 {
                let one = Blend.scaledRounded(premultiplied, by: coverages[i])
                XCTAssertEqual(one, SIMD4(color.map { (UInt32($0) * coverages[i] + 127) / 255 }), "\(color) at \(coverages[i])")
                XCTAssertEqual(lanes[i], one.x | one.y << 8 | one.z << 16 | one.w << 24, "\(color) at \(coverages[i])")
            }
            // With a dither's bias a pixel: div255 of the product plus the bias, in lanes as one at a time.
            let biases = SIMD4<UInt32>((0..<4).map { _ in UInt32.random(in: 0...255, using: &random) })
            let biased = Blend.scaledRounded(redBlue, greenAlpha, by: SIMD4(coverages), bias: biases)
            for i in 0..<4 {
                let one = Blend.scaledRounded(premultiplied, by: coverages[i], bias: biases[i])
                XCTAssertEqual(one, SIMD4(color.map { c -> UInt32 in
                    let x = UInt32(c) * coverages[i] + biases[i]
                    return (x + (x >> 8)) >> 8
                }), "\(color) at \(coverages[i]), bias \(biases[i])")
                XCTAssertEqual(biased[i], one.x | one.y << 8 | one.z << 16 | one.w << 24, "\(color) at \(coverages[i]), bias \(biases[i])")
            }
        }
    }

    /// Eight pixels a step (`Blend.OctetColors`: one colour taken apart once, as a sprite's
    /// sides take it, and a colour a pixel), at eight coverages, over eight pixels.
    func testOctetsMatchOnePixelAtATime() {
        var random = SplitMix64(seed: 23)
        for _ in 0..<20_000 {
            let under = (0..<8).map { _ in pixel(&random) }
            let coverages = (0..<8).map { _ in [0, 255, UInt32.random(in: 0...255, using: &random)].randomElement(using: &random) ?? 0 }
            let one = pixel(&random)
            for sources in [Array(repeating: one, count: 8), (0..<8).map { _ in pixel(&random) }] {
                let blended = Blend.OctetColors(SIMD8(sources.map(word))).over(SIMD8(under.map(word)), coverage: SIMD8(coverages))
                var single = under.flatMap { $0 }
                single.withUnsafeMutableBufferPointer { p in
                    for i in 0..<8 {
                        let s = sources[i]
                        Blend.sourceOver(PremultipliedColor(r: s[0], g: s[1], b: s[2], a: s[3]), coverage: coverages[i], into: p.baseAddress!, at: i * 4)
                    }
                }
                let expected: [UInt32] = (0..<8).map { (i: Int) -> UInt32 in word(Array(single[(i * 4)..<(i * 4 + 4)])) }
                let got: [UInt32] = (0..<8).map { (i: Int) -> UInt32 in blended[i] }
                XCTAssertEqual(got, expected, "\(sources) at \(coverages) over \(under)")
            }
        }
    }

    /// Coverage four sums at a time is the one-at-a-time formula, min(|s|, 1) · 255 + ½
    /// truncated, for sums of either sign, past 1 (windings), tiny and exactly on the steps.
    func testCoverageOfFourSumsMatchesOneAtATime() {
        var random = SplitMix64(seed: 7)
        let edges: [Float] = [0, -0, 1, -1, 2, -3, 0.5, 1 / 255, 0.5 / 255, 1.5 / 255, 254.5 / 255, 1e-30, .leastNonzeroMagnitude]
        for _ in 0..<50_000 {
            let sums = SIMD4<Float>((0..<4).map { _ in
                Bool.random(using: &random) ? edges.randomElement(using: &random) ?? 0 : Float.random(in: -2.5...2.5, using: &random)
            })
            let one = (0..<4).map { UInt32(truncatingIfNeeded: Int(min(abs(sums[$0]), 1) * 255 + 0.5)) }
            XCTAssertEqual(CellCoverage.coverage(of: sums), SIMD4(one), "sums \(sums)")
        }
    }

    /// A mask's alpha (or its complement) multiplies a layer four pixels a step as one at a
    /// time: each channel times the mask's alpha, div255 rounded, only within the area.
    func testAlphaMasksMultiplyAsOnePixelAtATime() throws {
        var random = SplitMix64(seed: 11)
        let (width, height) = (37, 9)
        for mode in [MaskMode.alpha, .alphaInverted] {
            let layerBytes = (0..<(width * height)).flatMap { _ in pixel(&random) }
            let maskBytes = (0..<(width * height)).flatMap { _ in pixel(&random) }
            var layer = try XCTUnwrap(Pixmap(width: width, height: height, premultipliedBytes: layerBytes))
            let mask = try XCTUnwrap(Pixmap(width: width, height: height, premultipliedBytes: maskBytes))
            let area = PixelArea(x0: 1, y0: 1, x1: 34, y1: 8)
            Compositing.multiply(&layer, within: area, byCoverageOf: mask, mode: mode)
            for y in 0..<height {
                for x in 0..<width {
                    let i = (y * width + x) * 4
                    let alpha = UInt32(maskBytes[i + 3])
                    let a = mode == .alpha ? alpha : 255 - alpha
                    let inside = (1..<34).contains(x) && (1..<8).contains(y)
                    let expected = (0..<4).map { c -> UInt8 in
                        let product: UInt32 = UInt32(layerBytes[i + c]) * a + 128
                        return inside ? UInt8((product + (product >> 8)) >> 8) : layerBytes[i + c]
                    }
                    XCTAssertEqual(Array(layer.bytes[i..<(i + 4)]), expected, "\(mode) at \(x), \(y)")
                }
            }
        }
    }

    /// A gradient's four colours in vector lanes are the entries `color(at:x:y:)` picks one at a
    /// time (dithered copies included), at the plane points `point` gives one at a time: axial and radial ramps (and
    /// degenerate ones), through affine and perspective mappings, across rows where t runs far
    /// past both ends; and at points that are not finite.
    func testGradientColoursInLanesMatchOneAtATime() throws {
        func colorWords(_ gradient: GradientPaint, u: SIMD4<Double>, v: SIMD4<Double>, x: Int, y: Int) -> SIMD4<UInt32>? {
            gradient.kind == .axial ? AxialRamp(ramp: gradient).colorWords(u: u, v: v, x: x, y: y)
                : RadialRamp(ramp: gradient).colorWords(u: u, v: v, x: x, y: y)
        }
        var random = SplitMix64(seed: 5)
        func ramp(_ t: Double) -> (r: Double, g: Double, b: Double, a: Double) { (t, 1 - t, t * t, 0.5 + t / 2) }
        for _ in 0..<400 {
            let kind = [GradientPaint.Kind.axial, .radial].randomElement(using: &random) ?? .axial
            let start = Point(Double.random(in: -50...150, using: &random), Double.random(in: -50...150, using: &random))
            let end = Bool.random(using: &random) ? start : Point(Double.random(in: -50...150, using: &random), Double.random(in: -50...150, using: &random))
            let gradient = GradientPaint(kind: kind, start: start, end: end, opacity: 0.8, color: ramp)
            var transform = Transform3D(rotationAngle: Double.random(in: 0...6, using: &random))
                .concatenating(Transform3D(translationX: Double.random(in: -30...30, using: &random), y: 7))
            if Bool.random(using: &random) { transform.m14 = Double.random(in: -0.004...0.004, using: &random) }
            guard let mapping = PlaneMapping(transform) else { continue }
            let y = Int.random(in: -20...200, using: &random)
            for x in stride(from: -40, to: 240, by: 4) {
                let (u, v) = mapping.points(x: x, y: y)
                let lanes = try XCTUnwrap(colorWords(gradient, u: u, v: v, x: x, y: y))
                for lane in 0..<4 {
                    let point = mapping.point(x: Double(x + lane) + 0.5, y: Double(y) + 0.5)
                    XCTAssertEqual(u[lane].bitPattern, point.x.bitPattern, "u at \(x + lane), \(y)")
                    XCTAssertEqual(v[lane].bitPattern, point.y.bitPattern, "v at \(x + lane), \(y)")
                    let c = gradient.color(at: point, x: x + lane, y: y)
                    XCTAssertEqual(lanes[lane], word([c.r, c.g, c.b, c.a]), "\(kind) at \(x + lane), \(y)")
                }
            }
        }
        let odd = SIMD4<Double>(.infinity, -.infinity, .nan, 0.5 / 255)
        for kind in [GradientPaint.Kind.axial, .radial] {
            let gradient = GradientPaint(kind: kind, start: .zero, end: Point(1, 1), opacity: 1, color: ramp)
            let lanes = try XCTUnwrap(colorWords(gradient, u: odd, v: SIMD4(repeating: 0), x: 5, y: 3))
            for lane in 0..<4 {
                let c = gradient.color(at: Point(odd[lane], 0), x: 5 + lane, y: 3)
                XCTAssertEqual(lanes[lane], word([c.r, c.g, c.b, c.a]), "\(kind) at u \(odd[lane])")
            }
        }
    }
}
