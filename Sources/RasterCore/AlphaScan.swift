/// Scans of a row's alphas (premultiplied RGBA8, 4 bytes a pixel): where they begin and end
/// (a layer's tight bounds) and whether they are the bytes kept for a silhouette (a kept blur's
/// test). Never inlined: these are the loops built once for each processor level
/// (`RasterCoreBuild`). (Offsets within the row: the arithmetic wraps.)
package enum AlphaScan {
    /// The first of the `count` pixels from `row` whose alpha is not 0; `count` when there is none.
    @inline(never)
    package static func firstWithAlpha(_ row: UnsafePointer<UInt8>, count: Int) -> Int {
        var x = 0
        #if X86_64_V3
        // Eight pixels a step where vectors are 256 bits wide (the x86-64-v3 build).
        while x &+ 8 <= count, octetIsClear(row + x &* 4) { x &+= 8 }
        #endif
        while x &+ 4 <= count, quadIsClear(row + x &* 4) { x &+= 4 }
        while x < count, row[x &* 4 &+ 3] == 0 { x &+= 1 }
        return x
    }

    /// One past the last of the `count` pixels from `row` whose alpha is not 0; 0 when there is none.
    @inline(never)
    package static func endOfAlpha(_ row: UnsafePointer<UInt8>, count: Int) -> Int {
        var end = count
        #if X86_64_V3
        while end >= 8, octetIsClear(row + (end &- 8) &* 4) { end &-= 8 }
        #endif
        while end >= 4, quadIsClear(row + (end &- 4) &* 4) { end &-= 4 }
        while end > 0, row[(end &- 1) &* 4 &+ 3] == 0 { end &-= 1 }
        return end
    }

    /// Whether the alphas of the `count` pixels from `row` are the `count` bytes from `kept`.
    @inline(never)
    package static func alphas(_ row: UnsafePointer<UInt8>, count: Int, equal kept: UnsafePointer<UInt8>) -> Bool {
        var x = 0
        #if X86_64_V3
        // Eight pixels a step where vectors are 256 bits wide (the x86-64-v3 build), both halves
        // tested at once.
        while x &+ 8 <= count {
            let differ = (alphas(row + x &* 4) ^ widened(kept + x)) | (alphas(row + (x &+ 4) &* 4) ^ widened(kept + (x &+ 4)))
            if any(differ .!= 0) { return false }
            x &+= 8
        }
        #endif
        // Four pixels' alphas in lanes against four kept bytes widened, then one at a time.
        while x &+ 4 <= count {
            if alphas(row + x &* 4) != widened(kept + x) { return false }
            x &+= 4
        }
        while x < count {
            if kept[x] != row[x &* 4 &+ 3] { return false }
            x &+= 1
        }
        return true
    }

    /// The alphas of the four pixels at `p`, a lane each.
    @inline(__always)
    private static func alphas(_ p: UnsafePointer<UInt8>) -> SIMD4<UInt32> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt32>.self) &>> 24
    }

    /// The four bytes at `p`, a lane each.
    @inline(__always)
    private static func widened(_ p: UnsafePointer<UInt8>) -> SIMD4<UInt32> {
        SIMD4(truncatingIfNeeded: UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt8>.self))
    }

    /// Whether the four pixels at `p` are all transparent (alpha 0).
    @inline(__always)
    private static func quadIsClear(_ p: UnsafePointer<UInt8>) -> Bool {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt32>.self) & 0xFF00_0000 == .zero
    }

    /// Whether the eight pixels at `p` are all transparent, tested as two halves at once.
    @inline(__always)
    private static func octetIsClear(_ p: UnsafePointer<UInt8>) -> Bool {
        let raw = UnsafeRawPointer(p)
        return (raw.loadUnaligned(as: SIMD4<UInt32>.self) | raw.loadUnaligned(fromByteOffset: 16, as: SIMD4<UInt32>.self)) & 0xFF00_0000 == .zero
    }
}
