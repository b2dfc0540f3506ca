import Foundation
import Geometry

/// Draws fills, strokes, images, shadows, opacity groups, clips and masks onto a pixmap, in
/// device pixels.
///
/// `begin` hands the canvas a frame to draw into and `end` hands it back, so pooled frames are
/// drawn in place; scratch buffers are kept between frames. Each thread uses its own canvas.
public final class Canvas {
    /// The frame being drawn, between `begin` and `end` (empty while drawing a band).
    private var pixmap = Pixmap.empty
    /// The band's rows when drawing a band of a frame another owner holds (`BandRenderer`).
    private var borrowedRows: UnsafeMutablePointer<UInt8>?
    /// The size of what is drawn: the frame, or the band.
    private var bandSize = (width: 0, height: 0)
    /// The frame row shown by the first row drawn (0 unless drawing a band).
    private var rowOffset = 0
    /// The whole frame's height: shapes are measured against it, whichever band is drawn, so
    /// every band computes exactly the coverage a whole-frame draw would.
    private var frameHeight = 0
    /// Open groups and masks, innermost last; draws go to the innermost layer.
    private var layers: [Layer] = []
    private var clips: [[UInt8]] = []
    private var accumulator = CoverageAccumulator()
    private var rowCoverage: [UInt8] = []
    /// Flattened outlines, reused from draw to draw.
    private var points: [Point] = []
    private var subpathStarts: [Int] = []
    /// Curves are flattened to within this distance in pixels. Chords cut inside convex curves,
    /// so the tolerance bounds the area lost too: 0.02 px keeps a 12 px disc within 0.2%.
    public static let flatteningTolerance = 0.1

    private struct Layer {
        var pixels: Pixmap
        var opacity: Double
        var shadow: ShadowPaint?
        var isMask: Bool
    }

    public init() {}

    /// Starts drawing into `frame`, cleared to `background`.
    public func begin(_ frame: consuming Pixmap, clearingTo background: PremultipliedColor) {
        let height = frame.height
        begin(frame, firstRow: 0, frameHeight: height, clearingTo: background)
    }

    /// Starts drawing into `pixmap` rows `firstRow ..< firstRow + pixmap.height` of a frame
    /// `frameHeight` rows tall.
    private func begin(_ pixmap: consuming Pixmap, firstRow: Int, frameHeight: Int, clearingTo background: PremultipliedColor) {
        pixmap.clear(to: background)
        let size = (pixmap.width, pixmap.height)
        start(pixmap, borrowing: nil, size: size, firstRow: firstRow, frameHeight: frameHeight)
    }

    /// Starts drawing rows `rows` of a frame `width` × `frameHeight` whose bytes the caller
    /// owns and keeps alive until `end`; `bytes` points at the first of those rows. No other
    /// thread may touch these rows meanwhile. The rows come out identical to those of a
    /// whole-frame draw (shadows aside, whose blur needs the rows around them).
    func begin(rows: Range<Int>, of bytes: UnsafeMutablePointer<UInt8>, width: Int, frameHeight: Int,
               clearingTo background: PremultipliedColor) {
        Pixmap.fill(bytes, pixels: width * rows.count, with: background)
        start(.empty, borrowing: bytes, size: (width, rows.count), firstRow: rows.lowerBound, frameHeight: frameHeight)
    }

    /// The state every `begin` sets: what is drawn into, its size and place in the frame, and
    /// no groups, masks or clips open.
    private func start(_ pixmap: consuming Pixmap, borrowing rows: UnsafeMutablePointer<UInt8>?, size: (width: Int, height: Int),
                       firstRow: Int, frameHeight: Int) {
        self.pixmap = pixmap
        borrowedRows = rows
        bandSize = size
        rowOffset = firstRow
        self.frameHeight = frameHeight
        layers.removeAll()
        clips.removeAll()
    }

    /// Stops drawing and returns the frame (`Pixmap.empty` when `begin` was not called, or a
    /// band of another owner's frame was drawn).
    public func end() -> Pixmap {
        layers.removeAll()
        clips.removeAll()
        let frame = pixmap
        pixmap = .empty
        borrowedRows = nil
        bandSize = (0, 0)
        return frame
    }

