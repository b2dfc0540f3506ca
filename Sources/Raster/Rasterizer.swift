import Foundation
import Geometry
import RasterCore

/// The rasterizer's drawing calls, in device pixels: each draws one shape into a pixmap,
/// anti-aliased and source-over, within an optional clip. Nothing is kept from call to call but
/// scratch buffers reused to spare allocations, blurs kept for pixels that come again and
/// outlines kept for strokes that come again (which draw what new ones would), so use one
/// rasterizer a thread.
///
/// A pixmap that is a band of a taller frame gets exactly the pixels those rows of the whole
/// frame would: shapes are measured against the whole frame, whichever rows are drawn.
public struct Rasterizer {
    private var accumulator = CoverageAccumulator()
    private var rowCoverage: [UInt8] = []
    /// Flattened outlines, reused from draw to draw.
    private var points: [Point] = []
    private var subpathStarts: [Int] = []
    /// Blurs kept for what comes again (shadows' silhouettes, blurred layers).
    private var blurs = KeptBlurs()
    /// Stroke outlines kept for strokes that come again.
    private var strokeOutlines = StrokeOutlineCache()
    /// A transparent pixmap for shadow paths' silhouettes.
    private var silhouettePixels = Pixmap.empty
    /// Curves are flattened to within this distance in pixels. The flattener moves each inner
    /// vertex out by 2/3 of its chord's sagitta (`Path.flattenClosed`), so a polygon keeps its
    /// curve's area to second order: a disc covers πr² within 0.5% at any radius.
    public static let flatteningTolerance = 0.1

    /// A rasterizer with empty scratch buffers.
    public init() {}

    /// Starts a drawing (a frame, or a band of one): what is kept for shapes that come again and
    /// went unused for a few drawings is let go.
    mutating func beginDrawing() {
        strokeOutlines.beginDrawing()
    }

    /// A rasterizer whose fills and shadows run `build` of RasterCore, not the fastest (tests compare the builds).
    init(build: RasterCoreBuild) { accumulator.build = build }

    /// The build of RasterCore this rasterizer draws with.
    var build: RasterCoreBuild { accumulator.build }

    /// Fills `path` mapped by `transform` into device pixels. Paths with NaN or infinite
    /// coordinates are skipped. `aliased` covers a pixel wholly or not at all, by whether its
    /// coverage is at least a half (for a straight edge: whether its centre is inside).
    public mutating func fill(_ path: Path, transform: Transform3D, paint: Paint, rule: FillRule, aliased: Bool = false,
                              clip: ClipMask? = nil, into target: inout Pixmap) {
        if case .solid(let color) = paint, color.a == 0 { return }
        precondition(clip.map { $0.fits(target) } ?? true, "the clip covers the pixmap")
        guard Self.mayTouch(target, path, transform: transform, margin: 1) else { return }
        let mapping = PlaneMapping(transform)
        // A gradient or an image under a singular mapping shows nothing.
        if case .solid = paint {} else if mapping == nil { return }
        guard let (x0, columns, rows) = accumulate(path, transform: transform, for: target.window) else { return }
        // A rectangle clip around the whole draw (a precomposition's bounds) clips nothing.
        let offset = target.firstRow
        let clip = clip.flatMap { $0.keepsAll(columns: x0..<(x0 + columns), rows: (rows.lowerBound - offset)..<(rows.upperBound - offset)) ? nil : $0 }
        let area = ShadedArea(x0: x0, rows: rows, rule: rule, clip: clip, aliased: aliased)
        switch (paint, mapping) {
        case (.solid(let color), _) where clip == nil && !aliased:
            let (rowPixels, offset) = (target.width, target.firstRow)
            target.bytes.withUnsafeMutableBufferPointer { buffer in
                guard let p = buffer.baseAddress else { return }
                accumulator.blendRows(rule: rule, color: color, into: p + ((rows.lowerBound - offset) * rowPixels + x0) * 4,
                                      rowStride: rowPixels * 4, rowPixels: rowPixels - x0)
            }
        case (.solid(let color), _): shade(area, with: SolidShader(color: color), into: &target)
        case (.gradient(let gradient), let mapping?):
            if let aligned = AlignedRampShader(gradient, mapping: mapping, columns: x0..<(x0 + columns)) {
                shade(area, with: aligned, into: &target)
                return
            }
            switch gradient.kind {
            case .axial: shade(area, with: MappedShader(paint: AxialRamp(ramp: gradient), mapping: mapping), into: &target)
            case .radial: shade(area, with: MappedShader(paint: RadialRamp(ramp: gradient), mapping: mapping), into: &target)
            case .conic: shade(area, with: MappedShader(paint: ConicRamp(ramp: gradient), mapping: mapping), into: &target)
            }
        case (.image(let image), let mapping?):
            if let aligned = AlignedImageShader(image, mapping: mapping, columns: x0..<(x0 + columns)) {
                shade(area, with: aligned, into: &target)
            } else {
                shade(area, with: MappedShader(paint: image, mapping: mapping), into: &target)
            }
        case (_, nil): return  // returned above, before accumulating
        }
    }

