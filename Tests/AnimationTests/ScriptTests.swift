@testable import Animation
import Geometry
import XCTest

/// The script (docs/core-animation.md §7) and basic animation values (§3), sampled through a timeline.
final class ScriptTests: XCTestCase {
    let canvas = Size(100, 100)

    func opacity(_ timeline: Timeline, node: Int = 0, at t: Double) -> Double {
        timeline.presentationValues(of: node, at: t, parentTime: t).values.opacity
    }

    func testModelChangesInATimerTakeEffectFromItsTime() throws {
        let timeline = try Timeline.resolve(canvasSize: canvas, duration: 2) { script in
            let layer = Layer()
            script.after(0.5) { s in s.transaction(Transaction(disableActions: true)) { layer.opacity = 0.3 } }
            return layer
        }
        XCTAssertEqual(opacity(timeline, at: 0.49), 1)
        XCTAssertEqual(opacity(timeline, at: 0.5), 0.3)
        XCTAssertEqual(opacity(timeline, at: 1.9), 0.3)
    }

    /// A transaction's completion waits for every animation added while it was open: its own,
    /// those committed when a transaction inside it began, and the inner transaction's (Core
    /// Animation: "all animations subsequently added by this transaction group"); the inner
    /// one's completion waits only for its own.
    func testACompletionWaitsForTheTransactionsInside() throws {
        var done: [String: Double] = [:]
        _ = try Timeline.resolve(canvasSize: canvas, duration: 5) { script in
            let (a, b) = (Layer(), Layer())
            script.after(1) { s in
                s.transaction(Transaction(duration: 1), completion: { s in done["outer"] = s.now }) {
                    a.opacity = 0
                    s.transaction(Transaction(duration: 2), completion: { s in done["inner"] = s.now }) { b.opacity = 0 }
                }
            }
            let root = Layer()
            root.addSublayer(a)
            root.addSublayer(b)
            return root
        }
        XCTAssertEqual(done["inner"], 3)
        XCTAssertEqual(done["outer"], 3)
    }

    /// `commitTransaction(completions:)` tells a completion whether every animation it waited
    /// for finished: one taken off early (`removeAnimation(forKey:)`) or replaced under its key
    /// stops unfinished, and the completion runs then, told false; left alone, true at its end.
    func testACompletionIsToldWhetherItsAnimationsFinished() throws {
        var done: [String: (time: Double, finished: Bool)] = [:]
        _ = try Timeline.resolve(canvasSize: canvas, duration: 5) { script in
            let (removed, replaced, kept) = (Layer(), Layer(), Layer())
            script.after(1) { s in
                for (name, layer) in [("removed", removed), ("replaced", replaced), ("kept", kept)] {
                    s.beginTransaction(Transaction(duration: 2))
                    layer.opacity = 0
                    s.commitTransaction(completions: [Script.Completion { s, finished in done[name] = (s.now, finished) }])
                }
            }
            script.after(2) { s in
                removed.removeAnimation(forKey: "opacity")
                s.transaction(Transaction(duration: 1)) { replaced.opacity = 0.5 }
            }
            let root = Layer()
            for layer in [removed, replaced, kept] { root.addSublayer(layer) }
            return root
        }
        XCTAssertEqual(done["removed"]?.time, 2)
        XCTAssertEqual(done["removed"]?.finished, false)
        XCTAssertEqual(done["replaced"]?.time, 2)
        XCTAssertEqual(done["replaced"]?.finished, false)
        XCTAssertEqual(done["kept"]?.time, 3)
        XCTAssertEqual(done["kept"]?.finished, true)
    }

    func testTimersAtTheSameTimeRunInTheOrderTheyWereScheduled() throws {
        var order: [String] = []
        _ = try Timeline.resolve(canvasSize: canvas, duration: 1) { script in
            script.after(0.5) { _ in order.append("a") }
            script.after(0.25) { s in s.after(0.25) { _ in order.append("c") } }
            script.after(0.5) { _ in order.append("b") }
            return Layer()
        }
        XCTAssertEqual(order, ["a", "b", "c"])
    }

