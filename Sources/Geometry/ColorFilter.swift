/// A per-pixel colour transform of a layer's group, applied in order before its blur.
public enum ColorFilter: Hashable, Sendable {
    /// `CIColorMatrix`.
    case matrix(ColorMatrix)
    /// After Effects' Tint, as lottie-web draws it: each pixel's grey (the mean of its linear-light
    /// channels, back in sRGB) mapped from black…white to `black`…`white` (straight sRGB); below
    /// an `amount` of 1, that at the pixel's alpha times `amount` over the pixel itself, mixed
    /// in linear light.
    case tint(black: SIMD3<Double>, white: SIMD3<Double>, amount: Double)
}
