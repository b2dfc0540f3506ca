import Geometry
@testable import Raster
import XCTest

/// Sprites, the particles' fast fill: coverage from distances to the sides, checked against the
/// exact areas of the shapes.
final class SpriteTests: XCTestCase {
    func draw(size: Size, transform: Transform3D) throws -> Pixmap {
        var frame = try XCTUnwrap(Pixmap(width: 64, height: 64))
        var rasterizer = Rasterizer()
        rasterizer.fillSprite(size: size, transform: transform, paint: .solid(PremultipliedColor(r: 255, g: 255, b: 255, a: 255)), into: &frame)
        return frame
    }

    /// A 20 × 10 rectangle at (10.25, 20.5): sides along the grid are covered exactly, column 10
    /// by ¾, row 20 by ½, the corner pixel by ¾ · ½; the inside fully.
    func testSidesAlongTheGridAreExact() throws {
        let frame = try draw(size: Size(20, 10), transform: Transform3D(translationX: 10.25, y: 20.5))
        XCTAssertEqual(frame.pixel(x: 10, y: 25).a, 191)  // 0.75 · 255 = 191.25
        XCTAssertEqual(frame.pixel(x: 15, y: 20).a, 128)  // 0.5 · 255 = 127.5, rounded up
        XCTAssertEqual(frame.pixel(x: 10, y: 20).a, 96)   // 0.375 · 255 = 95.6
        XCTAssertEqual(frame.pixel(x: 15, y: 25).a, 255)
        XCTAssertEqual(frame.pixel(x: 30, y: 25).a, 64)   // 0.25 · 255 = 63.75
        XCTAssertEqual(frame.pixel(x: 31, y: 25).a, 0)
    }

    /// A sprite placed absurdly far away draws nothing and does not trap.
    func testAFarAwaySpriteDrawsNothing() throws {
        for far in [1e20, -1e20, 1e300] {
            let frame = try draw(size: Size(20, 10), transform: Transform3D(translationX: far, y: far))
            XCTAssertTrue(frame.bytes.allSatisfy { $0 == 0 })
        }
    }

    /// A sprite a million and a half pixels across, turned by 0.003 rad, with its far side in
    /// the frame: each pixel is covered by min(d + ½, 1) for its centre's distance d to that
    /// side (the line through the side's two corners; the other sides are far away), within a
    /// level, as a small sprite's are. (Worked out as the thickness less the distance from the
    /// other side, in Float, it was off by up to 0.125 of a pixel there: 30 levels.)
    func testTheSidesOfAHugeSpriteAreAsCloseAsASmallOnes() throws {
        let size = Size(1_500_000.3, 1_200_000.7)
        let place = Transform3D(translationX: -size.width / 2, y: -size.height / 2).concatenating(Transform3D(rotationAngle: 0.003))
            .concatenating(Transform3D(translationX: -size.width / 2 + 30, y: 32))
        let frame = try draw(size: size, transform: place)
        let (p, q) = (place.apply(to: Point(size.width, 0)), place.apply(to: Point(size.width, size.height)))
        let length = ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
        // Positive on the sprite's side of the line (its first corner's).
        let corner = place.apply(to: Point(0, 0))
        let inward: Double = ((q.x - p.x) * (corner.y - p.y) - (q.y - p.y) * (corner.x - p.x)) > 0 ? 1 : -1
        var partly = 0
        for y in 0..<64 {
            for x in 0..<64 {
                let (cx, cy) = (Double(x) + 0.5, Double(y) + 0.5)
                let d = inward * ((q.x - p.x) * (cy - p.y) - (q.y - p.y) * (cx - p.x)) / length
                let expected = min(max(d + 0.5, 0), 1) * 255
                if expected > 0, expected < 255 { partly += 1 }
                XCTAssertEqual(Double(frame.pixel(x: x, y: y).a), expected, accuracy: 1, "pixel (\(x), \(y)), \(d) from the side")
            }
        }
        XCTAssertGreaterThanOrEqual(partly, 64, "the side crosses every row")
    }

