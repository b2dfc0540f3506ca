/// A colour transform as Core Image's `CIColorMatrix` applies it: on straight (unpremultiplied)
/// RGBA in 0…1, each channel out is its row's dot product with (r, g, b, a) plus its bias,
/// clamped to 0…1.
public struct ColorMatrix: Hashable, Sendable {
    /// The rows for red, green, blue and alpha (`inputRVector` … `inputAVector`).
    public var red, green, blue, alpha: SIMD4<Double>
    /// What is added to each channel (`inputBiasVector`).
    public var bias: SIMD4<Double>

    /// A matrix of the given rows and bias.
    public init(red: SIMD4<Double>, green: SIMD4<Double>, blue: SIMD4<Double>, alpha: SIMD4<Double>, bias: SIMD4<Double> = .zero) {
        (self.red, self.green, self.blue, self.alpha, self.bias) = (red, green, blue, alpha, bias)
    }

    /// The matrix that changes nothing.
    public static let identity = ColorMatrix(red: [1, 0, 0, 0], green: [0, 1, 0, 0], blue: [0, 0, 1, 0], alpha: [0, 0, 0, 1])

    /// The colour this matrix makes of straight `rgba`, before clamping.
    public func unclamped(_ rgba: SIMD4<Double>) -> SIMD4<Double> {
        SIMD4((red * rgba).sum(), (green * rgba).sum(), (blue * rgba).sum(), (alpha * rgba).sum()) + bias
    }
}
