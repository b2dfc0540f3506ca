import Foundation

/// One caption: when it shows, its lines, and its words each with the time it is spoken.
public struct Caption: Sendable, Equatable {
    /// A word of the caption and the span in which it is the one being spoken.
    public struct Word: Sendable, Equatable {
        public var text: String
        /// The line of the caption it is on (its file's own line breaks).
        public var line: Int
        public var start: Double, end: Double
    }

    /// Shown from `start` (inclusive) to `end` (exclusive), in seconds of the clip.
    public var start: Double, end: Double
    /// The words in order. Words without times of their own (SubRip, a WebVTT cue without inline
    /// timestamps) share their stretch of the cue evenly.
    public var words: [Word]
    /// The cue's number in its file, from 1.
    public var index: Int

    /// The text as shown: the words of each line joined by spaces, lines by line breaks.
    public var text: String {
        let lines = Dictionary(grouping: words, by: \.line).sorted { $0.key < $1.key }
        return lines.map { $0.value.map(\.text).joined(separator: " ") }.joined(separator: "\n")
    }
}

/// Reads SubRip (`.srt`) and WebVTT (`.vtt`) captions. Styling tags are dropped (`<i>`, `<b>`,
/// `<c.class>`, `<v Name>`, SubRip's `<font>` and `{\an8}`); WebVTT's inline timestamps
/// (`<00:00:01.500>`) time the words after them; entities (`&amp;`, `&lt;`, `&nbsp;`, …) are read.
public enum CaptionFile {
    /// The largest captions file read: hours of dialogue.
    public static let sizeLimit = 4 << 20

