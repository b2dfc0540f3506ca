import Animation
import XCTest

/// Media timing (docs/core-animation.md §2) and timing functions (§3), with expected values worked out by hand.
final class TimingTests: XCTestCase {
    /// Solves the Bézier independently of the engine: bisection on x(s), 200 steps.
    static func bezier(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double, at x: Double) -> Double {
        func coordinate(_ a: Double, _ b: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if coordinate(c1x, c2x, mid) < x { lo = mid } else { hi = mid }
        }
        return coordinate(c1y, c2y, (lo + hi) / 2)
    }

    func testNamedTimingFunctionsMatchTheirBeziers() {
        for x in stride(from: 0.05, to: 1, by: 0.05) {
            XCTAssertEqual(TimingFunction.easeOut(x), Self.bezier(0, 0, 0.58, 1, at: x), accuracy: 1e-6)
            XCTAssertEqual(TimingFunction.easeIn(x), Self.bezier(0.42, 0, 1, 1, at: x), accuracy: 1e-6)
            XCTAssertEqual(TimingFunction.easeInEaseOut(x), Self.bezier(0.42, 0, 0.58, 1, at: x), accuracy: 1e-6)
            XCTAssertEqual(TimingFunction.default(x), Self.bezier(0.25, 0.1, 0.25, 1, at: x), accuracy: 1e-6)
            XCTAssertEqual(TimingFunction.linear(x), x, accuracy: 1e-12)
        }
        // Ease-in-ease-out is symmetric: halfway in time is halfway in progress.
        XCTAssertEqual(TimingFunction.easeInEaseOut(0.5), 0.5, accuracy: 1e-7)
    }

    func testFillModes() {
        var timing = MediaTiming()
        timing.beginTime = 2
        timing.duration = 1
        XCTAssertNil(timing.sample(at: 1.5, fallbackDuration: 0.25))
        XCTAssertNil(timing.sample(at: 3.5, fallbackDuration: 0.25))
        timing.fillMode = .backwards
        XCTAssertEqual(timing.sample(at: 1.5, fallbackDuration: 0.25)?.fraction, 0)
        timing.fillMode = .forwards
        XCTAssertEqual(timing.sample(at: 3.5, fallbackDuration: 0.25)?.fraction, 1)
        XCTAssertNil(timing.sample(at: 3.5, fallbackDuration: 0.25, allowForwardFill: false))
        XCTAssertEqual(timing.sample(at: 2.25, fallbackDuration: 0.25)?.fraction, 0.25)
    }

    /// repeatCount 2.5 with autoreverse: five half-cycles, the last forward, ending on the to-value.
    func testFractionalRepeatWithAutoreverse() throws {
        var timing = MediaTiming()
        timing.duration = 1
        timing.repeatCount = 2.5
        timing.autoreverses = true
        timing.fillMode = .forwards
        XCTAssertEqual(timing.activeDuration(fallback: 0.25), 5)
        XCTAssertEqual(try XCTUnwrap(timing.sample(at: 1.25, fallbackDuration: 0.25)).fraction, 0.75, accuracy: 1e-12)
        let late = try XCTUnwrap(timing.sample(at: 4.5, fallbackDuration: 0.25))
        XCTAssertEqual(late.fraction, 0.5, accuracy: 1e-12)
        XCTAssertEqual(late.iteration, 2)
        XCTAssertEqual(try XCTUnwrap(timing.sample(at: 7, fallbackDuration: 0.25)).fraction, 1, accuracy: 1e-12)
    }

    func testSpeedAndTimeOffset() throws {
        var timing = MediaTiming()
        timing.duration = 1
        timing.speed = 2
        XCTAssertEqual(try XCTUnwrap(timing.sample(at: 0.25, fallbackDuration: 0.25)).fraction, 0.5, accuracy: 1e-12)
        timing.speed = 1
        timing.timeOffset = 0.5
        timing.repeatCount = .infinity
        XCTAssertEqual(try XCTUnwrap(timing.sample(at: 0, fallbackDuration: 0.25)).fraction, 0.5, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(timing.sample(at: 0.75, fallbackDuration: 0.25)).fraction, 0.25, accuracy: 1e-12)
    }

    /// A zero duration means 0.25 s for an animation added to a layer.
    func testZeroDurationDefaultsToAQuarterSecond() throws {
        let timing = MediaTiming()
        XCTAssertEqual(timing.activeDuration(fallback: AnimationSpec.defaultDuration), 0.25)
        XCTAssertEqual(try XCTUnwrap(timing.sample(at: 0.125, fallbackDuration: AnimationSpec.defaultDuration)).fraction, 0.5)
    }
}
