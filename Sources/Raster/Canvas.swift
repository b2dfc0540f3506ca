import Geometry
import RasterCore

/// A painter over one frame: the rasterizer's drawing calls plus what a display list opens and
/// closes around them, opacity groups, masks and clips, each drawn into a layer-sized pixmap.
///
/// `begin` hands the canvas a frame to draw into (a whole frame, or a band of one) and `end`
/// hands it back, so pooled frames are drawn in place. Each thread uses its own canvas.
public final class Canvas {
    // The four properties every draw reads are kept without Swift's run-time exclusivity checks
    // (@exclusivity(unchecked)): a canvas is one thread's, and no method touches one of them while
    // it lends that same one out (`withTarget` lends the target to a closure that draws with the
    // rasterizer, another property). The checks were a measurable share of a particle frame
    // (bench/README.md, particles).
    /// The frame being drawn, between `begin` and `end`.
    @exclusivity(unchecked) private var frame = Pixmap.empty
    /// Open groups and masks, innermost last; draws go to the innermost layer.
    @exclusivity(unchecked) private var layers: [Layer] = []
    /// Open clips, innermost last.
    @exclusivity(unchecked) private var clips: [Clip] = []
    /// Transparent layer pixmaps kept from closed groups and masks, for the next ones.
    private var spares: [Pixmap] = []
    @exclusivity(unchecked) private var rasterizer = Rasterizer()
    private var glyphMasks = GlyphMaskCache()

    private struct Layer {
        var pixels: Pixmap
        /// What has been drawn into `pixels`: every pixel outside it is transparent.
        var drawn: PixelArea?
        var opacity: Double
        var blend: BlendMode
        /// The standard deviation of the group's blur in device pixels; 0 for none.
        var blur: Double
        /// The colour transforms applied to the group before its blur, in order.
        var colorFilters: [ColorFilter]
        var shadow: ShadowPaint?
        /// How a mask's pixels become coverage; nil for a group.
        var maskMode: MaskMode?
    }

    /// A clip: its outline, and its coverage (within the clips around it) once a draw needs it.
    private struct Clip {
        let path: Path
        let transform: Transform3D
        /// The outline in frame pixels when it is one convex polygon (a layer's bounds, turned or
        /// not): a draw wholly inside it is drawn unclipped, and its coverage is never built.
        let polygon: ConvexPolygon?
        var mask: ClipMask?
    }

    /// The most layer pixmaps kept for reuse.
    private static let spareLimit = 8

    /// A canvas without a frame; `begin` hands it one.
    public init() {}

    /// Starts drawing into `frame`, cleared to `background`.
    public func begin(_ frame: consuming Pixmap, clearingTo background: PremultipliedColor) {
        frame.clear(to: background)
        self.frame = consume frame
        layers.removeAll()
        clips.removeAll()
        glyphMasks.beginFrame()
        rasterizer.beginDrawing()
    }

    /// Stops drawing and returns the frame (`Pixmap.empty` when `begin` was not called).
    public func end() -> Pixmap {
        layers.removeAll()
        clips.removeAll()
        let drawn = frame
        frame = .empty
        return drawn
    }

    // MARK: Drawing

    /// Fills `path` mapped by `transform` into device pixels, source-over; `aliased`, without
    /// smoothing its edges (see `Rasterizer.fill`).
    public func fill(_ path: Path, transform: Transform3D, paint: Paint, rule: FillRule, aliased: Bool = false) {
        let area = drawnArea { Rasterizer.deviceArea(of: path, transform: transform, margin: 1, in: frame) }
        let clip = clip(covering: area)
        withTarget(touching: area) {
            rasterizer.fill(path, transform: transform, paint: paint, rule: rule, aliased: aliased, clip: clip, into: &$0)
        }
    }

    /// Fills `path` with a solid colour.
    public func fill(_ path: Path, transform: Transform3D, color: PremultipliedColor, rule: FillRule) {
        fill(path, transform: transform, paint: .solid(color), rule: rule)
    }