    private var width: Int { bandSize.width }
    private var height: Int { bandSize.height }

    // MARK: Drawing

    /// Fills `path` mapped by `transform` into device pixels, source-over. Paths with NaN or
    /// infinite coordinates are skipped.
    public func fill(_ path: Path, transform: Transform3D, paint: Paint, rule: FillRule) {
        if case .solid(let color) = paint, color.a == 0 { return }
        guard mayTouchRows(path, transform: transform, margin: 1) else { return }
        let mapping = PlaneMapping(transform)
        guard let region = accumulate(path, transform: transform) else { return }
        let clip = clips.last
        let rowPixels = width
        let (x0, _, rows) = region
        let offset = rowOffset
        withTarget { p in
            rowCoverage.withUnsafeMutableBufferPointer { coverageRow in
                for y in rows {
                    let local = y - offset
                    let pixelBase = local * rowPixels + x0
                    if case .solid(let color) = paint, clip == nil {
                        accumulator.blendRow(y, rule: rule, color: color, into: p + pixelBase * 4)
                        continue
                    }
                    let columns = accumulator.resolveRow(y, rule: rule, into: coverageRow)
                    for column in columns {
                        var coverage = UInt32(coverageRow[column])
                        if coverage == 0 { continue }
                        let x = x0 + column
                        if let clip {
                            coverage = Blend.div255(coverage * UInt32(clip[pixelBase + column]))
                            if coverage == 0 { continue }
                        }
                        let color: PremultipliedColor
                        switch paint {
                        case .solid(let c): color = c
                        case .gradient(let g):
                            guard let m = mapping else { continue }  // a singular mapping shows nothing
                            color = g.color(at: m.point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                        case .image(let i):
                            guard let m = mapping else { continue }
                            color = i.color(at: m.point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                        }
                        Blend.sourceOver(color, coverage: coverage, into: p, at: (pixelBase + column) * 4)
                    }
                }
            }
        }
    }

    /// Fills `path` with a solid colour.
    public func fill(_ path: Path, transform: Transform3D, color: PremultipliedColor, rule: FillRule) {
        fill(path, transform: transform, paint: .solid(color), rule: rule)
    }

    /// Strokes `path` with `style`. The outline is built in the path's own units, fine enough
    /// for the device scale; a line thinner than a pixel is drawn one pixel wide with its
    /// coverage reduced in proportion.
    public func stroke(_ path: Path, transform: Transform3D, color: PremultipliedColor, style: StrokeStyle) {
        let scale = Self.scaleFactor(of: transform)
        guard scale > 0, scale.isFinite, color.a > 0 else { return }
        var style = style
        var color = color
        let deviceWidth = style.lineWidth * scale
        if deviceWidth < 1 {
            let factor = UInt32((deviceWidth * 255).rounded())
            color = PremultipliedColor(r: UInt8(Blend.div255(UInt32(color.r) * factor)), g: UInt8(Blend.div255(UInt32(color.g) * factor)),
                                       b: UInt8(Blend.div255(UInt32(color.b) * factor)), a: UInt8(Blend.div255(UInt32(color.a) * factor)))
            style.lineWidth = 1 / scale
        }
        // Miters can reach miterLimit half-widths from the path; caps and joins stay within that.
        let reach = style.lineWidth / 2 * max(style.miterLimit, 1.5) * scale
        guard mayTouchRows(path, transform: transform, margin: reach + 1) else { return }
        let outline = path.strokeOutline(style, tolerance: Self.flatteningTolerance / scale)
        fill(outline, transform: transform, paint: .solid(color), rule: .nonZero)
    }

    /// Draws the blurred silhouette of `path`, moved by `offset` pixels, in `color`.
    public func drawShadow(_ path: Path, transform: Transform3D, shadow: ShadowPaint) {
        guard shadow.color.a > 0, let scratch = Pixmap(width: width, height: height) else { return }
        // The silhouette of the rows this canvas draws (a band's own rows, when drawing a band).
        let silhouette = Canvas()
        silhouette.begin(scratch, firstRow: rowOffset, frameHeight: frameHeight, clearingTo: .transparent)
        silhouette.fill(path, transform: transform, color: .white, rule: .nonZero)
        let alpha = silhouette.end()
        composite(shadow: shadow, of: alpha)
    }

    // MARK: Groups, clips, masks

    /// Starts an opacity group: later draws go to a transparent layer until `endGroup`, which
    /// draws the group's shadow (if any) and then the group at `opacity`.
    public func beginGroup(opacity: Double, shadow: ShadowPaint? = nil) {
        guard let layer = Pixmap(width: width, height: height) else { return }
        layers.append(Layer(pixels: layer, opacity: opacity, shadow: shadow, isMask: false))
    }

    public func endGroup() {
        guard let group = layers.popLast(), !group.isMask else { return }
        if let shadow = group.shadow { composite(shadow: shadow, of: group.pixels) }
        let coverage = UInt32((min(max(group.opacity, 0), 1) * 255).rounded())
        withTarget { p in
            group.pixels.bytes.withUnsafeBufferPointer { source in
                for i in stride(from: 0, to: source.count, by: 4) where source[i + 3] != 0 {
                    let color = PremultipliedColor(r: source[i], g: source[i + 1], b: source[i + 2], a: source[i + 3])
                    Blend.sourceOver(color, coverage: coverage, into: p, at: i)
                }
            }
        }
    }

    /// Starts a mask: the draws up to `endMask` are not shown; their alpha multiplies the
    /// enclosing group.
    public func beginMask() {
        guard let layer = Pixmap(width: width, height: height) else { return }
        layers.append(Layer(pixels: layer, opacity: 1, shadow: nil, isMask: true))
    }

    public func endMask() {
        guard let mask = layers.popLast(), mask.isMask, !layers.isEmpty else { return }
        mask.pixels.bytes.withUnsafeBufferPointer { m in
            layers[layers.count - 1].pixels.bytes.withUnsafeMutableBufferPointer { p in
                for i in stride(from: 0, to: p.count, by: 4) {
                    let a = UInt32(m[i + 3])
                    if a == 255 { continue }
                    for c in 0..<4 { p[i + c] = UInt8(Blend.div255(UInt32(p[i + c]) * a)) }
                }
            }
        }
    }

    /// Restricts later draws to the inside of `path` (anti-aliased), intersected with any
    /// enclosing clip, until `endClip`.
    public func beginClip(_ path: Path, transform: Transform3D) {
        var mask = [UInt8](repeating: 0, count: width * height)
        if let (x0, _, rows) = accumulate(path, transform: transform) {
            rowCoverage.withUnsafeMutableBufferPointer { coverageRow in
                for y in rows {
                    for column in accumulator.resolveRow(y, rule: .nonZero, into: coverageRow) {
                        mask[(y - rowOffset) * width + x0 + column] = coverageRow[column]
                    }
                }
            }
        }
        if let outer = clips.last {
            for i in 0..<mask.count { mask[i] = UInt8(Blend.div255(UInt32(mask[i]) * UInt32(outer[i]))) }
        }
        clips.append(mask)
    }

    public func endClip() {
        _ = clips.popLast()
    }

    // MARK: Internals

    /// Accumulates a device-space path's coverage for the rows this canvas draws; returns the
    /// first column, the number of columns, and the frame rows to resolve, or nil when nothing
    /// is visible or a coordinate is not finite.
    private func accumulate(_ path: Path, transform: Transform3D) -> (Int, Int, Range<Int>)? {
        path.flattenClosed(transform: transform, tolerance: Self.flatteningTolerance, into: &points, starts: &subpathStarts)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in points {
            guard p.x.isFinite, p.y.isFinite else { return nil }
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        guard minX < maxX, minY < maxY else { return nil }
        // The region depends on the shape and the whole frame only, never on the band.
        let x0 = max(Int(max(minX, -1).rounded(.down)), 0), y0 = max(Int(max(minY, -1).rounded(.down)), 0)
        let x1 = min(Int(min(maxX, Double(width) + 1).rounded(.up)), width)
        let y1 = min(Int(min(maxY, Double(frameHeight) + 1).rounded(.up)), frameHeight)
        let (firstRow, endRow) = (max(y0, rowOffset), min(y1, rowOffset + height))
        guard x0 < x1, firstRow < endRow else { return nil }
        let rows = firstRow..<endRow
        accumulator.reset(width: x1 - x0, rows: rows, regionTop: y0)
        let (dx, dy) = (Double(x0), Double(y0))
        for (index, start) in subpathStarts.enumerated() {
            let end = index + 1 < subpathStarts.count ? subpathStarts[index + 1] : points.count
            var i = start + 1
            while i < end {
                accumulator.addLine(points[i - 1].x - dx, points[i - 1].y - dy, points[i].x - dx, points[i].y - dy)
                i += 1
            }
        }
        if rowCoverage.count < x1 - x0 { rowCoverage = [UInt8](repeating: 0, count: x1 - x0) }
        return (x0, x1 - x0, rows)
    }

    /// A cheap test before flattening or stroking: whether the path's control points, mapped to
    /// the device and widened by `margin` pixels, reach the rows this canvas draws (a band of a
    /// frame drawn in parallel skips the shapes of other bands). A curve lies within the hull of
    /// its control points, so a shape that fails this draws nothing here.
    private func mayTouchRows(_ path: Path, transform: Transform3D, margin: Double) -> Bool {
        guard transform.mapsPlaneAffinely else { return true }
        var minY = Double.infinity, maxY = -Double.infinity
        func include(_ p: Point) {
            let y = p.x * transform.m12 + p.y * transform.m22 + transform.m42
            minY = min(minY, y)
            maxY = max(maxY, y)
        }
        for element in path.elements {
            switch element {
            case .move(let p), .line(let p): include(p)
            case let .quad(c, p): include(c); include(p)
            case let .cubic(c1, c2, p): include(c1); include(c2); include(p)
            case .close: break
            }
        }
        guard minY.isFinite, maxY.isFinite else { return minY <= maxY }
        return maxY + margin >= Double(rowOffset) && minY - margin <= Double(rowOffset + height)
    }

    /// Runs `body` on the bytes of the innermost open layer, or of the frame when none is open.
    private func withTarget(_ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        if layers.isEmpty, let borrowedRows {
            body(borrowedRows)
        } else if layers.isEmpty {
            pixmap.bytes.withUnsafeMutableBufferPointer { if let p = $0.baseAddress { body(p) } }
        } else {
            layers[layers.count - 1].pixels.bytes.withUnsafeMutableBufferPointer { if let p = $0.baseAddress { body(p) } }
        }
    }

    /// Blurs the alpha of `source`, moves it by the shadow's offset, and draws it in the shadow's colour.
    private func composite(shadow: ShadowPaint, of source: Pixmap) {
        // An offset of a frame or more moves the whole shadow out of it.
        guard abs(shadow.offsetX) < Double(width), abs(shadow.offsetY) < Double(height) else { return }
        let blurred = GaussianBlur.alpha(of: source, sigma: shadow.radius / 2)
        let (dx, dy) = (Int(shadow.offsetX.rounded()), Int(shadow.offsetY.rounded()))
        let clip = clips.last
        let (w, h) = (width, height)
        withTarget { p in
            for y in max(0, dy)..<min(h, h + dy) {
                for x in max(0, dx)..<min(w, w + dx) {
                    var coverage = UInt32(blurred[(y - dy) * w + (x - dx)])
                    if coverage == 0 { continue }
                    if let clip { coverage = Blend.div255(coverage * UInt32(clip[y * w + x])) }
                    Blend.sourceOver(shadow.color, coverage: coverage, into: p, at: (y * w + x) * 4)
                }
            }
        }
    }

    /// The geometric mean scale of a transform's 2D part: how many pixels a unit length becomes.
    static func scaleFactor(of t: Transform3D) -> Double {
        abs(t.m11 * t.m22 - t.m12 * t.m21).squareRoot()
    }
}

/// A drop shadow in device pixels: premultiplied colour (opacity included), offset, blur radius.
public struct ShadowPaint: Sendable {
    public var color: PremultipliedColor
    public var offsetX: Double
    public var offsetY: Double
    public var radius: Double

    public init(color: PremultipliedColor, offsetX: Double, offsetY: Double, radius: Double) {
        self.color = color
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.radius = radius
    }
}
