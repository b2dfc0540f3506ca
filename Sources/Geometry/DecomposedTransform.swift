import Foundation

/// A transform split into translation, scale, skew, rotation (a unit quaternion) and perspective,
/// following the CSS Transforms "unmatrix" algorithm on Core Animation's row-vector layout.
///
/// Core Animation interpolates `transform` through these parts, not entry by entry, and its
/// sub-key paths (`transform.scale`, `transform.rotation.z`, …) read and replace single parts.
public struct DecomposedTransform: Hashable, Sendable {
    /// Translation along x, y and z (m41…m43).
    public var translation: (x: Double, y: Double, z: Double)
    /// Scale along each axis; z may be 0 for a flattened layer.
    public var scale: (x: Double, y: Double, z: Double)
    /// Shear between the axes (xy, xz, yz), as the unmatrix algorithm defines it.
    public var skew: (xy: Double, xz: Double, yz: Double)
    /// The rotation as a unit quaternion (x, y, z, w).
    public var quaternion: (x: Double, y: Double, z: Double, w: Double)
    /// The perspective part; (0, 0, 0, 1) for none.
    public var perspective: (x: Double, y: Double, z: Double, w: Double)

    /// The parts of the identity transform.
    public static let identity = DecomposedTransform(
        translation: (0, 0, 0), scale: (1, 1, 1), skew: (0, 0, 0),
        quaternion: (0, 0, 0, 1), perspective: (0, 0, 0, 1))

    /// A transform from its parts; `recomposed` turns them back into a matrix.
    public init(
        translation: (x: Double, y: Double, z: Double), scale: (x: Double, y: Double, z: Double),
        skew: (xy: Double, xz: Double, yz: Double), quaternion: (x: Double, y: Double, z: Double, w: Double),
        perspective: (x: Double, y: Double, z: Double, w: Double)
    ) {
        self.translation = translation
        self.scale = scale
        self.skew = skew
        self.quaternion = quaternion
        self.perspective = perspective
    }

    /// Decomposes `m`, or returns nil when it cannot be decomposed (m44 = 0, or the x and y axes
    /// collapse). A zero z scale, as in `CATransform3DMakeScale(1, 1, 0)`, is kept as a scale of 0.
    public init?(_ m: Transform3D) {
        guard m.m44 != 0, m.entries.allSatisfy(\.isFinite) else { return nil }
        var e = m.entries.map { $0 / m.m44 }
        func at(_ i: Int, _ j: Int) -> Double { e[i * 4 + j] }

        // Perspective: solve for it with the upper 3x3 plus translation.
        if at(0, 3) != 0 || at(1, 3) != 0 || at(2, 3) != 0 {
            var pm = e
            pm[3] = 0; pm[7] = 0; pm[11] = 0; pm[15] = 1
            guard let inverse = Transform3D(pm).inverted() else { return nil }
            let rhs = [at(0, 3), at(1, 3), at(2, 3), at(3, 3)]
            let inv = inverse.entries
            // rhs · transpose(inverse)
            var p = [0.0, 0, 0, 0]
            for i in 0..<4 {
                for k in 0..<4 { p[i] += rhs[k] * inv[i * 4 + k] }
            }
            perspective = (p[0], p[1], p[2], p[3])
            e[3] = 0; e[7] = 0; e[11] = 0; e[15] = 1
        } else {
            perspective = (0, 0, 0, 1)
        }
        translation = (at(3, 0), at(3, 1), at(3, 2))

        var rows = (0..<3).map { i in Vector3(at(i, 0), at(i, 1), at(i, 2)) }
        var sx = rows[0].length
        guard sx > 0 else { return nil }
        rows[0] = rows[0] / sx
        var skewXY = rows[0].dot(rows[1])
        rows[1] = rows[1] - rows[0] * skewXY
        var sy = rows[1].length
        guard sy > 0 else { return nil }
        rows[1] = rows[1] / sy
        skewXY /= sy
        var skewXZ = rows[0].dot(rows[2])
        rows[2] = rows[2] - rows[0] * skewXZ
        var skewYZ = rows[1].dot(rows[2])
        rows[2] = rows[2] - rows[1] * skewYZ
        var sz = rows[2].length
        if sz < 1e-12 {
            // A flattened layer: the z axis collapsed. Keep it as a zero scale on the normal.
            sz = 0
            skewXZ = 0
            skewYZ = 0
            rows[2] = rows[0].cross(rows[1])
        } else {
            rows[2] = rows[2] / sz
            skewXZ /= sz
            skewYZ /= sz
        }
        if rows[0].dot(rows[1].cross(rows[2])) < 0 {
            sx = -sx; sy = -sy; sz = -sz
            rows = rows.map { $0 * -1 }
        }
        scale = (sx, sy, sz)
        skew = (skewXY, skewXZ, skewYZ)

        var qx = 0.5 * max(1 + rows[0].x - rows[1].y - rows[2].z, 0).squareRoot()
        var qy = 0.5 * max(1 - rows[0].x + rows[1].y - rows[2].z, 0).squareRoot()
        var qz = 0.5 * max(1 - rows[0].x - rows[1].y + rows[2].z, 0).squareRoot()
        var qw = 0.5 * max(1 + rows[0].x + rows[1].y + rows[2].z, 0).squareRoot()
        if qw >= max(qx, qy, qz) {
            // The signs from the antisymmetric parts (4·x·w and so on), w positive.
            if rows[2].y > rows[1].z { qx = -qx }
            if rows[0].z > rows[2].x { qy = -qy }
            if rows[1].x > rows[0].y { qz = -qz }
        } else {
            // Near a half turn (w about 0: a mirror taken as a flip and a half turn about an axis
            // in the plane) those parts vanish and say nothing: the signs come from the
            // symmetric parts (4·x·y and so on) against the largest component, then w made positive.
            func sign(_ v: Double, _ q: Double) -> Double { v < 0 ? -q : q }
            let (xy, xz, yz) = (rows[0].y + rows[1].x, rows[0].z + rows[2].x, rows[1].z + rows[2].y)
            if qx >= max(qy, qz) {
                (qy, qz, qw) = (sign(xy, qy), sign(xz, qz), sign(rows[1].z - rows[2].y, qw))
            } else if qy >= qz {
                (qx, qz, qw) = (sign(xy, qx), sign(yz, qz), sign(rows[2].x - rows[0].z, qw))
            } else {
                (qx, qy, qw) = (sign(xz, qx), sign(yz, qy), sign(rows[0].y - rows[1].x, qw))
            }
            if qw < 0 { (qx, qy, qz, qw) = (-qx, -qy, -qz, -qw) }
        }
        quaternion = (qx, qy, qz, qw)
    }

