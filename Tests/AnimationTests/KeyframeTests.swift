@testable import Animation
import Foundation
import Geometry
import XCTest

/// Keyframe animations (docs/core-animation.md §3): values and keyTimes, the calculation modes, paths.
final class KeyframeTests: XCTestCase {
    /// A 1 s animation of `position.x` made by `configure`, sampled at `t`.
    func x(at t: Double, _ configure: (KeyframeAnimation) -> Void) throws -> Double {
        try sample(at: t, keyPath: "position.x", configure).position.x
    }

    func sample(at t: Double, keyPath: String, _ configure: (KeyframeAnimation) -> Void) throws -> LayerValues {
        let timeline = try Timeline.resolve(canvasSize: Size(100, 100), duration: 5) { _ in
            let layer = Layer()
            let animation = KeyframeAnimation(keyPath: keyPath)
            animation.duration = 1
            animation.fillMode = .forwards
            animation.isRemovedOnCompletion = false
            configure(animation)
            layer.add(animation)
            return layer
        }
        return timeline.presentationValues(of: 0, at: t, parentTime: t).values
    }

    func testLinearWithKeyTimesAndSegmentTimingFunctions() throws {
        let setup: (KeyframeAnimation) -> Void = {
            $0.values = [0, 10, 30]
            $0.keyTimes = [0, 0.25, 1]
        }
        XCTAssertEqual(try x(at: 0.125, setup), 5, accuracy: 1e-12)
        XCTAssertEqual(try x(at: 0.625, setup), 20, accuracy: 1e-12)
        XCTAssertEqual(try x(at: 3, setup), 30, accuracy: 1e-12)
        let eased = try x(at: 0.625) {
            setup($0)
            $0.timingFunctions = [.linear, .easeIn]
        }
        XCTAssertEqual(eased, 10 + 20 * TimingTests.bezier(0.42, 0, 1, 1, at: 0.5), accuracy: 1e-6)
    }

    func testInvalidKeyTimesAreIgnored() throws {
        for bad in [[0, 0.7], [0, 0.8, 0.5], [0.1, 0.5, 1]] {
            XCTAssertEqual(try x(at: 0.25) { $0.values = [0, 10, 30]; $0.keyTimes = bad }, 5, accuracy: 1e-12, "\(bad)")
        }
    }

    func testDiscreteHoldsEachValue() throws {
        let setup: (KeyframeAnimation) -> Void = { $0.values = [1, 2, 3]; $0.calculationMode = .discrete }
        XCTAssertEqual(try x(at: 0.1, setup), 1)
        XCTAssertEqual(try x(at: 0.5, setup), 2)
        XCTAssertEqual(try x(at: 0.9, setup), 3)
        XCTAssertEqual(try x(at: 0.5) { setup($0); $0.keyTimes = [0, 0.6, 0.9, 1] }, 1)
    }

    /// Paced: constant speed, so halfway in time is halfway along the total distance of 40.
    func testPacedIgnoresKeyTimes() throws {
        XCTAssertEqual(try x(at: 0.5) { $0.values = [0, 10, 40]; $0.calculationMode = .paced; $0.keyTimes = [0, 0.9, 1] }, 20, accuracy: 1e-12)
    }

    /// Paced modes ignore the animation's timingFunction too (Apple's `paced` and `cubicPaced`
    /// pages; seen on devices): an ease-in paced move is still halfway along at half time, where
    /// a linear one with the same easing is at ease-in(½) of the way.
    func testPacedIgnoresTheTimingFunction() throws {
        for mode in [CalculationMode.paced, .cubicPaced] {
            // (cubicPaced measures its spline's length numerically.)
            XCTAssertEqual(try x(at: 0.5) { $0.values = [0, 10, 40]; $0.calculationMode = mode; $0.timingFunction = .easeIn }, 20, accuracy: 1e-3,
                           "\(mode)")
        }
        XCTAssertEqual(try x(at: 0.5) { $0.values = [0, 40]; $0.timingFunction = .easeIn }, 40 * TimingTests.bezier(0.42, 0, 1, 1, at: 0.5),
                       accuracy: 1e-6, "linear eases")
    }

