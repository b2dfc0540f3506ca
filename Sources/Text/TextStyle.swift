/// How a paragraph is set, where it says so (`NSParagraphStyle`): its alignment in place of the
/// layout's, and points added between its lines.
public struct ParagraphStyle: Hashable, Sendable {
    /// The paragraph's alignment; nil or natural takes the layout's.
    public var alignment: TextAlignment?
    /// Points added below each of its lines before the next (`lineSpacing`), at least 0.
    public var lineSpacing: Double

    public init(alignment: TextAlignment? = nil, lineSpacing: Double = 0) {
        self.alignment = alignment
        self.lineSpacing = lineSpacing
    }
}

/// How a run of text is set: its font, size, tracking, underline and strikethrough, and the style
/// of a paragraph that starts in it. `tag` is the caller's own (animvid's layers keep a run's
/// colour by it); runs with the same style and tag draw together.
public struct TextStyle: Hashable, Sendable {
    /// A font name fontconfig knows, or a path to a font file (`FontLookup`).
    public var font: String
    /// Points an em.
    public var size: Double
    /// Points added after every glyph (`NSKernAttributeName`).
    public var tracking: Double
    public var underline: Bool
    /// A line through the glyphs at the font's strikeout position (`NSStrikethroughStyleAttributeName`).
    public var strikethrough: Bool
    /// The style of a paragraph whose first character is in this run (as `NSAttributedString`
    /// takes a paragraph's attributes from its first character); nil: the layout's.
    public var paragraph: ParagraphStyle?
    public var tag: Int

    public init(font: String = FontLookup.defaultFont, size: Double = 36, tracking: Double = 0, underline: Bool = false,
                strikethrough: Bool = false, paragraph: ParagraphStyle? = nil, tag: Int = 0) {
        self.font = font
        self.size = size
        self.tracking = tracking
        self.underline = underline
        self.strikethrough = strikethrough
        self.paragraph = paragraph
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

/// Where a text layer's lines sit between the top and the bottom of its bounds (an animvid
/// extension, for UILabel's centring; Core Animation's `CATextLayer` sets them from the top).
public enum TextVerticalAlignment: String, Hashable, Sendable, CaseIterable {
    case top, center, bottom
}

/// What an unwrapped line too long for the width loses (`CATextLayer.truncationMode`), replaced
/// by "…", and where the last of a limited number of lines puts "…" when text is left.
public enum TruncationMode: String, Hashable, Sendable, CaseIterable {
    case none, start, middle, end
    /// No "…" anywhere: a line too long and the text past the last line are cut off (an
    /// animvid extension: UILabel's wrapping and clipping line break modes).
    case clip
}

/// What a text layer does with text too large for its bounds (an animvid extension; Core
/// Animation's `CATextLayer` draws it as `none` does).
public enum TextFit: String, Hashable, Sendable, CaseIterable {
    /// Set at its size: wrapped or truncated at the width as asked, lines past the height kept.
    case none
    /// Set smaller, down to `minimumScaleFactor`, until it fits the bounds (whole words on at
    /// most `numberOfLines` lines when wrapped); truncated there when even that is too large.
    case shrink
    /// Set at its size and cut to the lines that fit the bounds' height (and `numberOfLines`),
    /// the last one ending in "…" (where `truncationMode` says; at the end when it says none).
    case truncate
}

/// How text is laid out in a box: its width (lines wrap or truncate there) and height, alignment,
/// wrapping, truncation, line spacing as a multiple of the fonts' own, and how it is fitted.
public struct TextLayoutOptions: Hashable, Sendable {
    public var width: Double
    public var alignment: TextAlignment
    public var isWrapped: Bool
    public var truncation: TruncationMode
    public var lineHeightMultiple: Double
    /// Whether characters the font joins (ligatures) are set as one glyph; without, each
    /// character stays a glyph (`NSAttributedString`'s ligature attribute 0).
    public var ligatures: Bool
    /// The box's height, which `fit` keeps the lines inside (0: no limit).
    public var height: Double
    public var fit: TextFit
    /// The smallest factor `shrink` may scale the text's sizes by (0…1).
    public var minimumScaleFactor: Double
    /// The most lines the text is set on, the last ending in "…" when text is left (0: any).
    public var numberOfLines: Int

    public init(width: Double, alignment: TextAlignment = .natural, isWrapped: Bool = false, truncation: TruncationMode = .none,
                lineHeightMultiple: Double = 1, ligatures: Bool = true, height: Double = 0, fit: TextFit = .none,
                minimumScaleFactor: Double = 0.5, numberOfLines: Int = 0) {
        self.width = width
        self.alignment = alignment
        self.isWrapped = isWrapped
        self.truncation = truncation
        self.lineHeightMultiple = lineHeightMultiple
        self.ligatures = ligatures
        self.height = height
        self.fit = fit
        self.minimumScaleFactor = minimumScaleFactor
        self.numberOfLines = numberOfLines
    }
}
