@testable import Animation
import Geometry
import XCTest

/// What a callback can do (docs/core-animation.md §7): implicit animations of model changes,
/// transactions, removal by key, branching on `finished`, pause and resume, repeating timers,
/// begin times relative to the callback.
final class ScriptActionTests: XCTestCase {
    let canvas = Size(100, 100)
    /// CSS's `ease`, which is Core Animation's default timing function (0.25, 0.1, 0.25, 1),
    /// at x = 0.5: the published value 0.8024033877399112.
    let easeAtHalf = 0.8024033877399112

    /// A root with plain sublayers named `a`, `b`, `c`, nodes 1, 2, 3.
    func tree() -> Layer {
        let root = Layer()
        for name in ["a", "b", "c"] {
            let layer = Layer()
            layer.name = name
            root.addSublayer(layer)
        }
        return root
    }

    func values(_ timeline: Timeline, node: Int, at t: Double) -> LayerValues {
        timeline.presentationValues(of: node, at: t, parentTime: t).values
    }

    func set(_ name: String, _ value: Double, on layer: String) -> ScriptAction {
        .set([(LayerProperty.named[name]!, .value(.number(value)))], on: layer)
    }

    /// A model change in a callback animates for 0.25 s with the default timing function, from
    /// the value shown to the new one, as a standalone CALayer's default action does.
    func testAModelChangeAnimatesImplicitly() throws {
        let timeline = try Timeline.resolve(canvasSize: canvas, duration: 2) { script in
            script.add(ScriptRule(on: .start, after: 0.5, do: [self.set("opacity", 0.3, on: "a")]))
            return self.tree()
        }
        XCTAssertEqual(values(timeline, node: 1, at: 0.5).opacity, 1)
        // Halfway through the 0.25 s: 1 + (0.3 − 1) · ease(0.5).
        XCTAssertEqual(values(timeline, node: 1, at: 0.625).opacity, 1 - 0.7 * easeAtHalf, accuracy: 1e-6)
        XCTAssertEqual(values(timeline, node: 1, at: 0.75).opacity, 0.3)
    }

    /// An additive action without values animates the change on top of the new value, from the
    /// old model value less the new one to nothing, beside what runs (UIKit's view animations
    /// since iOS 8): two linear 1 s opacity changes, to 0 at 0.5 s and back to 1 at 1 s, add up;
    /// the first is under "opacity" and the second under "opacity-2", so removing "opacity"
    /// stops only the first.
    func testAnAdditiveActionAddsToWhatRuns() throws {
        func opacity(removingFirst: Bool, at times: [Double]) throws -> [Double] {
            let timeline = try Timeline.resolve(canvasSize: canvas, duration: 3) { script in
                script.add(ScriptRule(on: .start, after: 0.5, do: [self.set("opacity", 0, on: "a")]))
                script.add(ScriptRule(on: .start, after: 1, do: [self.set("opacity", 1, on: "a")]))
                if removingFirst { script.add(ScriptRule(on: .start, after: 1.25, do: [.remove(key: "opacity", from: "a")])) }
                let root = self.tree()
                let additive = BasicAnimation(keyPath: "opacity")
                (additive.duration, additive.timingFunction, additive.isAdditive) = (1, .linear, true)
                root.sublayers[0].actions["opacity"] = .animation(additive)
                return root
            }
            return times.map { values(timeline, node: 1, at: $0).opacity }
        }
        // First: model 0, + (1 − 0)·(1 − f₁), f₁ = t − 0.5. Second from 1 s: model 1, + (0 − 1)·(1 − f₂), f₂ = t − 1.
        // At 1.25: 1 + 0.25 − 0.75 = 0.5; at 1.5 (the first done): 1 − 0.5 = 0.5; at 2: 1.
        let both = try opacity(removingFirst: false, at: [0.75, 1.25, 1.5, 2])
        for (value, expected) in zip(both, [0.75, 0.5, 0.5, 1]) { XCTAssertEqual(value, expected, accuracy: 1e-9) }
        // The first taken off at 1.25 by its key: the second alone, 1 − 0.75 = 0.25 at 1.25.
        XCTAssertEqual(try opacity(removingFirst: true, at: [1.25])[0], 0.25, accuracy: 1e-9)
    }

