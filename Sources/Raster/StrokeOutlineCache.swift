import Geometry

/// Stroke outlines kept from drawing to drawing: a path stroked again in the same style at the
/// same flattening tolerance (a border, an axis, an underline, however its layer moves while its
/// scale holds) is filled from the outline made the first time instead of being outlined again,
/// the most costly step of a stroke. Keys are exact, so the outline is the one
/// `Path.strokeOutline` gives. An outline unused for `retention` drawings is dropped (a canvas
/// drawing bands draws a few each frame), so the cache holds about one frame's strokes, and never
/// more than `elementLimit` outline elements.
struct StrokeOutlineCache {
    private struct Key: Hashable {
        let path: Path
        let style: StrokeStyle
        let tolerance: Double
    }

    private struct Entry {
        let outline: Path
        var lastUsed: Int
    }

    private var entries: [Key: Entry] = [:]
    private var drawing = 0
    private var elements = 0
    /// How many drawings an outline is kept without being used.
    static let retention = 4
    /// The most outline elements kept; past it, strokes are outlined without keeping them.
    static let elementLimit = 1 << 20

    /// How many outlines are kept.
    var count: Int { entries.count }

    /// Starts a drawing: drops the outlines the last `retention` drawings did not use.
    mutating func beginDrawing() {
        drawing += 1
        let oldest = drawing - Self.retention
        guard entries.contains(where: { $0.value.lastUsed < oldest }) else { return }
        entries = entries.filter { $0.value.lastUsed >= oldest }
        elements = entries.values.reduce(0) { $0 + $1.outline.elements.count }
    }

    /// `path.strokeOutline(style, tolerance:)`, kept for the next drawings.
    mutating func outline(of path: Path, style: StrokeStyle, tolerance: Double) -> Path {
        let key = Key(path: path, style: style, tolerance: tolerance)
        // Found by index, so a path kept is hashed once a stroke, not again to mark it used.
        if let index = entries.index(forKey: key) {
            entries.values[index].lastUsed = drawing
            return entries.values[index].outline
        }
        let outline = path.strokeOutline(style, tolerance: tolerance)
        if elements + outline.elements.count <= Self.elementLimit {
            entries[key] = Entry(outline: outline, lastUsed: drawing)
            elements += outline.elements.count
        }
        return outline
    }
}