    /// Fills a glyph's outline mapped by `transform` with a solid colour: the pixels `fill`
    /// draws for it, from the glyph's mask when earlier frames drew it at the same place.
    public func fillGlyph(_ glyph: Glyph, transform: Transform3D, color: PremultipliedColor) {
        guard transform.mapsPlaneAffinely, color.a > 0 else {
            fill(glyph.outline, transform: transform, color: color, rule: .nonZero)
            return
        }
        let area = drawnArea { Rasterizer.deviceArea(of: glyph.outline, transform: transform, margin: 1, in: frame) }
        let clip = clip(covering: area)
        withTarget(touching: area) { target in
            guard Rasterizer.mayTouch(target, glyph.outline, transform: transform, margin: 1) else { return }
            switch glyphMasks.mask(of: glyph, transform: transform, frameOf: target, rasterizer: &rasterizer) {
            case .mask(let mask): rasterizer.fill(mask, color: color, clip: clip, into: &target)
            case .nothing: return
            case .firstSeen: rasterizer.fill(glyph.outline, transform: transform, paint: .solid(color), rule: .nonZero, clip: clip, into: &target)
            }
        }
    }

    /// Fills a sprite, the rectangle (0, 0)…`size` mapped by `transform`, over what is there or
    /// added to it (see `Rasterizer.fillSprite`).
    public func fillSprite(size: Size, transform: Transform3D, paint: Paint, additive: Bool = false) {
        // Straight into the frame when nothing is open around it (an emitter's particles, by the thousand).
        if layers.isEmpty && clips.isEmpty {
            return rasterizer.fillSprite(size: size, transform: transform, paint: paint, additive: additive, into: &frame)
        }
        // The four corners, handed over one by one (a list a sprite would be allocated per particle).
        let corners = { (include: (Point) -> Void) in
            include(Point(0, 0)); include(Point(size.width, 0)); include(Point(0, size.height)); include(Point(size.width, size.height))
        }
        let area = drawnArea { Rasterizer.deviceArea(transform: transform, margin: 1, in: frame, points: corners) }
        let clip = clip(covering: area)
        withTarget(touching: area) {
            rasterizer.fillSprite(size: size, transform: transform, paint: paint, additive: additive, clip: clip, into: &$0)
        }
    }

    /// Strokes `path` with `style` (see `Rasterizer.stroke`).
    public func stroke(_ path: Path, transform: Transform3D, color: PremultipliedColor, style: StrokeStyle) {
        let reach = Rasterizer.strokeReach(style, transform: transform)
        let area = drawnArea { Rasterizer.deviceArea(of: path, transform: transform, margin: reach, in: frame) }
        let clip = clip(covering: area)
        withTarget(touching: area) {
            rasterizer.stroke(path, transform: transform, color: color, style: style, clip: clip, into: &$0)
        }
    }

    /// Draws the blurred silhouette of `path`, moved by the shadow's offset, in its colour.
    public func drawShadow(_ path: Path, transform: Transform3D, shadow: ShadowPaint) {
        let (dx, dy) = shadow.pixelOffset
        let area = drawnArea { Rasterizer.deviceArea(of: path, transform: transform, margin: 1, in: frame)?.grown(by: shadow.reach, dx: dx, dy: dy, within: frame) }
        let clip = clip(covering: area)
        withTarget(touching: area) {
            rasterizer.shadow(path, transform: transform, shadow: shadow, clip: clip, into: &$0)
        }
    }

    // MARK: Groups, clips, masks

    /// Starts an opacity group: later draws go to a transparent layer until `endGroup`, which
    /// transforms its colours by `colorFilters` in order, blurs the group by `blur` device pixels
    /// (a standard deviation), draws its shadow (if any) and then the group at `opacity` with `blend`.
    public func beginGroup(opacity: Double, shadow: ShadowPaint? = nil, blend: BlendMode = .normal, blur: Double = 0,
                           colorFilters: [ColorFilter] = []) {
        guard frame.width > 0 else { return }
        layers.append(Layer(pixels: transparentLayer(), opacity: opacity, blend: blend, blur: blur, colorFilters: colorFilters,
                            shadow: shadow, maskMode: nil))
    }

