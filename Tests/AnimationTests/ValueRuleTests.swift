@testable import Animation
import Foundation
import Geometry
import XCTest

/// Additive and cumulative animations, groups, colour and transform interpolation (docs/core-animation.md §3, §4).
final class ValueRuleTests: XCTestCase {
    func testAdditiveAddsToTheModelValue() throws {
        let v = try presentation(at: 0.5) { layer in
            layer.position = Point(10, 0)
            let a = BasicAnimation(keyPath: "position.x")
            a.fromValue = 0
            a.toValue = 20
            a.duration = 1
            a.isAdditive = true
            layer.add(a)
        }
        XCTAssertEqual(v.position.x, 20, accuracy: 1e-12)
    }

    func testCumulativeAddsEachIterationsChange() throws {
        let v = try presentation(at: 2.5) { layer in
            let a = BasicAnimation(keyPath: "position.x")
            a.fromValue = 0
            a.toValue = 10
            a.duration = 1
            a.repeatCount = 3
            a.isCumulative = true
            layer.add(a)
        }
        XCTAssertEqual(v.position.x, 25, accuracy: 1e-12)
    }

    /// Children run in the group's time and are clipped by it; a zero child duration takes the group's.
    func testGroupsClipTheirChildren() throws {
        let build: (Layer) -> Void = { layer in
            let slow = BasicAnimation(keyPath: "position.x")
            slow.fromValue = 0
            slow.toValue = 100
            slow.duration = 2
            let inherit = BasicAnimation(keyPath: "opacity")
            inherit.fromValue = 1
            inherit.toValue = 0
            let group = AnimationGroup()
            group.animations = [slow, inherit]
            group.duration = 1
            group.beginTime = 1
            layer.add(group)
        }
        let during = try presentation(at: 1.75, build)
        XCTAssertEqual(during.position.x, 37.5, accuracy: 1e-12)
        XCTAssertEqual(during.opacity, 0.25, accuracy: 1e-12)
        let after = try presentation(at: 2.25, build)
        XCTAssertEqual(after.position.x, 0)
        XCTAssertEqual(after.opacity, 1)
        XCTAssertEqual(try presentation(at: 0.5, build).position.x, 0, "before the group's beginTime")
    }

    /// The group's timing function warps the time its children see.
    func testGroupTimingFunctionWarpsChildren() throws {
        let v = try presentation(at: 0.5) { layer in
            let a = BasicAnimation(keyPath: "position.x")
            a.fromValue = 0
            a.toValue = 100
            let group = AnimationGroup()
            group.animations = [a]
            group.duration = 1
            group.timingFunction = .easeIn
            layer.add(group)
        }
        XCTAssertEqual(v.position.x, 100 * TimingTests.bezier(0.42, 0, 1, 1, at: 0.5), accuracy: 1e-4)
    }

    /// Colours interpolate premultiplied: red fading to clear stays red while it fades.
    func testColoursInterpolatePremultiplied() throws {
        let v = try presentation(at: 0.5) { layer in
            let a = BasicAnimation(keyPath: "backgroundColor")
            a.fromValue = .color(.red)
            a.toValue = .color(.clear)
            a.duration = 1
            layer.add(a)
        }
        XCTAssertEqual(v.backgroundColor, Color(red: 1, green: 0, blue: 0, alpha: 0.5))
    }

    /// Seed 000's triangle: identity → rotate 120° then translate (75, 0), ease-in-ease-out over
    /// 1 s. Halfway (ease-in-ease-out(0.5) = 0.5) the parts are half-way: a 60° turn and (37.5, 0),
    /// not the average of the matrices.
    func testTransformInterpolatesByParts() throws {
        let v = try presentation(at: 0.5) { layer in
            let a = BasicAnimation(keyPath: "transform")
            a.fromValue = .transform(.identity)
            a.toValue = .transform(Transform3D(translationX: 75, y: 0).rotated(by: 2 * .pi / 3))
            a.duration = 1
            a.timingFunction = .easeInEaseOut
            layer.add(a)
        }
        XCTAssertEqual(v.transform.m41, 37.5, accuracy: 1e-9)
        XCTAssertEqual(v.transform.m42, 0, accuracy: 1e-9)
        XCTAssertEqual(v.transform.m11, cos(Double.pi / 3), accuracy: 1e-9)
        XCTAssertEqual(v.transform.m12, sin(Double.pi / 3), accuracy: 1e-9)
    }

    /// A flat scale (z = 0), as seed 000's dot grid uses, still interpolates x and y smoothly.
    func testFlatScaleInterpolates() throws {
        let v = try presentation(at: 0.5) { layer in
            let a = BasicAnimation(keyPath: "transform")
            a.fromValue = .transform(Transform3D(scaleX: 1, y: 1, z: 0))
            a.toValue = .transform(Transform3D(scaleX: 0.2, y: 0.2, z: 0))
            a.duration = 1
            layer.add(a)
        }
        XCTAssertEqual(v.transform.m11, 0.6, accuracy: 1e-12)
        XCTAssertEqual(v.transform.m22, 0.6, accuracy: 1e-12)
        XCTAssertEqual(v.transform.m33, 0, accuracy: 1e-12)
    }

