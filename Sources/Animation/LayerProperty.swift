import Geometry

/// One property of a layer, described once: its Core Animation name, the layer kinds that have
/// it, the type of its value, whether it animates, and how it is read from and written to a
/// layer's model values. Key-path lookup, scene files, their export and `inspect` all work from
/// the table of these (`LayerProperty.all`); the typed accessors are `LayerValues`' stored
/// properties, reached from a `Layer` by member lookup.
public struct LayerProperty: Sendable {
    /// The largest magnitude a number may have where no narrower range is given: enough for any
    /// geometry or time, small enough that nothing downstream overflows.
    public static let numberRange = -1e9...1e9

    /// The shape of a property's value, which decides how it is written in a scene file.
    public enum ValueType: Sendable, Equatable {
        case number(ClosedRange<Double>)
        case boolean
        case integer(ClosedRange<Int>)
        case point, size, rect, color, transform, path, numbers, colors
        /// One of the listed names (an enumeration such as `lineCap`).
        case choice([String])
        case image
        /// An emitter's cells, each an object of `EmitterCell`'s fields.
        case cells
        /// A layer's filters.
        case filters
        /// Free text: a font name.
        case string
        /// A text layer's text, plain or attributed.
        case text
    }

    /// A property's value: an animatable value, a name, a count, cells or filters.
    public enum Value: Hashable, Sendable {
        case value(AnimationValue)
        case choice(String)
        case integer(Int)
        case cells([EmitterCell])
        case filters([LayerFilter])
        case string(String)
        case text(TextString)
        /// An optional colour, path or image that is not set.
        case absent
    }

    /// The name in Core Animation's key-value coding and in scene files (`"lineWidth"`).
    public let name: String
    /// The layer kinds that have the property; nil for every kind.
    public let kinds: Set<LayerKind>?
    /// The shape of the property's value, with its allowed range.
    public let type: ValueType
    /// Whether an animation may change it (it is then reachable as a key path).
    public let isAnimatable: Bool
    /// Whether it may be unset (`nil` in Swift, `null` in a scene file).
    public let isOptional: Bool
    /// The sub-key paths that address part of it (`position.x`, `transform.rotation.z`).
    public let subPaths: [LayerKeyPath]
    /// Where it is stored in `LayerValues` (how a layer knows which properties it sets itself).
    let storedKey: AnyKeyPath & Sendable

    /// The properties stored inside another value, by that value's key (`timing` holds
    /// `beginTime`, `speed`, …): setting the value sets those of them it changes.
    static let storedWithin: [(key: AnyKeyPath & Sendable, properties: [LayerProperty])] = {
        let timing = ["beginTime", "speed", "timeOffset", "duration", "repeatCount", "repeatDuration", "autoreverses", "fillMode"]
        let timingKey: AnyKeyPath & Sendable = \LayerValues.timing
        let cornersKey: AnyKeyPath & Sendable = \LayerValues.maskedCorners
        return [(timingKey, timing.compactMap { LayerProperty.named[$0] }), (cornersKey, [LayerProperty.named["maskedCorners"]].compactMap(\.self))]
    }()
    private let read: @Sendable (LayerValues) -> Value
    private let write: @Sendable (Value, inout LayerValues) -> Bool

    /// Whether a layer of `kind` has this property.
    public func applies(to kind: LayerKind) -> Bool {
        kinds?.contains(kind) ?? true
    }

    /// The property's value in `values`.
    public func value(in values: LayerValues) -> Value {
        read(values)
    }

    /// Sets the property in `values`; a value of the wrong type is an error naming both.
    public func set(_ newValue: Value, in values: inout LayerValues) throws(AnimationError) {
        guard applies(to: values.kind) else {
            throw .notAProperty(name, of: values.kind.rawValue, kinds: kinds.map { $0.map(\.rawValue).sorted() } ?? [])
        }
        guard write(newValue, &values) else {
            throw .wrongValueType(keyPath: name, expected: type.name, got: newValue.typeName)
        }
    }

