/// A row of a drop shadow: the shadow's colour at each pixel's blurred coverage, blended with
/// rounding (`Blend.sourceOverRoundedQuad`), left out where the layer casting it is opaque.
package enum ShadowRow {
    /// Blends `quads` quads of pixels from `pixels`, each pixel in `table[c]` (the shadow's colour
    /// scaled by coverage c, a word for each of 0…255) at its coverage c in `coverage`, except
    /// where `source` (the layer's pixels at the same places, when it is drawn over its shadow at
    /// full opacity) is opaque. A quad of no coverage, or wholly under opaque pixels, is left
    /// alone. Never inlined: this is the loop built once for each processor level
    /// (`RasterCoreBuild`). (Offsets within the row: the arithmetic wraps.)
    @inline(never)
    package static func blend(quads: Int, coverage: UnsafePointer<UInt8>, source: UnsafePointer<UInt8>?, table: UnsafePointer<UInt32>,
                              into pixels: UnsafeMutablePointer<UInt8>) {
        var quad = 0
        #if X86_64_V3
        // Two quads a step where vectors are 256 bits wide (the x86-64-v3 build): a quad the loop
        // below leaves alone is blended here in colours of 0, which leave its pixels as they are.
        while quad &+ 2 <= quads {
            let column = quad &* 4
            defer { quad &+= 2 }
            let words = UnsafeRawPointer(coverage + column).loadUnaligned(as: SIMD2<UInt32>.self)
            if words == .zero { continue }
            let (left, right) = (coveredLanes(source, column), coveredLanes(source, column &+ 4))
            if left & right == SIMD4(repeating: UInt32.max) { continue }
            let colors = SIMD8(lowHalf: colorWords(words[0], table) & ~left, highHalf: colorWords(words[1], table) & ~right)
            Blend.sourceOverRoundedOctet(colors, into: pixels + column &* 4)
        }
        #endif
        while quad < quads {
            let column = quad &* 4
            defer { quad &+= 1 }
            let word = UnsafeRawPointer(coverage + column).loadUnaligned(as: UInt32.self)
            if word == 0 { continue }
            let covered = coveredLanes(source, column)
            if covered == SIMD4(repeating: UInt32.max) { continue }
            Blend.sourceOverRoundedQuad(colorWords(word, table) & ~covered, into: pixels + column &* 4)
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

    /// The table's words at the four coverages of `word` (one a byte, the first in the low byte).
    @inline(__always)
    private static func colorWords(_ word: UInt32, _ table: UnsafePointer<UInt32>) -> SIMD4<UInt32> {
        SIMD4(table[Int(word & 0xFF)], table[Int(word >> 8 & 0xFF)], table[Int(word >> 16 & 0xFF)], table[Int(word >> 24)])
    }
}
