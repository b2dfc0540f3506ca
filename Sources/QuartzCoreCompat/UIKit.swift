import Animation
import Geometry
import Pipeline

/// A colour (`UIColor`), sRGB.
public final class UIColor: Sendable {
    /// The colour as Core Graphics has it (`cgColor`).
    public let cgColor: CGColor

    /// A colour from its components, 0…1 (`init(red:green:blue:alpha:)`).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        cgColor = Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A grey (`init(white:alpha:)`).
    public init(white: CGFloat, alpha: CGFloat) {
        cgColor = Color(white: white, alpha: alpha)
    }

    /// A colour from hue, saturation and brightness, 0…1 (`init(hue:saturation:brightness:alpha:)`).
    public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6, sector = Int(h) % 6, f = h - h.rounded(.down)
        let (v, s) = (brightness, saturation)
        let (p, q, t) = (v * (1 - s), v * (1 - s * f), v * (1 - s * (1 - f)))
        let rgb = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][sector]
        cgColor = Color(red: rgb.0, green: rgb.1, blue: rgb.2, alpha: alpha)
    }

    /// The colour of a `CGColor` (`init(cgColor:)`).
    public init(cgColor: CGColor) {
        self.cgColor = cgColor
    }

    /// The same colour at another alpha (`withAlphaComponent(_:)`).
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        var color = cgColor
        color.alpha = alpha
        return UIColor(cgColor: color)
    }

    /// Makes this the colour `UIBezierPath.stroke()` draws with in `draw(_:)` (`setStroke()`).
    public func setStroke() { AppRun.current?.drawing?.strokeColor = cgColor }
    /// Makes this the colour `UIBezierPath.fill()` draws with in `draw(_:)` (`setFill()`).
    public func setFill() { AppRun.current?.drawing?.fillColor = cgColor }
    /// Both (`set()`).
    public func set() { setStroke(); setFill() }

    // UIKit's named colours, with its component values.
    public static let black = UIColor(white: 0, alpha: 1)
    public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
    public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
    public static let white = UIColor(white: 1, alpha: 1)
    public static let gray = UIColor(white: 0.5, alpha: 1)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    public static let clear = UIColor(white: 0, alpha: 0)

    // The system colors in their light appearance, as iOS 13 defines them (systemMint and
    // systemCyan, added later, as iOS 15): a clip has no dark mode. Apple adjusts these between
    // releases, so a device on another iOS may differ by a few levels.
    public static let systemRed = UIColor(hex: 0xFF3B30)
    public static let systemOrange = UIColor(hex: 0xFF9500)
    public static let systemYellow = UIColor(hex: 0xFFCC00)
    public static let systemGreen = UIColor(hex: 0x34C759)
    public static let systemMint = UIColor(hex: 0x00C7BE)
    public static let systemTeal = UIColor(hex: 0x5AC8FA)
    public static let systemCyan = UIColor(hex: 0x32ADE6)
    public static let systemBlue = UIColor(hex: 0x007AFF)
    public static let systemIndigo = UIColor(hex: 0x5856D6)
    public static let systemPurple = UIColor(hex: 0xAF52DE)
    public static let systemPink = UIColor(hex: 0xFF2D55)
    public static let systemBrown = UIColor(hex: 0xA2845E)
    public static let systemGray = UIColor(hex: 0x8E8E93)
    public static let systemGray2 = UIColor(hex: 0xAEAEB2)
    public static let systemGray3 = UIColor(hex: 0xC7C7CC)
    public static let systemGray4 = UIColor(hex: 0xD1D1D6)
    public static let systemGray5 = UIColor(hex: 0xE5E5EA)
    public static let systemGray6 = UIColor(hex: 0xF2F2F7)
    public static let label = UIColor.black
    public static let secondaryLabel = UIColor(hex: 0x3C3C43, alpha: 0.6)
    public static let tertiaryLabel = UIColor(hex: 0x3C3C43, alpha: 0.3)
    public static let quaternaryLabel = UIColor(hex: 0x3C3C43, alpha: 0.18)
    public static let systemBackground = UIColor.white
    public static let secondarySystemBackground = UIColor(hex: 0xF2F2F7)
    public static let tertiarySystemBackground = UIColor.white
    public static let separator = UIColor(hex: 0x3C3C43, alpha: 0.29)
    public static let link = UIColor(hex: 0x007AFF)

    /// A colour from its 24-bit sRGB value, 0xRRGGBB.
    private convenience init(hex: UInt32, alpha: CGFloat = 1) {
        self.init(red: Double(hex >> 16 & 0xFF) / 255, green: Double(hex >> 8 & 0xFF) / 255, blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }
}

