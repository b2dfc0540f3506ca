import Foundation
import Geometry
import RasterCore

/// Compositing: opacity groups, masks, colour filters and shadows, within an area of a pixmap
/// (what was drawn there): a layer or a shadow drawn into another pixmap covering the same rows
/// of the same frame, a mask or a colour filter applied in place.
enum Compositing {
    /// Draws the pixels of `layer` within `area` over `target` at `opacity`, source-over, and
    /// leaves them transparent in `layer`: a group's end, before its pixmap is reused. Each pixel
    /// is cleared as it is read, while it is in the cache (a pass of its own took a tenth of a
    /// Lottie frame with one translucent group: `make bench`).
    static func drawAndClear(_ layer: inout Pixmap, within area: PixelArea, opacity: Double, into target: inout Pixmap,
                             build: RasterCoreBuild = .fastest) {
        precondition(layer.sameWindow(as: target), "a layer is drawn onto a pixmap of its own size and rows")
        let coverage = coverage(ofOpacity: opacity)
        let rowBytes = layer.width * 4
        target.bytes.withUnsafeMutableBufferPointer { buffer in
            guard let p = buffer.baseAddress else { return }
            layer.bytes.withUnsafeMutableBufferPointer { source in
                guard let s = source.baseAddress else { return }
                build.kernels.drawAndClear(s, into: p, rowBytes: rowBytes, x0: area.x0, x1: area.x1, y0: area.y0, y1: area.y1, coverage: coverage)
            }
        }
    }

    /// The coverage (0…255) a layer's `opacity` is drawn at.
    static func coverage(ofOpacity opacity: Double) -> UInt32 {
        UInt32((min(max(opacity, 0), 1) * 255).rounded())
    }

    /// Draws the pixels of `layer` within `area` over `target` at `opacity` with a blend mode
    /// (`BlendFunctions`), and leaves them transparent in `layer` (see the source-over one).
    static func drawAndClear(_ layer: inout Pixmap, within area: PixelArea, opacity: Double, blend: BlendMode, into target: inout Pixmap) {
        guard blend != .normal else { return drawAndClear(&layer, within: area, opacity: opacity, into: &target) }
        defer { layer.clear(area) }
        precondition(layer.sameWindow(as: target), "a layer is drawn onto a pixmap of its own size and rows")
        let scale = Float(min(max(opacity, 0), 1)) / 255
        target.bytes.withUnsafeMutableBufferPointer { p in
            layer.bytes.withUnsafeBufferPointer { source in
                for y in area.y0..<area.y1 {
                    let row = y * layer.width * 4
                    for i in stride(from: row + area.x0 * 4, to: row + area.x1 * 4, by: 4) where source[i + 3] != 0 {
                        let s = SIMD4(Float(source[i]), Float(source[i + 1]), Float(source[i + 2]), Float(source[i + 3])) * scale
                        let b = SIMD4(Float(p[i]), Float(p[i + 1]), Float(p[i + 2]), Float(p[i + 3])) / 255
                        let out = BlendFunctions.composite(s, onto: b, mode: blend)
                        for c in 0..<4 { p[i + c] = UInt8(min(max(out[c] * 255, 0), 255).rounded()) }
                    }
                }
            }
        }
    }

