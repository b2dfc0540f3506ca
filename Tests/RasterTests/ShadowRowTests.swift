import Geometry
@testable import Raster
import RasterCore
import XCTest

/// A shadow's row (`ShadowRow`, through `RasterCoreBuild.blendShadowQuads`) blends each pixel as
/// `Blend.sourceOverRounded` does one at a time, in the colour of its coverage, with its column's
/// dither bias, and leaves out
/// the pixels of no coverage and those under an opaque layer, in every build of RasterCore this
/// processor runs: rows of odd and even quad counts, with quads empty, wholly under the layer,
/// partly under it and clear of it; and so does the pass that draws the layer over its shadow.
final class ShadowRowTests: XCTestCase {
    func testEveryBuildBlendsTheRowAsOnePixelAtATime() {
        var random = SplitMix64(seed: 53)
        for trial in 0..<300 {
            let quads = Int.random(in: 1...20, using: &random)
            let count = quads * 4
            let shadow = PremultipliedColor(r: .random(in: 0...90, using: &random), g: .random(in: 0...90, using: &random),
                                            b: .random(in: 0...90, using: &random), a: .random(in: 90...255, using: &random))
            // A bias a column, repeating every four (`OrderedDither`'s thresholds, or any from 1: see `Blend.sourceOverRoundedQuad`).
            let biases = SIMD4<UInt32>((0..<4).map { _ in UInt32.random(in: 1...255, using: &random) })
            func blendShadow(_ coverage: UInt8, at x: Int, into pixels: inout [UInt8]) {
                let bias = biases[x & 3]
                Blend.sourceOverRounded(Blend.scaledRounded(shadow, by: UInt32(coverage), bias: bias), bias: bias, into: &pixels, at: x * 4)
            }
            func byte(_ extremes: Bool = true) -> UInt8 {
                extremes ? [0, 255, UInt8.random(in: 1...254, using: &random)].randomElement(using: &random) ?? 0 : .random(in: 0...255, using: &random)
            }
            // A quarter of the quads without coverage, a quarter wholly under opaque layer pixels.
            let coverage = (0..<quads).flatMap { _ in UInt8.random(in: 0...3, using: &random) == 0 ? [0, 0, 0, 0] : (0..<4).map { _ in byte() } }
            let layer = (0..<quads).flatMap { _ -> [UInt8] in
                let opaque = UInt8.random(in: 0...3, using: &random) == 0
                return (0..<4).flatMap { _ -> [UInt8] in
                    let a = opaque ? 255 : byte()
                    return [.random(in: 0...a, using: &random), .random(in: 0...a, using: &random), .random(in: 0...a, using: &random), a]
                }
            }
            let under = (0..<(count * 4)).map { _ in byte(false) }
            let covers = Bool.random(using: &random)

            var expected = under
            for x in 0..<count where coverage[x] != 0 && !(covers && layer[x * 4 + 3] == 255) {
                blendShadow(coverage[x], at: x, into: &expected)
            }
            for build in everyBuild {
                var pixels = under
                coverage.withUnsafeBufferPointer { coverage in
                    layer.withUnsafeBufferPointer { layer in
                        pixels.withUnsafeMutableBufferPointer { pixels in
                            build.kernels.blendShadowQuads(quads, coverage: coverage.baseAddress!, source: covers ? layer.baseAddress! : nil,
                                                   color: shadow.word, bias: biases, into: pixels.baseAddress!)
                        }
                    }
                }
                XCTAssert(pixels == expected, "trial \(trial): \(build), \(quads) quads, the layer covering: \(covers)")
            }

            // The layer drawn over its shadow in the same pass: the shadow, left out under the
            // layer's opaque pixels, then each layer pixel source-over at full opacity.
            var drawn = under
            for x in 0..<count {
                if coverage[x] != 0 && layer[x * 4 + 3] != 255 { blendShadow(coverage[x], at: x, into: &drawn) }
                let l = Array(layer[(x * 4)..<(x * 4 + 4)])
                Blend.sourceOver(PremultipliedColor(r: l[0], g: l[1], b: l[2], a: l[3]), coverage: 255, into: &drawn, at: x * 4)
            }
            for build in everyBuild {
                var (pixels, cleared) = (under, layer)
                coverage.withUnsafeBufferPointer { coverage in
                    cleared.withUnsafeMutableBufferPointer { layer in
                        pixels.withUnsafeMutableBufferPointer { pixels in
                            build.kernels.blendShadowQuads(quads, coverage: coverage.baseAddress!, underLayer: layer.baseAddress!, color: shadow.word,
                                                   bias: biases, into: pixels.baseAddress!)
                        }
                    }
                }
                XCTAssert(pixels == drawn, "trial \(trial): \(build), \(quads) quads, the layer drawn over")
                XCTAssert(cleared.allSatisfy { $0 == 0 }, "trial \(trial): \(build) left layer pixels")
            }
        }
    }