    /// The accumulated path's rows `rows` from column `x0`, to be shaded under `rule` and `clip`.
    private struct ShadedArea {
        let x0: Int
        let rows: Range<Int>
        let rule: FillRule
        let clip: ClipMask?
        /// Whether each pixel's coverage is made whole or none.
        let aliased: Bool
    }

    /// Blends the accumulated path's coverage of `area` into `target` in the colours of `shader`
    /// (specialized for each kind of shader: binding a paint's payload at every pixel copied it,
    /// and retained a gradient's table or an image's pixels).
    private mutating func shade<S: Shader>(_ area: ShadedArea, with shader: S, into target: inout Pixmap) {
        let (x0, clip) = (area.x0, area.clip)
        let rowPixels = target.width
        let offset = target.firstRow
        target.bytes.withUnsafeMutableBufferPointer { buffer in
            guard let p = buffer.baseAddress else { return }
            rowCoverage.withUnsafeMutableBufferPointer { coverageRow in
                // Held here, not captured from outside the closures: a captured variable was
                // copied at every call, its ramp or image retained and released with it.
                var shader = shader
                for y in area.rows {
                    shader.start(row: y)
                    let pixelBase = (y - offset) * rowPixels + x0
                    let columns = accumulator.resolveRow(y, rule: area.rule, into: coverageRow)
                    if area.aliased { for column in columns { coverageRow[column] = coverageRow[column] >= 128 ? 255 : 0 } }
                    clip?.multiply(coverageRow, columns: columns, x0: x0, y: y - offset)
                    var column = columns.lowerBound
                    // The quads through the shader's own loop, where it has one.
                    if let coverageBase = coverageRow.baseAddress,
                       shader.blendQuads((columns.upperBound &- column) / 4, x: x0 &+ column, y: y, coverage: coverageBase + column,
                                         into: p + (pixelBase &+ column) &* 4) {
                        column &+= (columns.upperBound &- column) / 4 * 4
                    }
                    // Four pixels a step, blended at once: their colours worked out together where
                    // the shader can (uncovered pixels' colours are not drawn: their coverage is 0),
                    // else one by one, none where the coverage is 0.
                    // (Columns and pixels within the frame: the arithmetic wraps instead of checking.)
                    while column &+ 4 <= columns.upperBound, let coverageBase = coverageRow.baseAddress {
                        defer { column &+= 4 }
                        let word = UnsafeRawPointer(coverageBase + column).loadUnaligned(as: UInt32.self)
                        if word == 0 { continue }
                        let coverages = SIMD4<UInt32>(truncatingIfNeeded: unsafeBitCast(word, to: SIMD4<UInt8>.self))
                        let x = x0 &+ column
                        /// Pixel `lane`'s colour as a word, 0 where it is not covered. (Built as four
                        /// scalars: a vector filled lane by lane went through memory, half the fill's time.)
                        /// (The shader passed, not captured: a capture copied it at every quad.)
                        @inline(__always)
                        func colorWord(_ shader: borrowing S, _ lane: Int) -> UInt32 {
                            guard word >> (lane * 8) & 0xFF != 0 else { return 0 }
                            return shader.color(x: x + lane, y: y).word
                        }
                        let colors = shader.colorWords(x: x, y: y)
                            ?? SIMD4<UInt32>(colorWord(shader, 0), colorWord(shader, 1), colorWord(shader, 2), colorWord(shader, 3))
                        Blend.sourceOverQuad(colors, coverage: coverages, into: p + (pixelBase &+ column) &* 4)
                    }
                    for column in column..<max(column, columns.upperBound) {
                        let coverage = UInt32(coverageRow[column])
                        if coverage == 0 { continue }
                        Blend.sourceOver(shader.color(x: x0 + column, y: y), coverage: coverage, into: p, at: (pixelBase + column) * 4)
                    }
                }
            }
        }
    }

