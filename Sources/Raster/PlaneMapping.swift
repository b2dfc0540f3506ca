import Geometry

/// Maps device pixels back to a layer's plane: the inverse of the 3×3 homography that a
/// `Transform3D` applies to points with z = 0. Nil when the mapping is singular.
struct PlaneMapping {
    /// Row-major 3×3, row vectors: (x, y, 1) · m. Stored one by one, not in an array: `point`
    /// runs for every pixel of a gradient or image fill, and an array checks each index.
    private let m0, m1, m2, m3, m4, m5, m6, m7, m8: Double
    /// Whether w is exactly 1 at every point (an affine mapping): dividing by it changes nothing.
    private let isAffine: Bool

    init?(_ t: Transform3D) {
        let h = [t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44]
        let det = h[0] * (h[4] * h[8] - h[5] * h[7]) - h[1] * (h[3] * h[8] - h[5] * h[6]) + h[2] * (h[3] * h[7] - h[4] * h[6])
        guard abs(det) > 1e-18, det.isFinite else { return nil }
        let d = 1 / det
        (m0, m1, m2) = ((h[4] * h[8] - h[5] * h[7]) * d, (h[2] * h[7] - h[1] * h[8]) * d, (h[1] * h[5] - h[2] * h[4]) * d)
        (m3, m4, m5) = ((h[5] * h[6] - h[3] * h[8]) * d, (h[0] * h[8] - h[2] * h[6]) * d, (h[2] * h[3] - h[0] * h[5]) * d)
        (m6, m7, m8) = ((h[3] * h[7] - h[4] * h[6]) * d, (h[1] * h[6] - h[0] * h[7]) * d, (h[0] * h[4] - h[1] * h[3]) * d)
        isAffine = m2 == 0 && m5 == 0 && m8 == 1
    }

    /// Whether the mapping neither turns, skews nor projects: a device column's plane u is the
    /// same on every row and a row's v in every column, bit for bit (the other coordinate's
    /// terms are zeros, which add exactly, and w is the same everywhere, if not exactly 1).
    var isAxisAligned: Bool { m1 == 0 && m3 == 0 && m2 == 0 && m5 == 0 }

    /// For an affine mapping, the plane point of device point (x, y) as x · `column` + y · `row`
    /// + `offset` (u in each point's x, v in its y; w, the same everywhere, divided in); nil when
    /// the mapping projects.
    var affineParts: (column: Point, row: Point, offset: Point)? {
        guard m2 == 0, m5 == 0, m8 != 0 else { return nil }
        return (Point(m0 / m8, m1 / m8), Point(m3 / m8, m4 / m8), Point(m6 / m8, m7 / m8))
    }

    /// The plane points under the centres of four pixels of a row, x … x + 3 on row y, as
    /// `point` gives each: the same operations in the same order, lane by lane (a division by
    /// a w of exactly 1 is exact, so dividing always equals `point`'s skipping it; an affine
    /// mapping, whose w is always 1, skips the divisions).
    @inline(__always)
    func points(x: Int, y: Int) -> (u: SIMD4<Double>, v: SIMD4<Double>) {
        // The centres x + ½ … x + 3½ from one conversion (whole and half numbers add exactly).
        let xs = Double(x) + SIMD4<Double>(0.5, 1.5, 2.5, 3.5)
        let row = Double(y) + 0.5
        let (u, v) = (xs * m0 + row * m3 + m6, xs * m1 + row * m4 + m7)
        if isAffine { return (u, v) }
        let w = xs * m2 + row * m5 + m8
        return (u / w, v / w)
    }

    /// The plane point under the device point (x, y).
    @inline(__always)
    func point(x: Double, y: Double) -> Point {
        let u = x * m0 + y * m3 + m6
        let v = x * m1 + y * m4 + m7
        let w = x * m2 + y * m5 + m8
        return w == 1 ? Point(u, v) : Point(u / w, v / w)
    }
}