    /// A layer's own actions replace the default one (`actions`, as `actionForKey:` finds them):
    /// `NSNull` shows the change at once; an animation of one's own runs instead, from the value
    /// shown when it has no values of its own, with the transaction's duration when it has none.
    func testALayersActionsReplaceTheDefault() throws {
        func opacity(_ action: LayerAction?, at times: [Double]) throws -> [Double] {
            let timeline = try Timeline.resolve(canvasSize: canvas, duration: 2) { script in
                script.add(ScriptRule(on: .start, after: 0.5, do: [self.set("opacity", 0.3, on: "a")]))
                let root = self.tree()
                root.sublayers[0].actions["opacity"] = action
                return root
            }
            return times.map { values(timeline, node: 1, at: $0).opacity }
        }
        // The default action is still fading 0.1 s after the change; with none, it is done.
        let fading = try opacity(nil, at: [0.6])[0]
        XCTAssertGreaterThan(fading, 0.35, "the default action fades")
        let immediate = try opacity(.disabled, at: [0.49, 0.5, 0.6])
        XCTAssertEqual(immediate[0], 1, "before the change")
        XCTAssertEqual(immediate[1], 0.3, "no action: at once")
        XCTAssertEqual(immediate[2], 0.3, "and held")
        let slow = BasicAnimation(keyPath: "opacity")
        (slow.duration, slow.timingFunction) = (1, .linear)
        let linear = try opacity(.animation(slow), at: [0.5, 1, 1.5])
        for (got, expected) in zip(linear, [1, 0.65, 0.3]) { XCTAssertEqual(got, expected, accuracy: 1e-9, "its own: 1 s, linear") }
        let untimed = try opacity(.animation(BasicAnimation(keyPath: "opacity")), at: [0.625, 0.75])
        XCTAssertEqual(untimed[0], 1 - 0.7 * easeAtHalf, accuracy: 1e-6, "no duration: the transaction's 0.25 s and timing")
        XCTAssertEqual(untimed[1], 0.3)
    }

    /// A change that interrupts a running implicit animation starts from the value on screen.
    func testAnInterruptedChangeStartsFromWhatIsShown() throws {
        let timeline = try Timeline.resolve(canvasSize: canvas, duration: 2) { script in
            script.add(ScriptRule(on: .start, after: 0.5, do: [self.set("opacity", 0, on: "a")]))
            script.add(ScriptRule(on: .start, after: 0.625, do: [self.set("opacity", 1, on: "a")]))
            return self.tree()
        }
        let shown = 1 - easeAtHalf  // the first animation's value at its midpoint
        XCTAssertEqual(values(timeline, node: 1, at: 0.625).opacity, shown, accuracy: 1e-6)
        XCTAssertEqual(values(timeline, node: 1, at: 0.75).opacity, shown + (1 - shown) * easeAtHalf, accuracy: 1e-6)
        XCTAssertEqual(values(timeline, node: 1, at: 0.875).opacity, 1)
    }

    /// A transaction sets the duration and timing of its implicit animations; its completion runs
    /// when they have all stopped; with actions disabled the change is immediate and the
    /// completion runs at once.
    func testTransactionsAndTheirCompletion() throws {
        var completed: [Double] = []
        let timeline = try Timeline.resolve(canvasSize: canvas, duration: 3) { script in
            script.after(0.5) { s in
                s.transaction(Transaction(duration: 1, timingFunction: .linear), completion: { completed.append($0.now) }) {
                    s.layer(named: "a")?.opacity = 0
                }
                s.transaction(Transaction(disableActions: true), completion: { completed.append($0.now) }) {
                    s.layer(named: "b")?.opacity = 0
                }
            }
            return self.tree()
        }
        XCTAssertEqual(values(timeline, node: 1, at: 1).opacity, 0.5, accuracy: 1e-12)
        XCTAssertEqual(values(timeline, node: 2, at: 0.5).opacity, 0)
        XCTAssertEqual(completed, [0.5, 1.5])
    }

    /// Rules can remove an animation by key, and branch on `finished`: only the unfinished branch runs.
    func testRemoveByKeyAndBranchOnFinished() throws {
        let fade = BasicAnimation(keyPath: "opacity")
        fade.name = "fade"
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 1
        let disabled = Transaction(disableActions: true)
        let timeline = try Timeline.resolve(canvasSize: canvas, duration: 3) { script in
            script.add(ScriptRule(on: .start, add: fade, to: "a", forKey: "fade"))
            script.add(ScriptRule(on: .start, after: 0.5, do: [.remove(key: "fade", from: "a")]))
            script.add(ScriptRule(on: .didStop(animation: "fade", layer: "a", finished: false),
                                  do: [.transaction(disabled, [self.set("opacity", 0.2, on: "b")], completion: [])]))
            script.add(ScriptRule(on: .didStop(animation: "fade", layer: "a", finished: true),
                                  do: [.transaction(disabled, [self.set("opacity", 0.2, on: "c")], completion: [])]))
            return self.tree()
        }
        XCTAssertEqual(values(timeline, node: 1, at: 0.25).opacity, 0.75, accuracy: 1e-12)
        XCTAssertEqual(values(timeline, node: 1, at: 0.75).opacity, 1, "removed at 0.5")
        XCTAssertEqual(values(timeline, node: 2, at: 0.5).opacity, 0.2, "the unfinished branch ran")
        XCTAssertEqual(values(timeline, node: 3, at: 2).opacity, 1, "the finished branch did not")
    }

