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
}