    /// Strokes `path` with `style`. The outline is built in the path's own units, fine enough
    /// for the device scale; a line thinner than a pixel is drawn one pixel wide with its
    /// coverage reduced in proportion.
    public mutating func stroke(_ path: Path, transform: Transform3D, color: PremultipliedColor, style: StrokeStyle,
                                clip: ClipMask? = nil, into target: inout Pixmap) {
        let scale = Self.scaleFactor(of: transform)
        guard scale > 0, scale.isFinite, color.a > 0, style.lineWidth >= 0 else { return }
        var style = style
        var color = color
        let deviceWidth = style.lineWidth * scale
        if deviceWidth < 1 {
            let factor = UInt32((deviceWidth * 255).rounded())
            color = PremultipliedColor(r: UInt8(Blend.div255(UInt32(color.r) * factor)), g: UInt8(Blend.div255(UInt32(color.g) * factor)),
                                       b: UInt8(Blend.div255(UInt32(color.b) * factor)), a: UInt8(Blend.div255(UInt32(color.a) * factor)))
            style.lineWidth = 1 / scale
        }
        guard Self.mayTouch(target, path, transform: transform, margin: Self.strokeReach(style, transform: transform)) else { return }
        let outline = strokeOutlines.outline(of: path, style: style, tolerance: Self.flatteningTolerance / scale)
        fill(outline, transform: transform, paint: .solid(color), rule: .nonZero, clip: clip, into: &target)
    }

    /// Draws the blurred silhouette of `path`, moved by the shadow's offset, in its colour. In a
    /// band the silhouette is the band's own rows (a shadow reaching across bands needs the frame).
    public mutating func shadow(_ path: Path, transform: Transform3D, shadow: ShadowPaint, clip: ClipMask? = nil,
                                into target: inout Pixmap) {
        guard shadow.color.a > 0, let area = Self.deviceArea(of: path, transform: transform, margin: 1, in: target) else { return }
        // The silhouette's pixmap is kept from shadow to shadow and cleared where it was drawn.
        var silhouette = Pixmap.empty
        swap(&silhouette, &silhouettePixels)
        if !silhouette.sameWindow(as: target) { silhouette = Pixmap(sameWindowAs: target) }
        fill(path, transform: transform, paint: .solid(.white), rule: .nonZero, into: &silhouette)
        drawShadow(of: &silhouette, within: area, shadow, clip: clip, into: &target)
        silhouette.clear(area)
        swap(&silhouette, &silhouettePixels)
    }

    /// Draws the shadow of `source`, whose pixels with alpha all lie within `area`: its alpha
    /// blurred (once for a silhouette that comes again), moved and coloured; with `opacity`,
    /// then `source` over it, leaving it transparent within `area` (see `Compositing.drawShadow`).
    mutating func drawShadow(of source: inout Pixmap, within area: PixelArea, _ shadow: ShadowPaint, clip: ClipMask?,
                             drawingSourceAt opacity: Double? = nil, into target: inout Pixmap) {
        Compositing.drawShadow(of: &source, within: area, shadow, clip: clip, drawingSourceAt: opacity, blurs: &blurs, into: &target,
                               build: accumulator.build)
    }

    /// All four channels of `pixmap`, whose pixels with alpha all lie within `area`, blurred with
    /// standard deviation `sigma` pixels (once for pixels that come again), in 8.8 fixed point,
    /// and the area they cover; nil when there is no alpha (see `GaussianBlur.blurred`).
    mutating func blurred(_ pixmap: Pixmap, sigma: Double, within area: PixelArea) -> (values: [UInt16], area: PixelArea)? {
        blurs.channels(of: pixmap, sigma: sigma, within: area, build: accumulator.build)
    }

