import Animation
import Documents
import Foundation
import Geometry

/// Reads a Lottie document into its typed model (`LottieAnimation`), each key once, every error
/// naming the JSON path of the field at fault (`layers[3].shapes[0].it[2].ks`); what animvid
/// does not draw yet is collected as warnings.
struct LottieDecoder {
    let file: String
    let warnings: LottieWarnings
    /// The document's `slots`: a property with a slot id (`sid`) takes its slot's value.
    var slots: JSONValue? = nil
    /// The work the file may ask for in all (keyframes read, points sampled), shared with the
    /// mapping that builds layers from the model.
    var budget = LottieBudget()
    /// Whether the glyph outlines in `chars` give their tangents as points, not offsets from
    /// their vertices: files Bodymovin exported before 4.7.99 do (lottie-web converts only
    /// newer files' glyphs).
    var glyphTangentsArePoints = false
    /// Runs the file's expressions (nil when it has none, or the engine could not start).
    var expressions: LottieExpressions? = nil

    /// Whether a document's Bodymovin version `v` is older than `version` (no version: newest).
    static func isOlder(_ document: JSONValue, than version: [Int]) -> Bool {
        guard case .string(let text, _)? = member(document, "v") else { return false }
        let parts = text.split(separator: ".").map { Int($0) ?? 0 }
        for (part, minimum) in zip(parts + [0, 0, 0], version) where part != minimum { return part < minimum }
        return false
    }

    /// Where `value` (at `path`) is, for errors found after decoding.
    func place(_ path: String, _ value: JSONValue?) -> LottiePlace {
        LottiePlace(path: path, position: value?.position)
    }

    func fail(_ path: String, _ value: JSONValue?, _ message: String) -> DocumentError {
        if let value { return DocumentError(at: value.position, in: file, path: path, message: message) }
        return DocumentError(file: file, position: nil, path: path, message: message)
    }

