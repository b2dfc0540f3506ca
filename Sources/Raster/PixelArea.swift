/// A rectangle of a pixmap's pixels: columns `x0 ..< x1`, rows `y0 ..< y1` of the pixmap (a
/// band's rows counted from its first). Offscreen layers track the area drawn into them, so
/// that compositing, blurs and clearing cost the pixels a layer holds, not the frame's.
struct PixelArea: Equatable, Sendable {
    var x0: Int, y0: Int, x1: Int, y1: Int

    /// Every pixel of `pixmap`.
    init(all pixmap: Pixmap) {
        (x0, y0, x1, y1) = (0, 0, pixmap.width, pixmap.height)
    }

    init(x0: Int, y0: Int, x1: Int, y1: Int) {
        (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
    }

    var width: Int { x1 - x0 }
    var height: Int { y1 - y0 }
    var isEmpty: Bool { x0 >= x1 || y0 >= y1 }

    /// The smallest area holding both.
    func union(_ other: PixelArea) -> PixelArea {
        PixelArea(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    /// The pixels in both; nil when they share none.
    func intersection(_ other: PixelArea) -> PixelArea? {
        let area = PixelArea(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
        return area.isEmpty ? nil : area
    }

    /// The pixels of this area outside `inner` (which lies within it), as up to four areas: the
    /// rows above and below it, and the columns left and right of it.
    func excluding(_ inner: PixelArea) -> [PixelArea] {
        [PixelArea(x0: x0, y0: y0, x1: x1, y1: inner.y0), PixelArea(x0: x0, y0: inner.y1, x1: x1, y1: y1),
         PixelArea(x0: x0, y0: inner.y0, x1: inner.x0, y1: inner.y1), PixelArea(x0: inner.x1, y0: inner.y0, x1: x1, y1: inner.y1)]
            .filter { !$0.isEmpty }
    }

    /// This area grown by `r` pixels on every side and moved by (`dx`, `dy`), within `pixmap`;
    /// nil when nothing of it is left.
    func grown(by r: Int, dx: Int = 0, dy: Int = 0, within pixmap: Pixmap) -> PixelArea? {
        let area = PixelArea(x0: max(x0 - r + dx, 0), y0: max(y0 - r + dy, 0),
                             x1: min(x1 + r + dx, pixmap.width), y1: min(y1 + r + dy, pixmap.height))
        return area.isEmpty ? nil : area
    }
}