    /// The anti-aliased inside of `path`, over the pixels of `target`, within `outer` when given.
    public mutating func clipMask(_ path: Path, transform: Transform3D, within outer: ClipMask?, for target: Pixmap) -> ClipMask {
        precondition(outer.map { $0.fits(target) } ?? true, "the outer clip covers the pixmap")
        let none = ClipMask(width: target.width, height: target.height, area: PixelArea(x0: 0, y0: 0, x1: 0, y1: 0), coverage: [])
        // A rectangle on pixel edges (a layer's bounds) within a rectangle clip is kept as its
        // area alone: no coverage to build, none to read.
        if outer?.isRectangle ?? true, let rectangle = convexOutline(of: path, transform: transform)?.pixelRectangle {
            let top = target.firstRow
            let bounds = PixelArea(x0: max(rectangle.x0, 0), y0: max(rectangle.y0 - top, 0),
                                   x1: min(rectangle.x1, target.width), y1: min(rectangle.y1 - top, target.height))
            guard let area = outer.map({ bounds.intersection($0.area) }) ?? (bounds.isEmpty ? nil : bounds), !area.isEmpty else { return none }
            return ClipMask(width: target.width, height: target.height, rectangle: area)
        }
        guard let (x0, columns, rows) = accumulate(path, transform: transform, for: target.window) else { return none }
        let top = target.firstRow
        var area = PixelArea(x0: x0, y0: rows.lowerBound - top, x1: x0 + columns, y1: rows.upperBound - top)
        if let outer {
            area = PixelArea(x0: max(area.x0, outer.area.x0), y0: max(area.y0, outer.area.y0),
                             x1: min(area.x1, outer.area.x1), y1: min(area.y1, outer.area.y1))
        }
        // The rows outside the outer clip are not read: their cells are cleared for the next path
        // (left, they added a stale outline to it: a mask drawn after a nested clip lost pixels).
        defer {
            let read = area.isEmpty ? rows.lowerBound..<rows.lowerBound : (area.y0 + top)..<(area.y1 + top)
            accumulator.discardRows(rows.lowerBound..<read.lowerBound)
            accumulator.discardRows(read.upperBound..<rows.upperBound)
        }
        guard !area.isEmpty else { return none }
        var mask = [UInt8](repeating: 0, count: area.width * area.height)
        mask.withUnsafeMutableBufferPointer { mask in
            rowCoverage.withUnsafeMutableBufferPointer { coverageRow in
                guard let masks = mask.baseAddress, let coverage = coverageRow.baseAddress else { return }
                for y in (area.y0 + top)..<(area.y1 + top) {
                    let columns = accumulator.resolveRow(y, rule: .nonZero, into: coverageRow)
                    outer?.multiply(coverageRow, columns: columns, x0: x0, y: y - top)
                    // The row's columns within the area, copied at once.
                    let first = max(columns.lowerBound, area.x0 - x0), end = min(columns.upperBound, area.x1 - x0)
                    if first < end { (masks + (y - top - area.y0) * area.width + x0 + first - area.x0).update(from: coverage + first, count: end - first) }
                }
            }
        }
        return ClipMask(width: target.width, height: target.height, area: area, coverage: mask)
    }

    /// The outline of `path` mapped by `transform`, flattened as a fill flattens it, when it is
    /// one convex polygon.
    mutating func convexOutline(of path: Path, transform: Transform3D) -> ConvexPolygon? {
        path.flattenClosed(transform: transform, tolerance: Self.flatteningTolerance, into: &points, starts: &subpathStarts)
        guard subpathStarts.count == 1 else { return nil }
        return ConvexPolygon(points)
    }

