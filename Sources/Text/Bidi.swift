import CText

/// The Unicode bidirectional algorithm, by FriBidi: embedding levels of a paragraph, and the
/// visual order of a line's runs.
enum Bidi {
    /// The embedding level of each character of a paragraph (even: left to right, odd: right to
    /// left) and whether the paragraph itself runs right to left (from its first strong character).
    static func levels(of text: [Unicode.Scalar]) -> (levels: [UInt8], rightToLeft: Bool) {
        guard !text.isEmpty else { return ([], false) }
        let chars = text.map { FriBidiChar($0.value) }
        let count = FriBidiStrIndex(chars.count)
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: chars.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: chars.count)
        var levels = [FriBidiLevel](repeating: 0, count: chars.count)
        fribidi_get_bidi_types(chars, count, &types)
        fribidi_get_bracket_types(chars, count, types, &brackets)
        var direction = FRIBIDI_PAR_ON
        guard fribidi_get_par_embedding_levels_ex(types, brackets, count, &direction, &levels) != 0 else {
            return (Array(repeating: 0, count: chars.count), false)
        }
        return (levels.map { UInt8(bitPattern: $0) }, direction == FRIBIDI_PAR_RTL)
    }

    /// The visual order of runs with the given levels (rule L2): from the highest level down
    /// to the lowest odd one, every stretch of runs at that level or above is reversed.
    static func visualOrder(of levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 % 2 == 1 }).min() else { return order }
        for level in stride(from: Int(highest), through: Int(lowestOdd), by: -1) {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count && levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
        }
        return order
    }
}
