import Geometry

/// An estimate of what each row of a frame costs to draw, from the draws of its display list:
/// each draw spreads the pixels it may cover (a fill's box, a stroke's length times its width)
/// over the rows it spans, plus a constant a row for the row's edges and set-up. `BandRenderer` cuts a frame into bands of equal estimated
/// cost with it, so a thread given the busy rows is not given more of them. The estimate is a
/// pure function of the list: the same bands on every run and machine.
public struct RowCosts: Sendable {
    /// One estimate a frame row, in pixel-equivalents.
    public var values: [Double] {
        // The running sum of the changes: a draw is two entries, not one for each of its rows.
        var sum = 0.0
        return changes.dropLast().map { sum += $0; return sum }
    }
    /// What each row costs more than the one above it (one more entry than rows).
    private var changes: [Double]
    /// The frame's width: a box wider than the frame costs the frame's width.
    public let width: Int

    /// What a row a draw crosses costs besides its pixels: finding its edges, starting its runs.
    static let perRow = 16.0

    /// A frame `width` × `height` with no draws yet: every row costs 0.
    public init(width: Int, height: Int) {
        self.width = max(width, 0)
        changes = [Double](repeating: 0, count: max(height, 0) + 1)
    }

    /// Adds a draw of `path` mapped by `transform` (its x and y; perspective is ignored): the box
    /// of its control box's mapped corners (`Path.controlBox`, four points whatever the path),
    /// grown by `outset` pixels on every side (half a stroke's width, a blur's reach).
    public mutating func add(_ path: Path, transform: Transform3D, outset: Double = 0) {
        let box = path.controlBox
        let (xs, ys) = ((box.min.x * transform.m11, box.max.x * transform.m11, box.min.y * transform.m21, box.max.y * transform.m21),
                        (box.min.x * transform.m12, box.max.x * transform.m12, box.min.y * transform.m22, box.max.y * transform.m22))
        add(minX: min(xs.0, xs.1) + min(xs.2, xs.3) + transform.m41 - outset, maxX: max(xs.0, xs.1) + max(xs.2, xs.3) + transform.m41 + outset,
            minY: min(ys.0, ys.1) + min(ys.2, ys.3) + transform.m42 - outset, maxY: max(ys.0, ys.1) + max(ys.2, ys.3) + transform.m42 + outset)
    }

    /// Adds a stroke of `path` mapped by `transform`, `lineWidth` pixels wide: its pixels are a
    /// band along the path, not its box (a long curve's box is mostly empty), so each row it
    /// spans gets an even share of the control polygon's length times the width (a curve is no
    /// longer than its control polygon).
    public mutating func addStroke(_ path: Path, transform: Transform3D, lineWidth: Double) {
        var minY = Double.infinity, maxY = -Double.infinity, length = 0.0
        var last: (x: Double, y: Double)?
        path.forEachControlPoint { p in
            let x = transform.m11 * p.x + transform.m21 * p.y + transform.m41
            let y = transform.m12 * p.x + transform.m22 * p.y + transform.m42
            if let last { length += ((x - last.x) * (x - last.x) + (y - last.y) * (y - last.y)).squareRoot() }
            last = (x, y)
            minY = min(minY, y); maxY = max(maxY, y)
        }
        let reach = lineWidth / 2 + 1
        add(rowsFrom: minY - reach, to: maxY + reach, pixels: length * (lineWidth + 2))
    }

    /// Adds a draw covering the device box minX…maxX × minY…maxY (pixels; clamped to the frame).
    public mutating func add(minX: Double, maxX: Double, minY: Double, maxY: Double) {
        guard minX <= maxX, minY <= maxY, minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return }
        let rows = min(maxY, Double(changes.count - 1)) - max(minY, 0)
        add(rowsFrom: minY, to: maxY, pixels: max(min(maxX, Double(width)) - max(minX, 0), 0) * max(rows, 0))
    }

    /// Spreads `pixels` evenly over the frame rows from minY to maxY, each also costing `perRow`.
    private mutating func add(rowsFrom minY: Double, to maxY: Double, pixels: Double) {
        guard minY <= maxY, minY.isFinite, maxY.isFinite, pixels.isFinite else { return }
        let height = changes.count - 1
        let first = max(Int(max(minY, -1).rounded(.down)), 0), end = min(Int(min(maxY, Double(height) + 1).rounded(.up)), height)
        guard first < end else { return }
        let cost = pixels / Double(end - first) + Self.perRow
        changes[first] += cost
        changes[end] -= cost
    }
}
