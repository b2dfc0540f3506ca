@testable import Animation
import Geometry
import XCTest

/// Script rules: the delegate callbacks of docs/core-animation.md §7 written as data.
final class ScriptRuleTests: XCTestCase {
    let canvas = Size(100, 100)

    /// A 1 s fade from 1 to 0, named `name`.
    func fade(_ name: String) -> BasicAnimation {
        let a = BasicAnimation(keyPath: "opacity")
        a.name = name
        a.fromValue = 1
        a.toValue = 0
        a.duration = 1
        return a
    }

    func opacity(_ timeline: Timeline, of node: Int, at t: Double) -> Double {
        timeline.presentationValues(of: node, at: t, parentTime: t).values.opacity
    }

    /// Two layers fade in turn for ever: each fade's stop adds the other's, as the Newton's cradle
    /// seed chains `animationDidStop:finished:`; a start rule with a delay begins the first.
    func testStopRulesChainAndStartRulesWait() throws {
        let timeline = try Timeline.resolve(canvasSize: canvas, duration: 5) { script in
            let root = Layer(), a = Layer(), b = Layer()
            a.name = "a"
            b.name = "b"
            root.addSublayer(a)
            root.addSublayer(b)
            script.add(ScriptRule(on: .start, after: 0.5, add: fade("fadeA"), to: "a"))
            script.add(ScriptRule(on: .didStop(animation: "fadeA", layer: nil), add: fade("fadeB"), to: "b"))
            script.add(ScriptRule(on: .didStop(animation: "fadeB", layer: nil), add: fade("fadeA"), to: "a"))
            return root
        }
        XCTAssertEqual(opacity(timeline, of: 1, at: 0.25), 1)
        XCTAssertEqual(opacity(timeline, of: 1, at: 1), 0.5, accuracy: 1e-12)
        XCTAssertEqual(opacity(timeline, of: 2, at: 1), 1)
        XCTAssertEqual(opacity(timeline, of: 2, at: 2), 0.5, accuracy: 1e-12)
        XCTAssertEqual(opacity(timeline, of: 1, at: 3), 0.5, accuracy: 1e-12)
    }

    /// A start rule filtered by layer fires only for the animation on that layer.
    func testLayerFilter() throws {
        let timeline = try Timeline.resolve(canvasSize: canvas, duration: 3) { script in
            let root = Layer(), a = Layer(), b = Layer(), c = Layer()
            for (layer, name) in [(a, "a"), (b, "b"), (c, "c")] {
                layer.name = name
                root.addSublayer(layer)
            }
            script.add(ScriptRule(on: .didStart(animation: "fade", layer: "b"), after: 0.25, add: fade("other"), to: "c"))
            a.add(fade("fade"))
            script.after(1) { _ in b.add(self.fade("fade")) }
            return root
        }
        XCTAssertEqual(opacity(timeline, of: 3, at: 1.2), 1, "a's fade must not trigger the rule")
        XCTAssertEqual(opacity(timeline, of: 3, at: 1.75), 0.5, accuracy: 1e-12)
    }

    /// Every callback looks at every layer, so a fast chain over many layers stops at a bound on
    /// callbacks × layers instead of running for hours.
    func testCallbacksTimesLayersIsBounded() {
        XCTAssertThrowsError(try Timeline.resolve(canvasSize: canvas, duration: 10, maximumWork: 1000) { script in
            let root = Layer()
            for _ in 0..<9 { root.addSublayer(Layer()) }
            func tick(_ s: Script) { s.after(0.01, tick) }
            script.after(0, tick)
            return root
        }) { error in
            XCTAssertEqual(error as? AnimationError, .scriptTooBusy(events: 101, layers: 10))
        }
    }

    func testARuleForAMissingLayerIsAnError() {
        XCTAssertThrowsError(try Timeline.resolve(canvasSize: canvas, duration: 1) { script in
            script.add(ScriptRule(on: .start, add: self.fade("f"), to: "nowhere"))
            return Layer()
        }) { error in
            XCTAssertEqual(error as? AnimationError, .unknownLayer("nowhere"))
        }
    }
}
