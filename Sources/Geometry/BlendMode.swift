/// How a layer's pixels combine with what is under them (`CALayer.compositingFilter`): normal
/// source-over, Core Image's blend modes by their filter names without the `CI` prefix (the same
/// set Lottie files use), or `plusL`, Core Animation's additive mode. The formulas are those of
/// W3C Compositing and Blending Level 1 (docs/core-animation.md §6).
public enum BlendMode: String, Hashable, Sendable, CaseIterable {
    case normal
    case multiply = "multiplyBlendMode"
    case screen = "screenBlendMode"
    case overlay = "overlayBlendMode"
    case darken = "darkenBlendMode"
    case lighten = "lightenBlendMode"
    case colorDodge = "colorDodgeBlendMode"
    case colorBurn = "colorBurnBlendMode"
    case softLight = "softLightBlendMode"
    case hardLight = "hardLightBlendMode"
    case difference = "differenceBlendMode"
    case exclusion = "exclusionBlendMode"
    case hue = "hueBlendMode"
    case saturation = "saturationBlendMode"
    case color = "colorBlendMode"
    case luminosity = "luminosityBlendMode"
    /// Adds the colours, clamped: what a cross-fade of two pictures needs.
    case plusLighter = "plusL"
}
