import CPrefetch
import Geometry

/// Exact-area anti-aliasing: each line segment adds, to every pixel cell it crosses, the signed
/// area it sweeps (the accumulation method of font-rs, after Raph Levien). A running sum along a
/// row then gives each pixel's winding-weighted coverage, to which a fill rule is applied.
///
/// Coordinates are relative to the region's top-left pixel; segments are clipped to the region,
/// with the parts left of it moved onto its left edge so the area they enclose still counts.
struct CoverageAccumulator {
    private(set) var width = 0
    /// Region rows (relative to the region's top) that are kept; others are skipped.
    private var firstRow = 0
    private var endRow = 0
    /// The frame row of the region's top.
    private var regionTop = 0
    /// (width + 2) cells a kept row, so the cell right of the last pixel can take spill-over.
    private var cells: [Float] = []
    /// The leftmost and rightmost cell each kept row touched (min > max: untouched), so rows
    /// are summed and cleared only where the path's edges are, not across its whole bounding box.
    private var touchedMin: [Int] = []
    private var touchedMax: [Int] = []

    /// Prepares an empty region `width` pixels wide whose top is frame row `regionTop`, keeping
    /// only frame rows `rows`, in a frame (or band) `frameWidth` wide of `frameRows` rows;
    /// storage is reused.
    mutating func reset(width: Int, rows: Range<Int>, regionTop: Int, frameWidth: Int, frameRows: Int) {
        self.width = width
        self.regionTop = regionTop
        firstRow = rows.lowerBound - regionTop
        endRow = rows.upperBound - regionTop
        // Grown to at least twice the size (up to the whole frame's), not just enough: a shape
        // growing frame by frame would otherwise take a new region, megabytes of fresh pages,
        // every frame.
        let needed = (width + 2) * rows.count
        if cells.count < needed {
            cells = [Float](repeating: 0, count: max(needed, min(2 * cells.count, (frameWidth + 2) * frameRows)))
        }
        if touchedMin.count < rows.count {
            touchedMin = [Int](repeating: Int.max, count: max(rows.count, min(2 * touchedMin.count, frameRows)))
            touchedMax = [Int](repeating: Int.min, count: touchedMin.count)
        }
    }

    /// Adds the subpaths of `points` (each from its start in `starts` to the next one's, or to
    /// the end; closed by the caller), moved by (−dx, −dy) into region pixels: every segment of
    /// a fill's outline, through one edge walk holding the cells (this is every fill's edge
    /// walk, `make bench`: unchecked pointers taken once a path, not once a segment).
    mutating func addSubpaths(_ points: [Point], starts: [Int], dx: Double, dy: Double) {
        let (width, firstRow, endRow) = (width, firstRow, endRow)
        cells.withUnsafeMutableBufferPointer { cells in
            touchedMin.withUnsafeMutableBufferPointer { touchedMin in
                touchedMax.withUnsafeMutableBufferPointer { touchedMax in
                    guard let c = cells.baseAddress, let low = touchedMin.baseAddress, let high = touchedMax.baseAddress else { return }
                    let walk = EdgeWalk(cells: c, touchedMin: low, touchedMax: high, width: width, firstRow: firstRow, endRow: endRow)
                    for (index, start) in starts.enumerated() {
                        let end = index + 1 < starts.count ? starts[index + 1] : points.count
                        var i = start + 1
                        while i < end {
                            walk.addLine(points[i - 1].x - dx, points[i - 1].y - dy, points[i].x - dx, points[i].y - dy)
                            i += 1
                        }
                    }
                }
            }
        }
    }

