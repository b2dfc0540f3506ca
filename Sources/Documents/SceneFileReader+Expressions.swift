import Scenes

/// Arithmetic where a number goes: `"$canvas.height - 40"`, `"($canvas.width - $gap * 2) / 3"`,
/// `"80%"`, `"min(50%, 300)"`, with + − × ÷ (or * /), parentheses, numbers, percentages (of the
/// superlayer's bounds: its width for x and widths, its height for y and heights, its shorter
/// side for other lengths), `min` and `max`, and number knobs (`$name`, `$canvas.width` and
/// friends), so one template lays out on any canvas.
extension SceneFileReader {
    /// Whether a string in a number's place is an expression rather than a plain reference.
    static func isExpression(_ text: String) -> Bool {
        text.contains { "+-*/×÷()−%".contains($0) } && (text.contains("$") || text.contains { $0.isNumber })
    }

    /// The value of the expression `text`, written at `value` (for the error's position); a
    /// percentage is of `percentBase`'s `axis`.
    func evaluate(_ text: String, at value: JSONValue, _ path: String, axis: Axis) throws(DocumentError) -> Double {
        let whole = switch axis {
        case .horizontal: percentBase.width
        case .vertical: percentBase.height
        case .shorter: min(percentBase.width, percentBase.height)
        }
        var parser = ExpressionParser(characters: Array(text), values: values, hundredPercent: whole)
        do throws(ExpressionParser.Failure) {
            let x = try parser.expression()
            guard parser.atEnd else { throw ExpressionParser.Failure("unexpected \"\(parser.rest)\"") }
            guard x.isFinite else { throw ExpressionParser.Failure("the result is not a finite number") }
            return x
        } catch {
            throw fail(path, value, "in \"\(text)\": \(error.message)")
        }
    }
}

/// What a percentage in a number is of: the superlayer's width, height or shorter side.
enum Axis: Sendable {
    case horizontal, vertical, shorter
}

/// A recursive-descent reader of the arithmetic: expression = term {(+|−) term}; term = factor
/// {(×|÷) factor}; factor = (+|−) factor | number [%] | $name | (min|max) ( expression {, expression} )
/// | ( expression ).
private struct ExpressionParser {
    struct Failure: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    let characters: [Character]
    let values: [String: ParameterValue]
    /// What 100% is.
    let hundredPercent: Double
    var at = 0
    /// Signs and parentheses open now: deeper than 64 is refused rather than overflowing the stack.
    var depth = 0

    init(characters: [Character], values: [String: ParameterValue], hundredPercent: Double) {
        self.characters = characters
        self.values = values
        self.hundredPercent = hundredPercent
    }

    var atEnd: Bool {
        mutating get {
            skipSpaces()
            return at == characters.count
        }
    }

    var rest: String { String(characters[at...]) }

    mutating func skipSpaces() {
        while at < characters.count && characters[at] == " " { at += 1 }
    }

    mutating func take(_ options: String) -> Character? {
        skipSpaces()
        guard at < characters.count, options.contains(characters[at]) else { return nil }
        at += 1
        return characters[at - 1]
    }

    mutating func expression() throws(Failure) -> Double {
        var x = try term()
        while let op = take("+-−") { x = op == "+" ? x + (try term()) : x - (try term()) }
        return x
    }

    mutating func term() throws(Failure) -> Double {
        var x = try factor()
        while let op = take("*/×÷") {
            let y = try factor()
            if op == "*" || op == "×" {
                x *= y
            } else {
                guard y != 0 else { throw Failure("division by zero") }
                x /= y
            }
        }
        return x
    }

    mutating func factor() throws(Failure) -> Double {
        depth += 1
        defer { depth -= 1 }
        guard depth <= 64 else { throw Failure("signs and parentheses nest more than 64 deep") }
        if let sign = take("+-−") { return sign == "+" ? try factor() : -(try factor()) }
        if take("(") != nil {
            let x = try expression()
            guard take(")") != nil else { throw Failure("a \"(\" is not closed") }
            return x
        }
        skipSpaces()
        guard at < characters.count else { throw Failure("it ends where a number should be") }
        if characters[at] == "$" {
            at += 1
            let start = at
            while at < characters.count && (characters[at].isLetter || characters[at].isNumber || "._-".contains(characters[at])) { at += 1 }
            let name = String(characters[start..<at])
            guard let value = values[name] else {
                throw Failure("no parameter called \"\(name)\"" + (name.contains("-") ? " (put spaces around − in arithmetic)" : ""))
            }
            guard case .number(let x) = value else { throw Failure("$\(name) is not a number") }
            return x
        }
        if characters[at].isLetter {
            let start = at
            while at < characters.count && characters[at].isLetter { at += 1 }
            let name = String(characters[start..<at])
            guard name == "min" || name == "max" else { throw Failure("unknown function \"\(name)\" (min and max are known)") }
            guard take("(") != nil else { throw Failure("\(name) takes its values in parentheses: \(name)(a, b)") }
            var x = try expression()
            while take(",") != nil { x = name == "min" ? min(x, try expression()) : max(x, try expression()) }
            guard take(")") != nil else { throw Failure("a \"\(name)(\" is not closed") }
            return x
        }
        let start = at
        while at < characters.count && (characters[at].isNumber || characters[at] == "." || characters[at] == "e"
                                         || (characters[at] == "-" && at > start && characters[at - 1] == "e")) { at += 1 }
        guard let x = Double(String(characters[start..<at])) else {
            throw Failure(at < characters.count ? "unexpected \"\(characters[at])\"" : "a number is missing")
        }
        if take("%") != nil { return x * hundredPercent / 100 }
        return x
    }
}
