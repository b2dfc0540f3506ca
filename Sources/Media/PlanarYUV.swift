/// A frame in 8-bit YUV 4:2:0 (three planes, no padding), converted from RGBA with BT.709 at
/// limited range by animvid itself: integer arithmetic, the same bytes on every machine, fast
/// enough to run in the render workers so the encoder only encodes (`make bench` measures it).
public struct PlanarYUV: Sendable {
    /// Width in pixels (even).
    public let width: Int
    /// Height in pixels (even).
    public let height: Int
    /// Luma, `width` × `height` bytes, 16…235.
    public var y: [UInt8]
    /// Cb, (`width` / 2) × (`height` / 2) bytes.
    public var u: [UInt8]
    /// Cr, (`width` / 2) × (`height` / 2) bytes.
    public var v: [UInt8]

    /// A frame of even `width` and `height`.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        y = [UInt8](repeating: 16, count: width * height)
        u = [UInt8](repeating: 128, count: (width / 2) * (height / 2))
        v = [UInt8](repeating: 128, count: (width / 2) * (height / 2))
    }

    /// Converts RGBA bytes (width × height × 4, alpha ignored); chroma is the average of each 2×2 block.
    /// BT.709, full-range RGB to limited-range YUV in 16-bit fixed point:
    /// Y = 16 + 219/255·(0.2126 R + 0.7152 G + 0.0722 B), Cb, Cr = 128 + 224/255·(…).
    public mutating func convert(fromRGBA rgba: UnsafePointer<UInt8>) {
        let (yr, yg, yb): (Int32, Int32, Int32) = (11966, 40254, 4064)
        let (ur, ug, ub): (Int32, Int32, Int32) = (-6596, -22189, 28785)
        let (vr, vg, vb): (Int32, Int32, Int32) = (28785, -26145, -2640)
        let (w, h) = (width, height)
        let halfWidth = w / 2
        @inline(__always) func luma(_ p: UnsafePointer<UInt8>) -> (UInt8, Int32, Int32, Int32) {
            let r = Int32(p[0]), g = Int32(p[1]), b = Int32(p[2])
            return (UInt8(truncatingIfNeeded: (yr &* r &+ yg &* g &+ yb &* b &+ (16 << 16) &+ (1 << 15)) >> 16), r, g, b)
        }
        y.withUnsafeMutableBufferPointer { yBuffer in
            u.withUnsafeMutableBufferPointer { uBuffer in
                v.withUnsafeMutableBufferPointer { vBuffer in
                    guard let yPlane = yBuffer.baseAddress, let uPlane = uBuffer.baseAddress, let vPlane = vBuffer.baseAddress else { return }
                    for row in stride(from: 0, to: h, by: 2) {
                        let top = rgba + row * w * 4, bottom = top + w * 4
                        let yTop = yPlane + row * w, yBottom = yTop + w
                        let uRow = uPlane + (row / 2) * halfWidth, vRow = vPlane + (row / 2) * halfWidth
                        for column in 0..<halfWidth {
                            let x = column * 2
                            let a = luma(top + x * 4), b = luma(top + x * 4 + 4)
                            let c = luma(bottom + x * 4), d = luma(bottom + x * 4 + 4)
                            yTop[x] = a.0
                            yTop[x + 1] = b.0
                            yBottom[x] = c.0
                            yBottom[x + 1] = d.0
                            let sr = a.1 &+ b.1 &+ c.1 &+ d.1, sg = a.2 &+ b.2 &+ c.2 &+ d.2, sb = a.3 &+ b.3 &+ c.3 &+ d.3
                            uRow[column] = UInt8(truncatingIfNeeded: (ur &* sr &+ ug &* sg &+ ub &* sb &+ (128 << 18) &+ (1 << 17)) >> 18)
                            vRow[column] = UInt8(truncatingIfNeeded: (vr &* sr &+ vg &* sg &+ vb &* sb &+ (128 << 18) &+ (1 << 17)) >> 18)
                        }
                    }
                }
            }
        }
    }
}
