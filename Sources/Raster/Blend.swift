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

    /// Composites a solid colour over a row: pixel `x` of `columns` gets `coverage[x]`;
    /// `row` points at the pixel of column 0.
    @inline(__always)
    static func sourceOverSpan(_ color: PremultipliedColor, coverage: UnsafeMutableBufferPointer<UInt8>, columns: Range<Int>,
                               into row: UnsafeMutablePointer<UInt8>) {
        let (r, g, b, a) = (UInt32(color.r), UInt32(color.g), UInt32(color.b), UInt32(color.a))
        let fullInverse = 255 - a
        for x in columns {
            let c = UInt32(coverage[x])
            if c == 0 { continue }
            let p = row + x * 4
            if c == 255 {
                p[0] = UInt8(r + div255(UInt32(p[0]) * fullInverse))
                p[1] = UInt8(g + div255(UInt32(p[1]) * fullInverse))
                p[2] = UInt8(b + div255(UInt32(p[2]) * fullInverse))
                p[3] = UInt8(a + div255(UInt32(p[3]) * fullInverse))
            } else {
                let sa = div255(a * c)
                let inverse = 255 - sa
                p[0] = UInt8(div255(r * c) + div255(UInt32(p[0]) * inverse))
                p[1] = UInt8(div255(g * c) + div255(UInt32(p[1]) * inverse))
                p[2] = UInt8(div255(b * c) + div255(UInt32(p[2]) * inverse))
                p[3] = UInt8(sa + div255(UInt32(p[3]) * inverse))
            }
        }
    }
}
