import Geometry

/// Maps device pixels back to a layer's plane: the inverse of the 3×3 homography that a
/// `Transform3D` applies to points with z = 0. Nil when the mapping is singular.
struct PlaneMapping {
    private let m: [Double]  // row-major 3×3, row vectors: (x, y, 1) · m

    init?(_ t: Transform3D) {
        let h = [t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44]
        let det = h[0] * (h[4] * h[8] - h[5] * h[7]) - h[1] * (h[3] * h[8] - h[5] * h[6]) + h[2] * (h[3] * h[7] - h[4] * h[6])
        guard abs(det) > 1e-18, det.isFinite else { return nil }
        let d = 1 / det
        m = [
            (h[4] * h[8] - h[5] * h[7]) * d, (h[2] * h[7] - h[1] * h[8]) * d, (h[1] * h[5] - h[2] * h[4]) * d,
            (h[5] * h[6] - h[3] * h[8]) * d, (h[0] * h[8] - h[2] * h[6]) * d, (h[2] * h[3] - h[0] * h[5]) * d,
            (h[3] * h[7] - h[4] * h[6]) * d, (h[1] * h[6] - h[0] * h[7]) * d, (h[0] * h[4] - h[1] * h[3]) * d,
        ]
    }

    /// The plane point under the device point (x, y).
    @inline(__always)
    func point(x: Double, y: Double) -> Point {
        let u = x * m[0] + y * m[3] + m[6]
        let v = x * m[1] + y * m[4] + m[7]
        let w = x * m[2] + y * m[5] + m[8]
        return w == 1 ? Point(u, v) : Point(u / w, v / w)
    }
}