    /// A group at full opacity drawn in its shadow's pass (no offset, no clip) gets the pixels of
    /// its shadow drawn first and the group drawn over it after, in every build, whatever the
    /// frame's width (rows' last pixels one at a time), wherever the group is (its blur cut short
    /// by the frame's edges), over opaque or translucent pixels; and its layer is left clear.
    func testAGroupDrawnInItsShadowsPassIsTheShadowThenTheGroup() throws {
        var random = SplitMix64(seed: 89)
        for trial in 0..<60 {
            let (w, h) = (Int.random(in: 9...70, using: &random), Int.random(in: 9...50, using: &random))
            var layer = try XCTUnwrap(Pixmap(width: w, height: h))
            let oval = Path.ellipse(in: Rect(x: .random(in: -15...Double(w), using: &random), y: .random(in: -15...Double(h), using: &random),
                                             width: .random(in: 3...40, using: &random), height: .random(in: 3...40, using: &random)))
            let a = UInt8.random(in: 1...255, using: &random)
            var rasterizer = Rasterizer()
            rasterizer.fill(oval, transform: .identity, paint: .solid(PremultipliedColor(r: a / 2, g: a, b: a / 3, a: a)), rule: .nonZero, into: &layer)
            guard let area = Rasterizer.deviceArea(of: oval, transform: .identity, margin: 1, in: layer) else { continue }
            var under = try XCTUnwrap(Pixmap(width: w, height: h))
            under.bytes = (0..<(w * h)).flatMap { _ -> [UInt8] in
                let alpha = Bool.random(using: &random) ? 255 : UInt8.random(in: 0...255, using: &random)
                return [.random(in: 0...alpha, using: &random), .random(in: 0...alpha, using: &random), .random(in: 0...alpha, using: &random), alpha]
            }
            let shadow = ShadowPaint(color: PremultipliedColor(r: 20, g: 90, b: 60, a: 200), offsetX: 0, offsetY: 0, radius: .random(in: 1...12, using: &random))
            // The shadow under every pixel, then the group over it.
            var (apartLayer, apart) = (layer, under)
            var blurs = KeptBlurs()
            Compositing.drawShadow(of: &apartLayer, within: area, shadow, clip: nil, blurs: &blurs, into: &apart, build: .baseline)
            Compositing.drawAndClear(&apartLayer, within: area, opacity: 1, into: &apart, build: .baseline)
            for build in everyBuild {
                var (passLayer, pass) = (layer, under)
                var kept = KeptBlurs()
                Compositing.drawShadow(of: &passLayer, within: area, shadow, clip: nil, drawingSourceAt: 1, blurs: &kept, into: &pass, build: build)
                XCTAssert(pass == apart, "trial \(trial): \(build), \(w)×\(h), \(area)")
                XCTAssert(passLayer.bytes.allSatisfy { $0 == 0 }, "trial \(trial): \(build) left layer pixels")
            }
        }
    }
}