    /// The member `key` of an object (nil when absent or not an object).
    static func member(_ value: JSONValue?, _ key: String) -> JSONValue? {
        guard case let .object(members, _)? = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    func number(_ value: JSONValue?, _ path: String, default fallback: Double? = nil) throws(DocumentError) -> Double {
        switch value {
        case .number(let n, _)?: return n
        case .bool(let b, _)?: return b ? 1 : 0
        case nil:
            guard let fallback else { throw fail(path, nil, "missing: expected a number") }
            return fallback
        case let other?: throw fail(path, other, "expected a number, not \(other.kindName)")
        }
    }

    /// A whole number (a type, a mode, a count) within ±1,000,000,000.
    func integer(_ value: JSONValue?, _ path: String, default fallback: Int? = nil) throws(DocumentError) -> Int {
        let n = try number(value, path, default: fallback.map(Double.init))
        guard n == n.rounded(), abs(n) <= 1e9 else { throw fail(path, value, "expected a whole number, not \(n)") }
        return Int(n)
    }

    /// A layer index (`ind`, `parent`, `tp`) when `value` is one that fits an Int.
    static func index(_ value: JSONValue?) -> Int? {
        guard case .number(let n, _)? = value, n == n.rounded(), abs(n) <= 1e9 else { return nil }
        return Int(n)
    }

    func string(_ value: JSONValue?, _ path: String) throws(DocumentError) -> String? {
        switch value {
        case .string(let s, _)?: return s
        case nil: return nil
        case let other?: throw fail(path, other, "expected a string, not \(other.kindName)")
        }
    }

    /// A number or a list of numbers, as a list.
    func numbers(_ value: JSONValue, _ path: String) throws(DocumentError) -> [Double] {
        switch value {
        case .number(let n, _): return [n]
        case .array(let items, _):
            var result: [Double] = []
            for (i, item) in items.enumerated() {
                guard case .number(let n, _) = item else { throw fail("\(path)[\(i)]", item, "expected a number, not \(item.kindName)") }
                result.append(n)
            }
            return result
        default: throw fail(path, value, "expected a number or a list of numbers, not \(value.kindName)")
        }
    }

    /// An animatable property of numbers (`{"a": …, "k": …}`), nil when absent.
    /// A property of numbers. One whose keyframes ease each dimension differently is sampled
    /// every frame (animvid's keyframes ease all dimensions alike).
    /// An expression (`x`) is baked into keyframes (`LottieExpressions`); one that fails leaves
    /// the keyframes as they are, with a warning giving its error.
    func property(_ value: JSONValue?, _ path: String) throws(DocumentError) -> LottieProperty<[Double]>? {
        let expression = Self.expression(of: value)
        if expression != nil, let known = expressions?.resolved[path] { return known }
        guard let property = try property(value, path, { (v, p) throws(DocumentError) in try numbers(v, p) }) else { return nil }
        if let expression {
            let (result, baked) = running(expression, on: property, at: path) { (expressions) throws(LottieExpressions.Failure) in
                try expressions.bake(property, expression: expression, path: path, resolve: expressionResolver)
            } unbaked: { expressions in
                let unbaked = property.hasDimensionEases ? property.sampled(maximumSamples: LottieFile.maximumSamples) : property
                expressions.remember(unbaked, at: path)
                return unbaked
            }
            if baked { try budget.charge(result.keyframes.count, at: path, in: file) }
            return result
        }
        guard property.hasDimensionEases else { return property }
        try budget.charge(LottieFile.maximumSamples, at: path, in: file)
        return property.sampled(maximumSamples: LottieFile.maximumSamples)
    }

    /// An animatable property whose values `read` reads; Bodymovin's older keyframes (an `e`
    /// end value each) are read too. Keyframes beyond `LottieFile.maximumKeyframes` are refused.
    func property<Value>(_ value: JSONValue?, _ path: String,
                         _ read: (JSONValue, String) throws(DocumentError) -> Value) throws(DocumentError) -> LottieProperty<Value>? {
        guard var value else { return nil }
        if case .string(let id, _)? = Self.member(value, "sid"), let slot = Self.member(Self.member(slots, id), "p") { value = slot }
        guard let k = Self.member(value, "k") else { throw fail(path + ".k", value, "missing: an animatable property has k") }
        // Keyframes are a list of objects with a time `t`.
        guard case let .array(items, _) = k, case .object? = items.first, Self.member(items.first, "t") != nil else {
            return LottieProperty(initial: try read(k, path + ".k"), keyframes: [])
        }
        guard items.count <= LottieFile.maximumKeyframes else {
            throw fail(path + ".k", k, "\(items.count) keyframes; at most \(LottieFile.maximumKeyframes)")
        }
        try budget.charge(items.count, at: path, in: file)
        var keyframes: [LottieProperty<Value>.Keyframe] = []
        var previousEnd: Value?
        for (i, item) in items.enumerated() {
            let p = "\(path).k[\(i)]"
            let frame = try number(Self.member(item, "t"), p + ".t")
            guard frame.isFinite, keyframes.last.map({ frame >= $0.frame }) ?? true else {
                throw fail(p + ".t", Self.member(item, "t"), "keyframe times must not go back")
            }
            let start = Self.member(item, "s")
            guard let value = try start.map({ (v: JSONValue) throws(DocumentError) in try read(v, p + ".s") }) ?? previousEnd else {
                throw fail(p + ".s", item, "missing: a keyframe has a value s")
            }
            previousEnd = try Self.member(item, "e").map { (v: JSONValue) throws(DocumentError) in try read(v, p + ".e") }
            let easeOut = try ease(Self.member(item, "o"), p + ".o", default: (0, 0))
            let easeIn = try ease(Self.member(item, "i"), p + ".i", default: (1, 1))
            var dimensionEases: [(out: (x: Double, y: Double), in: (x: Double, y: Double))]?
            if easeOut.count > 1 || easeIn.count > 1 {
                let count = max(easeOut.count, easeIn.count)
                let eases = (0..<count).map { d in (out: easeOut[min(d, easeOut.count - 1)], in: easeIn[min(d, easeIn.count - 1)]) }
                if Set(eases.map { "\($0.out)\($0.in)" }).count > 1 {
                    if Value.self == [Double].self { dimensionEases = eases } else { warnings.note("a different easing per dimension: the first one used", at: p) }
                }
            }
            keyframes.append(.init(frame: frame, value: value, easeOut: easeOut[0], easeIn: easeIn[0],
                                   hold: try number(Self.member(item, "h"), p + ".h", default: 0) != 0,
                                   spatialOut: try Self.member(item, "to").map { (v: JSONValue) throws(DocumentError) in try numbers(v, p + ".to") },
                                   spatialIn: try Self.member(item, "ti").map { (v: JSONValue) throws(DocumentError) in try numbers(v, p + ".ti") },
                                   dimensionEases: dimensionEases))
        }
        if keyframes.count == 1 { return LottieProperty(initial: keyframes[0].value, keyframes: []) }
        return LottieProperty(initial: keyframes[0].value, keyframes: keyframes)
    }

    /// The expression of an animatable property (its `x`), if it has one.
    static func expression(of value: JSONValue?) -> String? {
        if case .string(let text, _)? = member(value, "x"), !text.isEmpty { text } else { nil }
    }

    /// A keyframe's easing handle: `{"x": n or [n…], "y": …}`, one (x, y) a dimension (at least one).
    private func ease(_ value: JSONValue?, _ path: String, default fallback: (Double, Double)) throws(DocumentError) -> [(x: Double, y: Double)] {
        guard let value else { return [fallback] }
        let x = try numbers(Self.member(value, "x") ?? .number(fallback.0, value.position), path + ".x")
        let y = try numbers(Self.member(value, "y") ?? .number(fallback.1, value.position), path + ".y")
        let count = max(x.count, y.count, 1)
        return (0..<count).map { d in (x.isEmpty ? fallback.0 : x[min(d, x.count - 1)], y.isEmpty ? fallback.1 : y[min(d, y.count - 1)]) }
    }

    /// A Lottie colour (`[r, g, b]` or `[r, g, b, a]`, 0…1; 0…255 in some old files) at
    /// `alpha`: a fill's, stroke's or text's fourth component is ignored, as lottie-web and
    /// rlottie ignore it (their opacity is a property of its own).
    static func color(_ c: [Double], alpha: Double = 1) -> Color {
        let scale = c.prefix(3).contains { $0 > 1 } ? 255.0 : 1
        func channel(_ i: Int) -> Double { i < c.count ? min(max(c[i] / scale, 0), 1) : 0 }
        return Color(red: channel(0), green: channel(1), blue: channel(2), alpha: min(max(alpha, 0), 1))
    }

    /// A Bézier shape `{"v": [[x, y]…], "i": […], "o": […], "c": closed}`: `i` and `o` are each
    /// vertex's in and out tangents, relative to it (with `tangentsArePoints`, the control points
    /// themselves).
    func shape(_ value: JSONValue, _ path: String, tangentsArePoints: Bool = false) throws(DocumentError) -> Path {
        // A keyframe's value may be a list holding the shape.
        if case let .array(items, _) = value, let first = items.first, case .object = first {
            return try shape(first, path + "[0]", tangentsArePoints: tangentsArePoints)
        }
        func points(_ key: String) throws(DocumentError) -> [Point] {
            guard case let .array(items, _)? = Self.member(value, key) else {
                throw fail("\(path).\(key)", Self.member(value, key) ?? value, "expected a list of [x, y] points")
            }
            var result: [Point] = []
            for (i, item) in items.enumerated() {
                let xy = try numbers(item, "\(path).\(key)[\(i)]")
                guard xy.count >= 2 else { throw fail("\(path).\(key)[\(i)]", item, "expected [x, y]") }
                result.append(Point(xy[0], xy[1]))
            }
            return result
        }
        let vertices = try points("v"), ins = try points("i"), outs = try points("o")
        try budget.charge(vertices.count, at: path, in: file)
        guard ins.count == vertices.count, outs.count == vertices.count else {
            throw fail(path, value, "v, i and o must have as many points (\(vertices.count), \(ins.count), \(outs.count))")
        }
        let closed: Bool = if case .bool(true, _)? = Self.member(value, "c") { true } else { false }
        var result = Path()
        guard let first = vertices.first else { return result }
        result.move(to: first)
        let segments = closed ? vertices.count : vertices.count - 1
        for index in 0..<segments {
            let next = (index + 1) % vertices.count
            let (o, i) = tangentsArePoints ? (Point.zero, Point.zero) : (vertices[index], vertices[next])
            let c1 = Point(o.x + outs[index].x, o.y + outs[index].y)
            let c2 = Point(i.x + ins[next].x, i.y + ins[next].y)
            result.addCurve(to: vertices[next], control1: c1, control2: c2)
        }
        if closed { result.closeSubpath() }
        return result
    }
}


extension LottieDecoder {
    /// The property of numbers at `key` in `holder` (its path `path.key`), nil when absent.
    func property(_ holder: JSONValue?, _ key: String, at path: String) throws(DocumentError) -> LottieProperty<[Double]>? {
        try property(Self.member(holder, key), "\(path).\(key)")
    }

