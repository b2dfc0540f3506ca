import Foundation
import Geometry

/// Text set into lines, in the box's coordinates (origin top left, y down, first baseline one
/// ascent down).
public struct TypesetText: Sendable {
    /// Every glyph (and underline piece) as placed, in drawing order: lines top to bottom,
    /// each left to right.
    public var glyphs: [SetGlyph]
    /// Glyphs drawn, after shaping (a ligature is one).
    public var glyphCount: Int
    public var lineCount: Int
    /// Characters no installed font has, in the order they first appear (drawn as the font's
    /// "missing glyph" box).
    public var missing: [Unicode.Scalar]
    /// The size the lines take.
    public var size: Size
    /// The factor the runs' sizes and tracking were scaled by to fit the box (1 unless shrunk).
    public var scale: Double
    /// Whether some of the text is not shown whole inside the box: lines cut or truncated,
    /// lines past its width or height, or (when fitted) a word broken across lines.
    public var overflows: Bool
    /// Each line's bottom (its top plus the fonts' ascent and descent), top to bottom.
    var lineBottoms: [Double]
    /// Whether a line was broken inside a word (a word wider than the box).
    public var breaksWord: Bool
    /// Whether a line lost text to "…", or lines were left out.
    public var isCut: Bool
}

/// A glyph as set: its placed outline, its style tag, and the line and word it belongs to
/// (words counted from the start of the text, a word ending at whitespace).
public struct SetGlyph: Sendable {
    /// The outline where it is placed.
    public var path: Path
    /// The glyph with its pen position at the origin (nil for a colour glyph and for an
    /// underline piece, which draw from `path` and `picture`).
    public var glyph: Glyph?
    /// A colour glyph's picture, drawn into the bounds of `path` in its own colours.
    public var picture: GlyphPicture?
    /// The glyph's pen position on the baseline: where `glyph`'s origin is placed.
    public var origin: Point
    public var tag: Int
    public var line: Int
    public var word: Int
    /// Where the characters it shows begin: an index into the text's Unicode scalars (the runs'
    /// texts one after another). nil for an underline piece and a truncation's ellipsis.
    public var scalar: Int?
    /// How far the pen moves after it, tracking included (a combining mark's is the tracking
    /// alone; an underline piece's 0).
    public var advance: Double
}

/// Sets runs of text: fonts found by `FontLookup`, shaped by HarfBuzz, ordered by FriBidi,
/// broken into lines at spaces when wrapped, truncated, aligned. Results are cached, so a
/// layer's text is set once however many frames draw it.
public enum TextLayout {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var cache: [Request: TypesetText] = [:]
    private static let cacheLimit = 512

    private struct Request: Hashable {
        let runs: [TextRun]
        let options: TextLayoutOptions
    }

    /// The most characters (Unicode scalars) one text is set with: far more than a frame shows
    /// legibly, and a bound on the memory and time a document's text can take. Documents are
    /// checked against it as they are read; `typeset` refuses longer texts.
    public static let maximumCharacters = 20_000

    /// `runs` set with `options`.
    /// - Throws: `TextError` when a run's font is not installed or cannot be read, or the text
    ///   is longer than `maximumCharacters`.
    public static func typeset(_ runs: [TextRun], options: TextLayoutOptions) throws(TextError) -> TypesetText {
        let characters = runs.reduce(0) { $0 + $1.text.unicodeScalars.count }
        guard characters <= maximumCharacters else { throw TextError("\(characters) characters to set; a text holds at most \(maximumCharacters)") }
        let request = Request(runs: runs, options: options)
        lock.lock()
        if let hit = cache[request] {
            lock.unlock()
            return hit
        }
        lock.unlock()
        let result = try fitted(runs, options: options)
        lock.lock()
        if cache.count >= cacheLimit { cache.removeAll() }
        cache[request] = result
        lock.unlock()
        return result
    }
}