    /// Ends the innermost group: transforms its colours by its colour filters, in order, blurs
    /// it, draws its shadow, if any, then the group at its opacity and blend mode. Each step
    /// costs the pixels drawn into the group, not the frame's.
    public func endGroup() {
        guard var group = layers.popLast() else { return }
        // Every pixel that may not be transparent any more, to clear before the pixmap's reuse.
        var written = group.drawn
        defer { recycle(&group.pixels, written: written) }
        guard group.maskMode == nil else { return }
        for filter in group.colorFilters {
            if !Compositing.keepsTransparent(filter) { (group.drawn, written) = (PixelArea(all: group.pixels), PixelArea(all: group.pixels)) }
            if let area = group.drawn { Compositing.transform(&group.pixels, within: area, by: filter) }
        }
        if group.blur > 0, let area = group.drawn {
            let blurred = rasterizer.blurred(group.pixels, sigma: group.blur, within: area)
            group.drawn = blurred?.area
            if let blurred {
                // Drawn from its fine values, dithered, where nothing else is to be done with it;
                // else stored in the group, dithered, for its shadow or blend.
                if group.shadow == nil && group.blend == .normal {
                    withTarget(touching: blurred.area) { Compositing.writeDithered(blurred.values, over: blurred.area, drawnAt: group.opacity, into: &$0) }
                    return
                }
                Compositing.writeDithered(blurred.values, over: blurred.area, drawnAt: nil, into: &group.pixels)
                written = written.map(blurred.area.union) ?? blurred.area
            }
        }
        guard let drawn = group.drawn else { return }
        let shadowed = group.shadow.flatMap { shadow in
            let (dx, dy) = shadow.pixelOffset
            return drawn.grown(by: shadow.reach, dx: dx, dy: dy, within: group.pixels)
        }
        let shownAlone = group.shadow?.castsAlone ?? false
        let touched = shownAlone ? shadowed : shadowed.map(drawn.union) ?? drawn
        // A group of normal blend is drawn with its shadow, in the shadow's pass where it can be.
        let drawnWithShadow = group.shadow != nil && !shownAlone && group.blend == .normal
        let clip = clip(covering: touched)
        withTarget(touching: touched) { target in
            if let shadow = group.shadow {
                rasterizer.drawShadow(of: &group.pixels, within: drawn, shadow, clip: clip,
                                      drawingSourceAt: drawnWithShadow ? group.opacity : nil, into: &target)
            }
            if !shownAlone {
                if !drawnWithShadow {
                    Compositing.drawAndClear(&group.pixels, within: drawn, opacity: group.opacity, blend: group.blend, into: &target)
                }
                // What is left to clear: pixels written outside the area drawn (where a blur's
                // result does not cover all its source did).
                if written == drawn { written = nil }
            }
        }
    }

    /// Starts a mask: the draws up to `endMask` are not shown; their coverage (as `mode` reads
    /// it) multiplies the enclosing group.
    public func beginMask(_ mode: MaskMode = .alpha) {
        guard frame.width > 0 else { return }
        layers.append(Layer(pixels: transparentLayer(), opacity: 1, blend: .normal, blur: 0, colorFilters: [], shadow: nil, maskMode: mode))
    }

    /// Ends the innermost mask: its coverage multiplies the enclosing group.
    public func endMask() {
        guard var mask = layers.popLast() else { return }
        defer { recycle(&mask.pixels, written: mask.drawn) }
        let top = layers.count - 1
        guard let mode = mask.maskMode, top >= 0, let drawn = layers[top].drawn else { return }
        guard mode == .alpha || mode == .luminance else {
            Compositing.multiply(&layers[top].pixels, within: drawn, byCoverageOf: mask.pixels, mode: mode)
            return
        }
        // Where the mask drew nothing its alpha and luminance are 0: what the group drew there
        // is cleared (a block fill), not multiplied, and the group's later steps skip it.
        let shown = mask.drawn.flatMap(drawn.intersection)
        for hidden in shown.map(drawn.excluding) ?? [drawn] { layers[top].pixels.clear(hidden) }
        layers[top].drawn = shown
        if let shown { Compositing.multiply(&layers[top].pixels, within: shown, byCoverageOf: mask.pixels, mode: mode) }
    }

    /// Restricts later draws to the inside of `path` (anti-aliased), intersected with any
    /// enclosing clip, until `endClip`.
    public func beginClip(_ path: Path, transform: Transform3D) {
        clips.append(Clip(path: path, transform: transform, polygon: rasterizer.convexOutline(of: path, transform: transform), mask: nil))
    }

    /// Ends the innermost clip.
    public func endClip() {
        _ = clips.popLast()
    }

    /// The pixels a draw may touch, worked out by `area` when a layer or a clip needs them.
    private func drawnArea(_ area: () -> PixelArea?) -> PixelArea? {
        layers.isEmpty && clips.isEmpty ? nil : area()
    }