    /// The property of numbers at `key` in `holder`, or a still `fallback` when absent.
    func property(_ holder: JSONValue?, _ key: String, at path: String, default fallback: [Double]) throws(DocumentError) -> LottieProperty<[Double]> {
        try property(holder, key, at: path) ?? LottieProperty(initial: fallback, keyframes: [])
    }

    /// The path property at `key` in `holder`, nil when absent.
    func pathProperty(_ holder: JSONValue?, _ key: String, at path: String) throws(DocumentError) -> LottieProperty<Path>? {
        try pathProperty(Self.member(holder, key), "\(path).\(key)")
    }

    /// A path property; its expression (`x`) baked into a path a frame, or, when it fails, the
    /// keyframes as they are with a warning giving its error.
    func pathProperty(_ value: JSONValue?, _ path: String) throws(DocumentError) -> LottieProperty<Path>? {
        let expression = Self.expression(of: value)
        if expression != nil, let known = expressions?.resolvedShapes[path] { return known }
        guard let property = try property(value, path, { (v, q) throws(DocumentError) in try shape(v, q) }) else { return nil }
        guard let expression else { return property }
        let (result, baked) = running(expression, on: property, at: path) { (expressions) throws(LottieExpressions.Failure) in
            try expressions.bake(property, expression: expression, path: path, resolve: expressionResolver)
        } unbaked: { expressions in
            expressions.remember(property, at: path)
            return property
        }
        if baked { try budget.charge(result.keyframes.reduce(0) { $0 + $1.value.elements.count }, at: path, in: file) }
        return result
    }

