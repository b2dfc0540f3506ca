import Foundation
import Geometry
import RasterCore

extension Rasterizer {
    /// Fills a sprite: the rectangle (0, 0)…`size` mapped by an affine `transform` into device
    /// pixels, painted with `paint` (whose plane is the sprite's rectangle), for the many small
    /// images of particles. A picture or a ramp is filled as the rectangle's path (`fill`). For
    /// one colour, or a sprite that adds its light, each pixel's coverage is estimated from its
    /// centre's distances to the rectangle's sides, in device pixels: min(d + ½, 1) across each pair of sides,
    /// multiplied. That is exact for sides along the pixel grid and within a few percent for
    /// turned ones, and costs a handful of operations a pixel with no path, no edge list and
    /// no coverage buffer. An `additive` sprite adds its colour to the pixels (clamped) instead
    /// of covering them. A perspective transform falls back to `fill` (covering).
    public mutating func fillSprite(size: Size, transform: Transform3D, paint: Paint, additive: Bool = false, clip: ClipMask? = nil,
                                    into target: inout Pixmap) {
        // A picture or a ramp covering its pixels is the rectangle's path filled: the shaders'
        // vector loops and the exact coverage, at a quarter of the CPU time of working each pixel
        // out below (600 soft-dot particles at 720p: 7.0 → 1.7 s for 120 frames).
        if case .solid = paint {} else if !additive {
            fill(.roundedRect(Rect(origin: .zero, size: size), cornerRadius: 0), transform: transform, paint: paint, rule: .nonZero,
                 clip: clip, into: &target)
            return
        }
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
        let (gs, gt) = (Self.length(sx, sy), Self.length(tx, ty))
        // A determinant too small to invert (subnormal) maps nothing drawable.
        guard gs.isFinite, gt.isFinite, gs > 0, gt > 0 else { return }
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
        // Distances in pixels: the sprite's gradients and thickness across each pair of sides (`SpriteRows.Row`).
        // (A subnormal part is 0: along that direction the pair is flat — as the loops' Float
        // values have it — and its inverse would be infinite.)
        let (sGradient, tGradient) = (Self.normal(SIMD2(sx, sy) / gs), Self.normal(SIMD2(tx, ty) / gt))
        let (origin, thickness) = (SIMD2(m.m41, m.m42), SIMD2(thickS, thickT))
        // The paint taken apart once (binding an enum's payload at every pixel copies it).
        let (solid, gradient, image): (PremultipliedColor?, GradientPaint?, ImagePaint?) = switch paint {
        case .solid(let c): (c, nil, nil)
        case .gradient(let g): (nil, g, nil)
        case .image(let i): (nil, nil, i)
        }
        if let solid, clip == nil, !additive {
            // The particles' case, RasterCore's loop (SpriteRows): the same coverages, a vector at a time.
            let (firstRow, width, kernels) = (target.firstRow, target.width, build.kernels)
            target.bytes.withUnsafeMutableBufferPointer { buffer in
                guard let p = buffer.baseAddress else { return }
                kernels.blendSprite(origin: origin, sGradient: sGradient, tGradient: tGradient, thickness: thickness, columns: x0..<x1,
                                    rows: y0..<y1, color: solid.word, into: p, firstRow: firstRow, rowPixels: width)
            }
            return
        }
        let width = target.width, firstRow = target.firstRow
        target.bytes.withUnsafeMutableBufferPointer { buffer in
            guard let p = buffer.baseAddress else { return }
            for y in y0..<y1 {
                let row = SpriteRows.Row(y: y, base: x0, origin: origin, sGradient: sGradient, tGradient: tGradient, thickness: thickness)
                let span = row.span(x0..<x1)
                guard span.0 <= span.1 else { continue }
                let lo = Int(span.0.rounded(.down)), hi = min(Int(span.1.rounded(.up)) + 1, x1)
                guard lo < hi else { continue }
                // The paint's plane: s and t in the sprite's units, linear along the row (at pixel 0's centre).
                let cy = Double(y) + 0.5 - m.m42
                let (s0, t0) = (cy * sy - (m.m41 - 0.5) * sx, cy * ty - (m.m41 - 0.5) * tx)
                let rowBase = (y - firstRow) * width
                for x in lo..<hi {
                    var coverage = row.coverage(at: x)
                    guard coverage > 0 else { continue }
                    if let clip { coverage = Blend.div255(coverage * clip.at(x, y - firstRow)) }
                    guard coverage > 0 else { continue }
                    let (s, t) = (s0 + Double(x) * sx, t0 + Double(x) * tx)
                    let color = solid ?? image?.color(at: Point(s, t)) ?? gradient?.color(at: Point(s, t), x: x, y: y) ?? .transparent
                    if additive {
                        Blend.plus(color, coverage: coverage, into: p, at: (rowBase + x) * 4)
                    } else {
                        Blend.sourceOver(color, coverage: coverage, into: p, at: (rowBase + x) * 4)
                    }
                }
            }
        }
    }

    /// The length of (a, b): the square root of the sum of squares where neither square can
    /// overflow or vanish, else the C library's hypot, which scales them (a sprite stretched
    /// 10²⁰⁰ times). hypot alone was 3% of a frame of 5,000 particles (perf, bench/particles.sh).
    static func length(_ a: Double, _ b: Double) -> Double {
        let largest = max(abs(a), abs(b))
        return largest > 0x1p-500 && largest < 0x1p500 ? (a * a + b * b).squareRoot() : hypot(a, b)
    }

    /// `v` with its subnormal parts 0.
    static func normal(_ v: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(abs(v[0]) < .leastNormalMagnitude ? 0 : v[0], abs(v[1]) < .leastNormalMagnitude ? 0 : v[1])
    }
}
