import Geometry
import Text

/// A layer as `CALayer`: a node of the layer tree with model values and attached animations.
///
/// Layers are authored like Core Animation's: set properties (`layer.opacity = 0.5`, every
/// stored property of `LayerValues`), add sublayers, add animations. Changes made while the
/// scene is built take effect at time 0; changes made in a script callback take effect at that
/// callback's time (see `Script`).
@dynamicMemberLookup
public class Layer {
    /// The model values, read and set through the layer's members.
    var values: LayerValues
    /// The sublayers in sublayer order; drawing sorts them by zPosition, keeping this order for ties.
    public private(set) var sublayers: [Layer] = []
    /// The layer this one is a sublayer of; nil for a root or a mask.
    public private(set) weak var superlayer: Layer?

    /// Animation additions and removals not yet collected by the timeline resolver.
    var pendingAnimationChanges: [AnimationChange] = []

    /// What a change of a property in a callback does instead of the default action, by the
    /// property's name (`actions`, `actionForKey:`): nothing (`NSNull`), or an animation of one's
    /// own. Names not here take the default: a basic animation from the value shown, for the
    /// transaction's duration (0.25 s unless it says). Only `LayerProperty.implicitlyAnimated`
    /// properties animate when changed (the flags change at once).
    public var actions: [String: LayerAction] = [:]

    /// Values for the properties the layer does not set itself (`style`; see `LayerStyle`).
    /// Setting it changes those properties now, as setting each would (those it no longer
    /// gives go back to their defaults); a property set later is the layer's own.
    public var style: LayerStyle? {
        didSet { restyle(from: oldValue) }
    }

    /// The stored properties the layer sets itself, by their keys in `LayerValues` (a style's
    /// value counts for the others).
    private var ownKeys: Set<AnyKeyPath> = []

    /// A plain layer (`CALayer`) with Core Animation's defaults.
    public init() {
        values = LayerValues(kind: .plain)
    }

    init(kind: LayerKind) {
        values = LayerValues(kind: kind)
    }

    /// A model property (`layer.position`, `shape.lineWidth`, …); see `LayerValues`.
    public subscript<T>(dynamicMember key: WritableKeyPath<LayerValues, T>) -> T {
        get { values[keyPath: key] }
        set {
            let within = LayerProperty.storedWithin.first { $0.key == key as AnyKeyPath }?.properties
            let old = within == nil ? nil : values
            values[keyPath: key] = newValue
            ownKeys.insert(key)
            // The frame is set through the position (and the bounds, which a style does not give).
            if key == \LayerValues.frame { ownKeys.insert(\LayerValues.position) }
            if let old, let within {
                for property in within where property.value(in: old) != property.value(in: values) { ownKeys.insert(property.storedKey) }
            }
        }
    }

    /// A read-only model value (`layer.kind`).
    public subscript<T>(dynamicMember key: KeyPath<LayerValues, T>) -> T {
        values[keyPath: key]
    }

    /// A copy of every model value, as the layer has them now.
    public var modelValues: LayerValues { values }

    /// The value of `property` (`value(forKey:)` in key-value coding).
    public func value(of property: LayerProperty) -> LayerProperty.Value {
        property.value(in: values)
    }

    /// Sets `property` (`setValue(_:forKey:)`); a value of the wrong type is an error.
    public func setValue(_ value: LayerProperty.Value, for property: LayerProperty) throws(AnimationError) {
        try property.set(value, in: &values)
        ownKeys.insert(property.storedKey)
    }

    /// The value at an animatable key path (`value(forKeyPath:)`): a property, a sub-key path
    /// (`transform.rotation.z`), a filter's input or an emitter cell's property (`emitterCells.spark.birthRate`).
    public func value(at keyPath: LayerKeyPath) -> AnimationValue {
        keyPath.value(in: values)
    }

    /// Sets the value at an animatable key path (`setValue(_:forKeyPath:)`); a value of the wrong
    /// type is an error.
    public func setValue(_ value: AnimationValue, at keyPath: LayerKeyPath) throws(AnimationError) {
        try keyPath.set(value, in: &values)
        // The property the key path is (or is part of) is the layer's own from now on.
        if let property = LayerProperty.named[String(keyPath.name.prefix { $0 != "." })] { ownKeys.insert(property.storedKey) }
    }

    /// Whether the layer sets the property stored at `key` itself (rather than showing its
    /// default or its style's value).
    func sets(_ key: PartialKeyPath<LayerValues>) -> Bool {
        ownKeys.contains(key)
    }

