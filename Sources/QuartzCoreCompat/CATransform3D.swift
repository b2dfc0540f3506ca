import Geometry

// Core Animation's transform functions, on the engine's `Transform3D` (the same 4 × 4 matrix,
// row vectors, m41…m43 the translation). "Then" reads as Core Animation's documentation does:
// `CATransform3DTranslate(t, …)` translates first and then applies `t`.

/// A 4 × 4 transform (`CATransform3D`).
public typealias CATransform3D = Transform3D

/// The identity transform (`CATransform3DIdentity`).
public let CATransform3DIdentity = Transform3D.identity

/// A translation (`CATransform3DMakeTranslation`).
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    Transform3D(translationX: tx, y: ty, z: tz)
}

/// A scale (`CATransform3DMakeScale`).
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    Transform3D(scaleX: sx, y: sy, z: sz)
}

/// A rotation by `angle` radians about the axis (x, y, z); identity for a zero-length axis
/// (`CATransform3DMakeRotation`).
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    Transform3D(rotationAngle: angle, x: x, y: y, z: z)
}

/// `t` after a translation (`CATransform3DTranslate`).
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DMakeTranslation(tx, ty, tz).concatenating(t)
}

/// `t` after a scale (`CATransform3DScale`).
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DMakeScale(sx, sy, sz).concatenating(t)
}

/// `t` after a rotation; `t` unchanged for a zero-length axis (`CATransform3DRotate`).
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    guard x != 0 || y != 0 || z != 0 else { return t }
    return CATransform3DMakeRotation(angle, x, y, z).concatenating(t)
}

/// `a` and then `b` (`CATransform3DConcat`).
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    a.concatenating(b)
}

/// The inverse, or `t` itself when it has none (`CATransform3DInvert`).
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    t.inverted() ?? t
}

/// Whether `t` is the identity (`CATransform3DIsIdentity`).
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool {
    t.isIdentity
}

/// Whether two transforms are equal (`CATransform3DEqualToTransform`).
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
    a == b
}