    /// Writes premultiplied channels in 8.8 fixed point (`values`, four a pixel, rows of `area`'s
    /// width: a blur's result) into `target`: drawn over its pixels at `opacity`, source-over,
    /// or, with no opacity, in their place. Each result is rounded with its pixel's ordered-dither
    /// threshold (`OrderedDither`): a glow's ramp a fraction of a level a pixel comes out as a
    /// pattern of the levels around it, not as rings of one level each. (Read and written through
    /// pointers, rounded without a library call: the promo's full-frame glow at 1080p took 21 ms
    /// a frame here with checked arrays and a floor a lane, 6 ms so; one thread, `perf`.)
    static func writeDithered(_ values: [UInt16], over area: PixelArea, drawnAt opacity: Double?, into target: inout Pixmap) {
        let scale = Float(min(max(opacity ?? 1, 0), 1)) / 256
        let (width, firstRow, over) = (target.width, target.firstRow, opacity != nil)
        target.bytes.withUnsafeMutableBytes { p in
            values.withUnsafeBytes { v in
                guard let pixels = p.baseAddress, let fine = v.baseAddress else { return }
                for y in area.y0..<area.y1 {
                    // The row's thresholds from column x0 on, as `dithered` takes them: the pattern repeats every four columns.
                    let thresholds = (SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: OrderedDither.orders(x: area.x0, y: y + firstRow))) + 0.5)
                        / Float(OrderedDither.levels) - 0.5 + 1 / 1024
                    var (value, pixel) = (fine + (y - area.y0) * area.width * 8, pixels + (y * width + area.x0) * 4)
                    for column in 0..<area.width {
                        defer { (value, pixel) = (value + 8, pixel + 4) }
                        let channels = value.loadUnaligned(as: SIMD4<UInt16>.self)
                        // (Over its pixels, a transparent value leaves one as it is.)
                        if over && channels.w == 0 { continue }
                        var exact = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: channels)) * scale
                        if over {
                            let under = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: pixel.loadUnaligned(as: SIMD4<UInt8>.self)))
                            exact += under * (1 - exact.w / 255)
                        }
                        pixel.storeBytes(of: dithered(exact, lessHalf: thresholds[column & 3]), as: SIMD4<UInt8>.self)
                    }
                }
            }
        }
    }

    /// An exact premultiplied pixel (0…255 a channel, as a premultiplied source over one is)
    /// plus its dither threshold, rounded down, the colours within the alpha; `lessHalf` is the
    /// threshold less ½ plus 1/1024. Rounded down by the float's own rounding, not a library call
    /// a lane: 1.5 · 2²³ added to a value within ±2²² leaves its nearest whole number in the
    /// mantissa's low bits (where floats are a whole number apart), so the threshold's half taken
    /// off first leaves the whole number below; the 1/1024 keeps a sum on a whole number (8.8
    /// values and sixteenths often make one) from coming out one under it. The sum stays within
    /// −½…255.5, whose nearest whole numbers are 0…255: no clamp.
    @inline(__always)
    private static func dithered(_ exact: SIMD4<Float>, lessHalf threshold: Float) -> SIMD4<UInt8> {
        let shifted = exact + threshold + 12_582_912
        let levels = SIMD4<UInt8>(truncatingIfNeeded: unsafeBitCast(shifted, to: SIMD4<UInt32>.self) & 0xFF)
        return levels.replacing(with: levels.w, where: levels .> levels.w)
    }

    /// Multiplies the pixels of `target` within `area` by the coverage of `mask` as `mode` reads
    /// it (a mask layer's effect).
    static func multiply(_ target: inout Pixmap, within area: PixelArea, byCoverageOf mask: Pixmap, mode: MaskMode = .alpha) {
        precondition(mask.sameWindow(as: target), "a mask covers a pixmap of its own size and rows")
        let alphaOnly = mode == .alpha || mode == .alphaInverted
        let width = target.width
        mask.bytes.withUnsafeBufferPointer { m in
            target.bytes.withUnsafeMutableBufferPointer { p in
                guard let mBase = m.baseAddress, let pBase = p.baseAddress else { return }
                let low = SIMD8<UInt16>(repeating: 0x00FF)
                for y in area.y0..<area.y1 {
                    let row = y * width * 4
                    var start = row + area.x0 * 4
                    // Alpha masks four pixels a step: each pixel's four channels times its mask
                    // alpha, divided by 255 rounded (div255) in 16-bit lanes, as one at a time.
                    while alphaOnly, start + 16 <= row + area.x1 * 4 {
                        defer { start += 16 }
                        var alphas = UnsafeRawPointer(mBase + start).loadUnaligned(as: SIMD4<UInt32>.self) &>> 24
                        if mode == .alphaInverted { alphas = 255 &- alphas }
                        if alphas == SIMD4(repeating: 255) { continue }
                        let a = unsafeBitCast(alphas | alphas &<< 16, to: SIMD8<UInt16>.self)
                        let raw = UnsafeMutableRawPointer(pBase + start)
                        let d = raw.loadUnaligned(as: SIMD8<UInt16>.self)
                        let (rb, ga) = ((d & low) &* a &+ 128, (d &>> 8) &* a &+ 128)
                        let redBlue = (rb &+ (rb &>> 8)) &>> 8, greenAlpha = (ga &+ (ga &>> 8)) &>> 8
                        raw.storeBytes(of: redBlue | greenAlpha &<< 8, as: SIMD8<UInt16>.self)
                    }
                    for i in stride(from: start, to: row + area.x1 * 4, by: 4) {
                        let a: UInt32
                        switch mode {
                        case .alpha: a = UInt32(m[i + 3])
                        case .alphaInverted: a = 255 - UInt32(m[i + 3])
                        case .luminance: a = luminance(m[i], m[i + 1], m[i + 2])
                        case .luminanceInverted: a = 255 - luminance(m[i], m[i + 1], m[i + 2])
                        }
                        if a == 255 { continue }
                        for c in 0..<4 { p[i + c] = UInt8(Blend.div255(UInt32(p[i + c]) * a)) }
                    }
                }
            }
        }
    }

    /// Whether `filter` leaves a transparent pixel transparent, so that it changes nothing
    /// outside what was drawn.
    static func keepsTransparent(_ filter: ColorFilter) -> Bool {
        byte(filtered(.zero, by: filter)[3]) == 0
    }

    /// A filtered channel as a byte, clamped and rounded.
    private static func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }

    /// Transforms the pixels of `target` within `area` by `filter`, in 8 bits: a transparent
    /// pixel is (0, 0, 0, 0) straight.
    static func transform(_ target: inout Pixmap, within area: PixelArea, by filter: ColorFilter) {
        let width = target.width
        // Each colour is transformed once: the last one (runs of one colour: a fill's inside, the
        // empty outside) and, before that, the colours met so far, kept by their word's hash
        // (a ramp's or an edge's colours come again row after row; the filter's arithmetic is
        // powers of doubles). The table has about a slot a pixel, up to 2¹² (48 KB): a small
        // group's is small.
        let pixels = (area.x1 - area.x0) * (area.y1 - area.y0)
        let bits = min(Self.mostFilteredColorSlotBits, max(1, Int.bitWidth - pixels.leadingZeroBitCount))
        var (seenKeys, seenValues) = ([UInt64](repeating: .max, count: 1 << bits), [UInt32](repeating: 0, count: 1 << bits))
        target.bytes.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            var last: (key: UInt32, value: UInt32)? = nil
            for y in area.y0..<area.y1 {
                for i in (y * width + area.x0)..<(y * width + area.x1) {
                    let key = words[i]
                    if let last, key == last.key {
                        words[i] = last.value
                        continue
                    }
                    let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> (32 - bits))
                    let value: UInt32
                    // (A key is a 32-bit word: the empty slots' UInt64.max is none.)
                    if seenKeys[slot] == UInt64(key) {
                        value = seenValues[slot]
                    } else {
                        value = filteredWord(key, by: filter)
                        (seenKeys[slot], seenValues[slot]) = (UInt64(key), value)
                    }
                    last = (key, value)
                    words[i] = value
                }
            }
        }
    }

    /// The most colours `transform` keeps, by their word's hash, as a power of 2.
    private static let mostFilteredColorSlotBits = 12

    /// A premultiplied pixel word (RGBA bytes in memory order) transformed by `filter`.
    private static func filteredWord(_ word: UInt32, by filter: ColorFilter) -> UInt32 {
        let (r, g, b, alpha) = (word & 0xFF, word >> 8 & 0xFF, word >> 16 & 0xFF, word >> 24)
        let a = Double(alpha) / 255
        let straight = a > 0 ? SIMD4(Double(r) / 255 / a, Double(g) / 255 / a, Double(b) / 255 / a, a) : .zero
        let out = filtered(straight, by: filter)
        return UInt32(byte(out[0])) | UInt32(byte(out[1])) << 8 | UInt32(byte(out[2])) << 16 | UInt32(byte(out[3])) << 24
    }

    /// What `filter` makes of a straight colour, premultiplied.
    private static func filtered(_ c: SIMD4<Double>, by filter: ColorFilter) -> SIMD4<Double> {
        switch filter {
        case .matrix(let matrix):
            let out = matrix.unclamped(c).clamped(lowerBound: .zero, upperBound: .one)
            return SIMD4(out[0] * out[3], out[1] * out[3], out[2] * out[3], out[3])
        case let .tint(black, white, amount):
            func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : Foundation.pow((v + 0.055) / 1.055, 2.4) }
            func sRGB(_ v: Double) -> Double { v <= 0.0031308 ? v * 12.92 : 1.055 * Foundation.pow(v, 1 / 2.4) - 0.055 }
            let grey = sRGB((linear(c[0]) + linear(c[1]) + linear(c[2])) / 3)
            let mapped = (black + (white - black) * grey).clamped(lowerBound: .zero, upperBound: .one)
            // All tint replaces the pixel; less is the tinted pixel over the pixel itself, mixed
            // in linear light (SVG filters' colour space, where lottie-web's merge happens).
            guard amount < 1 else { return SIMD4(mapped[0] * c[3], mapped[1] * c[3], mapped[2] * c[3], c[3]) }
            let tintAlpha = c[3] * max(amount, 0)
            let alpha = tintAlpha + c[3] * (1 - tintAlpha)
            guard alpha > 0 else { return .zero }
            func channel(_ i: Int) -> Double {
                sRGB((linear(mapped[i]) * tintAlpha + linear(c[i]) * c[3] * (1 - tintAlpha)) / alpha) * alpha
            }
            return SIMD4(channel(0), channel(1), channel(2), alpha)
        }
    }

    /// 0.2125 R + 0.7154 G + 0.0721 B of premultiplied 8-bit channels, rounded: the weights in
    /// 1/65536ths sum to 65536, so white is 255.
    private static func luminance(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt32 {
        (13926 * UInt32(r) + 46885 * UInt32(g) + 4725 * UInt32(b) + 32768) >> 16
    }

    /// Blurs the alpha of `source` (whose pixels with alpha all lie within `area`; a blur kept
    /// in `blurs` when the silhouette was seen before), moves it by the shadow's offset, and
    /// draws it in the shadow's colour over `target`, within `clip` when given.
    ///
    /// With `opacity`, `source` is a layer drawn next over its shadow at that opacity,
    /// source-over, and left transparent within `area` (`drawAndClear`). At full opacity the
    /// shadow is left out where the layer is opaque (those pixels come out the same either way),
    /// and with no offset and no clip the layer is drawn in the shadow's pass
    /// (`ShadowRow.blendUnderLayer`): every pixel with alpha lies in the silhouette's box, which
    /// the blurred area holds.
    static func drawShadow(of source: inout Pixmap, within area: PixelArea, _ shadow: ShadowPaint, clip: ClipMask?,
                           drawingSourceAt opacity: Double? = nil, blurs: inout KeptBlurs, into target: inout Pixmap,
                           build: RasterCoreBuild) {
        precondition(source.sameWindow(as: target), "a shadow's silhouette covers a pixmap of its own size and rows")
        precondition(clip.map { $0.fits(target) } ?? true, "the clip covers the pixmap")
        let (w, h) = (target.width, target.height)
        let (dx, dy) = shadow.pixelOffset
        let sourceCovers = opacity.map { coverage(ofOpacity: $0) == 255 } ?? false
        let inOnePass = sourceCovers && clip == nil && dx == 0 && dy == 0
        // An offset of a frame or more moves the whole shadow out of it.
        guard abs(shadow.offsetX) < Double(w), abs(shadow.offsetY) < Double(h),
              let (blurred, blurArea) = blurs.alpha(of: source, sigma: shadow.radius / 2, within: area, build: build) else {
            if let opacity { drawAndClear(&source, within: area, opacity: opacity, into: &target, build: build) }
            return
        }
        let aw = blurArea.width
        let (color, firstRow) = (shadow.color, target.firstRow)
        target.bytes.withUnsafeMutableBufferPointer { buffer in
            guard let p = buffer.baseAddress else { return }
            blurred.withUnsafeBufferPointer { blurred in
                source.bytes.withUnsafeMutableBufferPointer { sourceBytes in
                    guard let b = blurred.baseAddress, let s = sourceBytes.baseAddress else { return }
                    // Only where the blurred silhouette is, moved by the offset.
                    let (xStart, xEnd) = (max(blurArea.x0 + dx, 0), min(blurArea.x1 + dx, w))
                    for y in stride(from: max(blurArea.y0 + dy, 0), to: min(blurArea.y1 + dy, h), by: 1) {
                        let from = (y - dy - blurArea.y0) * aw - dx - blurArea.x0
                        var x = xStart
                        // Each pixel's ordered-dither threshold, in 256ths of a level (`OrderedDither`).
                        let biases = SIMD4<UInt32>(truncatingIfNeeded: OrderedDither.orders(x: x, y: y + firstRow)) &* 16 &+ 8
                        // Four pixels a step where there is no clip (`ShadowRow`), as one at a time below.
                        if clip == nil, xEnd - x >= 4 {
                            let quads = (xEnd - x) / 4
                            if inOnePass {
                                build.kernels.blendShadowQuads(quads, coverage: b + from + x, underLayer: s + (y * w + x) * 4, color: color.word, bias: biases,
                                                       into: p + (y * w + x) * 4)
                            } else {
                                build.kernels.blendShadowQuads(quads, coverage: b + from + x, source: sourceCovers ? s + (y * w + x) * 4 : nil,
                                                       color: color.word, bias: biases, into: p + (y * w + x) * 4)
                            }
                            x += quads * 4
                        }
                        while x < xEnd {
                            defer { x += 1 }
                            let i = (y * w + x) * 4
                            var coverage = UInt32(b[from + x])
                            if coverage != 0 && !(sourceCovers && s[i + 3] == 255) {
                                if let clip { coverage = Blend.div255(coverage * clip.at(x, y)) }
                                let bias = biases[(x - xStart) & 3]
                                Blend.sourceOverRounded(Blend.scaledRounded(color, by: coverage, bias: bias), bias: bias, into: p, at: i)
                            }
                            if inOnePass && s[i + 3] != 0 {
                                Blend.sourceOver(PremultipliedColor(r: s[i], g: s[i + 1], b: s[i + 2], a: s[i + 3]), coverage: 255, into: p, at: i)
                                (s[i], s[i + 1], s[i + 2], s[i + 3]) = (0, 0, 0, 0)
                            }
                        }
                    }
                }
            }
        }
        if let opacity, !inOnePass { drawAndClear(&source, within: area, opacity: opacity, into: &target, build: build) }
    }
}