    /// The key path that animates the whole property (nil when it does not animate).
    public var keyPath: LayerKeyPath? {
        guard isAnimatable else { return nil }
        return LayerKeyPath(name: name) { v in
            guard case .value(let value) = read(v) else { return type.fallback }
            return value
        } set: { value, v in
            write(.value(value), &v)
        }
    }
}

extension LayerProperty {
    /// An animatable property stored at `key`.
    static func animatable<T: PropertyValueConvertible>(
        _ name: String, _ key: WritableKeyPath<LayerValues, T> & Sendable, kinds: Set<LayerKind>? = nil,
        subPaths: [LayerKeyPath] = []
    ) -> LayerProperty {
        LayerProperty(name: name, kinds: kinds, type: T.valueType, isAnimatable: true, isOptional: false, subPaths: subPaths, storedKey: key,
                      read: { .value($0[keyPath: key].animationValue) },
                      write: { value, v in
                          guard case .value(let a) = value, let x = T(a) else { return false }
                          v[keyPath: key] = x
                          return true
                      })
    }

    /// An animatable property that may be unset; unset, an animation starts from the type's
    /// neutral value (clear, an empty path).
    static func animatable<T: PropertyValueConvertible>(
        _ name: String, _ key: WritableKeyPath<LayerValues, T?> & Sendable, kinds: Set<LayerKind>? = nil
    ) -> LayerProperty {
        LayerProperty(name: name, kinds: kinds, type: T.valueType, isAnimatable: true, isOptional: true, subPaths: [], storedKey: key,
                      read: { v in v[keyPath: key].map { .value($0.animationValue) } ?? .absent },
                      write: { value, v in
                          switch value {
                          case .absent: v[keyPath: key] = nil
                          case .value(let a): guard let x = T(a) else { return false }; v[keyPath: key] = x
                          default: return false
                          }
                          return true
                      })
    }

    /// A number that does not animate, within `range`.
    static func number(_ name: String, _ key: WritableKeyPath<LayerValues, Double> & Sendable, in range: ClosedRange<Double>,
                       kinds: Set<LayerKind>? = nil) -> LayerProperty {
        LayerProperty(name: name, kinds: kinds, type: .number(range), isAnimatable: false, isOptional: false, subPaths: [], storedKey: key,
                      read: { .value(.number($0[keyPath: key])) },
                      write: { value, v in
                          guard case .value(.number(let x)) = value, range.contains(x) else { return false }
                          v[keyPath: key] = x
                          return true
                      })
    }

    /// A flag that does not animate.
    static func boolean(_ name: String, _ key: WritableKeyPath<LayerValues, Bool> & Sendable, kinds: Set<LayerKind>? = nil) -> LayerProperty {
        LayerProperty(name: name, kinds: kinds, type: .boolean, isAnimatable: false, isOptional: false, subPaths: [], storedKey: key,
                      read: { .value($0[keyPath: key].animationValue) },
                      write: { value, v in
                          guard case .value(let a) = value, let x = Bool(a) else { return false }
                          v[keyPath: key] = x
                          return true
                      })
    }

    /// A count that does not animate, within `range`.
    static func integer(_ name: String, _ key: WritableKeyPath<LayerValues, Int> & Sendable, in range: ClosedRange<Int>,
                        kinds: Set<LayerKind>? = nil) -> LayerProperty {
        LayerProperty(name: name, kinds: kinds, type: .integer(range), isAnimatable: false, isOptional: false, subPaths: [], storedKey: key,
                      read: { .integer($0[keyPath: key]) },
                      write: { value, v in
                          guard case .integer(let n) = value, range.contains(n) else { return false }
                          v[keyPath: key] = n
                          return true
                      })
    }

    /// One of an enumeration's cases, by its raw name.
    static func choice<T: RawRepresentable<String> & CaseIterable & SendableMetatype>(
        _ name: String, _ key: WritableKeyPath<LayerValues, T> & Sendable, kinds: Set<LayerKind>? = nil
    ) -> LayerProperty {
        LayerProperty(name: name, kinds: kinds, type: .choice(T.allCases.map(\.rawValue)), isAnimatable: false, isOptional: false,
                      subPaths: [], storedKey: key,
                      read: { .choice($0[keyPath: key].rawValue) },
                      write: { value, v in
                          guard case .choice(let raw) = value, let x = T(rawValue: raw) else { return false }
                          v[keyPath: key] = x
                          return true
                      })
    }

