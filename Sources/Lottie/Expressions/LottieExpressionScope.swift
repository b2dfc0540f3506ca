import Documents
import Foundation

/// What an expression can read of its composition, described to the engine as JSON: each
/// layer's name, index, parent, span and size, and its transform, effects and shape contents,
/// each animatable number in them as a reference `[id, ix]` (its number in
/// `LottieExpressions.references` and its index in its group) that the prelude's interfaces
/// read through `__property`.
enum LottieExpressionScope {
    static func describe(_ composition: LottieExpressions.Composition, into expressions: LottieExpressions) -> String {
        var layers: [String] = []
        for (position, item) in composition.items.enumerated() {
            let layer = composition.layers[position]
            let path = "\(composition.path)[\(position)]"
            let writer = Writer(expressions: expressions, composition: composition, layer: position)
            let type = LottieDecoder.index(LottieDecoder.member(item, "ty")) ?? -1
            func size(_ key: String) -> String {
                guard type == 0, case .number(let n, _)? = LottieDecoder.member(item, key) else { return "100" }
                return jsonNumber(n)
            }
            layers.append(object([
                ("nm", quoted(layer.name)), ("ind", "\(layer.index)"), ("parent", layer.parent.map { "\($0)" }), ("ty", "\(type)"),
                ("ip", jsonNumber(layer.inPoint / expressions.frameRate)), ("op", jsonNumber(layer.outPoint / expressions.frameRate)),
                ("st", jsonNumber(layer.startTime / expressions.frameRate)), ("w", size("w")), ("h", size("h")),
                ("tr", writer.transform(LottieDecoder.member(item, "ks"), path + ".ks")),
                ("ef", writer.effects(LottieDecoder.member(item, "ef"), path + ".ef")),
                ("shapes", writer.shapes(LottieDecoder.member(item, "shapes"), path + ".shapes")),
            ]))
        }
        let span = composition.span
        return object([
            ("layers", "[\(layers.joined(separator: ","))]"), ("width", jsonNumber(composition.width)), ("height", jsonNumber(composition.height)),
            ("duration", jsonNumber((span.upperBound - span.lowerBound) / expressions.frameRate)),
        ])
    }

    /// Writes one layer's properties as references.
    private struct Writer {
        let expressions: LottieExpressions, composition: LottieExpressions.Composition, layer: Int

        /// An animatable property as `[id, ix]`, registered for reading (nil when absent); a
        /// shape's path when `isShape`.
        func reference(_ value: JSONValue?, _ path: String, isShape: Bool = false) -> String? {
            guard let value, LottieDecoder.member(value, "k") != nil else { return nil }
            let id = expressions.register(.init(value: value, path: path, isShape: isShape, layer: layer, composition: composition))
            return "[\(id),\(LottieDecoder.index(LottieDecoder.member(value, "ix")) ?? -1)]"
        }

        /// A layer's transform (`ks`): its position one property or three (`x`, `y`, `z`).
        func transform(_ ks: JSONValue?, _ path: String) -> String {
            var fields: [(String, String?)] = ["a", "s", "rx", "ry", "o", "sk", "sa", "or"].map { ($0, reference(LottieDecoder.member(ks, $0), "\(path).\($0)")) }
            fields.append(("r", reference(LottieDecoder.member(ks, "r") ?? LottieDecoder.member(ks, "rz"), path + ".r")))
            let position = LottieDecoder.member(ks, "p")
            if LottieDecoder.isTrue(position, "s") {
                fields += ["x", "y", "z"].map { ("p" + $0, reference(LottieDecoder.member(position, $0), "\(path).p.\($0)")) }
            } else {
                fields.append(("p", reference(position, path + ".p")))
            }
            return object(fields)
        }

        /// Effects and their values (`ef`), groups (type 5) nested.
        func effects(_ list: JSONValue?, _ path: String) -> String {
            guard case .array(let items, _)? = list else { return "[]" }
            return "[" + items.enumerated().map { i, effect in
                let p = "\(path)[\(i)]"
                let type = LottieDecoder.index(LottieDecoder.member(effect, "ty")) ?? -1
                return object(names(effect) + [
                    ("ty", "\(type)"), ("en", LottieDecoder.member(effect, "en").map { if case .number(0, _) = $0 { "false" } else { "true" } }),
                    ("ef", LottieDecoder.member(effect, "ef").map { effects($0, p + ".ef") }),
                    ("v", reference(LottieDecoder.member(effect, "v"), p + ".v")),
                ])
            }.joined(separator: ",") + "]"
        }

        /// Shape items, groups' items nested, each animatable number but paths and gradient stops.
        func shapes(_ list: JSONValue?, _ path: String) -> String {
            guard case .array(let items, _)? = list else { return "[]" }
            return "[" + items.enumerated().map { i, item in
                let p = "\(path)[\(i)]"
                let type: String = if case .string(let t, _)? = LottieDecoder.member(item, "ty") { t } else { "" }
                var properties: [(String, String?)] = []
                if case .object(let members, _) = item {
                    for (key, value) in members where !["g", "it", "tr"].contains(key) {
                        // A path's outline (`ks` of a path item) is read as a path.
                        guard key != "ks" || type == "sh" else { continue }
                        properties.append((key, reference(value, "\(p).\(key)", isShape: key == "ks")))
                    }
                }
                return object(names(item) + [
                    ("ty", quoted(type)), ("p", object(properties)),
                    ("it", LottieDecoder.member(item, "it").map { shapes($0, p + ".it") }),
                    ("tr", LottieDecoder.member(item, "tr").map { transform($0, p + ".tr") }),
                ])
            }.joined(separator: ",") + "]"
        }

        /// An item's name, match name and index.
        private func names(_ item: JSONValue) -> [(String, String?)] {
            func text(_ key: String) -> String? { if case .string(let s, _)? = LottieDecoder.member(item, key) { quoted(s) } else { nil } }
            return [("nm", text("nm")), ("mn", text("mn")), ("ix", LottieDecoder.index(LottieDecoder.member(item, "ix")).map { "\($0)" }),
                    ("cix", LottieDecoder.index(LottieDecoder.member(item, "cix")).map { "\($0)" })]
        }
    }

    /// A JSON object of the fields that are there.
    private static func object(_ fields: [(String, String?)]) -> String {
        "{" + fields.compactMap { key, value in value.map { "\"\(key)\":\($0)" } }.joined(separator: ",") + "}"
    }

    /// A string as a JSON string.
    static func quoted(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8)
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }
}
