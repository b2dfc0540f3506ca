/// An error in SVG path data, naming the position (a 0-based character offset) and the problem.
public struct SVGPathError: Error, Equatable, CustomStringConvertible {
    /// Where the problem is: a 0-based character offset into the path data.
    public let offset: Int
    /// What is wrong there.
    public let message: String

    public var description: String { "SVG path data, character \(offset + 1): \(message)" }
}

extension Path {
    /// Parses SVG path data (`d`): every command of SVG 1.1, absolute and relative, with
    /// implicit repeats, smooth curves and elliptical arcs.
    public init(svg data: String) throws(SVGPathError) {
        var parser = SVGPathParser(Array(data.utf8))
        self = try parser.parse()
    }
}

private struct SVGPathParser {
    let text: [UInt8]
    var index = 0
    var path = Path()
    var current = Point.zero
    var subpathStart = Point.zero
    /// The last control point, for the reflection of S/s and T/t.
    var lastCubicControl: Point?
    var lastQuadControl: Point?

    init(_ text: [UInt8]) {
        self.text = text
    }

    mutating func parse() throws(SVGPathError) -> Path {
        skipSeparators()
        guard index < text.count else { return path }
        guard text[index] == UInt8(ascii: "M") || text[index] == UInt8(ascii: "m") else {
            throw SVGPathError(offset: index, message: "path data must start with a move (M or m)")
        }
        var command: UInt8 = 0
        while true {
            skipSeparators()
            guard index < text.count else { break }
            let c = text[index]
            if Self.commands.contains(c) {
                command = c
                index += 1
            } else if !startsNumber(c) {
                throw SVGPathError(offset: index, message: "unexpected '\(Character(Unicode.Scalar(c)))'; expected a command (MLHVCSQTAZ) or a number")
            } else if command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                throw SVGPathError(offset: index, message: "a number cannot follow Z")
            }
            try run(command)
            // After a move, extra coordinate pairs are implicit line-tos.
            if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
            if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
        }
        return path
    }

    static let commands = Set("MmLlHhVvCcSsQqTtAaZz".utf8)

    private mutating func run(_ command: UInt8) throws(SVGPathError) {
        let relative = command >= UInt8(ascii: "a")
        let base = relative ? current : .zero
        var cubicControl: Point?
        var quadControl: Point?
        switch command & 0xDF {  // the upper-case letter
        case UInt8(ascii: "M"):
            let p = try point() + base
            path.move(to: p)
            current = p
            subpathStart = p
        case UInt8(ascii: "L"):
            current = try point() + base
            path.addLine(to: current)
        case UInt8(ascii: "H"):
            current = Point(try number() + (relative ? current.x : 0), current.y)
            path.addLine(to: current)
        case UInt8(ascii: "V"):
            current = Point(current.x, try number() + (relative ? current.y : 0))
            path.addLine(to: current)
        case UInt8(ascii: "C"):
            let c1 = try point() + base, c2 = try point() + base, p = try point() + base
            path.addCurve(to: p, control1: c1, control2: c2)
            (current, cubicControl) = (p, c2)
        case UInt8(ascii: "S"):
            let c1 = lastCubicControl.map { current * 2 - $0 } ?? current
            let c2 = try point() + base, p = try point() + base
            path.addCurve(to: p, control1: c1, control2: c2)
            (current, cubicControl) = (p, c2)
        case UInt8(ascii: "Q"):
            let c = try point() + base, p = try point() + base
            path.addQuadCurve(to: p, control: c)
            (current, quadControl) = (p, c)
        case UInt8(ascii: "T"):
            let c = lastQuadControl.map { current * 2 - $0 } ?? current
            let p = try point() + base
            path.addQuadCurve(to: p, control: c)
            (current, quadControl) = (p, c)
        case UInt8(ascii: "A"):
            let rx = try number(), ry = try number(), rotation = try number()
            let large = try flag(), sweep = try flag()
            let p = try point() + base
            path.addEllipticalArc(to: p, radiusX: rx, radiusY: ry, rotation: rotation * .pi / 180, largeArc: large, sweep: sweep)
            current = p
        default:  // Z
            path.closeSubpath()
            current = subpathStart
        }
        lastCubicControl = cubicControl
        lastQuadControl = quadControl
    }

    private mutating func point() throws(SVGPathError) -> Point {
        let x = try number()
        return Point(x, try number())
    }

    private mutating func flag() throws(SVGPathError) -> Bool {
        skipSeparators()
        guard index < text.count, text[index] == UInt8(ascii: "0") || text[index] == UInt8(ascii: "1") else {
            throw SVGPathError(offset: index, message: "expected an arc flag (0 or 1)")
        }
        index += 1
        return text[index - 1] == UInt8(ascii: "1")
    }

    private mutating func number() throws(SVGPathError) -> Double {
        skipSeparators()
        let start = index
        if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
        var digits = 0
        while index < text.count, Self.isDigit(text[index]) { index += 1; digits += 1 }
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index += 1
            while index < text.count, Self.isDigit(text[index]) { index += 1; digits += 1 }
        }
        if digits > 0, index < text.count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            var exponent = index + 1
            if exponent < text.count, text[exponent] == UInt8(ascii: "+") || text[exponent] == UInt8(ascii: "-") { exponent += 1 }
            if exponent < text.count, Self.isDigit(text[exponent]) {
                index = exponent
                while index < text.count, Self.isDigit(text[index]) { index += 1 }
            }
        }
        guard digits > 0, let value = Double(String(decoding: text[start..<index], as: UTF8.self)), value.isFinite else {
            index = start
            throw SVGPathError(offset: start, message: start < text.count ? "expected a number" : "expected a number, found the end of the data")
        }
        return value
    }

    private func startsNumber(_ c: UInt8) -> Bool {
        Self.isDigit(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

    private mutating func skipSeparators() {
        while index < text.count, [UInt8(ascii: " "), UInt8(ascii: ","), 9, 10, 13].contains(text[index]) { index += 1 }
    }
}
