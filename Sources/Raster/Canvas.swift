import Geometry

/// A painter over one frame: the rasterizer's drawing calls plus what a display list opens and
/// closes around them, opacity groups, masks and clips, each drawn into a layer-sized pixmap.
///
/// `begin` hands the canvas a frame to draw into (a whole frame, or a band of one) and `end`
/// hands it back, so pooled frames are drawn in place. Each thread uses its own canvas.
public final class Canvas {
    /// The frame being drawn, between `begin` and `end`.
    private var frame = Pixmap.empty
    /// Open groups and masks, innermost last; draws go to the innermost layer.
    private var layers: [Layer] = []
    private var clips: [ClipMask] = []
    private var rasterizer = Rasterizer()
    private var glyphMasks = GlyphMaskCache()

    private struct Layer {
        var pixels: Pixmap
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

    /// A canvas without a frame; `begin` hands it one.
    public init() {}

    /// Starts drawing into `frame`, cleared to `background`.
    public func begin(_ frame: consuming Pixmap, clearingTo background: PremultipliedColor) {
        frame.clear(to: background)
        self.frame = consume frame
        layers.removeAll()
        clips.removeAll()
        glyphMasks.beginFrame()
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

    /// Fills `path` mapped by `transform` into device pixels, source-over.
    public func fill(_ path: Path, transform: Transform3D, paint: Paint, rule: FillRule) {
        let clip = clips.last
        withTarget { rasterizer.fill(path, transform: transform, paint: paint, rule: rule, clip: clip, into: &$0) }
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
        let clip = clips.last
        withTarget { target in
            guard Rasterizer.mayTouchRows(of: target, glyph.outline, transform: transform, margin: 1) else { return }
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
        let clip = clips.last
        withTarget { rasterizer.fillSprite(size: size, transform: transform, paint: paint, additive: additive, clip: clip, into: &$0) }
    }

    /// Strokes `path` with `style` (see `Rasterizer.stroke`).
    public func stroke(_ path: Path, transform: Transform3D, color: PremultipliedColor, style: StrokeStyle) {
        let clip = clips.last
        withTarget { rasterizer.stroke(path, transform: transform, color: color, style: style, clip: clip, into: &$0) }
    }

    /// Draws the blurred silhouette of `path`, moved by the shadow's offset, in its colour.
    public func drawShadow(_ path: Path, transform: Transform3D, shadow: ShadowPaint) {
        let clip = clips.last
        withTarget { rasterizer.shadow(path, transform: transform, shadow: shadow, clip: clip, into: &$0) }
    }

    // MARK: Groups, clips, masks

    /// Starts an opacity group: later draws go to a transparent layer until `endGroup`, which
    /// transforms its colours by `colorFilters` in order, blurs the group by `blur` device pixels
    /// (a standard deviation), draws its shadow (if any) and then the group at `opacity` with `blend`.
    public func beginGroup(opacity: Double, shadow: ShadowPaint? = nil, blend: BlendMode = .normal, blur: Double = 0,
                           colorFilters: [ColorFilter] = []) {
        guard frame.width > 0 else { return }
        layers.append(Layer(pixels: Pixmap(sameWindowAs: frame), opacity: opacity, blend: blend, blur: blur, colorFilters: colorFilters,
                            shadow: shadow, maskMode: nil))
    }

    /// Ends the innermost group: transforms its colours by its colour filters, in order, blurs
    /// it, draws its shadow, if any, then the group at its opacity and blend mode.
    public func endGroup() {
        guard var group = layers.popLast(), group.maskMode == nil else { return }
        for filter in group.colorFilters { Compositing.transform(&group.pixels, by: filter) }
        if group.blur > 0 { group.pixels = GaussianBlur.rgba(of: group.pixels, sigma: group.blur) }
        let clip = clips.last
        withTarget { target in
            if let shadow = group.shadow { Compositing.drawShadow(of: group.pixels, shadow, clip: clip, into: &target) }
            Compositing.draw(group.pixels, opacity: group.opacity, blend: group.blend, into: &target)
        }
    }

    /// Starts a mask: the draws up to `endMask` are not shown; their coverage (as `mode` reads
    /// it) multiplies the enclosing group.
    public func beginMask(_ mode: MaskMode = .alpha) {
        guard frame.width > 0 else { return }
        layers.append(Layer(pixels: Pixmap(sameWindowAs: frame), opacity: 1, blend: .normal, blur: 0, colorFilters: [], shadow: nil, maskMode: mode))
    }

    /// Ends the innermost mask: its coverage multiplies the enclosing group.
    public func endMask() {
        guard let mask = layers.popLast(), let mode = mask.maskMode, !layers.isEmpty else { return }
        Compositing.multiply(&layers[layers.count - 1].pixels, byCoverageOf: mask.pixels, mode: mode)
    }

    /// Restricts later draws to the inside of `path` (anti-aliased), intersected with any
    /// enclosing clip, until `endClip`.
    public func beginClip(_ path: Path, transform: Transform3D) {
        clips.append(rasterizer.clipMask(path, transform: transform, within: clips.last, for: frame))
    }

    /// Ends the innermost clip.
    public func endClip() {
        _ = clips.popLast()
    }

    /// Runs `body` on the innermost open layer, or on the frame when none is open.
    private func withTarget(_ body: (inout Pixmap) -> Void) {
        if layers.isEmpty {
            body(&frame)
        } else {
            body(&layers[layers.count - 1].pixels)
        }
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

    /// A shadow of `color`, moved by (`offsetX`, `offsetY`) and blurred by `radius`, in device pixels.
    public init(color: PremultipliedColor, offsetX: Double, offsetY: Double, radius: Double) {
        self.color = color
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.radius = radius
    }
}
