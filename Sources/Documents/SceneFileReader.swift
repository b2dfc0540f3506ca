import Animation
import Foundation
import Geometry
import Scenes

/// Turns a scene file's JSON into a layer tree and script rules, for one set of parameter values
/// and one canvas. Every error names the file, line, column and JSON path of the value at fault.
final class SceneFileReader {
    let file: String
    /// Parameter values by name, with `canvas.width` and friends (and, in a file with shots,
    /// `shots.NAME.start`, `clip.seconds` and, in a shot, `shot.seconds`).
    var values: [String: ParameterValue]
    /// The clip's length when it chooses one, which the stretching shots fill.
    let length: Double?
    /// The bounds percentages are of: the superlayer's of the layer being read (the canvas at
    /// the top and in a shot).
    var percentBase: Size
    /// The canvas's shape, which picks a layer's layout for it.
    let aspectClass: AspectClass
    /// Images decoded so far by location, so a picture used by many layers is decoded once,
    /// and their pixels, which `SceneFileLimits.imagePixels` bounds.
    var images: [String: Image]
    var imagePixels: Int
    let decodeImage: SceneFile.ImageDecoder
    /// How many files hold this file as a shot (`SceneFileLimits.shotNesting` at most).
    let nesting: Int
    /// The folder that relative image paths start from.
    let folder: String
    /// Animation templates by name, read before layers and rules refer to them.
    var templates: [String: Animation] = [:]
    var layerCount = 0
    var shotCount = 0
    /// The animations that repeat for ever, with their periods in seconds (checked against the cycle).
    var repeating: [(path: String, value: JSONValue, period: Double)] = []
    var animationCount = 0
    /// How many layers have each name: rules may only name a layer whose name is unique.
    var layerNames: [String: Int] = [:]
    /// What the file says that rendering ignores, as Core Animation would, or draws only
    /// approximately (reported by validate).
    var warnings: [DocumentError] = []
    /// What the layers above the layer being read do (`SceneFileReader+Approximations`).
    var surroundings = Surroundings()
    /// The named layers, for what rules do to them (the values they set are read by the layer's type).
    var namedLayers: [String: NamedLayer] = [:]
    /// How many emitters and transitions the file has put on layers so far.
    var timeSensitiveCount = 0
    /// The animations that run inside a repeating layer.
    var repeatingAnimations: Set<RepeatingAnimation> = []
    /// The animations rules watch: each one's name, the layer it is watched on (nil: any), and
    /// where the rule names it.
    var watchers: [(name: String, layer: String?, path: String, value: JSONValue)] = []
    /// The emitters, each with about how many particles it keeps out.
    var emitters: [(path: String, value: JSONValue, particles: Double)] = []

    /// A reader for one build; `settings` nil reads the header, where no parameter is known yet.
    /// `images` are pictures an earlier build of the same file decoded.
    init(file: String, settings: SceneSettings?, canvas: Size, images: [String: Image] = [:],
         decodeImage: @escaping SceneFile.ImageDecoder, nesting: Int = 0) {
        self.file = file
        self.nesting = nesting
        self.images = images
        imagePixels = images.values.reduce(0) { $0 + $1.width * $1.height }
        var values = Dictionary(uniqueKeysWithValues: (settings?.assignments ?? []).map { ($0.name, $0.value) })
        values["canvas.width"] = .number(canvas.width)
        values["canvas.height"] = .number(canvas.height)
        values["canvas.midX"] = .number(canvas.width / 2)
        values["canvas.midY"] = .number(canvas.height / 2)
        aspectClass = AspectClass(canvas)
        let safe = aspectClass.safeArea(of: canvas)
        for (name, x) in [("minX", safe.minX), ("minY", safe.minY), ("maxX", safe.maxX), ("maxY", safe.maxY), ("midX", safe.midX),
                          ("midY", safe.midY), ("width", safe.width), ("height", safe.height)] {
            values["safe." + name] = .number(x)
        }
        self.values = values
        length = settings?.length
        percentBase = canvas
        self.decodeImage = decodeImage
        folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
    }

    func fail(_ path: String, _ value: JSONValue, _ message: String) -> DocumentError {
        DocumentError(at: value.position, in: file, path: path, message: message)
    }

    /// The members of an object whose fields must all be in `allowed` (unknown fields are errors
    /// with a did-you-mean), and a lookup for them.
    func object(_ value: JSONValue, _ path: String, allowed: [String], what: String) throws(DocumentError) -> Fields {
        guard case let .object(members, _) = value else { throw fail(path, value, "expected \(what) (an object), not \(value.kindName)") }
        for member in members where !allowed.contains(member.key) {
            if let suggestion = closestName(to: member.key, among: allowed) {
                throw fail(join(path, member.key), member.value, "unknown field in \(what); did you mean \"\(suggestion)\"?")
            }
            throw fail(join(path, member.key), member.value, "unknown field in \(what) (fields: \(allowed.sorted().joined(separator: ", ")))")
        }
        return Fields(members: members, path: path, value: value)
    }

    /// An object's members with their JSON paths.
    struct Fields {
        let members: [(key: String, value: JSONValue)]
        let path: String
        /// The object itself, for errors about it as a whole.
        let value: JSONValue

        subscript(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }

        func path(_ key: String) -> String { join(path, key) }
    }

    /// Whether `value` names a parameter (`"$name"`; `"$$…"` is text starting with `$`).
    static func isParameterReference(_ value: JSONValue) -> Bool {
        guard case .string(let text, _) = value else { return false }
        return text.hasPrefix("$") && !text.hasPrefix("$$")
    }

