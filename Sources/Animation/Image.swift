/// Pixels for a layer's `contents`: premultiplied RGBA8, rows top to bottom, no padding.
public struct Image: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Premultiplied RGBA8, `width` × `height` × 4 bytes, rows top to bottom.
    public let bytes: [UInt8]
    /// Whether every pixel is the same (a plain piece of paper, a dot), found once when the
    /// image is made: such an image draws as its one colour, far faster than sampled.
    public let isUniform: Bool

    /// An image of `width` × `height` pixels; nil when the byte count does not match. A colour
    /// channel above its pixel's alpha (no premultiplied colour has one) is taken as the alpha,
    /// so that a transparent pixel is all zero, as drawing assumes.
    public init?(width: Int, height: Int, premultipliedRGBA bytes: [UInt8]) {
        guard width > 0, height > 0, bytes.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        var bytes = bytes
        for i in stride(from: 0, to: bytes.count, by: 4) where bytes[i] > bytes[i + 3] || bytes[i + 1] > bytes[i + 3] || bytes[i + 2] > bytes[i + 3] {
            (bytes[i], bytes[i + 1], bytes[i + 2]) = (min(bytes[i], bytes[i + 3]), min(bytes[i + 1], bytes[i + 3]), min(bytes[i + 2], bytes[i + 3]))
        }
        self.bytes = bytes
        isUniform = stride(from: 4, to: bytes.count, by: 4).allSatisfy { i in
            bytes[i] == bytes[0] && bytes[i + 1] == bytes[1] && bytes[i + 2] == bytes[2] && bytes[i + 3] == bytes[3]
        }
    }
}

/// How contents are placed in a layer's bounds (`contentsGravity`).
public enum ContentsGravity: String, Hashable, Sendable, CaseIterable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    /// Stretched to fill the bounds (the default).
    case resize
    /// Scaled to fit inside the bounds, keeping its aspect ratio.
    case resizeAspect
    /// Scaled to cover the bounds, keeping its aspect ratio (the overflow is clipped only by masksToBounds).
    case resizeAspectFill
}

/// The kind of colour ramp a gradient layer draws (`CAGradientLayerType`).
public enum GradientType: String, Hashable, Sendable, CaseIterable {
    case axial, radial, conic
}
