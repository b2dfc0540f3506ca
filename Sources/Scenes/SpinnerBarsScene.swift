import Animation
import Geometry

/// Rebuilds the iOS replicator demo `replicatorCircleHigh2`: 20 green bars round a circle, a still
/// sunburst (the seed comments its animation out).
public struct SpinnerBarsScene: Scene {
    public let name = "spinner-bars"
    public let summary = "a still sunburst of 20 bars"
    public let cycle = 1.0
    public let parameters = DemoLayout.commonParameters() + [
        SceneParameter("count", .integer(1...200), default: .number(20), "instanceCount (the bars go round once)"),
    ]

    /// The scene; its knobs are given to each build as `SceneSettings`.
    public init() {}

    public func build(canvas: Size, script: Script, settings: SceneSettings) -> Layer {
        let root = DemoLayout.root(canvas: canvas, settings: settings)
        let containView = DemoLayout.container(in: root, size: Size(200, 200), settings: settings)
        let layer = DemoLayout.tile(frame: Rect(x: 50, y: 50, width: 10, height: 30), settings: settings)

        let replicatorLayer = DemoLayout.centredReplicator(in: containView, size: Size(50, 50), settings: settings)
        let count = settings.integer("count")
        replicatorLayer.instanceTransform = Transform3D.identity.rotated(by: 2 * .pi / Double(count), x: 0, y: 0, z: 1)
        replicatorLayer.instanceCount = count
        replicatorLayer.instanceDelay = 0.1
        replicatorLayer.addSublayer(layer)
        return root
    }
}
