import Animation
import Geometry

/// The iOS app a `UIKitScene` runs: its screen and its script (whose clock is the clip's). Every
/// piece of the app's code — the controller's `viewDidLoad`, delegate methods, completion
/// blocks, delayed performs, dispatched blocks, timers — runs through `run`, on the thread
/// resolving the timeline, with `current` bound to the app; that is what the static iOS entry
/// points (`DispatchQueue.main`, `CATransaction`, `UIView.animate`, `UIScreen.main`,
/// `CACurrentMediaTime`) act on. The timeline resolves on one thread, so nothing here is shared
/// between threads while it runs.
final class AppRun: @unchecked Sendable {
    /// The app whose code is running on this thread.
    @TaskLocal static var current: AppRun?

    /// The running app; calling an iOS entry point outside one is a programming error.
    static func running(_ caller: String) -> AppRun {
        guard let current else {
            preconditionFailure("\(caller) works only in code a UIKitScene runs (its controller and the callbacks it schedules)")
        }
        return current
    }

    /// The script: the clip's clock, timers, transactions.
    let script: Script
    /// The screen's bounds in points (`UIScreen.main.bounds`): the canvas.
    let screen: CGRect
    /// Views whose `draw(_:)` runs before the current piece of code's changes are committed.
    var viewsToDisplay: [UIView] = []
    /// The settings of the `UIView.animate` blocks running, innermost last: inside one, views'
    /// changes animate.
    var viewAnimations: [Transaction] = []
    /// The views' layers changed in the running animation blocks since the last commit.
    var animatedViewLayers: [CALayer] = []
    /// The engine layers of every view changed in an animation block so far, by identity (held,
    /// so that no other layer takes an identity over): the layers whose animations a view
    /// animation's completion waits for.
    var viewLayers: [ObjectIdentifier: Layer] = [:]
    /// What the running `UIView.animateKeyframes` block has changed so far; nil outside one.
    var keyframes: KeyframeRecording?
    /// What runs when each open transaction's animations have stopped, innermost last.
    var completions: [Completions] = []
    /// The app's window (`UIApplication.shared.keyWindow`), set when the scene is built.
    var window: UIView?
    /// What the view whose `draw(_:)` is running has drawn; nil outside `draw(_:)`.
    var drawing: Drawing?
    /// Whether the controller is being set up: what it does then is the clip's first picture,
    /// and a view animation waits for the first turn of the run loop to run.
    var isLaunching = false

    init(script: Script, screen: CGRect) {
        self.script = script
        self.screen = screen
    }

    /// Runs `body` as one turn of the app's run loop at the script's current time: in an
    /// implicit transaction, views that need display drawn at its end.
    func run(_ body: () -> Void) {
        Self.$current.withValue(self) {
            let depth = script.openTransactionCount
            beginTransaction()
            body()
            displayViews()
            // A transaction the code began and did not commit closes with the turn, as Core
            // Animation commits it at the end of the run loop's pass.
            while script.openTransactionCount > depth + 1 { commitTransaction() }
            commitTransaction()
        }
    }

    /// Opens a transaction with `settings` (the implicit one's unless given) and no completion block.
    func beginTransaction(_ settings: Transaction = .implicit) {
        script.beginTransaction(settings)
        completions.append(Completions())
    }

    /// Commits the innermost transaction; its completion blocks run as the app's code.
    func commitTransaction() {
        let done = completions.popLast() ?? Completions()
        var waiting: [Script.Completion] = []
        if let block = done.transaction { waiting.append(Script.Completion { [self] _, _ in run(block) }) }
        if let block = done.viewAnimation {
            waiting.append(Script.Completion(waitingFor: { [self] in viewLayers[ObjectIdentifier($0)] != nil }) { [self] _, finished in
                run { block(finished) }
            })
        }
        script.commitTransaction(completions: waiting)
    }

