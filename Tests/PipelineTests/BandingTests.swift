import Animation
import Geometry
import GoldenFiles
import Pipeline
import Raster
import RasterCore
import XCTest

/// 8-bit output without bands: a wide, subtle gradient and a large blurred glow step less than a
/// level from one 4 × 4 block of pixels to the next, as their exact values do, instead of holding
/// a level for dozens of pixels and then jumping a whole one (the rings of issue 40). Measured on
/// the frames the encoders receive.
final class BandingTests: XCTestCase {
    /// The mean of `channel` over the 4 × 4 block whose top left pixel is (x, y): every place of
    /// the dither's matrix once, so the mean of a dithered flat value is within 1/16 of it.
    private func blockMean(_ frame: Pixmap, x: Int, y: Int, channel: Int) -> Double {
        var sum = 0
        for row in y..<(y + 4) {
            for column in x..<(x + 4) { sum += Int(frame.bytes[(row * frame.width + column) * 4 + channel]) }
        }
        return Double(sum) / 16
    }

    /// The largest change of the block mean from one block to the next along a row, four columns on.
    private func largestStep(_ frame: Pixmap, columns: Range<Int>, y: Int, channel: Int) -> Double {
        stride(from: columns.lowerBound, to: columns.upperBound - 8, by: 1).map {
            abs(blockMean(frame, x: $0 + 4, y: y, channel: channel) - blockMean(frame, x: $0, y: y, channel: channel))
        }.max() ?? 0
    }

    /// The largest distance of a block's mean from the middle of the means eight columns to its
    /// left and right: on a smooth ramp a few hundredths of a level, at the edge of a band (a
    /// level held, then a step) half a level.
    private func largestStepOffTheRamp(_ frame: Pixmap, columns: Range<Int>, y: Int, channel: Int) -> Double {
        stride(from: columns.lowerBound + 8, to: columns.upperBound - 12, by: 1).map {
            let (left, right) = (blockMean(frame, x: $0 - 8, y: y, channel: channel), blockMean(frame, x: $0 + 8, y: y, channel: channel))
            return abs(blockMean(frame, x: $0, y: y, channel: channel) - (left + right) / 2)
        }.max() ?? 0
    }

    /// A 1920-pixel gradient from (30, 30, 40) to (46, 38, 64): red climbs 16 levels, a level
    /// every 120 pixels. Every pixel is within a level of the exact ramp, the block means follow it
    /// within 0.15 of a level, and no block steps more than 0.2 from the next (the exact ramp
    /// climbs 0.033 in four columns; rounded without dither, the step is a whole level).
    func testAWideSubtleGradientHasNoFlatSteps() throws {
        let (width, height) = (1920, 16)
        let (from, to) = (SIMD3<Double>(30, 30, 40), SIMD3<Double>(46, 38, 64))
        let timeline = try Timeline.resolve(canvasSize: Size(Double(width), Double(height)), duration: 1) { _ in
            let gradient = GradientLayer()
            gradient.frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
            gradient.colors = [from, to].map { Color(red: $0.x / 255, green: $0.y / 255, blue: $0.z / 255) }
            gradient.startPoint = Point(0, 0.5)
            gradient.endPoint = Point(1, 0.5)
            return gradient
        }
        let frame = try XCTUnwrap(StillImage.render(timeline, at: 0, width: width, height: height, scale: 1))
        for channel in 0..<3 {
            func exact(_ x: Double) -> Double { from[channel] + (to[channel] - from[channel]) * x / Double(width) }
            for y in 0..<height {
                for x in 0..<width {
                    XCTAssertEqual(Double(frame.bytes[(y * width + x) * 4 + channel]), exact(Double(x) + 0.5), accuracy: 1.05,
                                   "channel \(channel) at \(x), \(y)")
                }
            }
            for x in stride(from: 0, to: width - 4, by: 4) {
                XCTAssertEqual(blockMean(frame, x: x, y: 4, channel: channel), exact(Double(x) + 2), accuracy: 0.15, "channel \(channel) at \(x)")
            }
            XCTAssertLessThan(largestStep(frame, columns: 0..<width, y: 8, channel: channel), 0.2, "channel \(channel)")
        }
    }