    /// Catmull-Rom through 0, 0, 10, 10: the middle segment has tangents 5 at both ends, so at a
    /// quarter of it the Hermite basis gives 5·0.140625 + 10·0.15625 − 5·0.046875 = 2.03125.
    /// Tension 1 zeroes the tangents: 10·0.15625.
    func testCubicIsACatmullRomSpline() throws {
        let p = 1.0 / 3 + 0.25 / 3
        XCTAssertEqual(try x(at: p) { $0.values = [0, 0, 10, 10]; $0.calculationMode = .cubic }, 2.03125, accuracy: 1e-9)
        XCTAssertEqual(try x(at: p) { $0.values = [0, 0, 10, 10]; $0.calculationMode = .cubic; $0.tensionValues = [1, 1, 1, 1] },
                       1.5625, accuracy: 1e-9)
    }

    /// Cubic paced over collinear evenly spaced values moves at constant speed.
    func testCubicPacedMovesAtConstantSpeed() throws {
        for t in [0.1, 0.37, 0.5, 0.81] {
            XCTAssertEqual(try x(at: t) { $0.values = [0, 10, 20, 30]; $0.calculationMode = .cubicPaced }, 30 * t, accuracy: 0.05)
        }
    }

    /// Seed 000's orbit: an ellipse from CGPathAddEllipseInRect is four curves and a close, five
    /// equal shares of time; the zero-length close keeps the dot at its start for the last fifth.
    func testEllipsePathTiming() throws {
        let rect = Rect(x: -75, y: -100, width: 200, height: 300)
        let position: (Double) throws -> Point = { t in
            try self.sample(at: t, keyPath: "position") { $0.path = .ellipse(in: rect); $0.duration = 4 }.position
        }
        XCTAssertEqual(try position(0), Point(125, 50))
        let quarter = try position(0.8)
        XCTAssertEqual(quarter.x, 25, accuracy: 1e-9)
        XCTAssertEqual(quarter.y, 200, accuracy: 1e-9)
        // Halfway through the first quarter the cubic passes through the ellipse at 45° (within the
        // cubic approximation's 0.03% of the radius).
        let half = try position(0.4)
        XCTAssertEqual(half.x, 25 + 100 * 0.5.squareRoot(), accuracy: 0.05)
        XCTAssertEqual(half.y, 50 + 150 * 0.5.squareRoot(), accuracy: 0.05)
        for t in [3.2, 3.5, 3.99] { XCTAssertEqual(try position(t), Point(125, 50)) }
    }

    /// Along (0,0) → (10,0) → (10,30): linear gives each segment half the time; paced moves at
    /// constant speed (20 of 40 at halfway); rotationMode auto turns to the tangent.
    func testPathModesAndRotation() throws {
        var path = Path()
        path.move(to: .zero)
        path.addLine(to: Point(10, 0))
        path.addLine(to: Point(10, 30))
        XCTAssertEqual(try sample(at: 0.5, keyPath: "position") { $0.path = path }.position, Point(10, 0))
        XCTAssertEqual(try sample(at: 0.5, keyPath: "position") { $0.path = path; $0.calculationMode = .paced }.position, Point(10, 10))
        let down = try sample(at: 0.75, keyPath: "position") { $0.path = path; $0.rotationMode = .auto }
        XCTAssertEqual(down.transform.m12, 1, accuracy: 1e-12, "a quarter turn clockwise: heading down the screen")
        let reversed = try sample(at: 0.25, keyPath: "position") { $0.path = path; $0.rotationMode = .autoReverse }
        XCTAssertEqual(reversed.transform.m11, -1, accuracy: 1e-12)
    }

    func testPathOnANonPointKeyPathIsAnError() {
        var path = Path()
        path.move(to: .zero)
        path.addLine(to: Point(1, 1))
        XCTAssertThrowsError(try sample(at: 0, keyPath: "opacity") { $0.path = path })
    }

    /// Cumulative: the second iteration starts where the first ended.
    func testCumulativeKeyframes() throws {
        XCTAssertEqual(try x(at: 1.5) { $0.values = [0, 10]; $0.repeatCount = 2; $0.isCumulative = true }, 15, accuracy: 1e-12)
    }
}
