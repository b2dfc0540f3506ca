import Foundation

/// Gaussian blurs: of a pixmap's alpha channel, for shadows, and of all its channels, for blur
/// filters. Both are three box blurs a direction, whose widths are chosen so that together they
/// have the Gaussian's variance, each pass a running sum: the cost does not grow with the
/// radius, and the kernel tapers to zero at its reach (no step at the edge of a glow). Only the
/// pixels' bounding box, grown by the reach, is blurred: the cost follows what is drawn, not the
/// frame. Edges are treated as transparent.
enum GaussianBlur {
    /// A silhouette's alpha over `box` (rows of its width; its tight bounds in `pixmap`) blurred
    /// with standard deviation `sigma` pixels (no blur when sigma < 0.1): the values over the
    /// returned area, the box grown by the blur's reach within the pixmap (rows of its width;
    /// everything outside it is 0).
    static func blurred(alpha: [UInt8], box: PixelArea, sigma: Double, in pixmap: Pixmap, scratch: inout Scratch) -> (values: [UInt8], area: PixelArea) {
        let widths = blurs(sigma) ? boxWidths(sigma: min(sigma, 1000), passes: 3) : []
        let area = box.grown(by: reach(widths), within: pixmap) ?? box
        let count = area.width * area.height
        scratch.reserve(count, limit: pixmap.width * pixmap.height)
        scratch.values.withUnsafeMutableBufferPointer { values in
            UnsafeMutableBufferPointer(rebasing: values[0..<count]).update(repeating: 0)
            for y in 0..<box.height {
                let from = y * box.width, to = (y + box.y0 - area.y0) * area.width + box.x0 - area.x0
                for x in 0..<box.width { values[to + x] = Float(alpha[from + x]) }
            }
        }
        if !widths.isEmpty { blur(&scratch, width: area.width, height: area.height, channels: 1, widths: widths) }
        return (scratch.values.prefix(count).map(byte), area)
    }

    /// The float buffers a blur works in, kept from blur to blur: a whole 1080p layer's blur
    /// takes two of 33 MB, which fresh allocations pay for in page faults every frame.
    struct Scratch {
        fileprivate var values: [Float] = []
        fileprivate var temporary: [Float] = []

        /// Makes both buffers hold at least `count` floats (their contents are then undefined),
        /// growing them at least twofold, up to `limit`: a blur growing frame by frame (a
        /// widening radius, a growing shape) would otherwise take fresh pages every frame.
        fileprivate mutating func reserve(_ count: Int, limit: Int) {
            guard values.count < count else { return }
            values = [Float](repeating: 0, count: max(count, min(2 * values.count, limit)))
            temporary = [Float](repeating: 0, count: values.count)
        }
    }

    /// All four premultiplied channels of `pixmap`, whose pixels with alpha have the tight bounds
    /// `box`, blurred with standard deviation `sigma` pixels (none when sigma < 0.1): the values
    /// in 8.8 fixed point (256 a level, so that a glow's fractions survive to where it is drawn
    /// and dithered) over the returned area, the box grown by the blur's reach, which then holds
    /// every pixel with alpha (rows of its width, four values a pixel).
    static func blurred(_ pixmap: Pixmap, box: PixelArea, sigma: Double, scratch: inout Scratch) -> (values: [UInt16], area: PixelArea) {
        let w = pixmap.width
        let widths = blurs(sigma) ? boxWidths(sigma: min(sigma, 1000), passes: 3) : []
        let area = box.grown(by: reach(widths), within: pixmap) ?? box
        let count = area.width * area.height * 4
        scratch.reserve(count, limit: pixmap.width * pixmap.height * 4)
        pixmap.bytes.withUnsafeBufferPointer { p in
            scratch.values.withUnsafeMutableBufferPointer { values in
                for y in area.y0..<area.y1 {
                    for i in 0..<(area.width * 4) { values[(y - area.y0) * area.width * 4 + i] = Float(p[(y * w + area.x0) * 4 + i]) }
                }
            }
        }
        if !widths.isEmpty { blur(&scratch, width: area.width, height: area.height, channels: 4, widths: widths) }
        return (scratch.values.prefix(count).map(fixed), area)
    }

    /// A blurred value in 8.8 fixed point: clamped to 0…255, times 256, rounded.
    private static func fixed(_ v: Float) -> UInt16 {
        UInt16(min(max(v, 0), 255) * 256 + 0.5)
    }

