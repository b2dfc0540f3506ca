import Animation
import Geometry

/// A gradient masked by one shape (how a Lottie gradient fill arrives, and a `CAGradientLayer`
/// masked by a `CAShapeLayer`) drawn as the shape filled with the gradient: one pass over the
/// shape's pixels instead of a group the size of the gradient's rectangle, a mask as large, and
/// two passes to multiply and composite them. The picture is the same but for rounding (two
/// levels at most: the group rounds the gradient, the masked group and its opacity apart).
enum MaskedGradientFusion {
    /// `items` with every group of exactly this form replaced by one `fillGradient` of the
    /// mask's path:
    ///
    ///     beginGroup (no shadow, blur or filters; normal blend)
    ///       fillGradient of an axis-aligned rectangle
    ///       beginMask(.alpha)  fill (non-zero) wholly inside that rectangle  endMask
    ///     endGroup
    ///
    /// Both transforms must map the plane affinely (the shape is carried into the gradient's
    /// coordinates). The fill's opacity is the group's, the gradient's and the mask colour's alpha.
    static func fused(_ items: ArraySlice<DisplayItem>) -> [DisplayItem] {
        var result: [DisplayItem] = []
        result.reserveCapacity(items.count)
        var i = items.startIndex
        while i < items.endIndex {
            if i + 5 < items.endIndex, let fused = fusion(items[i..<i + 6]) {
                result.append(fused)
                i += 6
            } else {
                result.append(items[i])
                i += 1
            }
        }
        return result
    }

    /// The one fill that draws the six items `window`, if they have the form `fused` names.
    private static func fusion(_ window: ArraySlice<DisplayItem>) -> DisplayItem? {
        let at = window.startIndex
        guard case let .beginGroup(groupOpacity, nil, .normal, 0, filters) = window[at], filters.isEmpty,
              case let .fillGradient(rectangle, plane, gradient, opacity) = window[at + 1],
              case .beginMask(.alpha) = window[at + 2],
              case let .fill(shape, shapeTransform, color, .nonZero) = window[at + 3],
              case .endMask = window[at + 4], case .endGroup = window[at + 5],
              plane.mapsPlaneAffinely, shapeTransform.mapsPlaneAffinely,
              let toPlane = planarInverse(of: plane),
              let box = rectangle.axisAlignedRectangle else { return nil }
        let carried = shape.applying(shapeTransform.concatenating(toPlane))
        // Within the rectangle, to a rounding error far below a pixel's coverage step.
        let bounds = carried.bounds, slack = 1e-9 * max(box.width, box.height, 1)
        guard bounds.minX >= box.minX - slack, bounds.minY >= box.minY - slack,
              bounds.maxX <= box.maxX + slack, bounds.maxY <= box.maxY + slack else { return nil }
        return .fillGradient(carried, transform: plane, gradient: gradient, opacity: groupOpacity * opacity * color.alpha)
    }

    /// The planar affine map undoing `t` on the z = 0 plane (nil when it flattens the plane).
    private static func planarInverse(of t: Transform3D) -> Transform3D? {
        let det = t.m11 * t.m22 - t.m12 * t.m21
        guard det != 0, det.isFinite else { return nil }
        let (a, b, c, d) = (t.m22 / det, -t.m12 / det, -t.m21 / det, t.m11 / det)
        let (tx, ty) = (-(t.m41 * a + t.m42 * c), -(t.m41 * b + t.m42 * d))
        guard [a, b, c, d, tx, ty].allSatisfy(\.isFinite) else { return nil }
        return Transform3D([a, b, 0, 0, c, d, 0, 0, 0, 0, 1, 0, tx, ty, 0, 1])
    }
}
