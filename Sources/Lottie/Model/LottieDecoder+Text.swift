import Animation
import Documents
import Geometry
import Text

extension LottieDecoder {
    /// A text layer's data (`t`): its animators and its documents.
    func text(_ value: JSONValue, path: String) throws(DocumentError) -> LottieTextModel {
        let data = Self.member(value, "t")
        let animators = try animators(Self.member(data, "a"), path: path + ".t.a")
        guard case let .array(frames, _)? = Self.member(Self.member(data, "d"), "k"), !frames.isEmpty else {
            throw fail(path + ".t.d.k", Self.member(data, "d") ?? value, "expected the text document's keyframes")
        }
        guard frames.count <= LottieFile.maximumLayers else {
            throw fail(path + ".t.d.k", Self.member(data, "d"), "\(frames.count) text documents; at most \(LottieFile.maximumLayers)")
        }
        var documents: [(frame: Double, document: LottieTextDocument)] = []
        for (k, keyframe) in frames.enumerated() {
            let p = "\(path).t.d.k[\(k)]"
            guard let document = Self.member(keyframe, "s") else { throw fail(p + ".s", keyframe, "missing: a text document s") }
            documents.append((try number(Self.member(keyframe, "t"), p + ".t", default: 0), try textDocument(document, path: p + ".s", layer: path)))
        }
        let inPoint = try number(Self.member(value, "ip"), path + ".ip", default: 0)
        let span = inPoint...max(inPoint, try number(Self.member(value, "op"), path + ".op", default: inPoint))
        return LottieTextModel(place: place(path, value), documents: documents, animators: animators, span: span)
    }

    /// One text document; what it asks for that animvid does not draw is warned at `layer`.
    private func textDocument(_ document: JSONValue, path p: String, layer: String) throws(DocumentError) -> LottieTextDocument {
        let text = (try string(Self.member(document, "t"), p + ".t") ?? "").replacingOccurrences(of: "\r", with: "\n")
        guard text.unicodeScalars.count <= TextLayout.maximumCharacters else {
            throw fail(p + ".t", Self.member(document, "t"),
                       "\(text.unicodeScalars.count) characters; a text layer holds at most \(TextLayout.maximumCharacters)")
        }
        let size = try number(Self.member(document, "s"), p + ".s", default: 36)
        guard size > 0, size <= 10_000 else { throw fail(p + ".s", Self.member(document, "s"), "a font size of 0…10000") }
        let strokeWidth = try number(Self.member(document, "sw"), p + ".sw", default: 0)
        guard strokeWidth.isFinite, strokeWidth >= 0, strokeWidth <= 10_000 else {
            throw fail(p + ".sw", Self.member(document, "sw"), "a stroke width of 0…10000")
        }
        func color(_ key: String) throws(DocumentError) -> Color? {
            try Self.member(document, key).map { v throws(DocumentError) in Self.color(try numbers(v, "\(p).\(key)")) }
        }
        for (key, kind) in [("ls", "text baseline shifts"), ("ca", "all-caps text")] {
            if case .number(let n, _)? = Self.member(document, key), n != 0 { warnings.note(kind, at: layer) }
        }
        return LottieTextDocument(
            place: place(p, document), text: text, font: try string(Self.member(document, "f"), p + ".f"), size: size,
            tracking: try number(Self.member(document, "tr"), p + ".tr", default: 0),
            lineHeight: try Self.member(document, "lh").map { v throws(DocumentError) in try number(v, p + ".lh") },
            justification: try integer(Self.member(document, "j"), p + ".j", default: 0),
            fillColor: try color("fc"), strokeColor: try color("sc"), strokeWidth: strokeWidth,
            strokeOverFill: !(Self.member(document, "of").map { if case .bool(false, _) = $0 { true } else { false } } ?? false),
            boxSize: try Self.member(document, "sz").map { v throws(DocumentError) in try numbers(v, p + ".sz") },
            boxPosition: try Self.member(document, "ps").map { v throws(DocumentError) in try numbers(v, p + ".ps") } ?? [0, 0])
    }

    /// The font list (`fonts.list`).
    func fonts(_ value: JSONValue?) throws(DocumentError) -> [LottieFont] {
        guard case let .array(list, _)? = Self.member(value, "list") else { return [] }
        var fonts: [LottieFont] = []
        for (i, entry) in list.enumerated() {
            let p = "fonts.list[\(i)]"
            fonts.append(LottieFont(name: try string(Self.member(entry, "fName"), p + ".fName"), family: try string(Self.member(entry, "fFamily"), p + ".fFamily"),
                                    style: try string(Self.member(entry, "fStyle"), p + ".fStyle"),
                                    ascent: try Self.member(entry, "ascent").map { v throws(DocumentError) in try number(v, p + ".ascent") }))
        }
        return fonts
    }