extension TextLayout {
    /// `runs` set and fitted to the box as `options.fit` says.
    static func fitted(_ runs: [TextRun], options: TextLayoutOptions) throws(TextError) -> TypesetText {
        let asked = options.numberOfLines > 0 ? options.numberOfLines : Int.max
        var natural = try set(runs, options: options, scale: 1, lines: asked)
        natural.overflows = !fits(natural, options: options)
        guard natural.overflows, options.fit != .none else { return natural }
        if options.fit == .truncate { return try cut(runs, options: options, scale: 1) }
        // The largest scale that fits, by bisection: fitting is monotonic in the size, and eight
        // halvings leave less than half a percent of the range between the scale and the largest.
        var trial = options
        trial.truncation = .none
        let smallest = min(max(options.minimumScaleFactor, 0.01), 1)
        guard fits(try set(runs, options: trial, scale: smallest, lines: .max), options: options) else {
            return try cut(runs, options: options, scale: smallest)
        }
        var (low, high) = (smallest, 1.0)
        for _ in 0..<8 {
            let middle = (low + high) / 2
            if fits(try set(runs, options: trial, scale: middle, lines: .max), options: options) { low = middle } else { high = middle }
        }
        var shrunk = try set(runs, options: options, scale: low, lines: asked)
        shrunk.overflows = false
        return shrunk
    }

    /// `runs` at `scale`, on the lines that fit the box's height (and `numberOfLines`), the last
    /// ending in "…" when text is left.
    static func cut(_ runs: [TextRun], options: TextLayoutOptions, scale: Double) throws(TextError) -> TypesetText {
        var room = options.numberOfLines > 0 ? options.numberOfLines : Int.max
        if options.height > 0 {
            let all = try set(runs, options: options, scale: scale, lines: .max)
            room = min(room, max(all.lineBottoms.prefix { $0 <= options.height + fitTolerance }.count, 1))
        }
        var cut = options
        if cut.truncation == .none { cut.truncation = .end }
        var result = try set(runs, options: cut, scale: scale, lines: room)
        result.overflows = !fits(result, options: options)
        return result
    }

    /// How far text may pass its box's height and still fit: half a point, less than a pixel at
    /// @2x (its width is exact but for rounding: a line any wider is truncated; a justified one
    /// is stretched to it).
    static let fitTolerance = 0.5

    /// Whether `text` shows whole inside the box `options` give.
    static func fits(_ text: TypesetText, options: TextLayoutOptions) -> Bool {
        if text.isCut { return false }
        if options.fit != .none, text.breaksWord { return false }
        if options.numberOfLines > 0, text.lineCount > options.numberOfLines { return false }
        if options.width > 0, options.width.isFinite, text.size.width > options.width + 1e-6 { return false }
        if options.height > 0, let bottom = text.lineBottoms.last, bottom > options.height + fitTolerance { return false }
        return true
    }

    /// `runs` with their sizes and tracking times `scale`, set on at most `lines` lines.
    static func set(_ runs: [TextRun], options: TextLayoutOptions, scale: Double, lines: Int) throws(TextError) -> TypesetText {
        let scaled = scale == 1 ? runs : runs.map { run in
            var run = run
            run.style.size *= scale
            run.style.tracking *= scale
            return run
        }
        var setter = try Typesetter(runs: scaled, options: options, maximumLines: lines)
        var result = setter.set()
        result.scale = scale
        return result
    }
}

/// One typesetting: the text as characters with their styles, set paragraph by paragraph.
private struct Typesetter {
    let options: TextLayoutOptions
    var scalars: [Unicode.Scalar] = []
    /// The style of each character, as an index into `styles`.
    var styleOf: [Int] = []
    var styles: [TextStyle] = []
    var faces: [FontFace] = []
    var placed: [SetGlyph] = []
    var missing: [Unicode.Scalar] = []
    /// The word of each character, counted from the start of the text.
    var wordOf: [Int] = []
    var glyphCount = 0, lineCount = 0
    var top = 0.0, widest = 0.0
    /// The most lines set; the last takes the rest of its paragraph, truncated.
    let maximumLines: Int
    var lineBottoms: [Double] = []
    var breaksWord = false, isCut = false
    /// The style of the paragraph being set, if it has one of its own.
    var paragraphStyle: ParagraphStyle?
    /// The points added below the last line set (`ParagraphStyle.lineSpacing`).
    var lastSpacing = 0.0

    /// A glyph placed on a line, before alignment.
    struct LineGlyph {
        var id: UInt32
        var face: FontFace
        var style: Int
        var x: Double
        var offset: Point
        var advance: Double
        var isSpace: Bool
        var word: Int
        /// The index of its cluster's first scalar in the text (nil for an ellipsis).
        var scalar: Int?
    }

