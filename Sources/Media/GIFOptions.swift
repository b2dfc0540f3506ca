/// How a GIF's frames are mapped to its palette.
public enum GIFDither: String, CaseIterable, Hashable, Sendable {
    /// An ordered 8×8 pattern: steady from frame to frame (the default).
    case bayer
    /// Error diffusion (Sierra Lite, FFmpeg's `sierra2_4a`), finer on photographs and gradients;
    /// it may crawl where a still area's neighbours change.
    case sierra
    /// Floyd–Steinberg error diffusion.
    case floyd
    /// The nearest palette colour: flat areas, bands in gradients.
    case none
}

/// Which frames a GIF's palette is made from.
public enum GIFPalette: String, CaseIterable, Hashable, Sendable {
    /// One palette from every frame of the clip (the default).
    case clip
    /// Each frame's own palette, for a clip whose colours change from scene to scene.
    case frame
}

/// An opaque colour that a transparent GIF's partly transparent pixels are blended over: the
/// colour of the page it will be shown on.
public struct MatteColor: Hashable, Sendable {
    public var red: UInt8, green: UInt8, blue: UInt8

    /// `#RRGGBB` (the `#` optional); nil when malformed.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        (red, green, blue) = (UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
    }
}
