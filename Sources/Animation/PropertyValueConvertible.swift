import Geometry

/// A Swift type a layer property stores, with its `AnimationValue` form.
protocol PropertyValueConvertible: SendableMetatype {
    static var valueType: LayerProperty.ValueType { get }
    var animationValue: AnimationValue { get }
    /// The stored value, or nil when `value` is of another type.
    init?(_ value: AnimationValue)
}

extension Double: PropertyValueConvertible {
    static var valueType: LayerProperty.ValueType { .number(LayerProperty.numberRange) }
    var animationValue: AnimationValue { .number(self) }
    init?(_ value: AnimationValue) {
        guard case .number(let x) = value else { return nil }
        self = x
    }
}

/// Booleans animate as numbers (0 is false, anything else true), as in key-value coding.
extension Bool: PropertyValueConvertible {
    static var valueType: LayerProperty.ValueType { .boolean }
    var animationValue: AnimationValue { .number(self ? 1 : 0) }
    init?(_ value: AnimationValue) {
        guard case .number(let x) = value else { return nil }
        self = x != 0
    }
}

extension Point: PropertyValueConvertible {
    static var valueType: LayerProperty.ValueType { .point }
    var animationValue: AnimationValue { .point(self) }
    init?(_ value: AnimationValue) {
        guard case .point(let p) = value else { return nil }
        self = p
    }
}

extension Size: PropertyValueConvertible {
    static var valueType: LayerProperty.ValueType { .size }
    var animationValue: AnimationValue { .size(self) }
    init?(_ value: AnimationValue) {
        guard case .size(let s) = value else { return nil }
        self = s
    }
}

extension Rect: PropertyValueConvertible {
    static var valueType: LayerProperty.ValueType { .rect }
    var animationValue: AnimationValue { .rect(self) }
    init?(_ value: AnimationValue) {
        guard case .rect(let r) = value else { return nil }
        self = r
    }
}

extension Color: PropertyValueConvertible {
    static var valueType: LayerProperty.ValueType { .color }
    var animationValue: AnimationValue { .color(self) }
    init?(_ value: AnimationValue) {
        guard case .color(let c) = value else { return nil }
        self = c
    }
}

extension Transform3D: PropertyValueConvertible {
    static var valueType: LayerProperty.ValueType { .transform }
    var animationValue: AnimationValue { .transform(self) }
    init?(_ value: AnimationValue) {
        guard case .transform(let t) = value else { return nil }
        self = t
    }
}

extension Path: PropertyValueConvertible {
    static var valueType: LayerProperty.ValueType { .path }
    var animationValue: AnimationValue { .path(self) }
    init?(_ value: AnimationValue) {
        guard case .path(let p) = value else { return nil }
        self = p
    }
}

/// An element of a list property: gradient colours and locations, dash patterns.
protocol PropertyListElement {
    static var listType: LayerProperty.ValueType { get }
    static func list(_ elements: [Self]) -> AnimationValue
    static func elements(of value: AnimationValue) -> [Self]?
}

extension Double: PropertyListElement {
    static var listType: LayerProperty.ValueType { .numbers }
    static func list(_ elements: [Double]) -> AnimationValue { .numbers(elements) }
    static func elements(of value: AnimationValue) -> [Double]? {
        guard case .numbers(let list) = value else { return nil }
        return list
    }
}

extension Color: PropertyListElement {
    static var listType: LayerProperty.ValueType { .colors }
    static func list(_ elements: [Color]) -> AnimationValue { .colors(elements) }
    static func elements(of value: AnimationValue) -> [Color]? {
        guard case .colors(let list) = value else { return nil }
        return list
    }
}

extension Image: PropertyValueConvertible {
    static var valueType: LayerProperty.ValueType { .image }
    var animationValue: AnimationValue { .image(self) }
    init?(_ value: AnimationValue) {
        guard case .image(let image) = value else { return nil }
        self = image
    }
}

extension Array: PropertyValueConvertible where Element: PropertyListElement {
    static var valueType: LayerProperty.ValueType { Element.listType }
    var animationValue: AnimationValue { Element.list(self) }
    init?(_ value: AnimationValue) {
        guard let list = Element.elements(of: value) else { return nil }
        self = list
    }
}