    init(runs: [TextRun], options: TextLayoutOptions, maximumLines: Int) throws(TextError) {
        self.options = options
        self.maximumLines = maximumLines
        for run in runs where !run.text.isEmpty {
            let index = styles.firstIndex(of: run.style) ?? styles.count
            if index == styles.count {
                styles.append(run.style)
                faces.append(try FontFace.face(for: FontLookup.file(for: run.style.font)))
            }
            for scalar in run.text.unicodeScalars {
                scalars.append(scalar)
                styleOf.append(index)
            }
        }
    }

    var limit: Double? { options.width > 0 && options.width.isFinite ? options.width : nil }

    mutating func set() -> TypesetText {
        var word = 0
        wordOf = scalars.indices.map { i in
            if i > 0, scalars[i - 1].properties.isWhitespace, !scalars[i].properties.isWhitespace { word += 1 }
            return word
        }
        var start = 0
        for i in 0...scalars.count where i == scalars.count || scalars[i] == "\n" {
            guard lineCount < maximumLines else {
                isCut = true
                break
            }
            // A paragraph takes the paragraph style of its first character (its newline's, when empty).
            paragraphStyle = styleOf.indices.contains(start) ? styles[styleOf[start]].paragraph : nil
            setParagraph(start..<i, isLast: i == scalars.count)
            start = i + 1
        }
        // The last line's spacing is below the text, not part of it.
        top -= lastSpacing
        return TypesetText(glyphs: placed, glyphCount: glyphCount, lineCount: lineCount, missing: missing, size: Size(widest, top),
                           scale: 1, overflows: false, lineBottoms: lineBottoms, breaksWord: breaksWord, isCut: isCut)
    }

    /// The face that draws `scalar` in `style`: the style's own, or the closest installed font
    /// that has the character (fontconfig's fallback), or the style's own when none has it.
    /// A character asked for in its emoji form (followed by U+FE0F) takes a colour font that has
    /// it, when one is installed.
    func face(for scalar: Unicode.Scalar, style: Int, emoji: Bool) -> FontFace {
        let own = faces[style]
        if emoji, !own.hasColorBitmaps, let file = FontLookup.fallback(for: scalar, near: styles[style].font, color: true),
           let colored = try? FontFace.face(for: file), colored.hasColorBitmaps {
            return colored
        }
        guard !scalar.properties.isWhitespace, scalar.value >= 0x20, !own.hasGlyph(for: scalar),
              let file = FontLookup.fallback(for: scalar, near: styles[style].font), let fallback = try? FontFace.face(for: file)
        else { return own }
        return fallback
    }