/// A font: a name and a size (`UIFont`). The system font and Apple's families are drawn in the
/// installed families standing in for them (docs/core-animation.md, "Fonts").
public final class UIFont: Sendable {
    public let fontName: String
    public let pointSize: CGFloat

    /// The font called `name` (`init(name:size:)`); whether it is installed is checked when
    /// text is drawn.
    public init?(name: String, size: CGFloat) {
        guard !name.isEmpty else { return nil }
        (fontName, pointSize) = (name, size)
    }

    private init(system name: String, size: CGFloat) {
        (fontName, pointSize) = (name, size)
    }

    /// The system font (`systemFont(ofSize:)`).
    public static func systemFont(ofSize size: CGFloat) -> UIFont { UIFont(system: "System Font", size: size) }
    /// The system font, bold (`boldSystemFont(ofSize:)`).
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(system: "System Font Bold", size: size) }
    /// The system font, italic (`italicSystemFont(ofSize:)`).
    public static func italicSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(system: "System Font Italic", size: size) }
    /// The system font at a weight (`systemFont(ofSize:weight:)`), drawn in the stand-in's face of
    /// that weight (Inter's faces go from Thin, 100, to Black, 900, as Apple's weights do).
    public static func systemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(system: weight.style.isEmpty ? "System Font" : "System Font " + weight.style, size: size)
    }

    /// A font weight (`UIFont.Weight`) on UIKit's scale (regular 0, heavier above): the named
    /// weights at the SDK's values (`UIFontWeightUltraLight` −0.8 … `UIFontWeightBlack` 0.62). A
    /// weight between them is drawn in the face of the nearest; past the ends, in the end's face.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(-0.8)
        public static let thin = Weight(-0.6)
        public static let light = Weight(-0.4)
        public static let regular = Weight(0)
        public static let medium = Weight(0.23)
        public static let semibold = Weight(0.3)
        public static let bold = Weight(0.4)
        public static let heavy = Weight(0.56)
        public static let black = Weight(0.62)

        /// The named weights, lightest first, with the names of their faces (OpenType's for
        /// 100…900: the stand-in family has one face for each).
        static let faces: [(weight: Weight, style: String)] = [
            (.ultraLight, "Thin"), (.thin, "Extra Light"), (.light, "Light"), (.regular, ""), (.medium, "Medium"),
            (.semibold, "Semi Bold"), (.bold, "Bold"), (.heavy, "Extra Bold"), (.black, "Black"),
        ]

        /// The name of the face this weight is drawn in: the nearest named weight's (the lighter
        /// at a tie).
        var style: String {
            Self.faces.min { abs($0.weight.rawValue - rawValue) < abs($1.weight.rawValue - rawValue) }?.style ?? ""
        }
    }
}

/// A path with a line width, as UIKit draws it (`UIBezierPath`); arcs take UIKit's meaning of
/// `clockwise` (clockwise on screen).
public final class UIBezierPath {
    private var path = Path()
    /// The width `stroke()` draws with.
    public var lineWidth: CGFloat = 1
    public var lineCapStyle: CAShapeLayerLineCap = .butt
    public var lineJoinStyle: CAShapeLayerLineJoin = .miter

