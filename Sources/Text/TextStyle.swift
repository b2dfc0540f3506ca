/// How a run of text is set: its font, size, tracking and underline. `tag` is the caller's own
/// (animvid's layers keep a run's colour by it); runs with the same style and tag draw together.
public struct TextStyle: Hashable, Sendable {
    /// A font name fontconfig knows, or a path to a font file (`FontLookup`).
    public var font: String
    /// Points an em.
    public var size: Double
    /// Points added after every glyph (`NSKernAttributeName`).
    public var tracking: Double
    public var underline: Bool
    public var tag: Int

    public init(font: String = FontLookup.defaultFont, size: Double = 36, tracking: Double = 0, underline: Bool = false, tag: Int = 0) {
        self.font = font
        self.size = size
        self.tracking = tracking
        self.underline = underline
        self.tag = tag
    }
}

/// A stretch of text in one style.
public struct TextRun: Hashable, Sendable {
    public var text: String
    public var style: TextStyle

    public init(_ text: String, style: TextStyle) {
        self.text = text
        self.style = style
    }
}

/// Where lines sit between the sides (`CATextLayer.alignmentMode`).
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    /// Left for a left-to-right paragraph, right for a right-to-left one.
    case natural, left, right, center
    /// Lines but a paragraph's last stretched to both sides at their spaces.
    case justified
}

/// What an unwrapped line too long for the width loses (`CATextLayer.truncationMode`), replaced by "…".
public enum TruncationMode: String, Hashable, Sendable, CaseIterable {
    case none, start, middle, end
}

/// How text is laid out in a box: its width (lines wrap or truncate there), alignment,
/// wrapping, truncation, and line spacing as a multiple of the fonts' own.
public struct TextLayoutOptions: Hashable, Sendable {
    public var width: Double
    public var alignment: TextAlignment
    public var isWrapped: Bool
    public var truncation: TruncationMode
    public var lineHeightMultiple: Double
    /// Whether characters the font joins (ligatures) are set as one glyph; without, each
    /// character stays a glyph (`NSAttributedString`'s ligature attribute 0).
    public var ligatures: Bool

    public init(width: Double, alignment: TextAlignment = .natural, isWrapped: Bool = false, truncation: TruncationMode = .none,
                lineHeightMultiple: Double = 1, ligatures: Bool = true) {
        self.width = width
        self.alignment = alignment
        self.isWrapped = isWrapped
        self.truncation = truncation
        self.lineHeightMultiple = lineHeightMultiple
        self.ligatures = ligatures
    }
}
