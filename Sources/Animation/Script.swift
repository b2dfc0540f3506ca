/// The scene's script clock: what a delegate callback or a timer sees.
///
/// Callbacks receive the script and can read `now`, change layers (effective from `now`), add
/// animations (an animation with beginTime 0 begins at `now`) and schedule timers with `after`.
/// The resolver runs the script once, in time order, before any frame is drawn.
public final class Script {
    /// The time of the event being handled, in seconds of video time.
    public internal(set) var now: Double = 0
    var timers: [(time: Double, action: (Script) -> Void)] = []

    init() {}

    /// Runs `action` `delay` seconds from now, as `performSelector:withObject:afterDelay:`.
    public func after(_ delay: Double, _ action: @escaping (Script) -> Void) {
        timers.append((now + max(delay, 0), action))
    }
}
