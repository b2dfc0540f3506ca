import Animation
import Geometry
import Pipeline
import XCTest

/// How a layer's own mask and opacity apply to what it and its sublayers draw, pixel for pixel.
///
/// A layer's mask clips its own shadow, as devices draw it: the shadow is cast by what the layer
/// draws, then the mask applies to both ("outer shadow only": a mask that removes the shape
/// keeps just the shadow around it). Core Animation's rule; After Effects' masks come before a
/// drop shadow, so a Lottie layer's are kept apart (LottieTests).
final class LayerCompositingTests: XCTestCase {
    /// The RGBA bytes of a `side` × `side` frame (1 pixel a point) of a root of `background`
    /// holding the layer `content` makes.
    func canvas(_ side: Int, _ background: Color, _ content: @escaping () -> Layer) throws -> [UInt8] {
        let timeline = try Timeline.resolve(canvasSize: Size(Double(side), Double(side)), duration: 1) { _ in
            let root = Layer()
            root.frame = Rect(x: 0, y: 0, width: Double(side), height: Double(side))
            root.backgroundColor = background
            root.addSublayer(content())
            return root
        }
        return try XCTUnwrap(StillImage.render(timeline, at: 0, width: side, height: side, scale: 1)?.bytes)
    }

    /// A white 40×40 square at (60, 60) on grey, its black shadow 10 points down (radius 0).
    func render(mask: Bool, shadowPath: Bool = false) throws -> [UInt8] {
        try canvas(160, Color(white: 0.5)) {
            let square = Layer()
            square.frame = Rect(x: 60, y: 60, width: 40, height: 40)
            square.backgroundColor = .white
            (square.shadowOpacity, square.shadowRadius, square.shadowOffset) = (1, 0, Size(0, 10))
            if shadowPath { square.shadowPath = .roundedRect(square.bounds, cornerRadius: 0) }
            if mask {
                // Everything but the square itself: a frame-sized rectangle with the square cut out.
                let cut = ShapeLayer()
                cut.frame = Rect(x: -60, y: -60, width: 160, height: 160)
                var path = Path()
                path.addRect(Rect(x: 0, y: 0, width: 160, height: 160))
                path.addRect(Rect(x: 60, y: 60, width: 40, height: 40))
                (cut.path, cut.fillRule) = (path, .evenOdd)
                square.mask = cut
            }
            return square
        }
    }

    func red(_ bytes: [UInt8], _ x: Int, _ y: Int) -> UInt8 { bytes[(y * 160 + x) * 4] }

    func testAMaskThatRemovesTheShapeKeepsItsShadow() throws {
        for shadowPath in [false, true] {
            let masked = try render(mask: true, shadowPath: shadowPath)
            XCTAssertEqual(red(masked, 80, 80), 128, accuracy: 1, "the square is masked away, and the shadow under it (shadowPath \(shadowPath))")
            XCTAssertEqual(red(masked, 80, 105), 0, "the shadow below it shows (shadowPath \(shadowPath))")
            XCTAssertEqual(red(masked, 80, 115), 128, accuracy: 1, "grey past the shadow")
        }
        let plain = try render(mask: false)
        XCTAssertEqual(red(plain, 80, 80), 255, "without the mask the square")
        XCTAssertEqual(red(plain, 80, 105), 0, "and its shadow")
    }

    /// `allowsGroupOpacity` (Apple: "the layer's sublayers … inherit the opacity of the layer",
    /// each composited on its own when false): a half-opaque layer holding an opaque red square
    /// and an opaque blue one over it, on white. As a group the overlap is the blue alone at half
    /// (128, 128, 255); each on its own, blue at half over red at half over white (128, 64, 191).
    func testGroupOpacityOrEachSublayerOnItsOwn() throws {
        func overlap(group: Bool) throws -> [UInt8] {
            let bytes = try canvas(100, .white) {
                let holder = Layer()
                holder.frame = Rect(x: 0, y: 0, width: 100, height: 100)
                (holder.opacity, holder.allowsGroupOpacity) = (0.5, group)
                for (frame, color) in [(Rect(x: 10, y: 10, width: 50, height: 50), Color.red), (Rect(x: 40, y: 40, width: 50, height: 50), .blue)] {
                    let square = Layer()
                    square.frame = frame
                    square.backgroundColor = color
                    holder.addSublayer(square)
                }
                return holder
            }
            let i = (50 * 100 + 50) * 4
            return Array(bytes[i..<(i + 3)])
        }
        for (got, expected) in zip(try overlap(group: true), [128, 128, 255]) { XCTAssertEqual(Double(got), Double(expected), accuracy: 1, "as a group") }
        for (got, expected) in zip(try overlap(group: false), [128, 64, 191]) { XCTAssertEqual(Double(got), Double(expected), accuracy: 1, "each on its own") }
    }
}
