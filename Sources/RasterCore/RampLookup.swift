#if X86_64_V3
import CProcessor
#endif

/// A colour ramp's arithmetic: positions from the terms of a pixel's column and row, and the
/// colours of a 256-entry table at four positions, as a gradient works them out one at a time.
public enum RampLookup {
    /// The positions from the terms of u and v: their sum times `inverseLengthSquared` (axial),
    /// or its square root (radial; in the x86-64-v3 build four roots in one instruction).
    @inlinable @inline(__always)
    public static func positions(columnTerms: SIMD4<Double>, rowTerms: SIMD4<Double>, radial: Bool, inverseLengthSquared: Double) -> SIMD4<Double> {
        #if X86_64_V3
        radial ? animvid_square_roots(columnTerms + rowTerms) : (columnTerms + rowTerms) * inverseLengthSquared
        #else
        radial ? (columnTerms + rowTerms).squareRoot() : (columnTerms + rowTerms) * inverseLengthSquared
        #endif
    }

    /// The words of `table` (256 colours) at four ramp positions: min(max(t, 0), 1) · 255 as the
    /// library's min and max pick, then ½ added and truncated (2⁵² added leaves the nearest whole
    /// number in the mantissa; one less where that rounded up); index 0 below ½ and where t is
    /// not finite (t − t is then not 0).
    @inlinable @inline(__always)
    public static func words(at t: SIMD4<Double>, table: UnsafePointer<UInt32>) -> SIMD4<UInt32> {
        var clamped = t.replacing(with: 0, where: t .<= 0)
        clamped.replace(with: 1, where: clamped .> 1)
        let scaled = clamped * 255
        let half = scaled + 0.5
        let shifted = half + 4_503_599_627_370_496
        var index = unsafeBitCast(shifted, to: SIMD4<UInt64>.self) & 0xF_FFFF_FFFF_FFFF
        index.replace(with: index &- 1, where: shifted - 4_503_599_627_370_496 .> half)
        index.replace(with: 0, where: scaled .< 0.5 .| .!(t - t .== 0))
        return SIMD4(table[Int(truncatingIfNeeded: index[0])], table[Int(truncatingIfNeeded: index[1])],
                     table[Int(truncatingIfNeeded: index[2])], table[Int(truncatingIfNeeded: index[3])])
    }
}
