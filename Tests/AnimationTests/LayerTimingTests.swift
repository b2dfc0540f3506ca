@testable import Animation
import Foundation
import Geometry
import XCTest

/// Layer media timing (docs/core-animation.md §2): speed, timeOffset, and the classic pause and resume.
final class LayerTimingTests: XCTestCase {
    /// A container whose child animates position.x 0 → 100 over 2 s; `script` may change the
    /// container. The child is node 1 (nodes are numbered root first, depth first).
    func timeline(_ configure: (Layer, Script) -> Void) throws -> (Timeline, Int) {
        let timeline = try Timeline.resolve(canvasSize: Size(100, 100), duration: 10) { script in
            let container = Layer()
            let child = Layer()
            container.addSublayer(child)
            let move = BasicAnimation(keyPath: "position.x")
            move.fromValue = 0
            move.toValue = 100
            move.duration = 2
            child.add(move)
            configure(container, script)
            return container
        }
        return (timeline, 1)
    }

    func x(_ timeline: Timeline, _ child: Int, at t: Double) -> Double {
        let parent = timeline.presentationValues(of: timeline.root, at: t, parentTime: t)
        return timeline.presentationValues(of: child, at: t, parentTime: parent.layerTime).values.position.x
    }

    func testLayerSpeedScalesItsSubtreesTime() throws {
        let (timeline, child) = try timeline { container, _ in container.timing.speed = 2 }
        XCTAssertEqual(x(timeline, child, at: 0.5), 50, accuracy: 1e-9)
        XCTAssertEqual(x(timeline, child, at: 1.5), 0, accuracy: 1e-9, "finished after 1 s of video: removed")
    }

    /// Pause at 0.5 s (speed 0, timeOffset = the layer time then); resume at 3 s with
    /// beginTime = now − paused time: the motion continues from where it stopped, without a jump.
    func testPauseAndResume() throws {
        let (timeline, child) = try timeline { container, script in
            script.after(0.5) { _ in
                container.timing.speed = 0
                container.timing.timeOffset = 0.5
            }
            script.after(3) { _ in
                container.timing.speed = 1
                container.timing.timeOffset = 0
                container.timing.beginTime = 3 - 0.5
            }
        }
        XCTAssertEqual(x(timeline, child, at: 0.25), 12.5, accuracy: 1e-9)
        XCTAssertEqual(x(timeline, child, at: 1), 25, accuracy: 1e-9)
        XCTAssertEqual(x(timeline, child, at: 2.9), 25, accuracy: 1e-9)
        XCTAssertEqual(x(timeline, child, at: 3.5), 50, accuracy: 1e-9)
        XCTAssertEqual(x(timeline, child, at: 4.4), 95, accuracy: 1e-9)
    }

    /// A rotation sub-key path past π and a `by` value: 0 → 3π/2 by halves.
    func testRotationBeyondPiWithBy() throws {
        let timeline = try Timeline.resolve(canvasSize: Size(10, 10), duration: 2) { _ in
            let layer = Layer()
            let spin = BasicAnimation(keyPath: "transform.rotation.z")
            spin.byValue = .number(3 * .pi / 2)
            spin.duration = 1
            layer.add(spin)
            return layer
        }
        let m = timeline.presentationValues(of: 0, at: 0.5, parentTime: 0.5).values.transform
        XCTAssertEqual(m.m11, cos(3 * .pi / 4), accuracy: 1e-9)
        XCTAssertEqual(m.m12, sin(3 * .pi / 4), accuracy: 1e-9)
    }
}

extension LayerTimingTests {
    /// `remapsTime` (an animvid extension, docs/core-animation.md §8, item 14): the sublayers see
    /// `remappedTime` as the container's time. With remappedTime animated linearly 0 → 2 s over
    /// the first second (double speed), then 2 → 1 s over the next (backwards), the child
    /// (position.x 0 → 100 over 2 s, its own time) is at 100 × r / 2 for r = remappedTime:
    /// r(0.25) = 0.5 → 25; r(1) = 2 → past the end of its active time → its model value 0;
    /// r(1.5) = 1.5 → 75; r(2.5) = 1 (held) → 50: a finished animation is left out by its own
    /// timing, at the time its layer sees, so it plays again when the remapped time goes back.
    /// The container's own animation (opacity 1 → 0 over 2 s) keeps its own time: 0.875 at 0.25.
    func testRemappedTimeIsWhatTheSublayersSee() throws {
        let timeline = try Timeline.resolve(canvasSize: Size(100, 100), duration: 10) { _ in
            let container = Layer()
            container.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
            container.anchorPoint = .zero
            container.remapsTime = true
            let remap = KeyframeAnimation(keyPath: "remappedTime")
            remap.values = [.number(0), .number(2), .number(1)]
            remap.keyTimes = [0, 0.5, 1]
            remap.duration = 2
            remap.fillMode = .both
            remap.isRemovedOnCompletion = false
            container.add(remap)
            let fade = BasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0
            fade.duration = 2
            container.add(fade)
            let child = Layer()
            child.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
            child.anchorPoint = .zero
            child.backgroundColor = .black
            container.addSublayer(child)
            let move = BasicAnimation(keyPath: "position.x")
            move.fromValue = 0
            move.toValue = 100
            move.duration = 2
            child.add(move)
            return container
        }
        func childX(at t: Double) -> Double? {
            for case let .fill(_, transform, _, _) in timeline.displayList(at: t).items { return transform.m41 }
            return nil
        }
        XCTAssertEqual(try XCTUnwrap(childX(at: 0.25)), 25, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(childX(at: 1)), 0, accuracy: 1e-9, "past its active time")
        XCTAssertEqual(try XCTUnwrap(childX(at: 1.5)), 75, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(childX(at: 2.5)), 50, accuracy: 1e-9, "the remapped time back inside its active time")
        XCTAssertEqual(timeline.presentationValues(of: timeline.root, at: 0.25, parentTime: 0.25).values.opacity, 0.875, accuracy: 1e-9)
    }
}