    /// An empty path.
    public init() {}
    /// A rectangle (`init(rect:)`).
    public init(rect: CGRect) { path.addRect(rect) }
    /// The ellipse inscribed in `rect` (`init(ovalIn:)`).
    public init(ovalIn rect: CGRect) { path = .ellipse(in: rect) }
    /// A rectangle with circular corners of `cornerRadius` (`init(roundedRect:cornerRadius:)`).
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) { path = .roundedRect(rect, cornerRadius: cornerRadius) }
    /// An arc (`init(arcCenter:radius:startAngle:endAngle:clockwise:)`).
    public init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }
    /// A path of `cgPath`'s elements (`init(cgPath:)`).
    public init(cgPath: CGPath) { path = cgPath.path }

    /// The path as Core Graphics has it (`cgPath`).
    public var cgPath: CGPath { CGPath(path: path) }
    /// Whether it has no elements.
    public var isEmpty: Bool { path.isEmpty }

    public func move(to point: CGPoint) { path.move(to: point) }
    public func addLine(to point: CGPoint) { path.addLine(to: point) }
    public func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) { path.addQuadCurve(to: end, control: controlPoint) }
    public func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: end, control1: controlPoint1, control2: controlPoint2)
    }
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }
    public func append(_ other: UIBezierPath) { path.addPath(other.path) }
    public func close() { path.closeSubpath() }
    public func removeAllPoints() { path = Path() }
    /// Maps every point of the path by `transform` (`apply(_:)`).
    public func apply(_ transform: CGAffineTransform) { path = path.applying(transform.matrix) }

    /// Strokes the path in the stroke colour (black unless set) into the view being drawn
    /// (`stroke()`); outside `draw(_:)` it draws nothing, as on iOS.
    public func stroke() {
        guard !path.isEmpty, let drawing = AppRun.current?.drawing else { return }
        let layer = ShapeLayer()
        layer.path = path
        layer.fillColor = nil
        layer.strokeColor = drawing.strokeColor
        layer.lineWidth = lineWidth
        layer.lineCap = lineCapStyle
        layer.lineJoin = lineJoinStyle
        drawing.layers.append(layer)
    }

    /// Fills the path in the fill colour (black unless set) into the view being drawn (`fill()`).
    public func fill() {
        guard !path.isEmpty, let drawing = AppRun.current?.drawing else { return }
        let layer = ShapeLayer()
        layer.path = path
        layer.fillColor = drawing.fillColor
        drawing.layers.append(layer)
    }
}

/// What a view's `draw(_:)` has drawn so far, and the colours it draws with.
final class Drawing {
    var strokeColor: CGColor = .black
    var fillColor: CGColor = .black
    /// One shape layer per stroke or fill, in order.
    var layers: [Layer] = []
}

/// The screen (`UIScreen`): the clip's canvas.
public final class UIScreen {
    /// The screen the app runs on (`UIScreen.main`).
    public static var main: UIScreen { UIScreen(bounds: AppRun.running("UIScreen.main").screen) }
    /// Its size in points, at the origin.
    public let bounds: CGRect
    private init(bounds: CGRect) { self.bounds = bounds }
}

/// The app (`UIApplication`).
public final class UIApplication {
    /// The running app (`UIApplication.shared`).
    public static var shared: UIApplication { UIApplication(window: AppRun.running("UIApplication.shared").window) }
    /// The app's window (`keyWindow`).
    public let keyWindow: UIView?
    private init(window: UIView?) { keyWindow = window }
}

/// A picture (`UIImage`), for a layer's `contents` through `cgImage`, or an image view.
public final class UIImage {
    /// The bitmap (`cgImage`).
    public let cgImage: CGImage?

    /// A picture of `cgImage` (`init(cgImage:)`).
    public init(cgImage: CGImage) {
        self.cgImage = cgImage
    }

    /// The PNG or JPEG file at `path`, or nil when it cannot be read (`init(contentsOfFile:)`).
    public convenience init?(contentsOfFile path: String) {
        guard let image = Self.load(path) else { return nil }
        self.init(cgImage: image)
    }

    /// The image file called `name` — a path from the working directory, or an absolute one —
    /// as given or with `.png`, `.jpg` or `.jpeg` added, or nil (`init(named:)`: an app's
    /// bundle is the folder the clip is made in; `@2x` variants are not looked for).
    public convenience init?(named name: String) {
        guard !name.isEmpty, let image = ["", ".png", ".jpg", ".jpeg"].lazy.compactMap({ Self.load(name + $0) }).first else { return nil }
        self.init(cgImage: image)
    }

    /// The image in the file at `path` (not a `data:` URI), or nil.
    private static func load(_ path: String) -> CGImage? {
        path.hasPrefix("data:") ? nil : try? LayerImageCodec.decode(path)
    }

    /// Its size in points.
    public var size: CGSize { cgImage.map { CGSize(Double($0.width), Double($0.height)) } ?? .zero }
}
