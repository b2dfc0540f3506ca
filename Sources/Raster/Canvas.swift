import Geometry

/// Draws fills, opacity groups and clips onto a pixmap, in device pixels.
///
/// `begin` hands the canvas a frame to draw into and `end` hands it back, so pooled frames are
/// drawn in place; scratch buffers are kept between frames. Each thread uses its own canvas.
public final class Canvas {
    /// The frame being drawn, between `begin` and `end`; groups draw into layers of their own.
    private var pixmap = Pixmap.empty
    private var groups: [(layer: Pixmap, opacity: Double)] = []
    private var clips: [[UInt8]] = []
    private var accumulator = CoverageAccumulator()
    private var rowCoverage: [UInt8] = []
    /// Curves are flattened to within this distance in pixels. Chords cut inside convex curves,
    /// so the tolerance bounds the area lost too: 0.02 px keeps a 12 px disc within 0.2%.
    public static let flatteningTolerance = 0.02

    public init() {}

    /// Starts drawing into `frame`, cleared to `background`.
    public func begin(_ frame: consuming Pixmap, clearingTo background: PremultipliedColor) {
        frame.clear(to: background)
        pixmap = frame
        groups.removeAll()
        clips.removeAll()
    }

    /// Stops drawing and returns the frame (`Pixmap.empty` when `begin` was not called).
    public func end() -> Pixmap {
        groups.removeAll()
        clips.removeAll()
        let frame = pixmap
        pixmap = .empty
        return frame
    }

    private var width: Int { pixmap.width }
    private var height: Int { pixmap.height }

    /// Fills `path` mapped by `transform` into device pixels, source-over. Paths with NaN or
    /// infinite coordinates are skipped.
    public func fill(_ path: Path, transform: Transform3D, color: PremultipliedColor, rule: FillRule) {
        guard color.a > 0 else { return }
        let polylines = path.applying(transform).flattened(tolerance: Self.flatteningTolerance, closeAll: true)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for poly in polylines {
            for p in poly {
                guard p.x.isFinite, p.y.isFinite else { return }
                minX = min(minX, p.x); maxX = max(maxX, p.x)
                minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        guard minX < maxX, minY < maxY else { return }
        let x0 = max(Int(minX.rounded(.down)), 0), y0 = max(Int(minY.rounded(.down)), 0)
        let x1 = min(Int(maxX.rounded(.up)), width), y1 = min(Int(maxY.rounded(.up)), height)
        guard x0 < x1, y0 < y1 else { return }
        accumulator.reset(width: x1 - x0, height: y1 - y0)
        for poly in polylines {
            for i in 1..<poly.count {
                accumulator.addLine(poly[i - 1].x - Double(x0), poly[i - 1].y - Double(y0),
                                    poly[i].x - Double(x0), poly[i].y - Double(y0))
            }
        }
        if rowCoverage.count < x1 - x0 { rowCoverage = [UInt8](repeating: 0, count: x1 - x0) }
        let clip = clips.last
        let rowPixels = width
        withTarget { p in
            for row in 0..<(y1 - y0) {
                accumulator.resolveRow(row, rule: rule, into: &rowCoverage)
                let y = y0 + row
                for column in 0..<(x1 - x0) {
                    var coverage = UInt32(rowCoverage[column])
                    if coverage == 0 { continue }
                    if let clip {
                        coverage = Blend.div255(coverage * UInt32(clip[y * rowPixels + x0 + column]))
                        if coverage == 0 { continue }
                    }
                    Blend.sourceOver(color, coverage: coverage, into: p, at: (y * rowPixels + x0 + column) * 4)
                }
            }
        }
    }

    /// Runs `body` on the bytes of the innermost open group, or of the frame when none is open.
    private func withTarget(_ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        if groups.isEmpty {
            pixmap.bytes.withUnsafeMutableBufferPointer { if let p = $0.baseAddress { body(p) } }
        } else {
            groups[groups.count - 1].layer.bytes.withUnsafeMutableBufferPointer { if let p = $0.baseAddress { body(p) } }
        }
    }

    /// Starts an opacity group: later draws go to a transparent layer until `endGroup`.
    public func beginGroup(opacity: Double) {
        guard let layer = Pixmap(width: width, height: height) else { return }
        groups.append((layer, opacity))
    }

    /// Composites the innermost group onto what lies below it at the group's opacity.
    public func endGroup() {
        guard let group = groups.popLast() else { return }
        let coverage = UInt32((min(max(group.opacity, 0), 1) * 255).rounded())
        withTarget { p in
            group.layer.bytes.withUnsafeBufferPointer { source in
                for i in stride(from: 0, to: source.count, by: 4) where source[i + 3] != 0 {
                    let color = PremultipliedColor(r: source[i], g: source[i + 1], b: source[i + 2], a: source[i + 3])
                    Blend.sourceOver(color, coverage: coverage, into: p, at: i)
                }
            }
        }
    }

    /// Restricts later draws to the inside of `path` (anti-aliased), intersected with any
    /// enclosing clip, until `endClip`.
    public func beginClip(_ path: Path, transform: Transform3D) {
        guard let blank = Pixmap(width: width, height: height) else { return }
        var mask = [UInt8](repeating: 0, count: width * height)
        // The clip's coverage is the alpha of an opaque white fill on a transparent scratch frame.
        let scratch = Canvas()
        scratch.begin(blank, clearingTo: .transparent)
        scratch.fill(path, transform: transform, color: .white, rule: .nonZero)
        scratch.pixmap.bytes.withUnsafeBufferPointer { source in
            for i in 0..<mask.count { mask[i] = source[i * 4 + 3] }
        }
        if let outer = clips.last {
            for i in 0..<mask.count { mask[i] = UInt8(Blend.div255(UInt32(mask[i]) * UInt32(outer[i]))) }
        }
        clips.append(mask)
    }

    public func endClip() {
        _ = clips.popLast()
    }
}
