import Animation
import Geometry

/// Rebuilds the iOS replicator demo `replicatorCircleBase`: a green dot runs round an ellipse (a
/// keyframe `position` animation along `CGPathAddEllipseInRect`), copied 20 times 0.2 s apart.
public struct ReplicatorOrbitScene: Scene {
    public let name = "replicator-orbit"
    public let summary = "a trail of 20 dots chasing each other round an ellipse"
    public let cycle = 4.0
    public let parameters = DemoLayout.commonParameters() + [
        SceneParameter("count", .integer(1...200), default: .number(20), "instanceCount"),
        SceneParameter("delay", .number(0...10), default: .number(0.2), "instanceDelay in seconds"),
        SceneParameter("duration", .number(0.05...60), default: .number(4), "seconds per lap"),
    ]

    /// The scene; its knobs are given to each build as `SceneSettings`.
    public init() {}

    public func build(canvas: Size, script: Script, settings: SceneSettings) -> Layer {
        let root = DemoLayout.root(canvas: canvas, settings: settings)
        let containView = DemoLayout.container(in: root, size: Size(200, 300), settings: settings)
        let layer = DemoLayout.tile(frame: Rect(x: 0, y: 0, width: 20, height: 20), cornerRadius: 10, settings: settings)

        let replicatorWidth = 50.0, replicatorHeight = 100.0
        let path = Path.ellipse(in: Rect(x: (replicatorWidth - containView.frame.width) / 2,
                                         y: (replicatorHeight - containView.frame.height) / 2,
                                         width: containView.frame.width, height: containView.frame.height))
        let animation = KeyframeAnimation(keyPath: "position")
        animation.duration = settings.number("duration")
        animation.repeatCount = .infinity
        animation.path = path
        layer.add(animation)

        let replicatorLayer = DemoLayout.centredReplicator(in: containView, size: Size(replicatorWidth, replicatorHeight), settings: settings)
        replicatorLayer.instanceCount = settings.integer("count")
        replicatorLayer.instanceDelay = settings.number("delay")
        replicatorLayer.addSublayer(layer)
        return root
    }
}
