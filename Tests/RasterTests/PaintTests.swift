import Foundation
import Geometry
@testable import Raster
import RasterCore
import XCTest

/// Gradients, images and perspective against values computed by hand.
final class PaintTests: XCTestCase {
    let square = Path.roundedRect(Rect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 0)

    /// Red → blue from x = 0 to x = 100: pixel column 50 (centre 50.5) is t = 0.505, looked up
    /// in a 256-step table at step round(0.505 · 255) = 129.
    func testAxialGradientStops() throws {
        let paint = GradientPaint(kind: .axial, start: Point(0, 0), end: Point(100, 0), opacity: 1) { t in (1 - t, 0, t, 1) }
        let frame = try draw(width: 100, height: 10) { $0.fill(self.square, transform: .identity, paint: .gradient(paint), rule: .nonZero) }
        let step = 129.0 / 255
        XCTAssertEqual(frame.pixel(x: 50, y: 5), PremultipliedColor(red: 1 - step, green: 0, blue: step, alpha: 1))
        XCTAssertEqual(frame.pixel(x: 0, y: 5).r, 254)
        XCTAssertEqual(frame.pixel(x: 99, y: 5).b, 254)
    }

    /// Radial: t is the distance from the centre over the radius; conic: the clockwise angle in turns.
    func testRadialAndConicPositions() throws {
        let radial = GradientPaint(kind: .radial, start: Point(50, 50), end: Point(100, 100), opacity: 1) { t in (t, t, t, 1) }
        let frame = try draw(width: 100, height: 100) { $0.fill(self.square, transform: .identity, paint: .gradient(radial), rule: .nonZero) }
        // Pixel (74, 49) centre (74.5, 49.5): distance √(24.5² + 0.5²) / 50 ≈ 0.4901 → step 125.
        XCTAssertEqual(Int(frame.pixel(x: 74, y: 49).r), 125, accuracy: 1)
        let conic = GradientPaint(kind: .conic, start: Point(50, 50), end: Point(100, 50), opacity: 1) { t in (t, t, t, 1) }
        let wheel = try draw(width: 100, height: 100) { $0.fill(self.square, transform: .identity, paint: .gradient(conic), rule: .nonZero) }
        // Straight below the centre is a quarter turn clockwise on screen: t = 0.25 → step 64.
        XCTAssertEqual(Int(wheel.pixel(x: 50, y: 90).r), 64, accuracy: 1)
    }

    /// A radial ramp with a focal point (Lottie's highlight, SVG's fx/fy): t is 0 there and 1 on
    /// the circle, and along each ray from the focal point it grows linearly. Centre (50.5,
    /// 50.5) (a pixel's centre), radius 40, focus half a radius to the right, at (70.5, 50.5):
    /// the centre lies a third of the way from there to the circle's far side (20 of 60 px),
    /// t = 1/3, step 85; halfway to the near side t = 1/2, step 128 (127.5 rounded up); the near
    /// side (90.5) and the far one (10.5) are at t = 1.
    func testRadialFocusMovesWhereTheRampStarts() throws {
        let ramp = GradientPaint(kind: .radial, start: Point(50.5, 50.5), end: Point(90.5, 90.5), focus: Point(0.5, 0), opacity: 1) { t in (t, t, t, 1) }
        let frame = try draw(width: 100, height: 100) { $0.fill(self.square, transform: .identity, paint: .gradient(ramp), rule: .nonZero) }
        XCTAssertEqual(Int(frame.pixel(x: 70, y: 50).r), 0, accuracy: 1)
        XCTAssertEqual(Int(frame.pixel(x: 50, y: 50).r), 85, accuracy: 1)
        XCTAssertEqual(Int(frame.pixel(x: 80, y: 50).r), 128, accuracy: 1)
        XCTAssertEqual(Int(frame.pixel(x: 90, y: 50).r), 255, accuracy: 1)
        XCTAssertEqual(Int(frame.pixel(x: 10, y: 50).r), 255, accuracy: 1)
        // With no focus the same ramp is the centred one: t = 20 / 40 at (70.5, 50.5).
        let centred = GradientPaint(kind: .radial, start: Point(50.5, 50.5), end: Point(90.5, 90.5), opacity: 1) { t in (t, t, t, 1) }
        let plain = try draw(width: 100, height: 100) { $0.fill(self.square, transform: .identity, paint: .gradient(centred), rule: .nonZero) }
        XCTAssertEqual(Int(plain.pixel(x: 70, y: 50).r), 128, accuracy: 1)
    }

