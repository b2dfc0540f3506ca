import Geometry

/// An animatable key path of a layer, parsed from Core Animation's string form
/// (`"position.x"`, `"transform.scale"`, `"backgroundColor"`, …).
public enum KeyPath: Hashable, Sendable {
    case position, positionX, positionY, zPosition
    case anchorPoint
    case bounds, boundsOrigin, boundsSize, boundsWidth, boundsHeight
    case transform
    case transformComponent(TransformComponent)
    case opacity, cornerRadius, backgroundColor
    case path, fillColor
    case instanceTransform, instanceDelay, instanceColor
    case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset

    /// The string forms this type accepts, for help and error messages.
    public static let names: [String: KeyPath] = {
        var names: [String: KeyPath] = [
            "position": .position, "position.x": .positionX, "position.y": .positionY, "zPosition": .zPosition,
            "anchorPoint": .anchorPoint,
            "bounds": .bounds, "bounds.origin": .boundsOrigin, "bounds.size": .boundsSize,
            "bounds.size.width": .boundsWidth, "bounds.size.height": .boundsHeight,
            "transform": .transform,
            "opacity": .opacity, "cornerRadius": .cornerRadius, "backgroundColor": .backgroundColor,
            "path": .path, "fillColor": .fillColor,
            "instanceTransform": .instanceTransform, "instanceDelay": .instanceDelay, "instanceColor": .instanceColor,
            "instanceRedOffset": .instanceRedOffset, "instanceGreenOffset": .instanceGreenOffset,
            "instanceBlueOffset": .instanceBlueOffset, "instanceAlphaOffset": .instanceAlphaOffset,
        ]
        for component in TransformComponent.allCases {
            names[component.rawValue] = .transformComponent(component)
        }
        return names
    }()

    /// Parses a key path string.
    public init(_ string: String) throws(AnimationError) {
        guard let keyPath = KeyPath.names[string] else { throw .unknownKeyPath(string) }
        self = keyPath
    }

    /// The property's value in `values`.
    public func value(in v: LayerValues) -> AnimationValue {
        switch self {
        case .position: .point(v.position)
        case .positionX: .number(v.position.x)
        case .positionY: .number(v.position.y)
        case .zPosition: .number(v.zPosition)
        case .anchorPoint: .point(v.anchorPoint)
        case .bounds: .rect(v.bounds)
        case .boundsOrigin: .point(v.bounds.origin)
        case .boundsSize: .size(v.bounds.size)
        case .boundsWidth: .number(v.bounds.size.width)
        case .boundsHeight: .number(v.bounds.size.height)
        case .transform: .transform(v.transform)
        case .transformComponent(let c): .number(c.value(in: v.transform))
        case .opacity: .number(v.opacity)
        case .cornerRadius: .number(v.cornerRadius)
        case .backgroundColor: .color(v.backgroundColor ?? .clear)
        case .path: .path(v.path ?? Path())
        case .fillColor: .color(v.fillColor ?? .clear)
        case .instanceTransform: .transform(v.instanceTransform)
        case .instanceDelay: .number(v.instanceDelay)
        case .instanceColor: .color(v.instanceColor)
        case .instanceRedOffset: .number(v.instanceRedOffset)
        case .instanceGreenOffset: .number(v.instanceGreenOffset)
        case .instanceBlueOffset: .number(v.instanceBlueOffset)
        case .instanceAlphaOffset: .number(v.instanceAlphaOffset)
        }
    }

    /// Sets the property in `values`; a value of the wrong type is an error naming both.
    public func set(_ newValue: AnimationValue, in v: inout LayerValues) throws(AnimationError) {
        switch (self, newValue) {
        case (.position, .point(let p)): v.position = p
        case (.positionX, .number(let x)): v.position.x = x
        case (.positionY, .number(let y)): v.position.y = y
        case (.zPosition, .number(let z)): v.zPosition = z
        case (.anchorPoint, .point(let p)): v.anchorPoint = p
        case (.bounds, .rect(let r)): v.bounds = r
        case (.boundsOrigin, .point(let p)): v.bounds.origin = p
        case (.boundsSize, .size(let s)): v.bounds.size = s
        case (.boundsWidth, .number(let w)): v.bounds.size.width = w
        case (.boundsHeight, .number(let h)): v.bounds.size.height = h
        case (.transform, .transform(let t)): v.transform = t
        case (.transformComponent(let c), .number(let x)): v.transform = c.replacing(x, in: v.transform)
        case (.opacity, .number(let o)): v.opacity = o
        case (.cornerRadius, .number(let r)): v.cornerRadius = r
        case (.backgroundColor, .color(let c)): v.backgroundColor = c
        case (.path, .path(let p)): v.path = p
        case (.fillColor, .color(let c)): v.fillColor = c
        case (.instanceTransform, .transform(let t)): v.instanceTransform = t
        case (.instanceDelay, .number(let d)): v.instanceDelay = d
        case (.instanceColor, .color(let c)): v.instanceColor = c
        case (.instanceRedOffset, .number(let x)): v.instanceRedOffset = x
        case (.instanceGreenOffset, .number(let x)): v.instanceGreenOffset = x
        case (.instanceBlueOffset, .number(let x)): v.instanceBlueOffset = x
        case (.instanceAlphaOffset, .number(let x)): v.instanceAlphaOffset = x
        default: throw .wrongValueType(keyPath: name, expected: value(in: LayerValues()).typeName, got: newValue.typeName)
        }
    }

    /// The key path's string form.
    public var name: String {
        KeyPath.names.first { $0.value == self }?.key ?? "\(self)"
    }
}