    /// Whether a character belongs to the one before it: a combining mark, a format character
    /// (joiners, marks of direction) or a variation selector.
    static func attachesToPrevious(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: true
        default: scalar.properties.isVariationSelector
        }
    }

    /// Sets one paragraph: bidi levels, shaping by segment, line breaks, then each line (up to
    /// `maximumLines`; the last allowed takes the rest of the text, truncated, when any is left).
    mutating func setParagraph(_ range: Range<Int>, isLast: Bool) {
        let text = Array(scalars[range])
        let (levels, rightToLeft) = Bidi.levels(of: text)
        // Marks, joiners and variation selectors stay with the face of the character before
        // them, so a cluster is shaped by one font.
        var faceOf: [FontFace] = []
        for (i, scalar) in text.enumerated() {
            let style = styleOf[range.lowerBound + i]
            if i > 0, Self.attachesToPrevious(scalar), styleOf[range.lowerBound + i - 1] == style {
                faceOf.append(faceOf[i - 1])
            } else {
                faceOf.append(face(for: scalar, style: style, emoji: i + 1 < text.count && text[i + 1] == "\u{FE0F}"))
            }
        }
        for (scalar, face) in zip(text, faceOf)
        where !scalar.properties.isWhitespace && scalar.value >= 0x20 && !Self.attachesToPrevious(scalar)
            && !face.hasGlyph(for: scalar) && !missing.contains(scalar) {
            missing.append(scalar)
        }
        // Segments: the longest stretches of one style, level and face, shaped each in one go.
        var segments: [Segment] = []
        var s = 0
        while s < text.count {
            var e = s + 1
            while e < text.count && styleOf[range.lowerBound + e] == styleOf[range.lowerBound + s] && levels[e] == levels[s]
                    && faceOf[e] === faceOf[s] { e += 1 }
            let shaped = faceOf[s].shape(Array(text[s..<e]), rightToLeft: levels[s] % 2 == 1, ligatures: options.ligatures)
            segments.append(Segment(range: s..<e, level: levels[s], face: faceOf[s], glyphs: shaped.map {
                ShapedGlyph(id: $0.id, cluster: $0.cluster + s, advance: $0.advance, offset: $0.offset)
            }))
            s = e
        }
        // The width each character adds (a cluster's glyphs counted on its first character).
        var widths = [Double](repeating: 0, count: text.count)
        var clusterStart = [Bool](repeating: false, count: text.count)
        for segment in segments {
            for glyph in segment.glyphs where glyph.cluster < text.count {
                widths[glyph.cluster] += advance(of: glyph, face: segment.face, style: styleOf[range.lowerBound + glyph.cluster])
                clusterStart[glyph.cluster] = true
            }
        }
        var lines: [Range<Int>] = []
        if options.isWrapped, let limit {
            var lineStart = 0, lineWidth = 0.0, lastBreak: Int?
            for i in 0..<text.count {
                let space = text[i].properties.isWhitespace
                if !space, lineWidth + widths[i] > limit, i > lineStart, clusterStart[i] {
                    let end = lastBreak.flatMap { $0 > lineStart ? $0 : nil } ?? i
                    if end == i, lastBreak != i { breaksWord = true }
                    lines.append(lineStart..<end)
                    lineStart = end
                    lineWidth = widths[end..<i].reduce(0, +)
                    lastBreak = nil
                }
                lineWidth += widths[i]
                if space { lastBreak = i + 1 }
            }
            lines.append(lineStart..<text.count)
        } else {
            lines = [0..<text.count]
        }
        for (n, line) in lines.enumerated() {
            let isLastLine = n == lines.count - 1
            if lineCount == maximumLines - 1, !isLastLine || !isLast {
                isCut = true
                // The rest of the text on the line, to end in "…" where it is cut; with `clip`,
                // the line as wrapped, and nothing after it.
                let shown = options.truncation == .clip ? line : line.lowerBound..<text.count
                setLine(shown, of: text, paragraph: range, segments: segments, rightToLeft: rightToLeft, isLast: true, textFollows: true)
                return
            }
            setLine(line, of: text, paragraph: range, segments: segments, rightToLeft: rightToLeft, isLast: isLastLine)
        }
    }

    /// A stretch of a paragraph shaped in one go: one style, one bidi level, one face.
    struct Segment {
        var range: Range<Int>
        var level: UInt8
        var face: FontFace
        /// In visual order: their clusters rise left to right, or fall in a right-to-left segment.
        var glyphs: [ShapedGlyph]

        /// The glyphs whose clusters lie in `characters`, in visual order.
        func glyphs(in characters: Range<Int>) -> ArraySlice<ShapedGlyph> {
            if level % 2 == 1 {
                let start = glyphs.partitionPoint { $0.cluster >= characters.upperBound }
                let end = glyphs.partitionPoint { $0.cluster >= characters.lowerBound }
                return glyphs[start..<max(start, end)]
            }
            let start = glyphs.partitionPoint { $0.cluster < characters.lowerBound }
            let end = glyphs.partitionPoint { $0.cluster < characters.upperBound }
            return glyphs[start..<max(start, end)]
        }
    }

    func advance(of glyph: ShapedGlyph, face: FontFace, style: Int) -> Double {
        glyph.advance * styles[style].size / face.unitsPerEm + styles[style].tracking
    }

    /// Places one line's glyphs: runs in visual order, truncated and aligned, one line down.
    /// A line that `textFollows` (the last of `maximumLines`) ends in "…" even when it fits
    /// (unless the truncation mode is `clip`).
    mutating func setLine(_ line: Range<Int>, of text: [Unicode.Scalar], paragraph: Range<Int>, segments: [Segment],
                          rightToLeft: Bool, isLast: Bool, textFollows: Bool = false) {
        var end = line.upperBound
        while end > line.lowerBound && text[end - 1].properties.isWhitespace { end -= 1 }
        let shown = line.lowerBound..<end
        // The segments and glyphs on the line are found by bisection, so a paragraph of many
        // lines is set in time linear in its length.
        let first = segments.partitionPoint { $0.range.upperBound <= shown.lowerBound }
        let pieces = segments[first...].prefix { $0.range.lowerBound < shown.upperBound }.filter { $0.range.overlaps(shown) }
        var glyphs: [LineGlyph] = []
        var x = 0.0
        for index in Bidi.visualOrder(of: pieces.map(\.level)) {
            let face = pieces[index].face
            for glyph in pieces[index].glyphs(in: shown) {
                let style = styleOf[paragraph.lowerBound + glyph.cluster]
                let width = advance(of: glyph, face: face, style: style)
                glyphs.append(LineGlyph(id: glyph.id, face: face, style: style, x: x, offset: glyph.offset, advance: width,
                                        isSpace: text[glyph.cluster].properties.isWhitespace, word: wordOf[paragraph.lowerBound + glyph.cluster],
                                        scalar: paragraph.lowerBound + glyph.cluster))
                x += width
            }
        }
        if textFollows, options.truncation != .clip {
            (glyphs, x) = truncated(glyphs, to: limit ?? .infinity, mode: options.truncation == .none ? .end : options.truncation)
        } else if !textFollows, !options.isWrapped, options.truncation != .none, options.truncation != .clip, let limit, x > limit {
            (glyphs, x) = truncated(glyphs, to: limit, mode: options.truncation)
            isCut = true
        }
        // Vertical metrics: the largest of the styles on the line (the paragraph's first style on an empty one).
        let lineStyles = Set(glyphs.map(\.style)).sorted()
        let metricStyles = lineStyles.isEmpty ? [styleOf.indices.contains(paragraph.lowerBound) ? styleOf[paragraph.lowerBound] : 0] : lineStyles
        var ascent = 0.0, descent = 0.0, gap = 0.0
        for style in metricStyles where faces.indices.contains(style) {
            let scale = styles[style].size / faces[style].unitsPerEm
            ascent = max(ascent, faces[style].ascender * scale)
            descent = max(descent, faces[style].descender * scale)
            gap = max(gap, faces[style].lineGap * scale)
        }
        // Alignment.
        let room = (limit ?? x) - x
        var shift = 0.0, stretch = 0.0
        // A paragraph's natural alignment leaves the layout's.
        switch paragraphStyle?.alignment.flatMap({ $0 == .natural ? nil : $0 }) ?? options.alignment {
        case .left: shift = 0
        case .right: shift = room
        case .center: shift = room / 2
        case .natural: shift = rightToLeft ? room : 0
        case .justified:
            let spaces = glyphs.filter(\.isSpace).count
            if !isLast, spaces > 0, room > 0 { stretch = room / Double(spaces) } else { shift = rightToLeft ? room : 0 }
        }
        let baseline = top + ascent
        var added = 0.0
        // Underlines and strikethroughs: a line under (or through) each stretch of glyphs in one style.
        var open: [(start: Double, style: Int)?] = [nil, nil]
        var lines: [(rect: Rect, tag: Int, word: Int)] = []
        let (styles, faces) = (self.styles, self.faces)
        var lastWord = 0
        func decorated(_ kind: Int, _ style: Int) -> Bool { kind == 0 ? styles[style].underline : styles[style].strikethrough }
        func endLine(_ kind: Int, at right: Double) {
            guard let stretch = open[kind] else { return }
            let face = faces[stretch.style], scale = styles[stretch.style].size / face.unitsPerEm
            let thickness = (kind == 0 ? face.underlineThickness : face.strikeoutThickness) * scale
            let y = kind == 0 ? baseline + face.underlinePosition * scale - thickness / 2 : baseline - face.strikeoutPosition * scale
            lines.append((Rect(x: stretch.start, y: y, width: right - stretch.start, height: thickness), styles[stretch.style].tag, lastWord))
            open[kind] = nil
        }
        for glyph in glyphs {
            let left = glyph.x + shift + added
            for kind in 0..<2 {
                if let stretch = open[kind], !decorated(kind, glyph.style) || stretch.style != glyph.style { endLine(kind, at: left) }
                if decorated(kind, glyph.style) && open[kind] == nil { open[kind] = (left, glyph.style) }
            }
            let face = glyph.face, scale = styles[glyph.style].size / face.unitsPerEm
            let origin = Point(left + glyph.offset.x * scale, baseline + glyph.offset.y * scale)
            let size = styles[glyph.style].size
            lastWord = glyph.word
            if face.hasColorBitmaps, let picture = face.picture(of: glyph.id) {
                let box = Rect(x: origin.x + picture.box.minX * size, y: origin.y + picture.box.minY * size,
                               width: picture.box.size.width * size, height: picture.box.size.height * size)
                placed.append(SetGlyph(path: .roundedRect(box, cornerRadius: 0), glyph: nil, picture: picture, origin: origin,
                                       tag: styles[glyph.style].tag, line: lineCount, word: glyph.word, scalar: glyph.scalar, advance: glyph.advance))
            } else if case let outline = face.outline(of: glyph.id), !outline.isEmpty {
                let set = Glyph(faceSerial: face.serial, index: glyph.id, size: size, outline: outline.applying(Transform3D(scaleX: scale, y: scale)))
                placed.append(SetGlyph(path: set.outline.applying(Transform3D(translationX: origin.x, y: origin.y)), glyph: set, picture: nil,
                                       origin: origin, tag: styles[glyph.style].tag, line: lineCount, word: glyph.word, scalar: glyph.scalar, advance: glyph.advance))
            }
            glyphCount += 1
            if glyph.isSpace { added += stretch }
        }
        for kind in 0..<2 { endLine(kind, at: (glyphs.last.map { $0.x + $0.advance } ?? 0) + shift + added) }
        for line in lines {
            placed.append(SetGlyph(path: .roundedRect(line.rect, cornerRadius: 0), glyph: nil, picture: nil, origin: .zero, tag: line.tag, line: lineCount, word: line.word,
                                   scalar: nil, advance: 0))
        }
        widest = max(widest, x + added)
        lineBottoms.append(top + ascent + descent)
        let spacing = paragraphStyle?.lineSpacing ?? 0
        lastSpacing = spacing.isFinite ? max(spacing, 0) : 0
        top += (ascent + descent + gap) * options.lineHeightMultiple + lastSpacing
        lineCount += 1
    }

    /// A line cut to fit `limit` with "…" (in the style of the glyph next to the cut) where
    /// `mode` says: at the end, the start, or the middle of the visual line.
    func truncated(_ glyphs: [LineGlyph], to limit: Double, mode: TruncationMode) -> ([LineGlyph], Double) {
        func ellipsis(style: Int, word: Int) -> [LineGlyph] {
            faces[style].shape(["\u{2026}"], rightToLeft: false).map {
                LineGlyph(id: $0.id, face: faces[style], style: style, x: 0, offset: $0.offset, advance: advance(of: $0, face: faces[style], style: style),
                          isSpace: false, word: word, scalar: nil)
            }
        }
        guard let first = glyphs.first, let last = glyphs.last else { return (glyphs, 0) }
        var head: [LineGlyph] = [], tail: [LineGlyph] = []
        let next = mode == .start ? first : last
        let dots = ellipsis(style: next.style, word: next.word)
        var room = limit - dots.reduce(0) { $0 + $1.advance }
        var (i, j) = (0, glyphs.count - 1)
        var takeHead = mode != .start
        while i <= j {
            let glyph = takeHead ? glyphs[i] : glyphs[j]
            guard glyph.advance <= room else { break }
            room -= glyph.advance
            if takeHead { head.append(glyph); i += 1 } else { tail.insert(glyph, at: 0); j -= 1 }
            if mode == .middle { takeHead.toggle() }
        }
        var placed: [LineGlyph] = []
        var x = 0.0
        for var glyph in head + dots + tail {
            glyph.x = x
            x += glyph.advance
            placed.append(glyph)
        }
        return (placed, x)
    }
}

extension RandomAccessCollection {
    /// The index of the first element for which `belongsBefore` is false, in a collection where
    /// every element for which it is true comes first (a bisection: log n tests).
    func partitionPoint(_ belongsBefore: (Element) -> Bool) -> Index {
        var low = startIndex, count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if belongsBefore(self[middle]) {
                low = index(after: middle)
                count -= half + 1
            } else {
                count = half
            }
        }
        return low
    }
}