    /// A 2×2 image stretched over 100×100: the centre blends all four pixels equally; near a
    /// corner the corner pixel shows alone.
    func testImagesAreBilinear() throws {
        let pixels = try XCTUnwrap(Pixmap(width: 2, height: 2, premultipliedBytes: [
            255, 0, 0, 255, 0, 255, 0, 255,
            0, 0, 255, 255, 255, 255, 255, 255,
        ]))
        let paint = ImagePaint(image: pixels, destination: Rect(x: 0, y: 0, width: 100, height: 100),
                               source: Rect(x: 0, y: 0, width: 1, height: 1), opacity: 1)
        let frame = try draw(width: 100, height: 100) { $0.fill(self.square, transform: .identity, paint: .image(paint), rule: .nonZero) }
        let centre = frame.pixel(x: 50, y: 50)
        XCTAssertEqual(Int(centre.r), 128, accuracy: 2)
        XCTAssertEqual(Int(centre.g), 128, accuracy: 2)
        XCTAssertEqual(Int(centre.b), 128, accuracy: 2)
        XCTAssertEqual(frame.pixel(x: 2, y: 2), PremultipliedColor(r: 255, g: 0, b: 0, a: 255))
    }

    /// Images are sampled four pixels at a time where nothing clips them, one at a time under a
    /// clip: a clip covering everything gives the same pixels, for a turned, tinted, translucent
    /// image sampled either way, hanging off the frame's edges.
    func testImagesFourAtATimeMatchOneAtATime() throws {
        let bytes = (0..<(7 * 5)).flatMap { i -> [UInt8] in
            let a = UInt8(80 + i * 5)
            return [UInt8(i * 37 % 256) / 2 % a, UInt8(i * 91 % 256) % a, UInt8(i * 53 % 256) % a, a]
        }
        let pixels = try XCTUnwrap(Pixmap(width: 7, height: 5, premultipliedBytes: bytes))
        let place = Transform3D(rotationAngle: 0.3).concatenating(Transform3D(translationX: 20, y: -6))
        let destination = Rect(x: 0, y: 0, width: 90, height: 70)
        for filter in [ImageFilter.linear, .nearest] {
            let paint = ImagePaint(image: pixels, destination: destination, source: Rect(x: 0.1, y: 0, width: 0.8, height: 1), opacity: 0.8,
                                   tint: (1, 0.7, 0.9, 0.95), sampling: ImageSampling(minification: filter, magnification: filter))
            let frame = { (clipped: Bool) in
                try draw(width: 100, height: 80, background: PremultipliedColor(r: 20, g: 40, b: 60, a: 255)) { canvas in
                    if clipped { canvas.beginClip(.roundedRect(Rect(x: -1, y: -1, width: 102, height: 82), cornerRadius: 0), transform: .identity) }
                    canvas.fill(.roundedRect(destination, cornerRadius: 0), transform: place, paint: .image(paint), rule: .nonZero)
                }
            }
            XCTAssert(try frame(false) == frame(true), "\(filter): the same pixels either way")
        }
    }

