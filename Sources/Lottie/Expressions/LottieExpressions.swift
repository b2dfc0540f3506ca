import CDuktape
import Documents
import Foundation
import Geometry

/// Runs the expressions of a file's properties (JavaScript, as Bodymovin exports it) in an
/// embedded engine (Duktape) with `LottieExpressionPrelude`'s helpers, and bakes each into
/// keyframes: the property's value at every frame of its layer's span (at most
/// `LottieFile.maximumSamples` steps, linear between); a path's expression gives a path a frame
/// (`LottieExpressionPaths`). Expressions read the other layers of
/// their composition (`LottieExpressionScope`); a property read that has an expression of its
/// own is baked first. Each run is bounded in time and memory; one that throws, overruns or
/// gives something other than numbers leaves the property as its keyframes say, and the caller
/// warns with the error.
final class LottieExpressions {
    /// A layer whose properties are read: its name, index, parent, and its span and start (its
    /// composition's frames).
    struct Layer {
        var name: String, index: Int, parent: Int?
        var inPoint: Double, outPoint: Double, startTime: Double
    }

    /// A composition being read: its layers, size and span, and its description once the
    /// engine has it (`LottieExpressionScope`).
    final class Composition {
        let path: String, items: [JSONValue], layers: [Layer]
        let width: Double, height: Double, span: ClosedRange<Double>
        /// The composition's number in the engine, once described to it.
        var described: Int?

        init(path: String, items: [JSONValue], layers: [Layer], width: Double, height: Double, span: ClosedRange<Double>) {
            (self.path, self.items, self.layers, self.width, self.height, self.span) = (path, items, layers, width, height, span)
        }
    }

    /// A property other expressions may read: its JSON and path, whether it is a path (a
    /// shape's outline) rather than numbers, and the layer it belongs to (its position in its
    /// composition).
    struct Reference {
        let value: JSONValue, path: String, isShape: Bool, layer: Int, composition: Composition
    }

    /// Reads a property's JSON at a path as the decoder does (its own expression baked): one of
    /// numbers, or a shape's path.
    struct Resolver {
        let numbers: (JSONValue, String) -> LottieProperty<[Double]>?
        let shape: (JSONValue, String) -> LottieProperty<Path>?
    }

    /// Time for one evaluation, the engine's memory, and how deep expressions may read
    /// properties whose expressions read others.
    static let secondsPerRun = 0.05, memoryLimit = 64 << 20, maximumDepth = 16
    /// Time for all of a file's expressions (20 s unless a test says otherwise).
    let secondsPerFile: Double

    private let engine: OpaquePointer
    let frameRate: Double
    /// The compositions being read, innermost last, and in each the layer being read.
    private var scopes: [(composition: Composition, layer: Int)] = []
    /// The properties expressions may read, numbered as the engine knows them (`register`).
    private(set) var references: [Reference] = []
    private var referenceOfPath: [String: Int] = [:]
    /// Properties baked or decoded so far, by path: read by other expressions, and not baked twice.
    private(set) var resolved: [String: LottieProperty<[Double]>] = [:]
    private(set) var resolvedShapes: [String: LottieProperty<Path>] = [:]
    /// The property being evaluated (its keyframes, which `valueAtTime` reads; a shape's when it
    /// is a path) and its path.
    private var current = LottieProperty<[Double]>(initial: [0], keyframes: [])
    private var currentShape: LottieProperty<Path>?
    private var currentPath = ""
    /// The paths being baked, outermost first (a property read while its own bake is under way
    /// is a cycle).
    private var baking: [String] = []
    /// A property an evaluation read before it was baked: baked next, then the bake starts over.
    private var needed: Int?
    private var resolver: Resolver?
    private var compiled = 0
    /// Where a call's numbers are written (kept: a call an evaluation, a path's worth of room).
    private var results = [Double](repeating: 0, count: Int(ANIMVID_JS_MAX_RESULTS))
    /// The time the file's expressions have taken, and when the bake under way began.
    private var spent = Duration.zero
    private var started: ContinuousClock.Instant?

    /// A failed expression: the engine's message.
    struct Failure: Error { let message: String }

