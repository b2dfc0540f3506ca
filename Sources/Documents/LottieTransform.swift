import Animation
import Foundation
import Geometry

extension LottieReader {
    /// The nodes of a transform `ks`: the outer one places (position, rotation, scale about the
    /// origin), the inner one moves the content by −anchor and carries the opacity.
    func transformNodes(_ ks: JSONValue?, path: String, opacity: Bool) throws(DocumentError) -> (outer: Layer, inner: Layer) {
        let outer = Layer(), inner = Layer()
        outer.anchorPoint = .zero
        inner.anchorPoint = .zero
        outer.addSublayer(inner)
        guard let ks else { return (outer, inner) }
        // Position, or its dimensions apart.
        if let p = LottieReader.member(ks, "p"), case .bool(true, _)? = LottieReader.member(p, "s") {
            for (axis, key) in [("x", "position.x"), ("y", "position.y")] {
                guard let property = try property(LottieReader.member(p, axis), "\(path).p.\(axis)") else { continue }
                if axis == "x" { outer.position.x = property.initial.first ?? 0 } else { outer.position.y = property.initial.first ?? 0 }
                if let a = property.animation(keyPath: key, frameRate: frameRate, { .number($0.first ?? 0) }) { outer.add(a) }
            }
        } else if var property = try property(LottieReader.member(ks, "p"), path + ".p") {
            if property.hasCurvedMotion { property = property.sampled(maximumSamples: LottieFile.maximumSamples) }
            outer.position = LottieReader.point(property.initial)
            if let a = property.animation(keyPath: "position", frameRate: frameRate, { .point(LottieReader.point($0)) }) { outer.add(a) }
        }
        if let property = try property(LottieReader.member(ks, "a"), path + ".a") {
            inner.position = LottieReader.point(property.initial.map { -$0 })
            if let a = property.animation(keyPath: "position", frameRate: frameRate, { .point(LottieReader.point($0.map { -$0 })) }) { inner.add(a) }
        }
        // Scale, then rotation (the model transform; animations change its components).
        var scale = (x: 1.0, y: 1.0), angle = 0.0
        if let property = try property(LottieReader.member(ks, "s"), path + ".s") {
            if property.isAnimated, property.keyframes.contains(where: { $0.value.prefix(2).contains { $0 < 0 } }) {
                warnings.note("a changing scale through a mirror (negative): may draw turned over", at: path)
            }
            for (index, key) in ["transform.scale.x", "transform.scale.y"].enumerated() {
                func factor(_ v: [Double]) -> Double { (index < v.count ? v[index] : v.first ?? 100) / 100 }
                if index == 0 { scale.x = factor(property.initial) } else { scale.y = factor(property.initial) }
                if let a = property.animation(keyPath: key, frameRate: frameRate, { .number(factor($0)) }) { outer.add(a) }
            }
        }
        if let property = try property(LottieReader.member(ks, "r") ?? LottieReader.member(ks, "rz"), path + ".r") {
            angle = (property.initial.first ?? 0) * .pi / 180
            if let a = property.animation(keyPath: "transform.rotation.z", frameRate: frameRate, { .number(($0.first ?? 0) * .pi / 180) }) { outer.add(a) }
        }
        // Skew (`sk` degrees along the axis `sa`) between scale and rotation, still only.
        var skewing = Transform3D.identity
        if let skew = try property(LottieReader.member(ks, "sk"), path + ".sk"), let degrees = skew.initial.first, degrees != 0 || skew.isAnimated {
            if skew.isAnimated { warnings.note("changing skew: drawn still", at: path) }
            let axis = (try property(LottieReader.member(ks, "sa"), path + ".sa"))?.initial.first ?? 0
            let (a, k) = (axis * .pi / 180, tan(-min(max(degrees, -85), 85) * .pi / 180))
            var shear = Transform3D.identity
            shear.m21 = k
            skewing = Transform3D(rotationAngle: a).concatenating(shear).concatenating(Transform3D(rotationAngle: -a))
        }
        outer.transform = Transform3D(scaleX: scale.x, y: scale.y).concatenating(skewing).concatenating(Transform3D(rotationAngle: angle))
        if let property = try property(LottieReader.member(ks, "o"), path + ".o") {
            if opacity {
                inner.opacity = (property.initial.first ?? 100) / 100
                if let a = property.animation(keyPath: "opacity", frameRate: frameRate, { .number(($0.first ?? 100) / 100) }) { inner.add(a) }
            }
        }
        return (outer, inner)
    }

    /// `[x, y]` as a point (missing numbers are 0).
    static func point(_ v: [Double]) -> Point {
        Point(v.first ?? 0, v.count > 1 ? v[1] : 0)
    }
}
