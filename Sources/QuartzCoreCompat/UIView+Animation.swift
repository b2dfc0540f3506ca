import Animation

extension UIView {
    /// A view animation's options (`UIView.AnimationOptions`): its curve, whether it repeats
    /// and runs back, how a block inside another's inherits, and a transition's kind. Options
    /// about touches, layout and the display's frame rate are accepted and change nothing here.
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Lay out subviews as the animation runs (no Auto Layout here: nothing to do).
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// Let touches through while it runs (no touches here: nothing to do).
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Start from the values shown (what every animation here does).
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeat for ever (the completion is not called).
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Run back to the old values after each pass (without `.repeat`, once there and back,
        /// then the new values show).
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// Inside another animation's block, use this call's duration, not the outer one's.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// Inside another animation's block, use this call's curve, not the outer one's.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        /// In a transition's block, animate the views' changes too (otherwise they show at once,
        /// under the transition).
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        /// In `transition(from:to:…)`, hide the one view and show the other instead of taking
        /// the one out and putting the other in.
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        /// Inside another animation's block, keep this call's repeat options (which a block
        /// never takes from the outer one here).
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
        public static let curveEaseInOut = AnimationOptions([])
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        /// A transition that turns the view over about its vertical middle line, its left side
        /// coming toward the viewer: the old picture on the front, the new one on the back.
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        /// The flip with the right side coming toward the viewer.
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        /// A transition that fades the old picture of the view into the new.
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        /// The flip about the horizontal middle line, the top side coming toward the viewer.
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        /// The flip about the horizontal middle line, the bottom side coming toward the viewer.
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)
        /// The display's frame rate (the clip's frame rate decides here).
        public static let preferredFramesPerSecondDefault = AnimationOptions([])
        public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
        public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)

        /// The transition these options ask for, if any (the curls are not there).
        var transition: (kind: Transition.Kind, direction: Transition.Direction)? {
            switch rawValue & (7 << 20) {
            case 1 << 20: (.flip, .fromLeft)
            case 2 << 20: (.flip, .fromRight)
            case 5 << 20: (.fade, .fromLeft)
            case 6 << 20: (.flip, .fromTop)
            case 7 << 20: (.flip, .fromBottom)
            default: nil
            }
        }

        /// The curve's timing: the `AnimationCurve` in bits 16–19, ease-in-ease-out for one
        /// that is not there (the keyboard's private 7).
        var timingFunction: TimingFunction {
            (UIView.AnimationCurve(rawValue: Int(rawValue >> 16 & 0xF)) ?? .easeInOut).timingFunction
        }

        /// The settings of a block animating over `duration` seconds after `delay` with these
        /// options: their curve, repeating for ever with `.repeat`, reversing with `.autoreverse`.
        func settings(duration: TimeInterval, delay: TimeInterval) -> Transaction {
            Transaction(duration: duration, timingFunction: timingFunction, delay: max(delay, 0),
                        repeatCount: contains(.repeat) ? .infinity : 0, autoreverses: contains(.autoreverse))
        }
    }

    /// A UIKit spring: its damping ratio and initial velocity (in whole distances a second).
    typealias SpringSettings = (dampingRatio: Double, velocity: Double)

    /// Animates the changes `animations` makes to views from their current values, over
    /// `duration` seconds after `delay`, then calls `completion`, told whether the animations
    /// finished (`animate(withDuration:delay:options:animations:completion:)`): false when one
    /// was taken off or replaced before its end. The block runs at once
    /// and the views' model values change then; they show their old values until the delay
    /// ends (with a duration of 0 the block waits for the delay). Inside another animation's
    /// block it starts with the outer one (its delay after the outer's), takes the outer one's
    /// duration and curve unless `options` override them, and the outer block's completion
    /// waits for it too. Called while the controller is set up,
    /// it runs at the first turn of the run loop, as on iOS.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval = 0, options: AnimationOptions = [],
                              animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        animate(duration, delay, options, spring: nil, animations, completion)
    }

    /// `animate(withDuration:delay:options:animations:completion:)` with the changes moving as a
    /// spring of damping ratio `dampingRatio` (1 settles without overshooting, towards 0 it
    /// bounces more) and initial speed `velocity` (in whole distances a second), that comes to
    /// rest as the duration ends (`animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)`;
    /// `AnimationSpec.Spring(settlingIn:dampingRatio:initialVelocity:)` says how the spring is made).
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
                              initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [], animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        animate(duration, delay, options, spring: (dampingRatio, velocity), animations, completion)
    }

    /// The two `animate` calls: a spring given by its damping ratio and velocity, or none.
    private class func animate(_ duration: TimeInterval, _ delay: TimeInterval, _ options: AnimationOptions,
                               spring: SpringSettings?, _ animations: @escaping () -> Void,
                               _ completion: ((Bool) -> Void)?) {
        let app = AppRun.running("UIView.animate")
        var settings = options.settings(duration: duration, delay: delay).springing(spring)
        if let outer = app.viewAnimations.last {
            // Nested animations start with the outer one (View Programming Guide): after its delay too.
            settings.delay += outer.delay
            if !options.contains(.overrideInheritedDuration) { settings.duration = outer.duration }
            if !options.contains(.overrideInheritedCurve) { (settings.timingFunction, settings.spring) = (outer.timingFunction, outer.spring) }
            // A spring settles in the duration it runs for.
            if settings.duration > 0 { settings.spring = settings.spring?.settling(in: settings.duration) }
        }
        // A duration of 0 or less makes the changes without animating them (UIKit), after the delay.
        settings.disableActions = settings.duration <= 0
        let wait = settings.disableActions ? settings.delay : 0
        if settings.disableActions { settings.delay = 0 }
        app.runSoon(after: wait) { runBlock(animatingViewsBy: settings, in: app, completion: completion, animations) }
    }

    /// Inside an animation's block, makes the changes `animations` makes to views repeat `count`
    /// times (a fraction plays part of a pass), running back after each pass when
    /// `autoreverses`, with the block's duration, curve and delay
    /// (`modifyAnimations(withRepeatCount:autoreverses:animations:)`); the block's completion
    /// waits for them. Outside one the changes show at once.
    public class func modifyAnimations(withRepeatCount count: CGFloat, autoreverses: Bool, animations: () -> Void) {
        let app = AppRun.running("UIView.modifyAnimations")
        guard var settings = app.viewAnimations.last else { return animations() }
        (settings.repeatCount, settings.autoreverses) = (max(count, 0), autoreverses)
        runBlock(animatingViewsBy: settings, in: app, completion: nil, animations)
    }

    /// Makes the changes `animations` makes to `view` and the views inside it (adding,
    /// removing, changing them) under a transition of `duration` seconds, with the options'
    /// curve, then calls `completion` as `animate` does (`transition(with:duration:options:animations:completion:)`).
    /// `.transitionCrossDissolve` fades the view's old picture into its new one (a `CATransition`
    /// of type fade on its layer), the flips turn the view over from the old picture to the new
    /// (of type flip); with no transition the changes show at once. The changes
    /// themselves show at once under the transition unless `.allowAnimatedContent` animates
    /// them too.
    public class func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [], animations: (() -> Void)?,
                                 completion: ((Bool) -> Void)? = nil) {
        let app = AppRun.running("UIView.transition")
        let animated = options.contains(.allowAnimatedContent) && duration > 0
        let settings = animated ? Transaction(duration: duration, timingFunction: options.timingFunction) : nil
        app.runSoon(after: 0) {
            runBlock(animatingViewsBy: settings, in: app, completion: completion) {
                if let (kind, direction) = options.transition, duration > 0 {
                    let transition = TransitionAnimation()
                    (transition.type, transition.subtype) = (kind, direction)
                    (transition.duration, transition.timingFunction) = (duration, options.timingFunction)
                    app.addViewAnimation(transition, to: view.layer)
                }
                animations?()
            }
        }
    }

    /// Replaces `fromView` in its superview by `toView` under a transition of the superview
    /// (`transition(from:to:duration:options:completion:)`): `fromView` is taken out and
    /// `toView` put in its place, or with `.showHideTransitionViews` the one hidden and the other
    /// shown. A `fromView` in no superview changes nothing, and the completion runs at once.
    public class func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                 completion: ((Bool) -> Void)? = nil) {
        guard let container = fromView.superview else {
            return AppRun.running("UIView.transition").runSoon(after: 0) { completion?(true) }
        }
        transition(with: container, duration: duration, options: options, animations: {
            if options.contains(.showHideTransitionViews) {
                (fromView.isHidden, toView.isHidden) = (true, false)
            } else {
                container.insertSubview(toView, at: container.subviews.firstIndex { $0 === fromView } ?? container.subviews.count)
                fromView.removeFromSuperview()
            }
        }, completion: completion)
    }

    /// Runs a view animation's block `body` in a transaction: the views it changes animate by
    /// `settings` (with nil they show at once), as UIKit's views answer their layers' actions;
    /// the standalone layers it changes animate as Core Animation's implicit animations do, by
    /// the settings of the transaction around the block (0.25 s and the default curve unless a
    /// `CATransaction` says otherwise), for UIKit answers no other layer's actions.
    /// `completion` runs when the views' animations added while it was open (its own and those
    /// of blocks run inside it) have stopped, told whether all finished. The changes an outer
    /// block made before it commit first, by the outer's settings.
    static func runBlock(animatingViewsBy settings: Transaction?, in app: AppRun, completion: ((Bool) -> Void)?, _ body: () -> Void) {
        let around = app.script.openTransaction ?? .implicit
        app.committingViewChanges(animatingBy: app.viewAnimations.last) { app.beginTransaction(around) }
        app.completions[app.completions.count - 1].viewAnimation = completion
        // Changes in a block run inside a keyframe animation's block are this block's.
        let keyframes = app.keyframes
        app.keyframes = nil
        if let settings { app.viewAnimations.append(settings) }
        body()
        if settings != nil { app.viewAnimations.removeLast() }
        app.keyframes = keyframes
        app.committingViewChanges(animatingBy: settings) { app.commitTransaction() }
    }
}

extension Transaction {
    /// These settings with the changes moving as `spring`, which comes to rest as the duration
    /// ends (`AnimationSpec.Spring(settlingIn:dampingRatio:initialVelocity:)`); none with no
    /// spring or no duration.
    func springing(_ spring: UIView.SpringSettings?) -> Transaction {
        guard let spring, duration > 0 else { return self }
        var settings = self
        settings.spring = AnimationSpec.Spring(settlingIn: duration, dampingRatio: spring.dampingRatio, initialVelocity: spring.velocity)
        return settings
    }
}
