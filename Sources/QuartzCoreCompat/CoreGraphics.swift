import Animation
import Geometry

// Core Graphics' value types, as the engine's own: the same fields and initialisers, so code
// written for iOS reads unchanged. `CGFloat` is `Double` (the 64-bit iOS width).

/// A graphics coordinate (`CGFloat`): a `Double`, as on every 64-bit Apple platform.
public typealias CGFloat = Double
/// Seconds (`TimeInterval`).
public typealias TimeInterval = Double
/// Seconds (`CFTimeInterval`).
public typealias CFTimeInterval = Double
/// A point (`CGPoint`).
public typealias CGPoint = Point
/// A size (`CGSize`).
public typealias CGSize = Size
/// A rectangle (`CGRect`).
public typealias CGRect = Rect
/// A colour (`CGColor`): red, green, blue and alpha in sRGB.
public typealias CGColor = Color
/// A bitmap (`CGImage`), for `contents`.
public typealias CGImage = Image

extension Rect {
    /// The rectangle with its origin moved by `dx`, `dy` (`offsetBy(dx:dy:)`).
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> CGRect {
        CGRect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` at the top and bottom
    /// (`insetBy(dx:dy:)`).
    public func insetBy(dx: CGFloat, dy: CGFloat) -> CGRect {
        CGRect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
}

/// An immutable path (`CGPath`): what a shape layer draws and a keyframe animation follows.
public class CGPath {
    /// The engine's path.
    public internal(set) var path: Path

    init(path: Path) {
        self.path = path
    }

    /// The smallest rectangle holding every point of the path, control points included
    /// (`boundingBox`).
    public var boundingBox: CGRect {
        let box = path.controlBox
        guard box.min.x <= box.max.x else { return .zero }
        return CGRect(x: box.min.x, y: box.min.y, width: box.max.x - box.min.x, height: box.max.y - box.min.y)
    }

    /// Whether the path has no elements (`isEmpty`).
    public var isEmpty: Bool { path.isEmpty }

    /// A mutable copy (`mutableCopy()`).
    public func mutableCopy() -> CGMutablePath { CGMutablePath(path: path) }

    /// An immutable copy (`copy()`).
    public func copy() -> CGPath { CGPath(path: path) }
}

/// A path built element by element (`CGMutablePath`, `CGPathCreateMutable()`), with Core
/// Graphics' meaning of `clockwise` (in y-down coordinates, `clockwise: true` runs
/// counter-clockwise on screen).
public final class CGMutablePath: CGPath {
    /// An empty path.
    public init() {
        super.init(path: Path())
    }

    override init(path: Path) {
        super.init(path: path)
    }

    /// Starts a subpath at `point` (`move(to:transform:)`).
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        path.move(to: point.applying(transform))
    }

    /// A line to `point` (`addLine(to:transform:)`).
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        path.addLine(to: point.applying(transform))
    }

    /// Lines through `points`, the first a move (`addLines(between:transform:)`).
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        for (i, p) in points.enumerated() {
            if i == 0 { move(to: p, transform: transform) } else { addLine(to: p, transform: transform) }
        }
    }

    /// A quadratic Bézier curve (`addQuadCurve(to:control:transform:)`).
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        path.addQuadCurve(to: end.applying(transform), control: control.applying(transform))
    }

    /// A cubic Bézier curve (`addCurve(to:control1:control2:transform:)`).
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        path.addCurve(to: end.applying(transform), control1: control1.applying(transform), control2: control2.applying(transform))
    }

    /// An arc of the circle about `center` from `startAngle` to `endAngle`, joined to the
    /// current point by a line (`addArc(center:radius:startAngle:endAngle:clockwise:transform:)`,
    /// `CGPathAddArc`).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        guard !transform.isIdentity else {
            return path.addCGArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        }
        var arc = Path()
        arc.addCGArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        append(arc.applying(transform.matrix))
    }

    /// An ellipse inscribed in `rect`, a closed subpath of its own (`addEllipse(in:transform:)`).
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        path.addPath(.ellipse(in: rect), transform: transform.matrix)
    }

    /// A rectangle, a closed subpath of its own (`addRect(_:transform:)`).
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        var r = Path()
        r.addRect(rect)
        path.addPath(r, transform: transform.matrix)
    }

    /// A rounded rectangle (`addRoundedRect(in:cornerWidth:cornerHeight:transform:)`); corners
    /// are circular, of the smaller of the two radii.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity) {
        path.addPath(.roundedRect(rect, cornerRadius: Swift.min(cornerWidth, cornerHeight)), transform: transform.matrix)
    }

    /// Another path's elements (`addPath(_:transform:)`).
    public func addPath(_ other: CGPath, transform: CGAffineTransform = .identity) {
        path.addPath(other.path, transform: transform.matrix)
    }

    /// Closes the current subpath (`closeSubpath()`).
    public func closeSubpath() {
        path.closeSubpath()
    }

    /// Adds a transformed arc, continuing the current subpath with a line to its start as
    /// Core Graphics joins an arc to the current point (`Path.addArc` does this untransformed).
    private func append(_ piece: Path) {
        for element in piece.elements {
            switch element {
            case .move(let p): if path.isEmpty || path.elements.last == .close { path.move(to: p) } else { path.addLine(to: p) }
            case .line(let p): path.addLine(to: p)
            case let .quad(c, p): path.addQuadCurve(to: p, control: c)
            case let .cubic(c1, c2, p): path.addCurve(to: p, control1: c1, control2: c2)
            case .close: path.closeSubpath()
            }
        }
    }
}

extension Double {
    /// The value a `Float` property was given as the code wrote it: the shortest decimal that
    /// reads back as the same `Float` (so -0.05 stays -0.05, not -0.0500000007). Core
    /// Animation's `Float` properties (opacity, speed, repeatCount, replicator offsets, emitter
    /// rates) are kept as doubles by the engine; keeping the written value makes a port render
    /// as the same scene written with doubles does. Infinity and NaN pass unchanged.
    init(written value: Float) {
        self = value.isFinite ? Double(value.description) ?? Double(value) : Double(value)
    }
}
