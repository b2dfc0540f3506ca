/// Ordered dither: where an exact value lies between two 8-bit levels, pixels show both in the
/// proportion of its fraction, rounded down after adding a threshold that a 4 × 4 Bayer matrix
/// spreads evenly over every 4 × 4 block of the frame (0 8 2 10 / 12 4 14 6 / 3 11 1 9 /
/// 15 7 13 5, in sixteenths, plus half of one). A wide, subtle ramp (a gradient, a blur's glow)
/// then has no bands where it steps from one level to the next, and a value on a level stays it.
public enum OrderedDither {
    /// The thresholds: one a place in the matrix.
    public static let levels = 16

    /// The matrix's entries (0…15) at pixels x … x + 3 of frame row y: at (x, y), 4·M(x mod 2,
    /// y mod 2) + M(x/2 mod 2, y/2 mod 2) for the 2 × 2 matrix M(a, b) = 2·(a xor b) + b.
    @inlinable @inline(__always)
    public static func orders(x: Int, y: Int) -> SIMD4<UInt64> {
        let columns = SIMD4<UInt64>(repeating: UInt64(truncatingIfNeeded: x)) &+ SIMD4(0, 1, 2, 3)
        let row = SIMD4<UInt64>(repeating: UInt64(truncatingIfNeeded: y))
        @inline(__always) func small(_ a: SIMD4<UInt64>, _ b: SIMD4<UInt64>) -> SIMD4<UInt64> { ((a ^ b) & 1) &<< 1 | b & 1 }
        return small(columns, row) &<< 2 | small(columns &>> 1, row &>> 1)
    }

    /// The threshold of entry `order`, in levels: (order + ½) / 16.
    @inlinable @inline(__always)
    public static func threshold(_ order: Int) -> Double { (Double(order) + 0.5) / Double(levels) }
}
