import Geometry
import RasterCore

/// An axial or radial ramp under a mapping without rotation, skew or perspective, as a layer's
/// gradient usually sits on screen: a pixel's plane u depends on its column alone and v on its row
/// alone, so the term of u in its position (`GradientPaint.columnTerms`) is worked out once a fill
/// for each column and the term of v once a row, leaving a pixel a sum and a product or a square
/// root. The same operations on the same numbers as `AxialRamp` and `RadialRamp` through
/// `MappedShader`, so the same bytes (tests), at a fraction of their work (`make bench`).
/// An axial ramp under any affine mapping (turned or skewed) splits too: its position is affine
/// in the pixel's column and row, so it is worked out the same way, from other terms (within a
/// rounding of the general shader's position, so of its colours: tests).
struct AlignedRampShader: Shader {
    private let ramp: GradientPaint
    private let mapping: PlaneMapping
    /// The first device column the table holds.
    private let firstColumn: Int
    /// Each device column's term from `firstColumn` on.
    private let columnTerms: [Double]
    /// A turned axial ramp's row term: a row's centre times `step`, plus `offset`; nil for an
    /// aligned mapping, whose row term is the ramp's own of the row's v.
    private let turnedRows: (step: Double, offset: Double)?
    /// The current row's term, in every lane.
    private var rowTerms = SIMD4<Double>(repeating: 0)

    /// The shader for device columns `columns`, nil when the mapping projects the plane, or turns
    /// or skews it under a radial ramp, or the ramp's position does not split into a column's and
    /// a row's terms.
    init?(_ ramp: GradientPaint, mapping: PlaneMapping, columns: Range<Int>) {
        guard ramp.splitsIntoColumnsAndRows else { return nil }
        (self.ramp, self.mapping, firstColumn) = (ramp, mapping, columns.lowerBound)
        if mapping.isAxisAligned {
            // Row 0's u is every row's (`PlaneMapping.isAxisAligned`).
            columnTerms = columns.map { ramp.columnTerms(SIMD4(repeating: mapping.points(x: $0, y: 0).u[0]))[0] }
            turnedRows = nil
            return
        }
        guard ramp.kind == .axial, let (column, row, offset) = mapping.affineParts else { return nil }
        // (u − start.x)·dx + (v − start.y)·dy, u and v affine in the pixel's centre (x, y).
        let (dx, dy) = (ramp.end.x - ramp.start.x, ramp.end.y - ramp.start.y)
        let perColumn = column.x * dx + column.y * dy
        columnTerms = columns.map { (Double($0) + 0.5) * perColumn }
        turnedRows = (row.x * dx + row.y * dy, (offset.x - ramp.start.x) * dx + (offset.y - ramp.start.y) * dy)
    }

    /// Works out row `y`'s term (column 0's v is every column's when aligned).
    mutating func start(row y: Int) {
        if let (step, offset) = turnedRows {
            rowTerms = SIMD4(repeating: (Double(y) + 0.5) * step + offset)
        } else {
            rowTerms = ramp.rowTerms(SIMD4(repeating: mapping.points(x: 0, y: y).v[0]))
        }
    }

    func color(x: Int, y: Int) -> PremultipliedColor {
        guard turnedRows != nil else { return ramp.color(at: mapping.point(x: Double(x) + 0.5, y: Double(y) + 0.5), x: x, y: y) }
        let terms = SIMD4(repeating: columnTerms[x - firstColumn])
        return PremultipliedColor(word: ramp.words(at: ramp.positions(columnTerms: terms, rowTerms: rowTerms), x: x, y: y)[0])
    }

    /// The quads through RasterCore's ramp row (`RampRow.blend`), in the build this processor runs best.
    func blendQuads(_ quads: Int, x: Int, y: Int, coverage: UnsafePointer<UInt8>, into pixels: UnsafeMutablePointer<UInt8>) -> Bool {
        blendQuads(quads, x: x, y: y, coverage: coverage, into: pixels, build: .fastest)
        return true
    }

    /// The quads through `build`'s ramp row (tests compare the builds).
    func blendQuads(_ quads: Int, x: Int, y: Int, coverage: UnsafePointer<UInt8>, into pixels: UnsafeMutablePointer<UInt8>, build: RasterCoreBuild) {
        let (offset, rowTerm, radial, scale, table) = (x &- firstColumn, rowTerms[0], ramp.kind == .radial, ramp.inverseLengthSquared, ramp.table)
        let dither = RampLookup.ditherOffsets(x: x, y: y)
        columnTerms.withUnsafeBufferPointer { terms in
            table.withUnsafeBufferPointer { table in
                build.kernels.blendRampQuads(quads, coverage: coverage, columnTerms: terms.baseAddress! + offset, rowTerm: rowTerm,
                                     radial: radial, inverseLengthSquared: scale, table: table.baseAddress!, offsets: dither, into: pixels)
            }
        }
    }

    /// Four pixels' colours from the tables (the fill takes `blendQuads`; the tests compare both).
    @inline(__always)
    func colorWords(x: Int, y: Int) -> SIMD4<UInt32>? {
        // (The offset worked out first: a closure using a stored property copied the shader.)
        let offset = (x &- firstColumn) &* MemoryLayout<Double>.stride
        let terms = columnTerms.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: SIMD4<Double>.self) }
        return ramp.words(at: ramp.positions(columnTerms: terms, rowTerms: rowTerms), x: x, y: y)
    }
}