    init(frameRate: Double, secondsPerFile: Double = 20) throws(Failure) {
        guard let engine = animvid_js_create(Self.memoryLimit) else { throw Failure(message: "no memory for the JavaScript engine") }
        self.engine = engine
        self.frameRate = frameRate
        self.secondsPerFile = secondsPerFile
        let context = Unmanaged.passUnretained(self).toOpaque()
        animvid_js_define(engine, "__valueAt", { context, arguments, count, results, maximum, _, _ in
            guard let context, let arguments, let results, count >= 1 else { return -1 }
            let expressions = Unmanaged<LottieExpressions>.fromOpaque(context).takeUnretainedValue()
            let value = expressions.currentShape.map { LottieExpressionPaths.numbers(of: $0.value(at: arguments[0])) }
                ?? expressions.current.value(at: arguments[0])
            return LottieExpressions.write(value, to: results, maximum)
        }, context)
        animvid_js_define(engine, "__property", { context, arguments, count, results, maximum, error, size in
            guard let context, let arguments, let results, count >= 2 else { return -1 }
            let expressions = Unmanaged<LottieExpressions>.fromOpaque(context).takeUnretainedValue()
            switch expressions.read(LottieExpressions.index(arguments[0]), at: arguments[1]) {
            case .success(let value): return LottieExpressions.write(value, to: results, maximum)
            case .failure(let failure):
                if let error { _ = failure.message.withCString { strncpy(error, $0, Int(size) - 1) } }
                return -1
            }
        }, context)
        animvid_js_define(engine, "__keyCount", { context, arguments, count, results, _, _, _ in
            guard let context, let arguments, let results, count >= 1 else { return -1 }
            let expressions = Unmanaged<LottieExpressions>.fromOpaque(context).takeUnretainedValue()
            let id = LottieExpressions.index(arguments[0])
            guard expressions.references.indices.contains(id) else { return -1 }
            let keys = LottieDecoder.member(expressions.references[id].value, "k")
            results[0] = if case .array(let items, _)? = keys, case .object? = items.first { Double(items.count) } else { 0 }
            return 1
        }, context)
        try run(LottieExpressionPrelude.source)
    }

    deinit { animvid_js_destroy(engine) }

    /// Reads the layers of `composition` until `leaveComposition()`, the one at `enter(layer:)`
    /// until `leave()`.
    func enter(_ composition: Composition) { scopes.append((composition, -1)) }
    func leaveComposition() { scopes.removeLast() }
    func enter(layer: Int) { scopes[scopes.count - 1].layer = layer }
    func leave() { scopes[scopes.count - 1].layer = -1 }

    private func run(_ source: String) throws(Failure) {
        var message = [CChar](repeating: 0, count: 512)
        guard animvid_js_run(engine, source, Self.secondsPerRun * 10, &message, message.count) == 0 else {
            throw Failure(message: Self.text(message))
        }
    }

    /// `property` (at `path`) with `expression` baked into keyframes over its layer's span; the
    /// path also seeds its random numbers. `resolve` reads the properties it reads.
    func bake(_ property: LottieProperty<[Double]>, expression: String, path: String, resolve: Resolver) throws(Failure) -> LottieProperty<[Double]> {
        if let done = resolved[path] { return done }
        let keys = property.keyframes.map { "[\(jsonNumber($0.frame)),[\($0.value.map(jsonNumber).joined(separator: ","))]]" }
        let values = try evaluate(expression, path: path, keys: keys, shape: nil, numbers: property, resolve: resolve).map { frame, value in
            // A scalar property keeps one number; a list keeps its length (a 2D result for a 3D value).
            (frame, property.initial.count > value.count ? value + property.initial[value.count...] : value)
        }
        let baked = Self.keyframes(values, initial: property.initial)
        resolved[path] = baked
        return baked
    }

    /// A path's `property` with `expression` baked into a path a frame (see the other `bake`).
    func bake(_ property: LottieProperty<Path>, expression: String, path: String, resolve: Resolver) throws(Failure) -> LottieProperty<Path> {
        if let done = resolvedShapes[path] { return done }
        var shapes: [(Double, Path)] = []
        for (frame, value) in try evaluate(expression, path: path, keys: [], shape: property, numbers: nil, resolve: resolve) {
            guard let shape = LottieExpressionPaths.path(from: value) else { throw Failure(message: "the expression on a path gave something other than a path") }
            shapes.append((frame, shape))
        }
        let baked = Self.keyframes(shapes, initial: property.initial)
        resolvedShapes[path] = baked
        return baked
    }

