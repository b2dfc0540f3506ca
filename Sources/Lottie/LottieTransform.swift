import Animation
import Documents
import Foundation
import Geometry

extension LottieReader {
    /// The nodes of a transform `ks`: the outer one places (position, rotation, scale about the
    /// origin), the inner one moves the content by −anchor and carries the opacity. With
    /// `autoOrient` (a layer's `ao`), a moving layer also turns to face the way it moves.
    func transformNodes(_ ks: JSONValue?, path: String, opacity: Bool, autoOrient: Bool = false) throws(DocumentError) -> (outer: Layer, inner: Layer) {
        let outer = Layer(), inner = Layer()
        outer.anchorPoint = .zero
        inner.anchorPoint = .zero
        outer.addSublayer(inner)
        guard let ks else { return (outer, inner) }
        let model = try LottieModelTransform(ks, path: path, reader: self)
        // Position, or its dimensions apart.
        if model.position == nil {
            for (axis, key, property) in [("x", "position.x", model.positionX), ("y", "position.y", model.positionY)] {
                guard let property else { continue }
                if axis == "x" { outer.position.x = property.initial.first ?? 0 } else { outer.position.y = property.initial.first ?? 0 }
                if let a = property.animation(keyPath: key, frameRate: frameRate, { .number($0.first ?? 0) }) { outer.add(a) }
            }
        } else if var property = model.position {
            if property.hasCurvedMotion { property = property.sampled(maximumSamples: LottieFile.maximumSamples) }
            outer.position = LottieReader.point(property.initial)
            if let a = property.animation(keyPath: "position", frameRate: frameRate, { .point(LottieReader.point($0)) }) { outer.add(a) }
        }
        if let property = model.anchor {
            inner.position = LottieReader.point(property.initial.map { -$0 })
            if let a = property.animation(keyPath: "position", frameRate: frameRate, { .point(LottieReader.point($0.map { -$0 })) }) { inner.add(a) }
        }
        // Scale, then skew (`sk` degrees along the axis `sa`), then rotation: the model transform;
        // animations change its components. A changing skew, or a changing scale through a
        // mirror or through 0, is one transform sampled every frame instead.
        let (scale, rotation, skew, axis) = (model.scale, model.rotation, model.skew, model.axis)
        let moving = [model.position, model.positionX, model.positionY].compactMap { $0 }.filter(\.isAnimated)
        let orients = autoOrient && !moving.isEmpty
        func matrix(at frame: Double?) -> Transform3D {
            guard orients, let frame else { return model.matrix(at: frame) }
            return model.matrix(at: frame).concatenating(Transform3D(rotationAngle: model.heading(at: frame)))
        }
        outer.transform = matrix(at: nil)
        let mirrors = scale.map { $0.isAnimated && ([$0.initial] + $0.keyframes.map(\.value)).contains { $0.prefix(2).contains { $0 < 0 } } } ?? false
        // A scale that is, or passes through, 0 on an axis makes the transform singular: its
        // parts cannot be read back from it, so animating one part would lose the others.
        let collapses = scale.map { ([$0.initial] + $0.keyframes.map(\.value)).contains { $0.prefix(2).contains(0) } } ?? false
        // Auto-orient turns the layer as it moves: the whole transform sampled every frame.
        // So do a 3D layer's turns out of the plane (their parts cannot be animated apart).
        let animated = [scale, rotation, skew, axis, model.rotationX, model.rotationY, model.orientation].compactMap { $0 }.filter(\.isAnimated)
            + (orients ? moving : [])
        if (skew?.isAnimated ?? false) || (axis?.isAnimated ?? false) || mirrors || (collapses && !animated.isEmpty) || orients
            || (model.is3D && !animated.isEmpty) {
            let first = animated.compactMap { $0.keyframes.first?.frame }.min() ?? 0, last = animated.compactMap { $0.keyframes.last?.frame }.max() ?? 0
            let count = Int(min(max((last - first).rounded(.up), 1), Double(LottieFile.maximumSamples)))
            try budget.charge(count, at: path, in: file)
            let sampled = self.sampled("transform", (0...count).map { .transform(matrix(at: first + (last - first) * Double($0) / Double(count))) },
                                       from: first, to: last)
            if mirrors {
                // Through a mirror, two samples do not interpolate (their decompositions differ
                // by a half turn): each is held from half a frame before its frame to half after.
                sampled.calculationMode = .discrete
                sampled.keyTimes = (0...(count + 1)).map { Double($0) / Double(count + 1) }
                sampled.duration *= Double(count + 1) / Double(count)
                sampled.beginTime = LottieReader.beginTime((first - (last - first) / Double(count) / 2) / frameRate)
            }
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
        if let property = try property(LottieReader.member(ks, "o"), path + ".o") {
            if opacity { apply(opacity: property, to: inner) }
        }
        return (outer, inner)
    }

    /// The frames at which to work out what changes between the keyframes at `keyed` (the
    /// frames of the changing properties' keyframes): one a frame from the first to the last (at
    /// most `LottieFile.maximumSamples` steps), each step charged `cost` against the file's
    /// budget; nil when they span no time.
    func sampleFrames(_ keyed: [Double], cost: Int, at path: String) throws(DocumentError) -> [Double]? {
        guard let first = keyed.min(), let last = keyed.max(), last > first else { return nil }
        let count = Int(min((last - first).rounded(.up), Double(LottieFile.maximumSamples)))
        try budget.charge(count * cost, at: path, in: file)
        return (0...count).map { first + (last - first) * Double($0) / Double(count) }
    }

    /// `sampled(_:_:from:to:)` over `frames` (from `sampleFrames`), one value a frame.
    func sampled(_ keyPath: String, _ values: [AnimationValue], over frames: [Double]) -> KeyframeAnimation {
        sampled(keyPath, values, from: frames[0], to: frames[frames.count - 1])
    }

    /// An animation of `keyPath` through `values` sampled evenly from frame `first` to frame
    /// `last` (linear between them), held before and after.
    func sampled(_ keyPath: String, _ values: [AnimationValue], from first: Double, to last: Double) -> KeyframeAnimation {
        let animation = KeyframeAnimation(keyPath: keyPath)
        animation.values = values
        animation.beginTime = LottieReader.beginTime(first / frameRate)
        animation.duration = max(last - first, 1e-6) / frameRate
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        return animation
    }

    /// Shows `layer` from frame `first` until (not at) frame `last` and hides it otherwise: three
    /// equal thirds of a discrete animation of `hidden` whose middle third is the span, begun a
    /// hair early so the frames themselves fall past the thirds' edges.
    func show(_ layer: Layer, from first: Double, until last: Double) {
        let shown = KeyframeAnimation(keyPath: "hidden")
        shown.values = [.number(1), .number(0), .number(1)]
        shown.keyTimes = [0, 1.0 / 3, 2.0 / 3, 1]
        shown.calculationMode = .discrete
        shown.fillMode = .both
        shown.isRemovedOnCompletion = false
        let (start, end) = (max(first, -1e6) / frameRate, min(last, 1e6) / frameRate)
        shown.beginTime = LottieReader.beginTime(start - (end - start) - 1e-7)
        shown.duration = 3 * (end - start)
        layer.isHidden = true
        layer.add(shown)
    }

    /// An opacity (0…100, animated or not) as `layer`'s.
    func apply(opacity: LottieProperty<[Double]>, to layer: Layer) {
        layer.opacity = (opacity.initial.first ?? 100) / 100
        if let a = opacity.animation(keyPath: "opacity", frameRate: frameRate, { .number(($0.first ?? 100) / 100) }) { layer.add(a) }
    }

    /// `[x, y]` as a point (missing numbers are 0).
    static func point(_ v: [Double]) -> Point {
        Point(v.first ?? 0, v.count > 1 ? v[1] : 0)
    }
}

/// A transform's scale, skew and rotation (`s`, `sk` along `sa`, `r`), and the whole placement
/// of a shape group's transform (`a`, `p` too) as one matrix at a frame: what a paint listed
/// after a group needs to draw the group's paths where the group puts them.
struct LottieModelTransform {
    let scale: LottieProperty<[Double]>?, rotation: LottieProperty<[Double]>?
    let skew: LottieProperty<[Double]>?, axis: LottieProperty<[Double]>?
    let anchor: LottieProperty<[Double]>?, position: LottieProperty<[Double]>?
    /// A 3D layer's turns about x and y and its orientation (`rx`, `ry`, `or`, degrees).
    let rotationX: LottieProperty<[Double]>?, rotationY: LottieProperty<[Double]>?, orientation: LottieProperty<[Double]>?
    /// A position given as its dimensions apart (`p.s`).
    let positionX: LottieProperty<[Double]>?, positionY: LottieProperty<[Double]>?

