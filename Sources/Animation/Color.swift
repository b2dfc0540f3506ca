import Foundation

/// A colour in sRGB with straight (non-premultiplied) alpha, components in 0…1, like `CGColor`.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    /// A colour from sRGB components and straight alpha, each in 0…1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A grey of the given white level, as `UIColor(white:alpha:)`.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// `UIColor.clearColor`: black at alpha 0.
    public static let clear = Color(white: 0, alpha: 0)
    /// `UIColor.blackColor`: white 0.
    public static let black = Color(white: 0)
    /// `UIColor.whiteColor`: white 1.
    public static let white = Color(white: 1)
    /// `UIColor.grayColor`: white 0.5.
    public static let gray = Color(white: 0.5)
    /// `UIColor.redColor`: (1, 0, 0).
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// `UIColor.greenColor`: (0, 1, 0).
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// `UIColor.blueColor`: (0, 0, 1).
    public static let blue = Color(red: 0, green: 0, blue: 1)
    /// `UIColor.yellowColor`: (1, 1, 0).
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    /// `UIColor.orangeColor`: (1, 0.5, 0).
    public static let orange = Color(red: 1, green: 0.5, blue: 0)

    /// Parses `#RRGGBB` or `#RRGGBBAA` (the `#` is optional); nil when malformed.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        let v = digits.count == 6 ? value << 8 | 0xFF : value
        self.init(red: Double(v >> 24 & 0xFF) / 255, green: Double(v >> 16 & 0xFF) / 255,
                  blue: Double(v >> 8 & 0xFF) / 255, alpha: Double(v & 0xFF) / 255)
    }

    /// The colour with its alpha multiplied by `factor`.
    public func multipliedAlpha(_ factor: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    /// Interpolates in premultiplied space, so a fade to clear does not darken; where the mixed
    /// alpha is 0 (two transparent colours) the components mix straight, so a transparent
    /// colour keeps its hue (a gradient stop fading out takes it to its neighbours).
    public func interpolated(to o: Color, at t: Double) -> Color {
        let a = alpha + (o.alpha - alpha) * t
        guard a > 0 else {
            func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
            return Color(red: mix(red, o.red), green: mix(green, o.green), blue: mix(blue, o.blue), alpha: 0)
        }
        func mix(_ x: Double, _ y: Double) -> Double { (x * alpha + (y * o.alpha - x * alpha) * t) / a }
        return Color(red: mix(red, o.red), green: mix(green, o.green), blue: mix(blue, o.blue), alpha: a)
    }

    public var description: String {
        let bytes = [red, green, blue] + (alpha < 1 ? [alpha] : [])
        return "#" + bytes.map { String(format: "%02X", Int((min(max($0, 0), 1) * 255).rounded())) }.joined()
    }
}
