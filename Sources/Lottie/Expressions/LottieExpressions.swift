import CDuktape
import Foundation

/// Runs the expressions of a file's properties (JavaScript, as Bodymovin exports it) in an
/// embedded engine (Duktape) with `LottieExpressionPrelude`'s helpers, and bakes each into
/// keyframes: the property's value at every frame of its layer's span (at most
/// `LottieFile.maximumSamples` steps, linear between). Each run is bounded in time and memory;
/// one that throws, overruns or gives something other than numbers leaves the property as
/// its keyframes say, and the caller warns with the error.
final class LottieExpressions {
    /// The layer whose properties are being read: its name, index, whether it has a parent, and
    /// its span and start (its composition's frames).
    struct Layer {
        var name: String, index: Int, hasParent: Bool
        var inPoint: Double, outPoint: Double, startTime: Double
    }

    /// The composition the layers are in: size, length in seconds, layer count.
    struct Composition {
        var width: Double, height: Double, duration: Double, numLayers: Int
    }

    /// Time for one evaluation, for all of a file's, and the engine's memory.
    static let secondsPerRun = 0.05, secondsPerFile = 20.0, memoryLimit = 64 << 20

    private let engine: OpaquePointer
    private let frameRate: Double
    /// The layers being read, innermost last (a precomposition's layers are read inside the
    /// layer that shows it).
    private var layers: [(layer: Layer, composition: Composition)] = []
    /// The keyframes of the property being evaluated, which `valueAtTime` reads.
    private var current = LottieProperty<[Double]>(initial: [0], keyframes: [])
    private var compiled = 0
    /// The time the file's expressions have taken so far.
    private var spent = Duration.zero

    /// A failed expression: the engine's message.
    struct Failure: Error { let message: String }

    init(frameRate: Double) throws(Failure) {
        guard let engine = animvid_js_create(Self.memoryLimit) else { throw Failure(message: "no memory for the JavaScript engine") }
        self.engine = engine
        self.frameRate = frameRate
        animvid_js_define(engine, "__valueAt", { context, arguments, count, results, maximum in
            guard let context, let arguments, let results, count >= 1 else { return -1 }
            let expressions = Unmanaged<LottieExpressions>.fromOpaque(context).takeUnretainedValue()
            let value = expressions.current.value(at: arguments[0])
            for (i, v) in value.prefix(Int(maximum)).enumerated() { results[i] = v }
            return Int32(min(value.count, Int(maximum)))
        }, Unmanaged.passUnretained(self).toOpaque())
        try run(LottieExpressionPrelude.source)
    }

    deinit { animvid_js_destroy(engine) }

    /// Reads the properties of `layer` (in `composition`) until `leave()`.
    func enter(_ layer: Layer, in composition: Composition) { layers.append((layer, composition)) }
    func leave() { layers.removeLast() }

    private func run(_ source: String) throws(Failure) {
        var message = [CChar](repeating: 0, count: 512)
        guard animvid_js_run(engine, source, Self.secondsPerRun * 10, &message, message.count) == 0 else {
            throw Failure(message: Self.text(message))
        }
    }

    /// `property` with `expression` baked into keyframes over its layer's span; `seed` makes
    /// its random numbers its own (the property's JSON path, hashed).
    func bake(_ property: LottieProperty<[Double]>, expression: String, seed: String) throws(Failure) -> LottieProperty<[Double]> {
        guard spent < .seconds(Self.secondsPerFile) else {
            throw Failure(message: "the file's expressions took more than \(Int(Self.secondsPerFile)) s in all")
        }
        let clock = ContinuousClock(), start = clock.now
        defer { spent += clock.now - start }
        return try baking(property, expression: expression, seed: seed)
    }

    private func baking(_ property: LottieProperty<[Double]>, expression: String, seed: String) throws(Failure) -> LottieProperty<[Double]> {
        guard let (layer, composition) = layers.last else { throw Failure(message: "an expression outside a layer") }
        let id = compiled
        compiled += 1
        try run("__expressions[\(id)] = function () { var $bm_rt;\n\(expression)\n;return $bm_rt; };")
        let keys = property.keyframes.map { "[\(jsonNumber($0.frame)),[\($0.value.map(jsonNumber).joined(separator: ","))]]" }
        let setup = """
            {"keys":[\(keys.joined(separator: ","))],"seed":\(Self.hash(seed)),"frameRate":\(jsonNumber(frameRate)),\
            "layer":{"name":\(Self.quoted(layer.name)),"index":\(layer.index),"hasParent":\(layer.hasParent),"inPoint":\(jsonNumber(layer.inPoint / frameRate)),\
            "outPoint":\(jsonNumber(layer.outPoint / frameRate)),"startTime":\(jsonNumber(layer.startTime / frameRate))},\
            "comp":{"width":\(jsonNumber(composition.width)),"height":\(jsonNumber(composition.height)),\
            "duration":\(jsonNumber(composition.duration)),"numLayers":\(composition.numLayers)}}
            """
        current = property
        _ = try call("__setProperty", setup)
        let (first, last) = (layer.inPoint, max(layer.outPoint, layer.inPoint))
        let steps = Int(min(max((last - first).rounded(.up), 0), Double(LottieFile.maximumSamples)))
        var keyframes: [LottieProperty<[Double]>.Keyframe] = []
        for n in 0...steps {
            let frame = steps == 0 ? first : first + (last - first) * Double(n) / Double(steps)
            var value = try call("__evaluate", "\(id) \(jsonNumber(frame))")
            // A scalar property keeps one number; a list keeps its length (a 2D result for a 3D value).
            if property.initial.count > value.count { value += property.initial[value.count...] }
            keyframes.append(.init(frame: frame, value: value, easeOut: (0, 0), easeIn: (1, 1), hold: false))
        }
        guard keyframes.count > 1, keyframes.contains(where: { $0.value != keyframes[0].value }) else {
            return LottieProperty(initial: keyframes[0].value, keyframes: [])
        }
        return LottieProperty(initial: keyframes[0].value, keyframes: keyframes)
    }

    private func call(_ function: String, _ argument: String) throws(Failure) -> [Double] {
        var results = [Double](repeating: 0, count: 64)
        var message = [CChar](repeating: 0, count: 512)
        let count = animvid_js_call(engine, function, argument, Self.secondsPerRun, &results, Int32(results.count), &message, message.count)
        guard count >= 0 else { throw Failure(message: Self.text(message)) }
        guard results[..<Int(count)].allSatisfy(\.isFinite) else { throw Failure(message: "the expression gave a number that is not finite") }
        return Array(results[..<Int(count)])
    }

    /// The text of a NUL-terminated message buffer.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A string as a JSON string.
    private static func quoted(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8)
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    /// FNV-1a of `text`, 32 bits: a seed that depends only on the property's place in the file.
    private static func hash(_ text: String) -> UInt32 {
        text.utf8.reduce(2_166_136_261 as UInt32) { ($0 ^ UInt32($1)) &* 16_777_619 }
    }
}

/// A number as JSON writes it (`.nan` and infinities, which JSON lacks, as 0).
private func jsonNumber(_ value: Double) -> String {
    value.isFinite ? "\(value)" : "0"
}
