import Geometry
@testable import Raster
import RasterCore
import XCTest

/// A group's end (`Compositing.drawAndClear`) draws each layer pixel over the target as
/// `Blend.sourceOver` does at the group's opacity and leaves the layer transparent, in every
/// build of RasterCore this processor runs: layers of runs of one colour (the runs the loops
/// blend four and eight pixels at once), of mixed pixels and of transparent ones, at opacities
/// from 0 to 1, within areas of any width.
final class GroupCompositeTests: XCTestCase {
    func testEveryBuildDrawsTheLayerAsOnePixelAtATimeAndClearsIt() throws {
        var random = SplitMix64(seed: 47)
        for trial in 0..<200 {
            let (width, height) = (Int.random(in: 1...70, using: &random), Int.random(in: 1...6, using: &random))
            let x0 = Int.random(in: 0..<width, using: &random), y0 = Int.random(in: 0..<height, using: &random)
            let area = PixelArea(x0: x0, y0: y0, x1: Int.random(in: (x0 + 1)...width, using: &random), y1: Int.random(in: (y0 + 1)...height, using: &random))
            let opacity = [0, 1, Double.random(in: 0...1, using: &random)].randomElement(using: &random) ?? 1
            func color() -> [UInt8] {
                let a = [0, 255, UInt8.random(in: 1...254, using: &random)].randomElement(using: &random) ?? 255
                return [.random(in: 0...a, using: &random), .random(in: 0...a, using: &random), .random(in: 0...a, using: &random), a]
            }
            // Runs of one colour, up to 20 pixels long.
            var layerBytes: [UInt8] = []
            while layerBytes.count < width * height * 4 {
                let run = color()
                for _ in 0..<Int.random(in: 1...20, using: &random) { layerBytes += run }
            }
            let layer = try XCTUnwrap(Pixmap(width: width, height: height, premultipliedBytes: Array(layerBytes.prefix(width * height * 4))))
            var under = try XCTUnwrap(Pixmap(width: width, height: height))
            under.bytes = (0..<(width * height)).flatMap { _ in color() }

            // The reference: each pixel of the area through `Blend.sourceOver`.
            var expected = under
            let coverage = Compositing.coverage(ofOpacity: opacity)
            for y in area.y0..<area.y1 {
                for x in area.x0..<area.x1 {
                    Blend.sourceOver(layer.pixel(x: x, y: y), coverage: coverage, into: &expected.bytes, at: (y * width + x) * 4)
                }
            }
            var cleared = layer
            cleared.clear(area)
            for build in everyBuild {
                var (drawnLayer, target) = (layer, under)
                Compositing.drawAndClear(&drawnLayer, within: area, opacity: opacity, into: &target, build: build)
                XCTAssert(target.bytes == expected.bytes, "trial \(trial): \(build), \(width)×\(height), \(area), opacity \(opacity)")
                XCTAssert(drawnLayer.bytes == cleared.bytes, "trial \(trial): \(build) left layer pixels")
            }
        }
    }
}
