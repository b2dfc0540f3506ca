import Animation
import Geometry
import QuartzCoreCompat
import XCTest

// XCTest brings Foundation, whose Linux CGFloat, DispatchQueue and Timer are not the clip's:
// these are named with the module, as a port that imports Foundation would.

/// iOS code's callbacks run at their moments of the clip's time, as the timeline resolves, and
/// changes animate (or not) by UIKit's and Core Animation's rules. Expected values come from
/// those rules: a standalone layer's change in a callback animates over the transaction's
/// duration (0.25 s by default, `CATransaction.animationDuration`); a view's layer does not
/// animate outside a view animation block (UIView's `action(for:forKey:)` returns NSNull);
/// `UIView.animate` animates over its duration with its curve, then calls its completion.
final class VirtualTimeTests: XCTestCase {
    let canvas = Size(400, 300)

    /// The presented values of the layer called `name` at `t`.
    func values(_ timeline: Timeline, _ name: String, at t: Double) throws -> LayerValues {
        let layer = try XCTUnwrap(timeline.presentedLayers(at: t).first { $0.values.name == name }, "no layer \(name) at \(t)")
        return layer.values
    }

    /// A scene of `Controller`, resolved for `seconds`.
    func timeline(_ seconds: Double, _ make: @escaping @Sendable () -> UIViewController) throws -> Timeline {
        try UIKitScene(name: "test", summary: "", cycle: seconds, make).timeline(canvas: canvas, duration: seconds)
    }

    /// A controller with `count` views 10 points square named v0, v1, … in a row (a column when
    /// `vertical`), 20 points apart; `act()` runs at 1 s.
    class RowOfViews: UIViewController, @unchecked Sendable {
        let views: [UIView]
        init(_ count: Int, vertical: Bool = false) {
            views = (0..<count).map {
                let step = QuartzCoreCompat.CGFloat(20 * $0)
                return UIView(frame: CGRect(x: vertical ? 0 : step, y: vertical ? step : 0, width: 10, height: 10))
            }
            super.init()
        }
        override func viewDidLoad() {
            for (i, view) in views.enumerated() {
                view.layer.name = "v\(i)"
                self.view.addSubview(view)
            }
            QuartzCoreCompat.DispatchQueue.main.asyncAfter(deadline: .now() + 1) { self.act() }
        }
        func act() {}
    }