    /// ⌊v⌋ for 0 ≤ v < 2⁵¹, as a double and as a cell index, without libm's floor (a call on
    /// baseline x86-64, with every register saved around it, about a third of the edge walk):
    /// added to 2⁵², v is rounded to a whole number in the mantissa, one less when that rounded up.
    @inline(__always)
    static func floorCell(_ v: Double) -> (Double, Int) {
        let shifted = v + 4_503_599_627_370_496
        let nearest = Int(truncatingIfNeeded: shifted.bitPattern & 0xF_FFFF_FFFF_FFFF)
        let cell = nearest &- (shifted - 4_503_599_627_370_496 > v ? 1 : 0)
        return (Double(cell), cell)
    }

    /// ⌈v⌉ for 0 ≤ v < 2⁵¹, as a double and as a cell index (see `floorCell`).
    @inline(__always)
    static func ceilCell(_ v: Double) -> (Double, Int) {
        let shifted = v + 4_503_599_627_370_496
        let nearest = Int(truncatingIfNeeded: shifted.bitPattern & 0xF_FFFF_FFFF_FFFF)
        let cell = nearest &+ (shifted - 4_503_599_627_370_496 < v ? 1 : 0)
        return (Double(cell), cell)
    }

    /// Sums frame row `frameRow` (one of the kept rows) into per-pixel coverage (0…255) under
    /// `rule`, clears its cells for the next path, and returns the columns that may be covered
    /// (empty when the row was not touched). Columns outside the range have zero coverage.
    mutating func resolveRow(_ frameRow: Int, rule: FillRule, into out: UnsafeMutableBufferPointer<UInt8>) -> Range<Int> {
        let kept = frameRow - regionTop - firstRow
        let lo = touchedMin[kept], hi = touchedMax[kept]
        touchedMin[kept] = Int.max
        touchedMax[kept] = Int.min
        guard lo <= hi else { return 0..<0 }
        let base = kept * (width + 2)
        let end = max(min(hi, width), lo)
        cells.withUnsafeMutableBufferPointer { a in
            var sum: Float = 0
            if rule == .nonZero {
                // Four cells a step: running sums in the one-at-a-time order, coverages in lanes.
                var x = lo
                while x + 4 <= end, let bytes = out.baseAddress, let row = a.baseAddress.map({ $0 + base }) {
                    let cells = UnsafeRawPointer(row + x).loadUnaligned(as: SIMD4<Float>.self)
                    let s0 = sum + cells[0], s1 = s0 + cells[1], s2 = s1 + cells[2]
                    sum = s2 + cells[3]
                    UnsafeMutableRawPointer(row + x).storeBytes(of: .zero, as: SIMD4<Float>.self)
                    let c = Self.coverage(of: SIMD4(s0, s1, s2, sum))
                    UnsafeMutableRawPointer(bytes + x).storeBytes(of: c[0] | c[1] << 8 | c[2] << 16 | c[3] << 24, as: UInt32.self)
                    x += 4
                }
                for x in x..<end {
                    sum += a[base + x]
                    a[base + x] = 0
                    out[x] = UInt8(truncatingIfNeeded: Self.coverage(of: sum, rule: .nonZero))
                }
            } else {
                for x in lo..<end {
                    sum += a[base + x]
                    a[base + x] = 0
                    out[x] = UInt8(truncatingIfNeeded: Self.coverage(of: sum, rule: .evenOdd))
                }
            }
            for x in end...hi { a[base + x] = 0 }
        }
        return lo..<end
    }

    /// The coverages (0…255) of four running sums under the non-zero rule, as one at a time:
    /// min(|s|, 1) · 255 + ½, truncated. The absolute value clears the sign bit, and the
    /// minimum compares bit patterns as integers (for floats of one sign their order), with
    /// shifts and masks: the library's lane compares came out a lane at a time.
    @inline(__always)
    static func coverage(of sums: SIMD4<Float>) -> SIMD4<UInt32> {
        let magnitude = unsafeBitCast(sums, to: SIMD4<Int32>.self) & 0x7FFF_FFFF
        let toOne = 0x3F80_0000 &- magnitude
        let capped = magnitude &+ (toOne & (toOne &>> 31))
        return Rasterizer.truncated(unsafeBitCast(capped, to: SIMD4<Float>.self) * 255 + 0.5)
    }

