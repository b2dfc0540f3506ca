import Geometry
import RasterCore

extension Rasterizer {
    /// Fills a sprite: the rectangle (0, 0)…`size` mapped by an affine `transform` into device
    /// pixels, painted with `paint` (whose plane is the sprite's rectangle), for the many small
    /// images of particles. Each pixel's coverage is estimated from its centre's distances to
    /// the rectangle's sides, in device pixels: min(d + ½, 1) across each pair of sides,
    /// multiplied. That is exact for sides along the pixel grid and within a few percent for
    /// turned ones, and costs a handful of operations a pixel with no path, no edge list and
    /// no coverage buffer. An `additive` sprite adds its colour to the pixels (clamped) instead
    /// of covering them. A perspective transform falls back to `fill` (covering).
    public mutating func fillSprite(size: Size, transform: Transform3D, paint: Paint, additive: Bool = false, clip: ClipMask? = nil,
                                    into target: inout Pixmap) {
        guard transform.mapsPlaneAffinely else {
            fill(.roundedRect(Rect(origin: .zero, size: size), cornerRadius: 0), transform: transform, paint: paint, rule: .nonZero,
                 clip: clip, into: &target)
            return
        }
        if case .solid(let color) = paint, color.a == 0 { return }
        let m = transform
        let det = m.m11 * m.m22 - m.m12 * m.m21
        guard det != 0, det.isFinite, size.width > 0, size.height > 0 else { return }
        // Sprite coordinates of a device point: s = (x − m41)·sx + (y − m42)·sy, likewise t.
        let (sx, sy, tx, ty) = (m.m22 / det, -m.m21 / det, -m.m12 / det, m.m11 / det)
        // Sprite units per device pixel across each pair of sides, and the sprite's thickness in pixels.
        let (gs, gt) = ((sx * sx + sy * sy).squareRoot(), (tx * tx + ty * ty).squareRoot())
        let (thickS, thickT) = (size.width / gs, size.height / gt)
        // The box of the four corners (an affine map: the origin plus the two side vectors).
        let (ax, ay, bx, by) = (size.width * m.m11, size.width * m.m12, size.height * m.m21, size.height * m.m22)
        let minX = m.m41 + min(ax, 0) + min(bx, 0), maxX = m.m41 + max(ax, 0) + max(bx, 0)
        let minY = m.m42 + min(ay, 0) + min(by, 0), maxY = m.m42 + max(ay, 0) + max(by, 0)
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return }
        // Clamped in floating point first: a far-away sprite must not overflow Int.
        let (w, h) = (Double(target.width), Double(target.frameHeight))
        let x0 = max(Int(min(max(minX - 1, -1), w).rounded(.down)), 0), x1 = min(Int(min(max(maxX + 1, 0), w + 1).rounded(.up)), target.width)
        let y0 = max(Int(min(max(minY - 1, -1), h).rounded(.down)), target.firstRow)
        let y1 = min(Int(min(max(maxY + 1, 0), h + 1).rounded(.up)), target.firstRow + target.height)
        guard x0 < x1, y0 < y1 else { return }
        let (sw, sh) = (Float(size.width), Float(size.height))
        let (fgs, fgt) = (Float(1 / gs), Float(1 / gt))
        let (capS, capT) = (Float(min(thickS, 1)), Float(min(thickT, 1)))
        // The paint taken apart once (binding an enum's payload at every pixel copies it).
        let (solid, gradient, image): (PremultipliedColor?, GradientPaint?, ImagePaint?) = switch paint {
        case .solid(let c): (c, nil, nil)
        case .gradient(let g): (nil, g, nil)
        case .image(let i): (nil, nil, i)
        }
        let width = target.width, firstRow = target.firstRow
        let solidWords = solid.map { SIMD4<UInt32>(repeating: $0.word) }
        let (perS, perT) = (sx == 0 ? 0 : 1 / sx, tx == 0 ? 0 : 1 / tx)
        /// The pixels x (as a closed range of reals) whose centre value start + x·slope lies in
        /// low…high (`inverse` is 1 / slope, 0 for a flat slope).
        func pixels(_ start: Double, _ inverse: Double, _ low: Double, _ high: Double) -> (Double, Double) {
            if inverse == 0 { return start >= low && start <= high ? (-.infinity, .infinity) : (1, 0) }
            let (a, b) = ((low - start) * inverse, (high - start) * inverse)
            return (min(a, b), max(a, b))
        }
        target.bytes.withUnsafeMutableBufferPointer { buffer in
            guard let p = buffer.baseAddress else { return }
            for y in y0..<y1 {
                let cy = Double(y) + 0.5 - m.m42
                // Along the row s and t are linear in x (s0, t0 at pixel 0's centre).
                let (s0, t0) = (cy * sy - (m.m41 - 0.5) * sx, cy * ty - (m.m41 - 0.5) * tx)
                let (sOut, tOut) = (pixels(s0, perS, -0.5 * gs, size.width + 0.5 * gs), pixels(t0, perT, -0.5 * gt, size.height + 0.5 * gt))
                let lo = max(Int(max(sOut.0, tOut.0, Double(x0)).rounded(.down)), x0)
                let hi = min(Int(min(sOut.1, tOut.1, Double(x1)).rounded(.up)) + 1, x1)
                guard lo < hi else { continue }
                // Inside, half a pixel from every side, the coverage is whole: one run.
                var (runLo, runHi) = (hi, hi)
                if solid != nil, clip == nil, !additive, thickS >= 1, thickT >= 1 {
                    let (sIn, tIn) = (pixels(s0, perS, 0.5 * gs, size.width - 0.5 * gs), pixels(t0, perT, 0.5 * gt, size.height - 0.5 * gt))
                    let a = max(Int(max(sIn.0, tIn.0).rounded(.up)), lo), b = min(Int(min(sIn.1, tIn.1).rounded(.down)) + 1, hi)
                    if a < b { (runLo, runHi) = (a, b) }
                }
                let rowBase = (y - firstRow) * width
                var x = lo
                while x < hi {
                    if x == runLo, let solid {
                        // Filled in its turn, after the left edge: a load of the edge's last four
                        // pixels straddling the run's fresh stores would wait for them.
                        Blend.sourceOverRun(solid, coverage: 255, into: p + (rowBase + runLo) * 4, count: runHi - runLo)
                        x = runHi
                        continue
                    }
                    if let solidWords, clip == nil, !additive, x + 4 <= width {
                        // Four pixels at once (those past this edge's span, still in this row,
                        // at coverage 0): the same arithmetic as one at a time below.
                        let end = x < runLo ? runLo : hi
                        let lanes = SIMD4<Double>(0, 1, 2, 3) + Double(x)
                        let (sd, td) = (s0 + lanes * sx, t0 + lanes * tx)
                        let s = SIMD4<Float>(Float(sd[0]), Float(sd[1]), Float(sd[2]), Float(sd[3]))
                        let t = SIMD4<Float>(Float(td[0]), Float(td[1]), Float(td[2]), Float(td[3]))
                        // min(min(s, sw − s)·fgs + ½, capS), at least 0; compares and selects (the
                        // library's pointwiseMin is a call a lane, for its NaN rules).
                        let (sFar, tFar) = (sw - s, sh - t)
                        var cs = s.replacing(with: sFar, where: sFar .< s) * fgs + 0.5
                        var ct = t.replacing(with: tFar, where: tFar .< t) * fgt + 0.5
                        cs.replace(with: capS, where: cs .> capS)
                        ct.replace(with: capT, where: ct .> capT)
                        cs.replace(with: 0, where: cs .< 0)
                        ct.replace(with: 0, where: ct .< 0)
                        let coverage = CellCoverage.truncated(cs * ct * 255 + 0.5)
                        let inSpan = SIMD4<Int32>(0, 1, 2, 3) .< Int32(end - x)
                        Blend.sourceOverQuad(solidWords, coverage: coverage.replacing(with: 0, where: .!inSpan), into: p + (rowBase + x) * 4)
                        x = min(x + 4, end)
                        continue
                    }
                    defer { x += 1 }
                    let s = Float(s0 + Double(x) * sx), t = Float(t0 + Double(x) * tx)
                    let cs = min(min(s, sw - s) * fgs + 0.5, capS), ct = min(min(t, sh - t) * fgt + 0.5, capT)
                    guard cs > 0, ct > 0 else { continue }
                    var coverage = UInt32(cs * ct * 255 + 0.5)
                    if let clip { coverage = Blend.div255(coverage * clip.at(x, y - firstRow)) }
                    guard coverage > 0 else { continue }
                    let color = solid ?? image?.color(at: Point(Double(s), Double(t)))
                        ?? gradient?.color(at: Point(Double(s), Double(t)), x: x, y: y) ?? .transparent
                    if additive {
                        Blend.plus(color, coverage: coverage, into: p, at: (rowBase + x) * 4)
                    } else {
                        Blend.sourceOver(color, coverage: coverage, into: p, at: (rowBase + x) * 4)
                    }
                }
            }
        }
    }
}
