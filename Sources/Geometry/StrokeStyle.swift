/// How a path's outline is drawn: `CAShapeLayer`'s line properties.
public struct StrokeStyle: Hashable, Sendable {
    public enum Cap: String, Hashable, Sendable, CaseIterable {
        case butt, round, square
    }

    public enum Join: String, Hashable, Sendable, CaseIterable {
        case miter, round, bevel
    }

    public var lineWidth: Double = 1
    public var lineCap: Cap = .butt
    public var lineJoin: Join = .miter
    /// A miter longer than miterLimit × lineWidth is drawn as a bevel.
    public var miterLimit: Double = 10
    /// Alternating dash and gap lengths; empty draws a solid line.
    public var dashPattern: [Double] = []
    public var dashPhase: Double = 0
    /// The part of the path drawn, as fractions of its length (strokeStart/strokeEnd).
    public var start: Double = 0
    public var end: Double = 1

    public init(lineWidth: Double = 1, lineCap: Cap = .butt, lineJoin: Join = .miter, miterLimit: Double = 10) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
    }
}
