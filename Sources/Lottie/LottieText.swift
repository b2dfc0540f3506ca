import Animation
import Documents
import Foundation
import Geometry
import Text

/// A Lottie text layer (`ty` 5) as a text layer: its text document's first keyframe (string,
/// font from the file's font list looked up by family and style, size, fill colour,
/// justification, tracking, line height), on a baseline at the layer's origin, or wrapped in its
/// box (`sz`, `ps`); or, when the file carries the glyphs (`chars`) of every character, drawn
/// from them (`LottieGlyphs`). Text animators move, turn, scale, fade and colour its characters
/// (`LottieTextAnimators`). A document that changes (several keyframes) shows each one from its
/// keyframe until the next.
struct LottieText {
    let context: LottieContext
    /// The file's font list and glyph outlines.
    let fonts: [LottieFont]
    let glyphs: [LottieGlyph]

    /// How wide point text may run either side of its anchor.
    static let reach = 16_384.0

    func layer(_ model: LottieTextModel) throws(DocumentError) -> Layer {
        let animating = LottieTextAnimators(context: context)
        // Each document a layer of its own, shown from its keyframe until the next (held, as
        // text documents are).
        var documents: [(frame: Double, layer: Layer)] = []
        for (frame, document) in model.documents {
            documents.append((frame, try layer(document, of: model, animating: animating)))
        }
        guard documents.count > 1 else { return documents[0].layer }
        let container = Layer()
        container.anchorPoint = .zero
        for (k, document) in documents.enumerated() {
            context.show(document.layer, from: k == 0 ? -Double.greatestFiniteMagnitude : document.frame,
                         until: k + 1 < documents.count ? documents[k + 1].frame : Double.greatestFiniteMagnitude)
            container.addSublayer(document.layer)
        }
        return container
    }

    /// One text document of the text layer `model` as a layer.
    private func layer(_ document: LottieTextDocument, of model: LottieTextModel, animating: LottieTextAnimators) throws(DocumentError) -> Layer {
        let (text, size, animators, path) = (document.text, document.size, model.animators, model.place.path)
        let stroke = TextStroke(document: document, animated: (animators.contains { $0.strokeWidth != nil }, animators.contains { $0.strokeColor != nil }))
        if !glyphs.isEmpty {
            let (family, style) = listedFont(document.font)
            var request = LottieGlyphs.Request(
                text: text, family: family, style: style, size: size, tracking: document.tracking, lineHeight: document.lineHeight ?? size * 1.2,
                justification: document.justification, color: document.fillColor, stroke: stroke, animators: animators, frames: model.span)
            if let boxSize = document.boxSize, boxSize.count >= 2, boxSize[0] > 0, boxSize[0].isFinite {
                // Box text: wrapped in the box's width, its first baseline the font list's ascent below its top.
                let ascent = listedAscent(document.font).map { $0 / 100 * size } ?? size * 0.75
                request.box = (LottieContext.point(document.boxPosition), boxSize[0], ascent)
            }
            if let layer = try LottieGlyphs(context: context, glyphs: glyphs).layer(request, path: path, animating: animating) { return layer }
            context.warnings.note("text with characters the file's glyphs lack: drawn with an installed font", at: path)
        }
        let font = try fontName(document.font, place: document.place)
        let face: FontFace
        do {
            face = try FontFace.face(for: FontLookup.file(for: font))
        } catch {
            throw context.fail(document.place.path + ".f", "\(error)")
        }
        let scale = size / face.unitsPerEm
        let layer = TextLayer()
        layer.anchorPoint = .zero
        layer.string = TextString(runs: [.init(text, kern: document.tracking * size / 1000)])
        layer.font = font
        layer.fontSize = size
        layer.foregroundColor = document.fillColor
        let natural = (face.ascender + face.descender + face.lineGap) * scale
        if let height = document.lineHeight, natural > 0 {
            layer.lineHeightMultiple = min(max(height / natural, 0.1), 10)
        }
        let justify = document.justification
        layer.alignmentMode = [1: .right, 2: .center, 3: .justified, 4: .justified, 5: .justified, 6: .justified][justify] ?? .left
        let lines = Double(max(text.split(separator: "\n", omittingEmptySubsequences: false).count, 1))
        if let boxSize = document.boxSize, boxSize.count >= 2 {
            // Box text: wrapped in the box, its first baseline one ascent below the box's top.
            let origin = document.boxPosition
            layer.bounds = Rect(x: 0, y: 0, width: boxSize[0], height: boxSize[1])
            layer.isWrapped = true
            // Players put the first baseline the font list's ascent (a percentage of the size)
            // below the box's top; the layer puts it the face's ascender below.
            let ascent = listedAscent(document.font).map { $0 / 100 * size } ?? face.ascender * scale
            layer.position = Point(origin.first ?? 0, (origin.count > 1 ? origin[1] : 0) + ascent - face.ascender * scale)
        } else {
            // Point text: the first baseline on the origin, running from it as justified.
            let left = layer.alignmentMode == .right ? -Self.reach : layer.alignmentMode == .center ? -Self.reach / 2 : 0
            layer.bounds = Rect(x: 0, y: 0, width: Self.reach, height: natural * (lines * max(layer.lineHeightMultiple, 1) + 1))
            layer.position = Point(left, -face.ascender * scale)
        }
        guard !animators.isEmpty else {
            guard let stroke else { return layer }
            return try outlined(layer, stroke: stroke, path: path)
        }
        guard let (characters, setText) = try characters(of: layer, text: text, stroke: stroke, path: path) else {
            context.warnings.note("text animators on text with colour glyphs (emoji): drawn still", at: path)
            guard let stroke else { return layer }
            return try outlined(layer, stroke: stroke, path: path)
        }
        // Each character a layer of its own, where the text layer would have set it.
        try LottieTextAnimators.checkCharacterCount(characters.count, path: path, context: context)
        let container = Layer()
        container.anchorPoint = .zero
        container.position = layer.position
        for character in characters { container.addSublayer(character.holder) }
        try animating.animate(characters, of: setText, with: animators, color: layer.foregroundColor, stroke: stroke, justification: justify,
                              frames: model.span)
        return container
    }

