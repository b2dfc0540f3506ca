import Animation
import Geometry
import Raster
import Synchronization

/// Draws display lists into pixmaps at a scale of pixels per point: the bridge from the
/// animation engine's display list to the rasterizer. One renderer per thread.
public final class FrameRenderer {
    private let canvas = Canvas()
    /// Ramp tables by stops and opacity, kept from draw to draw and frame to frame (a file's
    /// gradients mostly keep their stops): a table is 256 colours worked out from the stops, in
    /// their 16 dithered copies (16 KB).
    private var rampTables: [RampStops: [UInt32]] = [:]
    private struct RampStops: Hashable {
        let colors: [Color], locations: [Double], opacity: Double
    }
    /// The most ramp tables kept.
    private static let rampTableLimit = 256
    /// Pixels per point.
    public let scale: Double

    /// A renderer drawing at `scale` pixels per point.
    public init(scale: Double) {
        self.scale = scale
    }

    /// The ramp table of `gradient`'s stops at `opacity`, from the kept ones when it is there.
    private func rampTable(_ gradient: Gradient, opacity: Double) -> [UInt32] {
        let stops = RampStops(colors: gradient.colors, locations: gradient.locations, opacity: opacity)
        if let table = rampTables[stops] { return table }
        if rampTables.count >= Self.rampTableLimit { rampTables.removeAll(keepingCapacity: true) }
        let table = GradientPaint.table(opacity: opacity) { t in
            let c = gradient.color(at: t)
            return (c.red, c.green, c.blue, c.alpha)
        }
        rampTables[stops] = table
        return table
    }

    /// Renders `list` into `frame` (its old contents are cleared first) and returns it,
    /// premultiplied.
    ///
    /// A frame this renderer drew before, unchanged since (frames come back from an encode's
    /// pool with what they showed), is drawn again only where `list` changes it: the rows
    /// whose items differ from what drew it (`ChangedRows`), drawn in bands of the frame. A
    /// band's rows come out as those of a whole-frame draw, so the pixels are the same either way.
    public func render(_ list: DisplayList, into frame: consuming Pixmap) -> Pixmap {
        let (background, items) = prepared(list, width: frame.width, height: frame.height)
        // Worked out once a list: kept with it, they are the old ones of a later frame's comparison.
        let extents = ChangedRows.Extents(items, scale: scale)
        let before = drawn.firstIndex { $0.mark == frame.drawingMark }.map { drawn.remove(at: $0) }
        if let before, before.background == background,
           let changed = ChangedRows(from: before.items, before.extents, to: items, extents, height: frame.height),
           changed.rows.reduce(0, { $0 + $1.count + 2 * changed.margin }) < frame.height * 3 / 4 {
            rowsDrawn = 0
            for rows in changed.rows {
                let drawnRows = max(rows.lowerBound - changed.margin, 0)..<min(rows.upperBound + changed.margin, frame.height)
                rowsDrawn += drawnRows.count
                // Moved out of its property and into the canvas, so that its memory is drawn in place, not copied.
                var pixmap = Pixmap.empty
                swap(&pixmap, &band)
                pixmap = Pixmap(rows: drawnRows, ofWidth: frame.width, frameHeight: frame.height, reusing: pixmap)
                canvas.begin(consume pixmap, clearingTo: background)
                draw(items)
                band = canvas.end()
                frame.copyRows(rows, from: band)
            }
        } else {
            canvas.begin(consume frame, clearingTo: background)
            draw(items)
            frame = canvas.end()
            rowsDrawn = frame.height
        }
        frame.drawingMark = Self.marks.add(1, ordering: .relaxed).newValue
        if drawn.count >= Self.drawnKept { drawn.removeFirst() }
        drawn.append((frame.drawingMark, items, extents, background))
        return frame
    }

    /// How many rows the last `render` drew (the rest the frame showed already).
    package private(set) var rowsDrawn = 0
    /// What drew the frames this renderer drew last, by the marks it gave them, oldest first.
    private var drawn: [(mark: UInt64, items: [DisplayItem], extents: ChangedRows.Extents?, background: PremultipliedColor)] = []
    /// The most frames remembered: more than an encode has in flight.
    private static let drawnKept = 16
    /// The pixmap of the band being drawn again, kept from band to band.
    private var band = Pixmap.empty
    /// Marks for drawn frames, unique in the process (so a frame drawn by another renderer is
    /// not taken for one of this one's).
    private static let marks = Atomic<UInt64>(0)

