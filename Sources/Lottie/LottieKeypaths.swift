import Documents
import Foundation

/// Lottie values set from outside, the way lottie-ios's value providers set them: a keypath of
/// layer and shape names (`nm`) ending in a property, `*` standing for one name and `**` for
/// any number, with its new value — `Title.Text=Launch day`, `**.Fill 1.Color=#7B61FF`,
/// `Logo.Transform.Scale=80,80`. A precomposition's layers answer under the name of the layer
/// that shows it (one level deep). A name that is a slot id (`sid`) sets that slot instead.
struct LottieKeypaths {
    /// One assignment: the keypath's names, the property last, and the value as written.
    struct Assignment {
        var keypath: [String]
        var value: String
        /// How the assignment was written, for messages.
        var text: String
    }

    let assignments: [Assignment]
    /// The properties a keypath may end in.
    static let properties = ["Color", "Opacity", "Position", "Scale", "Rotation", "Anchor Point", "Stroke Width", "Text"]

    /// The assignments among `NAME=VALUE` knobs: those whose name has a dot, or names a slot.
    init(_ knobs: [String], slots: Set<String>) {
        assignments = knobs.compactMap { knob in
            guard let equals = knob.firstIndex(of: "=") else { return nil }
            let name = String(knob[..<equals])
            guard name.contains(".") || slots.contains(name) else { return nil }
            return Assignment(keypath: name.split(separator: ".", omittingEmptySubsequences: false).map(String.init),
                              value: String(knob[knob.index(after: equals)...]), text: knob)
        }
    }

    /// `document` with every assignment made; an assignment that matches nothing, or a value
    /// that does not read as its property's, is an error naming it.
    func apply(to document: JSONValue) throws(DocumentError) -> JSONValue {
        guard !assignments.isEmpty else { return document }
        var used = Set<Int>()
        var result = document
        // Slots first: a keypath of one name that is a slot id.
        if case let .object(members, position) = document, let slots = members.first(where: { $0.key == "slots" })?.value,
           case let .object(entries, slotsPosition) = slots {
            var rewritten = entries
            for (i, assignment) in assignments.enumerated() where assignment.keypath.count == 1 {
                guard let index = entries.firstIndex(where: { $0.key == assignment.keypath[0] }) else { continue }
                let old = LottieReader.member(entries[index].value, "p")
                let value = try Self.value(assignment, property: nil, like: LottieReader.member(old, "k"))
                rewritten[index].value = Self.replacing("p", in: entries[index].value, with: .object([("a", .number(0, position)), ("k", value)], position))
                used.insert(i)
            }
            result = Self.replacing("slots", in: document, with: .object(rewritten, slotsPosition))
        }
        result = Self.replacing("layers", in: result, with: try rewriteLayers(LottieReader.member(result, "layers"), names: [], used: &used))
        // A precomposition's layers answer under the name of a layer that shows it (one level).
        if case let .array(assets, assetsPosition)? = LottieReader.member(result, "assets"), case let .array(top, _)? = LottieReader.member(result, "layers") {
            var rewritten = assets
            for (i, asset) in assets.enumerated() {
                guard case .string(let id, _)? = LottieReader.member(asset, "id"), LottieReader.member(asset, "layers") != nil else { continue }
                for layer in top {
                    guard case .string(id, _)? = LottieReader.member(layer, "refId"), case .string(let name, _)? = LottieReader.member(layer, "nm") else { continue }
                    rewritten[i] = Self.replacing("layers", in: rewritten[i],
                                                  with: try rewriteLayers(LottieReader.member(rewritten[i], "layers"), names: [name], used: &used))
                }
            }
            result = Self.replacing("assets", in: result, with: .array(rewritten, assetsPosition))
        }
        if let unused = assignments.indices.first(where: { !used.contains($0) }) {
            throw DocumentError(file: "--param", position: nil, path: "",
                                message: "\(assignments[unused].text): no layer, shape or slot of the file matches (keypaths end in one of: "
                                    + "\(Self.properties.joined(separator: ", ")); names are the file's nm, * one of them, ** any number)")
        }
        return result
    }

