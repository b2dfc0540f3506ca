/// A glyph's outline at one size, with the identity that lets a renderer reuse what it drew of
/// it: the font it comes from, its index there and the size. Two glyphs with the same identity
/// have the same outline, so equality and hashing look at the identity alone.
public struct Glyph: Hashable, Sendable {
    /// The serial number of the font face it comes from, unique for the process.
    public var faceSerial: Int
    /// The glyph's index in the font.
    public var index: UInt32
    /// The size it is set at, in points an em.
    public var size: Double
    /// The outline at `size`, origin on the baseline at the glyph's pen position, y down.
    public var outline: Path

    /// Glyph `index` of face `faceSerial` at `size`, whose outline is `outline`.
    public init(faceSerial: Int, index: UInt32, size: Double, outline: Path) {
        self.faceSerial = faceSerial
        self.index = index
        self.size = size
        self.outline = outline
    }

    public static func == (a: Glyph, b: Glyph) -> Bool {
        a.faceSerial == b.faceSerial && a.index == b.index && a.size == b.size
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(faceSerial)
        hasher.combine(index)
        hasher.combine(size)
    }
}