    /// Technical Q&A 1673: pausing at 0.5 s freezes a 2 s move at its value then; resuming at
    /// 1.5 s (beginTime = 1.5 − 0.5 = 1) continues it, so it ends at 3 s, when didStop fires.
    func testPauseAndResumeAsTheTechnicalQAWrites() throws {
        var stops: [(Double, Bool)] = []
        let timeline = try Timeline.resolve(canvasSize: canvas, duration: 4) { script in
            let root = self.tree()
            let move = BasicAnimation(keyPath: "position.x")
            move.fromValue = 0
            move.toValue = 100
            move.duration = 2
            move.didStop = { s, finished in stops.append((s.now, finished)) }
            root.layer(named: "a")?.add(move)
            script.add(ScriptRule(on: .start, after: 0.5, do: [.pause("a")]))
            script.add(ScriptRule(on: .start, after: 1.5, do: [.resume("a")]))
            return root
        }
        XCTAssertEqual(values(timeline, node: 1, at: 1).position.x, 25, accuracy: 1e-9)
        XCTAssertEqual(values(timeline, node: 1, at: 1.5).position.x, 25, accuracy: 1e-9)
        XCTAssertEqual(values(timeline, node: 1, at: 2).position.x, 50, accuracy: 1e-9)
        XCTAssertEqual(stops.count, 1)
        XCTAssertEqual(stops.first?.0 ?? 0, 3, accuracy: 1e-9)
        XCTAssertEqual(stops.first?.1, true)
    }

    /// A repeating rule runs at its first time and then every interval up to the clip's end; an
    /// animation added with `begin` starts that long after the rule runs.
    func testRepeatingRulesAndRelativeBeginTimes() throws {
        var ticks: [Double] = []
        let tick = BasicAnimation(keyPath: "opacity")
        tick.didStart = { s in ticks.append(s.now) }
        let fade = BasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 1
        let timeline = try Timeline.resolve(canvasSize: canvas, duration: 2) { script in
            script.add(ScriptRule(on: .start, every: 0.5, do: [.add(tick, to: "a", key: "tick", begin: nil)]))
            script.add(ScriptRule(on: .start, after: 0.25, do: [.add(fade, to: "b", key: nil, begin: 0.5)]))
            return self.tree()
        }
        XCTAssertEqual(ticks, [0, 0.5, 1, 1.5, 2])
        XCTAssertEqual(values(timeline, node: 2, at: 0.7).opacity, 1, "the fade has not begun")
        XCTAssertEqual(values(timeline, node: 2, at: 1.25).opacity, 0.5, accuracy: 1e-12)
    }

    /// Rules move layers between superlayers and take them out; a rule may name a layer that is
    /// out of the tree, and setting a property the layer does not have is refused up front.
    func testRulesChangeSublayers() throws {
        let timeline = try Timeline.resolve(canvasSize: canvas, duration: 2) { script in
            script.add(ScriptRule(on: .start, after: 0.5, do: [.removeFromSuperlayer("b")]))
            script.add(ScriptRule(on: .start, after: 1, do: [.addSublayer("b", to: "a", at: 0)]))
            return self.tree()
        }
        XCTAssertEqual(timeline.presentedLayers(at: 0.25).map(\.path), ["layer[0]", "layer[0]/a", "layer[0]/b", "layer[0]/c"])
        XCTAssertEqual(timeline.presentedLayers(at: 0.75).count, 3)
        XCTAssertEqual(timeline.presentedLayers(at: 1.5).map(\.path), ["layer[0]", "layer[0]/a", "layer[0]/a/b", "layer[0]/c"])
        // A layer cannot hold itself or a layer above it: such moves change nothing.
        let unchanged = try Timeline.resolve(canvasSize: canvas, duration: 1) { script in
            let root = self.tree()
            root.name = "root"
            script.add(ScriptRule(on: .start, do: [.addSublayer("a", to: "a", at: nil), .addSublayer("root", to: "b", at: nil)]))
            return root
        }
        XCTAssertEqual(unchanged.presentedLayers(at: 0.5).map(\.path), ["root", "root/a", "root/b", "root/c"])
        XCTAssertThrowsError(try Timeline.resolve(canvasSize: canvas, duration: 1) { script in
            script.add(ScriptRule(on: .start, do: [.set([(LayerProperty.named["lineWidth"]!, .value(.number(2)))], on: "a")]))
            return self.tree()
        }) { XCTAssertTrue("\($0)".contains("lineWidth"), "\($0)") }
    }
}
