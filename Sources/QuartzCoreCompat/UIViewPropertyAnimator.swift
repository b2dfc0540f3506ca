import Animation

extension UIView {
    /// A view animation's curve (`UIView.AnimationCurve`), with UIKit's raw values: shifted left
    /// by 16, each is its `AnimationOptions` curve. The keyboard's private curve 7 is not one:
    /// `AnimationCurve(rawValue: 7)` is nil here (on iOS, an imported C enum, it is a value),
    /// and as an option's curve it eases in and out.
    public enum AnimationCurve: Int, Sendable {
        case easeInOut = 0, easeIn = 1, easeOut = 2, linear = 3

        var timingFunction: TimingFunction {
            switch self {
            case .easeInOut: .easeInEaseOut
            case .easeIn: .easeIn
            case .easeOut: .easeOut
            case .linear: .linear
            }
        }
    }
}

/// Where a property animator ended (`UIViewAnimatingPosition`): here always at its end.
public enum UIViewAnimatingPosition: Sendable {
    case end, start, current
}

/// Where a property animator is (`UIViewAnimatingState`).
public enum UIViewAnimatingState: Sendable {
    case inactive, active, stopped
}

/// Animations of views with a curve or a spring, started when asked (`UIViewPropertyAnimator`):
/// `startAnimation()` runs the blocks added, as a `UIView.animate` block with the animator's
/// duration and timing, and the completions when its delay and duration have run (with
/// animations or without, as the animator keeps its own time).
/// Pausing, scrubbing (`fractionComplete`), reversing and stopping part way are not there.
public final class UIViewPropertyAnimator {
    /// Seconds the animations take (`duration`).
    public let duration: TimeInterval
    /// Seconds after `startAnimation(afterDelay:)` they begin (`delay`).
    public private(set) var delay: TimeInterval = 0
    /// Where it is (`state`): inactive until started, active until its completions run.
    public private(set) var state = UIViewAnimatingState.inactive
    /// Whether its animations are running (`isRunning`).
    public var isRunning: Bool { state == .active }
    private let timing: TimingFunction
    private let spring: UIView.SpringSettings?
    private var animations: [() -> Void] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    /// When it started and with what, while it runs.
    private var startedAt = 0.0
    private var startedWith: Transaction?

    /// Animations with one of UIKit's curves (`init(duration:curve:animations:)`).
    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timing: curve.timingFunction, spring: nil, animations: animations)
    }

    /// Animations on a cubic Bézier timing curve through the two control points
    /// (`init(duration:controlPoint1:controlPoint2:animations:)`).
    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timing: TimingFunction(point1.x, point1.y, point2.x, point2.y), spring: nil, animations: animations)
    }

    /// Animations moving as a spring of damping ratio `ratio` that comes to rest as the
    /// duration ends, as `UIView.animate(withDuration:delay:usingSpringWithDamping:…)` makes it
    /// (`init(duration:dampingRatio:animations:)`).
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timing: .default, spring: (ratio, 0), animations: animations)
    }

    /// An animator started at once with UIKit's animation options
    /// (`runningPropertyAnimator(withDuration:delay:options:animations:completion:)`).
    @discardableResult
    public static func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
                                               animations: @escaping () -> Void,
                                               completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: duration, timing: options.timingFunction, spring: nil, animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    private init(duration: TimeInterval, timing: TimingFunction, spring: UIView.SpringSettings?, animations: (() -> Void)?) {
        (self.duration, self.timing, self.spring) = (duration, timing, spring)
        if let animations { self.animations.append(animations) }
    }

    /// Adds a block of changes to animate (`addAnimations(_:)`); added while running, it runs
    /// at once, its changes animating over the time the animator has left.
    public func addAnimations(_ animation: @escaping () -> Void) {
        guard state == .active, let settings = startedWith else { return animations.append(animation) }
        let app = AppRun.running("UIViewPropertyAnimator.addAnimations")
        let elapsed = app.script.now - startedAt
        var rest = settings
        (rest.delay, rest.duration) = (max(settings.delay - elapsed, 0), max(settings.duration - max(elapsed - settings.delay, 0), 0))
        rest.disableActions = rest.duration <= 0
        rest.spring = rest.disableActions ? nil : rest.spring?.settling(in: rest.duration)
        UIView.runBlock(animatingViewsBy: rest, in: app, completion: nil, animation)
    }

    /// Adds a block to run when the animations end, told where they ended (`addCompletion(_:)`).
    public func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    /// Starts the animations now (`startAnimation()`).
    public func startAnimation() {
        startAnimation(afterDelay: 0)
    }

    /// Runs the blocks now, their changes beginning to show `delay` seconds later
    /// (`startAnimation(afterDelay:)`); an animator already started is left alone.
    public func startAnimation(afterDelay delay: TimeInterval) {
        guard state == .inactive else { return }
        let app = AppRun.running("UIViewPropertyAnimator.startAnimation")
        (self.delay, state) = (max(delay, 0), .active)
        let settings = Transaction(duration: duration, timingFunction: timing, disableActions: duration <= 0, delay: self.delay).springing(spring)
        app.runSoon(after: 0) { [self] in
            (startedAt, startedWith) = (app.script.now, settings)
            // The blocks and completions are used once: started again, it runs those added since.
            let blocks = animations
            animations = []
            UIView.runBlock(animatingViewsBy: settings, in: app, completion: nil) {
                for animation in blocks { animation() }
            }
            // The animator keeps its own time: it ends when its duration has run, animations or not.
            app.after(self.delay + max(duration, 0)) { [self] in
                let done = completions
                (state, startedWith, completions) = (.inactive, nil, [])
                for completion in done { completion(.end) }
            }
        }
    }
}
