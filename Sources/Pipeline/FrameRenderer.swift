import Animation
import Geometry
import Raster

/// Draws display lists into pixmaps at a scale of pixels per point: the bridge from the
/// animation engine's display list to the rasterizer. One renderer per thread.
public final class FrameRenderer {
    private let canvas = Canvas()
    /// Pixels per point.
    public let scale: Double

    public init(scale: Double) {
        self.scale = scale
    }

    /// Renders `list` into `frame` (its old contents are cleared to transparent) and returns it,
    /// premultiplied.
    public func render(_ list: DisplayList, into frame: consuming Pixmap) -> Pixmap {
        canvas.begin(frame, clearingTo: .transparent)
        let toPixels = Transform3D(scaleX: scale, y: scale)
        for item in list.items {
            switch item {
            case let .fill(path, transform, color, rule):
                canvas.fill(path, transform: transform.concatenating(toPixels), color: Self.premultiplied(color), rule: rule)
            case .beginGroup(let opacity):
                canvas.beginGroup(opacity: opacity)
            case .endGroup:
                canvas.endGroup()
            case let .beginClip(path, transform):
                canvas.beginClip(path, transform: transform.concatenating(toPixels))
            case .endClip:
                canvas.endClip()
            }
        }
        return canvas.end()
    }

    static func premultiplied(_ c: Color) -> PremultipliedColor {
        PremultipliedColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
    }
}
