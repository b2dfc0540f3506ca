import Animation
import Geometry

/// Groups drawn without an offscreen pass where one draw gives the same picture: a group of a
/// single draw is that draw at the group's opacity, and a rectangle of colour or gradient masked
/// by one shape (how Lottie fills a shape with a gradient, or masks a layer; a `CAGradientLayer`
/// masked by a `CAShapeLayer`) is the shape filled with it. Each spares a pixmap as large as
/// the group's pixels and two passes over them (three with a mask). The picture is the same but
/// for rounding (two levels at most, where the group rounded its content, the masked content
/// and its opacity apart), and at the edges a masking shape shares with its rectangle or with an
/// enclosing clip: there the group multiplied the two edges' coverages, a darker fringe, where
/// the one draw takes the edge's coverage once, as lottie-web and Core Animation draw it.
enum GroupFlattening {
    /// `items` with the groups that one draw gives replaced by that draw, inner groups first (a
    /// group holding only such a group is then one draw too).
    ///
    /// A group qualifies when it has no shadow, blur or filters and blends normally, and holds
    /// either one fill, glyph, gradient fill, stroke or image, or
    ///
    ///     a fill or a gradient fill of an axis-aligned rectangle
    ///     beginMask(.alpha)  one fill wholly inside that rectangle  endMask
    ///
    /// (under transforms that map the plane affinely, so that the shape can be carried into the
    /// rectangle's coordinates; a gradient under a non-zero mask).
    static func flattened(_ items: ArraySlice<DisplayItem>) -> [DisplayItem] {
        var result: [DisplayItem] = []
        result.reserveCapacity(items.count)
        for item in items {
            result.append(item)
            guard case .endGroup = item, let (count, draw) = oneDraw(endingAt: result) else { continue }
            result.removeLast(count)
            result.append(draw)
        }
        return result
    }

    /// The one draw that gives the group ending `list`, and how many items of the list it
    /// replaces (nil when it takes the group's pixmap).
    private static func oneDraw(endingAt list: [DisplayItem]) -> (Int, DisplayItem)? {
        let end = list.endIndex
        if end >= 3, let opacity = plainGroupOpacity(list[end - 3]), let draw = faded(list[end - 2], by: opacity) {
            return (3, draw)
        }
        guard end >= 6, let opacity = plainGroupOpacity(list[end - 6]), case .beginMask(.alpha) = list[end - 4],
              case let .fill(shape, shapeTransform, maskColor, shapeRule) = list[end - 3], case .endMask = list[end - 2] else { return nil }
        let alpha = opacity * unit(maskColor.alpha)
        /// The mask's shape in the coordinates of `plane`, when it lies within `rectangle` there.
        func carried(within rectangle: Path, on plane: Transform3D) -> Path? {
            guard shapeTransform.mapsPlaneAffinely, let toPlane = plane.invertedInPlane() else { return nil }
            let path = shape.applying(shapeTransform.concatenating(toPlane))
            return contains(rectangle, path) ? path : nil
        }
        switch list[end - 5] {
        case let .fill(rectangle, plane, color, _):
            guard carried(within: rectangle, on: plane) != nil else { return nil }
            var faded = color
            faded.alpha = unit(color.alpha) * alpha
            return (6, .fill(shape, transform: shapeTransform, color: faded, rule: shapeRule))
        case let .fillGradient(rectangle, plane, gradient, gradientOpacity):
            guard shapeRule == .nonZero, (0...1).contains(gradientOpacity), let inPlane = carried(within: rectangle, on: plane) else { return nil }
            return (6, .fillGradient(inPlane, transform: plane, gradient: gradient, opacity: gradientOpacity * alpha))
        default:
            return nil
        }
    }

    /// The opacity, within 0…1 as the group is drawn at, of a group that is drawn plainly (no
    /// shadow, blur, filters or rasterization; normal blend).
    private static func plainGroupOpacity(_ item: DisplayItem) -> Double? {
        guard case let .beginGroup(opacity, nil, .normal, 0, filters, nil) = item, filters.isEmpty, opacity.isFinite else { return nil }
        return unit(opacity)
    }

    /// `x` within 0…1, as colours' alphas and opacities are drawn.
    private static func unit(_ x: Double) -> Double { min(max(x, 0), 1) }

    /// A draw at `opacity` times its own (nil for items that are not a single draw, and for
    /// sprites, whose additive light the group would have composited normally).
    private static func faded(_ item: DisplayItem, by opacity: Double) -> DisplayItem? {
        func times(_ color: Color) -> Color {
            var c = color
            c.alpha = unit(c.alpha) * opacity
            return c
        }
        switch item {
        case let .fill(path, transform, color, rule): return .fill(path, transform: transform, color: times(color), rule: rule)
        case let .glyph(glyph, transform, color): return .glyph(glyph, transform: transform, color: times(color))
        case let .fillGradient(path, transform, gradient, alpha) where (0...1).contains(alpha):
            // (Beyond 1, the opacity would have scaled each stop's alpha before it was clamped.)
            return .fillGradient(path, transform: transform, gradient: gradient, opacity: alpha * opacity)
        case let .stroke(path, transform, color, style): return .stroke(path, transform: transform, color: times(color), style: style)
        case let .image(image, transform, destination, source, alpha, tint, sampling):
            return .image(image, transform: transform, destination: destination, source: source, opacity: unit(alpha) * opacity, tint: tint,
                          sampling: sampling)
        default: return nil
        }
    }

    /// Whether `path` lies within `rectangle`, an axis-aligned rectangle's path (to a rounding
    /// error far below a pixel's coverage step).
    private static func contains(_ rectangle: Path, _ path: Path) -> Bool {
        guard let box = rectangle.axisAlignedRectangle else { return false }
        let bounds = path.bounds, slack = 1e-9 * max(box.width, box.height, 1)
        return bounds.minX >= box.minX - slack && bounds.minY >= box.minY - slack
            && bounds.maxX <= box.maxX + slack && bounds.maxY <= box.maxY + slack
    }
}