    final class Dispatching: UIViewController, @unchecked Sendable {
        let dot = CALayer()
        override func viewDidLoad() {
            dot.name = "dot"
            dot.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            view.layer.addSublayer(dot)
            QuartzCoreCompat.DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                self.dot.opacity = 0.25
                CATransaction.commit()
            }
            var ticks = 0.0
            QuartzCoreCompat.Timer.scheduledTimer(withTimeInterval: 0.2, repeats: true) { timer in
                ticks += 1
                CATransaction.setDisableActions(true)
                self.dot.position = CGPoint(x: ticks * 10, y: 5)
                if ticks == 3 { timer.invalidate() }
            }
            perform({ (size: QuartzCoreCompat.CGFloat) in self.dot.bounds = CGRect(x: 0, y: 0, width: size, height: size) }, with: 30, afterDelay: 1)
        }
    }

    func testDispatchedBlocksTimersAndPerformsRunAtTheirClipTimes() throws {
        let timeline = try timeline(2) { Dispatching() }
        XCTAssertEqual(try values(timeline, "dot", at: 0.49).opacity, 1)
        XCTAssertEqual(try values(timeline, "dot", at: 0.5).opacity, 0.25)
        // The timer fires at 0.2, 0.4 and 0.6, then is invalidated.
        XCTAssertEqual(try values(timeline, "dot", at: 0.19).position.x, 5)
        XCTAssertEqual(try values(timeline, "dot", at: 0.45).position.x, 20)
        XCTAssertEqual(try values(timeline, "dot", at: 1.9).position.x, 30)
        // The perform changes a standalone layer in the implicit transaction: 0.25 s, animated.
        XCTAssertEqual(try values(timeline, "dot", at: 0.99).bounds.width, 10)
        XCTAssertEqual(try values(timeline, "dot", at: 1.125).bounds.width, 10 + 20 * TimingFunction.default(0.5), accuracy: 1e-9)
        XCTAssertEqual(try values(timeline, "dot", at: 1.25).bounds.width, 30)
    }

    final class Animating: UIViewController, @unchecked Sendable {
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        var finishedAt: Double?
        var alphaDuringTheDelay: QuartzCoreCompat.CGFloat?
        override func viewDidLoad() {
            box.layer.name = "box"
            view.addSubview(box)
            // Outside an animation block a view's change shows at once, even in a callback.
            QuartzCoreCompat.DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) {
                self.box.center = CGPoint(x: 100, y: 25)
                self.alphaDuringTheDelay = self.box.alpha
            }
            // Called while the controller is set up, the animation runs from the first turn.
            UIView.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: {
                self.box.alpha = 0
            }, completion: { _ in
                self.finishedAt = CACurrentMediaTime()
                self.box.backgroundColor = UIColor.red
            })
        }
    }

    func testViewsAnimateOnlyInAnimationBlocksAndCompletionsRunWhenTheyEnd() throws {
        let controller = Animating()
        let timeline = try timeline(2) { controller }
        XCTAssertEqual(try values(timeline, "box", at: 0.1).position.x, 100)
        // The block ran at the first turn (UIKit runs it at once): the model is 0 during the
        // delay, while the view shows its old value.
        XCTAssertEqual(controller.alphaDuringTheDelay, 0)
        XCTAssertEqual(try values(timeline, "box", at: 0.3).opacity, 1)
        XCTAssertEqual(try values(timeline, "box", at: 0.5).opacity, 1)
        XCTAssertEqual(try values(timeline, "box", at: 1.0).opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(try values(timeline, "box", at: 1.5).opacity, 0)
        XCTAssertEqual(controller.finishedAt, 1.5)
        XCTAssertNil(try values(timeline, "box", at: 1.49).backgroundColor)
        XCTAssertEqual(try values(timeline, "box", at: 1.5).backgroundColor, .red)
    }

    final class Interrupted: RowOfViews, @unchecked Sendable {
        var completions: [Int: (time: Double, finished: Bool)] = [:]
        init() { super.init(3) }
        override func act() {
            for i in 0..<3 {
                UIView.animate(withDuration: 1, animations: { self.views[i].alpha = 0 }) {
                    self.completions[i] = (CACurrentMediaTime(), $0)
                }
            }
            QuartzCoreCompat.DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                self.views[0].layer.removeAllAnimations()
                UIView.animate(withDuration: 1, delay: 0, options: .beginFromCurrentState, animations: { self.views[1].alpha = 1 })
            }
        }
    }

    /// A view animation's completion is told whether its animations finished (UIKit's
    /// `finished`): taken off by `removeAllAnimations()`, or replaced by a later animation of the
    /// same property (which replaces it here, as UIKit's `.beginFromCurrentState` did before
    /// iOS 8), it is told false then; left alone, true at its end.
    func testACompletionIsToldWhetherTheAnimationFinished() throws {
        let controller = Interrupted()
        _ = try timeline(3) { controller }
        XCTAssertEqual(controller.completions[0]?.time, 1.5)
        XCTAssertEqual(controller.completions[0]?.finished, false)
        XCTAssertEqual(controller.completions[1]?.time, 1.5)
        XCTAssertEqual(controller.completions[1]?.finished, false)
        XCTAssertEqual(controller.completions[2]?.time, 2)
        XCTAssertEqual(controller.completions[2]?.finished, true)
    }

    final class Retargeting: RowOfViews, @unchecked Sendable {
        var completions: [(time: Double, finished: Bool)] = []
        init() { super.init(2, vertical: true) }
        override func act() {
            let done = { (finished: Bool) in self.completions.append((CACurrentMediaTime(), finished)) }
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                self.views[0].center.x = 105
                self.views[1].bounds.size.width = 110
            }, completion: done)
            QuartzCoreCompat.DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                    self.views[0].center.x = 5
                    self.views[1].bounds.size.width = 10
                }, completion: done)
            }
        }
    }

    /// Since iOS 8 UIKit animates a view's position and bounds additively: a change adds the
    /// difference, from old − new to nothing, over the new value, so an animation started while
    /// another runs adds to it. Two linear 1 s moves, the second back half way through: the
    /// view shows 5 + 100·t, then from 1.5 s 5 − 100·(1 − f₁) + 100·(1 − f₂) — with both linear
    /// their speeds cancel and it holds at 55 until the first ends at 2 s (the "freeze" UIKit
    /// users report), then returns by 2.5 s; the first completes at its own end, finished. The
    /// bounds' size the same.
    func testRetargetedGeometryAddsToTheRunningAnimation() throws {
        let controller = Retargeting()
        let timeline = try timeline(3) { controller }
        for (time, x) in [(1.25, 30.0), (1.5, 55), (1.75, 55), (2, 55), (2.25, 30), (2.5, 5)] {
            XCTAssertEqual(try values(timeline, "v0", at: time).position.x, x, accuracy: 1e-9, "at \(time)")
            XCTAssertEqual(try values(timeline, "v1", at: time).bounds.width, x + 5, accuracy: 1e-9, "at \(time)")
        }
        XCTAssertEqual(controller.completions.map(\.time), [2, 2.5])
        XCTAssertEqual(controller.completions.map(\.finished), [true, true])
    }

    final class EdgeCases: RowOfViews, @unchecked Sendable {
        var created: UIView?
        var ran: [String: (time: Double, finished: Bool)] = [:]
        init() { super.init(3, vertical: true) }
        override func act() {
            UIView.animate(withDuration: 1, animations: {
                // A view made and placed inside the block appears where it is put.
                let made = UIView(frame: CGRect(x: 100, y: 100, width: 20, height: 20))
                made.layer.name = "made"
                self.view.addSubview(made)
                self.created = made
                self.views[0].center.x = 105
                // The transaction's own completion block beside the block's completion.
                CATransaction.setCompletionBlock { self.ran["transaction"] = (CACurrentMediaTime(), true) }
            }, completion: { self.ran["view"] = (CACurrentMediaTime(), $0) })
            // Actions disabled around a block: its views show their changes at once.
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            UIView.animate(withDuration: 1, animations: { self.views[1].center.x = 105 })
            CATransaction.commit()
            // A view's move is under the key "position": taken off by it, told unfinished.
            UIView.animate(withDuration: 1, animations: { self.views[2].center.x = 105 }, completion: { self.ran["removed"] = (CACurrentMediaTime(), $0) })
            QuartzCoreCompat.DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { self.views[2].layer.removeAnimation(forKey: "position") }
        }
    }

    /// The additive moves in the cases around them: a view made inside a block shows where it
    /// is put (a layer new to the clip has nothing to animate from); `setDisableActions(true)`
    /// around a block stops its views' moves; a `CATransaction` completion block set inside a
    /// view animation's block runs beside the block's own completion; the first additive move
    /// of a property is under the property's name, so `removeAnimation(forKey: "position")`
    /// takes it off and its completion is told false.
    func testAdditiveMovesInTheirEdgeCases() throws {
        let controller = EdgeCases()
        let timeline = try timeline(3) { controller }
        XCTAssertEqual(try values(timeline, "made", at: 1.1).position, Point(110, 110))
        XCTAssertEqual(try values(timeline, "v0", at: 1.5).position.x, 5 + 100 * TimingFunction.easeInEaseOut(0.5), accuracy: 1e-9)
        XCTAssertEqual(controller.ran["view"]?.time, 2)
        XCTAssertEqual(controller.ran["view"]?.finished, true)
        XCTAssertEqual(controller.ran["transaction"]?.time, 2)
        XCTAssertEqual(try values(timeline, "v1", at: 1.1).position.x, 105)
        XCTAssertEqual(try values(timeline, "v2", at: 1.6).position.x, 105)
        XCTAssertEqual(controller.ran["removed"]?.time, 1.5)
        XCTAssertEqual(controller.ran["removed"]?.finished, false)
    }

    final class Nesting: RowOfViews, @unchecked Sendable {
        init() { super.init(5) }
        override func act() {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                self.views[0].alpha = 0
                UIView.animate(withDuration: 0.5, delay: 0, options: .curveEaseIn, animations: { self.views[1].alpha = 0 })
                UIView.animate(withDuration: 0.5, delay: 0, options: [.overrideInheritedDuration, .curveEaseIn], animations: {
                    self.views[2].alpha = 0
                })
                UIView.animate(withDuration: 0.5, delay: 0.5, options: [.overrideInheritedDuration, .overrideInheritedCurve, .curveEaseIn],
                               animations: { self.views[3].alpha = 0 })
                self.views[4].alpha = 0
            })
        }
    }

    final class DelayedNesting: RowOfViews, @unchecked Sendable {
        init() { super.init(2) }
        override func act() {
            UIView.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: {
                self.views[0].alpha = 0
                UIView.animate(withDuration: 1, delay: 0.25, options: [], animations: { self.views[1].alpha = 0 })
            })
        }
    }

    /// Nested animations start at the same time as their parent (View Programming Guide): inside
    /// a block delayed 0.5 s, a nested one delayed 0.25 s begins 0.75 s after the call.
    func testANestedAnimationStartsWithItsDelayedParent() throws {
        let timeline = try timeline(4) { DelayedNesting() }
        XCTAssertEqual(try values(timeline, "v0", at: 1.5).opacity, 1)
        XCTAssertEqual(try values(timeline, "v0", at: 2).opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(try values(timeline, "v1", at: 1.75).opacity, 1)
        XCTAssertEqual(try values(timeline, "v1", at: 2.25).opacity, 0.5, accuracy: 1e-9)
    }

    /// Animations started inside another's block inherit its duration and curve unless their
    /// options override them (View Programming Guide for iOS, "Nesting Animation Blocks"); the
    /// outer block's changes before and after a nested call animate by the outer's settings.
    func testNestedAnimationsInheritTheOuterDurationAndCurveUnlessOverridden() throws {
        let timeline = try timeline(3) { Nesting() }
        // The outer: 1 s, linear, from 1.
        for name in ["v0", "v4"] {
            XCTAssertEqual(try values(timeline, name, at: 1.25).opacity, 0.75, accuracy: 1e-9, name)
            XCTAssertEqual(try values(timeline, name, at: 2).opacity, 0, name)
        }
        // Inherits both: 1 s, linear.
        XCTAssertEqual(try values(timeline, "v1", at: 1.25).opacity, 0.75, accuracy: 1e-9)
        XCTAssertEqual(try values(timeline, "v1", at: 1.75).opacity, 0.25, accuracy: 1e-9)
        // Its own duration, the outer's curve: 0.5 s, linear.
        XCTAssertEqual(try values(timeline, "v2", at: 1.25).opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(try values(timeline, "v2", at: 1.5).opacity, 0)
        // Its own duration and curve after its delay: 0.5 s ease-in from 1.5.
        XCTAssertEqual(try values(timeline, "v3", at: 1.4).opacity, 1)
        XCTAssertEqual(try values(timeline, "v3", at: 1.75).opacity, 1 - TimingFunction.easeIn(0.5), accuracy: 1e-9)
        XCTAssertEqual(try values(timeline, "v3", at: 2).opacity, 0)
    }

    final class Repeating: RowOfViews, @unchecked Sendable {
        var finished: [Int: (time: Double, flag: Bool)] = [:]
        init() { super.init(4) }
        override func act() {
            UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse, .curveLinear], animations: {
                self.views[0].alpha = 0
            }, completion: { self.finished[0] = (CACurrentMediaTime(), $0) })
            UIView.animate(withDuration: 1, delay: 0, options: [.autoreverse, .curveLinear], animations: {
                self.views[1].alpha = 0
            }, completion: { self.finished[1] = (CACurrentMediaTime(), $0) })
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                UIView.modifyAnimations(withRepeatCount: 2.5, autoreverses: false) { self.views[2].alpha = 0 }
                self.views[3].alpha = 0
            })
        }
    }

    /// `.repeat` repeats for ever and `.autoreverse` runs back after each pass (the layer's
    /// animation's repeatCount HUGE_VALF and autoreverses: CAMediaTiming's rules); without
    /// `.repeat`, one pass there and back, then the new value shows. `modifyAnimations` repeats
    /// the changes in its block the given number of times, with the block's duration and curve.
    func testRepeatingAndAutoreversingViewAnimations() throws {
        let controller = Repeating()
        let timeline = try timeline(6) { controller }
        // For ever, there and back: 1 → 0 over [1, 2], 0 → 1 over [2, 3], and on.
        for (t, alpha) in [(1.25, 0.75), (2.25, 0.25), (3.25, 0.75), (5.5, 0.5)] {
            XCTAssertEqual(try values(timeline, "v0", at: t).opacity, alpha, accuracy: 1e-9, "v0 at \(t)")
        }
        XCTAssertNil(controller.finished[0], "a repeating animation never completes")
        // Once there and back, then the model value.
        XCTAssertEqual(try values(timeline, "v1", at: 2.25).opacity, 0.25, accuracy: 1e-9)
        XCTAssertEqual(try values(timeline, "v1", at: 3).opacity, 0)
        XCTAssertEqual(controller.finished[1]?.time, 3)
        XCTAssertEqual(controller.finished[1]?.flag, true)
        // 2.5 passes of 1 s; the change outside modifyAnimations one pass.
        XCTAssertEqual(try values(timeline, "v2", at: 2.25).opacity, 0.75, accuracy: 1e-9)
        XCTAssertEqual(try values(timeline, "v2", at: 3.25).opacity, 0.75, accuracy: 1e-9)
        XCTAssertEqual(try values(timeline, "v2", at: 3.5).opacity, 0)
        XCTAssertEqual(try values(timeline, "v3", at: 1.25).opacity, 0.75, accuracy: 1e-9)
        XCTAssertEqual(try values(timeline, "v3", at: 2.25).opacity, 0)
    }

    final class Springing: UIViewController, @unchecked Sendable {
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        var finishedAt: Double?
        override func viewDidLoad() {
            box.layer.name = "box"
            view.addSubview(box)
            QuartzCoreCompat.DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: [], animations: {
                    self.box.center = CGPoint(x: 105, y: 5)
                }, completion: { _ in self.finishedAt = CACurrentMediaTime() })
            }
        }
    }

    /// A spring view animation moves as a damped oscillator of the given ratio that comes to
    /// rest as the duration ends, and completes then. With ζ = 0.5 and the settling rule's
    /// ω₀ = ln(A/ε) / (ζ·T) (SpringTests), it first peaks at t = π/ω_d, overshooting by
    /// e^(−πζ/√(1 − ζ²)) = 16.3% of the distance (the damped oscillator's peak overshoot).
    func testASpringViewAnimation() throws {
        let controller = Springing()
        let timeline = try timeline(3) { controller }
        let zeta = 0.5
        let omega0 = log(1 / (1 - zeta * zeta).squareRoot() / AnimationSpec.Spring.settlingTolerance) / zeta
        let peak = .pi / (omega0 * (1 - zeta * zeta).squareRoot())
        let overshoot = exp(-.pi * zeta / (1 - zeta * zeta).squareRoot())
        XCTAssertEqual(try values(timeline, "box", at: 1 + peak).position.x, 5 + 100 * (1 + overshoot), accuracy: 0.5)
        XCTAssertEqual(try values(timeline, "box", at: 1.999).position.x, 105, accuracy: 0.1)
        XCTAssertEqual(controller.finishedAt, 2)
    }

    final class Keyframing: RowOfViews, @unchecked Sendable {
        var finishedAt: Double?
        init() { super.init(4, vertical: true) }
        override func act() {
            let linear = UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)
            UIView.animateKeyframes(withDuration: 2, delay: 0, options: linear, animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { self.views[0].center = CGPoint(x: 100, y: 5) }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { self.views[0].center = CGPoint(x: 100, y: 105) }
                UIView.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.25) { self.views[0].alpha = 0.5 }
                UIView.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0) { self.views[1].alpha = 0 }
            }, completion: { _ in self.finishedAt = CACurrentMediaTime() })
            // The default: ease-in-ease-out over the whole; a change outside addKeyframe takes it all.
            UIView.animateKeyframes(withDuration: 2, delay: 0, animations: { self.views[2].alpha = 0 })
            UIView.animateKeyframes(withDuration: 2, delay: 0, options: .calculationModeDiscrete, animations: {
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) { self.views[3].alpha = 0.5 }
            })
        }
    }

    /// Keyframe view animations (UIKit's addKeyframe: start and duration are fractions of the
    /// whole; a keyframe of duration 0 changes at its start) as CAKeyframeAnimation runs them: a
    /// property holds between its keyframes, the whole runs on one curve (ease-in-ease-out by
    /// default), discrete mode shows each value from its key time; the completion runs at the end.
    func testKeyframeViewAnimations() throws {
        let controller = Keyframing()
        let timeline = try timeline(4) { controller }
        func v(_ name: String, _ t: Double) throws -> LayerValues { try values(timeline, name, at: t) }
        // Position: to x 100 over [0, 0.25] of 2 s, held, then to y 105 over [0.5, 1].
        XCTAssertEqual(try v("v0", 1.25).position.x, 52.5, accuracy: 1e-9)
        XCTAssertEqual(try v("v0", 1.75).position, CGPoint(x: 100, y: 5))
        XCTAssertEqual(try v("v0", 2.5).position.y, 55, accuracy: 1e-9)
        // Opacity: held at 1 until 0.25, to 0.5 by 0.5.
        XCTAssertEqual(try v("v0", 1.4).opacity, 1)
        XCTAssertEqual(try v("v0", 1.75).opacity, 0.75, accuracy: 1e-9)
        XCTAssertEqual(try v("v0", 2.5).opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(try v("v1", 2.49).opacity, 1)
        XCTAssertEqual(try v("v1", 2.51).opacity, 0)
        XCTAssertEqual(controller.finishedAt, 3)
        XCTAssertEqual(try v("v2", 1.5).opacity, 1 - TimingFunction.easeInEaseOut(0.25), accuracy: 1e-9)
        XCTAssertEqual(try v("v3", 1.99).opacity, 1)
        XCTAssertEqual(try v("v3", 2.01).opacity, 0.5)
        XCTAssertEqual(try v("v0", 3.5).position, CGPoint(x: 100, y: 105), "then the model values")
    }

    final class Wrapping: UIViewController, @unchecked Sendable {
        let (a, b) = (UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)), UIView(frame: CGRect(x: 20, y: 0, width: 10, height: 10)))
        let shape = CAShapeLayer()
        override func viewDidLoad() {
            a.layer.name = "a"
            b.layer.name = "b"
            shape.name = "shape"
            view.addSubview(a)
            view.addSubview(b)
            view.layer.addSublayer(shape)
            QuartzCoreCompat.DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                    self.a.alpha = 0
                    CATransaction.begin()
                    CATransaction.setAnimationDuration(3)
                    CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
                    self.b.alpha = 0
                    self.shape.lineWidth = 11
                    CATransaction.commit()
                })
            }
        }
    }

    /// A CATransaction inside a view animation's block (the idiom that animates a shape
    /// layer's path beside the views): the views' changes before it and inside it animate as
    /// the block says (1 s; UIKit's views answer the block's animation whatever the
    /// transaction's duration), the standalone layer's by the transaction's settings (3 s).
    func testACATransactionInsideAViewAnimation() throws {
        let timeline = try timeline(5) { Wrapping() }
        XCTAssertEqual(try values(timeline, "a", at: 1.5).opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(try values(timeline, "b", at: 1.5).opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(try values(timeline, "b", at: 2).opacity, 0)
        XCTAssertEqual(try values(timeline, "shape", at: 1.5).lineWidth, 1 + 10 * 0.5 / 3, accuracy: 1e-9)
    }

    final class MixingLayers: UIViewController, @unchecked Sendable {
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let (ring, wrapped) = (CAShapeLayer(), CAShapeLayer())
        override func viewDidLoad() {
            card.layer.name = "card"
            (ring.name, wrapped.name) = ("ring", "wrapped")
            view.addSubview(card)
            view.layer.addSublayer(ring)
            view.layer.addSublayer(wrapped)
            QuartzCoreCompat.DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                UIView.animate(withDuration: 2, delay: 0.5, options: .curveLinear, animations: {
                    self.card.alpha = 0
                    self.ring.strokeEnd = 0
                })
                CATransaction.begin()
                CATransaction.setAnimationDuration(1)
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
                UIView.animate(withDuration: 2, animations: { self.wrapped.strokeEnd = 0 })
                CATransaction.commit()
            }
        }
    }

    final class ShortBlocks: RowOfViews, @unchecked Sendable {
        let ring = CAShapeLayer()
        var done: [String: Double] = [:]
        init() { super.init(1) }
        override func act() {
            view.layer.addSublayer(ring)
            UIView.animate(withDuration: 0.1, animations: {
                self.views[0].alpha = 0
                self.ring.strokeEnd = 0.5
                CATransaction.setCompletionBlock { self.done["transaction"] = CACurrentMediaTime() }
            }, completion: { _ in self.done["short"] = CACurrentMediaTime() })
            UIView.animate(withDuration: 0, animations: { self.ring.lineWidth = 3 }, completion: { _ in self.done["none"] = CACurrentMediaTime() })
        }
    }

    /// A view animation's completion follows its views' animations only, as UIKit's does: a
    /// 0.1 s block that also changes a standalone layer (0.25 s, implicit) completes at 0.1 s,
    /// and a block of duration 0 that changes only one completes at once; the transaction's own
    /// completion block waits for all its animations.
    func testAViewAnimationsCompletionFollowsItsViews() throws {
        let controller = ShortBlocks()
        _ = try timeline(2) { controller }
        XCTAssertEqual(controller.done["short"] ?? 0, 1.1, accuracy: 1e-9)
        XCTAssertEqual(controller.done["transaction"], 1.25)
        XCTAssertEqual(controller.done["none"], 1)
    }

    /// A standalone layer changed in a view animation's block animates as Core Animation's
    /// implicit animations do, not as the block says: UIKit answers only its views' layers'
    /// actions (Core Animation Programming Guide, "How to Animate Layer-Backed Views"), so the
    /// layer takes the transaction around the block's duration and curve — 0.25 s with the
    /// default curve at once, not the block's 2 s after its delay, or a CATransaction's 1 s
    /// around the block — while the view in the same block animates by the block.
    func testStandaloneLayersInAViewAnimationAnimateImplicitly() throws {
        let timeline = try timeline(5) { MixingLayers() }
        XCTAssertEqual(try values(timeline, "ring", at: 1.125).stroke.end, 1 - TimingFunction.default(0.5), accuracy: 1e-9)
        XCTAssertEqual(try values(timeline, "ring", at: 1.25).stroke.end, 0)
        XCTAssertEqual(try values(timeline, "card", at: 1.25).opacity, 1)
        XCTAssertEqual(try values(timeline, "card", at: 2.5).opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(try values(timeline, "wrapped", at: 1.5).stroke.end, 0.5, accuracy: 1e-9)
        XCTAssertEqual(try values(timeline, "wrapped", at: 2).stroke.end, 0)
    }

    final class Completing: RowOfViews, @unchecked Sendable {
        var finished: [String: Double] = [:]
        init() { super.init(4) }
        override func act() {
            // Apple's modifyAnimations idiom: the block's only change is the repeated one.
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                UIView.modifyAnimations(withRepeatCount: 2.5, autoreverses: false) { self.views[0].alpha = 0 }
            }, completion: { _ in self.finished["modify"] = CACurrentMediaTime() })
            // A change, then a longer nested animation, then nothing.
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                self.views[1].alpha = 0
                UIView.animate(withDuration: 2, delay: 0, options: .overrideInheritedDuration, animations: { self.views[2].alpha = 0 },
                               completion: { _ in self.finished["inner"] = CACurrentMediaTime() })
            }, completion: { _ in self.finished["outer"] = CACurrentMediaTime() })
            // From a view in no superview: nothing changes, the completion runs.
            UIView.transition(from: UIView(), to: self.views[3], duration: 1, options: .transitionCrossDissolve,
                              completion: { _ in self.finished["orphan"] = CACurrentMediaTime() })
        }
    }

    /// A view animation's completion runs when every animation added while its block ran has
    /// stopped, those of the blocks run inside it too (a CATransaction's completion covers the
    /// animations added while it is open).
    func testCompletionsWaitForTheBlocksInside() throws {
        let controller = Completing()
        _ = try timeline(5) { controller }
        XCTAssertEqual(controller.finished["modify"], 3.5)
        XCTAssertEqual(controller.finished["inner"], 3)
        XCTAssertEqual(controller.finished["outer"], 3)
        XCTAssertEqual(controller.finished["orphan"], 1)
    }

    final class KeyframesOutOfOrder: UIViewController, @unchecked Sendable {
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        override func viewDidLoad() {
            box.layer.name = "box"
            view.addSubview(box)
            QuartzCoreCompat.DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                let linear = UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)
                UIView.animateKeyframes(withDuration: 2, delay: 0, options: linear, animations: {
                    UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { self.box.center = CGPoint(x: 205, y: 5) }
                    UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { self.box.center = CGPoint(x: 105, y: 5) }
                })
            }
        }
    }

    /// Keyframes added out of order still start from the value before the block: x 5 → 105
    /// over the first half, → 205 over the second.
    func testKeyframesAddedOutOfOrder() throws {
        let timeline = try timeline(4) { KeyframesOutOfOrder() }
        XCTAssertEqual(try values(timeline, "box", at: 1.5).position.x, 55, accuracy: 1e-9)
        XCTAssertEqual(try values(timeline, "box", at: 2.5).position.x, 155, accuracy: 1e-9)
    }

    final class Counting: UIViewController, @unchecked Sendable {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        var calls: [Double] = []
        var others = 0
        var start = 0.0
        override func viewDidLoad() {
            label.layer.name = "label"
            view.addSubview(label)
            QuartzCoreCompat.DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                self.start = CACurrentMediaTime()
                let link = CADisplayLink(target: self, selector: Counting.step)
                link.preferredFramesPerSecond = 30
                link.add(to: .main, forMode: .common)
                // Paused, or invalidated before its first frame: never called.
                let paused = CADisplayLink(target: self, selector: Counting.other)
                paused.isPaused = true
                paused.add(to: .main, forMode: .default)
                let dropped = CADisplayLink(target: self, selector: Counting.other)
                dropped.add(to: .main, forMode: .default)
                dropped.invalidate()
            }
        }
        func other(_ link: CADisplayLink) { others += 1 }
        // The counting-label idiom: the text follows the frame's timestamp for a second.
        func step(_ link: CADisplayLink) {
            calls.append(CACurrentMediaTime())
            XCTAssertEqual(link.targetTimestamp - link.timestamp, 1.0 / 30, accuracy: 1e-12)
            let progress = min((link.timestamp - start) / 1, 1)
            label.text = "\(Int((progress * 100).rounded()))%"
            if progress >= 1 { link.invalidate() }
        }
    }

    /// A display link calls its target at every frame of its rate, at whole multiples of the
    /// frame's duration after it is added (a display's refreshes: 16/30 s is the first after
    /// 0.5 s), with the frame's timestamp, until invalidated.
    func testADisplayLinkCallsAtEveryFrame() throws {
        let controller = Counting()
        let timeline = try timeline(3) { controller }
        XCTAssertEqual(controller.calls.count, 30)
        XCTAssertEqual(controller.others, 0)
        for (n, time) in zip(16..., controller.calls) { XCTAssertEqual(time, Double(n) / 30, accuracy: 1e-9) }
        XCTAssertEqual(try values(timeline, "label", at: 1.01).string.plainText, "50%")
        XCTAssertEqual(try values(timeline, "label", at: 2.9).string.plainText, "100%")
    }

    final class Animators: RowOfViews, @unchecked Sendable {
        var ended: (time: Double, position: UIViewAnimatingPosition)?
        var states: [UIViewAnimatingState] = []
        init() { super.init(6) }
        override func act() {
            // The curves as a keyboard notification gives them, raw values: UIKit's 3 is linear,
            // and shifted left by 16 it is the option of that curve.
            let linear = UIView.AnimationCurve(rawValue: 3) ?? .easeInOut
            let delayed = UIViewPropertyAnimator(duration: 1, curve: linear) { self.views[0].alpha = 0 }
            delayed.addCompletion { self.ended = (CACurrentMediaTime(), $0) }
            states.append(delayed.state)
            delayed.startAnimation(afterDelay: 0.5)
            states.append(delayed.state)
            UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 1, delay: 0, options: UIView.AnimationOptions(rawValue: UInt(linear.rawValue) << 16),
                                                           animations: { self.views[1].alpha = 0 })
            let springy = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.5) { self.views[2].center = CGPoint(x: 145, y: 5) }
            springy.startAnimation()
            let css = UIViewPropertyAnimator(duration: 1, controlPoint1: CGPoint(x: 0.25, y: 0.1), controlPoint2: CGPoint(x: 0.25, y: 1)) {
                self.views[3].alpha = 0
            }
            css.startAnimation()
            // The keyboard's private curve, 7, is none of UIKit's four: it eases in and out here.
            UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 1, delay: 0, options: UIView.AnimationOptions(rawValue: 7 << 16),
                                                           animations: { self.views[5].alpha = 0 })
            let joined = UIViewPropertyAnimator(duration: 1, curve: .linear) {}
            joined.startAnimation()
            QuartzCoreCompat.DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { joined.addAnimations { self.views[4].alpha = 0 } }
        }
    }

    /// UIViewPropertyAnimator: its blocks run when started, animating with its curve (given by
    /// UIKit's raw values), its control points' Bézier, or a spring settling in its duration (as UIView.animate's); after
    /// a delay; the completions run at the end, told `.end`; a block added while it runs animates
    /// over the time it has left.
    func testPropertyAnimators() throws {
        let controller = Animators()
        let timeline = try timeline(4) { controller }
        XCTAssertEqual(try values(timeline, "v0", at: 1.5).opacity, 1)
        XCTAssertEqual(try values(timeline, "v0", at: 2).opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(controller.ended?.time, 2.5)
        XCTAssertEqual(controller.ended?.position, .end)
        XCTAssertEqual(controller.states, [.inactive, .active])
        XCTAssertEqual(try values(timeline, "v1", at: 1.5).opacity, 0.5, accuracy: 1e-9)
        let zeta = 0.5
        let omega0 = log(1 / (1 - zeta * zeta).squareRoot() / AnimationSpec.Spring.settlingTolerance) / zeta
        let peak = .pi / (omega0 * (1 - zeta * zeta).squareRoot())
        XCTAssertEqual(try values(timeline, "v2", at: 1 + peak).position.x, 45 + 100 * (1 + exp(-.pi * zeta / (1 - zeta * zeta).squareRoot())),
                       accuracy: 0.5)
        XCTAssertEqual(try values(timeline, "v3", at: 1.5).opacity, 1 - TimingFunction(0.25, 0.1, 0.25, 1)(0.5), accuracy: 1e-9)
        XCTAssertEqual(try values(timeline, "v4", at: 1.75).opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(try values(timeline, "v4", at: 2).opacity, 0)
        XCTAssertEqual(try values(timeline, "v5", at: 1.25).opacity, 1 - TimingFunction.easeInEaseOut(0.25), accuracy: 1e-9)
    }

    final class Restarted: RowOfViews, @unchecked Sendable {
        var completions: [Double] = []
        init() { super.init(2) }
        override func act() {
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { self.views[0].alpha = 0 }
            animator.addCompletion { _ in
                self.completions.append(CACurrentMediaTime())
                // Started again with a new block and completion: the old ones are not run again.
                animator.addAnimations { self.views[1].alpha = 0 }
                animator.addCompletion { _ in self.completions.append(CACurrentMediaTime()) }
                if self.completions.count == 1 { animator.startAnimation() }
            }
            animator.startAnimation()
        }
    }

    /// A property animator's blocks and completions are used once: restarted, it runs those
    /// added since (two completions in all, at 2 s and 3 s).
    func testARestartedAnimatorRunsOnlyWhatWasAddedSince() throws {
        let controller = Restarted()
        let timeline = try timeline(5) { controller }
        XCTAssertEqual(controller.completions, [2, 3])
        XCTAssertEqual(try values(timeline, "v1", at: 2.5).opacity, 0.5, accuracy: 1e-9)
    }

    final class Unbalanced: UIViewController, @unchecked Sendable {
        let dot = CALayer()
        override func viewDidLoad() {
            dot.name = "dot"
            view.layer.addSublayer(dot)
            QuartzCoreCompat.DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                self.dot.opacity = 0
            }
            QuartzCoreCompat.DispatchQueue.main.asyncAfter(deadline: .now() + 2) {
                self.dot.position = CGPoint(x: 100, y: 0)
            }
        }
    }

    /// A transaction begun and never committed closes with its turn of the run loop (Core
    /// Animation commits it there): its change shows at once, and a later turn's change
    /// animates in the implicit transaction again (0.25 s, the default curve).
    func testATransactionLeftOpenClosesWithItsTurn() throws {
        let timeline = try timeline(3) { Unbalanced() }
        XCTAssertEqual(try values(timeline, "dot", at: 1.01).opacity, 0)
        XCTAssertEqual(try values(timeline, "dot", at: 2.125).position.x, 100 * TimingFunction.default(0.5), accuracy: 1e-9)
    }

    final class Pulsing: UIViewController, CAAnimationDelegate, @unchecked Sendable {
        let dot = CAShapeLayer()
        var starts: [(time: Double, sameObject: Bool)] = []
        var stops: [(time: Double, finished: Bool)] = []
        override func viewDidLoad() {
            dot.name = "dot"
            view.layer.addSublayer(dot)
            let pulse = CABasicAnimation(keyPath: "opacity")
            pulse.fromValue = 1
            pulse.toValue = 0
            pulse.duration = 0.4
            pulse.beginTime = 0.2
            pulse.delegate = self
            dot.add(pulse, forKey: "pulse")
            XCTAssertFalse(dot.animation(forKey: "pulse") === pulse, "the layer keeps a copy")
        }
        func animationDidStart(_ anim: CAAnimation) {
            starts.append((CACurrentMediaTime(), dot.animation(forKey: "pulse") === anim))
        }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            stops.append((CACurrentMediaTime(), flag))
            if stops.count == 1 {
                // Chained: the next pulse starts where this one stopped.
                let next = anim.copy()
                next.beginTime = 0
                dot.add(next, forKey: "pulse")
            }
        }
    }

    func testDelegatesAreToldWithTheLayersCopyAtTheEventsTimes() throws {
        let controller = Pulsing()
        let timeline = try timeline(2) { controller }
        for (time, expected) in zip(controller.starts.map(\.time), [0.2, 0.6]) { XCTAssertEqual(time, expected, accuracy: 1e-12) }
        XCTAssertEqual(controller.starts.count, 2)
        XCTAssertEqual(controller.starts.map(\.sameObject), [true, true])
        for (time, expected) in zip(controller.stops.map(\.time), [0.6, 1.0]) { XCTAssertEqual(time, expected, accuracy: 1e-12) }
        XCTAssertEqual(controller.stops.count, 2)
        XCTAssertEqual(controller.stops.map(\.finished), [true, true])
        XCTAssertEqual(try values(timeline, "dot", at: 0.4).opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(try values(timeline, "dot", at: 0.8).opacity, 0.5, accuracy: 1e-9)
    }

    final class Acting: UIViewController, @unchecked Sendable {
        let dot = CALayer()
        override func viewDidLoad() {
            dot.name = "dot"
            dot.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            let slide = CABasicAnimation()
            slide.duration = 1
            slide.timingFunction = CAMediaTimingFunction(name: .linear)
            dot.actions = ["opacity": NSNull(), "position": slide]
            view.layer.addSublayer(dot)
            QuartzCoreCompat.DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                self.dot.opacity = 0.5
                self.dot.position = CGPoint(x: 105, y: 5)
                self.dot.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
            }
        }
    }

    /// A layer's `actions` replace its implicit animations per key (CALayer's
    /// `action(forKey:)` looks in `actions` first; NSNull there means none).
    func testALayersActionsDisableOrReplaceImplicitAnimationsPerKey() throws {
        let timeline = try timeline(2) { Acting() }
        XCTAssertEqual(try values(timeline, "dot", at: 0.5).opacity, 0.5)
        XCTAssertEqual(try values(timeline, "dot", at: 1.0).position.x, 55, accuracy: 1e-9)
        // bounds has no action of its own: the implicit 0.25 s one.
        XCTAssertEqual(try values(timeline, "dot", at: 0.625).bounds.width, 10 + 20 * TimingFunction.default(0.5), accuracy: 1e-9)
    }
}
