import Animation
import Geometry

/// Rebuilds the iOS replicator demo `replicatorBase`: a rounded green square copied 20 times a
/// fifth of a turn apart about the replicator's centre, so ten positions each drawn twice, greens
/// darkening.
public struct ReplicatorFanScene: Scene {
    public let name = "replicator-fan"
    public let summary = "a still fan of rounded squares around a centre, tinted darker per copy"
    public let cycle = 1.0
    public let parameters = DemoLayout.commonParameters() + [
        SceneParameter("count", .integer(1...200), default: .number(20), "instanceCount"),
        SceneParameter("angle", .number(-6.3...6.3), default: .number(Double.pi / 5), "instanceTransform rotation in radians"),
        SceneParameter("green-offset", .number(-1...1), default: .number(-0.05), "instanceGreenOffset"),
        SceneParameter("blue-offset", .number(-1...1), default: .number(-0.05), "instanceBlueOffset"),
    ]

    /// The scene; its knobs are given to each build as `SceneSettings`.
    public init() {}

    public func build(canvas: Size, script: Script, settings: SceneSettings) -> Layer {
        let root = DemoLayout.root(canvas: canvas, settings: settings)
        let containView = DemoLayout.container(in: root, size: Size(200, 200), settings: settings)
        let layer = DemoLayout.tile(frame: Rect(x: 50, y: 50, width: 50, height: 50), cornerRadius: 10, settings: settings)

        let replicatorLayer = DemoLayout.centredReplicator(in: containView, size: Size(50, 50), settings: settings)
        replicatorLayer.instanceTransform = Transform3D.identity.rotated(by: settings.number("angle"), x: 0, y: 0, z: 1)
        replicatorLayer.instanceCount = settings.integer("count")
        replicatorLayer.instanceDelay = 0.2
        replicatorLayer.instanceBlueOffset = settings.number("blue-offset")
        replicatorLayer.instanceGreenOffset = settings.number("green-offset")
        replicatorLayer.addSublayer(layer)
        return root
    }
}