    /// An image that is neither turned nor skewed is sampled from tables of its columns and
    /// rows (`AlignedImageShader`): every pixel, four at a time and one at a time, is the one the
    /// general sampler gives, bilinear and nearest, at a fractional scale, mirrored, tinted and
    /// translucent, showing part of the image, and where columns lie beyond the sampler's reach.
    func testAlignedImagesMatchTheGeneralSampler() throws {
        let bytes = (0..<(7 * 5)).flatMap { i -> [UInt8] in
            let a = UInt8(80 + i * 5)
            return [UInt8(i * 37 % 256) / 2 % a, UInt8(i * 91 % 256) % a, UInt8(i * 53 % 256) % a, a]
        }
        let pixels = try XCTUnwrap(Pixmap(width: 7, height: 5, premultipliedBytes: bytes))
        let whole = Rect(x: 0, y: 0, width: 1, height: 1)
        let cases: [(Transform3D, Rect, Rect, Double, (Double, Double, Double, Double), ImageFilter)] = [
            (Transform3D(scaleX: 5.4, y: 5.4, z: 1).concatenating(Transform3D(translationX: 30.3, y: 12.7)),
             Rect(x: 0, y: 0, width: 8, height: 8), whole, 1, (1, 1, 1, 1), .linear),
            (Transform3D(scaleX: -3, y: 2.5, z: 1).concatenating(Transform3D(translationX: 200, y: 10)),
             Rect(x: 2, y: 3, width: 50, height: 30), Rect(x: 0.1, y: 0.2, width: 0.7, height: 0.6), 0.8, (1, 0.7, 0.9, 0.95), .nearest),
            (.identity, Rect(x: 0, y: 0, width: 1e-12, height: 40), whole, 1, (1, 1, 1, 1), .linear),
        ]
        for (index, (transform, destination, source, opacity, tint, filter)) in cases.enumerated() {
            let paint = ImagePaint(image: pixels, destination: destination, source: source, opacity: opacity, tint: tint,
                                   sampling: ImageSampling(minification: filter, magnification: filter))
            let mapping = try XCTUnwrap(PlaneMapping(transform))
            let general = MappedShader(paint: paint, mapping: mapping)
            var aligned = try XCTUnwrap(AlignedImageShader(paint, mapping: mapping, columns: 0..<300))
            var compared = 0
            for y in 0..<120 {
                aligned.start(row: y)
                for x in stride(from: 0, to: 296, by: 4) {
                    let expected = general.colorWords(x: x, y: y)
                        ?? SIMD4((0..<4).map { general.color(x: x + $0, y: y).word })
                    XCTAssertEqual(aligned.colorWords(x: x, y: y), expected, "case \(index), pixels \(x)…\(x + 3), row \(y)")
                    for lane in 0..<4 { XCTAssertEqual(aligned.color(x: x + lane, y: y).word, expected[lane]) }
                    compared += expected == .zero ? 0 : 1
                }
            }
            XCTAssertGreaterThan(compared, 100, "case \(index) draws something")
            aligned.start(row: 40)
            assertRowLoop(of: aligned, x0: 0, y: 40, seed: UInt64(index), "case \(index): the shader's row loop") { coverage, pixels in
                _ = aligned.blendQuads(74, x: 0, y: 40, coverage: coverage, into: pixels)
            }
        }
        // A turned picture, and one shrunk (its rows' tables would cost more than its pixels), take the general sampler.
        let turned = try XCTUnwrap(PlaneMapping(Transform3D(rotationAngle: 0.3)))
        XCTAssertNil(AlignedImageShader(ImagePaint(image: pixels, destination: whole, source: whole, opacity: 1), mapping: turned, columns: 0..<4))
        let wide = try XCTUnwrap(Pixmap(width: 64, height: 2, premultipliedBytes: [UInt8](repeating: 200, count: 64 * 2 * 4)))
        let shrunk = ImagePaint(image: wide, destination: Rect(x: 0, y: 0, width: 8, height: 2), source: whole, opacity: 1)
        XCTAssertNil(AlignedImageShader(shrunk, mapping: try XCTUnwrap(PlaneMapping(.identity)), columns: 0..<8))
        XCTAssertNotNil(AlignedImageShader(shrunk, mapping: try XCTUnwrap(PlaneMapping(Transform3D(scaleX: 8, y: 1, z: 1))), columns: 0..<64))
    }

