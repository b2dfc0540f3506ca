/// What a text layer's animations of opacity, transform and foregroundColor move when it
/// staggers them (`staggerUnit`): each glyph, word or line runs them in its own time,
/// `staggerDelay` seconds after the one before, about its own centre, as a replicator's
/// instances run their sublayer's animations `instanceDelay` apart. The staple of title cards:
/// fade, slide or scale in letter by letter, or a typewriter's reveal.
public enum StaggerUnit: String, Hashable, Sendable, CaseIterable {
    /// The layer animates as a whole.
    case none
    /// Each glyph, in drawing order (lines top to bottom, each left to right).
    case glyph
    /// Each word (a word ends at whitespace), in the text's order.
    case word
    /// Each line, top to bottom.
    case line

    /// The key paths a staggered text layer hands to its units.
    static func isUnitKey(_ name: String) -> Bool {
        name == "opacity" || name == "foregroundColor" || name == "transform" || name.hasPrefix("transform.")
    }
}

extension AnimationSpec {
    /// Whether the animation changes only what units of staggered text take (a group, only if
    /// all its members do).
    var animatesOnlyUnitKeys: Bool {
        switch content {
        case .none, .transition: false
        case .basic(let basic), .spring(let basic, _): StaggerUnit.isUnitKey(basic.keyPath.name)
        case .keyframes(let keyframes): StaggerUnit.isUnitKey(keyframes.keyPath.name)
        case .group(let children): !children.isEmpty && children.allSatisfy(\.animatesOnlyUnitKeys)
        }
    }
}
