import Geometry

/// Turns the numbers a transform animation interpolates into the transform it sets
/// (`CAValueFunction`): angles and distances animate as numbers, so a turn from 0 to 2π turns
/// once instead of standing still as the matrices' interpolation would.
public enum ValueFunction: String, Hashable, Sendable, CaseIterable {
    case rotateX, rotateY, rotateZ
    /// Three numbers (x, y, z), or one for all three.
    case scale
    case scaleX, scaleY, scaleZ
    /// Three numbers (x, y, z), or one for x.
    case translate
    case translateX, translateY, translateZ

    /// The transform for `value` (a number, or a list of three for `scale` and `translate`);
    /// nil for another kind of value.
    public func transform(_ value: AnimationValue) -> Transform3D? {
        let parts: [Double]
        switch value {
        case .number(let x): parts = [x]
        case .numbers(let list) where list.count == 3: parts = list
        default: return nil
        }
        let x = parts[0]
        switch self {
        case .rotateX: return Transform3D(rotationAngle: x, x: 1, y: 0, z: 0)
        case .rotateY: return Transform3D(rotationAngle: x, x: 0, y: 1, z: 0)
        case .rotateZ: return Transform3D(rotationAngle: x, x: 0, y: 0, z: 1)
        case .scale: return parts.count == 3 ? Transform3D(scaleX: parts[0], y: parts[1], z: parts[2]) : Transform3D(scaleX: x, y: x, z: x)
        case .scaleX: return Transform3D(scaleX: x, y: 1, z: 1)
        case .scaleY: return Transform3D(scaleX: 1, y: x, z: 1)
        case .scaleZ: return Transform3D(scaleX: 1, y: 1, z: x)
        case .translate: return parts.count == 3 ? Transform3D(translationX: parts[0], y: parts[1], z: parts[2]) : Transform3D(translationX: x, y: 0, z: 0)
        case .translateX: return Transform3D(translationX: x, y: 0, z: 0)
        case .translateY: return Transform3D(translationX: 0, y: x, z: 0)
        case .translateZ: return Transform3D(translationX: 0, y: 0, z: x)
        }
    }

    /// The value a missing end stands for: no change (0 for turns and moves, 1 for scales), as
    /// three numbers when `given` is three.
    func identity(like given: AnimationValue?) -> AnimationValue {
        let x: Double = switch self {
        case .scale, .scaleX, .scaleY, .scaleZ: 1
        default: 0
        }
        if case .numbers = given { return .numbers([x, x, x]) }
        return .number(x)
    }
}
