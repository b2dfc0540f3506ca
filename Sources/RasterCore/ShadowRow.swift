/// A row of a drop shadow: the shadow's colour at each pixel's blurred coverage, blended with
/// rounding (`Blend.sourceOverRoundedQuad`) biased by the row's ordered-dither thresholds
/// (`bias`, a pixel's in 256ths of a level, for the first four pixels: the pattern repeats every
/// four columns), left out where the layer casting it is opaque.
package enum ShadowRow {
    /// Blends `quads` quads of pixels from `pixels`, each pixel in `color` (the shadow's
    /// `PremultipliedColor.word`) scaled by its coverage in `coverage` (`Blend.scaledRounded`),
    /// except where `source` (the layer's pixels at the same places, when it is drawn over its
    /// shadow at full opacity) is opaque. A quad of no coverage, or wholly under opaque pixels,
    /// is left alone. Never inlined: this is the loop built once for each processor level
    /// (`RasterCoreBuild`). (Offsets within the row: the arithmetic wraps.)
    @inline(never)
    package static func blend(quads: Int, coverage: UnsafePointer<UInt8>, source: UnsafePointer<UInt8>?, color: UInt32,
                              bias: SIMD4<UInt32>, into pixels: UnsafeMutablePointer<UInt8>) {
        var quad = 0
        #if X86_64_V3
        // Two quads a step where vectors are 256 bits wide (the x86-64-v3 build): a quad the loop
        // below leaves alone is blended here at coverage 0, which leaves its pixels as they are.
        let (redBlue8, greenAlpha8): (SIMD16<UInt16>, SIMD16<UInt16>) = Blend.channelLanes(of: color, SIMD8<UInt32>.self)
        let bias8 = SIMD8(lowHalf: bias, highHalf: bias)
        while quad &+ 2 <= quads {
            let column = quad &* 4
            defer { quad &+= 2 }
            if UnsafeRawPointer(coverage + column).loadUnaligned(as: UInt64.self) == 0 { continue }
            let (left, right) = (coveredLanes(source, column), coveredLanes(source, column &+ 4))
            if left & right == SIMD4(repeating: UInt32.max) { continue }
            let bytes = UnsafeRawPointer(coverage + column).loadUnaligned(as: SIMD8<UInt8>.self)
            let coverages = SIMD8<UInt32>(truncatingIfNeeded: bytes) & ~SIMD8(lowHalf: left, highHalf: right)
            Blend.sourceOverRoundedOctet(Blend.scaledRounded(redBlue8, greenAlpha8, by: coverages, bias: bias8), bias: bias8, into: pixels + column &* 4)
        }
        #endif
        let (redBlue, greenAlpha): (SIMD8<UInt16>, SIMD8<UInt16>) = Blend.channelLanes(of: color, SIMD4<UInt32>.self)
        while quad < quads {
            let column = quad &* 4
            defer { quad &+= 1 }
            let word = UnsafeRawPointer(coverage + column).loadUnaligned(as: UInt32.self)
            if word == 0 { continue }
            let covered = coveredLanes(source, column)
            if covered == SIMD4(repeating: UInt32.max) { continue }
            let coverages = lanes(word) & ~covered
            Blend.sourceOverRoundedQuad(Blend.scaledRounded(redBlue, greenAlpha, by: coverages, bias: bias), bias: bias, into: pixels + column &* 4)
        }
    }

    /// `blend` with `layer` as its source, then the layer drawn over the row at full opacity and
    /// left transparent, in one pass: each pixel gets the shadow, then the layer's pixel
    /// source-over, as `blend` and `GroupComposite.drawAndClear` at coverage 255 one after the
    /// other. Where the layer is opaque its pixel replaces the shadow's: eight (or four) opaque
    /// pixels are copied without reading the shadow's coverage. Never inlined: built once for
    /// each processor level (`RasterCoreBuild`).
    @inline(never)
    package static func blendUnderLayer(quads: Int, coverage: UnsafePointer<UInt8>, layer: UnsafeMutablePointer<UInt8>, color: UInt32,
                                        bias: SIMD4<UInt32>, into pixels: UnsafeMutablePointer<UInt8>) {
        var quad = 0
        #if X86_64_V3
        let (redBlue8, greenAlpha8): (SIMD16<UInt16>, SIMD16<UInt16>) = Blend.channelLanes(of: color, SIMD8<UInt32>.self)
        let bias8 = SIMD8(lowHalf: bias, highHalf: bias)
        while quad &+ 2 <= quads {
            let column = quad &* 4
            defer { quad &+= 2 }
            let (i, l) = (pixels + column &* 4, UnsafeMutableRawPointer(layer + column &* 4))
            let (low, high) = (l.loadUnaligned(as: SIMD4<UInt32>.self), l.loadUnaligned(fromByteOffset: 16, as: SIMD4<UInt32>.self))
            let source = SIMD8(lowHalf: low, highHalf: high)
            if Blend.areOpaque(low, high) {
                UnsafeMutableRawPointer(i).storeBytes(of: source, as: SIMD8<UInt32>.self)
                l.storeBytes(of: .zero, as: SIMD8<UInt32>.self)
                continue
            }
            if UnsafeRawPointer(coverage + column).loadUnaligned(as: UInt64.self) != 0 {
                let coverages = SIMD8<UInt32>(truncatingIfNeeded: UnsafeRawPointer(coverage + column).loadUnaligned(as: SIMD8<UInt8>.self))
                Blend.sourceOverRoundedOctet(Blend.scaledRounded(redBlue8, greenAlpha8, by: coverages, bias: bias8), bias: bias8, into: i)
            }
            if any(low | high .!= 0) {
                Blend.sourceOverOctet(source, coverage: SIMD8(repeating: 255), into: i)
                l.storeBytes(of: .zero, as: SIMD8<UInt32>.self)
            }
        }
        #endif
        let (redBlue, greenAlpha): (SIMD8<UInt16>, SIMD8<UInt16>) = Blend.channelLanes(of: color, SIMD4<UInt32>.self)
        while quad < quads {
            let column = quad &* 4
            defer { quad &+= 1 }
            let (i, l) = (pixels + column &* 4, UnsafeMutableRawPointer(layer + column &* 4))
            let source = l.loadUnaligned(as: SIMD4<UInt32>.self)
            if source | 0x00FF_FFFF == SIMD4(repeating: UInt32.max) {
                UnsafeMutableRawPointer(i).storeBytes(of: source, as: SIMD4<UInt32>.self)
                l.storeBytes(of: .zero, as: SIMD4<UInt32>.self)
                continue
            }
            let word = UnsafeRawPointer(coverage + column).loadUnaligned(as: UInt32.self)
            if word != 0 {
                let coverages = lanes(word)
                Blend.sourceOverRoundedQuad(Blend.scaledRounded(redBlue, greenAlpha, by: coverages, bias: bias), bias: bias, into: i)
            }
            if any(source .!= 0) {
                Blend.sourceOverQuad(source, coverage: SIMD4(repeating: 255), into: i)
                l.storeBytes(of: .zero, as: SIMD4<UInt32>.self)
            }
        }
    }

    /// All ones in the lanes of the four pixels of `source` from `column` that are opaque (their
    /// alpha + 1 reaches 256); none without a source.
    @inline(__always)
    private static func coveredLanes(_ source: UnsafePointer<UInt8>?, _ column: Int) -> SIMD4<UInt32> {
        guard let source else { return .zero }
        let alphas = UnsafeRawPointer(source + column &* 4).loadUnaligned(as: SIMD4<UInt32>.self) &>> 24
        return 0 &- ((alphas &+ 1) &>> 8)
    }

    /// The four bytes of `word` (the first in the low byte), a lane each.
    @inline(__always)
    private static func lanes(_ word: UInt32) -> SIMD4<UInt32> {
        SIMD4(word & 0xFF, word >> 8 & 0xFF, word >> 16 & 0xFF, word >> 24)
    }
}
