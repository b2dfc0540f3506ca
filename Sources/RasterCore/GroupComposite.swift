import CProcessor

/// A group's end: its pixels drawn over the target at its opacity and cleared as they are read.
package enum GroupComposite {
    /// Draws the layer's pixels `s` in columns `x0 ..< x1` of rows `y0 ..< y1` over the target's
    /// `p` (both `rowBytes` bytes a row) at `coverage` (the opacity, 0…255), source-over, and leaves
    /// them transparent in the layer. Never inlined: this is the loop built once for each processor
    /// level (`RasterCoreBuild`). Offsets within the pixmaps: the arithmetic wraps instead of checking.
    @inline(never)
    package static func drawAndClear(_ s: UnsafeMutablePointer<UInt8>, into p: UnsafeMutablePointer<UInt8>, rowBytes: Int,
                                     x0: Int, x1: Int, y0: Int, y1: Int, coverage: UInt32) {
        // The last colour four pixels in a row shared, scaled by the opacity: inside a
        // shape a group's pixels are mostly one colour, blended then without scaling each.
        var (uniform, scaled) = (UInt32(0), Blend.ScaledColor(.transparent, coverage: coverage))
        for y in y0..<y1 {
            var (i, end) = (y &* rowBytes &+ x0 &* 4, y &* rowBytes &+ x1 &* 4)
            // The same columns `prefetchRows` rows down (of this row in the last ones) are asked
            // for as this row is read: both pixmaps are a frame's stride apart row to row.
            let ahead = y &+ prefetchRows < y1 ? rowBytes &* prefetchRows : 0
            // Four pixels a step (none to draw or clear when all are transparent), then one at a time.
            while coverage < 255, i &+ 16 <= end {
                animvid_prefetch_for_writing(s + (i &+ ahead))
                animvid_prefetch_for_writing(p + (i &+ ahead))
                #if X86_64_V3
                // Eight pixels of the last colour at once where registers are 256 bits wide (the
                // x86-64-v3 build): the same arithmetic a pixel.
                if i &+ 32 <= end, Self.areAll(UnsafeRawPointer(s + i), uniform) {
                    scaled.blendQuads(into: p + i, count: 2)
                    if uniform != 0 { UnsafeMutableRawPointer(s + i).storeBytes(of: .zero, as: SIMD8<UInt32>.self) }
                    i &+= 32
                    continue
                }
                #endif
                let pixels = UnsafeRawPointer(s + i).loadUnaligned(as: SIMD4<UInt32>.self)
                // A transparent pixel is all zero (premultiplied colour never exceeds its
                // alpha: images are made so, `Image(premultipliedRGBA:)`).
                if all(pixels .== SIMD4(repeating: uniform)) {
                    scaled.blendQuads(into: p + i, count: 1)
                } else if all(pixels .== SIMD4(repeating: pixels[0])) {
                    uniform = pixels[0]
                    scaled = Blend.ScaledColor(PremultipliedColor(word: uniform), coverage: coverage)
                    scaled.blendQuads(into: p + i, count: 1)
                } else {
                    Blend.sourceOverQuad(pixels, coverage: SIMD4(repeating: coverage), into: p + i)
                }
                if any(pixels .!= 0) { UnsafeMutableRawPointer(s + i).storeBytes(of: .zero, as: SIMD4<UInt32>.self) }
                i &+= 16
            }
            while i &+ 16 <= end {
                animvid_prefetch_for_writing(s + (i &+ ahead))
                animvid_prefetch_for_writing(p + (i &+ ahead))
                #if X86_64_V3
                // Eight pixels at once where registers are 256 bits wide (the x86-64-v3 build) when
                // all are opaque (the pixels themselves) or all transparent (nothing to do).
                if i &+ 32 <= end {
                    let (low, high) = (UnsafeRawPointer(s + i).loadUnaligned(as: SIMD4<UInt32>.self),
                                       UnsafeRawPointer(s + i).loadUnaligned(fromByteOffset: 16, as: SIMD4<UInt32>.self))
                    if Blend.areOpaque(low, high) {
                        UnsafeMutableRawPointer(p + i).storeBytes(of: SIMD8(lowHalf: low, highHalf: high), as: SIMD8<UInt32>.self)
                        UnsafeMutableRawPointer(s + i).storeBytes(of: .zero, as: SIMD8<UInt32>.self)
                        i &+= 32
                        continue
                    }
                    if !any(low | high .!= 0) {
                        i &+= 32
                        continue
                    }
                }
                #endif
                let pixels = UnsafeRawPointer(s + i).loadUnaligned(as: SIMD4<UInt32>.self)
                // The four alphas summed in the vector: 0 when all are transparent, 1,020
                // when all are opaque (lane compares came out a lane at a time, with branches).
                let alphas = (pixels &>> 24).wrappedSum()
                if alphas == 4 * 255 {
                    // Opaque at full opacity: the pixels themselves.
                    UnsafeMutableRawPointer(p + i).storeBytes(of: pixels, as: SIMD4<UInt32>.self)
                } else if alphas != 0 {
                    Blend.sourceOverQuad(pixels, coverage: SIMD4(repeating: coverage), into: p + i)
                }
                if any(pixels .!= 0) { UnsafeMutableRawPointer(s + i).storeBytes(of: .zero, as: SIMD4<UInt32>.self) }
                i &+= 16
            }
            while i < end {
                defer {
                    (s[i], s[i + 1], s[i + 2], s[i + 3]) = (0, 0, 0, 0)
                    i &+= 4
                }
                guard s[i + 3] != 0 else { continue }
                // An opaque pixel at full opacity is the pixel (what `sourceOver` computes then).
                if coverage == 255 && s[i + 3] == 255 {
                    (p[i], p[i + 1], p[i + 2], p[i + 3]) = (s[i], s[i + 1], s[i + 2], 255)
                    continue
                }
                Blend.sourceOver(PremultipliedColor(r: s[i], g: s[i + 1], b: s[i + 2], a: s[i + 3]), coverage: coverage, into: p, at: i)
            }
        }
    }

    /// How many rows ahead `drawAndClear` asks for the pixels it will read.
    private static let prefetchRows = 2

    /// Whether the eight pixels at `pixels` are all `color`, tested as two halves (a test of
    /// eight lanes came out a lane at a time).
    @inline(__always)
    private static func areAll(_ pixels: UnsafeRawPointer, _ color: UInt32) -> Bool {
        let splat = SIMD4(repeating: color)
        let differ = (pixels.loadUnaligned(as: SIMD4<UInt32>.self) ^ splat) | (pixels.loadUnaligned(fromByteOffset: 16, as: SIMD4<UInt32>.self) ^ splat)
        return !any(differ .!= 0)
    }
}