    /// What `list` draws into a frame of `width` × `height` pixels: the colour its first items
    /// cover the frame with, and the items drawn over it, groups that one draw gives flattened.
    private func prepared(_ list: DisplayList, width: Int, height: Int) -> (PremultipliedColor, [DisplayItem]) {
        let toPixels = Transform3D(scaleX: scale, y: scale)
        // A scene usually starts with an opaque background over the whole canvas (an imported
        // file often with two: the output's background, then its own). What an opaque fill of
        // the whole frame outside any group covers never shows: clearing to the last such fill's
        // colour and drawing from after it gives the same pixels, with one pass instead of several.
        var items = list.items[...]
        var background = PremultipliedColor.transparent
        // The layers (groups and masks) and clips open, counted as the canvas keeps them: an
        // end with none open is passed over.
        var (layers, clips, hardEdges) = (0, 0, 0)
        // The hard-edged stretches open where the drawing starts, opened again in front of it.
        var hardEdgesOpen = 0
        // Whether a bitmap group at or above the output's scale is there (noted in this one pass).
        var sharpBitmaps = false
        for (index, item) in list.items.enumerated() {
            if case let .beginGroup(_, _, _, _, _, bitmap?) = item, bitmap >= scale { sharpBitmaps = true }
            switch item {
            case .beginGroup, .beginMask: layers += 1
            case .endGroup, .endMask: layers = max(layers - 1, 0)
            case .beginClip: clips += 1
            case .endClip: clips = max(clips - 1, 0)
            case .beginHardEdges: hardEdges += 1
            case .endHardEdges: hardEdges = max(hardEdges - 1, 0)
            case let .fill(path, transform, color, _) where layers == 0 && clips == 0 && color.alpha >= 1 && path.elements.count <= 6:
                guard Self.covers(path.applying(transform.concatenating(toPixels)), width: width, height: height) else { break }
                background = Self.premultiplied(color)
                items = list.items[(index + 1)...]
                hardEdgesOpen = hardEdges
            default: break
            }
        }
        // A bitmap at or above the output's scale draws as the layer does: a plain group, which
        // flattening may then take apart. (The list is copied only when either is needed.)
        func sharpBitmap(_ item: DisplayItem) -> DisplayItem? {
            guard case let .beginGroup(opacity, shadow, blend, blur, filters, bitmap?) = item, bitmap >= scale else { return nil }
            return .beginGroup(opacity: opacity, shadow: shadow, blend: blend, blur: blur, colorFilters: filters, rasterizationScale: nil)
        }
        if hardEdgesOpen > 0 || sharpBitmaps {
            items = (Array(repeating: DisplayItem.beginHardEdges, count: hardEdgesOpen) + items.map { sharpBitmap($0) ?? $0 })[...]
        }
        return (background, GroupFlattening.flattened(items))
    }

    /// Draws `items` on the canvas, which has begun a frame or a band of one.
    private func draw(_ items: [DisplayItem]) {
        let toPixels = Transform3D(scaleX: scale, y: scale)
        // How many hard-edged stretches are open: fills and images in one draw aliased.
        var hardEdges = 0
        for item in items {
            switch item {
            case let .fill(path, transform, color, rule):
                canvas.fill(path, transform: transform.concatenating(toPixels), paint: .solid(Self.premultiplied(color)), rule: rule,
                            aliased: hardEdges > 0)
            case let .glyph(glyph, transform, color):
                canvas.fillGlyph(glyph, transform: transform.concatenating(toPixels), color: Self.premultiplied(color))
            case let .fillGradient(path, transform, gradient, opacity):
                let paint = GradientPaint(kind: Self.kind(gradient.type), start: gradient.start, end: gradient.end, focus: gradient.focus,
                                          table: rampTable(gradient, opacity: opacity))
                canvas.fill(path, transform: transform.concatenating(toPixels), paint: .gradient(paint), rule: .nonZero, aliased: hardEdges > 0)
            case let .stroke(path, transform, color, style):
                canvas.stroke(path, transform: transform.concatenating(toPixels), color: Self.premultiplied(color), style: style)
            case let .image(image, transform, destination, source, opacity, tint, sampling):
                let device = transform.concatenating(toPixels)
                guard let paint = Self.paint(image, device: device, destination: destination, source: source, opacity: opacity,
                                             tint: tint, sampling: sampling) else { continue }
                canvas.fill(.roundedRect(destination, cornerRadius: 0), transform: device, paint: paint, rule: .nonZero, aliased: hardEdges > 0)
            case let .sprite(image, transform, size, source, opacity, tint, additive):
                let device = transform.concatenating(toPixels)
                guard let paint = Self.paint(image, device: device, destination: Rect(origin: .zero, size: size), source: source,
                                             opacity: opacity, tint: tint, sampling: ImageSampling()) else { continue }
                canvas.fillSprite(size: size, transform: device, paint: paint, additive: additive)
            case let .shadow(path, transform, shadow):
                canvas.drawShadow(path, transform: transform.concatenating(toPixels), shadow: Self.shadowPaint(shadow, scale: scale))
            case let .beginGroup(opacity, shadow, blend, blur, colorFilters, rasterizationScale):
                canvas.beginGroup(opacity: opacity, shadow: shadow.map { Self.shadowPaint($0, scale: scale) }, blend: blend,
                                  blur: Self.groupBlur(blur, rasterizationScale: rasterizationScale, scale: scale),
                                  colorFilters: colorFilters)
            case .endGroup:
                canvas.endGroup()
            case let .beginClip(path, transform):
                canvas.beginClip(path, transform: transform.concatenating(toPixels))
            case .endClip:
                canvas.endClip()
            case .beginMask(let mode):
                canvas.beginMask(mode)
            case .endMask:
                canvas.endMask()
            case .beginHardEdges:
                hardEdges += 1
            case .endHardEdges:
                hardEdges = max(hardEdges - 1, 0)
            }
        }
    }