    /// A value with a parameter reference (`"$name"`) replaced by the parameter's value;
    /// `"$$…"` is the text `"$…"`.
    func resolved(_ value: JSONValue, _ path: String) throws(DocumentError) -> JSONValue {
        guard case let .string(text, position) = value, text.hasPrefix("$") else { return value }
        guard Self.isParameterReference(value) else { return .string(String(text.dropFirst()), position) }
        let name = String(text.dropFirst())
        guard let parameter = values[name] else {
            let hint = closestName(to: name, among: values.keys).map { "; did you mean \"$\($0)\"?" } ?? ""
            throw fail(path, value, "no parameter called \"\(name)\"\(hint)")
        }
        switch parameter {
        case .number(let x): return .number(x, position)
        case .bool(let b): return .bool(b, position)
        case .color(let c): return .string(c.alpha == 0 ? "clear" : c.description, position)
        case .text(let t): return .string(t, position)
        }
    }

    /// A number in `range`; `"infinity"` is accepted only when the range's upper end is infinite
    /// (repeat counts and durations).
    /// A percentage is of the superlayer's bounds along `axis` (docs/scene-files.md, "Values").
    func number(_ value: JSONValue, _ path: String, in range: ClosedRange<Double> = LayerProperty.numberRange,
                axis: Axis = .shorter) throws(DocumentError) -> Double {
        let written = value
        let value = if case .string(let text, _) = written, Self.isExpression(text) { written } else { try resolved(written, path) }
        let x: Double
        switch value {
        case .string(let text, _) where Self.isExpression(text): x = try evaluate(text, at: written, path, axis: axis)
        case .number(let n, _): x = n
        case .string("infinity", _) where range.upperBound == .infinity: x = .infinity
        default: throw fail(path, value, "expected a number, not \(value.kindName)")
        }
        if !range.contains(x) {
            throw fail(path, value, "\(JSON.exact(x)) is out of range (\(JSON.exact(range.lowerBound))…\(JSON.exact(range.upperBound)))")
        }
        return x
    }

    func integer(_ value: JSONValue, _ path: String, in range: ClosedRange<Int>) throws(DocumentError) -> Int {
        let x = try number(value, path)
        guard x == x.rounded(), x >= Double(range.lowerBound), x <= Double(range.upperBound) else {
            throw fail(path, value, "expected a whole number in \(range.lowerBound)…\(range.upperBound), not \(JSON.exact(x))")
        }
        return Int(x)
    }

    func bool(_ value: JSONValue, _ path: String) throws(DocumentError) -> Bool {
        let value = try resolved(value, path)
        guard case .bool(let b, _) = value else { throw fail(path, value, "expected true or false, not \(value.kindName)") }
        return b
    }

    /// A string value, which may be a parameter reference.
    func string(_ value: JSONValue, _ path: String) throws(DocumentError) -> String {
        try literal(try resolved(value, path), path)
    }

    /// A string taken as written: names, keys, key paths and types are never parameter references.
    func literal(_ value: JSONValue, _ path: String) throws(DocumentError) -> String {
        guard case .string(let s, _) = value else { throw fail(path, value, "expected a string, not \(value.kindName)") }
        return s
    }

    /// One of `choices` (the raw values of an enumeration); `literally` refuses parameter references.
    func choice<T: RawRepresentable>(_ value: JSONValue, _ path: String, _ choices: [T], literally: Bool = false) throws(DocumentError) -> T
        where T.RawValue == String {
        let name = try choice(value, path, choices.map(\.rawValue), literally: literally)
        guard let found = choices.first(where: { $0.rawValue == name }) else { throw fail(path, value, "\"\(name)\" is not a choice") }
        return found
    }

    /// One of `names`; `literally` refuses parameter references.
    func choice(_ value: JSONValue, _ path: String, _ names: [String], literally: Bool = false) throws(DocumentError) -> String {
        let text = literally ? try literal(value, path) : try string(value, path)
        guard names.contains(text) else {
            throw fail(path, value, "\"\(text)\" is not one of \(names.joined(separator: ", "))\(didYouMean(text, among: names))")
        }
        return text
    }

    func list(_ value: JSONValue, _ path: String, count: ClosedRange<Int>? = nil) throws(DocumentError) -> [JSONValue] {
        let value = try resolved(value, path)
        guard case let .array(items, _) = value else { throw fail(path, value, "expected a list, not \(value.kindName)") }
        let allowed = count ?? 0...SceneFileLimits.listLength
        guard allowed.contains(items.count) else {
            let expected = allowed.lowerBound == allowed.upperBound ? "\(allowed.lowerBound)" : "\(allowed.lowerBound)…\(allowed.upperBound)"
            throw fail(path, value, "expected a list of \(expected) items, not \(items.count)")
        }
        return items
    }

    /// A list of numbers; a percentage in item i is along `axes[i]` (the shorter side past its end).
    func numbers(_ value: JSONValue, _ path: String, count: ClosedRange<Int>? = nil, axes: [Axis] = []) throws(DocumentError) -> [Double] {
        var result: [Double] = []
        for (i, item) in try list(value, path, count: count).enumerated() {
            result.append(try number(item, "\(path)[\(i)]", axis: axes.indices.contains(i) ? axes[i] : .shorter))
        }
        return result
    }
}

/// `; did you mean "NAME"?` for the closest of `names`, or nothing when none is close.
package func didYouMean(_ name: String, among names: some Sequence<String>) -> String {
    closestName(to: name, among: names).map { "; did you mean \"\($0)\"?" } ?? ""
}

/// `path.key`, or `key` at the top.
func join(_ path: String, _ key: String) -> String {
    path.isEmpty ? key : path + "." + key
}
