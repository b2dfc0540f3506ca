import Foundation

/// Gaussian blurs: of a pixmap's alpha channel, for shadows, and of all its channels, for blur
/// filters. Both are three box blurs a direction, whose widths are chosen so that together they
/// have the Gaussian's variance, each pass a running sum: the cost does not grow with the
/// radius, and the kernel tapers to zero at its reach (no step at the edge of a glow). Only the
/// pixels' bounding box, grown by the reach, is blurred: the cost follows what is drawn, not the
/// frame. Edges are treated as transparent.
enum GaussianBlur {
    /// The alpha channel blurred with standard deviation `sigma` pixels (no blur when sigma <
    /// 0.1), over `area` only (rows of its width; everything outside it is 0); nil when the
    /// source has no alpha anywhere.
    static func alpha(of source: Pixmap, sigma: Double) -> (values: [UInt8], area: Area)? {
        let (w, h) = (source.width, source.height)
        guard let box = bounds(of: source) else { return nil }
        let blurs = sigma >= 0.1 && sigma.isFinite
        let widths = blurs ? boxWidths(sigma: min(sigma, 1000), passes: 3) : []
        let area = grown(box, by: reach(widths), width: w, height: h)
        let (aw, ah) = (area.x1 - area.x0, area.y1 - area.y0)
        var values = [Float](repeating: 0, count: aw * ah)
        source.bytes.withUnsafeBufferPointer { p in
            for y in area.y0..<area.y1 { for x in area.x0..<area.x1 { values[(y - area.y0) * aw + x - area.x0] = Float(p[(y * w + x) * 4 + 3]) } }
        }
        if blurs { blur(&values, width: aw, height: ah, channels: 1, widths: widths) }
        return (values.map { UInt8(min(max($0, 0), 255).rounded()) }, area)
    }

    /// All four premultiplied channels blurred with standard deviation `sigma` pixels (no blur
    /// when sigma < 0.1).
    static func rgba(of source: Pixmap, sigma: Double) -> Pixmap {
        guard sigma >= 0.1, sigma.isFinite, let box = bounds(of: source) else { return source }
        let w = source.width
        let widths = boxWidths(sigma: min(sigma, 1000), passes: 3)
        let area = grown(box, by: reach(widths), width: w, height: source.height)
        let (aw, ah) = (area.x1 - area.x0, area.y1 - area.y0)
        var values = [Float](repeating: 0, count: aw * ah * 4)
        source.bytes.withUnsafeBufferPointer { p in
            for y in area.y0..<area.y1 {
                for i in 0..<(aw * 4) { values[(y - area.y0) * aw * 4 + i] = Float(p[(y * w + area.x0) * 4 + i]) }
            }
        }
        blur(&values, width: aw, height: ah, channels: 4, widths: widths)
        var blurred = source
        blurred.bytes.withUnsafeMutableBufferPointer { p in
            for y in area.y0..<area.y1 {
                for i in 0..<(aw * 4) { p[(y * w + area.x0) * 4 + i] = UInt8(min(max(values[(y - area.y0) * aw * 4 + i], 0), 255).rounded()) }
            }
        }
        return blurred
    }

    /// A pixel rectangle: columns x0..<x1, rows y0..<y1.
    typealias Area = (x0: Int, y0: Int, x1: Int, y1: Int)

    /// The smallest rectangle holding every pixel with alpha; nil when there is none.
    static func bounds(of source: Pixmap) -> Area? {
        let (w, h) = (source.width, source.height)
        var (x0, y0, x1, y1) = (w, h, 0, 0)
        source.bytes.withUnsafeBufferPointer { p in
            for y in 0..<h {
                var first = -1, last = -1
                for x in 0..<w where p[(y * w + x) * 4 + 3] != 0 {
                    if first < 0 { first = x }
                    last = x
                }
                guard first >= 0 else { continue }
                (x0, x1, y0, y1) = (min(x0, first), max(x1, last + 1), min(y0, y), y + 1)
            }
        }
        return x0 < x1 ? (x0, y0, x1, y1) : nil
    }

    /// How far three box passes of `widths` spread a pixel: the sum of their radii.
    static func reach(_ widths: [Int]) -> Int { widths.reduce(0) { $0 + ($1 - 1) / 2 } }

    private static func grown(_ a: Area, by r: Int, width: Int, height: Int) -> Area {
        (max(a.x0 - r, 0), max(a.y0 - r, 0), min(a.x1 + r, width), min(a.y1 + r, height))
    }

    /// The box passes over `values` (`channels` floats a pixel, rows of `width`), both directions.
    private static func blur(_ values: inout [Float], width: Int, height: Int, channels: Int, widths: [Int]) {
        var temporary = [Float](repeating: 0, count: values.count)
        for boxWidth in widths {
            let r = (boxWidth - 1) / 2
            boxPass(&values, into: &temporary, count: width, lines: height, step: channels, lineStride: width * channels, channels: channels, radius: r)
            boxPass(&temporary, into: &values, count: height, lines: width, step: width * channels, lineStride: channels, channels: channels, radius: r)
        }
    }

    /// Odd box widths whose `passes` successive box blurs have variance σ² (W. Jarosz, "Fast
    /// image convolutions"; the widths differ by at most 2).
    static func boxWidths(sigma: Double, passes n: Int) -> [Int] {
        let ideal = (12 * sigma * sigma / Double(n) + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let m = Int(((12 * sigma * sigma - Double(n * lower * lower) - 4 * Double(n * lower) - 3 * Double(n)) / Double(-4 * lower - 4)).rounded())
        return (0..<n).map { $0 < m ? lower : upper }
    }

    /// One box blur of radius `radius` along `lines` lines of `count` pixels each (`step` floats
    /// between a line's pixels, `lineStride` between lines), `channels` channels (1 or 4), zeros
    /// outside.
    private static func boxPass(_ source: inout [Float], into target: inout [Float], count: Int, lines: Int, step: Int, lineStride: Int,
                                channels: Int, radius: Int) {
        let scale = 1 / Float(2 * radius + 1)
        source.withUnsafeBufferPointer { src in
            target.withUnsafeMutableBufferPointer { dst in
                for line in 0..<lines {
                    let base = line * lineStride
                    if channels == 1 {
                        func pixel(_ i: Int) -> Float { i >= 0 && i < count ? src[base + i * step] : 0 }
                        var sum: Float = 0
                        for i in -radius...radius { sum += pixel(i) }
                        for i in 0..<count {
                            dst[base + i * step] = sum * scale
                            sum += pixel(i + radius + 1) - pixel(i - radius)
                        }
                        continue
                    }
                    func pixel(_ i: Int) -> SIMD4<Float> {
                        guard i >= 0, i < count else { return .zero }
                        let o = base + i * step
                        return SIMD4(src[o], src[o + 1], src[o + 2], src[o + 3])
                    }
                    var sum = SIMD4<Float>.zero
                    for i in -radius...radius { sum += pixel(i) }
                    for i in 0..<count {
                        let o = base + i * step
                        let out = sum * scale
                        (dst[o], dst[o + 1], dst[o + 2], dst[o + 3]) = (out.x, out.y, out.z, out.w)
                        sum += pixel(i + radius + 1) - pixel(i - radius)
                    }
                }
            }
        }
    }
}
