import Animation
import Geometry

/// Rebuilds the iOS replicator demo `waveAnimation`: a small green circle scaled up 100 times while
/// fading out, copied 4 times half a second apart: rings of colour spreading out of the orange
/// view, which does not clip them.
public struct RippleScene: Scene {
    public let name = "ripple"
    public let summary = "expanding, fading discs spreading past their view"
    public let cycle = 2.0
    public let parameters: [SceneParameter] = [
        SceneParameter("color", .color, default: .color(.green), "colour of the discs"),
        SceneParameter("background", .color, default: .color(.white), "canvas colour (clear for a transparent video)"),
        SceneParameter("debug", .bool, default: .bool(true), "show the orange view the discs spread from"),
        SceneParameter("count", .integer(1...50), default: .number(4), "instanceCount"),
        SceneParameter("delay", .number(0...10), default: .number(0.5), "instanceDelay in seconds"),
        SceneParameter("duration", .number(0.05...60), default: .number(2), "seconds for a disc to grow and fade"),
        SceneParameter("growth", .number(1...1000), default: .number(100), "how many times a disc grows"),
    ]

    /// The scene; its knobs are given to each build as `SceneSettings`.
    public init() {}

    public func build(canvas: Size, script: Script, settings: SceneSettings) -> Layer {
        let root = DemoLayout.root(canvas: canvas, settings: settings)
        let view = Layer()
        view.name = "view"
        view.position = Point(root.bounds.midX, root.bounds.midY)
        view.bounds = Rect(x: 0, y: 0, width: root.frame.size.width, height: 300)
        if settings.bool("debug") { view.backgroundColor = .orange }
        root.addSublayer(view)

        let width = 15.0
        let shapeLayer = ShapeLayer()
        shapeLayer.name = "shapeLayer"
        shapeLayer.bounds = Rect(x: 0, y: 0, width: width, height: width)
        shapeLayer.position = Point(root.bounds.size.width / 2, 50)
        shapeLayer.backgroundColor = settings.color("color")
        shapeLayer.cornerRadius = width / 2

        let duration = settings.number("duration")
        let growth = settings.number("growth")
        let animation = BasicAnimation(keyPath: "transform")
        animation.fromValue = .transform(.identity)
        animation.toValue = DemoLayout.scale(growth, growth, growth)
        animation.duration = duration
        let opacityAnimation = BasicAnimation(keyPath: "opacity")
        opacityAnimation.toValue = 0
        opacityAnimation.duration = duration
        let group = AnimationGroup()
        group.animations = [animation, opacityAnimation]
        group.duration = duration
        group.repeatCount = .infinity
        shapeLayer.add(group)

        let replicatorLayer = ReplicatorLayer()
        replicatorLayer.name = "replicatorLayer"
        replicatorLayer.addSublayer(shapeLayer)
        replicatorLayer.instanceCount = settings.integer("count")
        replicatorLayer.instanceDelay = settings.number("delay")
        view.addSublayer(replicatorLayer)
        return root
    }
}
