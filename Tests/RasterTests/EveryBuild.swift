import CProcessor
@testable import Raster
#if canImport(RasterAVX2)
import RasterAVX2
#endif
import XCTest

/// Every build of RasterCore's loops this processor runs: the baseline, and the x86-64-v3 build
/// where the processor has it (installed here as the animvid command installs it).
let everyBuild: [RasterCoreBuild] = {
    #if canImport(RasterAVX2)
    AVX2Kernels.install()
    #endif
    return RasterCoreBuild.runnable
}()

final class EveryBuildTests: XCTestCase {
    /// The tests that compare builds run the x86-64-v3 build wherever the processor runs it.
    func testTheX86_64V3BuildIsTestedWhereTheProcessorRunsIt() {
        #if arch(x86_64)
        XCTAssertEqual(everyBuild.map(\.description), animvid_processor_runs_x86_64_v3() != 0 ? ["baseline", "x86-64-v3"] : ["baseline"])
        #else
        XCTAssertEqual(everyBuild.map(\.description), ["baseline"])
        #endif
    }
}