    /// Rebuilds the matrix from its parts.
    public var recomposed: Transform3D {
        var m = Transform3D.identity
        (m.m14, m.m24, m.m34, m.m44) = perspective
        let t = translation
        m.m41 += t.x * m.m11 + t.y * m.m21 + t.z * m.m31
        m.m42 += t.x * m.m12 + t.y * m.m22 + t.z * m.m32
        m.m43 += t.x * m.m13 + t.y * m.m23 + t.z * m.m33
        m.m44 += t.x * m.m14 + t.y * m.m24 + t.z * m.m34

        let (x, y, z, w) = quaternion
        var r = Transform3D.identity
        // The rotation matrix in Core Animation's row-vector layout (the transpose of the
        // column-vector form), matching the signs chosen when the quaternion was extracted.
        r.m11 = 1 - 2 * (y * y + z * z)
        r.m12 = 2 * (x * y + z * w)
        r.m13 = 2 * (x * z - y * w)
        r.m21 = 2 * (x * y - z * w)
        r.m22 = 1 - 2 * (x * x + z * z)
        r.m23 = 2 * (y * z + x * w)
        r.m31 = 2 * (x * z + y * w)
        r.m32 = 2 * (y * z - x * w)
        r.m33 = 1 - 2 * (x * x + y * y)
        m = r.concatenating(m)

        if skew.yz != 0 {
            var s = Transform3D.identity
            s.m32 = skew.yz
            m = s.concatenating(m)
        }
        if skew.xz != 0 {
            var s = Transform3D.identity
            s.m31 = skew.xz
            m = s.concatenating(m)
        }
        if skew.xy != 0 {
            var s = Transform3D.identity
            s.m21 = skew.xy
            m = s.concatenating(m)
        }
        return Transform3D(scaleX: scale.x, y: scale.y, z: scale.z).concatenating(m)
    }

    /// Interpolates every part linearly, the rotation by spherical linear interpolation on the
    /// shorter arc.
    public func interpolated(to o: DecomposedTransform, at t: Double) -> DecomposedTransform {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        var r = self
        r.translation = (mix(translation.x, o.translation.x), mix(translation.y, o.translation.y), mix(translation.z, o.translation.z))
        r.scale = (mix(scale.x, o.scale.x), mix(scale.y, o.scale.y), mix(scale.z, o.scale.z))
        r.skew = (mix(skew.xy, o.skew.xy), mix(skew.xz, o.skew.xz), mix(skew.yz, o.skew.yz))
        r.perspective = (mix(perspective.x, o.perspective.x), mix(perspective.y, o.perspective.y),
                         mix(perspective.z, o.perspective.z), mix(perspective.w, o.perspective.w))
        r.quaternion = Self.slerp(quaternion, o.quaternion, t)
        return r
    }

    private typealias Quaternion = (x: Double, y: Double, z: Double, w: Double)

    private static func slerp(_ a: Quaternion, _ b0: Quaternion, _ t: Double) -> Quaternion {
        var b = b0
        var d = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
        if d < 0 {
            b = (-b.x, -b.y, -b.z, -b.w)
            d = -d
        }
        d = min(d, 1)
        let angle = acos(d)
        let sinAngle = (1 - d * d).squareRoot()
        let (wa, wb): (Double, Double)
        if sinAngle < 1e-9 {
            (wa, wb) = (1 - t, t)
        } else {
            wa = sin(angle * (1 - t)) / sinAngle
            wb = sin(angle * t) / sinAngle
        }
        return (a.x * wa + b.x * wb, a.y * wa + b.y * wb, a.z * wa + b.z * wb, a.w * wa + b.w * wb)
    }

    public static func == (l: DecomposedTransform, r: DecomposedTransform) -> Bool {
        l.translation == r.translation && l.scale == r.scale && l.skew == r.skew
            && l.quaternion == r.quaternion && l.perspective == r.perspective
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(recomposed)
    }
}
