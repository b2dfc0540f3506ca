import Geometry

/// One drawing operation, in canvas points. Groups and clips nest: every `beginGroup` has its
/// `endGroup`, every `beginClip` its `endClip`.
public enum DisplayItem: Hashable, Sendable {
    /// Fills `path` (in the coordinates `transform` maps to the canvas) with a colour.
    case fill(Path, transform: Transform3D, color: Color, rule: FillRule)
    /// Starts drawing into a transparent group composited at `opacity` by the matching `endGroup`.
    case beginGroup(opacity: Double)
    case endGroup
    /// Restricts the following draws to the inside of `path` until the matching `endClip`.
    case beginClip(Path, transform: Transform3D)
    case endClip
}

/// What one frame draws, back to front: a flat list the rasterizer replays.
public struct DisplayList: Hashable, Sendable {
    public var items: [DisplayItem] = []
    /// The canvas size in points.
    public var canvasSize: Size

    public init(canvasSize: Size, items: [DisplayItem] = []) {
        self.canvasSize = canvasSize
        self.items = items
    }
}
