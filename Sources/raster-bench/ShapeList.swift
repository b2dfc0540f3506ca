import Geometry
import Pipeline
import Raster
import Text

/// A display list in the benchmark kit's text format (`bench/make-shapes.py`, `bench/make-text.py`,
/// `bench/make-scene.py`, `bench/make-sprites.py`; bench/README.md describes it): `size W H`, then
/// `circle`, `rrect`, `grect`, `stroke`, `sprite` and `text` draws in painter's order, pixels, straight colours; `font PATH`
/// sets the font of the `text` draws after it; `group`, `shadow`, `blur` and `mask` open layers
/// that `end` closes, `clip` a clip that `unclip` ends.
struct ShapeList {
    /// One draw, boxed: iterating the list then copies a reference, not each draw's path and
    /// transform (a copy of every draw was 1% of the circles' frame).
    indirect enum Draw {
        case fill(Path, Transform3D, PremultipliedColor)
        case gradient(Path, GradientPaint)
        case glyph(Glyph, Transform3D, PremultipliedColor)
        case stroke(Path, PremultipliedColor, StrokeStyle)
        /// A sprite of one colour (a tinted piece of white paper): the rectangle (0, 0)…size placed by the transform.
        case sprite(Size, Transform3D, PremultipliedColor)
        case beginGroup(opacity: Double, shadow: ShadowPaint?, blur: Double)
        case beginMask
        case endGroup, endMask
        case beginClip(Path)
        case endClip
    }

    var width = 0
    var height = 0
    var draws: [Draw] = []

    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    init(text: String) throws {
        var font = FontLookup.defaultFont
        // The layers and clips open, innermost last: `end` closes a layer, `unclip` a clip.
        var open: [Draw] = []
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
            case "sprite":
                // sprite CX CY W H ANGLE r g b a: turned about its centre.
                try expect(9)
                let size = Size(width: values[2], height: values[3])
                let transform = Transform3D(translationX: -size.width / 2, y: -size.height / 2)
                    .concatenating(Transform3D(rotationAngle: values[4] * .pi / 180))
                    .concatenating(Transform3D(translationX: values[0], y: values[1]))
                draws.append(.sprite(size, transform, color(5)))
            case "grect":
                // grect X Y W H RADIUS X0 Y0 X1 Y1 r g b a r g b a: a linear gradient from (X0, Y0) to (X1, Y1).
                try expect(17)
                let (from, to) = (Array(values[9..<13]), Array(values[13..<17]))
                let paint = GradientPaint(kind: .axial, start: Point(values[5], values[6]), end: Point(values[7], values[8]), opacity: 1) { t in
                    (from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t, from[2] + (to[2] - from[2]) * t, from[3] + (to[3] - from[3]) * t)
                }
                draws.append(.gradient(.roundedRect(Rect(x: values[0], y: values[1], width: values[2], height: values[3]), cornerRadius: values[4]), paint))
            case "group", "blur":
                try expect(1)
                let draw = kind == "group" ? Draw.beginGroup(opacity: values[0], shadow: nil, blur: 0) : .beginGroup(opacity: 1, shadow: nil, blur: values[0])
                draws.append(draw)
                open.append(draw)
            case "shadow":
                // shadow DX DY SIGMA r g b a: the layer's alpha blurred by SIGMA, moved, in the colour, under it.
                try expect(7)
                let draw = Draw.beginGroup(opacity: 1, shadow: ShadowPaint(color: color(3), offsetX: values[0], offsetY: values[1], radius: 2 * values[2]), blur: 0)
                draws.append(draw)
                open.append(draw)
            case "mask":
                try expect(0)
                draws.append(.beginMask)
                open.append(.beginMask)
            case "end":
                try expect(0)
                switch open.popLast() {
                case .beginMask: draws.append(.endMask)
                case .beginGroup: draws.append(.endGroup)
                default: throw ParseError(description: "line \(number + 1): 'end' with no group, shadow, blur or mask open")
                }
            case "clip":
                try expect(5)
                let draw = Draw.beginClip(.roundedRect(Rect(x: values[0], y: values[1], width: values[2], height: values[3]), cornerRadius: values[4]))
                draws.append(draw)
                open.append(draw)
            case "unclip":
                try expect(0)
                guard case .beginClip = open.popLast() else { throw ParseError(description: "line \(number + 1): 'unclip' with no clip open") }
                draws.append(.endClip)
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
        guard open.isEmpty else { throw ParseError(description: "the list ends with \(open.count) layers or clips open") }
    }

