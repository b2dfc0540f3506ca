import Animation
import Geometry

/// Rebuilds the iOS replicator demo `indictor`: a ring of 30 bars, each fading from opaque to clear
/// over 1 s, 1/30 s after its neighbour: UIActivityIndicatorView's look.
public struct ActivityIndicatorScene: Scene {
    public let name = "activity-indicator"
    public let summary = "a ring of bars fading in turn, like UIActivityIndicatorView"
    public let cycle = 1.0
    public let parameters = DemoLayout.commonParameters() + [
        SceneParameter("count", .integer(1...200), default: .number(30), "instanceCount (the bars go round once)"),
        SceneParameter("duration", .number(0.05...60), default: .number(1), "seconds for a bar to fade (one turn)"),
    ]

    /// The scene; its knobs are given to each build as `SceneSettings`.
    public init() {}

    public func build(canvas: Size, script: Script, settings: SceneSettings) -> Layer {
        let root = DemoLayout.root(canvas: canvas, settings: settings)
        let containView = DemoLayout.container(in: root, size: Size(200, 200), settings: settings)
        let layerWidth = 10.0
        let layer = DemoLayout.tile(frame: Rect(x: containView.bounds.midX, y: 0, width: layerWidth, height: layerWidth * 2.5),
                                      settings: settings)
        layer.opacity = 0

        let duration = settings.number("duration")
        let count = settings.integer("count")
        let basicAnimation = BasicAnimation(keyPath: "opacity")
        basicAnimation.fromValue = 1
        basicAnimation.toValue = 0
        basicAnimation.duration = duration
        basicAnimation.repeatCount = .infinity
        layer.add(basicAnimation)

        let replicatorLayer = ReplicatorLayer()
        replicatorLayer.name = "replicatorLayer"
        replicatorLayer.frame = containView.bounds
        replicatorLayer.instanceCount = count
        replicatorLayer.instanceDelay = duration / Double(count)
        replicatorLayer.instanceTransform = Transform3D(rotationAngle: 2 * .pi / Double(count), x: 0, y: 0, z: 1)
        containView.addSublayer(replicatorLayer)
        replicatorLayer.addSublayer(layer)
        return root
    }
}
