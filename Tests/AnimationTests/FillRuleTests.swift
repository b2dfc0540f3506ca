@testable import Animation
import Foundation
import Geometry
import XCTest

/// A forward fill holds the left limit of the active interval (docs/core-animation.md §2): the
/// last value shown, whatever timeOffset or group wraps the animation.
final class FillRuleTests: XCTestCase {
    /// A 1 s group holding `child` that fills forwards and stays (the card-flip idiom).
    static func heldGroup(of child: Animation) -> AnimationGroup {
        let group = AnimationGroup()
        group.animations = [child]
        group.duration = 1
        group.fillMode = .forwards
        group.isRemovedOnCompletion = false
        return group
    }

    func x(at t: Double, _ build: (Layer) -> Void) throws -> Double {
        try presentation(at: t, build).position.x
    }

    /// x from 0 to 100 over 1 s, linear, timeOffset 0.5: local time is elapsed + 0.5, wrapped into
    /// the 1 s active duration, so at elapsed 0.99 it is 1.49 → 0.49 (x = 49). The active time
    /// ends at elapsed 1, where local time tends to 1.5 → 0.5 from below: the fill holds x = 50.
    func testAForwardFillWithATimeOffsetHoldsTheLastValueShown() throws {
        func animated(_ layer: Layer) {
            let a = BasicAnimation(keyPath: "position.x")
            a.fromValue = 0
            a.toValue = 100
            a.duration = 1
            a.timeOffset = 0.5
            a.fillMode = .forwards
            a.isRemovedOnCompletion = false
            layer.add(a)
        }
        XCTAssertEqual(try x(at: 0.99, animated), 49, accuracy: 1e-9)
        XCTAssertEqual(try x(at: 1, animated), 50, accuracy: 1e-9)
        XCTAssertEqual(try x(at: 3, animated), 50, accuracy: 1e-9)
    }

    /// Without a timeOffset the left limit is the end of the last cycle: 2 cycles of 1 s that
    /// autoreverse end back at the start (x = 0); 1.5 repeats end half-way (x = 50).
    func testTheLeftLimitOfRepeatsAndAutoreverse() throws {
        func animated(repeats: Double, autoreverses: Bool) -> (Layer) -> Void {
            { layer in
                let a = BasicAnimation(keyPath: "position.x")
                a.fromValue = 0
                a.toValue = 100
                a.duration = 1
                a.repeatCount = repeats
                a.autoreverses = autoreverses
                a.fillMode = .forwards
                a.isRemovedOnCompletion = false
                layer.add(a)
            }
        }
        XCTAssertEqual(try x(at: 5, animated(repeats: 2, autoreverses: true)), 0, accuracy: 1e-9)
        XCTAssertEqual(try x(at: 5, animated(repeats: 1.5, autoreverses: false)), 50, accuracy: 1e-9)
        XCTAssertEqual(try x(at: 5, animated(repeats: 2, autoreverses: false)), 100, accuracy: 1e-9)
    }

    /// The card-flip idiom: the group fills forwards and stays; its child, 1 s like the group,
    /// sets no fill of its own. At the group's end the child is at the left limit of its active
    /// time, x = 100, and the group holds it there; halfway it shows x = 50.
    func testAGroupHeldAtItsEndHoldsItsChildren() throws {
        func flip(_ layer: Layer) {
            let child = BasicAnimation(keyPath: "position.x")
            child.fromValue = 0
            child.toValue = 100
            child.duration = 1
            layer.add(Self.heldGroup(of: child))
        }
        XCTAssertEqual(try x(at: 0.5, flip), 50, accuracy: 1e-9)
        XCTAssertEqual(try x(at: 1, flip), 100, accuracy: 1e-9)
        XCTAssertEqual(try x(at: 4, flip), 100, accuracy: 1e-9)
    }

    /// A child that begins at 0.7 and lasts 0.3 ends with its 1 s group, though 1 − 0.7 is a few
    /// ulps more than 0.3: it is held at x = 100 too.
    func testAChildEndingWithItsGroupUpToRoundingIsHeld() throws {
        let x = try x(at: 2) { layer in
            let child = BasicAnimation(keyPath: "position.x")
            child.fromValue = 0
            child.toValue = 100
            child.beginTime = 0.7
            child.duration = 0.3
            layer.add(Self.heldGroup(of: child))
        }
        XCTAssertEqual(x, 100, accuracy: 1e-9)
    }

    /// A child that ends before its group does has ended at the group's end: without its own
    /// fill it no longer applies (the layer's model x, 7, shows).
    func testAChildThatEndedEarlierStaysEnded() throws {
        let x = try x(at: 4) { layer in
            layer.position = Point(7, 0)
            let child = BasicAnimation(keyPath: "position.x")
            child.fromValue = 0
            child.toValue = 100
            child.duration = 0.5
            layer.add(Self.heldGroup(of: child))
        }
        XCTAssertEqual(x, 7, accuracy: 1e-9)
    }
}
