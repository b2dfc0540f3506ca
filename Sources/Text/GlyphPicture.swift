import Geometry

/// A colour glyph's picture (an emoji from a colour font's bitmaps), drawn in its own colours.
public struct GlyphPicture: Sendable {
    /// The bitmap's size in pixels.
    public let width: Int, height: Int
    /// Premultiplied RGBA8, `width` × `height` × 4 bytes, rows top to bottom.
    public let premultipliedRGBA: [UInt8]
    /// The box the bitmap fills, in ems from the pen on the baseline, y down.
    public let box: Rect
}
