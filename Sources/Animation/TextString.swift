import Text

/// A text layer's text (`CATextLayer.string`): plain, or attributed as runs that each override
/// the layer's font, size, colour, kerning, underline and strikethrough.
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

        public init(_ text: String, font: String? = nil, fontSize: Double? = nil, color: Color? = nil, kern: Double? = nil,
                    underline: Bool = false, strikethrough: Bool = false) {
            self.text = text
            self.font = font
            self.fontSize = fontSize
            self.color = color
            self.kern = kern
            self.underline = underline
            self.strikethrough = strikethrough
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
