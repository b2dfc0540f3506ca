/// A cubic Bézier easing curve from (0, 0) to (1, 1), as `CAMediaTimingFunction`.
public struct TimingFunction: Hashable, Sendable {
    /// The control points (c1x, c1y) and (c2x, c2y); x values in 0…1.
    public let c1x, c1y, c2x, c2y: Double

    /// Creates a curve with control points (c1x, c1y) and (c2x, c2y); x values are clamped to 0…1.
    public init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.c1x = min(max(c1x, 0), 1)
        self.c1y = c1y
        self.c2x = min(max(c2x, 0), 1)
        self.c2y = c2y
    }

    /// `kCAMediaTimingFunctionLinear`: (0, 0)(1, 1).
    public static let linear = TimingFunction(0, 0, 1, 1)
    /// `kCAMediaTimingFunctionEaseIn`: (0.42, 0)(1, 1).
    public static let easeIn = TimingFunction(0.42, 0, 1, 1)
    /// `kCAMediaTimingFunctionEaseOut`: (0, 0)(0.58, 1).
    public static let easeOut = TimingFunction(0, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionEaseInEaseOut`: (0.42, 0)(0.58, 1).
    public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionDefault`.
    public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)

    /// The named functions by their Core Animation names (`easeOut`, `easeInEaseOut`, …).
    public static let named: [String: TimingFunction] = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut,
        "easeInEaseOut": .easeInEaseOut, "default": .default,
    ]

    /// The eased progress at `fraction` (0…1): solves x(s) = fraction, returns y(s).
    public func callAsFunction(_ fraction: Double) -> Double {
        if fraction <= 0 { return 0 }
        if fraction >= 1 { return 1 }
        if c1x == c1y && c2x == c2y { return fraction }
        return sampleY(solveX(fraction))
    }

    private var ax: Double { 1 + 3 * c1x - 3 * c2x }
    private var bx: Double { 3 * c2x - 6 * c1x }
    private var cx: Double { 3 * c1x }

    private func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    private func sampleY(_ s: Double) -> Double {
        let ay = 1 + 3 * c1y - 3 * c2y, by = 3 * c2y - 6 * c1y, cy = 3 * c1y
        return ((ay * s + by) * s + cy) * s
    }
    private func slopeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// WebKit's `UnitBezier` method: Newton steps from s = x, then bisection.
    private func solveX(_ x: Double) -> Double {
        let epsilon = 1e-7
        var s = x
        for _ in 0..<8 {
            let error = sampleX(s) - x
            if abs(error) < epsilon { return s }
            let d = slopeX(s)
            if abs(d) < 1e-6 { break }
            s -= error / d
        }
        var lo = 0.0, hi = 1.0
        s = x
        while lo < hi {
            let value = sampleX(s)
            if abs(value - x) < epsilon { return s }
            if x > value { lo = s } else { hi = s }
            let next = (hi - lo) / 2 + lo
            if next == s { break }
            s = next
        }
        return s
    }
}