    /// Transforms at the ends of Double's range draw what they cover, in every build and in
    /// the pixel loop (clipped, adding light), without trapping: a column step too small to
    /// invert (a subnormal skew) is taken as flat; a 1 × 1 sprite stretched 10²⁰⁰ times across
    /// is a bar over the whole row (its gradients of 10⁻²⁰⁰ square to 0, so their lengths are
    /// taken scaled); squeezed 10²⁰⁰ times as well, it covers nothing.
    func testTransformsAtTheEndsOfTheRangeDrawWhatTheyCover() throws {
        let white = Paint.solid(PremultipliedColor(r: 255, g: 255, b: 255, a: 255))
        var skewed = Transform3D(translationX: 10, y: 10)
        skewed.m12 = Double.leastNonzeroMagnitude * 0x1p20  // subnormal
        let bar = Transform3D(scaleX: 1e200, y: 1).concatenating(Transform3D(translationX: -1e100, y: 5))
        let sliver = Transform3D(scaleX: 1e200, y: 1e-200).concatenating(Transform3D(translationX: -1e100, y: 5))
        // Each with the pixels it covers wholly: the 20 × 20 square on whole pixels, row 5, none.
        for (transform, size, whole) in [(skewed, Size(20, 20), 400), (bar, Size(1, 1), 64), (sliver, Size(1, 1), 0)] {
            var expected = try XCTUnwrap(Pixmap(width: 64, height: 64))
            var pixelLoop = Rasterizer(build: .baseline)
            pixelLoop.fillSprite(size: size, transform: transform, paint: white,
                                 clip: ClipMask(width: 64, height: 64, rectangle: PixelArea(all: expected)), into: &expected)
            var added = try XCTUnwrap(Pixmap(width: 64, height: 64))
            pixelLoop.fillSprite(size: size, transform: transform, paint: white, additive: true, into: &added)
            XCTAssertNil(added.bytes.indices.first { added.bytes[$0] != expected.bytes[$0] }, "adding light differs at that byte: \(transform)")
            for build in everyBuild {
                var drawn = try XCTUnwrap(Pixmap(width: 64, height: 64))
                var rasterizer = Rasterizer(build: build)
                rasterizer.fillSprite(size: size, transform: transform, paint: white, into: &drawn)
                XCTAssertNil(drawn.bytes.indices.first { drawn.bytes[$0] != expected.bytes[$0] }, "\(build) differs at that byte: \(transform)")
            }
            let covered = stride(from: 3, to: expected.bytes.count, by: 4).filter { expected.bytes[$0] == 255 }.count
            let touched = stride(from: 3, to: expected.bytes.count, by: 4).filter { expected.bytes[$0] > 0 }.count
            XCTAssertEqual(covered, whole, "\(transform)")
            XCTAssertEqual(touched, whole, "nothing partly covered: \(transform)")
        }
    }

    /// Turned by 0.5 rad about its centre, the 20 × 10 rectangle still covers 200 pixels of
    /// area in total (within half a percent), and each pixel within 5% of its exact share
    /// (the path fill's, which integrates the area).
    func testATurnedSpriteCoversItsArea() throws {
        let place = Transform3D(translationX: -10, y: -5).concatenating(Transform3D(rotationAngle: 0.5))
            .concatenating(Transform3D(translationX: 32.3, y: 31.7))
        let sprite = try draw(size: Size(20, 10), transform: place)
        var exact = try XCTUnwrap(Pixmap(width: 64, height: 64))
        var rasterizer = Rasterizer()
        rasterizer.fill(.roundedRect(Rect(x: 0, y: 0, width: 20, height: 10), cornerRadius: 0), transform: place,
                        paint: .solid(PremultipliedColor(r: 255, g: 255, b: 255, a: 255)), rule: .nonZero, into: &exact)
        let area = stride(from: 3, to: sprite.bytes.count, by: 4).map { Double(sprite.bytes[$0]) / 255 }.reduce(0, +)
        XCTAssertEqual(area, 200, accuracy: 1)
        let worst = stride(from: 3, to: sprite.bytes.count, by: 4).map { abs(Int(sprite.bytes[$0]) - Int(exact.bytes[$0])) }.max() ?? 0
        XCTAssertLessThanOrEqual(worst, 12)
    }

