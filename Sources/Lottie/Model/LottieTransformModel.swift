import Animation
import Foundation
import Geometry

/// A transform's scale, skew and rotation (`s`, `sk` along `sa`, `r`), and the whole placement
/// (`a`, `p` too) as one matrix at a frame: what a paint listed after a shape group needs to draw
/// the group's paths where the group puts them.
extension LottieTransformModel {
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
        let a = LottieContext.point(value(anchor))
        let p = position != nil ? LottieContext.point(value(position)) : Point(value(positionX).first ?? 0, value(positionY).first ?? 0)
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
            position.map { LottieContext.point($0.value(at: f)) } ?? Point(positionX?.value(at: f).first ?? 0, positionY?.value(at: f).first ?? 0)
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
