import Geometry

/// Glyph coverage kept from frame to frame: a glyph drawn again at exactly the same device
/// transform (a title that holds still, a paragraph under a moving layer's sibling) is drawn
/// from its mask instead of rasterized again. Keys are exact, so what is drawn is what
/// rasterizing the outline there gives. A mask is made the second time a glyph is seen at a
/// place, so a glyph that moves is filled directly each frame, as if there were no cache.
///
/// A mask unused for `retention` drawings (a canvas drawing bands draws a few each frame) is
/// dropped, so the cache holds about one frame's glyphs, and never more than `byteLimit`.
struct GlyphMaskCache {
    private struct Key: Hashable {
        let glyph: Glyph
        let m11: Double, m12: Double, m21: Double, m22: Double, tx: Double, ty: Double
        /// The frame the mask covers.
        let frameWidth: Int, frameHeight: Int
    }

    private struct Entry {
        /// nil when the glyph shows nothing there, or the mask is not made yet.
        var mask: CoverageMask?
        var made: Bool
        var lastUsed: Int
    }

    /// What a lookup found.
    enum Lookup {
        /// Draw this mask.
        case mask(CoverageMask)
        /// The glyph shows nothing there.
        case nothing
        /// First seen there: fill the outline.
        case firstSeen
    }

    private var entries: [Key: Entry] = [:]
    private var frame = 0
    private var bytes = 0
    /// How many drawings a mask is kept without being used.
    static let retention = 4
    /// The most mask bytes kept; past it, glyphs are drawn without keeping their masks.
    static let byteLimit = 64 << 20

    /// Starts a drawing: drops the masks the last `retention` drawings did not use.
    mutating func beginFrame() {
        frame += 1
        let oldest = frame - Self.retention
        guard entries.contains(where: { $0.value.lastUsed < oldest }) else { return }
        entries = entries.filter { $0.value.lastUsed >= oldest }
        bytes = entries.values.reduce(0) { $0 + ($1.mask?.byteCount ?? 0) }
    }

    /// The mask of `glyph` under the affine `transform` over the frame of `target`, made by
    /// `rasterizer` the second time it is asked for.
    mutating func mask(of glyph: Glyph, transform t: Transform3D, frameOf target: Pixmap, rasterizer: inout Rasterizer) -> Lookup {
        let key = Key(glyph: glyph, m11: t.m11, m12: t.m12, m21: t.m21, m22: t.m22, tx: t.m41, ty: t.m42,
                      frameWidth: target.width, frameHeight: target.frameHeight)
        guard var entry = entries[key] else {
            entries[key] = Entry(mask: nil, made: false, lastUsed: frame)
            return .firstSeen
        }
        entry.lastUsed = frame
        if !entry.made {
            entry.mask = rasterizer.coverageMask(of: glyph.outline, transform: t, frameOf: target)
            entry.made = true
            let size = entry.mask?.byteCount ?? 0
            guard bytes + size <= Self.byteLimit else {
                entries[key] = nil
                return entry.mask.map { .mask($0) } ?? .nothing
            }
            bytes += size
        }
        entries[key] = entry
        return entry.mask.map { .mask($0) } ?? .nothing
    }
}
