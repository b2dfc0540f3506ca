import Geometry

/// An animatable key path of a layer, in Core Animation's string form (`"position.x"`,
/// `"transform.scale"`, `"backgroundColor"`): a property of `LayerProperty.all` or one of its
/// sub-key paths.
public struct LayerKeyPath: Hashable, Sendable, CustomStringConvertible {
    /// The key path's string form.
    public let name: String
    private let read: @Sendable (LayerValues) -> AnimationValue
    private let write: @Sendable (AnimationValue, inout LayerValues) -> Bool

    init(name: String, get: @escaping @Sendable (LayerValues) -> AnimationValue,
         set: @escaping @Sendable (AnimationValue, inout LayerValues) -> Bool) {
        self.name = name
        read = get
        write = set
    }

    /// Every key path by name: the animatable properties and their sub-key paths.
    public static let named: [String: LayerKeyPath] = {
        var named: [String: LayerKeyPath] = [:]
        for property in LayerProperty.all where property.isAnimatable || !property.subPaths.isEmpty {
            for keyPath in [property.keyPath].compactMap(\.self) + property.subPaths {
                named[keyPath.name] = keyPath
            }
        }
        return named
    }()

    /// Parses a key path string; an unknown one is an error suggesting the closest.
    public init(_ string: String) throws(AnimationError) {
        if let keyPath = LayerKeyPath.named[string] {
            self = keyPath
            return
        }
        let parts = string.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        // A named emitter cell's property: emitterCells.<name>(.emitterCells.<name>)….<property>.
        if let keyPath = Self.cellProperty(parts) {
            self = keyPath
            return
        }
        // A named filter's input: filters.<name>.<input>.
        guard parts.count == 3, parts[0] == "filters", LayerFilter.isValidName(parts[1]), let input = FilterInput(rawValue: parts[2]) else {
            throw .unknownKeyPath(string)
        }
        self = .filterInput(input, of: parts[1])
    }

    /// The value at the key path in `values` (an unset colour reads as clear, an unset path as empty).
    public func value(in values: LayerValues) -> AnimationValue {
        read(values)
    }

    /// Sets the value at the key path; a value of the wrong type is an error naming both.
    public func set(_ newValue: AnimationValue, in values: inout LayerValues) throws(AnimationError) {
        guard write(newValue, &values) else {
            throw .wrongValueType(keyPath: name, expected: value(in: LayerValues()).typeName, got: newValue.typeName)
        }
    }

    public var description: String { name }

    public static func == (a: LayerKeyPath, b: LayerKeyPath) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension LayerKeyPath {
    /// `filters.<name>.<input>`: an input of the filter `name` addresses (`[LayerFilter].index(addressedBy:)`).
    /// With no such filter, or one of another type, it reads as the input's absent value and
    /// setting it changes nothing.
    static func filterInput(_ input: FilterInput, of name: String) -> LayerKeyPath {
        LayerKeyPath(name: "filters.\(name).\(input.rawValue)", get: { v in
            v.filters.index(addressedBy: name).flatMap { input.value(in: v.filters[$0].effect) } ?? input.absentValue
        }) { value, v in
            guard value.typeName == input.absentValue.typeName else { return false }
            if let i = v.filters.index(addressedBy: name) { v.filters[i].effect = input.setting(value, in: v.filters[i].effect) }
            return true
        }
    }

    /// `emitterCells.<name>….<property>`: a number or the colour of the cell the names pick, one
    /// a level (the first cell of each name, as Core Animation's `CAEmitterCell.name` says). With no
    /// such cell it reads as a new cell's value and setting it changes nothing.
    static func cellProperty(_ parts: [String]) -> LayerKeyPath? {
        guard let (names, field) = EmitterCell.names(inKeyPath: parts) else { return nil }
        let name = parts.joined(separator: ".")
        if field == "color" {
            return LayerKeyPath(name: name, get: { .color(EmitterCell.cell(named: names, in: $0.emitterCells)?.color ?? EmitterCell().color) }) { value, v in
                guard case .color(let c) = value else { return false }
                EmitterCell.change(named: names, in: &v.emitterCells) { $0.color = c }
                return true
            }
        }
        guard let key = EmitterCell.numberFields.first(where: { $0.name == field })?.key else { return nil }
        return LayerKeyPath(name: name, get: { .number((EmitterCell.cell(named: names, in: $0.emitterCells) ?? EmitterCell())[keyPath: key]) }) { value, v in
            guard case .number(let x) = value else { return false }
            EmitterCell.change(named: names, in: &v.emitterCells) { $0[keyPath: key] = x }
            return true
        }
    }

    /// A sub-key path reading and writing a number inside a property.
    static func number(_ name: String, _ key: WritableKeyPath<LayerValues, Double> & Sendable) -> LayerKeyPath {
        LayerKeyPath(name: name, get: { .number($0[keyPath: key]) }) { value, v in
            guard case .number(let x) = value else { return false }
            v[keyPath: key] = x
            return true
        }
    }

    /// A sub-key path reading and writing a value inside a property.
    static func part<T: PropertyValueConvertible>(_ name: String, _ key: WritableKeyPath<LayerValues, T> & Sendable) -> LayerKeyPath {
        LayerKeyPath(name: name, get: { $0[keyPath: key].animationValue }) { value, v in
            guard let x = T(value) else { return false }
            v[keyPath: key] = x
            return true
        }
    }

    /// The components of the decomposed transform stored at `key` (`transform.rotation.z`,
    /// `sublayerTransform.scale`, …), and its 2D translation (`transform.translation`, a size).
    static func components(of name: String, _ key: WritableKeyPath<LayerValues, Transform3D> & Sendable) -> [LayerKeyPath] {
        let parts = TransformComponent.allCases.map { c in
            LayerKeyPath(name: name + c.rawValue.dropFirst("transform".count), get: { .number(c.value(in: $0[keyPath: key])) }) { value, v in
                guard case .number(let x) = value else { return false }
                v[keyPath: key] = c.replacing(x, in: v[keyPath: key])
                return true
            }
        }
        let translation = LayerKeyPath(name: name + ".translation", get: { v in
            .size(Size(TransformComponent.translationX.value(in: v[keyPath: key]), TransformComponent.translationY.value(in: v[keyPath: key])))
        }) { value, v in
            guard case .size(let s) = value else { return false }
            v[keyPath: key] = TransformComponent.translationY.replacing(s.height, in: TransformComponent.translationX.replacing(s.width, in: v[keyPath: key]))
            return true
        }
        return parts + [translation]
    }
}