    /// An axial or radial ramp that is neither turned nor skewed is worked out from a term of
    /// each column and one of each row (`AlignedRampShader`): every pixel, four at a time and one
    /// at a time, is the one the general shader gives, for axial and radial ramps (elliptical,
    /// mirrored, under a projection whose w is not 1), at fractional scales. Conic ramps, focal
    /// points, radii of 0 and turned mappings take the general shader.
    func testAlignedRampsMatchTheGeneralShader() throws {
        func ramp(_ kind: GradientPaint.Kind, _ start: Point, _ end: Point, focus: Point = .zero) -> GradientPaint {
            GradientPaint(kind: kind, start: start, end: end, focus: focus, opacity: 0.9) { t in (t, 1 - t, t * t, 0.5 + t / 2) }
        }
        var projected = Transform3D(scaleX: 2.5, y: 1.5, z: 1)
        projected.m44 = 1.7
        let cases: [(GradientPaint, Transform3D)] = [
            (ramp(.axial, Point(10, 20), Point(90, 60)), Transform3D(scaleX: 5.4, y: 5.4, z: 1).concatenating(Transform3D(translationX: 30.3, y: 12.7))),
            (ramp(.radial, Point(100, 40), Point(145, 85)), Transform3D(scaleX: 1.37, y: 1.37, z: 1)),
            (ramp(.radial, Point(40, 30), Point(100, 50)), Transform3D(scaleX: -3, y: 2.5, z: 1).concatenating(Transform3D(translationX: 300, y: 10))),
            (ramp(.axial, Point(0, 0), Point(0, 40)), projected),
            (ramp(.radial, Point(20, 20), Point(60, 90)), projected),
        ]
        for (index, (gradient, transform)) in cases.enumerated() {
            let mapping = try XCTUnwrap(PlaneMapping(transform))
            var aligned = try XCTUnwrap(AlignedRampShader(gradient, mapping: mapping, columns: 37..<333), "case \(index)")
            let general: any Shader = gradient.kind == .axial ? MappedShader(paint: AxialRamp(ramp: gradient), mapping: mapping)
                                                              : MappedShader(paint: RadialRamp(ramp: gradient), mapping: mapping)
            var differing = Set<UInt32>()
            for y in 0..<120 {
                aligned.start(row: y)
                for x in stride(from: 37, to: 333, by: 4) {
                    let expected = try XCTUnwrap(general.colorWords(x: x, y: y))
                    XCTAssertEqual(aligned.colorWords(x: x, y: y), expected, "case \(index), pixels \(x)…\(x + 3), row \(y)")
                    for lane in 0..<4 {
                        XCTAssertEqual(aligned.color(x: x + lane, y: y).word, expected[lane])
                        differing.insert(expected[lane])
                    }
                }
            }
            XCTAssertGreaterThan(differing.count, 20, "case \(index) spans the ramp")
            // Columns 37 to the table's end: a quad read past it, or from the wrong column, differs.
            aligned.start(row: 17)
            // An odd count too: the x86-64-v3 build's row blends two quads a step, then the last alone.
            for build in everyBuild {
                for quads in [74, 73] {
                    assertRowLoop(of: aligned, x0: 37, y: 17, seed: UInt64(index), quads: quads, "case \(index): \(build)'s ramp row, \(quads) quads") {
                        coverage, pixels in aligned.blendQuads(quads, x: 37, y: 17, coverage: coverage, into: pixels, build: build)
                    }
                }
            }
        }
        let identity = try XCTUnwrap(PlaneMapping(.identity))
        XCTAssertNil(AlignedRampShader(ramp(.conic, Point(0, 0), Point(1, 0)), mapping: identity, columns: 0..<4))
        XCTAssertNil(AlignedRampShader(ramp(.radial, Point(0, 0), Point(5, 5), focus: Point(0.3, 0)), mapping: identity, columns: 0..<4))
        XCTAssertNil(AlignedRampShader(ramp(.radial, Point(0, 0), Point(5, 0)), mapping: identity, columns: 0..<4))
        XCTAssertNil(AlignedRampShader(ramp(.radial, Point(0, 0), Point(5, 5)), mapping: try XCTUnwrap(PlaneMapping(Transform3D(rotationAngle: 0.3))),
                                       columns: 0..<4), "a turned radial ramp")
        var turnedAndProjected = Transform3D(rotationAngle: 0.3)
        turnedAndProjected.m14 = 0.001
        XCTAssertNil(AlignedRampShader(ramp(.axial, Point(0, 0), Point(0, 40)), mapping: try XCTUnwrap(PlaneMapping(turnedAndProjected)),
                                       columns: 0..<4), "a turned mapping that projects")
    }

