import Geometry

/// Where a layer's contents image goes in its bounds: placed by `contentsGravity` and
/// `contentsScale`, then cut into nine parts by `contentsCenter`.
extension LayerValues {
    /// Where `contentsGravity` puts an image (contentsScale pixels a point) in the bounds. On iOS the
    /// gravity names are those of Core Animation's y-up space, so `top` places the image at the
    /// bottom of the screen and `bottom` at the top (**DECISION**: reproduce iOS).
    func contentsPlacement(of image: Image) -> Rect {
        let b = bounds
        let scale = contentsScale > 0 ? contentsScale : 1
        let w = Double(image.width) * contentsRect.width / scale, h = Double(image.height) * contentsRect.height / scale
        switch contentsGravity {
        case .resize:
            return b
        case .resizeAspect, .resizeAspectFill:
            let fit = contentsGravity == .resizeAspect ? min(b.width / w, b.height / h) : max(b.width / w, b.height / h)
            return Rect(x: b.midX - w * fit / 2, y: b.midY - h * fit / 2, width: w * fit, height: h * fit)
        default:
            let name = contentsGravity.rawValue.lowercased()
            let x = name.hasSuffix("left") ? b.minX : name.hasSuffix("right") ? b.maxX - w : b.midX - w / 2
            let y = name.hasPrefix("top") ? b.maxY - h : name.hasPrefix("bottom") ? b.minY : b.midY - h / 2
            return Rect(x: x, y: y, width: w, height: h)
        }
    }

    /// Where the parts of the contents go: the whole placement, or with a `contentsCenter` nine
    /// parts. The image outside the centre keeps its size (its pixels over contentsScale; margins
    /// that do not fit shrink together), the edges stretch along themselves, the centre both
    /// ways. A centre of width or height 0 stretches that one line of pixels.
    func contentsPieces(of image: Image) -> [(destination: Rect, source: Rect)] {
        let whole = contentsPlacement(of: image), shown = contentsRect
        let unit = Rect(x: 0, y: 0, width: 1, height: 1)
        guard contentsCenter != unit else { return [(whole, shown)] }
        func clamped(_ x: Double) -> Double { min(max(x, 0), 1) }
        let c0 = Point(clamped(contentsCenter.minX), clamped(contentsCenter.minY))
        let c1 = Point(max(clamped(contentsCenter.maxX), c0.x), max(clamped(contentsCenter.maxY), c0.y))
        let scale = contentsScale > 0 ? contentsScale : 1
        let pixels = Size(Double(image.width) * shown.width, Double(image.height) * shown.height)
        func margins(_ low: Double, _ high: Double, _ length: Double, _ room: Double) -> (Double, Double) {
            let (a, b) = (low * length / scale, (1 - high) * length / scale)
            return a + b > room && a + b > 0 ? (a * room / (a + b), b * room / (a + b)) : (a, b)
        }
        let (left, right) = margins(c0.x, c1.x, pixels.width, whole.width)
        let (top, bottom) = margins(c0.y, c1.y, pixels.height, whole.height)
        let xs = [whole.minX, whole.minX + left, whole.maxX - right, whole.maxX]
        let ys = [whole.minY, whole.minY + top, whole.maxY - bottom, whole.maxY]
        let us = [0, c0.x, c1.x, 1].map { shown.minX + $0 * shown.width }
        let vs = [0, c0.y, c1.y, 1].map { shown.minY + $0 * shown.height }
        var pieces: [(destination: Rect, source: Rect)] = []
        for j in 0..<3 where ys[j + 1] > ys[j] {
            for i in 0..<3 where xs[i + 1] > xs[i] {
                pieces.append((Rect(x: xs[i], y: ys[j], width: xs[i + 1] - xs[i], height: ys[j + 1] - ys[j]),
                               Rect(x: us[i], y: vs[j], width: us[i + 1] - us[i], height: vs[j + 1] - vs[j])))
            }
        }
        return pieces
    }
}