    /// The clip a draw that may touch `area` is drawn through: none when it touches nothing
    /// (nil: a path outside a band's rows) or every open clip is a convex outline holding the
    /// area; else the innermost clip's coverage, built the first time a draw needs it.
    private func clip(covering area: PixelArea?) -> ClipMask? {
        guard !clips.isEmpty, let area else { return nil }
        if clips.allSatisfy({ $0.polygon?.holds(area, firstRow: frame.firstRow) ?? false }) { return nil }
        return mask(ofClip: clips.count - 1)
    }

    /// Clip `index`'s coverage within the clips around it (those whose outlines hold it all are left out).
    private func mask(ofClip index: Int) -> ClipMask {
        if let mask = clips[index].mask { return mask }
        let clip = clips[index]
        var outer: ClipMask?
        if index > 0 {
            let area = Rasterizer.deviceArea(of: clip.path, transform: clip.transform, margin: 1, in: frame)
            let held = area.map { area in clips[..<index].allSatisfy { $0.polygon?.holds(area, firstRow: frame.firstRow) ?? false } } ?? false
            if !held { outer = mask(ofClip: index - 1) }
        }
        let mask = rasterizer.clipMask(clip.path, transform: clip.transform, within: outer, for: frame)
        clips[index].mask = mask
        return mask
    }

    /// Runs `body` on the innermost open layer, recording in it the area `area` the draw may
    /// touch, or on the frame when no layer is open.
    private func withTarget(touching area: PixelArea?, _ body: (inout Pixmap) -> Void) {
        if layers.isEmpty {
            body(&frame)
        } else {
            let top = layers.count - 1
            if let area { layers[top].drawn = layers[top].drawn.map(area.union) ?? area }
            body(&layers[top].pixels)
        }
    }

    /// A transparent pixmap of the frame's size and rows: a spare one when there is one, of
    /// these rows, or of others, its memory reshaped (spares are transparent throughout, so
    /// the reshaped one is too): bands of changing rows, as a renderer drawing only what
    /// changed draws, would otherwise take new pixmaps for every group of every band.
    private func transparentLayer() -> Pixmap {
        if let index = spares.lastIndex(where: { $0.sameWindow(as: frame) }) { return spares.remove(at: index) }
        if let spare = spares.popLast(), spare.width > 0 {
            return Pixmap(rows: frame.firstRow..<(frame.firstRow + frame.height), ofWidth: frame.width, frameHeight: frame.frameHeight, reusing: spare)
        }
        return Pixmap(sameWindowAs: frame)
    }

    /// Takes a closed layer's pixmap (leaving it empty, so that it is not copied), clears the
    /// pixels `written` and keeps it for the next layer.
    private func recycle(_ pixels: inout Pixmap, written: PixelArea?) {
        // The oldest goes first: a canvas drawing bands of several windows keeps the recent ones.
        if spares.count >= Self.spareLimit { spares.removeFirst() }
        var kept = Pixmap.empty
        swap(&kept, &pixels)
        if let written { kept.clear(written) }
        spares.append(kept)
    }
}

/// A drop shadow in device pixels: premultiplied colour (opacity included), offset, blur radius.
public struct ShadowPaint: Sendable {
    /// The shadow's colour, premultiplied, its opacity included.
    public var color: PremultipliedColor
    /// Horizontal offset in device pixels.
    public var offsetX: Double
    /// Vertical offset in device pixels, y down.
    public var offsetY: Double
    /// Blur radius in device pixels.
    public var radius: Double
    /// Whether a group's shadow shows alone, the group itself not drawn.
    public var castsAlone: Bool

    /// A shadow of `color`, moved by (`offsetX`, `offsetY`) and blurred by `radius`, in device
    /// pixels; as a group's, shown alone when `castsAlone`.
    public init(color: PremultipliedColor, offsetX: Double, offsetY: Double, radius: Double, castsAlone: Bool = false) {
        self.color = color
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.radius = radius
        self.castsAlone = castsAlone
    }

    /// The offset in whole pixels (within ±2²⁰: beyond a frame the shadow misses it anyway).
    var pixelOffset: (dx: Int, dy: Int) {
        func pixels(_ v: Double) -> Int { v.isNaN ? 0 : Int(min(max(v.rounded(), -0x100000), 0x100000)) }
        return (pixels(offsetX), pixels(offsetY))
    }

    /// How far the blur spreads the silhouette, in pixels.
    var reach: Int { GaussianBlur.reach(sigma: radius / 2) }
}
