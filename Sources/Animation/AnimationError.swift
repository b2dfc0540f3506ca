/// Errors in building or resolving an animation: each names what was wrong.
public enum AnimationError: Error, Equatable, CustomStringConvertible {
    case unknownKeyPath(String)
    case wrongValueType(keyPath: String, expected: String, got: String)
    case scriptDidNotSettle(time: Double, events: Int)
    case unknownLayer(String)
    case notAProperty(String, of: String, kinds: [String])
    case tooManyAnimations(layer: String?, count: Int)
    case scriptTooBusy(events: Int, layers: Int)
    /// A style names what is not a layer property, or `bounds`, which a style does not give.
    case notStyled(String)

    public var description: String {
        switch self {
        case .unknownKeyPath(let k):
            let suggestion = closestName(to: k, among: LayerKeyPath.named.keys, within: .max)
            return "unknown key path \"\(k)\"" + (suggestion.map { "; did you mean \"\($0)\"?" } ?? "")
        case let .notAProperty(name, kind, kinds):
            return "\(name) is a property of \(kinds.joined(separator: ", ")) layers; this layer's type is \(kind)"
        case let .wrongValueType(keyPath, expected, got):
            return "key path \"\(keyPath)\" takes a \(expected), not a \(got)"
        case let .scriptDidNotSettle(time, events):
            return "the scene's script ran \(events) callbacks without passing t = \(time) s; does a callback reschedule itself with no delay?"
        case let .tooManyAnimations(layer, count):
            return "more than \(count) animations run at once on layer \(layer.map { "\"\($0)\"" } ?? "(unnamed)"); does a script rule add animations faster than they finish?"
        case let .scriptTooBusy(events, layers):
            return "the scene's script handled \(events) callbacks over \(layers) layers, more than animvid resolves; use fewer layers or fewer, slower callbacks"
        case .notStyled(let name):
            if name == "bounds" || name == "frame" { return "a style is not consulted for \(name) (Core Animation's rule): set it on the layer" }
            let suggestion = closestName(to: name, among: LayerProperty.named.keys)
            return "\"\(name)\" is not a layer property" + (suggestion.map { "; did you mean \"\($0)\"?" } ?? "")
        case .unknownLayer(let name):
            return "a script rule adds an animation to a layer called \"\(name)\", and there is none"
        }
    }
}

/// The name in `names` closest in spelling to `name` (the first of equals), when it is at most
/// `limit` edits away: the "did you mean" of every error message that names a choice.
public func closestName(to name: String, among names: some Sequence<String>, within limit: Int = 3) -> String? {
    var best: (name: String, distance: Int)?
    for candidate in names {
        let distance = editDistance(candidate, name)
        // Ties go to the name first in alphabetical order, so a suggestion never depends on the
        // order a dictionary happens to list its keys in.
        if distance <= limit, let current = best, distance > current.distance || (distance == current.distance && candidate >= current.name) {
            continue
        }
        if distance <= limit { best = (candidate, distance) }
    }
    return best?.name
}

/// The Levenshtein distance between two names, ignoring case, for "did you mean" suggestions.
/// Names longer than 64 characters are not compared (the longer length is returned), so a
/// hostile name cannot make a suggestion cost quadratic time.
public func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased()), b = Array(b.lowercased())
    guard a.count <= 64, b.count <= 64 else { return max(a.count, b.count) }
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var row = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = row
    }
    return previous[b.count]
}
