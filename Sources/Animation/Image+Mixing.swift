/// Cross-fading pictures: what an animation of `contents` shows between two images.
extension Image {
    /// A fully transparent pixel: what an unset `contents` animates from or to.
    static let transparent = Image(width: 1, height: 1, premultipliedRGBA: [0, 0, 0, 0])!

    /// The premultiplied mix (1 − t)·self + t·other, on the grid of the image with more pixels
    /// (the other sampled at its nearest pixel); the images themselves at t = 0 and 1.
    func mixed(with other: Image, at t: Double) -> Image {
        if t <= 0 { return self }
        if t >= 1 { return other }
        let (grid, smaller, gridIsSelf) = width * height >= other.width * other.height ? (self, other, true) : (other, self, false)
        let weight = UInt32(((gridIsSelf ? t : 1 - t) * 256).rounded())
        var bytes = [UInt8](repeating: 0, count: grid.bytes.count)
        for y in 0..<grid.height {
            let sy = min(y * smaller.height / grid.height, smaller.height - 1)
            for x in 0..<grid.width {
                let sx = min(x * smaller.width / grid.width, smaller.width - 1)
                let (i, j) = ((y * grid.width + x) * 4, (sy * smaller.width + sx) * 4)
                for c in 0..<4 {
                    let mixed = UInt32(grid.bytes[i + c]) * (256 - weight) + UInt32(smaller.bytes[j + c]) * weight
                    bytes[i + c] = UInt8((mixed + 128) >> 8)
                }
            }
        }
        return Image(width: grid.width, height: grid.height, premultipliedRGBA: bytes) ?? grid
    }
}
