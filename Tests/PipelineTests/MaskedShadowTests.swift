import Animation
import Geometry
import Pipeline
import XCTest

/// A layer's mask clips its own shadow, as devices draw it: the shadow is cast by what the layer
/// draws, then the mask applies to both ("outer shadow only": a mask that removes the shape
/// keeps just the shadow around it). Core Animation's rule; After Effects' masks come before a
/// drop shadow, so a Lottie layer's are kept apart (LottieTests).
final class MaskedShadowTests: XCTestCase {
    /// A white 40×40 square at (60, 60) on grey, its black shadow 10 points down (radius 0).
    func render(mask: Bool, shadowPath: Bool = false) throws -> [UInt8] {
        let timeline = try Timeline.resolve(canvasSize: Size(160, 160), duration: 1) { _ in
            let root = Layer()
            root.frame = Rect(x: 0, y: 0, width: 160, height: 160)
            root.backgroundColor = Color(white: 0.5)
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
            root.addSublayer(square)
            return root
        }
        return try XCTUnwrap(StillImage.render(timeline, at: 0, width: 160, height: 160, scale: 1)?.bytes)
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
}
