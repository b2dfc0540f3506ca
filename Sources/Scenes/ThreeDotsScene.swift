import Animation
import Geometry

/// Rebuilds the iOS replicator demo `threePointScale`: three dots in a row shrinking to a fifth and
/// back, each 0.2 s after the one before (a flat scale, z = 0, as the seed writes it).
public struct ThreeDotsScene: Scene {
    public let name = "three-dots"
    public let summary = "three dots shrinking in a wave"
    public let cycle = 0.9
    public let parameters = DemoLayout.commonParameters() + [
        SceneParameter("delay", .number(0...10), default: .number(0.2), "instanceDelay in seconds"),
        SceneParameter("duration", .number(0.05...60), default: .number(0.9), "seconds for a dot to shrink"),
    ]

    /// The scene; its knobs are given to each build as `SceneSettings`.
    public init() {}

    public func build(canvas: Size, script: Script, settings: SceneSettings) -> Layer {
        let root = DemoLayout.root(canvas: canvas, settings: settings)
        let containView = DemoLayout.container(in: root, size: Size(200, 200), settings: settings)
        let interval = 5.0
        let radius = (100 - 2 * interval) / 3
        let layer = DemoLayout.tile(frame: Rect(x: 0, y: (100 - radius) / 2, width: radius, height: radius),
                                      cornerRadius: radius / 2, settings: settings)

        let animation = BasicAnimation(keyPath: "transform")
        animation.duration = settings.number("duration")
        animation.repeatCount = .infinity
        animation.fromValue = DemoLayout.scale(1, 1, 0)
        animation.toValue = DemoLayout.scale(0.2, 0.2, 0)
        layer.add(animation)

        let replicatorLayer = DemoLayout.centredReplicator(in: containView, size: Size(100, 100), settings: settings)
        replicatorLayer.instanceTransform = Transform3D(translationX: radius + interval, y: 0, z: 0)
        replicatorLayer.instanceCount = 3
        replicatorLayer.instanceDelay = settings.number("delay")
        replicatorLayer.addSublayer(layer)
        return root
    }
}