    /// Whether `pattern` matches `names`: `*` one name, `**` any number of them.
    static func matches(_ pattern: ArraySlice<String>, _ names: ArraySlice<String>) -> Bool {
        guard let head = pattern.first else { return names.isEmpty }
        if head == "**" {
            return (names.startIndex...names.endIndex).contains { matches(pattern.dropFirst(), names[$0...]) }
        }
        guard let name = names.first, head == "*" || head == name else { return false }
        return matches(pattern.dropFirst(), names.dropFirst())
    }

    private func rewriteLayers(_ value: JSONValue?, names: [String], used: inout Set<Int>) throws(DocumentError) -> JSONValue {
        guard case let .array(layers, position)? = value else { return value ?? .null(JSONPosition(line: 0, column: 0)) }
        var result: [JSONValue] = []
        for layer in layers {
            let name = (LottieReader.member(layer, "nm")).flatMap { if case .string(let s, _) = $0 { s } else { nil } } ?? ""
            var rewritten = layer
            rewritten = try rewriteTransform(rewritten, key: "ks", names: names + [name], used: &used)
            if case .number(5, _)? = LottieReader.member(layer, "ty") { rewritten = try rewriteText(rewritten, names: names + [name], used: &used) }
            if let shapes = LottieReader.member(layer, "shapes") {
                rewritten = Self.replacing("shapes", in: rewritten, with: try rewriteShapes(shapes, names: names + [name], used: &used))
            }
            result.append(rewritten)
        }
        return .array(result, position)
    }

    private func rewriteShapes(_ value: JSONValue, names: [String], used: inout Set<Int>) throws(DocumentError) -> JSONValue {
        guard case let .array(items, position) = value else { return value }
        var result: [JSONValue] = []
        for item in items {
            let name = (LottieReader.member(item, "nm")).flatMap { if case .string(let s, _) = $0 { s } else { nil } } ?? ""
            let type = (LottieReader.member(item, "ty")).flatMap { if case .string(let s, _) = $0 { s } else { nil } } ?? ""
            var rewritten = item
            switch type {
            case "gr":
                if let inner = LottieReader.member(item, "it") {
                    // A group's own transform (`tr` among its items) answers to Group.Transform.Property.
                    var children = try rewriteShapes(inner, names: names + [name], used: &used)
                    if case let .array(list, p) = children {
                        children = .array(try list.map { (child: JSONValue) throws(DocumentError) -> JSONValue in
                            guard case .string("tr", _)? = LottieReader.member(child, "ty") else { return child }
                            return try rewriteProperties(child, names: names + [name, "Transform"],
                                                         keys: ["Opacity": "o", "Position": "p", "Scale": "s", "Rotation": "r", "Anchor Point": "a"], used: &used)
                        }, p)
                    }
                    rewritten = Self.replacing("it", in: rewritten, with: children)
                }
            case "fl":
                rewritten = try rewriteProperties(item, names: names + [name], keys: ["Color": "c", "Opacity": "o"], used: &used)
            case "st":
                rewritten = try rewriteProperties(item, names: names + [name], keys: ["Color": "c", "Opacity": "o", "Stroke Width": "w"], used: &used)
            case "gf", "gs":
                rewritten = try rewriteProperties(item, names: names + [name], keys: type == "gs" ? ["Opacity": "o", "Stroke Width": "w"] : ["Opacity": "o"], used: &used)
            default:
                break
            }
            result.append(rewritten)
        }
        return .array(result, position)
    }

    private func rewriteTransform(_ layer: JSONValue, key: String, names: [String], used: inout Set<Int>) throws(DocumentError) -> JSONValue {
        guard let ks = LottieReader.member(layer, key) else { return layer }
        let keys = ["Opacity": "o", "Position": "p", "Scale": "s", "Rotation": "r", "Anchor Point": "a"]
        var rewritten = try rewriteProperties(ks, names: names, keys: keys, used: &used)
        rewritten = try rewriteProperties(rewritten, names: names + ["Transform"], keys: keys, used: &used)
        return Self.replacing(key, in: layer, with: rewritten)
    }