    /// Accumulates a device-space path's coverage for the rows `window` holds; returns the first
    /// column, the number of columns, and the frame rows to resolve, or nil when nothing is
    /// visible or a coordinate is not finite.
    mutating func accumulate(_ path: Path, transform: Transform3D, for window: Pixmap.Window) -> (Int, Int, Range<Int>)? {
        path.flattenClosed(transform: transform, tolerance: Self.flatteningTolerance, into: &points, starts: &subpathStarts)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in points {
            guard p.x.isFinite, p.y.isFinite else { return nil }
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        guard minX < maxX, minY < maxY else { return nil }
        // The region depends on the shape and the whole frame only, never on the band.
        let (width, frameHeight) = (window.width, window.frameHeight)
        // Clamped before conversion: a coordinate far outside the frame is not an Int's worth.
        let x0 = max(Int(min(max(minX, -1), Double(width)).rounded(.down)), 0)
        let y0 = max(Int(min(max(minY, -1), Double(frameHeight)).rounded(.down)), 0)
        let x1 = min(Int(max(min(maxX, Double(width) + 1), 0).rounded(.up)), width)
        let y1 = min(Int(max(min(maxY, Double(frameHeight) + 1), 0).rounded(.up)), frameHeight)
        let (firstRow, endRow) = (max(y0, window.rows.lowerBound), min(y1, window.rows.upperBound))
        guard x0 < x1, firstRow < endRow else { return nil }
        let rows = firstRow..<endRow
        accumulator.reset(width: x1 - x0, rows: rows, regionTop: y0, frameWidth: width, frameRows: window.rows.count)
        accumulator.addSubpaths(points, starts: subpathStarts, dx: Double(x0), dy: Double(y0))
        if rowCoverage.count < x1 - x0 { rowCoverage = [UInt8](repeating: 0, count: x1 - x0) }
        return (x0, x1 - x0, rows)
    }

    /// Resolves row `y` of the last accumulated path into `out` under `rule`; returns the
    /// columns that may be covered (see `CoverageAccumulator.resolveRow`).
    mutating func resolveRow(_ y: Int, rule: FillRule, into out: UnsafeMutableBufferPointer<UInt8>) -> Range<Int> {
        accumulator.resolveRow(y, rule: rule, into: out)
    }

    /// A cheap test before flattening or stroking: whether the path's control points, mapped to
    /// the device and widened by `margin` pixels, reach the pixels `target` holds (a band skips
    /// the shapes of other bands).
    static func mayTouch(_ target: Pixmap, _ path: Path, transform: Transform3D, margin: Double) -> Bool {
        deviceArea(of: path, transform: transform, margin: margin, in: target) != nil
    }

    /// The pixels of `target` that `path` mapped by `transform` may touch: its control points
    /// mapped to the device, widened by `margin` pixels (a curve lies within the hull of its
    /// control points). Every pixel when the transform is not affine in the plane or a point is
    /// infinite; nil when the path misses the pixmap.
    static func deviceArea(of path: Path, transform: Transform3D, margin: Double, in target: Pixmap) -> PixelArea? {
        // First the rows the control box maps to, which hold those of the mapped points (the map
        // is affine): a box whose rows miss the pixmap's, by the test the area below makes, has
        // a path that misses them too. A band's canvas is handed mostly such paths.
        if let rows = deviceRows(of: path, transform: transform, margin: margin),
           rows.upperBound < Double(target.firstRow) - 1 || rows.lowerBound >= Double(target.firstRow + target.height) {
            return nil
        }
        return deviceArea(transform: transform, margin: margin, in: target) { path.forEachControlPoint($0) }
    }

    /// The frame rows, top to bottom, that the control box of `path` reaches under `transform`,
    /// widened by `margin` pixels: they hold the rows of the mapped control points, and so of
    /// the path (the map is affine). Nil when the transform is not affine in the plane or the
    /// box is not finite.
    package static func deviceRows(of path: Path, transform: Transform3D, margin: Double) -> ClosedRange<Double>? {
        deviceRows(ofBox: path.controlBox, transform: transform, margin: margin)
    }

    /// `deviceRows(of:…)` for the box between `box.min` and `box.max`.
    package static func deviceRows(ofBox box: (min: Point, max: Point), transform: Transform3D, margin: Double) -> ClosedRange<Double>? {
        guard transform.mapsPlaneAffinely, box.min.x.isFinite, box.min.y.isFinite, box.max.x.isFinite, box.max.y.isFinite else { return nil }
        let (top, bottom) = (box.min.y * transform.m22, box.max.y * transform.m22)
        let (left, right) = (box.min.x * transform.m12, box.max.x * transform.m12)
        let highest = min(top, bottom) + min(left, right) + transform.m42 - margin
        let lowest = max(top, bottom) + max(left, right) + transform.m42 + margin
        return highest.isFinite && lowest.isFinite ? highest...lowest : nil
    }

    /// `deviceArea(of:…)` for the points `points` hands its argument.
    static func deviceArea(transform: Transform3D, margin: Double, in target: Pixmap, points: ((Point) -> Void) -> Void) -> PixelArea? {
        guard transform.mapsPlaneAffinely else { return PixelArea(all: target) }
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        points { p in
            let x = p.x * transform.m11 + p.y * transform.m21 + transform.m41
            let y = p.x * transform.m12 + p.y * transform.m22 + transform.m42
            (minX, maxX, minY, maxY) = (min(minX, x), max(maxX, x), min(minY, y), max(maxY, y))
        }
        guard minX <= maxX, minY <= maxY else { return nil }
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return PixelArea(all: target) }
        let top = Double(target.firstRow)
        func clamped(_ v: Double, _ limit: Int) -> Int { v.isNaN ? 0 : Int(min(max(v, 0), Double(limit))) }
        let area = PixelArea(x0: clamped((minX - margin).rounded(.down), target.width),
                             y0: clamped((minY - margin - top).rounded(.down), target.height),
                             x1: clamped((maxX + margin).rounded(.up) + 1, target.width),
                             y1: clamped((maxY + margin - top).rounded(.up) + 1, target.height))
        return area.isEmpty ? nil : area
    }

