/// Values for the properties a layer does not set itself (`CALayer.style`): such a property shows
/// the style's value, else that of the style under it (`style.style`: the shallowest value
/// counts), else its default. As in Core Animation, a style is not consulted for `bounds` (nor
/// `frame`); a name that is not a property of the layer's kind is passed over.
public struct LayerStyle: Hashable, Sendable {
    /// The values by property name.
    public let values: [String: LayerProperty.Value]
    /// The style under this one, kept in a list for the indirection (`style`).
    private let under: [LayerStyle]

    /// The style under this one, whose values count where this one has none (`style.style`).
    public var style: LayerStyle? { under.first }

    /// A style of `values` by property name over `style`.
    /// - Throws: `AnimationError` for a name that is no layer property, for `bounds`, or for a
    ///   value of the wrong type.
    public init(_ values: [String: LayerProperty.Value], style: LayerStyle? = nil) throws(AnimationError) {
        for (name, value) in values {
            guard let property = LayerProperty.named[name], name != "bounds" else { throw .notStyled(name) }
            // Its type checked by setting it where it applies.
            var trial = LayerValues(kind: property.kinds?.min { $0.rawValue < $1.rawValue } ?? .plain)
            try property.set(value, in: &trial)
        }
        self.values = values
        under = style.map { [$0] } ?? []
    }

    /// The value the style gives the property `name`: its own, or the shallowest below it.
    public func value(named name: String) -> LayerProperty.Value? {
        values[name] ?? style?.value(named: name)
    }

    /// Every property name the style or a style under it gives a value.
    var names: Set<String> {
        Set(values.keys).union(style?.names ?? [])
    }
}
