import Geometry

/// Exact-area anti-aliasing: each line segment adds, to every pixel cell it crosses, the signed
/// area it sweeps (the accumulation method of font-rs, after Raph Levien). A running sum along a
/// row then gives each pixel's winding-weighted coverage, to which a fill rule is applied.
///
/// Coordinates are relative to the region's top-left pixel; segments are clipped to the region,
/// with the parts left of it moved onto its left edge so the area they enclose still counts.
struct CoverageAccumulator {
    private(set) var width = 0
    private(set) var height = 0
    /// (width + 2) cells a row, so the cell right of the last pixel can take spill-over.
    private var cells: [Float] = []

    /// Prepares an empty region of `width` × `height` pixels, reusing storage.
    mutating func reset(width: Int, height: Int) {
        self.width = width
        self.height = height
        let needed = (width + 2) * height
        if cells.count < needed {
            cells = [Float](repeating: 0, count: needed)
        }
    }

    /// Adds the segment p0 → p1 (region pixels).
    mutating func addLine(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        guard y0 != y1 else { return }
        let w = Double(width)
        // Split where the segment crosses the region's left and right edges, then clamp x.
        var splits: [Double] = []
        for edge in [0, w] where (x0 < edge) != (x1 < edge) {
            splits.append((edge - x0) / (x1 - x0))
        }
        splits.sort()
        var ta = 0.0
        for tb in splits + [1] {
            let ya = y0 + (y1 - y0) * ta, yb = y0 + (y1 - y0) * tb
            let xa = min(max(x0 + (x1 - x0) * ta, 0), w), xb = min(max(x0 + (x1 - x0) * tb, 0), w)
            accumulate(xa, ya, xb, yb)
            ta = tb
        }
    }

    /// The font-rs cell update for a segment already inside [0, width] horizontally.
    private mutating func accumulate(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        guard ay != by else { return }
        let (direction, p0x, p0y, p1x, p1y): (Float, Double, Double, Double, Double) =
            ay < by ? (1, ax, ay, bx, by) : (-1, bx, by, ax, ay)
        let h = Double(height)
        guard p1y > 0, p0y < h else { return }
        let dxdy = (p1x - p0x) / (p1y - p0y)
        let yStart = max(p0y, 0)
        var x = p0x + (yStart - p0y) * dxdy
        let rowStart = Int(yStart.rounded(.down))
        let rowEnd = min(Int(p1y.rounded(.up)), height)
        let stride = width + 2
        cells.withUnsafeMutableBufferPointer { a in
            for row in rowStart..<rowEnd {
                let base = row * stride
                let dy = min(Double(row + 1), p1y) - max(Double(row), yStart)
                let xNext = x + dxdy * dy
                let d = Float(dy) * direction
                let lo = min(x, xNext), hi = max(x, xNext)
                let loFloor = lo.rounded(.down)
                let loCell = Int(loFloor)
                let hiCeil = hi.rounded(.up)
                let hiCell = Int(hiCeil)
                if hiCell <= loCell + 1 {
                    let mid = Float(0.5 * (x + xNext) - loFloor)
                    a[base + loCell] += d - d * mid
                    a[base + loCell + 1] += d * mid
                } else {
                    let s = Float(1 / (hi - lo))
                    let loFrac = Float(lo - loFloor)
                    let a0 = 0.5 * s * (1 - loFrac) * (1 - loFrac)
                    let hiFrac = Float(hi - hiCeil + 1)
                    let am = 0.5 * s * hiFrac * hiFrac
                    a[base + loCell] += d * a0
                    if hiCell == loCell + 2 {
                        a[base + loCell + 1] += d * (1 - a0 - am)
                    } else {
                        let a1 = s * (1.5 - loFrac)
                        a[base + loCell + 1] += d * (a1 - a0)
                        if loCell + 2 < hiCell - 1 {
                            for cell in (loCell + 2)..<(hiCell - 1) { a[base + cell] += d * s }
                        }
                        let a2 = a1 + Float(hiCell - loCell - 3) * s
                        a[base + hiCell - 1] += d * (1 - a2 - am)
                    }
                    a[base + hiCell] += d * am
                }
                x = xNext
            }
        }
    }

    /// Sums row `row` into per-pixel coverage (0…255) under `rule` and clears the row's cells
    /// for the next path.
    mutating func resolveRow(_ row: Int, rule: FillRule, into coverage: inout [UInt8]) {
        let base = row * (width + 2)
        cells.withUnsafeMutableBufferPointer { a in
            coverage.withUnsafeMutableBufferPointer { out in
                var sum: Float = 0
                for x in 0..<width {
                    sum += a[base + x]
                    a[base + x] = 0
                    var c = abs(sum)
                    if rule == .evenOdd {
                        c = c.truncatingRemainder(dividingBy: 2)
                        if c > 1 { c = 2 - c }
                    } else if c > 1 {
                        c = 1
                    }
                    out[x] = UInt8(c * 255 + 0.5)
                }
                a[base + width] = 0
                a[base + width + 1] = 0
            }
        }
    }
}