    /// A transaction's completion blocks: its own (`CATransaction.setCompletionBlock`), which
    /// waits for all its animations, and, for a view animation's, the animation's, which waits
    /// for its views' (UIKit's follows its own animations), told whether they finished.
    struct Completions {
        var transaction: (() -> Void)?
        var viewAnimation: ((Bool) -> Void)?
    }

    /// Adds an animation UIKit makes for a view (a keyframe animation's, a transition's) to its
    /// layer, whose animations a view animation's completion then waits for.
    func addViewAnimation(_ animation: Animation, to layer: CALayer, forKey key: String? = nil) {
        viewLayers[ObjectIdentifier(layer.backing)] = layer.backing
        layer.backing.add(animation, forKey: key)
    }

    /// Runs `commit` with the views' layers changed in animation blocks since the last commit
    /// animating by `settings` (UIKit's views answer the running block's animation for their
    /// layers' changes); with nil, or outside a commit, their actions are none
    /// (`CALayer.viewActions`).
    func committingViewChanges(animatingBy settings: Transaction?, _ commit: () -> Void) {
        let changed = animatedViewLayers
        animatedViewLayers = []
        for layer in changed { viewLayers[ObjectIdentifier(layer.backing)] = layer.backing }
        if let settings {
            for layer in changed { layer.backing.actions = layer.viewActions(animatingBy: settings, at: script.layerTime(of: layer.backing)) }
        }
        commit()
        for layer in changed { layer.backing.actions = CALayer.viewActions }
    }

    /// Runs `body` now, or `delay` seconds from now when that is later; while the controller is
    /// set up, at the first turn of the run loop at the earliest (as UIKit runs a view
    /// animation started in `viewDidLoad`).
    func runSoon(after delay: TimeInterval, _ body: @escaping () -> Void) {
        if delay > 0 || isLaunching {
            after(delay, body)
        } else {
            body()
        }
    }

    /// Runs `body` as a turn of the run loop `delay` seconds from now.
    func after(_ delay: TimeInterval, _ body: @escaping () -> Void) {
        script.after(delay) { [self] _ in run(body) }
    }

    /// Draws the views that asked to be (`setNeedsDisplay`) and are in the window with a size,
    /// as the run loop does before it commits; drawing may ask for more. The others wait.
    private func displayViews() {
        // Each view draws once a turn: one that asks again while drawing waits for the next.
        var drawn: [UIView] = []
        while let next = viewsToDisplay.firstIndex(where: { view in view.canDisplay && !drawn.contains { $0 === view } }) {
            let view = viewsToDisplay.remove(at: next)
            view.display()
            drawn.append(view)
        }
        // A turn of its own at this time draws them (at their own end, as every turn does).
        if viewsToDisplay.contains(where: { view in drawn.contains { $0 === view } }) { after(0) {} }
    }
}

/// The current time in seconds of the clip (`CACurrentMediaTime()`): the time of the callback
/// running, 0 while the controller is set up.
public func CACurrentMediaTime() -> CFTimeInterval {
    AppRun.running("CACurrentMediaTime()").script.now
}

/// The root of iOS's class tree, for `perform(_:with:afterDelay:)`.
open class NSObject {
    public init() {}

    /// Calls `method` with `object` `delay` seconds of clip time from now
    /// (`perform(_:with:afterDelay:)`; Swift on Linux has no selectors: pass the method itself,
    /// `perform(drawAnimation, with: layer, afterDelay: 0.25)`).
    public func perform<Argument>(_ method: @escaping (Argument) -> Void, with object: Argument, afterDelay delay: TimeInterval) {
        AppRun.running("perform(_:with:afterDelay:)").after(delay) { method(object) }
    }

    /// Calls `method` `delay` seconds of clip time from now (`perform(_:with:afterDelay:)`
    /// with no object).
    public func perform(_ method: @escaping () -> Void, afterDelay delay: TimeInterval) {
        AppRun.running("perform(_:afterDelay:)").after(delay, method)
    }
}

