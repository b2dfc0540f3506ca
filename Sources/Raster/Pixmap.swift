import CProcessor
import RasterCore

/// A frame of premultiplied RGBA8 pixels, rows top to bottom, 4 bytes a pixel, no padding; or
/// a band of a taller frame (rows `firstRow ..< firstRow + height` of `frameHeight`), which draws
/// exactly the pixels those rows of the whole frame would show.
public struct Pixmap: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Rows held: the band's rows, or the whole frame's.
    public let height: Int
    /// The frame row shown by the first row (0 for a whole frame).
    public let firstRow: Int
    /// The height of the frame this is part of (`height` for a whole frame).
    public let frameHeight: Int
    /// The pixels: premultiplied RGBA8, `width` × `height` × 4 bytes, rows top to bottom; set
    /// only within the package, so the count always matches the size.
    public package(set) var bytes: [UInt8] { didSet { drawingMark = 0 } }
    /// What the pixels show, for a renderer that draws into pixmaps it drew before: the mark it
    /// gave the pixmap when it drew it, reset to 0 (unknown) by any change to the pixels.
    package var drawingMark: UInt64 = 0

    /// A transparent pixmap; nil when a side is not positive or the size is absurd.
    public init?(width: Int, height: Int) {
        self.init(width: width, rows: 0..<height, ofFrameHeight: height)
    }

    /// A transparent band: rows `rows` of a frame `width` × `frameHeight`; nil when the rows are
    /// empty or outside the frame, or the size is absurd.
    public init?(width: Int, rows: Range<Int>, ofFrameHeight frameHeight: Int) {
        guard width > 0, !rows.isEmpty, rows.lowerBound >= 0, rows.upperBound <= frameHeight, width <= 16_384, frameHeight <= 16_384 else {
            return nil
        }
        self.width = width
        height = rows.count
        firstRow = rows.lowerBound
        self.frameHeight = frameHeight
        bytes = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Rows `rows` of a frame `width` × `frameHeight` in `storage`'s memory, grown or shrunk in
    /// place: a band whose rows move from frame to frame without a new allocation each time. The
    /// pixels are whatever the memory held (a canvas clears the frame it begins with).
    package init(rows: Range<Int>, ofWidth width: Int, frameHeight: Int, reusing storage: consuming Pixmap) {
        precondition(width > 0 && !rows.isEmpty && rows.lowerBound >= 0 && rows.upperBound <= frameHeight, "rows outside the frame")
        var bytes: [UInt8] = []
        swap(&bytes, &storage.bytes)
        let count = width * rows.count * 4
        if bytes.count > count {
            bytes.removeLast(bytes.count - count)
        } else {
            bytes.append(contentsOf: repeatElement(0, count: count - bytes.count))
        }
        self.width = width
        height = rows.count
        firstRow = rows.lowerBound
        self.frameHeight = frameHeight
        self.bytes = bytes
    }

    /// Which rows of which frame a pixmap holds, without its pixels.
    struct Window {
        /// The frame's width and height.
        var width: Int, frameHeight: Int
        /// The frame rows held.
        var rows: Range<Int>
    }

    /// The rows of the frame this pixmap holds.
    var window: Window { Window(width: width, frameHeight: frameHeight, rows: firstRow..<(firstRow + height)) }

    /// Whether `other` covers the same rows of a frame of the same size.
    public func sameWindow(as other: Pixmap) -> Bool {
        width == other.width && height == other.height && firstRow == other.firstRow && frameHeight == other.frameHeight
    }

    /// A transparent pixmap covering the same rows of the same frame as `other`.
    public init(sameWindowAs other: Pixmap) {
        width = other.width
        height = other.height
        firstRow = other.firstRow
        frameHeight = other.frameHeight
        bytes = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Wraps existing premultiplied RGBA8 bytes; nil when the count does not match the size.
    public init?(width: Int, height: Int, premultipliedBytes: [UInt8]) {
        guard width > 0, height > 0, premultipliedBytes.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        firstRow = 0
        frameHeight = height
        bytes = premultipliedBytes
    }

    private init(empty: Void) {
        width = 0
        height = 0
        firstRow = 0
        frameHeight = 0
        bytes = []
    }

    /// Pixmaps are equal when they hold the same pixels of the same rows (whatever drew them).
    public static func == (a: Pixmap, b: Pixmap) -> Bool {
        a.sameWindow(as: b) && a.bytes == b.bytes
    }

    /// A pixmap of no pixels, a placeholder for a frame handed elsewhere.
    public static let empty = Pixmap(empty: ())

    /// Fills every pixel with `color`.
    public mutating func clear(to color: PremultipliedColor) {
        let count = width * height
        bytes.withUnsafeMutableBytes { raw in
            guard count > 0, let base = raw.baseAddress else { return }
            Self.fill(base, pixels: count, with: color)
        }
    }

    /// Copies frame rows `rows` from `source`, a pixmap of the same frame's width and height
    /// (a band or the whole frame) that holds them, as this one must.
    package mutating func copyRows(_ rows: Range<Int>, from source: Pixmap) {
        precondition(source.width == width && source.frameHeight == frameHeight
                     && rows.lowerBound >= max(firstRow, source.firstRow) && rows.upperBound <= min(firstRow + height, source.firstRow + source.height),
                     "rows outside a pixmap")
        guard !rows.isEmpty else { return }
        let rowBytes = width * 4
        let (into, from) = ((rows.lowerBound - firstRow) * rowBytes, (rows.lowerBound - source.firstRow) * rowBytes)
        bytes.withUnsafeMutableBytes { target in
            source.bytes.withUnsafeBytes { pixels in
                guard let to = target.baseAddress, let start = pixels.baseAddress else { return }
                (to + into).copyMemory(from: start + from, byteCount: rows.count * rowBytes)
            }
        }
    }

    /// Makes the pixels within `area` transparent.
    mutating func clear(_ area: PixelArea) {
        let (w, x0, count) = (width, area.x0, area.width)
        bytes.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            for y in area.y0..<area.y1 { Self.fill(base + (y * w + x0) * 4, pixels: count, with: .transparent) }
        }
    }

    /// Writes `color` into `pixels` RGBA8 pixels at `bytes`, one 32-bit word a pixel as a block
    /// fill (the frame clear is a measurable part of an encode's CPU time, see bench/encode.sh):
    /// through the C library's `wmemset`, whose stores took composite's frames 1.5% (fastest) to
    /// 4% (quartile) less CPU than the compiler's 16-byte loop, side by side.
    static func fill(_ bytes: UnsafeMutableRawPointer, pixels: Int, with color: PremultipliedColor) {
        animvid_fill_words(bytes, color.word, pixels)
    }

    /// The pixel at (x, y).
    public func pixel(x: Int, y: Int) -> PremultipliedColor {
        let i = (y * width + x) * 4
        return PremultipliedColor(r: bytes[i], g: bytes[i + 1], b: bytes[i + 2], a: bytes[i + 3])
    }
}

extension Pixmap {
    /// Converts the pixels in place from premultiplied to straight alpha, the form encoders take
    /// (opaque pixels are unchanged; fully transparent ones become 0, 0, 0, 0).
    public mutating func unpremultiply() {
        bytes.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = UInt32(p[i + 3])
                if a == 255 || a == 0 { continue }
                p[i] = UInt8(min(255, (UInt32(p[i]) * 255 + a / 2) / a))
                p[i + 1] = UInt8(min(255, (UInt32(p[i + 1]) * 255 + a / 2) / a))
                p[i + 2] = UInt8(min(255, (UInt32(p[i + 2]) * 255 + a / 2) / a))
            }
        }
    }
}
