/// A frame rate as an exact fraction, e.g. 30/1 or 30000/1001.
public struct FrameRate: Hashable, Sendable, CustomStringConvertible {
    /// The numerator in lowest terms (30000 in 30000/1001).
    public let numerator: Int
    /// The denominator in lowest terms (1001 in 30000/1001).
    public let denominator: Int

    /// A rate of `numerator`/`denominator` frames a second; nil unless both are positive.
    public init?(numerator: Int, denominator: Int = 1) {
        guard numerator > 0, denominator > 0, numerator <= 1_000_000, denominator <= 1_000_000 else { return nil }
        let g = Self.gcd(numerator, denominator)
        self.numerator = numerator / g
        self.denominator = denominator / g
    }

    /// Parses `30`, `30000/1001`, or a decimal such as `29.97`, `23.976` or `59.94`, which mean
    /// the NTSC rates (N·1000/1001) when they round to one; other decimals are taken exactly.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let n = Int(parts[0]), let d = Int(parts[1]) else { return nil }
            self.init(numerator: n, denominator: d)
            return
        }
        if let n = Int(text) {
            self.init(numerator: n)
            return
        }
        guard let value = Double(text), value.isFinite, value > 0, value <= 1_000_000 else { return nil }
        let ntsc = (value * 1.001).rounded()
        if abs(ntsc * 1000 / 1001 - value) < 0.0051 {
            self.init(numerator: Int(ntsc) * 1000, denominator: 1001)
            return
        }
        let scaled = (value * 1000).rounded()
        guard abs(scaled / 1000 - value) < 1e-9 else { return nil }
        self.init(numerator: Int(scaled), denominator: 1000)
    }

    /// Frames a second as a floating-point number.
    public var value: Double { Double(numerator) / Double(denominator) }

    /// The time of frame `index`, in seconds.
    public func time(ofFrame index: Int) -> Double {
        Double(index) * Double(denominator) / Double(numerator)
    }

    /// The number of whole frames in `seconds` (rounded to the nearest frame).
    public func frameCount(seconds: Double) -> Int {
        Int((seconds * value).rounded())
    }

    public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}