    init(_ ks: JSONValue?, path: String, reader: LottieReader) throws(DocumentError) {
        // Read in the order errors are reported: position, anchor, scale, rotation, skew.
        let p = LottieReader.member(ks, "p")
        if case .bool(true, _)? = LottieReader.member(p, "s") {
            position = nil
            positionX = try reader.property(LottieReader.member(p, "x"), path + ".p.x")
            positionY = try reader.property(LottieReader.member(p, "y"), path + ".p.y")
        } else {
            position = try reader.property(p, path + ".p")
            (positionX, positionY) = (nil, nil)
        }
        anchor = try reader.property(LottieReader.member(ks, "a"), path + ".a")
        scale = try reader.property(LottieReader.member(ks, "s"), path + ".s")
        rotation = try reader.property(LottieReader.member(ks, "r") ?? LottieReader.member(ks, "rz"), path + ".r")
        skew = try reader.property(LottieReader.member(ks, "sk"), path + ".sk")
        axis = try reader.property(LottieReader.member(ks, "sa"), path + ".sa")
        rotationX = try reader.property(LottieReader.member(ks, "rx"), path + ".rx")
        rotationY = try reader.property(LottieReader.member(ks, "ry"), path + ".ry")
        orientation = try reader.property(LottieReader.member(ks, "or"), path + ".or")
    }