    /// An axial ramp under a turned or skewed mapping is worked out from terms too
    /// (`AlignedRampShader`): its position is affine in the pixel's column and row. Every pixel,
    /// four at a time and one at a time, is the general shader's colour, or (where the position
    /// rounds across a table entry the other way) its neighbour's in the table.
    func testTurnedAxialRampsMatchTheGeneralShader() throws {
        let ramp = GradientPaint(kind: .axial, start: Point(10, 20), end: Point(90, 60), opacity: 0.9) { t in (t, 1 - t, t * t, 0.5 + t / 2) }
        let turned = Transform3D(rotationAngle: 0.7).concatenating(Transform3D(scaleX: 2.2, y: 1.6, z: 1)).concatenating(Transform3D(translationX: 40.3, y: -7.1))
        var skewed = Transform3D(scaleX: 1.3, y: 2.1, z: 1)
        skewed.m21 = 0.45
        for (index, transform) in [turned, skewed].enumerated() {
            let mapping = try XCTUnwrap(PlaneMapping(transform))
            var fast = try XCTUnwrap(AlignedRampShader(ramp, mapping: mapping, columns: 5..<301), "case \(index)")
            let general = MappedShader(paint: AxialRamp(ramp: ramp), mapping: mapping)
            var (same, differing) = (0, Set<UInt32>())
            for y in 0..<120 {
                fast.start(row: y)
                for x in stride(from: 5, to: 301, by: 4) {
                    let expected = try XCTUnwrap(general.colorWords(x: x, y: y)), got = try XCTUnwrap(fast.colorWords(x: x, y: y))
                    for lane in 0..<4 {
                        XCTAssertEqual(fast.color(x: x + lane, y: y).word, got[lane], "one at a time as four at a time")
                        // Entries of the pixel's own dithered copy of the ramp.
                        let offset = Int(RampLookup.ditherOffsets(x: x + lane, y: y)[0])
                        let copy = ramp.table[offset..<(offset + RampLookup.rampColors)]
                        let (a, b) = (try XCTUnwrap(copy.firstIndex(of: expected[lane])), try XCTUnwrap(copy.firstIndex(of: got[lane])))
                        XCTAssertLessThanOrEqual(abs(a - b), 1, "case \(index), pixel \(x + lane), row \(y)")
                        if a == b { same += 1 }
                        differing.insert(expected[lane])
                    }
                }
            }
            XCTAssertGreaterThan(Double(same), 0.99 * 120 * 296, "case \(index): nearly every pixel the same")
            XCTAssertGreaterThan(differing.count, 20, "case \(index) spans the ramp")
        }
    }

    /// A 64×64 checkerboard of single pixels shrunk to 8×8 averages to grey through mipmaps
    /// instead of aliasing to one colour.
    func testMinifiedImagesUseMipmaps() throws {
        var bytes = [UInt8](repeating: 255, count: 64 * 64 * 4)
        for y in 0..<64 { for x in 0..<64 where (x + y) % 2 == 0 { for c in 0..<3 { bytes[(y * 64 + x) * 4 + c] = 0 } } }
        let pixels = try XCTUnwrap(Pixmap(width: 64, height: 64, premultipliedBytes: bytes))
        let paint = ImagePaint(image: pixels, destination: Rect(x: 0, y: 0, width: 8, height: 8),
                               source: Rect(x: 0, y: 0, width: 1, height: 1), opacity: 1, minification: 8)
        let frame = try draw(width: 8, height: 8) {
            $0.fill(.roundedRect(Rect(x: 0, y: 0, width: 8, height: 8), cornerRadius: 0), transform: .identity, paint: .image(paint), rule: .nonZero)
        }
        for y in 0..<8 { for x in 0..<8 { XCTAssertEqual(Int(frame.pixel(x: x, y: y).r), 128, accuracy: 1) } }
    }