    /// `property` with `expression` baked by `bake`, and whether it was; when the file's
    /// expressions cannot run or this one fails, `unbaked`'s property, with a warning (giving
    /// the expression's error).
    private func running<Value>(_ expression: String, on property: LottieProperty<Value>, at path: String,
                                bake: (LottieExpressions) throws(LottieExpressions.Failure) -> LottieProperty<Value>,
                                unbaked: (LottieExpressions) -> LottieProperty<Value>) -> (LottieProperty<Value>, baked: Bool) {
        guard let expressions else {
            warnings.note("expressions", at: path)
            return (property, false)
        }
        do throws(LottieExpressions.Failure) {
            return (try bake(expressions), true)
        } catch {
            warnings.notice("expressions that fail, drawn without them: \(error.message)", at: path)
            return (unbaked(expressions), false)
        }
    }

    /// How expressions read the properties they read: as this decoder reads them.
    var expressionResolver: LottieExpressions.Resolver {
        LottieExpressions.Resolver(numbers: { v, p in try? self.property(v, p) }, shape: { v, p in try? self.pathProperty(v, p) })
    }

    /// Whether `key` in `holder` is `true`.
    static func isTrue(_ holder: JSONValue?, _ key: String) -> Bool {
        if case .bool(true, _)? = member(holder, key) { true } else { false }
    }
}
