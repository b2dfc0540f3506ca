import Animation
import Geometry

/// A scene: a layer tree and its script, built with the engine's public API, with knobs.
public protocol Scene: Sendable {
    /// The name used on the command line, e.g. `loader`.
    var name: String { get }
    /// One line saying what the scene shows.
    var summary: String { get }
    /// The knobs, with their defaults.
    var parameters: [SceneParameter] { get }
    /// A good clip length in seconds: one or more whole cycles of the animation.
    var cycle: Double { get }
    /// Builds the layer tree on a canvas of `canvas` points and starts its animations; `script`
    /// schedules timers and is what callbacks receive.
    func build(canvas: Size, script: Script, settings: SceneSettings) throws -> Layer
}

extension Scene {
    /// The scene resolved for a clip of `duration` seconds on a canvas of `canvas` points.
    public func timeline(canvas: Size, duration: Double, settings: SceneSettings? = nil) throws -> Timeline {
        let settings = settings ?? SceneSettings(scene: self)
        return try Timeline.resolve(canvasSize: canvas, duration: duration) { script in
            try build(canvas: canvas, script: script, settings: settings)
        }
    }

    /// Settings with `NAME=VALUE` assignments applied over the defaults.
    public func settings(_ assignments: [String]) throws(SceneError) -> SceneSettings {
        var settings = SceneSettings(scene: self)
        for assignment in assignments {
            guard let (name, value) = SceneSettings.assignment(assignment) else { throw .malformedSetting(assignment) }
            try settings.set(name, to: value)
        }
        return settings
    }
}

/// A scene's knob values: the defaults, with what the user set on top.
public struct SceneSettings: Sendable {
    /// A `NAME=VALUE` assignment's name and value; nil without a name and an equals sign.
    public static func assignment(_ text: String) -> (name: String, value: String)? {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else { return nil }
        return (String(text[..<equals]), String(text[text.index(after: equals)...]))
    }

    /// The name of the scene the settings are for.
    public let sceneName: String
    /// The scene's knobs, in declaration order.
    public let parameters: [SceneParameter]
    private var values: [String: ParameterValue]
    /// Decoded images for `imageFile` knobs (decoding is the caller's: Scenes knows no codecs).
    private var images: [String: Image] = [:]
    /// The clip's length in seconds (its start and its seconds), when the clip chooses one: a
    /// scene that fits itself to its clip (a scene file's stretching shots) takes it.
    public var length: Double?

    /// The defaults of `scene`.
    public init(scene: any Scene) {
        sceneName = scene.name
        parameters = scene.parameters
        values = Dictionary(uniqueKeysWithValues: scene.parameters.map { ($0.name, $0.defaultValue) })
    }

    /// Sets a knob from its text; unknown names and bad values are errors naming the valid ones.
    public mutating func set(_ name: String, to text: String) throws(SceneError) {
        guard let parameter = parameters.first(where: { $0.name == name }) else {
            throw .unknownParameter(scene: sceneName, name: name, valid: parameters.map(\.name))
        }
        values[name] = try parameter.parse(text)
    }

    /// Every knob with its current value, in declaration order.
    public var assignments: [(name: String, value: ParameterValue)] {
        parameters.map { ($0.name, values[$0.name] ?? $0.defaultValue) }
    }

    /// The value of the knob `name`, which the scene must declare: reading a knob it does not
    /// declare, or as another kind, is a programming error stopped where it happens, never a
    /// silent 0, clear or "".
    private func value(_ name: String, _ kind: String) -> ParameterValue {
        guard let value = values[name] else {
            preconditionFailure("scene '\(sceneName)' reads the \(kind) knob '\(name)', which it does not declare (its knobs: \(parameters.map(\.name).joined(separator: ", ")))")
        }
        return value
    }

    /// A number or integer knob's value.
    public func number(_ name: String) -> Double {
        guard case .number(let x) = value(name, "number") else { preconditionFailure("scene '\(sceneName)': knob '\(name)' is not a number") }
        return x
    }

    /// A number or integer knob's value as an `Int`, truncated towards zero.
    public func integer(_ name: String) -> Int { Int(number(name)) }

    /// A colour knob's value.
    public func color(_ name: String) -> Color {
        guard case .color(let c) = value(name, "colour") else { preconditionFailure("scene '\(sceneName)': knob '\(name)' is not a colour") }
        return c
    }

    /// Whether the scene's `background` knob lets what is behind show: a video of it then
    /// needs a format that keeps alpha.
    public var hasTransparentBackground: Bool {
        parameters.contains { $0.name == "background" } && color("background").alpha < 1
    }

    /// A colour knob, or nil when it is clear (nothing drawn).
    public func optionalColor(_ name: String) -> Color? {
        let c = color(name)
        return c.alpha > 0 ? c : nil
    }

    /// Supplies the decoded image for an `imageFile` knob.
    public mutating func setImage(_ name: String, to image: Image) {
        images[name] = image
    }

    /// The image given for an `imageFile` knob, if one was.
    public func image(_ name: String) -> Image? { images[name] }

    /// A boolean knob's value.
    public func bool(_ name: String) -> Bool {
        guard case .bool(let b) = value(name, "true/false") else { preconditionFailure("scene '\(sceneName)': knob '\(name)' is not true/false") }
        return b
    }

    /// A choice, path, text or image-file knob's text.
    public func text(_ name: String) -> String {
        guard case .text(let t) = value(name, "text") else { preconditionFailure("scene '\(sceneName)': knob '\(name)' is not text") }
        return t
    }
}