    /// How far a stroke of `style` mapped by `transform` may reach from its path, in device
    /// pixels, antialiasing included: miters reach miterLimit half-widths (caps and joins stay
    /// within that) at the transform's largest stretch (at most its 2D part's Frobenius norm),
    /// and a line thinner than a pixel is drawn 1 / `scaleFactor` wide.
    package static func strokeReach(_ style: StrokeStyle, transform t: Transform3D) -> Double {
        let stretch = (t.m11 * t.m11 + t.m12 * t.m12 + t.m21 * t.m21 + t.m22 * t.m22).squareRoot()
        return max(style.lineWidth, 1 / scaleFactor(of: t)) / 2 * max(style.miterLimit, 1.5) * stretch + 1
    }

    /// The geometric mean scale of a transform's 2D part: how many pixels a unit length becomes.
    static func scaleFactor(of t: Transform3D) -> Double {
        abs(t.m11 * t.m22 - t.m12 * t.m21).squareRoot()
    }
}

/// The anti-aliased coverage of a clip over a pixmap's pixels (0 outside, 255 inside), held
/// over the area its path may touch only: a clip costs the pixels it covers, not the frame's.
public struct ClipMask: Sendable {
    /// The size of the pixmap (a frame or a band) the clip was made for.
    let width: Int, height: Int
    /// The pixels the coverage is held for; it is 0 everywhere else.
    let area: PixelArea
    /// One byte a pixel of `area`, rows top to bottom.
    let coverage: [UInt8]
    /// Whether every pixel of `area` is wholly inside (a rectangle on pixel edges, such as a
    /// layer's bounds): a draw within `area` is then not clipped at all.
    let isRectangle: Bool

    init(width: Int, height: Int, area: PixelArea, coverage: [UInt8]) {
        (self.width, self.height, self.area, self.coverage) = (width, height, area, coverage)
        isRectangle = !area.isEmpty && !coverage.contains { $0 != 255 }
    }

    /// A clip wholly inside `area` and outside it elsewhere (no coverage held).
    init(width: Int, height: Int, rectangle area: PixelArea) {
        (self.width, self.height, self.area, self.coverage, isRectangle) = (width, height, area, [], true)
    }

    /// Whether the clip leaves the pixmap's `columns` of `rows` as they are.
    func keepsAll(columns: Range<Int>, rows: Range<Int>) -> Bool {
        isRectangle && columns.lowerBound >= area.x0 && columns.upperBound <= area.x1 && rows.lowerBound >= area.y0 && rows.upperBound <= area.y1
    }

    /// Multiplies `row`'s coverage of `columns` (pixmap columns `x0 + column`) on pixmap row `y`
    /// by the clip's.
    func multiply(_ row: UnsafeMutableBufferPointer<UInt8>, columns: Range<Int>, x0: Int, y: Int) {
        guard y >= area.y0, y < area.y1 else {
            for column in columns { row[column] = 0 }
            return
        }
        let first = min(max(columns.lowerBound, area.x0 - x0), columns.upperBound)
        let inside = first..<max(first, min(columns.upperBound, area.x1 - x0))
        for column in columns.lowerBound..<inside.lowerBound { row[column] = 0 }
        for column in inside.upperBound..<columns.upperBound { row[column] = 0 }
        guard !isRectangle else { return }
        coverage.withUnsafeBufferPointer { clip in
            let base = (y - area.y0) * area.width + x0 - area.x0
            for column in inside { row[column] = UInt8(truncatingIfNeeded: Blend.div255(UInt32(row[column]) &* UInt32(clip[base &+ column]))) }
        }
    }

    /// Whether the clip was made for pixmaps of `target`'s size.
    func fits(_ target: Pixmap) -> Bool { width == target.width && height == target.height }

    /// The coverage at column `x` of pixmap row `y`.
    @inline(__always) func at(_ x: Int, _ y: Int) -> UInt32 {
        guard x >= area.x0, x < area.x1, y >= area.y0, y < area.y1 else { return 0 }
        return isRectangle ? 255 : UInt32(coverage[(y - area.y0) * area.width + x - area.x0])
    }
}
