/// A row of an axial or radial ramp whose pixel positions split into a column's term and the
/// row's (a mapping neither turned nor skewed), blended four pixels a step.
package enum RampRow {
    /// Blends `quads` quads of pixels from `pixels` at the coverages `coverage` (a byte a pixel)
    /// in the colours of `table` at the positions of `columnTerms` (one a pixel) and `rowTerm`
    /// (`RampLookup.positions`), each quad from the copies `offsets` pick (`RampLookup.ditherOffsets`
    /// of the first quad: the pattern repeats every four columns); a quad of no coverage is left alone. Never inlined: this is the
    /// loop built once for each processor level (`RasterCoreBuild`).
    @inline(never)
    package static func blend(quads: Int, coverage: UnsafePointer<UInt8>, columnTerms: UnsafePointer<Double>, rowTerm: Double,
                              radial: Bool, inverseLengthSquared: Double, table: UnsafePointer<UInt32>, offsets: SIMD4<UInt64>,
                              into pixels: UnsafeMutablePointer<UInt8>) {
        let rowTerms = SIMD4(repeating: rowTerm)
        Blend.sourceOverQuads(quads, coverage: coverage, into: pixels) { column in
            let terms = UnsafeRawPointer(columnTerms + column).loadUnaligned(as: SIMD4<Double>.self)
            let t = RampLookup.positions(columnTerms: terms, rowTerms: rowTerms, radial: radial, inverseLengthSquared: inverseLengthSquared)
            return RampLookup.words(at: t, table: table, offsets: offsets)
        }
    }
}
