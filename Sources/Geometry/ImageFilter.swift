/// How an image's pixels are sampled when it is drawn smaller or larger than they are
/// (`minificationFilter`, `magnificationFilter`).
public enum ImageFilter: String, Hashable, Sendable, CaseIterable {
    /// The nearest pixel: hard edges, no blending.
    case nearest
    /// Bilinear interpolation of the four nearest pixels (Core Animation's default).
    case linear
    /// Bilinear in the two mipmap levels around the scale, mixed: shrunk images average
    /// their pixels instead of aliasing. For magnification it is `linear`.
    case trilinear
}

/// The two filters of an image drawing: one for drawing it smaller, one for larger.
public struct ImageSampling: Hashable, Sendable {
    public var minification: ImageFilter
    public var magnification: ImageFilter

    /// Sampling with both filters given; Core Animation's defaults are both `linear`.
    public init(minification: ImageFilter = .linear, magnification: ImageFilter = .linear) {
        self.minification = minification
        self.magnification = magnification
    }
}
