import Geometry

/// An animatable key path of a layer, parsed from Core Animation's string form
/// (`"position.x"`, `"transform.scale"`, `"backgroundColor"`, …).
public enum KeyPath: Hashable, Sendable {
    case position, positionX, positionY, zPosition
    case anchorPoint, anchorPointZ
    case bounds, boundsOrigin, boundsSize, boundsWidth, boundsHeight
    case transform, sublayerTransform
    case transformComponent(TransformComponent)
    case opacity, isHidden, masksToBounds, cornerRadius, backgroundColor, borderWidth, borderColor
    case contentsRect
    case shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath
    case path, fillColor, strokeColor, lineWidth, miterLimit, lineDashPhase, lineDashPattern, strokeStart, strokeEnd
    case colors, locations, startPoint, endPoint
    case instanceTransform, instanceDelay, instanceColor
    case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset

    /// The string forms this type accepts, for help and error messages.
    public static let names: [String: KeyPath] = {
        var names: [String: KeyPath] = [
            "position": .position, "position.x": .positionX, "position.y": .positionY, "zPosition": .zPosition,
            "anchorPoint": .anchorPoint, "anchorPointZ": .anchorPointZ,
            "bounds": .bounds, "bounds.origin": .boundsOrigin, "bounds.size": .boundsSize,
            "bounds.size.width": .boundsWidth, "bounds.size.height": .boundsHeight,
            "transform": .transform, "sublayerTransform": .sublayerTransform,
            "opacity": .opacity, "hidden": .isHidden, "masksToBounds": .masksToBounds,
            "cornerRadius": .cornerRadius, "backgroundColor": .backgroundColor,
            "borderWidth": .borderWidth, "borderColor": .borderColor, "contentsRect": .contentsRect,
            "shadowColor": .shadowColor, "shadowOpacity": .shadowOpacity, "shadowOffset": .shadowOffset,
            "shadowRadius": .shadowRadius, "shadowPath": .shadowPath,
            "path": .path, "fillColor": .fillColor, "strokeColor": .strokeColor, "lineWidth": .lineWidth,
            "miterLimit": .miterLimit, "lineDashPhase": .lineDashPhase, "lineDashPattern": .lineDashPattern,
            "strokeStart": .strokeStart, "strokeEnd": .strokeEnd,
            "colors": .colors, "locations": .locations, "startPoint": .startPoint, "endPoint": .endPoint,
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

    /// The property's value in `values`. Booleans are numbers: 0 is false, anything else true.
    public func value(in v: LayerValues) -> AnimationValue {
        switch self {
        case .position: .point(v.position)
        case .positionX: .number(v.position.x)
        case .positionY: .number(v.position.y)
        case .zPosition: .number(v.zPosition)
        case .anchorPoint: .point(v.anchorPoint)
        case .anchorPointZ: .number(v.anchorPointZ)
        case .bounds: .rect(v.bounds)
        case .boundsOrigin: .point(v.bounds.origin)
        case .boundsSize: .size(v.bounds.size)
        case .boundsWidth: .number(v.bounds.size.width)
        case .boundsHeight: .number(v.bounds.size.height)
        case .transform: .transform(v.transform)
        case .sublayerTransform: .transform(v.sublayerTransform)
        case .transformComponent(let c): .number(c.value(in: v.transform))
        case .opacity: .number(v.opacity)
        case .isHidden: .number(v.isHidden ? 1 : 0)
        case .masksToBounds: .number(v.masksToBounds ? 1 : 0)
        case .cornerRadius: .number(v.cornerRadius)
        case .backgroundColor: .color(v.backgroundColor ?? .clear)
        case .borderWidth: .number(v.borderWidth)
        case .borderColor: .color(v.borderColor ?? .clear)
        case .contentsRect: .rect(v.contentsRect)
        case .shadowColor: .color(v.shadowColor ?? .clear)
        case .shadowOpacity: .number(v.shadowOpacity)
        case .shadowOffset: .size(v.shadowOffset)
        case .shadowRadius: .number(v.shadowRadius)
        case .shadowPath: .path(v.shadowPath ?? Path())
        case .path: .path(v.path ?? Path())
        case .fillColor: .color(v.fillColor ?? .clear)
        case .strokeColor: .color(v.strokeColor ?? .clear)
        case .lineWidth: .number(v.stroke.lineWidth)
        case .miterLimit: .number(v.stroke.miterLimit)
        case .lineDashPhase: .number(v.stroke.dashPhase)
        case .lineDashPattern: .numbers(v.stroke.dashPattern)
        case .strokeStart: .number(v.stroke.start)
        case .strokeEnd: .number(v.stroke.end)
        case .colors: .colors(v.colors)
        case .locations: .numbers(v.locations)
        case .startPoint: .point(v.startPoint)
        case .endPoint: .point(v.endPoint)
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
        case (.anchorPointZ, .number(let z)): v.anchorPointZ = z
        case (.bounds, .rect(let r)): v.bounds = r
        case (.boundsOrigin, .point(let p)): v.bounds.origin = p
        case (.boundsSize, .size(let s)): v.bounds.size = s
        case (.boundsWidth, .number(let w)): v.bounds.size.width = w
        case (.boundsHeight, .number(let h)): v.bounds.size.height = h
        case (.transform, .transform(let t)): v.transform = t
        case (.sublayerTransform, .transform(let t)): v.sublayerTransform = t
        case (.transformComponent(let c), .number(let x)): v.transform = c.replacing(x, in: v.transform)
        case (.opacity, .number(let o)): v.opacity = o
        case (.isHidden, .number(let b)): v.isHidden = b != 0
        case (.masksToBounds, .number(let b)): v.masksToBounds = b != 0
        case (.cornerRadius, .number(let r)): v.cornerRadius = r
        case (.backgroundColor, .color(let c)): v.backgroundColor = c
        case (.borderWidth, .number(let w)): v.borderWidth = w
        case (.borderColor, .color(let c)): v.borderColor = c
        case (.contentsRect, .rect(let r)): v.contentsRect = r
        case (.shadowColor, .color(let c)): v.shadowColor = c
        case (.shadowOpacity, .number(let o)): v.shadowOpacity = o
        case (.shadowOffset, .size(let s)): v.shadowOffset = s
        case (.shadowRadius, .number(let r)): v.shadowRadius = r
        case (.shadowPath, .path(let p)): v.shadowPath = p
        case (.path, .path(let p)): v.path = p
        case (.fillColor, .color(let c)): v.fillColor = c
        case (.strokeColor, .color(let c)): v.strokeColor = c
        case (.lineWidth, .number(let w)): v.stroke.lineWidth = w
        case (.miterLimit, .number(let m)): v.stroke.miterLimit = m
        case (.lineDashPhase, .number(let p)): v.stroke.dashPhase = p
        case (.lineDashPattern, .numbers(let d)): v.stroke.dashPattern = d
        case (.strokeStart, .number(let s)): v.stroke.start = s
        case (.strokeEnd, .number(let e)): v.stroke.end = e
        case (.colors, .colors(let c)): v.colors = c
        case (.locations, .numbers(let l)): v.locations = l
        case (.startPoint, .point(let p)): v.startPoint = p
        case (.endPoint, .point(let p)): v.endPoint = p
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
