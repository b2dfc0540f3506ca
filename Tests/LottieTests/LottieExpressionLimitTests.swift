import Documents
@testable import Lottie
import XCTest

/// All of a file's expressions together are bounded in time: once they have taken the file's
/// allowance, the next one fails at once with a message saying so (20 s in a file; 0.3 s here).
final class LottieExpressionLimitTests: XCTestCase {
    func testAFilesExpressionsAreBoundedInTimeTogether() throws {
        let expressions = try LottieExpressions(frameRate: 30, secondsPerFile: 0.3)
        let layer = LottieExpressions.Layer(name: "Busy", index: 1, parent: nil, inPoint: 0, outPoint: 10, startTime: 0)
        expressions.enter(LottieExpressions.Composition(path: "layers", items: [.object([], JSONPosition(line: 1, column: 1))], layers: [layer],
                                                        width: 100, height: 100, span: 0...10))
        expressions.enter(layer: 0)
        let resolver = LottieExpressions.Resolver(numbers: { _, _ in nil }, shape: { _, _ in nil })
        // Each evaluation busy for 10 ms, 11 frames a property: about 0.11 s a property.
        let busy = "var $bm_rt; var start = Date.now(); while (Date.now() - start < 10) {} $bm_rt = 1;"
        var baked = 0
        var failure: String?
        for n in 0..<20 {
            do throws(LottieExpressions.Failure) {
                let property = try expressions.bake(LottieProperty(initial: [0], keyframes: []), expression: busy, path: "p\(n)", resolve: resolver)
                XCTAssertEqual(property.initial, [1])
                baked += 1
            } catch {
                failure = error.message
                break
            }
        }
        XCTAssertEqual(failure, "the file's expressions took more than 0.3 s in all")
        XCTAssert((1...4).contains(baked), "about three properties' worth of time before the limit, not \(baked)")
    }
}
