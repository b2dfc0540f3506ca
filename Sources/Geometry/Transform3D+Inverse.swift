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
}
