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
        case .rotation, .rotationZ: return Self.angle(of: d, axis: 2)
        case .rotationX: return Self.angle(of: d, axis: 0)
        case .rotationY: return Self.angle(of: d, axis: 1)
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
        case .rotation, .rotationZ: d.quaternion = Self.quaternion(angle: value, x: 0, y: 0, z: 1)
        case .rotationX: d.quaternion = Self.quaternion(angle: value, x: 1, y: 0, z: 0)
        case .rotationY: d.quaternion = Self.quaternion(angle: value, x: 0, y: 1, z: 0)
        case .translationX: d.translation.x = value
        case .translationY: d.translation.y = value
        case .translationZ: d.translation.z = value
        }
        return d.recomposed
    }

    private static func quaternion(angle: Double, x: Double, y: Double, z: Double) -> (x: Double, y: Double, z: Double, w: Double) {
        (DecomposedTransform(Transform3D(rotationAngle: angle, x: x, y: y, z: z)) ?? .identity).quaternion
    }

    /// The rotation angle about one axis, read from the rotation part's matrix.
    private static func angle(of d: DecomposedTransform, axis: Int) -> Double {
        var rotation = DecomposedTransform.identity
        rotation.quaternion = d.quaternion
        let r = rotation.recomposed
        switch axis {
        case 0: return atan2(r.m23, r.m22)
        case 1: return atan2(r.m31, r.m33)
        default: return atan2(r.m12, r.m11)
        }
    }
}