/// A moment of the clip (`DispatchTime`), for `DispatchQueue.main.asyncAfter(deadline:)`.
public struct DispatchTime: Comparable, Sendable {
    /// Seconds of clip time.
    public let seconds: Double

    /// Now: the time of the code running (`DispatchTime.now()`).
    public static func now() -> DispatchTime {
        DispatchTime(seconds: AppRun.running("DispatchTime.now()").script.now)
    }

    /// `time` plus `seconds`.
    public static func + (time: DispatchTime, seconds: Double) -> DispatchTime {
        DispatchTime(seconds: time.seconds + seconds)
    }

    /// `time` plus `interval`.
    public static func + (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime {
        DispatchTime(seconds: time.seconds + interval.seconds)
    }

    public static func < (a: DispatchTime, b: DispatchTime) -> Bool { a.seconds < b.seconds }
}

/// A length of time (`DispatchTimeInterval`).
public enum DispatchTimeInterval: Sendable {
    case seconds(Int), milliseconds(Int), microseconds(Int), nanoseconds(Int)

    /// The interval in seconds.
    var seconds: Double {
        switch self {
        case .seconds(let n): Double(n)
        case .milliseconds(let n): Double(n) / 1e3
        case .microseconds(let n): Double(n) / 1e6
        case .nanoseconds(let n): Double(n) / 1e9
        }
    }
}

/// The main queue (`DispatchQueue.main`), running blocks at moments of the clip's time.
public final class DispatchQueue: Sendable {
    /// The app's main queue.
    public static let main = DispatchQueue()

    private init() {}

    /// Runs `work` as the next turn of the run loop, at the current time (`async(execute:)`).
    public func async(execute work: @escaping () -> Void) {
        AppRun.running("DispatchQueue.main.async").after(0, work)
    }

    /// Runs `work` at `deadline`, or at once when it has passed (`asyncAfter(deadline:execute:)`).
    public func asyncAfter(deadline: DispatchTime, execute work: @escaping () -> Void) {
        let app = AppRun.running("DispatchQueue.main.asyncAfter")
        app.after(deadline.seconds - app.script.now, work)
    }
}

/// A timer on the clip's clock (`Timer`): `scheduledTimer(withTimeInterval:repeats:block:)`
/// fires `block` every `timeInterval` seconds of clip time (once unless it repeats) until
/// `invalidate()`. A repeating timer fires at whole multiples of its interval from when it was
/// scheduled, as iOS aims to; it never drifts.
public final class Timer {
    /// Seconds between firings.
    public let timeInterval: TimeInterval
    /// False once invalidated, or once a one-shot timer has fired.
    public private(set) var isValid = true
    private let repeats: Bool
    private let block: (Timer) -> Void

    private init(timeInterval: TimeInterval, repeats: Bool, block: @escaping (Timer) -> Void) {
        self.timeInterval = timeInterval
        self.repeats = repeats
        self.block = block
    }

    /// A timer firing `interval` seconds from now, and every `interval` after that when it
    /// repeats (`scheduledTimer(withTimeInterval:repeats:block:)`).
    @discardableResult
    public static func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool,
                                      block: @escaping (Timer) -> Void) -> Timer {
        let app = AppRun.running("Timer.scheduledTimer")
        // iOS gives a repeating timer an interval of at least 0.1 ms.
        let timer = Timer(timeInterval: repeats ? max(interval, 0.0001) : max(interval, 0), repeats: repeats, block: block)
        timer.schedule(in: app, from: app.script.now, firing: 1)
        return timer
    }

    /// Fires now, without changing its schedule (`fire()`); a one-shot timer is then invalid.
    public func fire() {
        guard isValid else { return }
        block(self)
        if !repeats { isValid = false }
    }

    /// Stops the timer: it never fires again (`invalidate()`).
    public func invalidate() {
        isValid = false
    }

