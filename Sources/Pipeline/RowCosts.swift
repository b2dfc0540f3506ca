import Geometry

/// An estimate of what each row of a frame costs to draw, from the draws of its display list:
/// each draw adds, to every row its device box spans, the box's width in pixels plus a constant
/// for the row's edges and set-up. `BandRenderer` cuts a frame into bands of equal estimated
/// cost with it, so a thread given the busy rows is not given more of them. The estimate is a
/// pure function of the list: the same bands on every run and machine.
public struct RowCosts: Sendable {
    /// One estimate a frame row, in pixel-equivalents.
    public private(set) var values: [Double]
    /// The frame's width: a box wider than the frame costs the frame's width.
    public let width: Int

    /// What a row a draw crosses costs besides its pixels: finding its edges, starting its runs.
    static let perRow = 16.0

    /// A frame `width` × `height` with no draws yet: every row costs 0.
    public init(width: Int, height: Int) {
        self.width = max(width, 0)
        values = [Double](repeating: 0, count: max(height, 0))
    }

    /// Adds a draw of `path` mapped by `transform` (its x and y; perspective is ignored), its box
    /// grown by `outset` pixels on every side (half a stroke's width, a blur's reach).
    public mutating func add(_ path: Path, transform: Transform3D, outset: Double = 0) {
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        func include(_ p: Point) {
            let x = transform.m11 * p.x + transform.m21 * p.y + transform.m41
            let y = transform.m12 * p.x + transform.m22 * p.y + transform.m42
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        path.forEachControlPoint(include)
        add(minX: minX - outset, maxX: maxX + outset, minY: minY - outset, maxY: maxY + outset)
    }

    /// Adds a draw covering the device box minX…maxX × minY…maxY (pixels; clamped to the frame).
    public mutating func add(minX: Double, maxX: Double, minY: Double, maxY: Double) {
        guard minX <= maxX, minY <= maxY, minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return }
        let first = max(Int(minY.rounded(.down)), 0), end = min(Int(maxY.rounded(.up)), values.count)
        guard first < end else { return }
        let cost = max(min(maxX, Double(width)) - max(minX, 0), 0) + Self.perRow
        for row in first..<end { values[row] += cost }
    }
}