    /// An animation added with beginTime 0 in a callback begins at the callback's time.
    func testAnimationAddedInACallbackBeginsAtThatTime() throws {
        let timeline = try Timeline.resolve(canvasSize: canvas, duration: 3) { script in
            let layer = Layer()
            script.after(1) { _ in
                let fade = BasicAnimation(keyPath: "opacity")
                fade.fromValue = 1
                fade.toValue = 0
                fade.duration = 1
                layer.add(fade, forKey: "fade")
            }
            return layer
        }
        XCTAssertEqual(opacity(timeline, at: 0.9), 1)
        XCTAssertEqual(opacity(timeline, at: 1.25), 0.75, accuracy: 1e-12)
        XCTAssertEqual(opacity(timeline, at: 2), 1, "removed on completion: back to the model value")
    }

    /// did-stop alternation for ever, as the Newton's cradle: each stop starts the other animation.
    func testStopCallbacksChainForEver() throws {
        var stops: [(Double, Bool)] = []
        _ = try Timeline.resolve(canvasSize: canvas, duration: 2.05) { script in
            let layer = Layer()
            func swing() {
                let a = BasicAnimation(keyPath: "position.x")
                a.toValue = 10
                a.duration = 0.4
                a.didStop = { s, finished in
                    stops.append((s.now, finished))
                    swing()
                }
                layer.add(a)
            }
            swing()
            return layer
        }
        XCTAssertEqual(stops.map(\.0), [0.4, 0.8, 1.2, 1.6, 2.0].map { $0 }, accuracy: 1e-9)
        XCTAssertTrue(stops.allSatisfy(\.1))
    }

    /// Adding under a key that is in use replaces the animation and stops it unfinished.
    func testReplacingUnderAKeyStopsTheOldAnimationUnfinished() throws {
        var events: [String] = []
        let timeline = try Timeline.resolve(canvasSize: canvas, duration: 3) { script in
            let layer = Layer()
            let first = BasicAnimation(keyPath: "opacity")
            first.toValue = 0
            first.duration = 2
            first.didStop = { s, finished in events.append("first stop \(s.now) \(finished)") }
            layer.add(first, forKey: "k")
            script.after(0.5) { _ in
                let second = BasicAnimation(keyPath: "opacity")
                second.fromValue = 0.2
                second.toValue = 0.2
                second.duration = 1
                second.didStart = { s in events.append("second start \(s.now)") }
                layer.add(second, forKey: "k")
            }
            return layer
        }
        XCTAssertEqual(events, ["first stop 0.5 false", "second start 0.5"])
        XCTAssertEqual(opacity(timeline, at: 0.25), 0.875, accuracy: 1e-12)
        XCTAssertEqual(opacity(timeline, at: 0.75), 0.2, accuracy: 1e-12)
    }

    func testARunawayScriptFailsCleanly() {
        XCTAssertThrowsError(try Timeline.resolve(canvasSize: canvas, duration: 1, maximumEvents: 1000) { script in
            func spin(_ s: Script) { s.after(0) { spin($0) } }
            spin(script)
            return Layer()
        }) { error in
            guard case AnimationError.scriptDidNotSettle = error else { return XCTFail("\(error)") }
        }
    }

    func testUnknownKeyPathIsAnErrorThatSuggestsTheRightOne() {
        XCTAssertThrowsError(try Timeline.resolve(canvasSize: canvas, duration: 1) { _ in
            let layer = Layer()
            layer.add(BasicAnimation(keyPath: "opactiy"))
            return layer
        }) { error in
            XCTAssertEqual("\(error)", "unknown key path \"opactiy\"; did you mean \"opacity\"?")
        }
    }

    /// The from/to/by table: by alone adds to the model value; to alone starts from it.
    func testFromToByTable() throws {
        let timeline = try Timeline.resolve(canvasSize: canvas, duration: 2) { _ in
            let layer = Layer()
            layer.position = Point(10, 20)
            let by = BasicAnimation(keyPath: "position.x")
            by.byValue = 100
            by.duration = 1
            layer.add(by, forKey: "x")
            let to = BasicAnimation(keyPath: "position.y")
            to.toValue = 60
            to.duration = 1
            layer.add(to, forKey: "y")
            return layer
        }
        let p = timeline.presentationValues(of: 0, at: 0.5, parentTime: 0.5).values.position
        XCTAssertEqual(p.x, 60, accuracy: 1e-12)
        XCTAssertEqual(p.y, 40, accuracy: 1e-12)
    }
}

func XCTAssertEqual(_ a: [Double], _ b: [Double], accuracy: Double, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: accuracy, file: file, line: line) }
}