    private func schedule(in app: AppRun, from start: Double, firing n: Int) {
        let time = start + Double(n) * timeInterval
        app.after(time - app.script.now) { [self] in
            guard isValid else { return }
            fire()
            if repeats && isValid { schedule(in: app, from: start, firing: n + 1) }
        }
    }
}

/// The app's run loop (`RunLoop.main`), where a display link is added.
public final class RunLoop: Sendable {
    /// The main run loop: the one the app's code runs in.
    public static let main = RunLoop()

    /// A run loop mode (`RunLoop.Mode`); the clip has one, so every mode is the same.
    public struct Mode: Hashable, Sendable {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let `default` = Mode("kCFRunLoopDefaultMode")
        public static let common = Mode("kCFRunLoopCommonModes")
    }

    private init() {}
}

/// A timer in step with the display (`CADisplayLink`), here the clip's clock: once added to the
/// run loop it calls its target's method at every refresh of a 60 Hz display, or at the rate
/// dividing 60 nearest `preferredFramesPerSecond` — at whole multiples of its frame's length,
/// as a display refreshes — until `invalidate()`; while `isPaused` it skips them. Swift on Linux has no selectors, so
/// the method itself is passed: `CADisplayLink(target: self, selector: MyView.step)` for
/// `func step(_ link: CADisplayLink)`. The link keeps its target, as on iOS.
public final class CADisplayLink {
    /// Whether the frames pass without calling the target (`isPaused`).
    public var isPaused = false
    /// Frames a second to call at (`preferredFramesPerSecond`); 0 for the display's 60.
    public var preferredFramesPerSecond = 0
    /// When the frame of the latest call was shown (`timestamp`).
    public private(set) var timestamp: CFTimeInterval = 0
    /// When the next frame shows (`targetTimestamp`).
    public private(set) var targetTimestamp: CFTimeInterval = 0
    private var added = false
    private var isValid = true
    private let call: (CADisplayLink) -> Void

    /// A link calling `selector` on `target` at each frame once added to the run loop
    /// (`init(target:selector:)`).
    public init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> (CADisplayLink) -> Void) {
        call = { link in selector(target)(link) }
    }

    /// Seconds between the display's refreshes, a 60th (`duration`); a frame of the link lasts
    /// `targetTimestamp − timestamp`.
    public var duration: CFTimeInterval { 1.0 / 60 }

    /// Seconds between the link's calls: the display's rate, or the rate dividing it nearest
    /// `preferredFramesPerSecond` (a display refreshes 60 times a second; a link calls at every
    /// refresh or every second, third, … one).
    private var frameDuration: CFTimeInterval {
        let refreshes = preferredFramesPerSecond > 0 ? max((60 / Double(preferredFramesPerSecond)).rounded(), 1) : 1
        return refreshes * duration
    }

    /// Starts calling at the next frame (`add(to:forMode:)`); adding it again changes nothing.
    public func add(to runLoop: RunLoop, forMode mode: RunLoop.Mode) {
        let app = AppRun.running("CADisplayLink.add(to:forMode:)")
        guard isValid, !added else { return }
        added = true
        scheduleNextFrame(in: app)
    }

    /// Stops it for good (`invalidate()`).
    public func invalidate() {
        isValid = false
    }

    /// Calls at the first whole multiple of the frame's length after now (a length worked out
    /// again each frame, as a changed `preferredFramesPerSecond` takes effect); a time within
    /// rounding of a multiple counts as that frame, so a call is never repeated at its own time.
    private func scheduleNextFrame(in app: AppRun) {
        let now = app.script.now
        let frame = frameDuration
        let next = ((now / frame + 1e-9).rounded(.down) + 1) * frame
        app.after(next - now) { [self] in
            guard isValid else { return }
            (timestamp, targetTimestamp) = (next, next + frameDuration)
            if !isPaused { call(self) }
            if isValid { scheduleNextFrame(in: app) }
        }
    }
}