    /// Scale, then skew, then rotation at `frame` (the first values when nil); a 3D layer's
    /// turns after them in lottie-web's order (about y, then x, then the orientation about z,
    /// y and x), drawn without perspective as lottie-web draws 3D layers without a camera.
    func matrix(at frame: Double?) -> Transform3D {
        func value(_ p: LottieProperty<[Double]>?) -> [Double] { p.map { frame.map($0.value(at:)) ?? $0.initial } ?? [] }
        let s = value(scale), r = value(rotation).first ?? 0, k = value(skew).first ?? 0, a = (value(axis).first ?? 0) * .pi / 180
        var shear = Transform3D.identity
        shear.m21 = tan(-min(max(k, -85), 85) * .pi / 180)
        let skewing = k == 0 ? .identity : Transform3D(rotationAngle: a).concatenating(shear).concatenating(Transform3D(rotationAngle: -a))
        var m = Transform3D(scaleX: (s.first ?? 100) / 100, y: (s.count > 1 ? s[1] : s.first ?? 100) / 100).concatenating(skewing)
            .concatenating(Transform3D(rotationAngle: r * .pi / 180))
        guard is3D else { return m }
        let o = value(orientation) + [0, 0, 0]
        // lottie-web turns by rotateY(ry), rotateX(rx), rotateZ(−or z), rotateY(or y), rotateX(or x):
        // its x and y turns are the opposite way round to Core Animation's.
        for (degrees, x, y, z) in [(-(value(rotationY).first ?? 0), 0.0, 1.0, 0.0), (-(value(rotationX).first ?? 0), 1, 0, 0),
                                   (o[2], 0, 0, 1), (-o[1], 0, 1, 0), (-o[0], 1, 0, 0)] where degrees != 0 {
            m = m.concatenating(Transform3D(rotationAngle: degrees * .pi / 180, x: x, y: y, z: z))
        }
        return m
    }

    /// Whether the transform turns out of the plane (a 3D layer's `rx`, `ry` or `or`).
    var is3D: Bool { [rotationX, rotationY, orientation].contains { $0 != nil } }

    /// The whole placement at `frame`: content moved by −anchor, then `matrix(at:)`, then moved
    /// to the position.
    func placement(at frame: Double?) -> Transform3D {
        func value(_ p: LottieProperty<[Double]>?) -> [Double] { p.map { frame.map($0.value(at:)) ?? $0.initial } ?? [] }
        let a = LottieReader.point(value(anchor))
        let p = position != nil ? LottieReader.point(value(position)) : Point(value(positionX).first ?? 0, value(positionY).first ?? 0)
        return Transform3D(translationX: -a.x, y: -a.y).concatenating(matrix(at: frame)).concatenating(Transform3D(translationX: p.x, y: p.y))
    }

    /// The direction the position moves at `frame`, in radians clockwise from +x (what
    /// auto-orient turns a layer by): from the position there to a hundredth of a frame later,
    /// or, at and past the last keyframe, from a hundredth before it; held before the first.
    func heading(at frame: Double) -> Double {
        let keyed = [position, positionX, positionY].compactMap { $0 }.flatMap { $0.keyframes.map(\.frame) }
        guard let first = keyed.min(), let last = keyed.max() else { return 0 }
        let (a, b) = frame < first ? (first, first + 0.01) : frame >= last ? (last - 0.01, last) : (frame, frame + 0.01)
        func point(_ f: Double) -> Point {
            position.map { LottieReader.point($0.value(at: f)) } ?? Point(positionX?.value(at: f).first ?? 0, positionY?.value(at: f).first ?? 0)
        }
        let (p, q) = (point(a), point(b))
        return atan2(q.y - p.y, q.x - p.x)
    }

    /// The frames of every keyframe of the placement.
    var keyedFrames: [Double] {
        [scale, rotation, skew, axis, anchor, position, positionX, positionY, rotationX, rotationY, orientation].compactMap { $0 }
            .flatMap { $0.keyframes.map(\.frame) }
    }
}
