import Animation
import Geometry
import Raster

/// A contact sheet: frames across a clip in a grid, each labelled with its time.
public enum ContactSheet {
    static let margin = 8
    static let labelHeight = 18
    static let background = PremultipliedColor(r: 32, g: 33, b: 36, a: 255)
    static let ink = PremultipliedColor(r: 232, g: 234, b: 237, a: 255)

    /// The times shown: `count` frames spread evenly over `seconds`, starting at 0.
    public static func times(count: Int, seconds: Double) -> [Double] {
        (0..<count).map { seconds * Double($0) / Double(count) }
    }

    /// Renders `times` of `timeline` as tiles of `tileWidth` × `tileHeight` pixels at `scale`
    /// pixels per point, `columns` to a row, on a dark ground with a time under each tile.
    public static func render(_ timeline: Timeline, times: [Double], columns: Int, tileWidth: Int, tileHeight: Int,
                              scale: Double) -> Pixmap? {
        let columns = max(1, min(columns, times.count))
        let rows = (times.count + columns - 1) / columns
        let width = margin + columns * (tileWidth + margin)
        let height = margin + rows * (tileHeight + labelHeight + margin)
        guard var sheet = Pixmap(width: width, height: height) else { return nil }
        sheet.clear(to: background)
        let renderer = FrameRenderer(scale: scale)
        var tile = Pixmap(width: tileWidth, height: tileHeight) ?? .empty
        for (index, time) in times.enumerated() {
            tile = renderer.render(timeline.displayList(at: time), into: consume tile)
            let x = margin + (index % columns) * (tileWidth + margin)
            let y = margin + (index / columns) * (tileHeight + labelHeight + margin)
            paste(tile, into: &sheet, x: x, y: y)
            LabelFont.draw(label(for: time), into: &sheet, x: x, y: y + tileHeight + 4, color: ink)
        }
        return sheet
    }

    /// "1.25 s": the time with up to two decimals.
    static func label(for time: Double) -> String {
        var text = String((time * 100).rounded() / 100)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text + " s"
    }

    /// Composites `tile` (premultiplied, possibly transparent) over `sheet` at (x, y); transparent
    /// tiles show a checkerboard so their alpha is visible.
    static func paste(_ tile: Pixmap, into sheet: inout Pixmap, x: Int, y: Int) {
        let width = sheet.width
        sheet.bytes.withUnsafeMutableBufferPointer { out in
            tile.bytes.withUnsafeBufferPointer { src in
                for row in 0..<tile.height {
                    for column in 0..<tile.width {
                        let s = (row * tile.width + column) * 4
                        let d = ((y + row) * width + x + column) * 4
                        let checker: UInt32 = ((row / 8 + column / 8) % 2 == 0) ? 204 : 153
                        let inverse = 255 - UInt32(src[s + 3])
                        for c in 0..<3 { out[d + c] = UInt8(UInt32(src[s + c]) + (checker * inverse + 127) / 255) }
                        out[d + 3] = 255
                    }
                }
            }
        }
    }
}

/// A 5×7 pixel font, drawn at twice its size, for the digits and the few marks sheet labels need.
enum LabelFont {
    static let glyphs: [Character: [String]] = [
        "0": ["01110", "10001", "10011", "10101", "11001", "10001", "01110"],
        "1": ["00100", "01100", "00100", "00100", "00100", "00100", "01110"],
        "2": ["01110", "10001", "00001", "00010", "00100", "01000", "11111"],
        "3": ["11110", "00001", "00001", "01110", "00001", "00001", "11110"],
        "4": ["00010", "00110", "01010", "10010", "11111", "00010", "00010"],
        "5": ["11111", "10000", "11110", "00001", "00001", "10001", "01110"],
        "6": ["00110", "01000", "10000", "11110", "10001", "10001", "01110"],
        "7": ["11111", "00001", "00010", "00100", "01000", "01000", "01000"],
        "8": ["01110", "10001", "10001", "01110", "10001", "10001", "01110"],
        "9": ["01110", "10001", "10001", "01111", "00001", "00010", "01100"],
        ".": ["00000", "00000", "00000", "00000", "00000", "01100", "01100"],
        "s": ["00000", "00000", "01111", "10000", "01110", "00001", "11110"],
        "-": ["00000", "00000", "00000", "11111", "00000", "00000", "00000"],
        " ": ["00000", "00000", "00000", "00000", "00000", "00000", "00000"],
    ]

    /// Draws `text` with its top-left corner at (x, y); characters without a glyph are skipped.
    static func draw(_ text: String, into image: inout Pixmap, x: Int, y: Int, color: PremultipliedColor) {
        let size = 2
        var penX = x
        let (w, h) = (image.width, image.height)
        image.bytes.withUnsafeMutableBufferPointer { p in
            for character in text {
                guard let rows = glyphs[character] else { continue }
                for (row, bits) in rows.enumerated() {
                    for (column, bit) in bits.enumerated() where bit == "1" {
                        for dy in 0..<size {
                            for dx in 0..<size {
                                let px = penX + column * size + dx, py = y + row * size + dy
                                guard px >= 0, px < w, py >= 0, py < h else { continue }
                                let i = (py * w + px) * 4
                                (p[i], p[i + 1], p[i + 2], p[i + 3]) = (color.r, color.g, color.b, color.a)
                            }
                        }
                    }
                }
                penX += 6 * size
            }
        }
    }
}
