#if X86_64_V3
import CProcessor
#endif

/// A colour ramp's arithmetic: positions from the terms of a pixel's column and row, and the
/// colours of a ramp's table at four positions, as a gradient works them out one at a time.
///
/// A ramp's table is ordered-dithered (`OrderedDither`): it holds the ramp's 256 colours once for
/// each threshold, rounded down after adding it, and a pixel reads the copy of its threshold
/// (`ditherOffsets`).
public enum RampLookup {
    /// The colours a ramp holds; its table has `OrderedDither.levels` copies of them.
    public static let rampColors = 256

    /// The offsets into a ramp's table of the copies pixels x … x + 3 of frame row y read.
    @inlinable @inline(__always)
    public static func ditherOffsets(x: Int, y: Int) -> SIMD4<UInt64> {
        OrderedDither.orders(x: x, y: y) &* UInt64(rampColors)
    }

    /// The positions from the terms of u and v: their sum times `inverseLengthSquared` (axial),
    /// or its square root (radial, `radialPosition`; in the x86-64-v3 build four roots in one
    /// instruction).
    @inlinable @inline(__always)
    public static func positions(columnTerms: SIMD4<Double>, rowTerms: SIMD4<Double>, radial: Bool, inverseLengthSquared: Double) -> SIMD4<Double> {
        let sum = columnTerms + rowTerms
        guard radial else { return sum * inverseLengthSquared }
        // Past 4 the position is clamped to 1 anyway; a larger sum could overflow a float.
        let bounded = sum.replacing(with: 4, where: sum .> 4)
        #if X86_64_V3
        return animvid_single_precision_roots(bounded)
        #else
        return SIMD4(radialPosition(bounded[0]), radialPosition(bounded[1]), radialPosition(bounded[2]), radialPosition(bounded[3]))
        #endif
    }

    /// A radial ramp's position from the square of a point's distance from the centre in radii
    /// (at most 4; not a number stays one): its square root, taken in single precision. A ramp
    /// has 256 colours, and the float's root is off by less than 10⁻⁷, so it picks another
    /// colour than the double's only within 10⁻⁷ of the middle between two; in a vector it is
    /// four times the double's speed.
    @inlinable @inline(__always)
    public static func radialPosition(_ squaredDistance: Double) -> Double {
        Double(Float(squaredDistance).squareRoot())
    }

    /// The words of `table` at four ramp positions, each from the copy its `offsets`
    /// (`ditherOffsets`) pick: min(max(t, 0), 1) · 255 as the library's min and max pick, then ½
    /// added and truncated (2⁵² added leaves the nearest whole number in the mantissa; one less
    /// where that rounded up); the copy's first colour below ½ and where t is not finite (t − t
    /// is then not 0).
    @inlinable @inline(__always)
    public static func words(at t: SIMD4<Double>, table: UnsafePointer<UInt32>, offsets: SIMD4<UInt64>) -> SIMD4<UInt32> {
        var clamped = t.replacing(with: 0, where: t .<= 0)
        clamped.replace(with: 1, where: clamped .> 1)
        let scaled = clamped * 255
        let half = scaled + 0.5
        let shifted = half + 4_503_599_627_370_496
        var index = unsafeBitCast(shifted, to: SIMD4<UInt64>.self) & 0xF_FFFF_FFFF_FFFF
        index.replace(with: index &- 1, where: shifted - 4_503_599_627_370_496 .> half)
        index.replace(with: 0, where: scaled .< 0.5 .| .!(t - t .== 0))
        index &+= offsets
        #if X86_64_V3
        return animvid_table_words(table, index)
        #else
        return SIMD4(table[Int(truncatingIfNeeded: index[0])], table[Int(truncatingIfNeeded: index[1])],
                     table[Int(truncatingIfNeeded: index[2])], table[Int(truncatingIfNeeded: index[3])])
        #endif
    }
}
