import Geometry
import Text

/// A text layer's text (`CATextLayer.string`): plain, or attributed as runs that each override
/// the layer's font, size, colour, kerning, underline and strikethrough, and may cast a shadow
/// and set the style of the paragraphs that start in them.
public struct TextString: Hashable, Sendable, ExpressibleByStringLiteral {
    /// A stretch of characters with the attributes it sets; nil attributes take the layer's.
    public struct Run: Hashable, Sendable {
        public var text: String
        public var font: String?
        public var fontSize: Double?
        public var color: Color?
        /// Points added after each character (`NSKernAttributeName`).
        public var kern: Double?
        public var underline: Bool
        /// A line through the run (`NSStrikethroughStyleAttributeName`).
        public var strikethrough: Bool
        /// The alignment and line spacing of a paragraph whose first character is in the run
        /// (`NSParagraphStyleAttributeName`); nil: the layer's.
        public var paragraph: ParagraphStyle?
        /// The shadow the run's glyphs cast (`NSShadowAttributeName`).
        public var shadow: TextShadow?

        public init(_ text: String, font: String? = nil, fontSize: Double? = nil, color: Color? = nil, kern: Double? = nil,
                    underline: Bool = false, strikethrough: Bool = false, paragraph: ParagraphStyle? = nil, shadow: TextShadow? = nil) {
            self.text = text
            self.font = font
            self.fontSize = fontSize
            self.color = color
            self.kern = kern
            self.underline = underline
            self.strikethrough = strikethrough
            self.paragraph = paragraph
            self.shadow = shadow
        }
    }

    public var runs: [Run]

    /// Attributed text.
    public init(runs: [Run]) {
        self.runs = runs
    }

    /// Plain text in the layer's attributes.
    public init(_ text: String) {
        runs = text.isEmpty ? [] : [Run(text)]
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The characters without their attributes.
    public var plainText: String { runs.map(\.text).joined() }

    /// Whether every run takes all the layer's attributes.
    public var isPlain: Bool { runs.allSatisfy { $0 == Run($0.text) } }
}

/// The shadow a run of text casts (`NSShadow`): its glyphs' silhouette (and its underline's)
/// blurred, moved and in a colour, under all the text.
public struct TextShadow: Hashable, Sendable {
    /// The displacement in the layer's points, y down (`shadowOffset`).
    public var offset: Size
    /// The blur, as a layer's `shadowRadius` (`shadowBlurRadius`).
    public var blurRadius: Double
    /// The colour; NSShadow's default is black at a third.
    public var color: Color

    public init(offset: Size = .zero, blurRadius: Double = 0, color: Color = Color(red: 0, green: 0, blue: 0, alpha: 1.0 / 3)) {
        self.offset = offset
        self.blurRadius = blurRadius
        self.color = color
    }
}
