import Animation
import Geometry
import Scenes

/// A view (`UIView`): a layer host with UIKit's geometry names. Its layer (of `layerClass`)
/// shows changes at once, except inside `UIView.animate(withDuration:…)`. `draw(_:)` runs
/// when the view is first in the window with a size, and after `setNeedsDisplay()`; what it
/// strokes and fills with `UIBezierPath` is drawn under the sublayers (once, in a replicator).
open class UIView: NSObject {
    /// The class of the view's layer (`layerClass`); override it for another kind of layer.
    open class var layerClass: AnyClass { CALayer.self }

    /// The view's layer.
    public let layer: CALayer
    /// The views inside this one, back to front.
    public private(set) var subviews: [UIView] = []
    /// The view this one is inside.
    public private(set) weak var superview: UIView?
    private var needsDisplay = false
    private var storedBackgroundColor: UIColor?

    /// A view covering `frame` of its superview (`init(frame:)`).
    public init(frame: CGRect) {
        guard let layerType = Self.layerClass as? CALayer.Type else { preconditionFailure("layerClass must be a CALayer class") }
        layer = layerType.init()
        super.init()
        layer.view = self
        layer.backing.actions = CALayer.viewActions
        layer.frame = frame
        setNeedsDisplay()
    }

    /// A view with an empty frame (`init()`).
    public convenience override init() {
        self.init(frame: .zero)
    }

    // MARK: Geometry and appearance, kept by the layer

