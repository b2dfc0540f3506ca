extension Transform3D {
    /// The inverse transform (`CATransform3DInvert`), or nil when the matrix is singular.
    public func inverted() -> Transform3D? {
        var a = entries
        var inv = Transform3D.identity.entries
        for col in 0..<4 {
            var pivot = col
            for row in col + 1..<4 where abs(a[row * 4 + col]) > abs(a[pivot * 4 + col]) { pivot = row }
            guard abs(a[pivot * 4 + col]) > 1e-12 else { return nil }
            if pivot != col {
                for k in 0..<4 {
                    a.swapAt(pivot * 4 + k, col * 4 + k)
                    inv.swapAt(pivot * 4 + k, col * 4 + k)
                }
            }
            let d = a[col * 4 + col]
            for k in 0..<4 {
                a[col * 4 + k] /= d
                inv[col * 4 + k] /= d
            }
            for row in 0..<4 where row != col {
                let f = a[row * 4 + col]
                if f == 0 { continue }
                for k in 0..<4 {
                    a[row * 4 + k] -= f * a[col * 4 + k]
                    inv[row * 4 + k] -= f * inv[col * 4 + k]
                }
            }
        }
        return Transform3D(inv)
    }

    /// The affine map undoing this one on the z = 0 plane (z in and out left alone), or nil
    /// when it does not map that plane affinely or flattens it. Unlike `inverted()`, it exists
    /// for a transform that flattens depth (`flattened`), as drawn ones do.
    public func invertedInPlane() -> Transform3D? {
        guard mapsPlaneAffinely else { return nil }
        let det = m11 * m22 - m12 * m21
        guard det != 0, det.isFinite else { return nil }
        let (a, b, c, d) = (m22 / det, -m12 / det, -m21 / det, m11 / det)
        let (tx, ty) = (-(m41 * a + m42 * c), -(m41 * b + m42 * d))
        guard [a, b, c, d, tx, ty].allSatisfy(\.isFinite) else { return nil }
        return Transform3D([a, b, 0, 0, c, d, 0, 0, 0, 0, 1, 0, tx, ty, 0, 1])
    }
}
