import Animation
import Documents
import Foundation
import Geometry

extension LottieContext {
    /// The nodes of a transform (a layer's, at `path`): the outer one places (position, rotation,
    /// scale about the origin), the inner one moves the content by −anchor and carries the
    /// opacity (when `opacity`). With `autoOrient` (a layer's `ao`), a moving layer also turns to
    /// face the way it moves.
    func transformNodes(_ model: LottieTransformModel, path: String, opacity: Bool, autoOrient: Bool = false) throws(DocumentError) -> (outer: Layer, inner: Layer) {
        let outer = Layer(), inner = Layer()
        outer.anchorPoint = .zero
        inner.anchorPoint = .zero
        outer.addSublayer(inner)
        // Position, or its dimensions apart.
        if model.position == nil {
            for (axis, key, property) in [("x", "position.x", model.positionX), ("y", "position.y", model.positionY)] {
                guard let property else { continue }
                if axis == "x" { outer.position.x = property.initial.first ?? 0 } else { outer.position.y = property.initial.first ?? 0 }
                if let a = property.animation(keyPath: key, frameRate: frameRate, { .number($0.first ?? 0) }) { outer.add(a) }
            }
        } else if var property = model.position {
            if property.hasCurvedMotion { property = property.sampled(maximumSamples: LottieFile.maximumSamples) }
            outer.position = LottieContext.point(property.initial)
            if let a = property.animation(keyPath: "position", frameRate: frameRate, { .point(LottieContext.point($0)) }) { outer.add(a) }
        }
        if let property = model.anchor {
            inner.position = LottieContext.point(property.initial.map { -$0 })
            if let a = property.animation(keyPath: "position", frameRate: frameRate, { .point(LottieContext.point($0.map { -$0 })) }) { inner.add(a) }
        }
        // Scale, then skew (`sk` degrees along the axis `sa`), then rotation: the model transform;
        // animations change its components. A changing skew, a changing scale through a mirror
        // or through 0, or anything changing under a mirror, is one transform sampled every
        // frame instead.
        let (scale, rotation, skew, axis) = (model.scale, model.rotation, model.skew, model.axis)
        let moving = [model.position, model.positionX, model.positionY].compactMap { $0 }.filter(\.isAnimated)
        let orients = autoOrient && !moving.isEmpty
        func matrix(at frame: Double?) -> Transform3D {
            guard orients, let frame else { return model.matrix(at: frame) }
            return model.matrix(at: frame).concatenating(Transform3D(rotationAngle: model.heading(at: frame)))
        }
        outer.transform = matrix(at: nil)
        let mirrored = scale.map { ([$0.initial] + $0.keyframes.map(\.value)).contains { $0.prefix(2).contains { $0 < 0 } } } ?? false
        let mirrors = mirrored && (scale?.isAnimated ?? false)
        // A scale that is, or passes through, 0 on an axis makes the transform singular: its
        // parts cannot be read back from it, so animating one part would lose the others.
        let collapses = scale.map { ([$0.initial] + $0.keyframes.map(\.value)).contains { $0.prefix(2).contains(0) } } ?? false
        // Auto-orient turns the layer as it moves: the whole transform sampled every frame.
        // So do a 3D layer's turns out of the plane (their parts cannot be animated apart).
        let animated = [scale, rotation, skew, axis, model.rotationX, model.rotationY, model.orientation].compactMap { $0 }.filter(\.isAnimated)
            + (orients ? moving : [])
        // A mirrored transform's parts are not read back as they were given (a mirror is a half
        // turn and a flip of the other axis to a decomposition), so animating a part of one — its
        // rotation under a scale of [−191, 191] — would turn it the wrong way.
        if (skew?.isAnimated ?? false) || (axis?.isAnimated ?? false) || mirrors || ((collapses || mirrored) && !animated.isEmpty) || orients
            || (model.is3D && !animated.isEmpty) {
            let keyed = animated.flatMap { $0.keyframes.map(\.frame) }
            let frames = try sampleFrames(keyed, cost: 1, at: path) ?? [keyed.min() ?? 0, (keyed.min() ?? 0) + 1]
            let values = frames.map { AnimationValue.transform(matrix(at: $0)) }
            // Through a mirror, two samples do not interpolate (their decompositions differ by a
            // half turn): each is held from halfway after the frame before to halfway before the next.
            let sampled = mirrors ? held("transform", values, at: frames) : self.sampled("transform", values, over: frames)
            outer.add(sampled)
        } else {
            if let scale {
                for (index, key) in ["transform.scale.x", "transform.scale.y"].enumerated() {
                    func factor(_ v: [Double]) -> Double { (index < v.count ? v[index] : v.first ?? 100) / 100 }
                    if let a = scale.animation(keyPath: key, frameRate: frameRate, { .number(factor($0)) }) { outer.add(a) }
                }
            }
            if let a = rotation?.animation(keyPath: "transform.rotation.z", frameRate: frameRate, { .number(($0.first ?? 0) * .pi / 180) }) { outer.add(a) }
        }
        if opacity, let property = model.opacity { apply(opacity: property, to: inner) }
        return (outer, inner)
    }
}
