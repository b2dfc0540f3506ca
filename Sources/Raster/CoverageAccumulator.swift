import Geometry
import RasterCore

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
    /// The build of RasterCore whose edge walk and row blend run (the fastest this processor
    /// runs, unless a test chooses).
    var build = RasterCoreBuild.fastest

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
    /// a fill's outline, through one edge walk holding the cells.
    mutating func addSubpaths(_ points: [Point], starts: [Int], dx: Double, dy: Double) {
        let (build, width, firstRow, endRow) = (build, width, firstRow, endRow)
        points.withUnsafeBufferPointer { points in
            starts.withUnsafeBufferPointer { starts in
                cells.withUnsafeMutableBufferPointer { cells in
                    touchedMin.withUnsafeMutableBufferPointer { touchedMin in
                        touchedMax.withUnsafeMutableBufferPointer { touchedMax in
                            guard let c = cells.baseAddress, let low = touchedMin.baseAddress, let high = touchedMax.baseAddress else { return }
                            build.kernels.addSubpaths(points, starts: starts, dx: dx, dy: dy, cells: c, touchedMin: low, touchedMax: high,
                                                width: width, firstRow: firstRow, endRow: endRow)
                        }
                    }
                }
            }
        }
    }

    /// Resolves the kept rows and composites `color` over them (`RowBlend.blendRows`): `pixels`
    /// points at the pixel of the region's left column in the first kept row, rows are
    /// `rowStride` bytes apart and hold `rowPixels` pixels from that column on. Clears the cells.
    mutating func blendRows(rule: FillRule, color: PremultipliedColor, into pixels: UnsafeMutablePointer<UInt8>, rowStride: Int, rowPixels: Int) {
        let (build, width, rows) = (build, width, endRow - firstRow)
        cells.withUnsafeMutableBufferPointer { cells in
            touchedMin.withUnsafeMutableBufferPointer { touchedMin in
                touchedMax.withUnsafeMutableBufferPointer { touchedMax in
                    guard let c = cells.baseAddress, let low = touchedMin.baseAddress, let high = touchedMax.baseAddress else { return }
                    build.kernels.blendRows(cells: c, touchedMin: low, touchedMax: high, width: width, rows: rows, rule: rule, color: color.word,
                                      into: pixels, rowStride: rowStride, rowPixels: rowPixels)
                }
            }
        }
    }

    /// Clears the cells of kept frame rows `frameRows` unread, so that the next path starts
    /// from empty cells (a clip within another resolves only the rows the other holds).
    mutating func discardRows(_ frameRows: Range<Int>) {
        for frameRow in frameRows {
            let kept = frameRow - regionTop - firstRow
            let lo = touchedMin[kept], hi = touchedMax[kept]
            touchedMin[kept] = Int.max
            touchedMax[kept] = Int.min
            guard lo <= hi else { continue }
            let base = kept * (width + 2)
            cells.withUnsafeMutableBufferPointer { cells in
                for x in lo...min(hi, width + 1) { cells[base + x] = 0 }
            }
        }
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
                guard let bytes = out.baseAddress, let row = a.baseAddress.map({ $0 + base }) else {
                    for x in lo...hi { a[base + x] = 0 }
                    return
                }
                // Four cells a step: running sums in the one-at-a-time order, coverages in lanes.
                // Four empty cells (inside a shape) leave the sum as it was, so they repeat the
                // last coverage. (Columns within the row: the arithmetic wraps instead of checking.)
                var (x, last) = (lo, UInt32(0))
                while x &+ 4 <= end {
                    let cells = UnsafeRawPointer(row + x).loadUnaligned(as: SIMD4<Float>.self)
                    if any(cells .!= 0) {
                        let s0 = sum + cells[0], s1 = s0 + cells[1], s2 = s1 + cells[2]
                        sum = s2 + cells[3]
                        UnsafeMutableRawPointer(row + x).storeBytes(of: .zero, as: SIMD4<Float>.self)
                        let c = CellCoverage.coverage(of: SIMD4(s0, s1, s2, sum))
                        last = c[3]
                        UnsafeMutableRawPointer(bytes + x).storeBytes(of: c[0] | c[1] << 8 | c[2] << 16 | c[3] << 24, as: UInt32.self)
                    } else {
                        UnsafeMutableRawPointer(bytes + x).storeBytes(of: last &* 0x0101_0101, as: UInt32.self)
                    }
                    x &+= 4
                }
                for x in x..<end {
                    sum += a[base + x]
                    a[base + x] = 0
                    out[x] = UInt8(truncatingIfNeeded: CellCoverage.coverage(of: sum, rule: .nonZero))
                }
            } else {
                for x in lo..<end {
                    sum += a[base + x]
                    a[base + x] = 0
                    out[x] = UInt8(truncatingIfNeeded: CellCoverage.coverage(of: sum, rule: .evenOdd))
                }
            }
            // One or two cells (as in `RowBlend`): two stores, not the call to memset a loop became.
            a[base + end] = 0
            a[base + hi] = 0
        }
        return lo..<end
    }
}