    /// Gives the properties the layer does not set itself the style's values, or their defaults
    /// where `old` gave one and the style no longer does.
    private func restyle(from old: LayerStyle?) {
        let names = (old?.names ?? []).union(style?.names ?? [])
        guard !names.isEmpty else { return }
        let defaults = LayerValues(kind: values.kind)
        for name in names {
            guard let property = LayerProperty.named[name], property.applies(to: values.kind), !ownKeys.contains(property.storedKey) else { continue }
            // The style's values were checked when it was made.
            try? property.set(style?.value(named: name) ?? property.value(in: defaults), in: &values)
        }
    }

    /// Puts `layer` last among the sublayers (on top), taking it from its superlayer first. A
    /// layer cannot hold itself or a layer above it (Core Animation raises an exception): such a
    /// call changes nothing.
    public func addSublayer(_ layer: Layer) {
        insertSublayer(layer, at: .max)
    }

    /// Puts `layer` at `index` among the sublayers (clamped to the valid range); nothing when
    /// `layer` is this layer or one above it.
    public func insertSublayer(_ layer: Layer, at index: Int) {
        guard !layer.isAncestor(of: self) else { return }
        layer.removeFromSuperlayer()
        sublayers.insert(layer, at: min(max(index, 0), sublayers.count))
        layer.superlayer = self
    }

    /// Whether this layer is `layer` or lies above it (through superlayers and masked layers).
    func isAncestor(of layer: Layer) -> Bool {
        var current: Layer? = layer
        while let l = current {
            if l === self { return true }
            current = l.superlayer ?? l.maskedLayer
        }
        return false
    }

    /// Takes the layer out of its superlayer's sublayers.
    public func removeFromSuperlayer() {
        superlayer?.sublayers.removeAll { $0 === self }
        superlayer = nil
    }

    /// Attaches a copy of `animation` (as `addAnimation:forKey:`); an animation already under
    /// `key` is replaced and told it stopped unfinished. A transition always goes under
    /// `"transition"` (`kCATransition`).
    public func add(_ animation: Animation, forKey key: String? = nil) {
        pendingAnimationChanges.append(.add(animation.copy(), key: animation is TransitionAnimation ? "transition" : key))
    }

    /// Removes the animation under `key`, which is told it stopped unfinished.
    public func removeAnimation(forKey key: String) {
        pendingAnimationChanges.append(.remove(key: key))
    }

    /// Removes every attached animation.
    public func removeAllAnimations() {
        pendingAnimationChanges.append(.removeAll)
    }

    /// The animations added since the timeline last collected them, with their keys, in order
    /// (removals left out): after a scene is built, the animations it starts with.
    public var addedAnimations: [(animation: Animation, key: String?)] {
        pendingAnimationChanges.compactMap {
            if case let .add(animation, key) = $0 { (animation, key) } else { nil }
        }
    }

    /// Whether animations were removed since the timeline last collected the changes.
    public var hasPendingRemovals: Bool {
        pendingAnimationChanges.contains { if case .add = $0 { false } else { true } }
    }

    /// This layer or the first layer under it (its mask, then its sublayers, depth first) whose
    /// name is `name`.
    public func layer(named name: String) -> Layer? {
        if self.name == name { return self }
        if let found = mask?.layer(named: name) { return found }
        for sublayer in sublayers {
            if let found = sublayer.layer(named: name) { return found }
        }
        return nil
    }

    /// The layer's local time at a video time, through each ancestor's timing (`MediaTiming.layerTime`);
    /// where a layer's time does not run (outside its active duration, unfilled), its linear map.
    public func localTime(atVideoTime t: Double) -> Double {
        let parentTime = (superlayer ?? maskedLayer).map { $0.localTime(atVideoTime: t) } ?? t
        return values.timing.layerTime(fromParent: parentTime) ?? values.timing.linearLayerTime(fromParent: parentTime)
    }

    /// The first video time at or after `after` at which the layer's local time reaches `local`,
    /// or nil when it never does from then on (a paused layer on the way, or one whose repeats
    /// are over).
    public func videoTime(atLocalTime local: Double, after: Double = -.infinity) -> Double? {
        let parent = superlayer ?? maskedLayer
        let parentAfter = after.isFinite ? parent?.localTime(atVideoTime: after) ?? after : after
        guard let parentTime = values.timing.parentTime(fromLayer: local, after: parentAfter) else { return nil }
        guard let parent else { return parentTime }
        return parent.videoTime(atLocalTime: parentTime, after: after)
    }

