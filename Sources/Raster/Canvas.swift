import Foundation
import Geometry

/// Draws fills, strokes, images, shadows, opacity groups, clips and masks onto a pixmap, in
/// device pixels.
///
/// `begin` hands the canvas a frame to draw into and `end` hands it back, so pooled frames are
/// drawn in place; scratch buffers are kept between frames. Each thread uses its own canvas.
public final class Canvas {
    /// The frame being drawn, between `begin` and `end`.
    private var pixmap = Pixmap.empty
    /// Open groups and masks, innermost last; draws go to the innermost layer.
    private var layers: [Layer] = []
    private var clips: [[UInt8]] = []
    private var accumulator = CoverageAccumulator()
    private var rowCoverage: [UInt8] = []
    /// Curves are flattened to within this distance in pixels. Chords cut inside convex curves,
    /// so the tolerance bounds the area lost too: 0.02 px keeps a 12 px disc within 0.2%.
    public static let flatteningTolerance = 0.02

    private struct Layer {
        var pixels: Pixmap
        var opacity: Double
        var shadow: ShadowPaint?
        var isMask: Bool
    }

    public init() {}

    /// Starts drawing into `frame`, cleared to `background`.
    public func begin(_ frame: consuming Pixmap, clearingTo background: PremultipliedColor) {
        frame.clear(to: background)
        pixmap = frame
        layers.removeAll()
        clips.removeAll()
    }

    /// Stops drawing and returns the frame (`Pixmap.empty` when `begin` was not called).
    public func end() -> Pixmap {
        layers.removeAll()
        clips.removeAll()
        let frame = pixmap
        pixmap = .empty
        return frame
    }

    private var width: Int { pixmap.width }
    private var height: Int { pixmap.height }

    // MARK: Drawing

    /// Fills `path` mapped by `transform` into device pixels, source-over. Paths with NaN or
    /// infinite coordinates are skipped.
    public func fill(_ path: Path, transform: Transform3D, paint: Paint, rule: FillRule) {
        if case .solid(let color) = paint, color.a == 0 { return }
        let mapping = PlaneMapping(transform)
        guard let region = accumulate(path.applying(transform)) else { return }
        let clip = clips.last
        let rowPixels = width
        let (x0, y0, regionWidth, regionHeight) = region
        withTarget { p in
            for row in 0..<regionHeight {
                accumulator.resolveRow(row, rule: rule, into: &rowCoverage)
                let y = y0 + row
                for column in 0..<regionWidth {
                    var coverage = UInt32(rowCoverage[column])
                    if coverage == 0 { continue }
                    let x = x0 + column
                    if let clip {
                        coverage = Blend.div255(coverage * UInt32(clip[y * rowPixels + x]))
                        if coverage == 0 { continue }
                    }
                    let color: PremultipliedColor
                    switch (paint, mapping) {
                    case (.solid(let c), _): color = c
                    case let (.gradient(g), m?): color = g.color(at: m.point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                    case let (.image(i), m?): color = i.color(at: m.point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                    default: continue  // a singular mapping shows no gradient or image
                    }
                    Blend.sourceOver(color, coverage: coverage, into: p, at: (y * rowPixels + x) * 4)
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
        let outline = path.strokeOutline(style, tolerance: Self.flatteningTolerance / scale)
        fill(outline, transform: transform, paint: .solid(color), rule: .nonZero)
    }

    /// Draws the blurred silhouette of `path`, moved by `offset` pixels, in `color`.
    public func drawShadow(_ path: Path, transform: Transform3D, shadow: ShadowPaint) {
        guard shadow.color.a > 0, let scratch = Pixmap(width: width, height: height) else { return }
        let silhouette = Canvas()
        silhouette.begin(scratch, clearingTo: .transparent)
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
        if let region = accumulate(path.applying(transform)) {
            let (x0, y0, regionWidth, regionHeight) = region
            for row in 0..<regionHeight {
                accumulator.resolveRow(row, rule: .nonZero, into: &rowCoverage)
                for column in 0..<regionWidth { mask[(y0 + row) * width + x0 + column] = rowCoverage[column] }
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

    /// Accumulates a device-space path's coverage; returns its pixel region (x, y, width,
    /// height) on the frame, or nil when nothing is visible or a coordinate is not finite.
    private func accumulate(_ path: Path) -> (Int, Int, Int, Int)? {
        let polylines = path.flattened(tolerance: Self.flatteningTolerance, closeAll: true)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for poly in polylines {
            for p in poly {
                guard p.x.isFinite, p.y.isFinite else { return nil }
                minX = min(minX, p.x); maxX = max(maxX, p.x)
                minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        guard minX < maxX, minY < maxY else { return nil }
        let x0 = max(Int(max(minX, -1).rounded(.down)), 0), y0 = max(Int(max(minY, -1).rounded(.down)), 0)
        let x1 = min(Int(min(maxX, Double(width) + 1).rounded(.up)), width)
        let y1 = min(Int(min(maxY, Double(height) + 1).rounded(.up)), height)
        guard x0 < x1, y0 < y1 else { return nil }
        accumulator.reset(width: x1 - x0, height: y1 - y0)
        for poly in polylines {
            for i in 1..<poly.count {
                accumulator.addLine(poly[i - 1].x - Double(x0), poly[i - 1].y - Double(y0),
                                    poly[i].x - Double(x0), poly[i].y - Double(y0))
            }
        }
        if rowCoverage.count < x1 - x0 { rowCoverage = [UInt8](repeating: 0, count: x1 - x0) }
        return (x0, y0, x1 - x0, y1 - y0)
    }

    /// Runs `body` on the bytes of the innermost open layer, or of the frame when none is open.
    private func withTarget(_ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        if layers.isEmpty {
            pixmap.bytes.withUnsafeMutableBufferPointer { if let p = $0.baseAddress { body(p) } }
        } else {
            layers[layers.count - 1].pixels.bytes.withUnsafeMutableBufferPointer { if let p = $0.baseAddress { body(p) } }
        }
    }

    /// Blurs the alpha of `source`, moves it by the shadow's offset, and draws it in the shadow's colour.
    private func composite(shadow: ShadowPaint, of source: Pixmap) {
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
public struct ShadowPaint {
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
