import Animation
import Documents
import Geometry

/// Text drawn from the glyph outlines a Lottie file carries (`chars`: each character's shapes at
/// size 100 and its advance `w`), as the players draw it when the file has them: no font needed.
/// Lines break at line breaks (and box text where it wraps, as lottie-web wraps it), `lh` apart
/// (and, as lottie-web places them, one unit more after the first); each line is justified left,
/// right or centred by its advances.
struct LottieGlyphs {
    let context: LottieContext
    /// The file's glyphs (`chars`).
    let glyphs: [LottieGlyph]

    /// What a text document asks for.
    struct Request {
        var text: String
        var family: String
        var style: String
        var size: Double
        /// Extra space after each character, in thousandths of the size (`tr`).
        var tracking: Double
        var lineHeight: Double
        /// 0 left, 1 right, 2 centre.
        var justification: Int
        var color: Color?
        /// The document's stroke, if it has one.
        var stroke: TextStroke?
        /// Text animators, applied per character over `frames` (the layer's span).
        var animators: [LottieTextAnimator] = []
        var frames: ClosedRange<Double> = 0...0
        /// Box text: the box's top left and width (`ps`, `sz`), and the font list's ascent at
        /// this size, from the box's top to the first baseline.
        var box: (origin: Point, width: Double, ascent: Double)?
    }

    /// A shape layer of the text's glyphs (filled, and stroked when the document says) with the
    /// first baseline on the layer's origin (box text: the box's top, moved down by the ascent);
    /// nil when a character (other than a line break) has no glyph for the font.
    func layer(_ request: Request, path: String, animating: LottieTextAnimators) throws(DocumentError) -> Layer? {
        var glyphs: [Character: (outline: Path, advance: Double)] = [:]
        for entry in self.glyphs {
            guard let ch = entry.character, let character = ch.first, ch.count == 1, entry.family == request.family,
                  request.style.isEmpty || entry.style == request.style, glyphs[character] == nil else { continue }
            glyphs[character] = (entry.outline, entry.advance)
        }
        guard request.text.allSatisfy({ $0 == "\n" || glyphs[$0] != nil }) else { return nil }
        let scale = request.size / 100
        let tracking = request.tracking / 1000 * request.size
        let text = request.box.map { Self.wrapped(request.text, width: $0.width, tracking: tracking) { (glyphs[$0]?.advance ?? 0) * scale } } ?? request.text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // Every character copies its glyph's outline: each copy is charged, and animated text
        // is a layer a character, within the file's layer limit.
        try context.budget.charge(lines.joined().reduce(0) { $0 + (glyphs[$1]?.outline.elements.count ?? 0) }, at: path, in: context.file)
        try LottieTextAnimators.checkCharacterCount(request.animators.isEmpty ? 0 : lines.joined().count, path: path, context: context)
        var outline = Path()
        // With animators, each character is a layer of its own, turning and scaling about the
        // middle of its advance on the baseline, as lottie-web's letters do.
        let container = Layer()
        container.anchorPoint = .zero
        var characters: [LottieTextAnimators.Character] = []
        for (row, line) in lines.enumerated() {
            // A line's width for justifying: its advances and the tracking between its characters
            // (not after the last), as lottie-web measures it.
            // Trailing spaces do not count, as lottie-web leaves them out of a line's width.
            let counted = line.reversed().drop { $0 == " " }
            let width = counted.reduce(0) { $0 + (glyphs[$1]?.advance ?? 0) * scale } + tracking * Double(max(counted.count - 1, 0))
            // Point text runs from the origin as justified; box text is justified in its box.
            let room = request.box?.width ?? 0
            var x = request.justification == 1 ? room - width : request.justification == 2 ? (room - width) / 2 : 0
            x += request.box?.origin.x ?? 0
            for character in line {
                guard let glyph = glyphs[character] else { continue }
                // lottie-web moves every line after the first one unit further down; so does this.
                let y = Double(row) * request.lineHeight + (row > 0 ? 1 : 0) + (request.box.map { $0.origin.y + $0.ascent } ?? 0)
                if request.animators.isEmpty {
                    outline.addPath(glyph.outline, transform: Transform3D(scaleX: scale, y: scale).concatenating(Transform3D(translationX: x, y: y)))
                } else {
                    var drawn = Path()
                    drawn.addPath(glyph.outline, transform: Transform3D(scaleX: scale, y: scale))
                    let character = LottieTextAnimators.characterLayer(drawn, origin: Point(x, y), advance: glyph.advance * scale,
                                                                       color: request.color, stroke: request.stroke)
                    container.addSublayer(character.holder)
                    characters.append(character)
                }
                x += glyph.advance * scale + tracking
            }
        }
        guard request.animators.isEmpty else {
            try animating.animate(characters, of: text, with: request.animators, color: request.color, stroke: request.stroke,
                                  justification: request.justification, frames: request.frames)
            return container
        }
        let layer = ShapeLayer()
        layer.anchorPoint = .zero
        layer.path = outline
        layer.fillColor = request.color  // none without `fc`, as lottie-web draws it
        return request.stroke?.outlined(layer).layer ?? layer
    }

    /// `text` broken into lines no wider than `width`, as lottie-web breaks box text: a character
    /// that would overrun the line (a space never does) breaks it at the line's last space,
    /// which becomes the break, or, with no space, just before the character. Unlike lottie-web,
    /// a character that overruns a line of its own stays there (lottie-web breaks before it
    /// for ever), and a space on an earlier line is never a break. `advance` is a character's
    /// width; `tracking` follows each character (and starts a line after a break in the text).
    static func wrapped(_ text: String, width: Double, tracking: Double, advance: (Character) -> Double) -> String {
        var letters = Array(text)
        var lineWidth = 0.0, lastSpace: Int?, lineStart = 0
        var e = 0
        while e < letters.count {
            let letter = letters[e]
            if letter == " " { lastSpace = e }
            if letter == "\n" {
                (lineWidth, lastSpace, lineStart) = (tracking, nil, e + 1)
            } else if e > lineStart, !(lineWidth + advance(letter) <= width), letter != " " {
                if let space = lastSpace {
                    letters[space] = "\n"
                    e = space
                } else {
                    letters.insert("\n", at: e)
                }
                (lineWidth, lastSpace, lineStart) = (0, nil, e + 1)
            } else {
                lineWidth += advance(letter) + tracking
            }
            e += 1
        }
        return String(letters)
    }
}