    /// An emitter's list of cells.
    static func cells(_ name: String, _ key: WritableKeyPath<LayerValues, [EmitterCell]> & Sendable, kinds: Set<LayerKind>) -> LayerProperty {
        LayerProperty(name: name, kinds: kinds, type: .cells, isAnimatable: false, isOptional: false, subPaths: [], storedKey: key,
                      read: { .cells($0[keyPath: key]) },
                      write: { value, v in
                          guard case .cells(let cells) = value else { return false }
                          v[keyPath: key] = cells
                          return true
                      })
    }

    /// Free text that does not animate (a font name).
    static func string(_ name: String, _ key: WritableKeyPath<LayerValues, String> & Sendable, kinds: Set<LayerKind>) -> LayerProperty {
        LayerProperty(name: name, kinds: kinds, type: .string, isAnimatable: false, isOptional: false, subPaths: [], storedKey: key,
                      read: { .string($0[keyPath: key]) },
                      write: { value, v in
                          guard case .string(let text) = value else { return false }
                          v[keyPath: key] = text
                          return true
                      })
    }

    /// A text layer's text.
    static func text(_ name: String, _ key: WritableKeyPath<LayerValues, TextString> & Sendable, kinds: Set<LayerKind>) -> LayerProperty {
        LayerProperty(name: name, kinds: kinds, type: .text, isAnimatable: false, isOptional: false, subPaths: [], storedKey: key,
                      read: { .text($0[keyPath: key]) },
                      write: { value, v in
                          guard case .text(let text) = value else { return false }
                          v[keyPath: key] = text
                          return true
                      })
    }

    /// A layer's filters; their parameters animate through sub-key paths
    /// (`filters.gaussianBlur.inputRadius`), though the list itself does not.
    static func filters(_ name: String, _ key: WritableKeyPath<LayerValues, [LayerFilter]> & Sendable, subPaths: [LayerKeyPath]) -> LayerProperty {
        LayerProperty(name: name, kinds: nil, type: .filters, isAnimatable: false, isOptional: false, subPaths: subPaths, storedKey: key,
                      read: { .filters($0[keyPath: key]) },
                      write: { value, v in
                          guard case .filters(let filters) = value else { return false }
                          v[keyPath: key] = filters
                          return true
                      })
    }
}

extension LayerProperty.ValueType {
    /// The type's name, for error messages.
    public var name: String {
        switch self {
        case .number(let range) where range == LayerProperty.numberRange: "number"
        case .number(let range): "number in \(Self.exact(range.lowerBound))…\(Self.exact(range.upperBound))"
        case .boolean: "boolean"
        case .integer: "whole number"
        case .point: "point"
        case .size: "size"
        case .rect: "rect"
        case .color: "color"
        case .transform: "transform"
        case .path: "path"
        case .numbers: "list of numbers"
        case .colors: "list of colours"
        case .choice(let names): "one of \(names.joined(separator: ", "))"
        case .image: "image"
        case .cells: "list of emitter cells"
        case .filters: "list of filters"
        case .string: "text"
        case .text: "text or list of text runs"
        }
    }

    private static func exact(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }

    /// What an animation of an unset property starts from.
    var fallback: AnimationValue {
        switch self {
        case .color: .color(.clear)
        case .path: .path(Path())
        case .image: .image(.transparent)
        default: .number(0)
        }
    }
}

extension LayerProperty.Value {
    /// The name of the value's type, for error messages.
    public var typeName: String {
        switch self {
        case .value(let v): v.typeName
        case .choice: "name"
        case .integer: "whole number"
        case .cells: "list of emitter cells"
        case .filters: "list of filters"
        case .string: "text"
        case .text: "text or list of text runs"
        case .absent: "null"
        }
    }
}
