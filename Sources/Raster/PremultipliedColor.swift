/// An 8-bit RGBA colour with premultiplied alpha, the rasterizer's pixel format.
public struct PremultipliedColor: Hashable, Sendable {
    public var r, g, b, a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        (self.r, self.g, self.b, self.a) = (r, g, b, a)
    }

    /// Converts straight sRGB components in 0…1 (clamped), rounding to the nearest byte.
    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        let alpha = unit(alpha)
        func byte(_ v: Double) -> UInt8 { UInt8((unit(v) * alpha * 255).rounded()) }
        self.init(r: byte(red), g: byte(green), b: byte(blue), a: UInt8((alpha * 255).rounded()))
    }

    public static let transparent = PremultipliedColor(r: 0, g: 0, b: 0, a: 0)
    public static let white = PremultipliedColor(r: 255, g: 255, b: 255, a: 255)
}