    /// A picture on a sprite is filled as the sprite's rectangle is by the path fill, which
    /// integrates each pixel's area (the estimate one colour takes is off by up to 12 levels on
    /// a turned side): a 20 × 10 sprite turned by 0.5 rad showing an opaque white 2 × 2 picture
    /// is, pixel for pixel, the rectangle's path filled with it, and covers 200 pixels of area.
    func testAPictureSpriteCoversItsExactArea() throws {
        let picture = try XCTUnwrap(Pixmap(width: 2, height: 2, premultipliedBytes: [UInt8](repeating: 255, count: 16)))
        let paint = Paint.image(ImagePaint(image: picture, destination: Rect(x: 0, y: 0, width: 20, height: 10),
                                           source: Rect(x: 0, y: 0, width: 1, height: 1), opacity: 1))
        let place = Transform3D(translationX: -10, y: -5).concatenating(Transform3D(rotationAngle: 0.5))
            .concatenating(Transform3D(translationX: 32.3, y: 31.7))
        var frame = try XCTUnwrap(Pixmap(width: 64, height: 64))
        var rasterizer = Rasterizer()
        rasterizer.fillSprite(size: Size(20, 10), transform: place, paint: paint, into: &frame)
        var exact = try XCTUnwrap(Pixmap(width: 64, height: 64))
        rasterizer.fill(.roundedRect(Rect(x: 0, y: 0, width: 20, height: 10), cornerRadius: 0), transform: place, paint: paint, rule: .nonZero,
                        into: &exact)
        let worst = zip(frame.bytes, exact.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
        XCTAssertEqual(worst, 0, "the path fill's bytes")
        let area = stride(from: 3, to: frame.bytes.count, by: 4).map { Double(frame.bytes[$0]) / 255 }.reduce(0, +)
        XCTAssertEqual(area, 200, accuracy: 0.1)
    }

    /// Sprites whose rows cross thousands of columns, just within the 8,192 where the vector
    /// loops take no slack about the lines and beyond them: every build draws the pixel loop's
    /// bytes, sides and inside.
    func testEveryBuildDrawsAWideSpriteAsThePixelLoopDoes() throws {
        for width in [8_150, 9_000] {
            var background = try XCTUnwrap(Pixmap(width: width, height: 3))
            for i in stride(from: 0, to: background.bytes.count, by: 4) { (background.bytes[i], background.bytes[i + 3]) = (90, 200) }
            let size = Size(Double(width) - 200, 40)
            for turn in [0.0003, -0.0002, 0.001] {
                let transform = Transform3D(translationX: -size.width / 2, y: -20).concatenating(Transform3D(rotationAngle: turn))
                    .concatenating(Transform3D(translationX: Double(width) / 2 + 0.3, y: 1.6))
                let color = PremultipliedColor(r: 30, g: 0, b: 120, a: 160)
                var expected = background
                var pixelLoop = Rasterizer(build: .baseline)
                pixelLoop.fillSprite(size: size, transform: transform, paint: .solid(color),
                                     clip: ClipMask(width: width, height: 3, rectangle: PixelArea(all: background)), into: &expected)
                XCTAssertNotEqual(expected.bytes, background.bytes)
                for build in everyBuild {
                    var drawn = background
                    var rasterizer = Rasterizer(build: build)
                    rasterizer.fillSprite(size: size, transform: transform, paint: .solid(color), into: &drawn)
                    let first = drawn.bytes.indices.first { drawn.bytes[$0] != expected.bytes[$0] }
                    XCTAssert(first == nil, "\(width) wide, turned by \(turn): \(build) differs first at byte \(first ?? 0)")
                }
            }
        }
    }

    /// One colour, unclipped, covering: RasterCore's sprite rows (every build), a vector at a time,
    /// draw the bytes the pixel-at-a-time loop draws for a clip that keeps everything: the same
    /// coverages, at the frame's right edge too, in bands of taller frames, for sprites thinner
    /// than a pixel or thousands of pixels across, turned, skewed and partly off the frame, over
    /// any background.
    func testEveryBuildDrawsSpritesAsThePixelLoopDoes() throws {
        var random = SplitMix64(seed: 47)
        for trial in 0..<400 {
            let width = Int.random(in: 1...90, using: &random), frameHeight = Int.random(in: 1...50, using: &random)
            let top = Int.random(in: 0..<frameHeight, using: &random)
            var background = try XCTUnwrap(Pixmap(width: width, rows: top..<Int.random(in: (top + 1)...frameHeight, using: &random),
                                                  ofFrameHeight: frameHeight))
            for i in stride(from: 0, to: background.bytes.count, by: 4) {
                let alpha = UInt8.random(in: 0...255, using: &random)
                background.bytes[i + 3] = alpha
                for c in 0..<3 { background.bytes[i + c] = UInt8.random(in: 0...alpha, using: &random) }
            }
            var size = Size(Double.random(in: 0.2...40, using: &random), Double.random(in: 0.2...25, using: &random))
            // Thousands of pixels across: a side far from the column its value is taken at.
            if trial % 9 == 0 { size = Size(size.width * 150, size.height * 150) }
            var transform = Transform3D(translationX: -size.width / 2, y: -size.height / 2)
                .concatenating(Transform3D(scaleX: Double.random(in: 0.3...2, using: &random), y: Double.random(in: 0.3...2, using: &random)))
                .concatenating(Transform3D(rotationAngle: Double.random(in: 0...(2 * .pi), using: &random)))
                .concatenating(Transform3D(translationX: Double.random(in: -10...Double(width + 10), using: &random),
                                           y: Double.random(in: -10...Double(frameHeight + 10), using: &random)))
            if trial % 4 == 0 { transform.m21 += Double.random(in: -0.5...0.5, using: &random) }  // skewed
            if trial % 7 == 0 { transform = Transform3D(translationX: Double(Int.random(in: -5...width, using: &random)), y: Double(top)) }  // on whole pixels
            let alpha = UInt8.random(in: 1...255, using: &random)
            let color = PremultipliedColor(r: .random(in: 0...alpha, using: &random), g: .random(in: 0...alpha, using: &random),
                                           b: .random(in: 0...alpha, using: &random), a: alpha)
            var expected = background
            var pixelLoop = Rasterizer(build: .baseline)
            pixelLoop.fillSprite(size: size, transform: transform, paint: .solid(color),
                                 clip: ClipMask(width: width, height: background.height, rectangle: PixelArea(all: background)), into: &expected)
            for build in everyBuild {
                var drawn = background
                var rasterizer = Rasterizer(build: build)
                rasterizer.fillSprite(size: size, transform: transform, paint: .solid(color), into: &drawn)
                let first = drawn.bytes.indices.first { drawn.bytes[$0] != expected.bytes[$0] }
                XCTAssert(first == nil, "trial \(trial): \(build) differs first at byte \(first ?? 0) (\(drawn.bytes[first ?? 0]) against "
                          + "\(expected.bytes[first ?? 0])), \(width) wide, rows \(top)..<\(top + background.height) of \(frameHeight), \(size), \(transform)")
            }
        }
    }
}
