import Animation

extension UIView {
    /// A keyframe animation's options (`UIView.KeyframeAnimationOptions`): how it runs between
    /// its keyframes, and whether it repeats and runs back. The curve over the whole animation
    /// is ease-in-ease-out unless a `UIView.AnimationOptions` curve's raw value is given (UIKit
    /// has no constants for it: `KeyframeAnimationOptions(rawValue: AnimationOptions.curveLinear.rawValue)`).
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Repeat for ever (the completion is not called).
        public static let `repeat` = KeyframeAnimationOptions(rawValue: AnimationOptions.repeat.rawValue)
        /// Run back after each pass.
        public static let autoreverse = KeyframeAnimationOptions(rawValue: AnimationOptions.autoreverse.rawValue)
        public static let calculationModeLinear = KeyframeAnimationOptions([])
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

        var calculationMode: CalculationMode {
            switch rawValue & (7 << 10) {
            case 1 << 10: .discrete
            case 2 << 10: .paced
            case 3 << 10: .cubic
            case 4 << 10: .cubicPaced
            default: .linear
            }
        }
    }

    /// Animates the changes the `addKeyframe` blocks inside `animations` make to views, each
    /// over its part of `duration` seconds, after `delay`, then calls `completion` as `animate` does
    /// (`animateKeyframes(withDuration:delay:options:animations:completion:)`). The blocks run at
    /// once; each property a block changes becomes one keyframe animation (`CAKeyframeAnimation`)
    /// over the whole duration, holding between its keyframes, with the options' calculation
    /// mode and one curve over the whole (ease-in-ease-out by default, as UIKit's). A change made
    /// outside any `addKeyframe` block takes the whole duration. With a duration of 0 the
    /// changes show after the delay without animating.
    public class func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval, options: KeyframeAnimationOptions = [],
                                       animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        let app = AppRun.running("UIView.animateKeyframes")
        guard duration > 0 else {
            return animate(withDuration: 0, delay: delay, options: .overrideInheritedDuration, animations: animations, completion: completion)
        }
        // Standalone layers changed in the blocks animate as in a view animation's block; the
        // views' changes are the keyframes. (The curve and repeat bits are AnimationOptions'.)
        let settings = AnimationOptions(rawValue: options.rawValue).settings(duration: duration, delay: delay)
        app.runSoon(after: 0) {
            runBlock(animatingViewsBy: nil, in: app, completion: completion) {
                let recording = KeyframeRecording()
                app.keyframes = recording
                animations()
                app.keyframes = nil
                for (layer, keyframes) in recording.animations(calculationMode: options.calculationMode) {
                    (keyframes.duration, keyframes.timingFunction) = (duration, settings.timingFunction)
                    (keyframes.repeatCount, keyframes.autoreverses) = (settings.repeatCount, settings.autoreverses)
                    if settings.delay > 0 { keyframes.delay(by: settings.delay, from: app.script.layerTime(of: layer.backing)) }
                    app.addViewAnimation(keyframes, to: layer, forKey: keyframes.keyPath)
                }
            }
        }
    }

    /// Inside `animateKeyframes`' block, makes the changes `animations` makes to views a
    /// keyframe: from `frameStartTime` for `frameDuration`, both fractions of the whole
    /// duration (`addKeyframe(withRelativeStartTime:relativeDuration:animations:)`); a duration
    /// of 0 makes the change at the start time. Outside one the changes show at once.
    public class func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double, animations: () -> Void) {
        let app = AppRun.running("UIView.addKeyframe")
        guard let recording = app.keyframes else { return animations() }
        let outer = recording.frame
        recording.beginFrame(start: frameStartTime, duration: frameDuration)
        animations()
        recording.frame = outer
    }
}

/// What the blocks of a running `UIView.animateKeyframes` change in views' layers, keyframe by
/// keyframe, and the keyframe animations that make of it.
final class KeyframeRecording {
    /// A property of a layer changed by one keyframe block.
    private struct Change {
        let layer: CALayer
        let keyPath: LayerKeyPath
        let frame: Frame
        let old: AnimationValue
        var new: AnimationValue
    }

    /// A keyframe block's place in the whole: fractions of the duration, and which block it is.
    struct Frame: Equatable {
        var start = 0.0, duration = 1.0
        var index = 0
    }

    /// The keyframe the changes made now belong to: the whole animation outside `addKeyframe`.
    var frame = Frame()
    private var frames = 0
    private var changes: [Change] = []

    /// Starts a keyframe block from `start` for `duration` (fractions of the whole, clamped to it).
    func beginFrame(start: Double, duration: Double) {
        frames += 1
        let start = min(max(start, 0), 1)
        frame = Frame(start: start, duration: min(max(duration, 0), 1 - start), index: frames)
    }

    /// Notes the animatable properties of `layer` that differ between `before` and `after`.
    func record(_ layer: CALayer, before: LayerValues, after: LayerValues) {
        for property in LayerProperty.implicitlyAnimated where property.applies(to: before.kind) {
            guard let keyPath = property.keyPath else { continue }
            let (old, new) = (keyPath.value(in: before), keyPath.value(in: after))
            guard old != new else { continue }
            // Set twice in one block, the property takes the last value there.
            if let i = changes.lastIndex(where: { $0.layer === layer && $0.keyPath == keyPath && $0.frame == frame }) {
                changes[i].new = new
            } else {
                changes.append(Change(layer: layer, keyPath: keyPath, frame: frame, old: old, new: new))
            }
        }
    }

    /// One keyframe animation for each property changed, with its layer: from the value before
    /// the first change made, each keyframe holding the value it starts from until its start and
    /// reaching its new value at its end (a keyframe starting inside an earlier one starts at
    /// its end); key times are fractions of the whole. In discrete mode each new value shows
    /// from its keyframe's start.
    func animations(calculationMode: CalculationMode) -> [(CALayer, KeyframeAnimation)] {
        var order: [(layer: CALayer, keyPath: LayerKeyPath)] = []
        for change in changes where !order.contains(where: { $0.layer === change.layer && $0.keyPath == change.keyPath }) {
            order.append((change.layer, change.keyPath))
        }
        return order.map { target in
            let made = changes.filter { $0.layer === target.layer && $0.keyPath == target.keyPath }
            // From the value before the first change made; the keyframes in the order of their starts.
            let own = made.sorted { $0.frame.start < $1.frame.start }
            var (values, keyTimes) = ([made[0].old], [0.0])
            if calculationMode == .discrete {
                for change in own {
                    values.append(change.new)
                    keyTimes.append(max(change.frame.start, keyTimes[keyTimes.count - 1]))
                }
                keyTimes.append(1)
            } else {
                for change in own {
                    let start = max(change.frame.start, keyTimes[keyTimes.count - 1])
                    if start > keyTimes[keyTimes.count - 1] {
                        values.append(values[values.count - 1])
                        keyTimes.append(start)
                    }
                    values.append(change.new)
                    keyTimes.append(max(change.frame.start + change.frame.duration, start))
                }
                if keyTimes[keyTimes.count - 1] < 1 {
                    values.append(values[values.count - 1])
                    keyTimes.append(1)
                }
            }
            let animation = KeyframeAnimation(keyPath: target.keyPath.name)
            (animation.values, animation.keyTimes, animation.calculationMode) = (values, keyTimes, calculationMode)
            return (target.layer, animation)
        }
    }
}
