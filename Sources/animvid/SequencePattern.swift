/// A numbered-file pattern such as `frames/%05d.png`, as FFmpeg's image2 muxer reads it: one
/// frame number (`%d`, or zero-padded `%05d`) and `%%` for a percent sign.
struct SequencePattern {
    private let parts: [Part]
    private enum Part {
        case text(String)
        case number(width: Int)
    }

    /// Nil unless `pattern` holds exactly one frame number and no other conversion.
    init?(_ pattern: String) {
        var parts: [Part] = []
        var text = ""
        var numbers = 0
        var characters = pattern.makeIterator()
        while let c = characters.next() {
            guard c == "%" else {
                text.append(c)
                continue
            }
            var next = characters.next()
            if next == "%" {
                text.append("%")
                continue
            }
            var digits = ""
            while let d = next, d.isASCII, d.isNumber {
                digits.append(d)
                next = characters.next()
            }
            guard next == "d", digits.count <= 2 else { return nil }
            parts.append(.text(text))
            text = ""
            parts.append(.number(width: Int(digits) ?? 0))
            numbers += 1
        }
        parts.append(.text(text))
        guard numbers == 1 else { return nil }
        self.parts = parts
    }

    /// The file name of frame `number` (image2 numbers frames from 1).
    func fileName(_ number: Int) -> String {
        parts.map { part in
            switch part {
            case .text(let text): text
            case .number(let width):
                String(repeating: "0", count: max(0, width - String(number).count)) + String(number)
            }
        }.joined()
    }
}