    public var frame: CGRect { get { layer.frame } set { layer.frame = newValue } }
    public var bounds: CGRect { get { layer.bounds } set { layer.bounds = newValue } }
    /// The centre of the frame in the superview (the layer's `position`).
    public var center: CGPoint { get { layer.position } set { layer.position = newValue } }
    /// The transform about the centre (the layer's, as a 2D affine map); inside an animation's
    /// block it animates as the layer's `transform` does.
    public var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }
    public var backgroundColor: UIColor? {
        get { storedBackgroundColor }
        set { storedBackgroundColor = newValue; layer.backgroundColor = newValue?.cgColor }
    }
    /// The layer's opacity.
    public var alpha: CGFloat { get { layer.backing.opacity } set { layer.change { layer.backing.opacity = newValue } } }
    public var isHidden: Bool { get { layer.isHidden } set { layer.isHidden = newValue } }
    /// The layer's `masksToBounds`.
    public var clipsToBounds: Bool { get { layer.masksToBounds } set { layer.masksToBounds = newValue } }

    // MARK: The view tree

    /// Adds `view` on top of the subviews, taking it from its old superview.
    public func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` of the subviews.
    public func insertSubview(_ view: UIView, at index: Int) {
        view.removeFromSuperview()
        let index = min(max(index, 0), subviews.count)
        // The view's layer goes just below the layer of the subview now at `index` (or on top).
        if index < subviews.count {
            layer.insertSublayer(view.layer, below: subviews[index].layer)
        } else {
            layer.addSublayer(view.layer)
        }
        subviews.insert(view, at: index)
        view.superview = self
        // Views made before the app ran wait for display from here.
        var waiting = [view]
        while let next = waiting.popLast() {
            next.waitForDisplay()
            waiting += next.subviews
        }
    }

    /// Takes the view out of its superview.
    public func removeFromSuperview() {
        guard let superview else { return }
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
        layer.removeFromSuperlayer()
    }

    // MARK: Drawing

    /// Draws the view's content with `UIBezierPath.stroke()` and `fill()`; the default draws
    /// nothing (`draw(_:)`).
    open func draw(_ rect: CGRect) {}

    /// Asks for `draw(_:)` to run before the changes of the running code are committed (or,
    /// for a view made before the app runs, once it is added to a view in the app).
    public func setNeedsDisplay() {
        needsDisplay = true
        waitForDisplay()
    }

    /// Puts the view in the running app's list of views to draw, once.
    private func waitForDisplay() {
        guard needsDisplay, let app = AppRun.current, !app.viewsToDisplay.contains(where: { $0 === self }) else { return }
        app.viewsToDisplay.append(self)
    }

    /// Whether the view is in the window with a size, so that it can draw.
    var canDisplay: Bool {
        guard !bounds.isEmpty else { return false }
        var view: UIView? = self
        while let v = view {
            if v === AppRun.current?.window { return true }
            view = v.superview
        }
        return false
    }

    /// Runs `draw(_:)` and puts what it drew in the layer. (A `setNeedsDisplay()` in `draw(_:)`
    /// asks for the next turn of the run loop.)
    func display() {
        needsDisplay = false
        guard let app = AppRun.current else { return }
        let drawing = Drawing()
        app.drawing = drawing
        draw(bounds)
        app.drawing = nil
        for shape in drawing.layers {
            shape.isSuperlayerDrawing = true
            shape.anchorPoint = .zero
            shape.bounds = bounds
            shape.position = bounds.origin
        }
        guard !(drawing.layers.isEmpty && layer.drawing.isEmpty) else { return }
        layer.change { layer.drawing = drawing.layers }
    }

    // MARK: Animation

    /// A view animation's options (`UIView.AnimationOptions`): its curve, whether it repeats
    /// and runs back, and whether an animation started inside another's block keeps its own
    /// duration and curve.
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Repeat for ever (the completion is not called).
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Run back to the old values after each pass (without `.repeat`, once there and back,
        /// then the new values show).
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// In a transition's block, animate the views' changes too (otherwise they show at once,
        /// under the transition).
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        /// In `transition(from:to:…)`, hide the one view and show the other instead of taking
        /// the one out and putting the other in.
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        /// A transition that fades the old picture of the view into the new.
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        /// Inside another animation's block, use this call's duration, not the outer one's.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// Inside another animation's block, use this call's curve, not the outer one's.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        public static let curveEaseInOut = AnimationOptions([])
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        var timingFunction: TimingFunction {
            switch rawValue & (3 << 16) {
            case 1 << 16: .easeIn
            case 2 << 16: .easeOut
            case 3 << 16: .linear
            default: .easeInEaseOut
            }
        }
    }

    /// Animates the changes `animations` makes to views from their current values, over
    /// `duration` seconds after `delay`, then calls `completion` with true
    /// (`animate(withDuration:delay:options:animations:completion:)`). The block runs at once
    /// and the views' model values change then; they show their old values until the delay
    /// ends (with a duration of 0 the block waits for the delay). Inside another animation's
    /// block it takes the outer one's duration and curve unless `options` override them, and
    /// the outer block's changes so far animate by the outer's settings. Called while the
    /// controller is set up, it runs at the first turn of the run loop, as on iOS.
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
                               spring: (dampingRatio: Double, velocity: Double)?, _ animations: @escaping () -> Void,
                               _ completion: ((Bool) -> Void)?) {
        let app = AppRun.running("UIView.animate")
        var settings = Transaction(duration: duration, timingFunction: options.timingFunction, delay: max(delay, 0),
                                   repeatCount: options.contains(.repeat) ? .infinity : 0, autoreverses: options.contains(.autoreverse))
        let outer = app.viewAnimations.last
        if let outer, !options.contains(.overrideInheritedDuration) { settings.duration = outer.duration }
        if let outer, !options.contains(.overrideInheritedCurve) {
            (settings.timingFunction, settings.spring) = (outer.timingFunction, outer.spring)
        } else if let spring, settings.duration > 0 {
            settings.spring = AnimationSpec.Spring(settlingIn: settings.duration, dampingRatio: spring.dampingRatio, initialVelocity: spring.velocity)
        }
        // A duration of 0 or less makes the changes without animating them (UIKit), after the delay.
        settings.disableActions = settings.duration <= 0
        let wait = settings.disableActions ? settings.delay : 0
        if settings.disableActions { settings.delay = 0 }
        let run = { runAnimations(animations, with: settings, in: app, completion: completion.map { block in { block(true) } }) }
        if wait > 0 || app.isLaunching {
            app.after(wait, run)
        } else {
            run()
        }
    }

    /// Makes the changes `animations` makes to `view` and the views inside it (adding,
    /// removing, changing them) under a transition of `duration` seconds, with the options'
    /// curve, then calls `completion` with true (`transition(with:duration:options:animations:completion:)`).
    /// `.transitionCrossDissolve` fades the view's old picture into its new one (a `CATransition`
    /// of type fade on its layer); with no transition the changes show at once. The changes
    /// themselves show at once under the transition unless `.allowAnimatedContent` animates
    /// them too.
    public class func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [], animations: (() -> Void)?,
                                 completion: ((Bool) -> Void)? = nil) {
        let app = AppRun.running("UIView.transition")
        let content = options.contains(.allowAnimatedContent)
            ? Transaction(duration: duration, timingFunction: options.timingFunction, disableActions: duration <= 0)
            : Transaction(disableActions: true)
        let run = {
            app.committingViewChanges { app.beginTransaction() }
            app.script.openTransaction = content
            if let completion { app.completions[app.completions.count - 1] = { completion(true) } }
            if options.rawValue & (7 << 20) == AnimationOptions.transitionCrossDissolve.rawValue, duration > 0 {
                let fade = TransitionAnimation()
                fade.type = .fade
                (fade.duration, fade.timingFunction) = (duration, options.timingFunction)
                view.layer.backing.add(fade)
            }
            if content.disableActions {
                animations?()
            } else {
                app.viewAnimations.append(content)
                animations?()
                app.viewAnimations.removeLast()
            }
            app.committingViewChanges { app.commitTransaction() }
        }
        if app.isLaunching {
            app.after(0, run)
        } else {
            run()
        }
    }

    /// Replaces `fromView` in its superview by `toView` under a transition of the superview
    /// (`transition(from:to:duration:options:completion:)`): `fromView` is taken out and
    /// `toView` put in its place, or with `.showHideTransitionViews` the one hidden and the other
    /// shown.
    public class func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                 completion: ((Bool) -> Void)? = nil) {
        guard let container = fromView.superview else { return }
        transition(with: container, duration: duration, options: options, animations: {
            if options.contains(.showHideTransitionViews) {
                (fromView.isHidden, toView.isHidden) = (true, false)
            } else {
                container.insertSubview(toView, at: container.subviews.firstIndex { $0 === fromView } ?? container.subviews.count)
                fromView.removeFromSuperview()
            }
        }, completion: completion)
    }

    /// Inside an animation's block, makes the changes `animations` makes to views repeat `count`
    /// times (a fraction plays part of a pass), running back after each pass when
    /// `autoreverses`, with the block's duration, curve and delay
    /// (`modifyAnimations(withRepeatCount:autoreverses:animations:)`); outside one the changes
    /// show at once.
    public class func modifyAnimations(withRepeatCount count: CGFloat, autoreverses: Bool, animations: () -> Void) {
        let app = AppRun.running("UIView.modifyAnimations")
        guard var settings = app.viewAnimations.last else { return animations() }
        (settings.repeatCount, settings.autoreverses) = (max(count, 0), autoreverses)
        withoutActuallyEscaping(animations) { runAnimations($0, with: settings, in: app, completion: nil) }
    }

    /// Runs `animations` in a transaction with `settings`: the views it changes animate by
    /// them, and `completion` runs when the animations end. The changes an outer block made
    /// before commit first, animating by the outer's settings.
    private class func runAnimations(_ animations: () -> Void, with settings: Transaction, in app: AppRun, completion: (() -> Void)?) {
        app.committingViewChanges { app.beginTransaction() }
        app.script.openTransaction = settings
        if let completion { app.completions[app.completions.count - 1] = completion }
        app.viewAnimations.append(settings)
        animations()
        app.viewAnimations.removeLast()
        app.committingViewChanges { app.commitTransaction() }
    }
}

/// A view controller (`UIViewController`): `loadView()` makes its view, which fills the
/// screen; `viewDidLoad()` sets it up, at the start of the clip.
open class UIViewController: NSObject {
    /// The controller's view, the size of the screen.
    public var view: UIView

    /// A controller with a clear view (until `loadView()` makes another).
    public override init() {
        view = UIView()
        super.init()
    }

    /// Makes the view (set `view` to a view of your own class); the default keeps a plain one.
    open func loadView() {}

    /// Sets the view up; runs once, after `loadView()`, before the first frame.
    open func viewDidLoad() {}
}

/// iOS code as a scene: `makeController` builds a view controller; its view fills a window the
/// size of the canvas (`UIScreen.main.bounds`), `viewDidLoad()` runs at time 0, and everything
/// it schedules (delegate methods, completion blocks, delayed performs, dispatched blocks,
/// timers) runs at its moment of the clip's time as the timeline resolves: deterministic, and
/// encoded, resumed and sharded like any scene.
public struct UIKitScene: Scene {
    public let name: String
    public let summary: String
    public let cycle: Double
    public let parameters: [SceneParameter] = []
    private let makeController: @Sendable () -> UIViewController

    /// A scene running the controller `makeController` makes, with a name, a line saying what
    /// it shows and a good clip length in seconds.
    public init(name: String, summary: String, cycle: Double, _ makeController: @escaping @Sendable () -> UIViewController) {
        self.name = name
        self.summary = summary
        self.cycle = cycle
        self.makeController = makeController
    }

    public func build(canvas: Size, script: Script, settings: SceneSettings) -> Layer {
        let app = AppRun(script: script, screen: CGRect(origin: .zero, size: canvas))
        var root: Layer?
        app.isLaunching = true
        app.run {
            let window = UIView(frame: app.screen)
            app.window = window
            let controller = makeController()
            controller.loadView()
            controller.view.frame = window.bounds
            window.addSubview(controller.view)
            controller.viewDidLoad()
            root = window.layer.backing
        }
        app.isLaunching = false
        return root!
    }
}