    /// Linear keyframes through `values` (none when they are all the same).
    private static func keyframes<Value: Equatable>(_ values: [(Double, Value)], initial: Value) -> LottieProperty<Value> {
        guard let first = values.first?.1 else { return LottieProperty(initial: initial, keyframes: []) }
        guard values.count > 1, values.contains(where: { $0.1 != first }) else { return LottieProperty(initial: first, keyframes: []) }
        return LottieProperty(initial: first, keyframes: values.map { .init(frame: $0.0, value: $0.1, easeOut: (0, 0), easeIn: (1, 1), hold: false) })
    }

    /// The values `expression` gives at every frame of its layer's span, as numbers, with the
    /// time it may take checked: the property's keys (`keys`, JSON) and its keyframes (a path's
    /// `shape` or `numbers`) are what `value` and `valueAtTime` read.
    private func evaluate(_ expression: String, path: String, keys: [String], shape: LottieProperty<Path>?, numbers: LottieProperty<[Double]>?,
                          resolve: Resolver) throws(Failure) -> [(Double, [Double])] {
        let clock = ContinuousClock()
        guard spent + (started.map { clock.now - $0 } ?? .zero) < .seconds(secondsPerFile) else {
            throw Failure(message: "the file's expressions took more than \(secondsPerFile == secondsPerFile.rounded() ? "\(Int(secondsPerFile))" : "\(secondsPerFile)") s in all")
        }
        guard baking.count < Self.maximumDepth else {
            throw Failure(message: "expressions that read properties with expressions more than \(Self.maximumDepth) deep")
        }
        let outermost = started == nil
        if outermost { started = clock.now }
        baking.append(path)
        defer {
            baking.removeLast()
            if outermost, let started {
                spent += clock.now - started
                self.started = nil
            }
        }
        let id = compiled
        compiled += 1
        try run("__expressions[\(id)] = function () { var $bm_rt;\n\(expression)\n;return $bm_rt; };")
        // Each property the expression reads that has an expression of its own is baked
        // first; then the expression runs again from its first frame.
        while true {
            let outer = resolver
            resolver = resolve
            needed = nil
            current = numbers ?? LottieProperty(initial: [0], keyframes: [])
            currentShape = shape
            let result = Result { () throws(Failure) in try frames(of: id, path: path, keys: keys) }
            resolver = outer
            guard let reading = needed else { return try result.get() }
            let reference = references[reading]
            scopes.append((reference.composition, reference.layer))
            var found = false
            if reference.isShape, let shape = resolve.shape(reference.value, reference.path) {
                (resolvedShapes[reference.path], found) = (shape, true)
            } else if !reference.isShape, let property = resolve.numbers(reference.value, reference.path) {
                (resolved[reference.path], found) = (property, true)
            }
            scopes.removeLast()
            guard found else { throw Failure(message: "a property it reads (\(reference.path)) could not be read") }
        }
    }

    /// The property's description to the engine, then expression `id`'s value at each frame of
    /// its layer's span (stopping at a value read before its expression ran: see `evaluate`).
    private func frames(of id: Int, path: String, keys: [String]) throws(Failure) -> [(Double, [Double])] {
        guard let (composition, position) = scopes.last, composition.layers.indices.contains(position) else {
            throw Failure(message: "an expression outside a layer")
        }
        let layer = composition.layers[position]
        try describe(composition)
        let reference = referenceOfPath[path]
        let ix = reference.flatMap { LottieDecoder.index(LottieDecoder.member(references[$0].value, "ix")) }
        let setup = """
            {"keys":[\(keys.joined(separator: ","))],"seed":\(Self.hash(path)),"frameRate":\(jsonNumber(frameRate)),\
            "comp":\(composition.described ?? 0),"layer":\(position),"reference":\(reference ?? -1),"ix":\(ix ?? -1),\
            "isShape":\(currentShape != nil)}
            """
        currentPath = path
        _ = try call("__setProperty", setup)
        let (first, last) = (layer.inPoint, max(layer.outPoint, layer.inPoint))
        let steps = Int(min(max((last - first).rounded(.up), 0), Double(LottieFile.maximumSamples)))
        var values: [(Double, [Double])] = []
        for n in 0...steps {
            let frame = steps == 0 ? first : first + (last - first) * Double(n) / Double(steps)
            let value = try call("__evaluate", "\(id) \(jsonNumber(frame))")
            if needed != nil { break }
            values.append((frame, value))
        }
        return needed == nil ? values : []
    }