    /// A layer whose alpha masks this one (not part of the sublayer tree).
    public var mask: Layer? {
        didSet {
            oldValue?.maskedLayer = nil
            mask?.removeFromSuperlayer()
            mask?.maskedLayer = self
        }
    }
    /// The layer this one masks; it shares that layer's time.
    weak var maskedLayer: Layer?
}

/// A layer that draws a path (`CAShapeLayer`).
public final class ShapeLayer: Layer {
    /// A shape layer: black fill, no stroke, no path yet.
    public override init() {
        super.init(kind: .shape)
    }
}

/// A layer that fills its bounds with a colour ramp (`CAGradientLayer`).
public final class GradientLayer: Layer {
    /// A gradient layer: axial, top to bottom, no colours yet.
    public override init() {
        super.init(kind: .gradient)
    }

    /// The gradient's shape (`CAGradientLayer.type`), stored as `gradientType`.
    public var type: GradientType {
        get { values.gradientType }
        set { self.gradientType = newValue }
    }
}

/// A layer that holds its sublayers in a shared 3D space (`CATransformLayer`): it does not
/// flatten them into a plane of its own, draws nothing itself (background, contents, border,
/// shadow, mask and masksToBounds are ignored), and draws its sublayers back to front by depth.
public final class TransformLayer: Layer {
    public override init() {
        super.init(kind: .transform)
    }
}

/// A layer that sends out particles (`CAEmitterLayer`): each of its `emitterCells` is born
/// `birthRate` times a second at a point of the emitter's shape, moves, turns, scales and fades
/// as the cell says, and draws the cell's image. Particles are computed from their birth time,
/// never from the previous frame, so frames stay independent.
public final class EmitterLayer: Layer {
    public override init() {
        super.init(kind: .emitter)
    }
}

/// What a layer does when a property changes in a callback (`CAAction`).
public enum LayerAction {
    /// Nothing: the change shows at once (`NSNull` in `actions`).
    case disabled
    /// This animation, added (a copy) under the property's name. Without `fromValue`, `toValue`
    /// and `byValue`, a basic animation runs from the value shown to the new one — or, when it
    /// is additive, from the old model value less the new one to nothing, on top of the new
    /// value and beside what runs, under the first of the name, `name-2`, … that is free (UIKit's
    /// view animations since iOS 8); with a duration of 0 it takes the transaction's, and without
    /// a timing function the transaction's.
    case animation(Animation)
}

/// A layer that draws text (`CATextLayer`): `string` set in `font` at `fontSize` in
/// `foregroundColor`, from the top of its bounds, aligned, wrapped or truncated at their width.
/// Glyphs come from FreeType unhinted, shaped by HarfBuzz and ordered by FriBidi.
public final class TextLayer: Layer {
    public override init() {
        super.init(kind: .text)
    }

    /// The text as it is set now in the bounds: its lines, glyphs and size; without
    /// `ligatures`, a glyph a character where the font would join some.
    /// - Throws: `TextError` when a font is not installed.
    public func typeset(ligatures: Bool = true) throws(TextError) -> TypesetText {
        try values.typesetText(ligatures: ligatures)
    }
}

/// A layer that shows another scene, a shot on a timeline: the scene is resolved on its own (its
/// script, its names) on a canvas of the layer's bounds, and drawn there at the layer's local
/// time, so the layer's `beginTime`, `timeOffset` and `speed` start it later, skip into it or
/// run it faster; nothing shows before its local time 0. Its own background, border, shadow,
/// mask and animations apply as to any layer.
public final class SceneLayer: Layer {
    /// Resolves the shot's scene on a canvas of the given size for a clip of the given length.
    public let content: @Sendable (Size, Double) throws -> Timeline
    /// What a scene file says the shot is: the scene's name or file, and its knobs as
    /// `NAME=VALUE`; nil for a shot made in Swift, which a file cannot hold.
    public let source: (scene: String, params: [String])?

    /// A shot of the scene `content` resolves; `source` says how a file names it.
    public init(source: (scene: String, params: [String])? = nil, content: @escaping @Sendable (Size, Double) throws -> Timeline) {
        self.source = source
        self.content = content
        super.init(kind: .scene)
    }
}

/// A change to a layer's attached animations, in the order it was made.
enum AnimationChange {
    case add(Animation, key: String?)
    case remove(key: String)
    case removeAll
}

/// A layer that draws its sublayers several times (`CAReplicatorLayer`): instance k under
/// instanceTransform^k about the replicator's anchor point, k · instanceDelay seconds behind, and
/// tinted by instanceColor plus k times the colour offsets. Its own background is drawn once.
public final class ReplicatorLayer: Layer {
    /// A replicator layer with one instance.
    public override init() {
        super.init(kind: .replicator)
    }
}
