import Geometry
@testable import Raster
import XCTest

/// The scans of a row's alphas (`AlphaScan`, through `RasterCoreBuild`) find the first and last
/// pixels with alpha and compare alphas with kept bytes as one pixel at a time does, in every
/// build of RasterCore this processor runs: rows of every length up to 40 pixels, with runs of
/// transparent pixels (colour without alpha included) at either end and inside, and kept bytes
/// off by one at each place.
final class AlphaScanTests: XCTestCase {
    func testEveryBuildScansAsOnePixelAtATime() {
        var random = SplitMix64(seed: 61)
        for trial in 0..<2_000 {
            let count = Int.random(in: 0...40, using: &random)
            let (lead, trail) = (Int.random(in: 0...count, using: &random), Int.random(in: 0...count, using: &random))
            // Alpha 0 outside lead ..< count − trail, and now and then inside; colour bytes anywhere.
            let row: [UInt8] = (0..<count).flatMap { x -> [UInt8] in
                let clear = x < lead || x >= count - trail || Int.random(in: 0...5, using: &random) == 0
                return [.random(in: 0...255, using: &random), .random(in: 0...255, using: &random), .random(in: 0...255, using: &random),
                        clear ? 0 : .random(in: 1...255, using: &random)]
            }
            let alphas = (0..<count).map { row[$0 * 4 + 3] }
            let first = alphas.firstIndex { $0 != 0 } ?? count
            let end = (alphas.lastIndex { $0 != 0 }).map { $0 + 1 } ?? 0
            var wrong = alphas
            if count > 0 { wrong[.random(in: 0..<count, using: &random)] &+= UInt8.random(in: 1...255, using: &random) }
            for build in everyBuild {
                row.withUnsafeBufferPointer { pixels in
                    // An empty row has no address; the scans read nothing of it.
                    let p = pixels.baseAddress ?? UnsafePointer(bitPattern: 4)!
                    XCTAssertEqual(build.kernels.firstWithAlpha(p, count: count), first, "trial \(trial): \(build), \(alphas)")
                    XCTAssertEqual(build.kernels.endOfAlpha(p, count: count), end, "trial \(trial): \(build), \(alphas)")
                    alphas.withUnsafeBufferPointer { XCTAssertTrue(build.kernels.alphas(p, count: count, equal: $0.baseAddress ?? p), "trial \(trial): \(build)") }
                    if count > 0 {
                        wrong.withUnsafeBufferPointer { XCTAssertFalse(build.kernels.alphas(p, count: count, equal: $0.baseAddress!), "trial \(trial): \(build), \(wrong)") }
                    }
                }
            }
        }
    }
}
