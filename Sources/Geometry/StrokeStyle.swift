/// How a path's outline is drawn: `CAShapeLayer`'s line properties.
public struct StrokeStyle: Hashable, Sendable {
    /// How the ends of open subpaths and dashes are drawn (`CAShapeLayerLineCap`).
    public enum Cap: String, Hashable, Sendable, CaseIterable {
        case butt, round, square
    }

    /// How corners between elements are drawn (`CAShapeLayerLineJoin`).
    public enum Join: String, Hashable, Sendable, CaseIterable {
        case miter, round, bevel
    }

    /// The line's width in path coordinates.
    public var lineWidth: Double = 1
    /// How line ends are drawn, trimmed ends included.
    public var lineCap: Cap = .butt
    /// How corners are drawn.
    public var lineJoin: Join = .miter
    /// A miter longer than miterLimit × lineWidth is drawn as a bevel.
    public var miterLimit: Double = 10
    /// Alternating dash and gap lengths; empty draws a solid line.
    public var dashPattern: [Double] = []
    /// How far into `dashPattern` the line starts, in path coordinates.
    public var dashPhase: Double = 0
    /// The part of the path drawn, as fractions of its length (strokeStart/strokeEnd).
    public var start: Double = 0
    /// Where the drawn part ends, as a fraction of the path's length.
    public var end: Double = 1

    /// A solid, untrimmed style with the given line properties.
    public init(lineWidth: Double = 1, lineCap: Cap = .butt, lineJoin: Join = .miter, miterLimit: Double = 10) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
    }
}