    func testWrongValueTypeIsAnError() {
        XCTAssertThrowsError(try presentation(at: 0) { layer in
            let a = BasicAnimation(keyPath: "position")
            a.toValue = 3
            layer.add(a)
        }) { error in
            XCTAssertEqual("\(error)", "key path \"position\" takes a point, not a number")
        }
    }
}

/// Value functions (`CAValueFunction`, docs/core-animation.md §3): numbers interpolate, then
/// become the transform.
final class ValueFunctionTests: XCTestCase {
    func transform(at t: Double, _ build: (BasicAnimation) -> Void) throws -> Transform3D {
        try presentation(at: t) { layer in
            let a = BasicAnimation(keyPath: "transform")
            a.duration = 1
            build(a)
            layer.add(a)
        }.transform
    }

    /// rotateZ from 0 to 2π: a quarter of the way the angle is π/2 (+x turns to +y: m12 = 1),
    /// halfway π (m11 = −1). The transforms alone, identity to identity, would not move at all.
    func testATurnAnimatesThroughItsAngles() throws {
        func turn(_ a: BasicAnimation) {
            a.valueFunction = .rotateZ
            a.fromValue = 0
            a.toValue = .number(2 * .pi)
        }
        XCTAssertEqual(try transform(at: 0.25, turn).m12, 1, accuracy: 1e-12)
        XCTAssertEqual(try transform(at: 0.5, turn).m11, -1, accuracy: 1e-12)
    }

    /// scale from (1, 1, 1) to (3, 2, 1): halfway (2, 1.5, 1).
    func testAScaleTakesThreeNumbers() throws {
        let t = try transform(at: 0.5) { a in
            a.valueFunction = .scale
            a.fromValue = .numbers([1, 1, 1])
            a.toValue = .numbers([3, 2, 1])
        }
        XCTAssertEqual([t.m11, t.m22, t.m33], [2, 1.5, 1])
    }

    /// translate to (30, 10, 0) with no fromValue starts from no move, three numbers like it:
    /// halfway (15, 5, 0).
    func testAMissingEndIsNoChangeInTheValuesShape() throws {
        let t = try transform(at: 0.5) { a in
            a.valueFunction = .translate
            a.toValue = .numbers([30, 10, 0])
        }
        XCTAssertEqual([t.m41, t.m42, t.m43], [15, 5, 0])
    }

    /// A value of another kind is refused when the animation is added.
    func testAWrongValueIsAnError() {
        let a = BasicAnimation(keyPath: "transform")
        a.valueFunction = .rotateX
        a.toValue = .point(.zero)
        XCTAssertThrowsError(try a.spec())
    }
}

extension ValueRuleTests {
    /// Colours mix premultiplied (docs/core-animation.md §8, item 12): red at alpha 0.5 to clear
    /// is red at alpha 0.25 halfway, not a darker red. Two transparent colours mix straight, so a
    /// transparent colour keeps its hue: (1, 0, 0, 0) to (0, 0, 1, 0) halfway is (0.5, 0, 0.5, 0).
    func testTransparentColoursKeepTheirHue() {
        XCTAssertEqual(Color(red: 1, green: 0, blue: 0, alpha: 0.5).interpolated(to: .clear, at: 0.5), Color(red: 1, green: 0, blue: 0, alpha: 0.25))
        XCTAssertEqual(Color(red: 1, green: 0, blue: 0, alpha: 0).interpolated(to: Color(red: 0, green: 0, blue: 1, alpha: 0), at: 0.5),
                       Color(red: 0.5, green: 0, blue: 0.5, alpha: 0))
        XCTAssertEqual(Color(red: 0.6, green: 0, blue: 0.3, alpha: 0).interpolated(to: Color(red: 0.6, green: 0, blue: 0.3, alpha: 0), at: 0),
                       Color(red: 0.6, green: 0, blue: 0.3, alpha: 0), "a keyframe's own transparent colour, unchanged")
    }
}

extension ValueRuleTests {
    /// Layer values are values: copies share their storage only until one changes, and a
    /// change to a copy (also through a key path, as animations write) leaves the original as it was.
    func testLayerValuesAreCopiedWhenChanged() {
        var original = LayerValues(kind: .shape)
        original.opacity = 0.5
        original.path = .ellipse(in: Rect(x: 0, y: 0, width: 10, height: 10))
        var copy = original
        XCTAssertEqual(copy, original)
        copy.opacity = 0.25
        copy[keyPath: \LayerValues.lineWidth] = 7
        XCTAssertEqual([original.opacity, original.lineWidth], [0.5, 1])
        XCTAssertEqual([copy.opacity, copy.lineWidth], [0.25, 7])
        XCTAssertNotEqual(copy, original)
        copy.opacity = 0.5
        copy.lineWidth = 1
        XCTAssertEqual(copy, original, "equal again by value, in storage of their own")
        XCTAssertEqual(copy.hashValue, original.hashValue)
    }
}
