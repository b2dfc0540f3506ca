import Geometry

/// Coverage bytes (0…255) from the running sums of a coverage accumulator's cells, as every
/// fill resolves them: the row blend and the clip masks alike.
public enum CellCoverage {
    /// The coverages (0…255) of four running sums under the non-zero rule, as one at a time:
    /// min(|s|, 1) · 255 + ½, truncated. The absolute value clears the sign bit, and the
    /// minimum compares bit patterns as integers (for floats of one sign their order), with
    /// shifts and masks: the library's lane compares came out a lane at a time.
    @inlinable @inline(__always)
    public static func coverage(of sums: SIMD4<Float>) -> SIMD4<UInt32> {
        let magnitude = unsafeBitCast(sums, to: SIMD4<Int32>.self) & 0x7FFF_FFFF
        let toOne = 0x3F80_0000 &- magnitude
        let capped = magnitude &+ (toOne & (toOne &>> 31))
        return truncated(unsafeBitCast(capped, to: SIMD4<Float>.self) * 255 + 0.5)
    }

    /// The coverages (0…255) of four running sums under `rule`, as `resolveRow` makes them one
    /// at a time.
    @inlinable @inline(__always)
    public static func coverage(of sums: SIMD4<Float>, rule: FillRule) -> SIMD4<UInt32> {
        if rule == .nonZero { return coverage(of: sums) }
        return SIMD4(coverage(of: sums[0], rule: rule), coverage(of: sums[1], rule: rule), coverage(of: sums[2], rule: rule),
                     coverage(of: sums[3], rule: rule))
    }

    /// The coverage (0…255) of one running sum under `rule`: its magnitude, at most 1
    /// (non-zero), or its distance from the nearest even number (even-odd).
    @inlinable @inline(__always)
    public static func coverage(of sum: Float, rule: FillRule) -> UInt32 {
        var c = abs(sum)
        if rule == .evenOdd {
            c = c.truncatingRemainder(dividingBy: 2)
            if c > 1 { c = 2 - c }
        } else {
            c = min(c, 1)
        }
        return UInt32(c * 255 + 0.5)
    }

    /// The whole parts of four numbers in 0..<2²³ (`UInt32(v)` a lane, without a conversion a lane:
    /// the library's converts each lane with range checks, an eighth of the sprite fill's time).
    /// Adding 2²³ leaves the nearest whole number in the mantissa; one less where that rounded up.
    @inlinable @inline(__always)
    public static func truncated(_ v: SIMD4<Float>) -> SIMD4<UInt32> {
        let shifted = v + 8_388_608
        var whole = unsafeBitCast(shifted, to: SIMD4<UInt32>.self) & 0x7F_FFFF
        whole.replace(with: whole &- 1, where: shifted - 8_388_608 .> v)
        return whole
    }
}
