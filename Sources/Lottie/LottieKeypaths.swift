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
        var setter = Setter(assignments: assignments)
        var result = document
        // Slots first: a keypath of one name that is a slot id.
        if case let .object(members, position) = document, let slots = members.first(where: { $0.key == "slots" })?.value,
           case let .object(entries, slotsPosition) = slots {
            var rewritten = entries
            for (i, assignment) in assignments.enumerated() where assignment.keypath.count == 1 {
                guard let index = entries.firstIndex(where: { $0.key == assignment.keypath[0] }) else { continue }
                let old = LottieDecoder.member(entries[index].value, "p")
                let value = try Self.value(assignment, property: nil, like: LottieDecoder.member(old, "k"))
                rewritten[index].value = Self.replacing("p", in: entries[index].value, with: .object([("a", .number(0, position)), ("k", value)], position))
                setter.used.insert(i)
            }
            result = Self.replacing("slots", in: document, with: .object(rewritten, slotsPosition))
        }
        result = try Walk.document(result, visitor: &setter)
        if let unused = assignments.indices.first(where: { !setter.used.contains($0) }) {
            throw DocumentError(file: "--param", position: nil, path: "",
                                message: "\(assignments[unused].text): no layer, shape or slot of the file matches (keypaths end in one of: "
                                    + "\(Self.properties.joined(separator: ", ")); names are the file's nm, * one of them, ** any number)")
        }
        return result
    }

    /// Every keypath of `document` that `--param` can set, with its value now, a line each
    /// (`Title.Text = "Launch day"`, `Logo.Group 1.Fill 1.Color = #7B61FF`), then its slots
    /// (`slot title_color = #FF0000`).
    static func list(_ document: JSONValue) -> [String] {
        var lister = Lister()
        _ = try? Walk.document(document, visitor: &lister)
        if case let .object(entries, _)? = LottieDecoder.member(document, "slots") {
            for (id, slot) in entries {
                lister.lines.append("slot \(id) = \(Lister.text(of: LottieDecoder.member(LottieDecoder.member(slot, "p"), "k"), property: nil))")
            }
        }
        return lister.lines
    }

    /// What the walk of a document's settable properties does at each of them.
    protocol Visitor {
        /// Visits the properties named in `keys` (keypath name, JSON key) of `owner`, which the
        /// keypath `names` leads to (and `alias` too, when given); returns `owner`, changed or not.
        mutating func properties(_ owner: JSONValue, names: [String], alias: [String]?, keys: KeyValuePairs<String, String>) throws(DocumentError) -> JSONValue
        /// Visits a text layer's `Text` (every keyframe of its document), under `names`.
        mutating func text(_ layer: JSONValue, names: [String]) throws(DocumentError) -> JSONValue
    }

    /// The properties a transform answers to, by keypath name.
    static let transformKeys: KeyValuePairs = ["Position": "p", "Scale": "s", "Rotation": "r", "Opacity": "o", "Anchor Point": "a"]

    /// The walk of a document's layers (and of the layers of the precompositions they show, one
    /// level deep, under the showing layer's name), their transforms, texts and shape items, in
    /// the file's order: one place for what each name of a keypath leads to.
    enum Walk {
        static func document<V: Visitor>(_ document: JSONValue, visitor: inout V) throws(DocumentError) -> JSONValue {
            var result = replacing("layers", in: document, with: try layers(LottieDecoder.member(document, "layers"), names: [], visitor: &visitor))
            if case let .array(assets, assetsPosition)? = LottieDecoder.member(result, "assets"), case let .array(top, _)? = LottieDecoder.member(result, "layers") {
                var rewritten = assets
                for (i, asset) in assets.enumerated() {
                    guard case .string(let id, _)? = LottieDecoder.member(asset, "id"), LottieDecoder.member(asset, "layers") != nil else { continue }
                    for layer in top {
                        guard case .string(id, _)? = LottieDecoder.member(layer, "refId"), case .string(let name, _)? = LottieDecoder.member(layer, "nm") else { continue }
                        rewritten[i] = replacing("layers", in: rewritten[i], with: try layers(LottieDecoder.member(rewritten[i], "layers"), names: [name], visitor: &visitor))
                    }
                }
                result = replacing("assets", in: result, with: .array(rewritten, assetsPosition))
            }
            return result
        }

        private static func name(_ item: JSONValue) -> String {
            LottieDecoder.member(item, "nm").flatMap { if case .string(let s, _) = $0 { s } else { nil } } ?? ""
        }

        private static func layers<V: Visitor>(_ value: JSONValue?, names: [String], visitor: inout V) throws(DocumentError) -> JSONValue {
            guard case let .array(layers, position)? = value else { return value ?? .null(JSONPosition(line: 0, column: 0)) }
            var result: [JSONValue] = []
            for layer in layers {
                let here = names + [name(layer)]
                var rewritten = layer
                if let ks = LottieDecoder.member(layer, "ks") {
                    // A layer's transform answers to Layer.Transform.Property and Layer.Property.
                    rewritten = replacing("ks", in: rewritten, with: try visitor.properties(ks, names: here + ["Transform"], alias: here, keys: transformKeys))
                }
                if case .number(5, _)? = LottieDecoder.member(layer, "ty") { rewritten = try visitor.text(rewritten, names: here) }
                if let shapes = LottieDecoder.member(layer, "shapes") {
                    rewritten = replacing("shapes", in: rewritten, with: try self.shapes(shapes, names: here, visitor: &visitor))
                }
                result.append(rewritten)
            }
            return .array(result, position)
        }

        private static func shapes<V: Visitor>(_ value: JSONValue, names: [String], visitor: inout V) throws(DocumentError) -> JSONValue {
            guard case let .array(items, position) = value else { return value }
            var result: [JSONValue] = []
            for item in items {
                let here = names + [name(item)]
                var rewritten = item
                switch LottieDecoder.member(item, "ty").flatMap({ if case .string(let s, _) = $0 { s } else { nil } }) ?? "" {
                case "gr":
                    guard let children = LottieDecoder.member(item, "it"), case let .array(list, p) = try shapes(children, names: here, visitor: &visitor) else { break }
                    // A group's own transform (`tr` among its items) answers to Group.Transform.Property.
                    var placed: [JSONValue] = []
                    for child in list {
                        if case .string("tr", _)? = LottieDecoder.member(child, "ty") {
                            placed.append(try visitor.properties(child, names: here + ["Transform"], alias: nil, keys: transformKeys))
                        } else {
                            placed.append(child)
                        }
                    }
                    rewritten = replacing("it", in: rewritten, with: .array(placed, p))
                case "fl": rewritten = try visitor.properties(item, names: here, alias: nil, keys: ["Color": "c", "Opacity": "o"])
                case "st": rewritten = try visitor.properties(item, names: here, alias: nil, keys: ["Color": "c", "Opacity": "o", "Stroke Width": "w"])
                case "gf": rewritten = try visitor.properties(item, names: here, alias: nil, keys: ["Opacity": "o"])
                case "gs": rewritten = try visitor.properties(item, names: here, alias: nil, keys: ["Opacity": "o", "Stroke Width": "w"])
                default: break
                }
                result.append(rewritten)
            }
            return .array(result, position)
        }
    }

    /// Sets the properties the assignments' keypaths match, noting which assignments were used.
    struct Setter: Visitor {
        let assignments: [Assignment]
        var used = Set<Int>()

        private func hits(_ names: [String]) -> [Int] {
            assignments.indices.filter { LottieKeypaths.matches(assignments[$0].keypath[...], names[...]) }
        }

        mutating func properties(_ owner: JSONValue, names: [String], alias: [String]?, keys: KeyValuePairs<String, String>) throws(DocumentError) -> JSONValue {
            var result = owner
            for (property, key) in keys {
                let matched = (hits(names + [property]) + (alias.map { hits($0 + [property]) } ?? [])).sorted()
                guard let last = matched.last else { continue }
                used.formUnion(matched)
                let old = LottieDecoder.member(owner, key)
                let value = try LottieKeypaths.value(assignments[last], property: property, like: LottieDecoder.member(old, "k"))
                result = replacing(key, in: result, with: .object([("a", .number(0, owner.position)), ("k", value)], owner.position))
            }
            return result
        }

        mutating func text(_ layer: JSONValue, names: [String]) throws(DocumentError) -> JSONValue {
            let matched = hits(names + ["Text"])
            guard let last = matched.last, let data = LottieDecoder.member(layer, "t"), let d = LottieDecoder.member(data, "d"),
                  case let .array(frames, framesPosition)? = LottieDecoder.member(d, "k") else { return layer }
            used.formUnion(matched)
            let text = assignments[last].value
            let rewritten = frames.map { frame -> JSONValue in
                guard let document = LottieDecoder.member(frame, "s") else { return frame }
                return replacing("s", in: frame, with: replacing("t", in: document, with: .string(text, document.position)))
            }
            return replacing("t", in: layer, with: replacing("d", in: data, with: replacing("k", in: d, with: .array(rewritten, framesPosition))))
        }
    }

    /// Writes each settable property's keypath and its value now, as `--param` would write it.
    struct Lister: Visitor {
        var lines: [String] = []

        mutating func properties(_ owner: JSONValue, names: [String], alias: [String]?, keys: KeyValuePairs<String, String>) throws(DocumentError) -> JSONValue {
            for (property, key) in keys {
                guard let value = LottieDecoder.member(owner, key) else { continue }
                lines.append((names + [property]).joined(separator: ".") + " = " + Self.text(of: LottieDecoder.member(value, "k"), property: property))
            }
            return owner
        }

        mutating func text(_ layer: JSONValue, names: [String]) throws(DocumentError) -> JSONValue {
            if case let .array(frames, _)? = LottieDecoder.member(LottieDecoder.member(LottieDecoder.member(layer, "t"), "d"), "k"),
               case .string(let text, _)? = LottieDecoder.member(LottieDecoder.member(frames.first, "s"), "t") {
                lines.append((names + ["Text"]).joined(separator: ".") + " = " + JSON.quoted(text))
            }
            return layer
        }

        /// A property's `k` as `--param` writes it: a colour `#RRGGBB[AA]`, numbers `x,y`, or
        /// text; an animated one's first keyframe, marked "(animated)".
        static func text(of k: JSONValue?, property: String?) -> String {
            var sample = k, animated = false
            if case let .array(items, _)? = k, case .object? = items.first {
                sample = LottieDecoder.member(items.first, "s")
                animated = true
            }
            let numbers: [Double]? = switch sample {
            case .number(let n, _)?: [n]
            case .array(let items, _)?: items.compactMap { if case .number(let n, _) = $0 { n } else { nil } }
            default: nil
            }
            let written: String
            if case .string(let text, _)? = sample {
                written = JSON.quoted(text)
            } else if let numbers, property == "Color" || (property == nil && (3...4).contains(numbers.count) && numbers.allSatisfy({ (0...1).contains($0) })) {
                let channels = numbers.count == 4 && numbers[3] >= 1 ? Array(numbers.prefix(3)) : Array(numbers.prefix(4))
                written = "#" + channels.map { String(format: "%02X", Int((min(max($0, 0), 1) * 255).rounded())) }.joined()
            } else if let numbers {
                let planar = ["Position", "Scale", "Anchor Point"].contains(property ?? "")
                written = numbers.prefix(planar ? 2 : numbers.count).map(JSON.exact).joined(separator: ",")
            } else {
                written = "?"
            }
            return animated ? written + " (animated)" : written
        }
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

    /// The assignment's value read as `property`'s kind (a slot's: as the kind of value `like`
    /// is, its first keyframe's when animated): a colour (`#RRGGBB[AA]`), numbers (`x,y`), or text.
    static func value(_ assignment: Assignment, property: String?, like old: JSONValue?) throws(DocumentError) -> JSONValue {
        let position = old?.position ?? JSONPosition(line: 0, column: 0)
        var sample = old
        if case let .array(items, _)? = old, case .object? = items.first { sample = LottieDecoder.member(items.first, "s") }
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
