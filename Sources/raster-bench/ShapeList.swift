import Geometry
import Raster
import Text

/// A display list in the benchmark kit's text format (`bench/make-shapes.py`, `bench/make-text.py`):
/// `size W H`, then `circle`, `rrect`, `stroke` and `text` draws in painter's order, pixels,
/// straight colours; `font PATH` sets the font of the `text` draws after it.
struct ShapeList {
    enum Draw {
        case fill(Path, Transform3D, PremultipliedColor)
        case glyph(Glyph, Transform3D, PremultipliedColor)
        case stroke(Path, PremultipliedColor, StrokeStyle)
    }

    var width = 0
    var height = 0
    var draws: [Draw] = []

    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    init(text: String) throws {
        var font = FontLookup.defaultFont
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let kind = fields.first else { continue }
            if kind == "font" {
                font = String(line.dropFirst(5))
                continue
            }
            if kind == "text" {
                // text X Y SIZE R G B A WORDS…: the words set by animvid's Text module, baseline at (X, Y).
                let parts = line.split(separator: " ", maxSplits: 8, omittingEmptySubsequences: true)
                let numbers = parts.dropFirst().prefix(7).compactMap { Double($0) }
                guard parts.count == 9, numbers.count == 7 else {
                    throw ParseError(description: "line \(number + 1): 'text' takes 7 numbers and the words")
                }
                let set = try TextLayout.typeset([TextRun(String(parts[8]), style: TextStyle(font: font, size: numbers[2]))],
                                                 options: TextLayoutOptions(width: 0))
                let face = try FontFace.face(for: FontLookup.file(for: font))
                let place = Transform3D(translationX: numbers[0], y: numbers[1] - face.ascender * numbers[2] / face.unitsPerEm)
                let color = PremultipliedColor(red: numbers[3], green: numbers[4], blue: numbers[5], alpha: numbers[6])
                // Colour glyphs (emoji) are pictures, not paths: the lists have none.
                for placed in set.glyphs where placed.picture == nil {
                    if let glyph = placed.glyph {
                        draws.append(.glyph(glyph, Transform3D(translationX: placed.origin.x, y: placed.origin.y).concatenating(place), color))
                    } else {
                        draws.append(.fill(placed.path, place, color))
                    }
                }
                continue
            }
            let values = fields.dropFirst().compactMap { Double($0) }
            func expect(_ count: Int) throws {
                guard values.count == count, fields.count == count + 1 else {
                    throw ParseError(description: "line \(number + 1): '\(kind)' takes \(count) numbers")
                }
            }
            func color(_ at: Int) -> PremultipliedColor {
                PremultipliedColor(red: values[at], green: values[at + 1], blue: values[at + 2], alpha: values[at + 3])
            }
            switch kind {
            case "size":
                try expect(2)
                (width, height) = (Int(values[0]), Int(values[1]))
            case "circle":
                try expect(7)
                let r = values[2]
                draws.append(.fill(.ellipse(in: Rect(x: values[0] - r, y: values[1] - r, width: 2 * r, height: 2 * r)), .identity, color(3)))
            case "rrect":
                try expect(10)
                let (w, h) = (values[2], values[3])
                let path = Path.roundedRect(Rect(x: -w / 2, y: -h / 2, width: w, height: h), cornerRadius: values[4])
                let transform = Transform3D(rotationAngle: values[5] * .pi / 180).concatenating(Transform3D(translationX: values[0], y: values[1]))
                draws.append(.fill(path, transform, color(6)))
            case "stroke":
                try expect(11)
                var path = Path()
                path.move(to: Point(values[0], values[1]))
                path.addQuadCurve(to: Point(values[4], values[5]), control: Point(values[2], values[3]))
                draws.append(.stroke(path, color(7), StrokeStyle(lineWidth: values[6], lineCap: .round)))
            default:
                throw ParseError(description: "line \(number + 1): unknown draw '\(kind)'")
            }
        }
        guard width > 0, height > 0 else { throw ParseError(description: "the list has no 'size W H' line") }
    }

    /// Draws the list on `canvas`, which is drawing a frame of the list's size.
    func draw(on canvas: Canvas) {
        for draw in draws {
            switch draw {
            case let .fill(path, transform, color): canvas.fill(path, transform: transform, color: color, rule: .nonZero)
            case let .glyph(glyph, transform, color): canvas.fillGlyph(glyph, transform: transform, color: color)
            case let .stroke(path, color, style): canvas.stroke(path, transform: .identity, color: color, style: style)
            }
        }
    }
}
