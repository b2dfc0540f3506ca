@testable import Animation
import Geometry
import Pipeline
import Raster
import XCTest

/// How contents are sampled and cut: magnification and minification filters, and the nine
/// parts of `contentsCenter`, rendered (docs/core-animation.md §1).
final class ContentsSamplingTests: XCTestCase {
    /// An image of `rows` copies of a row of premultiplied pixels.
    func rows(_ pixels: [[UInt8]], count rows: Int = 1) -> Image {
        Image(width: pixels.count, height: rows, premultipliedRGBA: Array(repeating: pixels.flatMap { $0 }, count: rows).flatMap { $0 })!
    }

    func render(_ image: Image, width: Double, _ configure: (Layer) -> Void) throws -> Pixmap {
        let timeline = try Timeline.resolve(canvasSize: Size(width, 10), duration: 1) { _ in
            let layer = Layer()
            layer.frame = Rect(x: 0, y: 0, width: width, height: 10)
            layer.contents = image
            configure(layer)
            return layer
        }
        return try XCTUnwrap(StillImage.render(timeline, at: 0, width: Int(width), height: 10, scale: 1))
    }

    /// A red and a blue pixel stretched over 100 points: nearest keeps the halves pure up to the
    /// middle; linear mixes them around it (pixel 49's centre is 0.49 image pixels from the
    /// left one's centre at 0.5 → weight (49.5/50 − 0.5) = 0.49 of blue).
    func testMagnificationFilters() throws {
        let image = rows([[255, 0, 0, 255], [0, 0, 255, 255]])
        let nearest = try render(image, width: 100) { $0.magnificationFilter = .nearest }
        XCTAssertEqual(nearest.pixel(x: 49, y: 5), PremultipliedColor(r: 255, g: 0, b: 0, a: 255))
        XCTAssertEqual(nearest.pixel(x: 50, y: 5), PremultipliedColor(r: 0, g: 0, b: 255, a: 255))
        let linear = try render(image, width: 100) { _ in }
        XCTAssertEqual(Int(linear.pixel(x: 49, y: 5).b), 125, accuracy: 2)
    }

    /// 40 × 50 pixels of alternating black and white columns shrunk onto 8 × 10 (five image
    /// pixels a device pixel): device pixel x samples image column
    /// 5x + 2 exactly (its centre (x + ½)·5 − ½), so linear shows single pixels (pixel 3 → image
    /// pixel 17, white); trilinear averages mipmap levels to mid grey.
    func testMinificationFilters() throws {
        let stripes = rows((0..<40).map { $0 % 2 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255] }, count: 50)
        let linear = try render(stripes, width: 8) { _ in }
        let trilinear = try render(stripes, width: 8) { $0.minificationFilter = .trilinear }
        XCTAssertEqual(linear.pixel(x: 3, y: 5), PremultipliedColor(r: 255, g: 255, b: 255, a: 255))
        XCTAssertEqual(linear.pixel(x: 2, y: 5), PremultipliedColor(r: 0, g: 0, b: 0, a: 255))
        XCTAssertEqual(Int(trilinear.pixel(x: 3, y: 5).r), 128, accuracy: 2)
    }

    /// contentsCenter (0.25, 0.25, 0.5, 0.5) on a 4 × 4 image in 100 × 50 bounds: the one-pixel
    /// margins stay one point, the centre stretches; margins that do not fit shrink together.
    func testContentsCenterCutsNineParts() throws {
        var v = LayerValues()
        v.bounds = Rect(x: 0, y: 0, width: 100, height: 50)
        v.contentsCenter = Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        let image = Image(width: 4, height: 4, premultipliedRGBA: Array(repeating: 255, count: 64))!
        let pieces = v.contentsPieces(of: image)
        XCTAssertEqual(pieces.count, 9)
        XCTAssertEqual(pieces[0].destination, Rect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(pieces[0].source, Rect(x: 0, y: 0, width: 0.25, height: 0.25))
        XCTAssertEqual(pieces[4].destination, Rect(x: 1, y: 1, width: 98, height: 48))
        XCTAssertEqual(pieces[4].source, Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
        XCTAssertEqual(pieces[8].destination, Rect(x: 99, y: 49, width: 1, height: 1))
        v.bounds = Rect(x: 0, y: 0, width: 1, height: 50)
        let narrow = v.contentsPieces(of: image)
        XCTAssertEqual(narrow.map(\.destination.width).prefix(2), [0.5, 0.5], "1 + 1 points of margin in 1 point: half each, no centre")
    }
}
