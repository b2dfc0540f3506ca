import Animation

/// The layer properties a scene file writes, in the order the exporter writes them: the
/// animatable ones (set through their key paths, so a file and an animation agree on every
/// type), then the rest, each with the layer types that have it.
enum LayerProperties {
    /// Animatable properties with the layer types that have them (nil: every type).
    static let animatable: [(name: String, kinds: [LayerKind]?)] = [
        ("bounds", nil), ("position", nil), ("zPosition", nil), ("anchorPoint", nil), ("anchorPointZ", nil),
        ("transform", nil), ("sublayerTransform", nil), ("opacity", nil), ("hidden", nil),
        ("backgroundColor", nil), ("cornerRadius", nil), ("masksToBounds", nil), ("borderWidth", nil), ("borderColor", nil),
        ("contentsRect", nil), ("shadowColor", nil), ("shadowOpacity", nil), ("shadowOffset", nil), ("shadowRadius", nil),
        ("shadowPath", nil),
        ("path", [.shape]), ("fillColor", [.shape]), ("strokeColor", [.shape]), ("lineWidth", [.shape]),
        ("miterLimit", [.shape]), ("lineDashPattern", [.shape]), ("lineDashPhase", [.shape]),
        ("strokeStart", [.shape]), ("strokeEnd", [.shape]),
        ("colors", [.gradient]), ("locations", [.gradient]), ("startPoint", [.gradient]), ("endPoint", [.gradient]),
        ("instanceTransform", [.replicator]), ("instanceDelay", [.replicator]), ("instanceColor", [.replicator]),
        ("instanceRedOffset", [.replicator]), ("instanceGreenOffset", [.replicator]),
        ("instanceBlueOffset", [.replicator]), ("instanceAlphaOffset", [.replicator]),
    ]

    /// Properties that are not animatable, with the layer types that have them.
    static let other: [(name: String, kinds: [LayerKind]?)] = [
        ("contents", nil), ("contentsGravity", nil), ("beginTime", nil), ("speed", nil), ("timeOffset", nil),
        ("fillRule", [.shape]), ("lineCap", [.shape]), ("lineJoin", [.shape]),
        ("gradientType", [.gradient]),
        ("instanceCount", [.replicator]), ("preservesDepth", [.replicator]),
    ]

    /// Fields that build the tree rather than set a property.
    static let structure = ["type", "name", "frame", "sublayers", "mask", "animations"]

    /// Every field a layer object may have.
    static let allFields = structure + animatable.map(\.name) + other.map(\.name)

    /// The layer types that have the property called `name` (nil: every type).
    static func kinds(of name: String) -> [LayerKind]? {
        (animatable + other).first { $0.name == name }?.kinds
    }

    /// Whether the optional property `name` (a colour or a path that may be absent) is absent.
    static func isAbsent(_ name: String, in v: LayerValues) -> Bool {
        switch name {
        case "backgroundColor": v.backgroundColor == nil
        case "borderColor": v.borderColor == nil
        case "shadowColor": v.shadowColor == nil
        case "shadowPath": v.shadowPath == nil
        case "path": v.path == nil
        case "fillColor": v.fillColor == nil
        case "strokeColor": v.strokeColor == nil
        default: false
        }
    }

    /// Removes the optional property `name` (a file writes `null`); false when it is not optional.
    static func remove(_ name: String, in v: inout LayerValues) -> Bool {
        switch name {
        case "backgroundColor": v.backgroundColor = nil
        case "borderColor": v.borderColor = nil
        case "shadowColor": v.shadowColor = nil
        case "shadowPath": v.shadowPath = nil
        case "path": v.path = nil
        case "fillColor": v.fillColor = nil
        case "strokeColor": v.strokeColor = nil
        default: return false
        }
        return true
    }
}