    /// The captions of the file at `path`, by time; an error names the file and line at fault.
    public static func load(_ path: String) throws(DocumentError) -> [Caption] {
        let data = try DocumentFile.read(path, limit: sizeLimit)
        guard let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) else {
            throw DocumentError(file: path, position: nil, path: "", message: "not a text file")
        }
        return try parse(text, file: path)
    }

    /// The captions in `text` (SubRip or WebVTT, told apart by WebVTT's header), by time.
    public static func parse(_ text: String, file: String) throws(DocumentError) -> [Caption] {
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = String(first.dropFirst()) }
        let isVTT = lines.first.map { $0 == "WEBVTT" || $0.hasPrefix("WEBVTT ") || $0.hasPrefix("WEBVTT\t") } ?? false
        func fail(_ line: Int, _ message: String) -> DocumentError {
            DocumentError(file: file, position: JSONPosition(line: line + 1, column: 1), path: "", message: message)
        }
        var captions: [Caption] = []
        // WebVTT's header runs from the signature to the first blank line (Kind:, Language:, …).
        var i = isVTT ? (lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).isEmpty } ?? lines.count) : 0
        var cues = 0
        while i < lines.count {
            // A block runs to the next blank line.
            guard !lines[i].trimmingCharacters(in: .whitespaces).isEmpty else {
                i += 1
                continue
            }
            var block: [(number: Int, text: String)] = []
            while i < lines.count, !lines[i].trimmingCharacters(in: .whitespaces).isEmpty {
                block.append((i, lines[i]))
                i += 1
            }
            if isVTT, let head = block.first?.text, ["NOTE", "STYLE", "REGION"].contains(where: { head == $0 || head.hasPrefix($0 + " ") || head.hasPrefix($0 + "\t") }) {
                continue
            }
            // An identifier (SubRip's number, WebVTT's optional name) may come before the timing line.
            guard let timing = block.firstIndex(where: { $0.text.contains("-->") }), timing <= 1 else {
                throw fail(block[0].number, "expected a timing line such as 00:00:01.000 --> 00:00:03.500")
            }
            let parts = block[timing].text.components(separatedBy: "-->")
            let endField = parts[1].trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? ""
            guard parts.count == 2, let start = seconds(parts[0].trimmingCharacters(in: .whitespaces)), let end = seconds(endField) else {
                throw fail(block[timing].number, "\(block[timing].text.trimmingCharacters(in: .whitespaces)) is not a timing line; write HH:MM:SS.mmm --> HH:MM:SS.mmm")
            }
            guard end > start else { throw fail(block[timing].number, "the caption ends (\(endField)) before it starts") }
            cues += 1
            let text = block[(timing + 1)...].map(\.text)
            let words = try timedWords(text, start: start, end: end) { message throws(DocumentError) in throw fail(block[timing].number, message) }
            guard !words.isEmpty else { continue }
            captions.append(Caption(start: start, end: end, words: words, index: cues))
        }
        return captions.sorted { $0.start < $1.start }
    }

    /// Seconds from `HH:MM:SS.mmm`, `MM:SS.mmm` or SubRip's `HH:MM:SS,mmm`.
    static func seconds(_ text: String) -> Double? {
        let fields = text.replacingOccurrences(of: ",", with: ".").split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count), let last = fields.last, let s = Double(last), s >= 0, s < 60,
              last.allSatisfy({ $0.isNumber || $0 == "." }) else { return nil }
        var total = s
        for (power, field) in fields.dropLast().reversed().enumerated() {
            guard let n = Int(field), n >= 0, power == 1 || n < 60 else { return nil }
            total += Double(n) * (power == 0 ? 60 : 3600)
        }
        return total
    }

    /// The words of a cue's lines with their spans: each inline timestamp starts a stretch that
    /// runs to the next (the first from `start`, the last to `end`), its words sharing it evenly.
    private static func timedWords(_ lines: [String], start: Double, end: Double,
                                   fail: (String) throws(DocumentError) -> Never) throws(DocumentError) -> [Caption.Word] {
        // Stretches of (line, text) with the time each starts.
        var stretches: [(time: Double, words: [(line: Int, text: String)])] = [(start, [])]
        for (number, line) in lines.enumerated() {
            var rest = Substring(line)
            var plain = ""
            func flush() {
                // Words part at spaces and tabs; a no-break space keeps its words together.
                for word in decoded(plain).split(whereSeparator: { $0 == " " || $0 == "\t" }) { stretches[stretches.count - 1].words.append((number, String(word))) }
                plain = ""
            }
            while let open = rest.firstIndex(where: { $0 == "<" || $0 == "{" }) {
                plain += rest[..<open]
                let closer: Character = rest[open] == "<" ? ">" : "}"
                guard let close = rest[open...].firstIndex(of: closer) else {
                    rest = rest[open...]
                    break
                }
                let tag = rest[rest.index(after: open)..<close]
                if rest[open] == "<", let time = seconds(String(tag)) {
                    flush()
                    guard time >= stretches[stretches.count - 1].time, time <= end else {
                        try fail("the word time <\(tag)> is outside its caption or before the one before it")
                    }
                    stretches.append((time, []))
                } else if rest[open] == "{" && !tag.hasPrefix("\\") {
                    plain += rest[open...close]
                }
                rest = rest[rest.index(after: close)...]
            }
            plain += rest
            flush()
        }
        var words: [Caption.Word] = []
        for (index, stretch) in stretches.enumerated() where !stretch.words.isEmpty {
            let stretchEnd = index + 1 < stretches.count ? stretches[index + 1].time : end
            let each = (stretchEnd - stretch.time) / Double(stretch.words.count)
            for (k, word) in stretch.words.enumerated() {
                words.append(Caption.Word(text: word.text, line: word.line, start: stretch.time + Double(k) * each,
                                          end: k == stretch.words.count - 1 ? stretchEnd : stretch.time + Double(k + 1) * each))
            }
        }
        return words
    }

    /// `text` with WebVTT's and HTML's character references read.
    private static func decoded(_ text: String) -> String {
        guard text.contains("&") else { return text }
        // `&amp;` last, so that `&amp;lt;` reads as the text `&lt;`.
        let named = [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&nbsp;", "\u{00A0}"), ("&lrm;", "\u{200E}"),
                     ("&rlm;", "\u{200F}"), ("&amp;", "&")]
        var result = text
        for (entity, character) in named { result = result.replacingOccurrences(of: entity, with: character) }
        return result
    }
}
