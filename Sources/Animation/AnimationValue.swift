import Geometry

/// A value an animation can carry: the types of Core Animation's animatable properties.
public enum AnimationValue: Hashable, Sendable {
    case number(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(Color)
    case transform(Transform3D)
    case path(Path)
    /// A list of numbers: gradient locations, dash patterns.
    case numbers([Double])
    /// A list of colours: gradient colours.
    case colors([Color])
    /// A picture: `contents`, which cross-fades.
    case image(Image)

    /// The name of the value's type, for error messages.
    public var typeName: String { valueType.name }

    /// The type a layer property holding this value has.
    var valueType: LayerProperty.ValueType {
        switch self {
        case .number: .number(LayerProperty.numberRange)
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .color: .color
        case .transform: .transform
        case .path: .path
        case .numbers: .numbers
        case .colors: .colors
        case .image: .image
        }
    }

    /// Interpolates towards `other` at `t`; values of different types, and paths whose elements
    /// differ in kind, jump at the midpoint.
    public func interpolated(to other: AnimationValue, at t: Double) -> AnimationValue {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        switch (self, other) {
        case let (.number(a), .number(b)):
            return .number(mix(a, b))
        case let (.point(a), .point(b)):
            return .point(a.interpolated(to: b, at: t))
        case let (.size(a), .size(b)):
            return .size(Size(mix(a.width, b.width), mix(a.height, b.height)))
        case let (.rect(a), .rect(b)):
            return .rect(Rect(x: mix(a.origin.x, b.origin.x), y: mix(a.origin.y, b.origin.y),
                              width: mix(a.size.width, b.size.width), height: mix(a.size.height, b.size.height)))
        case let (.color(a), .color(b)):
            return .color(a.interpolated(to: b, at: t))
        case let (.transform(a), .transform(b)):
            guard let da = DecomposedTransform(a), let db = DecomposedTransform(b) else {
                return t < 0.5 ? self : other
            }
            return .transform(da.interpolated(to: db, at: t).recomposed)
        case let (.path(a), .path(b)):
            guard let mixed = a.interpolated(to: b, at: t) else { return t < 0.5 ? self : other }
            return .path(mixed)
        case let (.numbers(a), .numbers(b)) where a.count == b.count:
            return .numbers(zip(a, b).map { mix($0, $1) })
        case let (.colors(a), .colors(b)) where a.count == b.count:
            return .colors(zip(a, b).map { $0.interpolated(to: $1, at: t) })
        case let (.image(a), .image(b)):
            return .image(a.mixed(with: b, at: t))
        default:
            return t < 0.5 ? self : other
        }
    }

    /// `self + other` for additive and `by` values; transforms concatenate (`other` first).
    public func adding(_ other: AnimationValue) -> AnimationValue {
        switch (self, other) {
        case let (.number(a), .number(b)): return .number(a + b)
        case let (.point(a), .point(b)): return .point(a + b)
        case let (.size(a), .size(b)): return .size(Size(a.width + b.width, a.height + b.height))
        case let (.rect(a), .rect(b)):
            return .rect(Rect(x: a.origin.x + b.origin.x, y: a.origin.y + b.origin.y,
                              width: a.size.width + b.size.width, height: a.size.height + b.size.height))
        case let (.color(a), .color(b)):
            return .color(Color(red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue, alpha: a.alpha + b.alpha))
        case let (.transform(a), .transform(b)): return .transform(b.concatenating(a))
        case let (.numbers(a), .numbers(b)) where a.count == b.count: return .numbers(zip(a, b).map { $0 + $1 })
        default: return other
        }
    }

    /// `self − other`, the inverse of `adding` (used for `by` with `to`).
    public func subtracting(_ other: AnimationValue) -> AnimationValue {
        switch (self, other) {
        case let (.number(a), .number(b)): return .number(a - b)
        case let (.point(a), .point(b)): return .point(a - b)
        case let (.size(a), .size(b)): return .size(Size(a.width - b.width, a.height - b.height))
        case let (.rect(a), .rect(b)):
            return .rect(Rect(x: a.origin.x - b.origin.x, y: a.origin.y - b.origin.y,
                              width: a.size.width - b.size.width, height: a.size.height - b.size.height))
        case let (.color(a), .color(b)):
            return .color(Color(red: a.red - b.red, green: a.green - b.green, blue: a.blue - b.blue, alpha: a.alpha - b.alpha))
        case let (.transform(a), .transform(b)):
            return .transform(b.inverted().map { $0.concatenating(a) } ?? a)
        case let (.numbers(a), .numbers(b)) where a.count == b.count: return .numbers(zip(a, b).map { $0 - $1 })
        default: return self
        }
    }
}
