import Foundation

/// Gaussian blurs: of a pixmap's alpha channel, for shadows, and of all its channels, for blur filters.
enum GaussianBlur {
    /// The alpha channel blurred with standard deviation `sigma` pixels (no blur when sigma < 0.1),
    /// edges treated as transparent.
    static func alpha(of source: Pixmap, sigma: Double) -> [UInt8] {
        let (w, h) = (source.width, source.height)
        var values = [Float](repeating: 0, count: w * h)
        source.bytes.withUnsafeBufferPointer { p in
            for i in 0..<(w * h) { values[i] = Float(p[i * 4 + 3]) }
        }
        if sigma >= 0.1 && sigma.isFinite {
            let radius = Int(min(3 * sigma, 512).rounded(.up))
            var kernel = (-radius...radius).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
            let sum = kernel.reduce(0, +)
            kernel = kernel.map { $0 / sum }
            var temporary = [Float](repeating: 0, count: w * h)
            for y in 0..<h {
                for x in 0..<w {
                    var total: Float = 0
                    for k in max(-radius, -x)...min(radius, w - 1 - x) { total += values[y * w + x + k] * kernel[k + radius] }
                    temporary[y * w + x] = total
                }
            }
            for y in 0..<h {
                for x in 0..<w {
                    var total: Float = 0
                    for k in max(-radius, -y)...min(radius, h - 1 - y) { total += temporary[(y + k) * w + x] * kernel[k + radius] }
                    values[y * w + x] = total
                }
            }
        }
        return values.map { UInt8(min(max($0, 0), 255).rounded()) }
    }
}

extension GaussianBlur {
    /// All four premultiplied channels blurred with standard deviation `sigma` pixels (no blur
    /// when sigma < 0.1), edges treated as transparent: three box blurs a direction, whose
    /// widths are chosen so that together they have the Gaussian's variance, each pass a
    /// running sum, so the cost does not grow with the radius.
    static func rgba(of source: Pixmap, sigma: Double) -> Pixmap {
        guard sigma >= 0.1, sigma.isFinite else { return source }
        let (w, h) = (source.width, source.height)
        var values = source.bytes.map(Float.init)
        var temporary = [Float](repeating: 0, count: values.count)
        for width in boxWidths(sigma: min(sigma, 1000), passes: 3) {
            let r = (width - 1) / 2
            boxPass(&values, into: &temporary, count: w, lines: h, step: 4, lineStride: w * 4, radius: r)
            boxPass(&temporary, into: &values, count: h, lines: w, step: w * 4, lineStride: 4, radius: r)
        }
        var blurred = source
        blurred.bytes = values.map { UInt8(min(max($0, 0), 255).rounded()) }
        return blurred
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
    /// between a line's pixels, `lineStride` between lines), four channels, zeros outside.
    private static func boxPass(_ source: inout [Float], into target: inout [Float], count: Int, lines: Int, step: Int, lineStride: Int, radius: Int) {
        let scale = 1 / Float(2 * radius + 1)
        source.withUnsafeBufferPointer { src in
            target.withUnsafeMutableBufferPointer { dst in
                for line in 0..<lines {
                    let base = line * lineStride
                    var sum = SIMD4<Float>.zero
                    func pixel(_ i: Int) -> SIMD4<Float> {
                        guard i >= 0, i < count else { return .zero }
                        let o = base + i * step
                        return SIMD4(src[o], src[o + 1], src[o + 2], src[o + 3])
                    }
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