    /// The paint of an image drawn into `destination` by `device`: its samples, or the one colour
    /// of an image whose pixels are all the same (confetti paper), which fills far faster.
    private static func paint(_ image: Image, device: Transform3D, destination: Rect, source: Rect, opacity: Double, tint: Color,
                              sampling: ImageSampling) -> Paint? {
        let straightTint = (tint.red, tint.green, tint.blue, tint.alpha)
        if image.isUniform, image.bytes.count >= 4 {
            // Every sample is the one colour (confetti paper, a dot): nothing to sample or build.
            let b = image.bytes
            return .solid(ImagePaint.uniformColor(of: PremultipliedColor(r: b[0], g: b[1], b: b[2], a: b[3]), opacity: opacity, tint: straightTint))
        }
        guard let pixels = Pixmap(width: image.width, height: image.height, premultipliedBytes: image.bytes) else { return nil }
        let stretch = abs(device.m11 * device.m22 - device.m12 * device.m21).squareRoot()
        let shown = (Double(image.width) * source.width * Double(image.height) * source.height).squareRoot()
        let drawn = (destination.width * destination.height).squareRoot() * stretch
        return .image(ImagePaint(image: pixels, destination: destination, source: source, opacity: opacity, tint: straightTint,
                                 minification: drawn > 0 ? shown / drawn : 1, sampling: sampling))
    }

    /// A group's blur in device pixels (a standard deviation) at `scale` pixels a point: its own,
    /// `blur` points, and that of a bitmap of `rasterizationScale` pixels a point scaled up to the
    /// output, which a device draws as a box of the bitmap's pixel and a bilinear ramp over the next: together a
    /// spread of variance w²/12 + w²/6 = (w/2)² for w output pixels a bitmap pixel, so σ = w / 2
    /// (none at or above the output's scale). Two blurs add their variances.
    static func groupBlur(_ blur: Double, rasterizationScale: Double?, scale: Double) -> Double {
        let own = blur * scale
        guard let rasterizationScale, rasterizationScale > 0, rasterizationScale < scale else { return own }
        let bitmap = scale / rasterizationScale / 2
        return (own * own + bitmap * bitmap).squareRoot()
    }

    /// A shadow in device pixels, at `scale` pixels a point: offset and blur radius scale with the frame.
    static func shadowPaint(_ s: Shadow, scale: Double) -> ShadowPaint {
        ShadowPaint(color: Self.premultiplied(s.color), offsetX: s.offset.width * scale, offsetY: s.offset.height * scale,
                    radius: s.radius * scale, castsAlone: s.castsAlone)
    }

    /// Whether a device-space path is an axis-aligned rectangle covering the whole frame.
    static func covers(_ path: Path, width: Int, height: Int) -> Bool {
        guard let r = path.axisAlignedRectangle else { return false }
        return r.minX <= 0 && r.minY <= 0 && r.maxX >= Double(width) && r.maxY >= Double(height)
    }

    static func premultiplied(_ c: Color) -> PremultipliedColor {
        PremultipliedColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
    }

    static func kind(_ type: GradientType) -> GradientPaint.Kind {
        switch type {
        case .axial: .axial
        case .radial: .radial
        case .conic: .conic
        }
    }
}
