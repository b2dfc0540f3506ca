/// Premultiplied source-over compositing with 8-bit arithmetic, rounded exactly.
enum Blend {
    /// x / 255 rounded to nearest, exact for 0 ≤ x ≤ 255·255.
    @inline(__always)
    static func div255(_ x: UInt32) -> UInt32 {
        let y = x + 128
        return (y + (y >> 8)) >> 8
    }

    /// Composites `color` scaled by `coverage` (0…255) over the pixel at byte offset `i`.
    @inline(__always)
    static func sourceOver(_ color: PremultipliedColor, coverage: UInt32, into p: UnsafeMutablePointer<UInt8>, at i: Int) {
        let sa = div255(UInt32(color.a) * coverage)
        if sa == 0 { return }
        let inverse = 255 - sa
        p[i] = UInt8(div255(UInt32(color.r) * coverage) + div255(UInt32(p[i]) * inverse))
        p[i + 1] = UInt8(div255(UInt32(color.g) * coverage) + div255(UInt32(p[i + 1]) * inverse))
        p[i + 2] = UInt8(div255(UInt32(color.b) * coverage) + div255(UInt32(p[i + 2]) * inverse))
        p[i + 3] = UInt8(sa + div255(UInt32(p[i + 3]) * inverse))
    }
}
