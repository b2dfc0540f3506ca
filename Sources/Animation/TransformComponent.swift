import Foundation
import Geometry

/// A scalar part of a transform addressed by a sub-key path such as `transform.scale` or
/// `transform.rotation.z`. Setting one decomposes the transform, replaces the part and recomposes.
public enum TransformComponent: String, Hashable, Sendable, CaseIterable {
    case scale = "transform.scale"
    case scaleX = "transform.scale.x"
    case scaleY = "transform.scale.y"
    case scaleZ = "transform.scale.z"
    case rotation = "transform.rotation"
    case rotationX = "transform.rotation.x"
    case rotationY = "transform.rotation.y"
    case rotationZ = "transform.rotation.z"
    case translationX = "transform.translation.x"
    case translationY = "transform.translation.y"
    case translationZ = "transform.translation.z"

    /// The component's current value in `t` (the average of x and y for `transform.scale`).
    public func value(in t: Transform3D) -> Double {
        let d = DecomposedTransform(t) ?? .identity
        switch self {
        case .scale: return (d.scale.x + d.scale.y) / 2
        case .scaleX: return d.scale.x
        case .scaleY: return d.scale.y
        case .scaleZ: return d.scale.z
        case .rotation, .rotationZ: return Self.eulerAngles(of: d).z
        case .rotationX: return Self.eulerAngles(of: d).x
        case .rotationY: return Self.eulerAngles(of: d).y
        case .translationX: return d.translation.x
        case .translationY: return d.translation.y
        case .translationZ: return d.translation.z
        }
    }

    /// `t` with this component replaced by `value`.
    public func replacing(_ value: Double, in t: Transform3D) -> Transform3D {
        var d = DecomposedTransform(t) ?? .identity
        switch self {
        case .scale: d.scale = (value, value, value)
        case .scaleX: d.scale.x = value
        case .scaleY: d.scale.y = value
        case .scaleZ: d.scale.z = value
        case .rotation, .rotationZ, .rotationX, .rotationY:
            // One Euler angle replaced, the other two kept.
            var angles = Self.eulerAngles(of: d)
            switch self {
            case .rotationX: angles.x = value
            case .rotationY: angles.y = value
            default: angles.z = value
            }
            d.quaternion = Self.quaternion(euler: angles)
        case .translationX: d.translation.x = value
        case .translationY: d.translation.y = value
        case .translationZ: d.translation.z = value
        }
        return d.recomposed
    }

    /// The rotation part as Euler angles: about x, then y, then z (row vectors, R = Rx · Ry · Rz),
    /// with y in −π/2…π/2 (**DECISION**: Apple does not document the order).
    static func eulerAngles(of d: DecomposedTransform) -> (x: Double, y: Double, z: Double) {
        var rotation = DecomposedTransform.identity
        rotation.quaternion = d.quaternion
        let r = rotation.recomposed
        let y = asin(min(max(-r.m13, -1), 1))
        guard cos(y) > 1e-9 else { return (0, y, atan2(-r.m21, r.m22)) }  // gimbal lock: x folds into z
        let first = (x: atan2(r.m23, r.m33), y: y, z: atan2(r.m12, r.m11))
        // The same rotation is also (x + π, π − y, z + π): take the one that turns least about x
        // and z, so a layer turned past a quarter turn about y reads as that turn (Ry(π) as y π).
        func wrapped(_ a: Double) -> Double { a > .pi ? a - 2 * .pi : a <= -.pi ? a + 2 * .pi : a }
        let second = (x: wrapped(first.x + .pi), y: wrapped(.pi - y), z: wrapped(first.z + .pi))
        return abs(second.x) + abs(second.z) < abs(first.x) + abs(first.z) - 1e-9 ? second : first
    }

    /// The quaternion of the rotation Rx · Ry · Rz.
    private static func quaternion(euler a: (x: Double, y: Double, z: Double)) -> (x: Double, y: Double, z: Double, w: Double) {
        let r = Transform3D(rotationAngle: a.x, x: 1, y: 0, z: 0)
            .concatenating(Transform3D(rotationAngle: a.y, x: 0, y: 1, z: 0))
            .concatenating(Transform3D(rotationAngle: a.z, x: 0, y: 0, z: 1))
        return (DecomposedTransform(r) ?? .identity).quaternion
    }
}
