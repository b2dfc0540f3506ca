import Geometry

/// A 2D affine transform (`CGAffineTransform`): a point (x, y) maps to
/// (a·x + c·y + tx, b·x + d·y + ty). As in Core Graphics, `translatedBy`, `scaledBy` and
/// `rotated(by:)` apply their step first and then the transform, and `t1.concatenating(t2)`
/// applies t1 and then t2.
public struct CGAffineTransform: Equatable, Sendable {
    public var a, b, c, d, tx, ty: CGFloat

    /// The transform with these six entries (`init(a:b:c:d:tx:ty:)`).
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The transform that changes nothing (`identity`).
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A move by (`tx`, `ty`) (`init(translationX:y:)`).
    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A scale by `sx` across and `sy` down (`init(scaleX:y:)`).
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A turn by `angle` radians, from the x axis towards the y axis (clockwise on a y-down
    /// screen) (`init(rotationAngle:)`).
    public init(rotationAngle angle: CGFloat) {
        let (sine, cosine) = (sin(angle), cos(angle))
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Whether it changes nothing (`isIdentity`).
    public var isIdentity: Bool { self == .identity }

    /// This transform and then `other` (`concatenating(_:)`).
    public func concatenating(_ other: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(a: a * other.a + b * other.c, b: a * other.b + b * other.d,
                          c: c * other.a + d * other.c, d: c * other.b + d * other.d,
                          tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// A move by (`x`, `y`) and then this transform (`translatedBy(x:y:)`).
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// A scale and then this transform (`scaledBy(x:y:)`).
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// A turn by `angle` radians and then this transform (`rotated(by:)`).
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The transform that undoes this one, or this one when none does (`inverted()`).
    public func inverted() -> CGAffineTransform {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return self }
        let (ia, ib, ic, id) = (d / determinant, -b / determinant, -c / determinant, a / determinant)
        return CGAffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// The same map as a 4 × 4 transform (`CATransform3DMakeAffineTransform`).
    var matrix: CATransform3D {
        var m = CATransform3DIdentity
        (m.m11, m.m12, m.m21, m.m22, m.m41, m.m42) = (a, b, c, d, tx, ty)
        return m
    }
}

extension Point {
    /// The point mapped by `t` (`applying(_:)`).
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension Size {
    /// The size mapped by `t` without its move (`applying(_:)`; may be negative).
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension Rect {
    /// The smallest rectangle holding the rectangle's four corners mapped by `t` (`applying(_:)`).
    public func applying(_ t: CGAffineTransform) -> CGRect {
        let corners = [CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY)]
            .map { $0.applying(t) }
        let (xs, ys) = (corners.map(\.x), corners.map(\.y))
        let (left, top) = (xs.min()!, ys.min()!)
        return CGRect(x: left, y: top, width: xs.max()! - left, height: ys.max()! - top)
    }
}

/// The 4 × 4 transform doing what `t` does in the plane (`CATransform3DMakeAffineTransform`).
public func CATransform3DMakeAffineTransform(_ t: CGAffineTransform) -> CATransform3D {
    t.matrix
}

/// Whether `t` maps the plane to itself by an affine map (`CATransform3DIsAffine`).
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.isAffine
}

/// `t`'s affine part: what it does in the plane when `CATransform3DIsAffine(t)`
/// (`CATransform3DGetAffineTransform`).
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}
