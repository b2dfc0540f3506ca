/// An 8-bit RGBA colour with premultiplied alpha, the rasterizer's pixel format.
public struct PremultipliedColor: Hashable, Sendable {
    /// The channel bytes; r, g and b are already multiplied by a, so none exceeds it.
    public var r, g, b, a: UInt8

    /// A colour from premultiplied bytes (r, g and b at most `a`).
    @inlinable
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        (self.r, self.g, self.b, self.a) = (r, g, b, a)
    }

    /// Converts straight sRGB components in 0…1 (clamped): each rounded to a byte, then the colour
    /// premultiplied by the alpha byte with exact rounding (as Skia turns a colour into pixels).
    @inlinable
    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        let a = UInt32((unit(alpha) * 255).rounded())
        func byte(_ v: Double) -> UInt8 { UInt8(Blend.div255(UInt32((unit(v) * 255).rounded()) * a)) }
        self.init(r: byte(red), g: byte(green), b: byte(blue), a: UInt8(a))
    }

    /// A colour from one word, red in the low byte (`word`).
    @inlinable
    public init(word: UInt32) {
        self.init(r: UInt8(truncatingIfNeeded: word), g: UInt8(truncatingIfNeeded: word >> 8), b: UInt8(truncatingIfNeeded: word >> 16),
                  a: UInt8(truncatingIfNeeded: word >> 24))
    }

    /// The pixel as one word, red in the low byte (the bytes in memory order on a little-endian
    /// machine): what the four-pixel blends take.
    @inlinable
    public var word: UInt32 { UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24 }

    /// Transparent black: every byte 0.
    @inlinable
    public static var transparent: PremultipliedColor { PremultipliedColor(r: 0, g: 0, b: 0, a: 0) }
    /// Opaque white: every byte 255.
    @inlinable
    public static var white: PremultipliedColor { PremultipliedColor(r: 255, g: 255, b: 255, a: 255) }
}