    /// Resolves the kept rows and composites `color` over them, row by row in one pass each:
    /// `pixels` points at the pixel of the region's left column in the first kept row, rows are
    /// `rowStride` bytes apart and hold `rowPixels` pixels from that column on. Four cells a step:
    /// where all four are 0 the coverage is the same as before them (inside a shape, between a
    /// stroke's sides), and the pixels are blended at the coverage of the last edge; elsewhere the
    /// running sums are added in the one-at-a-time order and each pixel gets its own coverage.
    /// Clears the cells. (The pointers are taken once a path, not once a row: `make bench`.)
    mutating func blendRows(rule: FillRule, color: PremultipliedColor, into pixels: UnsafeMutablePointer<UInt8>, rowStride: Int, rowPixels: Int) {
        let (width, rows) = (width, endRow - firstRow)
        let colorWords = SIMD4<UInt32>(repeating: color.word)
        cells.withUnsafeMutableBufferPointer { cellBuffer in
            touchedMin.withUnsafeMutableBufferPointer { touchedMin in
                touchedMax.withUnsafeMutableBufferPointer { touchedMax in
                    guard let cellStart = cellBuffer.baseAddress, let low = touchedMin.baseAddress, let high = touchedMax.baseAddress else { return }
                    // The colour at the coverage of the last run of empty cells, kept from row to
                    // row: inside most shapes every row's run is at full coverage.
                    var run = RunColor(color: Blend.ScaledColor(color, coverage: 0), coverage: 0)
                    // Offsets within the region and the frame: the arithmetic wraps instead of checking.
                    for kept in 0..<rows {
                        Self.prefetch(row: kept &+ Self.prefetchDistance, rows: rows, low: low, high: high,
                                      pixels: pixels, rowStride: rowStride, rowPixels: rowPixels)
                        let lo = low[kept], hi = high[kept]
                        guard lo <= hi else { continue }
                        (low[kept], high[kept]) = (Int.max, Int.min)
                        let (cells, row) = (cellStart + kept &* (width &+ 2), pixels + kept &* rowStride)
                        // The rule as a constant in each call, so each loop is made for one rule.
                        if rule == .nonZero {
                            Self.blendRow(cells, lo: lo, hi: hi, width: width, rule: .nonZero, color: color, colorWords: colorWords, run: &run,
                                          into: row, rowPixels: rowPixels)
                        } else {
                            Self.blendRow(cells, lo: lo, hi: hi, width: width, rule: .evenOdd, color: color, colorWords: colorWords, run: &run,
                                          into: row, rowPixels: rowPixels)
                        }
                    }
                }
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
                while runEnd &+ 4 <= end, !any(UnsafeRawPointer(a + runEnd).loadUnaligned(as: SIMD4<Float>.self) .!= 0) { runEnd &+= 4 }
                if coverageNow != run.coverage { run = RunColor(color: Blend.ScaledColor(color, coverage: coverageNow), coverage: coverageNow) }
                run.color.blendQuads(into: row + x &* 4, count: (runEnd &- x) &>> 2)
                x = runEnd
                continue
            }
            let s0 = sum + cells[0], s1 = s0 + cells[1], s2 = s1 + cells[2]
            sum = s2 + cells[3]
            UnsafeMutableRawPointer(a + x).storeBytes(of: .zero, as: SIMD4<Float>.self)
            let coverage = coverage(of: SIMD4(s0, s1, s2, sum), rule: rule)
            if coverage != .zero { Blend.sourceOverQuad(colorWords, coverage: coverage, into: row + x &* 4) }
            coverageNow = coverage[3]
            x &+= 4
        }
        // The last one to three pixels as a quad whose extra lanes have coverage 0 (and leave
        // their pixels as they are) where the row's cells and pixels reach that far: the cells
        // past `end` are cleared below, or were 0.
        if x < end, x + 4 <= width + 2, x + 4 <= rowPixels {
            let inRow = SIMD4<Int32>(0, 1, 2, 3) .< Int32(end - x)
            let cells = UnsafeRawPointer(a + x).loadUnaligned(as: SIMD4<Float>.self).replacing(with: 0, where: .!inRow)
            let s0 = sum + cells[0], s1 = s0 + cells[1], s2 = s1 + cells[2]
            UnsafeMutableRawPointer(a + x).storeBytes(of: .zero, as: SIMD4<Float>.self)
            let coverage = coverage(of: SIMD4(s0, s1, s2, s2 + cells[3]), rule: rule)
            Blend.sourceOverQuad(colorWords, coverage: coverage.replacing(with: 0, where: .!inRow), into: row + x * 4)
            x = end
        }
        while x < end {
            sum += a[x]
            a[x] = 0
            let coverage = coverage(of: sum, rule: rule)
            if coverage > 0 { Blend.sourceOver(color, coverage: coverage, into: row, at: x * 4) }
            x += 1
        }
        for x in end...hi { a[x] = 0 }
    }

