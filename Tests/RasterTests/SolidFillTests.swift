import Geometry
@testable import Raster
import XCTest

/// A solid fill resolves and blends each row in one pass, four cells a step (runs of zero cells
/// at the last edge's coverage, a last partial quad with its extra lanes at coverage 0). The same
/// fill through a clip that covers everything takes the other path, a coverage row then one pixel
/// at a time, and must give the same bytes: for random polygons under both fill rules, over
/// random pixels, in frames a few pixels wide (shapes reaching the right edge) and in bands.
final class SolidFillTests: XCTestCase {
    func testSolidFillMatchesCoverageRowsBlendedOnePixelAtATime() throws {
        var random = SplitMix64(seed: 41)
        for trial in 0..<600 {
            let width = Int.random(in: 1...37, using: &random), height = Int.random(in: 1...23, using: &random)
            let top = Int.random(in: 0..<height, using: &random)
            let rows = top..<Int.random(in: (top + 1)...height, using: &random)
            var path = Path()
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                func point() -> Point {
                    Point(Double.random(in: -6...(Double(width) + 6), using: &random), Double.random(in: -6...(Double(height) + 6), using: &random))
                }
                path.move(to: point())
                for _ in 0..<Int.random(in: 2...9, using: &random) { path.addLine(to: point()) }
                path.closeSubpath()
            }
            let a = [255, UInt8.random(in: 1...254, using: &random)].randomElement(using: &random) ?? 255
            let color = PremultipliedColor(r: .random(in: 0...a, using: &random), g: .random(in: 0...a, using: &random),
                                           b: .random(in: 0...a, using: &random), a: a)
            let rule: FillRule = Bool.random(using: &random) ? .nonZero : .evenOdd
            let under: [UInt8] = (0..<(width * rows.count)).flatMap { _ -> [UInt8] in
                let alpha = UInt8.random(in: 0...255, using: &random)
                return [.random(in: 0...alpha, using: &random), .random(in: 0...alpha, using: &random), .random(in: 0...alpha, using: &random), alpha]
            }

            var direct = try XCTUnwrap(Pixmap(width: width, rows: rows, ofFrameHeight: height))
            direct.bytes = under
            var clipped = direct
            var rasterizer = Rasterizer()
            let everything = rasterizer.clipMask(.roundedRect(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), cornerRadius: 0),
                                                 transform: .identity, within: nil, for: clipped)
            rasterizer.fill(path, transform: .identity, paint: .solid(color), rule: rule, into: &direct)
            rasterizer.fill(path, transform: .identity, paint: .solid(color), rule: rule, clip: everything, into: &clipped)
            XCTAssertEqual(direct.bytes, clipped.bytes, "trial \(trial): \(width)×\(height) rows \(rows), \(rule), \(color)")
        }
    }

    /// Every build of the fill's inner loops this processor runs (`RasterCoreBuild`: baseline, and
    /// x86-64-v3 where the processor has it) draws the bytes of the baseline build's other path,
    /// coverage rows blended one pixel at a time (a clip covering everything): random polygons and
    /// discs, translucent and opaque, under both rules, over random pixels, in frames up to 300
    /// pixels wide (long runs inside shapes) and in bands.
    func testEveryBuildOfTheFillLoopsDrawsTheSameBytes() throws {
        var random = SplitMix64(seed: 43)
        for trial in 0..<300 {
            let width = Int.random(in: 1...300, using: &random), height = Int.random(in: 1...60, using: &random)
            let top = Int.random(in: 0..<height, using: &random)
            let rows = top..<Int.random(in: (top + 1)...height, using: &random)
            func point() -> Point {
                Point(Double.random(in: -20...(Double(width) + 20), using: &random), Double.random(in: -20...(Double(height) + 20), using: &random))
            }
            var path = Path()
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                path.move(to: point())
                for _ in 0..<Int.random(in: 2...9, using: &random) { path.addLine(to: point()) }
                path.closeSubpath()
            }
            let (centre, radius) = (point(), Double.random(in: 0.2...Double(max(width, height)), using: &random))
            let disc = Path.ellipse(in: Rect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius))
            let a = [255, UInt8.random(in: 1...254, using: &random)].randomElement(using: &random) ?? 255
            let color = PremultipliedColor(r: .random(in: 0...a, using: &random), g: .random(in: 0...a, using: &random),
                                           b: .random(in: 0...a, using: &random), a: a)
            let rule: FillRule = Bool.random(using: &random) ? .nonZero : .evenOdd
            var under = try XCTUnwrap(Pixmap(width: width, rows: rows, ofFrameHeight: height))
            under.bytes = (0..<(width * rows.count)).flatMap { _ -> [UInt8] in
                let alpha = UInt8.random(in: 0...255, using: &random)
                return [.random(in: 0...alpha, using: &random), .random(in: 0...alpha, using: &random), .random(in: 0...alpha, using: &random), alpha]
            }
            func drawn(with build: RasterCoreBuild, clipped: Bool) -> [UInt8] {
                var (rasterizer, target) = (Rasterizer(build: build), under)
                let clip = clipped ? rasterizer.clipMask(.roundedRect(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), cornerRadius: 0),
                                                         transform: .identity, within: nil, for: target) : nil
                rasterizer.fill(path, transform: .identity, paint: .solid(color), rule: rule, clip: clip, into: &target)
                rasterizer.fill(disc, transform: .identity, paint: .solid(color), rule: .nonZero, clip: clip, into: &target)
                return target.bytes
            }
            let reference = drawn(with: .baseline, clipped: true)
            for build in everyBuild {
                let bytes = drawn(with: build, clipped: false)
                let first = bytes.indices.first { bytes[$0] != reference[$0] }
                XCTAssert(first == nil, "trial \(trial): \(build) differs first at byte \(first ?? 0), \(width)×\(height) rows \(rows), \(rule), \(color)")
            }
        }
    }
}
