/// How a layer's `mask` becomes coverage: Core Animation uses the mask's alpha; animvid adds the
/// inverse and the mask's luminance, which After Effects' track mattes (and so Lottie files) use.
public enum MaskMode: String, Hashable, Sendable, CaseIterable {
    /// The mask's alpha (Core Animation's only mode).
    case alpha
    /// One minus the mask's alpha: the layer shows where the mask draws nothing.
    case alphaInverted
    /// The mask's luminance times its alpha: 0.2125 R + 0.7154 G + 0.0721 B of its premultiplied
    /// sRGB colour, as an SVG luminance mask computes it.
    case luminance
    /// One minus that luminance.
    case luminanceInverted
}
