@testable import Animation
import Geometry
import Pipeline
@testable import Raster
import XCTest

/// The Gaussian blur of `filters`: three box blurs of the right variance, rendered against the
/// blurred edge of a half-plane, and animated through its key path.
final class BlurFilterTests: XCTestCase {
    /// A box of odd width w has variance (w² − 1) / 12; three passes add up to σ².
    func testBoxWidthsHaveTheGaussiansVariance() {
        for sigma in [1.0, 2.5, 8, 30.7] {
            let widths = GaussianBlur.boxWidths(sigma: sigma, passes: 3)
            XCTAssertTrue(widths.allSatisfy { $0 % 2 == 1 })
            let variance = widths.map { Double($0 * $0 - 1) / 12 }.reduce(0, +)
            XCTAssertEqual(variance.squareRoot(), sigma, accuracy: 0.35, "σ = \(sigma): widths \(widths)")
        }
    }

    /// A white square over x 0…100 on black, blurred with σ = 8 points: across the edge the
    /// brightness follows the normal distribution Φ(−d/σ), d the distance of a pixel's centre
    /// past the edge: Φ(0.0625) = 0.525 at pixel 99, Φ(−0.0625) = 0.475 at 100, Φ(−1.0625) =
    /// 0.144 at 108, Φ(−2.0625) = 0.020 at 116.
    func testABlurredEdgeFollowsTheNormalDistribution() throws {
        let timeline = try Timeline.resolve(canvasSize: Size(200, 100), duration: 1) { _ in
            let root = Layer()
            root.frame = Rect(x: 0, y: 0, width: 200, height: 100)
            root.backgroundColor = .black
            let square = Layer()
            square.frame = Rect(x: 0, y: 0, width: 100, height: 100)
            square.backgroundColor = .white
            square.filters = [.gaussianBlur(radius: 8)]
            root.addSublayer(square)
            return root
        }
        let frame = try XCTUnwrap(StillImage.render(timeline, at: 0, width: 200, height: 100, scale: 1))
        for (x, expected) in [(99, 0.525), (100, 0.475), (108, 0.144), (116, 0.020), (60, 1.0)] {
            XCTAssertEqual(Double(frame.pixel(x: x, y: 50).r) / 255, expected, accuracy: 0.03, "x = \(x)")
        }
    }

    /// `filters.gaussianBlur.inputRadius` animates the radius of a filter the layer has.
    func testTheRadiusAnimatesByKeyPath() throws {
        let timeline = try Timeline.resolve(canvasSize: Size(10, 10), duration: 1) { _ in
            let layer = Layer()
            layer.filters = [.gaussianBlur(radius: 0)]
            let sharpen = BasicAnimation(keyPath: "filters.gaussianBlur.inputRadius")
            sharpen.fromValue = 10
            sharpen.toValue = 0
            sharpen.duration = 1
            layer.add(sharpen)
            return layer
        }
        XCTAssertEqual(timeline.presentationValues(of: 0, at: 0.25, parentTime: 0.25).values.filters, [.gaussianBlur(radius: 7.5)])
    }
}
