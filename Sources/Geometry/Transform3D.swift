import Foundation

/// A 4×4 homogeneous transform with Core Animation's conventions (`CATransform3D`):
/// points are row vectors, `p' = p · M`, and the translation lives in `m41…m43`.
public struct Transform3D: Hashable, Sendable, CustomStringConvertible {
    /// Row 1: the image of the x axis (m14 feeds w).
    public var m11, m12, m13, m14: Double
    /// Row 2: the image of the y axis (m24 feeds w).
    public var m21, m22, m23, m24: Double
    /// Row 3: the image of the z axis (m34 = −1/d gives perspective).
    public var m31, m32, m33, m34: Double
    /// Row 4: the translation (m41…m43) and w's constant term m44.
    public var m41, m42, m43, m44: Double

    /// Creates a transform from its sixteen entries in row-major order.
    public init(_ m: [Double]) {
        precondition(m.count == 16, "Transform3D needs 16 entries")
        (m11, m12, m13, m14) = (m[0], m[1], m[2], m[3])
        (m21, m22, m23, m24) = (m[4], m[5], m[6], m[7])
        (m31, m32, m33, m34) = (m[8], m[9], m[10], m[11])
        (m41, m42, m43, m44) = (m[12], m[13], m[14], m[15])
    }

    /// The sixteen entries in row-major order.
    public var entries: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// `CATransform3DIdentity`.
    public static let identity = Transform3D([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    /// `CATransform3DMakeTranslation`.
    public init(translationX tx: Double, y ty: Double, z tz: Double = 0) {
        self = .identity
        (m41, m42, m43) = (tx, ty, tz)
    }

    /// `CATransform3DMakeScale`.
    public init(scaleX sx: Double, y sy: Double, z sz: Double = 1) {
        self = .identity
        (m11, m22, m33) = (sx, sy, sz)
    }

    /// `CATransform3DMakeRotation`: a rotation by `angle` radians about the axis (x, y, z).
    /// A positive rotation about z turns clockwise on a y-down screen. A zero-length axis gives identity.
    public init(rotationAngle angle: Double, x: Double = 0, y: Double = 0, z: Double = 1) {
        self = .identity
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else { return }
        let (ux, uy, uz) = (x / length, y / length, z / length)
        let c = cos(angle), s = sin(angle), t = 1 - c
        m11 = t * ux * ux + c
        m12 = t * ux * uy + s * uz
        m13 = t * ux * uz - s * uy
        m21 = t * ux * uy - s * uz
        m22 = t * uy * uy + c
        m23 = t * uy * uz + s * ux
        m31 = t * ux * uz + s * uy
        m32 = t * uy * uz - s * ux
        m33 = t * uz * uz + c
    }

    /// `CATransform3DConcat(self, other)`: applies `self` first, then `other`.
    public func concatenating(_ other: Transform3D) -> Transform3D {
        // Written out (no arrays to allocate: this runs for every layer and particle), each
        // entry summed from 0 in the order k = 1…4, as a loop would.
        let b = other
        // Two maps of the plane (most layers'): the entries a 4 × 4 product would add zero
        // products to, left out. The sums are the same: they start from +0, so never are −0,
        // and adding ±0 changes no other number.
        if isPlanar && b.isPlanar {
            var r = self
            (r.m11, r.m12) = (0 + m11 * b.m11 + m12 * b.m21, 0 + m11 * b.m12 + m12 * b.m22)
            (r.m21, r.m22) = (0 + m21 * b.m11 + m22 * b.m21, 0 + m21 * b.m12 + m22 * b.m22)
            (r.m41, r.m42) = (0 + m41 * b.m11 + m42 * b.m21 + b.m41, 0 + m41 * b.m12 + m42 * b.m22 + b.m42)
            return r
        }
        func row(_ a1: Double, _ a2: Double, _ a3: Double, _ a4: Double) -> (Double, Double, Double, Double) {
            func entry(_ b1: Double, _ b2: Double, _ b3: Double, _ b4: Double) -> Double {
                var sum = 0.0
                sum += a1 * b1
                sum += a2 * b2
                sum += a3 * b3
                sum += a4 * b4
                return sum
            }
            return (entry(b.m11, b.m21, b.m31, b.m41), entry(b.m12, b.m22, b.m32, b.m42),
                    entry(b.m13, b.m23, b.m33, b.m43), entry(b.m14, b.m24, b.m34, b.m44))
        }
        var r = self
        (r.m11, r.m12, r.m13, r.m14) = row(m11, m12, m13, m14)
        (r.m21, r.m22, r.m23, r.m24) = row(m21, m22, m23, m24)
        (r.m31, r.m32, r.m33, r.m34) = row(m31, m32, m33, m34)
        (r.m41, r.m42, r.m43, r.m44) = row(m41, m42, m43, m44)
        return r
    }

    /// Whether the transform maps the plane z = 0 to itself affinely, leaving z and w alone:
    /// only m11, m12, m21, m22, m41 and m42 differ from the identity's, all finite.
    var isPlanar: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0 && m43 == 0 && m44 == 1
            && (m11 + m12 + m21 + m22 + m41 + m42).isFinite
    }

    /// `CATransform3DTranslate(self, …)`: the translation is applied first, then `self`.
    public func translatedBy(x: Double, y: Double, z: Double = 0) -> Transform3D {
        Transform3D(translationX: x, y: y, z: z).concatenating(self)
    }

    /// `CATransform3DScale(self, …)`: the scale is applied first, then `self`.
    public func scaledBy(x: Double, y: Double, z: Double = 1) -> Transform3D {
        Transform3D(scaleX: x, y: y, z: z).concatenating(self)
    }

    /// `CATransform3DRotate(self, …)`: the rotation is applied first, then `self`.
    public func rotated(by angle: Double, x: Double = 0, y: Double = 0, z: Double = 1) -> Transform3D {
        Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }

    /// Whether every entry is the identity's (`CATransform3DIsIdentity`).
    public var isIdentity: Bool { self == .identity }

    /// True when the transform maps the z = 0 plane affinely onto itself (`CATransform3DIsAffine`).
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0
            && m33 == 1 && m34 == 0 && m43 == 0 && m44 == 1
    }

    /// True when points of the z = 0 plane map affinely (no perspective divide), whatever the
    /// transform does to z: `affineComponents` then describe the layer's flat mapping.
    public var mapsPlaneAffinely: Bool { m14 == 0 && m24 == 0 && m44 == 1 }

    /// The transform followed by a projection onto the z = 0 plane (the z output set to 0, w
    /// kept): what a layer does to its sublayers' 3D transforms when it draws them into its own
    /// plane. Unchanged when it already maps the z = 0 plane into that plane.
    public var flattened: Transform3D {
        guard m13 != 0 || m23 != 0 || m43 != 0 else { return self }
        var t = self
        (t.m13, t.m23, t.m33, t.m43) = (0, 0, 0, 0)
        return t
    }

    /// Maps a point of the z = 0 plane, dividing by w.
    public func apply(to p: Point) -> Point {
        let x = p.x * m11 + p.y * m21 + m41
        let y = p.x * m12 + p.y * m22 + m42
        let w = p.x * m14 + p.y * m24 + m44
        if w == 1 { return Point(x: x, y: y) }
        return Point(x: x / w, y: y / w)
    }

    /// The 2D affine part `[a, b, c, d, tx, ty]` that `apply(to:)` uses when `mapsPlaneAffinely` holds.
    public var affineComponents: [Double] { [m11, m12, m21, m22, m41, m42] }

    public var description: String {
        "[" + entries.map { String(format: "%g", $0) }.joined(separator: ", ") + "]"
    }
}