    /// What each row of the frame costs to draw, estimated from the draws' boxes (group
    /// composites, clips and masks are not counted): where `BandRenderer` cuts its bands.
    func rowCosts() -> RowCosts {
        var costs = RowCosts(width: width, height: height)
        for draw in draws {
            switch draw {
            case let .fill(path, transform, _): costs.add(path, transform: transform, outset: 1)
            case let .glyph(glyph, transform, _): costs.add(glyph.outline, transform: transform, outset: 1)
            case let .stroke(path, _, style): costs.addStroke(path, transform: .identity, lineWidth: style.lineWidth)
            case let .gradient(path, _): costs.add(path, transform: .identity, outset: 1)
            case let .sprite(size, transform, _): costs.add(.roundedRect(Rect(origin: .zero, size: size), cornerRadius: 0), transform: transform, outset: 1)
            case .beginGroup, .beginMask, .endGroup, .endMask, .beginClip, .endClip: break
            }
        }
        return costs
    }

    /// Every pixel the list's sprites touch, as one run of whole pixels a row (a sprite's rows top to
    /// bottom, the sprites in the list's order) in the sprite's colour (`raster-bench --floor`). On
    /// unturned sprites on whole pixels (`make-sprites.py --floor`) these are their boxes; on turned
    /// ones, the pixel squares their outline holds or crosses (about those the drawing colours,
    /// which it picks by each pixel's centre).
    func floorSpans() throws -> [(row: Int, columns: Range<Int>, color: PremultipliedColor)] {
        var spans: [(row: Int, columns: Range<Int>, color: PremultipliedColor)] = []
        for draw in draws {
            guard case let .sprite(size, t, color) = draw else {
                throw ParseError(description: "--floor takes a list of sprites (make-sprites.py)")
            }
            let corners = [Point(x: 0, y: 0), Point(x: size.width, y: 0), Point(x: size.width, y: size.height), Point(x: 0, y: size.height)]
                .map { t.apply(to: $0) }
            let (highest, lowest) = (corners.map(\.y).reduce(.infinity, min), corners.map(\.y).reduce(-.infinity, max))
            let (top, bottom) = (max(0, Int(highest.rounded(.down))), min(height, Int(lowest.rounded(.up))))
            for row in top..<max(top, bottom) {
                // The sides' crossings of the row's strip and the corners inside it bound the row's run.
                let (y0, y1) = (Double(row), Double(row + 1))
                var xs: [Double] = corners.filter { $0.y >= y0 && $0.y <= y1 }.map(\.x)
                for (a, b) in zip(corners, corners.dropFirst() + [corners[0]]) where a.y != b.y {
                    for y in [y0, y1] where (y - a.y) * (y - b.y) <= 0 {
                        xs.append(a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y))
                    }
                }
                guard let low = xs.min(), let high = xs.max() else { continue }
                let (first, end) = (max(0, Int(low.rounded(.down))), min(width, Int(high.rounded(.up))))
                if first < end { spans.append((row, first..<end, color)) }
            }
        }
        return spans
    }

    /// Draws the list on `canvas`, which is drawing a frame of the list's size.
    func draw(on canvas: Canvas) {
        for draw in draws {
            switch draw {
            case let .fill(path, transform, color): canvas.fill(path, transform: transform, color: color, rule: .nonZero)
            case let .glyph(glyph, transform, color): canvas.fillGlyph(glyph, transform: transform, color: color)
            case let .stroke(path, color, style): canvas.stroke(path, transform: .identity, color: color, style: style)
            case let .gradient(path, paint): canvas.fill(path, transform: .identity, paint: .gradient(paint), rule: .nonZero)
            case let .sprite(size, transform, color): canvas.fillSprite(size: size, transform: transform, paint: .solid(color))
            case let .beginGroup(opacity, shadow, blur): canvas.beginGroup(opacity: opacity, shadow: shadow, blur: blur)
            case .beginMask: canvas.beginMask()
            case .endGroup: canvas.endGroup()
            case .endMask: canvas.endMask()
            case let .beginClip(path): canvas.beginClip(path, transform: .identity)
            case .endClip: canvas.endClip()
            }
        }
    }
}