    /// A text layer's `Text`: every keyframe of its document takes the new string.
    private func rewriteText(_ layer: JSONValue, names: [String], used: inout Set<Int>) throws(DocumentError) -> JSONValue {
        let hits = assignments.indices.filter { Self.matches(assignments[$0].keypath[...], (names + ["Text"])[...]) }
        guard let last = hits.last, let data = LottieReader.member(layer, "t"), let d = LottieReader.member(data, "d"),
              case let .array(frames, framesPosition)? = LottieReader.member(d, "k") else { return layer }
        used.formUnion(hits)
        let text = assignments[last].value
        let rewritten = frames.map { frame -> JSONValue in
            guard let document = LottieReader.member(frame, "s") else { return frame }
            return Self.replacing("s", in: frame, with: Self.replacing("t", in: document, with: .string(text, document.position)))
        }
        return Self.replacing("t", in: layer, with: Self.replacing("d", in: data, with: Self.replacing("k", in: d, with: .array(rewritten, framesPosition))))
    }

    /// The properties named in `keys` (keypath name → JSON key) of `owner`, set where a keypath matches.
    private func rewriteProperties(_ owner: JSONValue, names: [String], keys: [String: String], used: inout Set<Int>) throws(DocumentError) -> JSONValue {
        var result = owner
        for (property, key) in keys {
            let hits = assignments.indices.filter { Self.matches(assignments[$0].keypath[...], (names + [property])[...]) }
            guard let last = hits.last else { continue }
            used.formUnion(hits)
            let old = LottieReader.member(owner, key)
            let value = try Self.value(assignments[last], property: property, like: LottieReader.member(old, "k"))
            result = Self.replacing(key, in: result, with: .object([("a", .number(0, owner.position)), ("k", value)], owner.position))
        }
        return result
    }

    /// The assignment's value read as `property`'s kind (a slot's: as the kind of value `like`
    /// is, its first keyframe's when animated): a colour (`#RRGGBB[AA]`), numbers (`x,y`), or text.
    static func value(_ assignment: Assignment, property: String?, like old: JSONValue?) throws(DocumentError) -> JSONValue {
        let position = old?.position ?? JSONPosition(line: 0, column: 0)
        var sample = old
        if case let .array(items, _)? = old, case .object? = items.first { sample = LottieReader.member(items.first, "s") }
        let text = assignment.value.trimmingCharacters(in: .whitespaces)
        func fail(_ expected: String) -> DocumentError {
            DocumentError(file: "--param", position: nil, path: "", message: "\(assignment.text): expected \(expected)")
        }
        var isColor = property == "Color"
        if property == nil, case let .array(numbers, _)? = sample, (3...4).contains(numbers.count),
           numbers.allSatisfy({ if case .number(let n, _) = $0 { (0...1).contains(n) } else { false } }) {
            isColor = true
        }
        switch sample {
        case _ where isColor:
            guard text.hasPrefix("#") else { throw fail("a colour #RRGGBB or #RRGGBBAA") }
            let hex = String(text.dropFirst())
            guard hex.count == 6 || hex.count == 8, let rgba = UInt32(hex, radix: 16) else { throw fail("a colour #RRGGBB or #RRGGBBAA") }
            let full = hex.count == 6 ? rgba << 8 | 0xFF : rgba
            return .array([24, 16, 8, 0].map { .number(Double(full >> $0 & 0xFF) / 255, position) }, position)
        case .string?:
            return .string(assignment.value, position)
        default:
            let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard !parts.isEmpty, parts.allSatisfy({ $0?.isFinite == true }) else { throw fail("a number, or numbers x,y") }
            let numbers = parts.compactMap { $0 }
            return numbers.count == 1 ? .number(numbers[0], position) : .array(numbers.map { .number($0, position) }, position)
        }
    }

    /// `object` with member `key` set to `value` (added when missing).
    static func replacing(_ key: String, in object: JSONValue, with value: JSONValue) -> JSONValue {
        guard case .object(var members, let position) = object else { return object }
        if let index = members.firstIndex(where: { $0.key == key }) { members[index].value = value } else { members.append((key, value)) }
        return .object(members, position)
    }
}