    /// The coverages (0…255) of four running sums under `rule`, as `resolveRow` makes them one
    /// at a time.
    @inline(__always)
    static func coverage(of sums: SIMD4<Float>, rule: FillRule) -> SIMD4<UInt32> {
        if rule == .nonZero { return coverage(of: sums) }
        return SIMD4(coverage(of: sums[0], rule: rule), coverage(of: sums[1], rule: rule), coverage(of: sums[2], rule: rule),
                     coverage(of: sums[3], rule: rule))
    }

    /// The coverage (0…255) of one running sum under `rule`: its magnitude, at most 1
    /// (non-zero), or its distance from the nearest even number (even-odd).
    @inline(__always)
    static func coverage(of sum: Float, rule: FillRule) -> UInt32 {
        var c = abs(sum)
        if rule == .evenOdd {
            c = c.truncatingRemainder(dividingBy: 2)
            if c > 1 { c = 2 - c }
        } else {
            c = min(c, 1)
        }
        return UInt32(c * 255 + 0.5)
    }
}

/// The font-rs walk of a segment's rows, adding each cell's signed area to a coverage
/// accumulator's cells through pointers held for one path.
private struct EdgeWalk {
    let cells: UnsafeMutablePointer<Float>
    let touchedMin: UnsafeMutablePointer<Int>
    let touchedMax: UnsafeMutablePointer<Int>
    /// The region's width, and the region rows kept (`firstRow ..< endRow`).
    let width: Int, firstRow: Int, endRow: Int

    /// Adds the segment p0 → p1 (region pixels). A segment whose extent overflows (ends near
    /// ±1e308) is left out, as is a piece of one too steep for a slope: its x along a row would
    /// not be a number, and the cells are written through unchecked pointers.
    func addLine(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        guard y0 != y1, (x1 - x0).isFinite, (y1 - y0).isFinite else { return }
        let w = Double(width)
        // Split where the segment crosses the region's left and right edges, then clamp x: the
        // parts outside become vertical edges on the region's sides.
        var t1 = 2.0, t2 = 2.0
        if (x0 < 0) != (x1 < 0) { t1 = (0 - x0) / (x1 - x0) }
        if (x0 < w) != (x1 < w) { t2 = (w - x0) / (x1 - x0) }
        if t1 > t2 { swap(&t1, &t2) }
        var ta = 0.0
        // The pieces up to each split in order, then the last (no array: this runs for every segment).
        func piece(to tb: Double) {
            guard ta < 1, tb <= 1 && tb > ta || tb == 1 else { return }
            let ya = y0 + (y1 - y0) * ta, yb = tb == 1 ? y1 : y0 + (y1 - y0) * tb
            let xa = min(max(x0 + (x1 - x0) * ta, 0), w), xb = min(max(tb == 1 ? x1 : x0 + (x1 - x0) * tb, 0), w)
            accumulate(xa, ya, xb, yb)
            ta = tb
        }
        piece(to: t1)
        piece(to: t2)
        piece(to: 1)
    }