    /// A blurred value as a byte: clamped to 0…255 and rounded half away from zero, as
    /// `rounded()` does, without its library call: ½ added and truncated (exact for every value
    /// from ½ up; below ½, where the addition can round 0.49999997 up to 1, the answer is 0).
    private static func byte(_ v: Float) -> UInt8 {
        let c = min(max(v, 0), 255)
        return c < 0.5 ? 0 : UInt8(c + 0.5)
    }

    /// How far a blur of standard deviation `sigma` spreads a pixel.
    static func reach(sigma: Double) -> Int {
        blurs(sigma) ? reach(boxWidths(sigma: min(sigma, 1000), passes: 3)) : 0
    }

    private static func blurs(_ sigma: Double) -> Bool { sigma >= 0.1 && sigma.isFinite }

    /// The smallest area holding every pixel with alpha, looking within `area` only; nil when
    /// there is none. Each row is scanned from the left to its first pixel with alpha and from
    /// the right to its last (`AlphaScan`, in `build`).
    static func bounds(of source: Pixmap, within area: PixelArea, build: RasterCoreBuild) -> PixelArea? {
        let w = source.width
        var found = PixelArea(x0: area.x1, y0: area.y1, x1: area.x0, y1: area.y0)
        source.bytes.withUnsafeBufferPointer { buffer in
            guard let p = buffer.baseAddress else { return }
            for y in area.y0..<area.y1 {
                let row = p + (y * w + area.x0) * 4
                let first = build.kernels.firstWithAlpha(row, count: area.width)
                guard first < area.width else { continue }
                let end = first + build.kernels.endOfAlpha(row + first * 4, count: area.width - first)
                found = PixelArea(x0: min(found.x0, area.x0 + first), y0: min(found.y0, y), x1: max(found.x1, area.x0 + end), y1: y + 1)
            }
        }
        return found.isEmpty ? nil : found
    }

    /// How far three box passes of `widths` spread a pixel: the sum of their radii.
    static func reach(_ widths: [Int]) -> Int { widths.reduce(0) { $0 + ($1 - 1) / 2 } }

    /// The box passes over the scratch's values (`channels` floats a pixel, rows of `width`),
    /// both directions.
    private static func blur(_ scratch: inout Scratch, width: Int, height: Int, channels: Int, widths: [Int]) {
        for boxWidth in widths {
            let r = (boxWidth - 1) / 2
            horizontalBoxPass(&scratch.values, into: &scratch.temporary, width: width, height: height, channels: channels, radius: r)
            verticalBoxPass(&scratch.temporary, into: &scratch.values, rowLength: width * channels, height: height, radius: r)
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

    /// One box blur of radius `radius` along each of `height` rows of `width` pixels, `channels`
    /// floats a pixel (1 or 4), zeros outside.
    private static func horizontalBoxPass(_ source: inout [Float], into target: inout [Float], width count: Int, height lines: Int,
                                          channels: Int, radius: Int) {
        let scale = 1 / Float(2 * radius + 1)
        let step = channels, lineStride = count * channels
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

    /// One box blur of radius `radius` down every column of `height` rows of `rowLength` floats,
    /// zeros above and below. The rows are swept in order, so memory is read as it lies (a
    /// column at a time strides a row a value); each column keeps the running sum a pass along
    /// it would, adding and subtracting the same floats in the same order, so the results are
    /// the same to the bit.
    private static func verticalBoxPass(_ source: inout [Float], into target: inout [Float], rowLength n: Int, height h: Int, radius r: Int) {
        let scale = 1 / Float(2 * r + 1)
        var sums = [Float](repeating: 0, count: n)
        source.withUnsafeBufferPointer { src in
            target.withUnsafeMutableBufferPointer { dst in
                sums.withUnsafeMutableBufferPointer { sum in
                    for row in 0..<min(r + 1, h) {
                        for c in 0..<n { sum[c] += src[row * n + c] }
                    }
                    for i in 0..<h {
                        for c in 0..<n { dst[i * n + c] = sum[c] * scale }
                        let (entering, leaving) = ((i + r + 1) * n, (i - r) * n)
                        switch (i + r + 1 < h, i - r >= 0) {
                        case (true, true): for c in 0..<n { sum[c] += src[entering + c] - src[leaving + c] }
                        case (true, false): for c in 0..<n { sum[c] += src[entering + c] }
                        case (false, true): for c in 0..<n { sum[c] -= src[leaving + c] }
                        case (false, false): break
                        }
                    }
                }
            }
        }
    }
}
