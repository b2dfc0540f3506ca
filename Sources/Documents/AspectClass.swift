import Geometry

/// The shape of a canvas, which a layer's layout may depend on (`"portrait": {…}` in a scene
/// file): taller than 4:5, between 4:5 and 5:4, or wider.
enum AspectClass: String, CaseIterable, Sendable {
    case portrait, square, landscape

    /// The class of `canvas`: 9:16 and 2:3 are portrait; 4:5, 1:1 and 5:4 square; 16:9 landscape.
    init(_ canvas: Size) {
        let ratio = canvas.height > 0 ? canvas.width / canvas.height : 1
        self = ratio < 0.8 - 1e-9 ? .portrait : ratio > 1.25 + 1e-9 ? .landscape : .square
    }

    /// The part of `canvas` that a platform's own interface leaves clear (`$safe.minX` and
    /// friends): a portrait canvas (a story or reel) keeps 14% of its height clear at the top
    /// (the profile and progress bars) and 20% at the bottom (captions and buttons) and 6% of
    /// its width at the sides; a square or landscape one keeps broadcast's title-safe margin,
    /// 5% on every side.
    func safeArea(of canvas: Size) -> Rect {
        let (top, bottom, side) = self == .portrait ? (0.14 * canvas.height, 0.20 * canvas.height, 0.06 * canvas.width)
            : (0.05 * canvas.height, 0.05 * canvas.height, 0.05 * canvas.width)
        return Rect(x: side, y: top, width: canvas.width - 2 * side, height: canvas.height - top - bottom)
    }
}
