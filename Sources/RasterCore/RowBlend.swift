import CProcessor
import Geometry

/// The row blend of a solid fill: a coverage accumulator's cells resolved to coverages and the
/// colour composited at them, one pass a row.
package enum RowBlend {
    /// Resolves the kept rows of a coverage accumulator's cells and composites `color` (a
    /// `PremultipliedColor.word`) over them, row by row in one pass each. `cells` holds `rows`
    /// rows of `width` + 2 cells, `touchedMin`/`touchedMax` the cells each row touched (reset to
    /// untouched here); `pixels` points at the pixel of the region's left column in the first kept
    /// row, rows are `rowStride` bytes apart and hold `rowPixels` pixels from that column on.
    /// Four cells a step: where all four are 0 the coverage is the same as before them (inside a
    /// shape, between a stroke's sides), and the pixels are blended at the coverage of the last
    /// edge; elsewhere the running sums are added in the one-at-a-time order and each pixel gets
    /// its own coverage. Clears the cells. Never inlined: this is the loop built once for each
    /// processor level (`RasterCoreBuild`).
    @inline(never)
    package static func blendRows(cells cellStart: UnsafeMutablePointer<Float>, touchedMin low: UnsafeMutablePointer<Int>,
                                  touchedMax high: UnsafeMutablePointer<Int>, width: Int, rows: Int, rule: FillRule, color word: UInt32,
                                  into pixels: UnsafeMutablePointer<UInt8>, rowStride: Int, rowPixels: Int) {
        let color = PremultipliedColor(word: word)
        let colorWords = SIMD4<UInt32>(repeating: word)
        // The colour at the coverage of the last run of empty cells, kept from row to row: inside
        // most shapes every row's run is at full coverage.
        var run = RunColor(color: Blend.ScaledColor(color, coverage: 0), coverage: 0)
        // Offsets within the region and the frame: the arithmetic wraps instead of checking.
        for kept in 0..<rows {
            prefetch(row: kept &+ prefetchDistance, rows: rows, low: low, high: high, pixels: pixels, rowStride: rowStride, rowPixels: rowPixels)
            let lo = low[kept], hi = high[kept]
            guard lo <= hi else { continue }
            (low[kept], high[kept]) = (Int.max, Int.min)
            let (cells, row) = (cellStart + kept &* (width &+ 2), pixels + kept &* rowStride)
            // The rule as a constant in each call, so each loop is made for one rule.
            if rule == .nonZero {
                blendRow(cells, lo: lo, hi: hi, width: width, rule: .nonZero, color: color, colorWords: colorWords, run: &run,
                         into: row, rowPixels: rowPixels)
            } else {
                blendRow(cells, lo: lo, hi: hi, width: width, rule: .evenOdd, color: color, colorWords: colorWords, run: &run,
                         into: row, rowPixels: rowPixels)
            }
        }
    }

    /// How many rows ahead `blendRows` asks for the pixels it will blend: a path's rows are a
    /// frame's stride apart, too far apart for the processor to fetch them on its own in time
    /// (`make bench`: one thread draws the circles and the shapes 8–20% faster, two threads in
    /// bands 3%; 2 to 8 rows ahead do as well).
    private static let prefetchDistance = 4

    /// Asks the processor to fetch kept row `row`'s touched pixels into its caches, for writing.
    @inline(__always)
    private static func prefetch(row: Int, rows: Int, low: UnsafeMutablePointer<Int>, high: UnsafeMutablePointer<Int>,
                                 pixels: UnsafeMutablePointer<UInt8>, rowStride: Int, rowPixels: Int) {
        guard row < rows else { return }
        let lo = low[row], hi = min(high[row], rowPixels &- 1)
        guard lo <= hi else { return }
        let first = pixels + (row &* rowStride &+ lo &* 4), last = pixels + (row &* rowStride &+ hi &* 4)
        var line = first
        while line <= last {
            animvid_prefetch_for_writing(line)
            line += 64
        }
        animvid_prefetch_for_writing(last)
    }

    /// A colour scaled for a run of empty cells, and the coverage it was scaled by.
    private struct RunColor {
        var color: Blend.ScaledColor
        var coverage: UInt32
    }

    /// One row of `blendRows`: `a` points at its cells, `lo...hi` the cells it touched; `run`
    /// the colour of the last run of empty cells (made again only when a run begins at another
    /// coverage, not after every edge quad).
    @inline(__always)
    private static func blendRow(_ a: UnsafeMutablePointer<Float>, lo: Int, hi: Int, width: Int, rule: FillRule, color: PremultipliedColor,
                                 colorWords: SIMD4<UInt32>, run: inout RunColor, into row: UnsafeMutablePointer<UInt8>, rowPixels: Int) {
        let end = max(min(hi, width), lo)
        var sum: Float = 0
        var coverageNow: UInt32 = 0
        // Indices within the row (a few thousand at most): the arithmetic wraps instead of
        // checking, which took a fifth of an empty quad's instructions (valgrind, the circles).
        var x = lo
        while x &+ 4 <= end {
            let cells = UnsafeRawPointer(a + x).loadUnaligned(as: SIMD4<Float>.self)
            if !any(cells .!= 0) {
                // A run of empty quads, found first and then blended at one colour.
                var runEnd = x &+ 4
                while runEnd &+ 8 <= end, Self.isEmpty(a + runEnd, pairs: true) { runEnd &+= 8 }
                if runEnd &+ 4 <= end, Self.isEmpty(a + runEnd, pairs: false) { runEnd &+= 4 }
                if coverageNow != run.coverage { run = RunColor(color: Blend.ScaledColor(color, coverage: coverageNow), coverage: coverageNow) }
                run.color.blendQuads(into: row + x &* 4, count: (runEnd &- x) &>> 2)
                x = runEnd
                continue
            }
            let s0 = sum + cells[0], s1 = s0 + cells[1], s2 = s1 + cells[2]
            sum = s2 + cells[3]
            UnsafeMutableRawPointer(a + x).storeBytes(of: .zero, as: SIMD4<Float>.self)
            let coverage = CellCoverage.coverage(of: SIMD4(s0, s1, s2, sum), rule: rule)
            if coverage != .zero { Blend.sourceOverQuad(colorWords, coverage: coverage, into: row + x &* 4) }
            coverageNow = coverage[3]
            x &+= 4
        }
        // The last one to three pixels as a quad whose extra lanes have coverage 0 (and leave
        // their pixels as they are) where the row's cells and pixels reach that far. The cells
        // past `end` change only their own lanes' sums; they are cleared below, or were 0.
        if x < end, x &+ 4 <= width &+ 2, x &+ 4 <= rowPixels {
            let cells = UnsafeRawPointer(a + x).loadUnaligned(as: SIMD4<Float>.self)
            let s0 = sum + cells[0], s1 = s0 + cells[1], s2 = s1 + cells[2]
            UnsafeMutableRawPointer(a + x).storeBytes(of: .zero, as: SIMD4<Float>.self)
            // All ones in the lanes before `end`: lane − count is negative there.
            let inRow = SIMD4<UInt32>(truncatingIfNeeded: (SIMD4<Int32>(0, 1, 2, 3) &- Int32(truncatingIfNeeded: end &- x)) &>> 31)
            let coverage = CellCoverage.coverage(of: SIMD4(s0, s1, s2, s2 + cells[3]), rule: rule) & inRow
            Blend.sourceOverQuad(colorWords, coverage: coverage, into: row + x &* 4)
            x = end
        }
        while x < end {
            sum += a[x]
            a[x] = 0
            let coverage = CellCoverage.coverage(of: sum, rule: rule)
            if coverage > 0 { Blend.sourceOver(color, coverage: coverage, into: row, at: x * 4) }
            x += 1
        }
        // The cells from `end` to `hi`: one or two (hi ≤ width + 1, end ≥ min(hi, width)), cleared
        // by two stores rather than the call to memset a loop became.
        a[end] = 0
        a[hi] = 0
    }

    /// Whether the four cells at `cells` (eight with `pairs`) are all 0, tested as bits: a
    /// cell of −0, which the sums never make, would only be taken for an edge.
    @inline(__always)
    private static func isEmpty(_ cells: UnsafeMutablePointer<Float>, pairs: Bool) -> Bool {
        let raw = UnsafeRawPointer(cells)
        var bits = raw.loadUnaligned(as: SIMD4<UInt32>.self)
        if pairs { bits |= raw.loadUnaligned(fromByteOffset: 16, as: SIMD4<UInt32>.self) }
        return !any(bits .!= 0)
    }}