    /// Perspective: a 100×100 square turned 40° about y with m34 = −1/300 lands where the
    /// homogeneous projection of its corners says, and a turn past 90° that puts part of the plane
    /// behind the viewer draws a finite, clipped shape instead of folding over.
    func testPerspectiveMapsCornersProjectively() throws {
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 300
        let t = Transform3D(translationX: -50, y: -50)
            .concatenating(Transform3D(rotationAngle: 40 * .pi / 180, x: 0, y: 1, z: 0))
            .concatenating(perspective)
            .concatenating(Transform3D(translationX: 100, y: 100))
        let frame = try draw(width: 200, height: 200) { $0.fill(self.square, transform: t, color: opaqueWhite, rule: .nonZero) }
        func project(_ x: Double, _ y: Double) -> Point {
            // Row vector (x, y, 0, 1) times the matrix, divided by w: written out by hand.
            let (cx, cy) = (x - 50, y - 50)
            let (c, s) = (cos(40 * Double.pi / 180), sin(40 * Double.pi / 180))
            let (rx, rz) = (cx * c, -cx * s)     // rotation about y, row vectors: x' = x·cos, z' = −x·sin
            let w = 1 - rz / 300                 // w = 1 + z'·m34
            return Point(rx / w + 100, cy / w + 100)
        }
        for (x, y) in [(0.0, 0.0), (100, 0), (100, 100), (0, 100)] {
            let corner = project(x, y)
            let inward = Point(100 + (corner.x - 100) * 0.9, 100 + (corner.y - 100) * 0.9)
            let outward = Point(100 + (corner.x - 100) * 1.1, 100 + (corner.y - 100) * 1.1)
            XCTAssertEqual(frame.pixel(x: Int(inward.x), y: Int(inward.y)).a, 255, "inside near \(corner)")
            XCTAssertEqual(frame.pixel(x: Int(outward.x), y: Int(outward.y)).a, 0, "outside near \(corner)")
        }
        let behind = Transform3D(translationX: -50, y: -50)
            .concatenating(Transform3D(rotationAngle: 100 * .pi / 180, x: 0, y: 1, z: 0))
            .concatenating(perspective)
            .concatenating(Transform3D(translationX: 100, y: 100))
        let clipped = try draw(width: 200, height: 200) { $0.fill(self.square, transform: behind, color: opaqueWhite, rule: .nonZero) }
        let area = coveredArea(clipped)
        XCTAssertTrue(area.isFinite && area > 0 && area <= 200 * 200)
    }

    /// Blends the first `quads` of 74 quads of random pixels at random coverages (none, full and
    /// between; a quarter of the quads empty) from column `x0` of row `y` with `loop` (a shader's
    /// row loop, its row started), and again four at a time through the shader's `colorWords`:
    /// the bytes must agree.
    func assertRowLoop<S: Shader>(of shader: S, x0: Int, y: Int, seed: UInt64, quads: Int = 74, _ message: String,
                                  loop: (UnsafePointer<UInt8>, UnsafeMutablePointer<UInt8>) -> Void) {
        var random = SplitMix64(seed: seed)
        let coverage = (0..<74).flatMap { _ in
            let empty = UInt8.random(in: 0...3, using: &random) == 0
            return (0..<4).map { _ in empty ? 0 : [0, 255, UInt8.random(in: 1...254, using: &random)].randomElement(using: &random) ?? 0 }
        }
        let under = (0..<(296 * 4)).map { _ in UInt8.random(in: 0...255, using: &random) }
        var expected = under
        for x in stride(from: 0, to: quads * 4, by: 4) {
            let word = coverage[x..<(x + 4)].enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << ($1.offset * 8) }
            guard word != 0, let colors = shader.colorWords(x: x0 + x, y: y) else { continue }
            Blend.sourceOverQuad(colors, coverage: SIMD4<UInt32>(truncatingIfNeeded: unsafeBitCast(word, to: SIMD4<UInt8>.self)), into: &expected[x * 4])
        }
        var pixels = under
        coverage.withUnsafeBufferPointer { coverage in pixels.withUnsafeMutableBufferPointer { loop(coverage.baseAddress!, $0.baseAddress!) } }
        XCTAssert(pixels == expected, message)
    }
}
