import Animation

/// The transaction a run of the app's code makes its changes in (`CATransaction`): its
/// settings say how standalone layers animate their changes; `commit()` applies them. Every
/// callback runs in an implicit transaction (0.25 s, the default timing function), which the
/// setters change when no explicit one is open.
public enum CATransaction {
    private static func app(_ caller: String) -> AppRun { AppRun.running("CATransaction.\(caller)") }

    /// Opens a transaction (`begin()`); the changes made before it are committed first (inside
    /// a `UIView.animate` block, the views' changes animating as the block says).
    public static func begin() {
        let app = app("begin()")
        app.committingViewChanges(animatingBy: app.viewAnimations.last) { app.beginTransaction() }
    }

    /// Closes the innermost transaction (`commit()`): its changes animate with its settings
    /// (inside a `UIView.animate` block views' changes animate as the block says, as UIKit's
    /// views answer), and its completion block runs when every animation added while it was
    /// open has stopped.
    public static func commit() {
        let app = app("commit()")
        app.committingViewChanges(animatingBy: app.viewAnimations.last) { app.commitTransaction() }
    }

    /// The duration of the implicit animations (`animationDuration()`).
    public static func animationDuration() -> CFTimeInterval {
        app("animationDuration()").script.openTransaction?.duration ?? Transaction.implicit.duration
    }

    /// Sets it for the innermost transaction (`setAnimationDuration(_:)`).
    public static func setAnimationDuration(_ duration: CFTimeInterval) {
        app("setAnimationDuration(_:)").script.openTransaction?.duration = duration
    }

    /// The timing function of the implicit animations (`animationTimingFunction()`).
    public static func animationTimingFunction() -> CAMediaTimingFunction? {
        CAMediaTimingFunction(function: app("animationTimingFunction()").script.openTransaction?.timingFunction ?? Transaction.implicit.timingFunction)
    }

    /// Sets it for the innermost transaction; nil is the default function
    /// (`setAnimationTimingFunction(_:)`).
    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        app("setAnimationTimingFunction(_:)").script.openTransaction?.timingFunction = function?.function ?? .default
    }

    /// Whether the innermost transaction's changes show at once (`disableActions()`).
    public static func disableActions() -> Bool {
        app("disableActions()").script.openTransaction?.disableActions ?? false
    }

    /// Sets it (`setDisableActions(_:)`).
    public static func setDisableActions(_ flag: Bool) {
        app("setDisableActions(_:)").script.openTransaction?.disableActions = flag
    }

    /// Runs `block` when every animation the innermost transaction adds has stopped, or at once
    /// when it adds none (`setCompletionBlock(_:)`).
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        let app = app("setCompletionBlock(_:)")
        guard !app.completions.isEmpty else { return }
        app.completions[app.completions.count - 1].transaction = block
    }
}
