import Geometry
import RasterCore

/// A shape's anti-aliased coverage over the pixels of its bounding box in a frame (0 outside,
/// 255 inside), kept to be drawn again, in any colour, wherever that box shows.
struct CoverageMask: Sendable {
    /// The frame column and row of the box's top-left pixel.
    let x: Int, y: Int
    let width: Int, height: Int
    /// One byte a pixel, rows top to bottom.
    let coverage: [UInt8]

    /// The bytes the mask holds.
    var byteCount: Int { coverage.count }
}

extension Rasterizer {
    /// The coverage of `path` mapped by `transform` (non-zero rule) over the whole frame that
    /// `target` is part of, every row, whichever rows `target` holds; nil when nothing is visible.
    mutating func coverageMask(of path: Path, transform: Transform3D, frameOf target: Pixmap) -> CoverageMask? {
        let frame = Pixmap.Window(width: target.width, frameHeight: target.frameHeight, rows: 0..<target.frameHeight)
        guard let (x0, width, rows) = accumulate(path, transform: transform, for: frame) else { return nil }
        var coverage = [UInt8](repeating: 0, count: width * rows.count)
        coverage.withUnsafeMutableBufferPointer { all in
            for (index, y) in rows.enumerated() {
                let row = UnsafeMutableBufferPointer(rebasing: all[(index * width)..<((index + 1) * width)])
                _ = resolveRow(y, rule: .nonZero, into: row)
            }
        }
        return CoverageMask(x: x0, y: rows.lowerBound, width: width, height: rows.count, coverage: coverage)
    }

    /// Draws `color` through `mask`, source-over, within `clip`: the pixels `fill` draws for
    /// the path the mask was made from.
    func fill(_ mask: CoverageMask, color: PremultipliedColor, clip: ClipMask? = nil, into target: inout Pixmap) {
        guard color.a > 0, mask.width > 0 else { return }
        // The rows of the mask the target holds (none when the mask lies above or below them).
        let (top, bottom) = (max(mask.y, target.firstRow), min(mask.y + mask.height, target.firstRow + target.height))
        guard top < bottom, mask.x + mask.width <= target.width else { return }
        let rows = top..<bottom
        let (width, firstRow) = (target.width, target.firstRow)
        target.bytes.withUnsafeMutableBufferPointer { buffer in
            guard let pixels = buffer.baseAddress else { return }
            mask.coverage.withUnsafeBufferPointer { coverage in
                for y in rows {
                    let source = (y - mask.y) * mask.width
                    let pixelBase = (y - firstRow) * width + mask.x
                    let row = pixels + pixelBase * 4
                    var column = 0
                    while column < mask.width {
                        var c = UInt32(coverage[source + column])
                        if let clip {
                            c = Blend.div255(c * clip.at(mask.x + column, y - firstRow))
                            if c > 0 { Blend.sourceOver(color, coverage: c, into: row, at: column * 4) }
                            column += 1
                            continue
                        }
                        // Runs of one coverage (a glyph's inside) are blended together.
                        var end = column + 1
                        while end < mask.width && UInt32(coverage[source + end]) == c { end += 1 }
                        if c > 0 {
                            if end - column == 1 {
                                Blend.sourceOver(color, coverage: c, into: row, at: column * 4)
                            } else {
                                Blend.sourceOverRun(color, coverage: c, into: row + column * 4, count: end - column)
                            }
                        }
                        column = end
                    }
                }
            }
        }
    }
}
