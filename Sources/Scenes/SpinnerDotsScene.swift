import Animation
import Geometry

/// Rebuilds the iOS replicator demo `replicatorCircleHigh`: the classic spinner of 20 dots round a
/// circle, each shrinking from full size to a tenth over 2 s, 0.1 s after its neighbour.
public struct SpinnerDotsScene: Scene {
    public let name = "spinner-dots"
    public let summary = "the classic shrinking-dot spinner"
    public let cycle = 2.0
    public let parameters = DemoLayout.commonParameters() + [
        SceneParameter("count", .integer(1...200), default: .number(20), "instanceCount (the dots go round once)"),
        SceneParameter("delay", .number(0...10), default: .number(0.1), "instanceDelay in seconds"),
        SceneParameter("duration", .number(0.05...60), default: .number(2), "seconds for a dot to shrink"),
    ]

    /// The scene; its knobs are given to each build as `SceneSettings`.
    public init() {}

    public func build(canvas: Size, script: Script, settings: SceneSettings) -> Layer {
        let root = DemoLayout.root(canvas: canvas, settings: settings)
        let containView = DemoLayout.container(in: root, size: Size(200, 200), settings: settings)
        let layer = DemoLayout.tile(frame: Rect(x: 50, y: 50, width: 20, height: 20), cornerRadius: 10, settings: settings)
        layer.transform = Transform3D(scaleX: 0.1, y: 0.1, z: 0.1)

        let animation = BasicAnimation(keyPath: "transform")
        animation.duration = settings.number("duration")
        animation.repeatCount = .infinity
        animation.fromValue = DemoLayout.scale(1, 1, 1)
        animation.toValue = DemoLayout.scale(0.1, 0.1, 0.1)
        layer.add(animation)

        let replicatorLayer = DemoLayout.centredReplicator(in: containView, size: Size(50, 50), settings: settings)
        let count = settings.integer("count")
        replicatorLayer.instanceTransform = Transform3D.identity.rotated(by: 2 * .pi / Double(count), x: 0, y: 0, z: 1)
        replicatorLayer.instanceCount = count
        replicatorLayer.instanceDelay = settings.number("delay")
        replicatorLayer.addSublayer(layer)
        return root
    }
}
