import Geometry

/// The frame rows each of the canvas's draws may change, in device pixels: what a renderer that
/// draws again only the rows that changed from one frame to the next must know of the canvas.
/// Every answer holds the rows the draw changes (it may hold more); nil means every row.
package enum DrawnRows {
    /// A fill of `path` (a glyph's outline, an image's rectangle) mapped by `transform`.
    package static func fill(_ path: Path, transform: Transform3D) -> ClosedRange<Double>? {
        Rasterizer.deviceRows(of: path, transform: transform, margin: 1)
    }

    /// A fill of `rectangle` (an image's, a sprite's) mapped by `transform`, with no path made.
    package static func rectangle(_ rectangle: Rect, transform: Transform3D) -> ClosedRange<Double>? {
        Rasterizer.deviceRows(ofBox: (Point(rectangle.minX, rectangle.minY), Point(rectangle.maxX, rectangle.maxY)), transform: transform, margin: 1)
    }

    /// A stroke of `path` with `style` mapped by `transform`.
    package static func stroke(_ path: Path, transform: Transform3D, style: StrokeStyle) -> ClosedRange<Double>? {
        Rasterizer.deviceRows(of: path, transform: transform, margin: Rasterizer.strokeReach(style, transform: transform))
    }

    /// The shadow `path` casts (`Canvas.drawShadow`).
    package static func shadow(_ path: Path, transform: Transform3D, shadow: ShadowPaint) -> ClosedRange<Double>? {
        Rasterizer.deviceRows(of: path, transform: transform, margin: 1 + spread(of: shadow))
    }

    /// How many rows a group's blur (a standard deviation in device pixels) and shadow move
    /// what it holds, up or down: a change in the group changes that much more of the frame,
    /// and a row of the group's result depends on that many rows of its content on each side.
    package static func spread(blur: Double, shadow: ShadowPaint?) -> Double {
        Double(GaussianBlur.reach(sigma: blur)) + (shadow.map(spread) ?? 0)
    }

    /// Whether a group whose colours `filters` transform may change pixels it draws nothing into
    /// (a filter that makes transparent pixels coloured): then it changes every row.
    package static func fillsOutsideItsDrawing(_ filters: [ColorFilter]) -> Bool {
        !filters.allSatisfy(Compositing.keepsTransparent)
    }

    /// How far a shadow reaches from what casts it, up or down: its blur and its offset.
    private static func spread(of shadow: ShadowPaint) -> Double {
        Double(shadow.reach + abs(shadow.pixelOffset.dy))
    }
}
