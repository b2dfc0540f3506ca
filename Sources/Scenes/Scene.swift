import Animation
import Geometry

/// A built-in scene: a layer tree and its script, built the way the seed builds it.
public protocol Scene: Sendable {
    /// The name used on the command line, e.g. `loader`.
    var name: String { get }
    /// One line saying what the scene shows.
    var summary: String { get }
    /// Builds the layer tree on a canvas of `canvas` points and starts its animations; `script`
    /// schedules timers and is what callbacks receive.
    func build(canvas: Size, script: Script) -> Layer
}

extension Scene {
    /// The scene resolved for a clip of `duration` seconds on a canvas of `canvas` points.
    public func timeline(canvas: Size, duration: Double) throws -> Timeline {
        try Timeline.resolve(canvasSize: canvas, duration: duration) { script in
            build(canvas: canvas, script: script)
        }
    }
}

/// Every built-in scene, by name.
public enum SceneCatalog {
    public static let all: [any Scene] = [LoaderScene()]

    /// The scene called `name`, if there is one.
    public static func scene(named name: String) -> (any Scene)? {
        all.first { $0.name == name }
    }
}