    /// The glyphs the file carries (`chars`): each one's first shape, as lottie-web draws a glyph
    /// (files that a tool saved after loading hold a second, converted copy).
    func glyphs(_ value: JSONValue?) throws(DocumentError) -> [LottieGlyph] {
        guard case let .array(chars, _)? = value else { return [] }
        var glyphs: [LottieGlyph] = []
        for (i, entry) in chars.enumerated() {
            let p = "chars[\(i)]"
            var outline = Path()
            if case let .array(shapes, _)? = Self.member(Self.member(entry, "data"), "shapes"), let first = shapes.first {
                try collect(first, into: &outline, path: p + ".data.shapes[0]")
            }
            glyphs.append(LottieGlyph(character: try string(Self.member(entry, "ch"), p + ".ch"), family: try string(Self.member(entry, "fFamily"), p + ".fFamily"),
                                      style: try string(Self.member(entry, "style"), p + ".style"),
                                      advance: try number(Self.member(entry, "w"), p + ".w", default: 0), outline: outline))
        }
        return glyphs
    }

    /// The paths of a glyph's shape (`sh` items, in groups), added to `outline`.
    private func collect(_ item: JSONValue, into outline: inout Path, path: String) throws(DocumentError) {
        switch try string(Self.member(item, "ty"), path + ".ty") {
        case "gr":
            guard case let .array(items, _)? = Self.member(item, "it") else { return }
            for (i, inner) in items.enumerated() { try collect(inner, into: &outline, path: "\(path).it[\(i)]") }
        case "sh":
            if let shape = try property(Self.member(item, "ks"), path + ".ks", { (v, q) throws(DocumentError) in
                try self.shape(v, q, tangentsArePoints: glyphTangentsArePoints)
            }) {
                outline.addPath(shape.initial)
            }
        default: return
        }
    }

    /// The animators of a text layer (`t.a`); empty when it has none.
    private func animators(_ value: JSONValue?, path: String) throws(DocumentError) -> [LottieTextAnimator] {
        guard case let .array(items, _)? = value else { return [] }
        var animators: [LottieTextAnimator] = []
        for (i, item) in items.enumerated() {
            let p = "\(path)[\(i)]"
            let selector = Self.member(item, "s"), properties = Self.member(item, "a")
            func property(_ holder: JSONValue?, _ key: String, _ q: String) throws(DocumentError) -> LottieProperty<[Double]>? {
                try self.property(holder, key, at: q)
            }
            if !(1...4).contains(try integer(Self.member(selector, "b"), p + ".s.b", default: 1)) {
                warnings.note("text selectors based on something other than characters, words or lines: drawn by characters", at: p)
            }
            // Randomized only where `rn` is 1, as lottie-web reads it; the seed a number, its whole part taken.
            let randomized = try number(Self.member(selector, "rn"), p + ".s.rn", default: 0) == 1
            if case let .object(members, _)? = properties {
                let known: Set = ["o", "p", "s", "r", "fc", "a", "t", "sw", "sc", "fh", "fs", "fb", "sk", "sa", "rx", "ry"]
                for member in members where !known.contains(member.key) {
                    warnings.note("text animator property \(member.key)", at: "\(p).a.\(member.key)")
                }
            }
            animators.append(LottieTextAnimator(
                start: try property(selector, "s", p + ".s"), end: try property(selector, "e", p + ".s"),
                offset: try property(selector, "o", p + ".s"), amount: try property(selector, "a", p + ".s"),
                easeHigh: try property(selector, "xe", p + ".s"), easeLow: try property(selector, "ne", p + ".s"),
                shape: try integer(Self.member(selector, "sh"), p + ".s.sh", default: 1),
                inCharacters: try integer(Self.member(selector, "r"), p + ".s.r", default: 1) == 2,
                basedOn: try integer(Self.member(selector, "b"), p + ".s.b", default: 1),
                shuffleSeed: randomized ? try LottieTextAnimators.seed(number(Self.member(selector, "rs"), p + ".s.rs", default: 0)) : nil,
                opacity: try property(properties, "o", p + ".a"), position: try property(properties, "p", p + ".a"),
                scale: try property(properties, "s", p + ".a"), rotation: try property(properties, "r", p + ".a"),
                fillColor: try property(properties, "fc", p + ".a"), tracking: try property(properties, "t", p + ".a"),
                strokeWidth: try property(properties, "sw", p + ".a"), strokeColor: try property(properties, "sc", p + ".a"),
                anchor: try property(properties, "a", p + ".a"), fillHue: try property(properties, "fh", p + ".a"),
                fillSaturation: try property(properties, "fs", p + ".a"), fillBrightness: try property(properties, "fb", p + ".a"),
                skew: try property(properties, "sk", p + ".a"), skewAxis: try property(properties, "sa", p + ".a"),
                rotationY: try property(properties, "ry", p + ".a"), rotationX: try property(properties, "rx", p + ".a")))
        }
        return animators
    }

}