    /// Stroked font-set text: its glyphs' outlines as one shape layer where the text layer sets
    /// them, filled in its colour and stroked; the text layer itself, warned, when a glyph is a
    /// colour picture (which has no outline to stroke).
    private func outlined(_ layer: TextLayer, stroke: TextStroke, path: String) throws(DocumentError) -> Layer {
        let set = try typeset(layer, path: path)
        guard set.glyphs.allSatisfy({ $0.picture == nil }) else {
            context.warnings.note("stroked text with colour glyphs: drawn without its stroke", at: path)
            return layer
        }
        var outline = Path()
        for glyph in set.glyphs where glyph.glyph != nil { outline.addPath(glyph.path) }
        let shape = ShapeLayer()
        shape.anchorPoint = .zero
        shape.position = layer.position
        shape.path = outline
        shape.fillColor = layer.foregroundColor  // none without `fc`, as the text layer draws it
        return stroke.outlined(shape).layer
    }

    /// The characters of font-set text as layers (in the text layer's bounds), set without
    /// ligatures (each character drawn apart, as lottie-web draws animated text), and the text
    /// as set, with a line break where the text layer wrapped a line: where lottie-web breaks box
    /// text, the last space before the line's first glyph becomes the break (no character any
    /// more), or, with none, a break comes before it. A character is a grapheme (a letter with
    /// its combining marks is one) and draws the glyphs set for it; one that a font joined into
    /// the glyph of the character before it (a required ligature such as lam-alef) draws none,
    /// as a space does: each still counts in the animators' character indices, as in
    /// lottie-web. nil with a colour glyph (a picture, not an outline), or a glyph no character
    /// of the text claims (an ellipsis: Lottie text is not cut short).
    private func characters(of layer: TextLayer, text: String, stroke: TextStroke?, path: String) throws(DocumentError)
        -> (characters: [LottieTextAnimators.Character], text: String)? {
        let set = try typeset(layer, ligatures: false, path: path)
        let glyphs = set.glyphs.filter { $0.glyph != nil || $0.picture != nil }
        guard glyphs.allSatisfy({ $0.picture == nil && $0.scalar != nil }) else { return nil }
        // The glyphs in the text's order (they are set in screen order, right-to-left runs
        // reversed), taken by the characters whose scalars they begin at.
        let inTextOrder = glyphs.indices.sorted { (glyphs[$0].scalar ?? 0, $0) < (glyphs[$1].scalar ?? 0, $1) }
        var scalar = 0
        let color = layer.foregroundColor
        var result: [LottieTextAnimators.Character] = []
        var wrapped: [Character] = []
        // The spaces since the last glyph (their places in `result` and `wrapped`), that glyph's
        // line, and whether a line break of the text came since.
        var spaces: [(layer: Int, letter: Int)] = []
        var line: Int?, broken = false
        var next = 0
        for character in text {
            let scalars = scalar..<(scalar + character.unicodeScalars.count)
            scalar = scalars.upperBound
            if character == "\n" {
                wrapped.append(character)
                (spaces, broken) = ([], true)
                continue
            }
            // The glyphs set for it (a cluster's glyphs share its first scalar, in screen order).
            var own: [Int] = []
            while next < inTextOrder.count, let s = glyphs[inTextOrder[next]].scalar, scalars.contains(s) {
                own.append(inTextOrder[next])
                next += 1
            }
            guard let first = own.first, let rightmost = own.max() else {
                // A space, or a character joined into the glyph before it: nothing drawn, at the pen.
                let pen = next < inTextOrder.count ? glyphs[inTextOrder[next]].origin : glyphs.last?.origin ?? .zero
                if character.isWhitespace { spaces.append((result.count, wrapped.count)) }
                result.append(LottieTextAnimators.characterLayer(Path(), origin: pen, advance: 0, color: color))
                wrapped.append(character)
                continue
            }
            // Placed, turned and scaled about its base, the glyph that moves the pen furthest (its
            // combining marks hardly move it; in right-to-left runs they come first on screen).
            let base = own.reduce(first) { glyphs[$1].advance > glyphs[$0].advance ? $1 : $0 }
            let glyph = glyphs[base]
            if let line, glyph.line > line, !broken {
                if let space = spaces.last {
                    result.remove(at: space.layer)
                    wrapped[space.letter] = "\n"
                } else {
                    wrapped.append("\n")
                }
            }
            (spaces, broken, line) = ([], false, glyph.line)
            // The advance: to the glyph to its right on the line, or its outline's own width at a line's end.
            let following = rightmost + 1 < glyphs.count && glyphs[rightmost + 1].line == glyph.line ? glyphs[rightmost + 1].origin.x : nil
            var outline = Path()
            for index in own {
                outline.addPath(glyphs[index].path, transform: Transform3D(translationX: -glyph.origin.x, y: -glyph.origin.y))
            }
            let advance = following.map { $0 - glyph.origin.x } ?? max(outline.bounds.maxX, 0)
            result.append(LottieTextAnimators.characterLayer(outline, origin: glyph.origin, advance: advance, color: color, stroke: stroke))
            wrapped.append(character)
        }
        // Every glyph taken by a character (none begins outside the text's scalars).
        return next == inTextOrder.count ? (result, String(wrapped)) : nil
    }