    /// The font-rs cell update for a segment already inside [0, width] horizontally.
    private func accumulate(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        guard ay != by else { return }
        let (direction, p0x, p0y, p1x, p1y): (Float, Double, Double, Double, Double) =
            ay < by ? (1, ax, ay, bx, by) : (-1, bx, by, ax, ay)
        guard p1y > Double(firstRow), p0y < Double(endRow) else { return }
        let dxdy = (p1x - p0x) / (p1y - p0y)
        // A slope that is not a number is left out, should rounding ever make one from a piece
        // of a segment of near Double's largest extent (its area, at most the region's width
        // times a vanishing height, is nothing): x would not be a number either, and the cells
        // are written through unchecked pointers.
        guard dxdy.isFinite else { return }
        // The walk starts at the region's first row (or the piece's); rows above the kept ones
        // are stepped through without writing, so x at each kept row is what a walk of the
        // whole region gives there.
        let yStart = max(p0y, 0)
        var x = p0x + (yStart - p0y) * dxdy
        var row = CoverageAccumulator.floorCell(yStart).1
        let rowEnd = CoverageAccumulator.ceilCell(min(p1y, Double(endRow))).1
        let stride = width + 2
        let regionRight = Double(width)
        x = min(max(x, 0), regionRight)
        let (a, touchedMin, touchedMax) = (cells, touchedMin, touchedMax)
        let lastCell = width + 1
        while row < rowEnd {
            defer { row += 1 }
            let top = Double(row)
            // A row the piece crosses whole is 1 high: the general expression gives exactly 1
            // there, and most rows of a long piece take this branch.
            let dy = top >= yStart && top + 1 <= p1y ? 1 : min(top + 1, p1y) - max(top, yStart)
            if row < firstRow {
                x += dxdy * dy
                continue
            }
            let kept = row &- firstRow
            // Clamped: rounding along a long edge must not step outside the region.
            let stepped = x + dxdy * dy
            let xNext = stepped < 0 ? 0 : stepped > regionRight ? regionRight : stepped
            let d = Float(dy) * direction
            let (lo, hi) = x < xNext ? (x, xNext) : (xNext, x)
            let (loFloor, loCell) = CoverageAccumulator.floorCell(lo)
            let (hiCeil, hiCell) = CoverageAccumulator.ceilCell(hi)
            // The row's cells from the first this piece touches (indices within the region: no
            // arithmetic here can overflow, so none is checked).
            let c = a + (kept &* stride &+ loCell)
            let span = hiCell &- loCell
            if span <= 1 {
                let mid = Float(0.5 * (x + xNext) - loFloor)
                c[0] += d - d * mid
                c[1] += d * mid
            } else {
                let s = Float(1 / (hi - lo))
                let loFrac = Float(lo - loFloor)
                let a0 = 0.5 * s * (1 - loFrac) * (1 - loFrac)
                let hiFrac = Float(hi - hiCeil + 1)
                let am = 0.5 * s * hiFrac * hiFrac
                c[0] += d * a0
                if span == 2 {
                    c[1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - loFrac)
                    c[1] += d * (a1 - a0)
                    var cell = 2
                    while cell < span &- 1 {
                        c[cell] += d * s
                        cell &+= 1
                    }
                    let a2 = a1 + Float(span &- 3) * s
                    c[span &- 1] += d * (1 - a2 - am)
                }
                c[span] += d * am
            }
            let rightmost = hiCell &+ 1 < lastCell ? hiCell &+ 1 : lastCell
            if loCell < touchedMin[kept] { touchedMin[kept] = loCell }
            if rightmost > touchedMax[kept] { touchedMax[kept] = rightmost }
            x = xNext
        }
    }
}
