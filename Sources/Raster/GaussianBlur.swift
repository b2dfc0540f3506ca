import Foundation

/// A separable Gaussian blur of a pixmap's alpha channel, for shadows.
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