    /// Gives the engine `composition`'s description, once.
    private func describe(_ composition: Composition) throws(Failure) {
        guard composition.described == nil else { return }
        let description = LottieExpressionScope.describe(composition, into: self)
        composition.described = Int(try call("__defineComposition", description).first ?? 0)
    }

    /// The number of `reference` as the engine knows it, registered the first time.
    func register(_ reference: Reference) -> Int {
        if let known = referenceOfPath[reference.path] { return known }
        references.append(reference)
        referenceOfPath[reference.path] = references.count - 1
        return references.count - 1
    }

    /// Keeps `property` as what is read at `path` (a property whose expression failed, as drawn).
    func remember(_ property: LottieProperty<[Double]>, at path: String) { resolved[path] = property }
    func remember(_ property: LottieProperty<Path>, at path: String) { resolvedShapes[path] = property }

    /// The value of reference `id` at `frame`, as the current expression reads it (a path as
    /// `LottieExpressionPaths` writes it in numbers).
    private func read(_ id: Int, at frame: Double) -> Result<[Double], Failure> {
        guard references.indices.contains(id) else { return .failure(Failure(message: "no such property")) }
        let reference = references[id]
        if reference.path == currentPath {
            return .success(currentShape.map { LottieExpressionPaths.numbers(of: $0.value(at: frame)) } ?? current.value(at: frame))
        }
        if reference.isShape, let shape = resolvedShapes[reference.path] { return .success(LottieExpressionPaths.numbers(of: shape.value(at: frame))) }
        if !reference.isShape, let property = resolved[reference.path] { return .success(property.value(at: frame)) }
        var value = reference.value
        if LottieDecoder.expression(of: value) != nil {
            // A property whose bake is under way (expressions reading each other in a cycle)
            // reads as its keyframes say, as lottie-web reads the value it has before the expression runs.
            guard baking.contains(reference.path), case .object(let members, let position) = value else {
                // Baked before this expression runs again (see `evaluate`).
                if needed == nil { needed = id }
                return .failure(Failure(message: "\(reference.path) is read before its expression has run"))
            }
            value = .object(members.filter { $0.key != "x" }, position)
        }
        guard let resolver else { return .failure(Failure(message: "\(reference.path) could not be read")) }
        let keep = value == reference.value
        if reference.isShape {
            guard let shape = resolver.shape(value, reference.path) else { return .failure(Failure(message: "\(reference.path) could not be read")) }
            if keep { resolvedShapes[reference.path] = shape }
            return .success(LottieExpressionPaths.numbers(of: shape.value(at: frame)))
        }
        guard let property = resolver.numbers(value, reference.path) else { return .failure(Failure(message: "\(reference.path) could not be read")) }
        if keep { resolved[reference.path] = property }
        return .success(property.value(at: frame))
    }

    private func call(_ function: String, _ argument: String) throws(Failure) -> [Double] {
        var message = [CChar](repeating: 0, count: 512)
        let count = animvid_js_call(engine, function, argument, Self.secondsPerRun, &results, Int32(results.count), &message, message.count)
        guard count >= 0 else { throw Failure(message: Self.text(message)) }
        guard results[..<Int(count)].allSatisfy(\.isFinite) else { throw Failure(message: "the expression gave a number that is not finite") }
        return Array(results[..<Int(count)])
    }

    /// A reference's number as a script passed it: -1 (none) for one that is not a whole number
    /// an Int holds (a script may pass anything, NaN included).
    private static func index(_ number: Double) -> Int {
        number.isFinite && abs(number) < 1e15 ? Int(number.rounded(.down)) : -1
    }

    /// Writes `value` to a native function's results; how many it wrote.
    private static func write(_ value: [Double], to results: UnsafeMutablePointer<Double>, _ maximum: Int32) -> Int32 {
        for (i, v) in value.prefix(Int(maximum)).enumerated() { results[i] = v }
        return Int32(min(value.count, Int(maximum)))
    }

    /// The text of a NUL-terminated message buffer.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// FNV-1a of `text`, 32 bits: a seed that depends only on the property's place in the file.
    private static func hash(_ text: String) -> UInt32 {
        text.utf8.reduce(2_166_136_261 as UInt32) { ($0 ^ UInt32($1)) &* 16_777_619 }
    }
}

/// A number as JSON writes it (`.nan` and infinities, which JSON lacks, as 0).
func jsonNumber(_ value: Double) -> String {
    value.isFinite ? "\(value)" : "0"
}
