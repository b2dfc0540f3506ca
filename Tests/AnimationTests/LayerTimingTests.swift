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

    /// A layer's own duration and repeats (CALayer adopts CAMediaTiming: its time runs as an
    /// animation's, and its sublayers' animations run in it): with duration 1 repeating for
    /// ever, the child's 2 s move starts again every second — 12.5 at 1.25 s, 25 at 3.5 s; made
    /// to autoreverse, its time runs back in every other second — 37.5 at 1.25 s (local 0.75).
    func testALayersRepeatsRunItsSubtreeAgain() throws {
        let (repeating, child) = try timeline { container, _ in (container.timing.duration, container.timing.repeatCount) = (1, .infinity) }
        XCTAssertEqual(x(repeating, child, at: 0.5), 25, accuracy: 1e-9)
        XCTAssertEqual(x(repeating, child, at: 1.25), 12.5, accuracy: 1e-9)
        XCTAssertEqual(x(repeating, child, at: 3.5), 25, accuracy: 1e-9)
        let (reversing, same) = try timeline { container, _ in
            (container.timing.duration, container.timing.repeatCount, container.timing.autoreverses) = (1, .infinity, true)
        }
        XCTAssertEqual(x(reversing, same, at: 1.25), 37.5, accuracy: 1e-9)
        XCTAssertEqual(x(reversing, same, at: 2.25), 12.5, accuracy: 1e-9)
    }

    /// A layer's fill (CAMediaTiming's fillMode: "whether the receiver's presentation is frozen
    /// or removed once its active duration has completed"): a container beginning at 1 s for
    /// 1 s; its child (model x 10) moves 0 → 100 from the container's time −1 over 2 s, holding
    /// both ways, so x = 50 × (time + 1). Before and after the container's active second its
    /// time does not run unless filled: the child shows its model 10; filled backwards the
    /// container's start (50), forwards its end (100); inside it, 75 at 1.5 s.
    func testALayersFillHoldsItsSubtreeOutsideItsActiveTime() throws {
        func x(_ fill: FillMode, at t: Double) throws -> Double {
            let timeline = try Timeline.resolve(canvasSize: Size(100, 100), duration: 4) { _ in
                let container = Layer(), child = Layer()
                (container.timing.beginTime, container.timing.duration, container.timing.fillMode) = (1, 1, fill)
                child.position.x = 10
                let move = BasicAnimation(keyPath: "position.x")
                (move.fromValue, move.toValue, move.beginTime, move.duration) = (0, 100, -1, 2)
                (move.fillMode, move.isRemovedOnCompletion) = (.both, false)
                child.add(move)
                container.addSublayer(child)
                return container
            }
            return self.x(timeline, 1, at: t)
        }
        XCTAssertEqual(try x(.removed, at: 0.5), 10)
        XCTAssertEqual(try x(.backwards, at: 0.5), 50)
        XCTAssertEqual(try x(.removed, at: 1.5), 75, accuracy: 1e-9)
        XCTAssertEqual(try x(.removed, at: 3), 10)
        XCTAssertEqual(try x(.forwards, at: 3), 100)
        XCTAssertEqual(try x(.both, at: 0.5), 50)
    }

    /// Callbacks in a repeating layer's time: an animation a script adds to the child at 2.5 s
    /// (the container's time then 0.5, its beginTime) for 0.25 s ends when the container's time
    /// next reaches 0.75, at 2.75 s of video — not at 0.75, the first time it was 0.75.
    func testAnAnimationInARepeatingLayerEndsWhenItsTimeNextComesRound() throws {
        var events: [String] = []
        _ = try timeline { container, script in
            (container.timing.duration, container.timing.repeatCount) = (1, .infinity)
            script.after(2.5) { _ in
                let fade = BasicAnimation(keyPath: "opacity")
                (fade.toValue, fade.duration) = (0, 0.25)
                fade.didStart = { s in events.append("start \(s.now)") }
                fade.didStop = { s, finished in events.append("stop \(s.now) \(finished)") }
                container.sublayers[0].add(fade)
            }
        }
        XCTAssertEqual(events, ["start 2.5", "stop 2.75 true"])
    }

    /// An animation that fills a repeating layer's whole pass ends as the pass ends (its time's
    /// left limit there), not as it begins: a 2 s fade added at 0 in a container of duration 2
    /// ends at 2 s; added at 2 s, when the next pass begins, at 4 s.
    func testAnAnimationFillingAPassEndsWithIt() throws {
        var events: [String] = []
        _ = try timeline { container, script in
            (container.timing.duration, container.timing.repeatCount) = (2, .infinity)
            for at in [0.0, 2.0] {
                script.after(at) { _ in
                    let fade = BasicAnimation(keyPath: "opacity")
                    (fade.toValue, fade.duration) = (0, 2)
                    fade.didStop = { s, _ in events.append("stop \(s.now)") }
                    container.sublayers[0].add(fade, forKey: "fade \(at)")
                }
            }
        }
        XCTAssertEqual(events, ["stop 2.0", "stop 4.0"])
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