    /// A title card's glow at 1080p: an ellipse blurred by 90 points at 60 % opacity over a dark
    /// page. Along the glow's horizontal axis, in its faint outer part (where it fades by a level
    /// every 7 to 20 columns), no block of pixels is more than 0.3 of a level off the ramp through
    /// its neighbours (0.16 to 0.22 measured; rounded without dither, the bands are 0.5 off).
    func testABlurredGlowFadesWithoutRings() throws {
        let (width, height) = (1920, 1080)
        let timeline = try Timeline.resolve(canvasSize: Size(Double(width), Double(height)), duration: 1) { _ in
            let page = Layer()
            page.frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
            page.backgroundColor = Color(red: 0.06, green: 0.06, blue: 0.1)
            let glow = ShapeLayer()
            glow.frame = Rect(x: 960 - 330, y: 540 - 165, width: 660, height: 330)
            glow.path = .ellipse(in: Rect(x: 0, y: 0, width: 660, height: 330))
            glow.fillColor = Color(red: 0.48, green: 0.38, blue: 1)
            glow.opacity = 0.6
            glow.filters = [.gaussianBlur(radius: 90)]
            page.addSublayer(glow)
            return page
        }
        let frame = try XCTUnwrap(StillImage.render(timeline, at: 0, width: width, height: height, scale: 1))
        let tail = 1400..<1540
        for channel in 0..<3 {
            let fall = blockMean(frame, x: tail.lowerBound, y: 538, channel: channel) - blockMean(frame, x: tail.upperBound - 4, y: 538, channel: channel)
            XCTAssertGreaterThan(fall, 2.5, "channel \(channel): the glow fades over the tail")
            XCTAssertLessThan(largestStepOffTheRamp(frame, columns: tail, y: 538, channel: channel), 0.3, "channel \(channel)")
        }
    }

    /// A large soft shadow on a white page: a card's shadow of radius 160 points at 10 % opacity.
    /// In its faint outer part (a level every 6 to 30 columns) no block of pixels is more than 0.3
    /// of a level off the ramp through its neighbours (0.16 measured; 0.5 rounded to nearest).
    func testASoftShadowFadesWithoutRings() throws {
        let (width, height) = (1200, 600)
        let timeline = try Timeline.resolve(canvasSize: Size(Double(width), Double(height)), duration: 1) { _ in
            let page = Layer()
            page.frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
            page.backgroundColor = .white
            let card = Layer()
            card.frame = Rect(x: 300, y: 200, width: 400, height: 200)
            card.backgroundColor = .white
            card.shadowOpacity = 0.1
            card.shadowRadius = 160
            card.shadowOffset = Size(0, 0)
            page.addSublayer(card)
            return page
        }
        let frame = try XCTUnwrap(StillImage.render(timeline, at: 0, width: width, height: height, scale: 1))
        let tail = 700..<900
        let fall = blockMean(frame, x: tail.upperBound - 4, y: 298, channel: 0) - blockMean(frame, x: tail.lowerBound, y: 298, channel: 0)
        XCTAssertGreaterThan(fall, 8, "the shadow fades over its outer part")
        for channel in 0..<3 {
            XCTAssertLessThan(largestStepOffTheRamp(frame, columns: tail, y: 298, channel: channel), 0.3, "channel \(channel)")
        }
    }
}

extension BandingTests {
    /// The dither's thresholds are the 4 × 4 Bayer matrix (0 8 2 10 / 12 4 14 6 / 3 11 1 9 /
    /// 15 7 13 5), read from any column (the lanes start there) and repeated every four rows and
    /// columns of the frame.
    func testTheDitherIsTheBayerMatrixTiledOverTheFrame() {
        let matrix: [[UInt64]] = [[0, 8, 2, 10], [12, 4, 14, 6], [3, 11, 1, 9], [15, 7, 13, 5]]
        for y in [0, 1, 2, 3, 4, 9, 1080] {
            for x in [0, 1, 2, 3, 4, 17, 1917] {
                let expected = SIMD4((0..<4).map { matrix[y % 4][(x + $0) % 4] })
                XCTAssertEqual(OrderedDither.orders(x: x, y: y), expected, "pixels \(x)… of row \(y)")
            }
        }
    }
}
