import Animation
import Geometry

/// Rebuilds the iOS replicator demo `replicatorLayerManyPoint`: a 3×3 grid from a row replicator
/// inside a column replicator; each dot fades out while shrinking, and the delays of the two
/// replicators add up, so the pulse runs diagonally across the grid.
public struct DotGridScene: Scene {
    public let name = "dot-grid"
    public let summary = "a 3×3 grid of dots pulsing in a diagonal wave"
    public let cycle = 1.0
    public let parameters = DemoLayout.commonParameters() + [
        SceneParameter("delay", .number(0...10), default: .number(0.3), "instanceDelay of both replicators"),
        SceneParameter("duration", .number(0.05...60), default: .number(1), "seconds per pulse (the group's duration)"),
    ]

    /// The scene; its knobs are given to each build as `SceneSettings`.
    public init() {}

    public func build(canvas: Size, script: Script, settings: SceneSettings) -> Layer {
        let root = DemoLayout.root(canvas: canvas, settings: settings)
        let containView = DemoLayout.container(in: root, size: Size(200, 200), settings: settings)
        let column = 3.0, between = 5.0
        let radius = (100 - between * (column - 1)) / column
        let layer = DemoLayout.tile(frame: Rect(x: 0, y: 0, width: radius, height: radius), cornerRadius: radius / 2, settings: settings)

        let alphaAnimation = BasicAnimation(keyPath: "opacity")
        alphaAnimation.fromValue = 1.0
        alphaAnimation.toValue = 0.0
        let scaleAnimation = BasicAnimation(keyPath: "transform")
        scaleAnimation.fromValue = DemoLayout.scale(1, 1, 0)
        scaleAnimation.toValue = DemoLayout.scale(0.2, 0.2, 0)
        scaleAnimation.repeatCount = .infinity
        scaleAnimation.duration = 0.6
        let group = AnimationGroup()
        group.animations = [alphaAnimation, scaleAnimation]
        group.repeatCount = .infinity
        group.duration = settings.number("duration")
        layer.add(group)

        let delay = settings.number("delay")
        let replicatorLayerX = ReplicatorLayer()
        replicatorLayerX.name = "replicatorLayerX"
        if settings.bool("debug") { replicatorLayerX.backgroundColor = .yellow }
        replicatorLayerX.frame = Rect(x: 0, y: 0, width: 100, height: radius)
        replicatorLayerX.instanceDelay = delay
        replicatorLayerX.instanceCount = 3
        replicatorLayerX.instanceTransform = Transform3D.identity.translatedBy(x: radius + between, y: 0, z: 0)
        replicatorLayerX.addSublayer(layer)

        let replicatorLayerY = ReplicatorLayer()
        replicatorLayerY.name = "replicatorLayerY"
        if settings.bool("debug") { replicatorLayerY.backgroundColor = Color(red: 0, green: 1, blue: 1) }
        replicatorLayerY.position = Point(containView.frame.size.width / 2, containView.frame.size.height / 2)
        replicatorLayerY.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        replicatorLayerY.instanceDelay = delay
        replicatorLayerY.instanceCount = 3
        replicatorLayerY.instanceTransform = Transform3D.identity.translatedBy(x: 0, y: radius + between, z: 0)
        replicatorLayerY.addSublayer(replicatorLayerX)
        containView.addSublayer(replicatorLayerY)
        return root
    }
}
