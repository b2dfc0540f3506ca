import Geometry

/// The font-rs walk of a segment's rows, adding each cell's signed area to a coverage
/// accumulator's cells through pointers held for one path.
package struct EdgeWalk {
    let cells: UnsafeMutablePointer<Float>
    let touchedMin: UnsafeMutablePointer<Int>
    let touchedMax: UnsafeMutablePointer<Int>
    /// The region's width, and the region rows kept (`firstRow ..< endRow`).
    let width: Int, firstRow: Int, endRow: Int

    /// Adds the subpaths of `points` (each from its start in `starts` to the next one's, or to
    /// the end; closed by the caller), moved by (−dx, −dy) into region pixels, to `cells`: rows
    /// of `width` + 2 cells for the region rows `firstRow ..< endRow`, whose touched cells each
    /// row widens in `touchedMin`/`touchedMax`. Every segment of a fill's outline through one walk
    /// holding the pointers. Never inlined: this is the loop built once for each processor level
    /// (`RasterCoreBuild`).
    @inline(never)
    package static func addSubpaths(_ points: UnsafeBufferPointer<Point>, starts: UnsafeBufferPointer<Int>, dx: Double, dy: Double,
                                    cells: UnsafeMutablePointer<Float>, touchedMin: UnsafeMutablePointer<Int>,
                                    touchedMax: UnsafeMutablePointer<Int>, width: Int, firstRow: Int, endRow: Int) {
        let walk = EdgeWalk(cells: cells, touchedMin: touchedMin, touchedMax: touchedMax, width: width, firstRow: firstRow, endRow: endRow)
        let right = Double(width)
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : points.count
            var i = start + 1
            var x0 = points[start].x - dx, y0 = points[start].y - dy
            while i < end {
                let x1 = points[i].x - dx, y1 = points[i].y - dy
                // Most segments lie between the region's sides: walked here, with the walk's
                // pointers and bounds held in registers from segment to segment, into the cells
                // `addLine` gives them (it leaves out the same overflowing extents). The rest go
                // through `addLine`, which splits them at the sides.
                if x0 >= 0, x0 <= right, x1 >= 0, x1 <= right {
                    if (y1 - y0).isFinite { walk.accumulate(x0, y0, x1, y1) }
                } else {
                    walk.addLine(x0, y0, x1, y1)
                }
                (x0, y0) = (x1, y1)
                i += 1
            }
        }
    }

    /// Adds the segment p0 → p1 (region pixels). A segment whose extent overflows (ends near
    /// ±1e308) is left out, as is a piece of one too steep for a slope: its x along a row would
    /// not be a number, and the cells are written through unchecked pointers. Kept out of line:
    /// the segments inside the region's sides take `accumulate` directly.
    @inline(never)
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
    @inline(__always)
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
        var row = Self.floorCell(yStart).1
        let rowEnd = Self.ceilCell(min(p1y, Double(endRow))).1
        let stride = width &+ 2
        let regionRight = Double(width)
        x = min(max(x, 0), regionRight)
        let (a, touchedMin, touchedMax) = (cells, touchedMin, touchedMax)
        let lastCell = width + 1
        while row < rowEnd {
            defer { row += 1 }
            let top = Double(row)
            // Exactly 1 for a row the piece crosses whole (whole numbers below 2⁵³).
            let dy = min(top + 1, p1y) - max(top, yStart)
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
            let (loFloor, loCell) = Self.floorCell(lo)
            let (hiCeil, hiCell) = Self.ceilCell(hi)
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

    /// ⌊v⌋ for 0 ≤ v < 2⁵¹, as a double and as a cell index. Baseline x86-64 has no rounding
    /// instruction (libm's floor is a call, with every register saved around it: about a third
    /// of the edge walk), so there v added to 2⁵² is rounded to a whole number in the mantissa,
    /// one less when that rounded up. The x86-64-v3 build rounds in one instruction.
    @inline(__always)
    private static func floorCell(_ v: Double) -> (Double, Int) {
        #if X86_64_V3
        let whole = v.rounded(.down)
        return (whole, cellIndex(whole))
        #else
        let shifted = v + 4_503_599_627_370_496
        let nearest = Int(truncatingIfNeeded: shifted.bitPattern & 0xF_FFFF_FFFF_FFFF)
        let cell = nearest &- (shifted - 4_503_599_627_370_496 > v ? 1 : 0)
        return (Double(cell), cell)
        #endif
    }

    /// ⌈v⌉ for 0 ≤ v < 2⁵¹, as a double and as a cell index (see `floorCell`).
    @inline(__always)
    private static func ceilCell(_ v: Double) -> (Double, Int) {
        #if X86_64_V3
        let whole = v.rounded(.up)
        return (whole, cellIndex(whole))
        #else
        let shifted = v + 4_503_599_627_370_496
        let nearest = Int(truncatingIfNeeded: shifted.bitPattern & 0xF_FFFF_FFFF_FFFF)
        let cell = nearest &+ (shifted - 4_503_599_627_370_496 < v ? 1 : 0)
        return (Double(cell), cell)
        #endif
    }

    #if X86_64_V3
    /// A whole number in 0 ..< 2⁵¹ as an index: added to 2⁵², it is the mantissa's low bits
    /// (no range checks, unlike `Int(_:)`).
    @inline(__always)
    private static func cellIndex(_ whole: Double) -> Int {
        Int(truncatingIfNeeded: (whole + 4_503_599_627_370_496).bitPattern & 0xF_FFFF_FFFF_FFFF)
    }
    #endif
}