    /// `layer` as set (its glyphs, lines and words), with or without ligatures; an error names
    /// the text layer at `path`.
    private func typeset(_ layer: TextLayer, ligatures: Bool = true, path: String) throws(DocumentError) -> TypesetText {
        do {
            return try layer.typeset(ligatures: ligatures)
        } catch {
            throw context.fail(path + ".t", "\(error)")
        }
    }

    /// The `ascent` the font list gives the font called `name`, a percentage of the size.
    private func listedAscent(_ name: String?) -> Double? {
        guard let name else { return nil }
        return fonts.first { $0.name == name }?.ascent
    }

    /// The family and style the font list gives the font called `name` (`fName`); the name
    /// itself and no style when the list does not have it.
    private func listedFont(_ name: String?) -> (family: String, style: String) {
        guard let name else { return (FontLookup.defaultFont, "") }
        guard let entry = fonts.first(where: { $0.name == name }) else { return (name, "") }
        return (entry.family ?? name, entry.style ?? "")
    }

    /// The font a document names (`f`: a font list entry's `fName`), as a family and style
    /// fontconfig finds. A family the user mapped (`--font-map`) is drawn in the family it is
    /// mapped to; one that is not installed (a designer's font the machine lacks) in the one
    /// fontconfig substitutes for it, with a warning naming both.
    private func fontName(_ name: String?, place: LottiePlace) throws(DocumentError) -> String {
        guard name != nil else { return FontLookup.defaultFont }
        let path = place.path + ".f"
        let (listed, style) = listedFont(name)
        let family = context.fontMap[listed] ?? listed
        if family != listed, (try? FontLookup.file(for: family)) == nil {
            throw context.fail(path, "--font-map maps \"\(listed)\" to \"\(family)\", which is not an installed font")
        }
        let candidates = style.isEmpty ? [family] : [family + " " + style, family]
        for candidate in candidates where (try? FontLookup.file(for: candidate)) != nil { return candidate }
        do {
            _ = try FontLookup.file(for: family)
        } catch {
            guard let substitute = FontLookup.substitute(for: family), (try? FontLookup.file(for: substitute)) != nil else {
                throw context.fail(path, "\(error)")
            }
            context.warnings.notice("fonts not installed, drawn in the family fontconfig substitutes: \"\(family)\" in \"\(substitute)\"", at: path)
            return substitute
        }
        return family
    }
}
