/// An axis-aligned rectangle: an origin and a size, as `CGRect`.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The corner the size is measured from: the top left when the size is positive (y down).
    public var origin: Point
    /// The extent from the origin; a negative side extends left or up, as in `CGRect`.
    public var size: Size

    /// A rectangle from `origin` extending by `size`.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle from (x, y) extending by `width` × `height`.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The smallest x, whatever the sign of the width.
    public var minX: Double { min(origin.x, origin.x + size.width) }
    /// The smallest y (the top edge), whatever the sign of the height.
    public var minY: Double { min(origin.y, origin.y + size.height) }
    /// The largest x, whatever the sign of the width.
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    /// The largest y (the bottom edge), whatever the sign of the height.
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    /// The x of the centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The y of the centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// The width, never negative.
    public var width: Double { abs(size.width) }
    /// The height, never negative.
    public var height: Double { abs(size.height) }
    /// Whether the rectangle has no area (a zero width or height).
    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// The smallest rectangle containing both rectangles.
    public func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
