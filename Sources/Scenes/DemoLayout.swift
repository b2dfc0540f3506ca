import Animation
import Geometry

/// The pieces the replicator demo scenes share, as their iOS view controllers lay them out: the
/// view filling the canvas, and a container view centred in it (`containView.center =
/// self.view.center`).
enum DemoLayout {
    /// The knobs every replicator demo scene has.
    static func commonParameters(color: Color = .green) -> [SceneParameter] {
        [
            SceneParameter("color", .color, default: .color(color), "colour of the replicated layer"),
            SceneParameter("background", .color, default: .color(.white), "canvas colour (clear for a transparent video)"),
            SceneParameter("debug", .bool, default: .bool(true), "show the red container and the yellow replicator background"),
        ]
    }

    /// The root layer: the whole canvas in the `background` colour.
    static func root(canvas: Size, settings: SceneSettings, name: String = "view") -> Layer {
        let root = Layer()
        root.name = name
        root.frame = Rect(origin: .zero, size: canvas)
        root.backgroundColor = settings.optionalColor("background")
        return root
    }

    /// A container of `size` centred in `root`, red when `debug` is on.
    static func container(in root: Layer, size: Size, settings: SceneSettings, name: String = "containView") -> Layer {
        let container = Layer()
        container.name = name
        container.bounds = Rect(origin: .zero, size: size)
        container.position = Point(root.bounds.midX, root.bounds.midY)
        if settings.bool("debug") { container.backgroundColor = .red }
        root.addSublayer(container)
        return container
    }

    /// The demos' replicated square: `frame`, the `color` knob, optionally rounded and clipped.
    static func tile(frame: Rect, cornerRadius: Double = 0, settings: SceneSettings, name: String = "layer") -> Layer {
        let layer = Layer()
        layer.name = name
        layer.frame = frame
        layer.backgroundColor = settings.color("color")
        layer.cornerRadius = cornerRadius
        layer.masksToBounds = cornerRadius > 0
        return layer
    }

    /// The demos' `replicatorLayer`: `size`, centred in `container`, yellow when `debug` is on.
    static func centredReplicator(in container: Layer, size: Size, settings: SceneSettings) -> ReplicatorLayer {
        let replicatorLayer = ReplicatorLayer()
        replicatorLayer.name = "replicatorLayer"
        replicatorLayer.position = Point(container.frame.size.width / 2, container.frame.size.height / 2)
        replicatorLayer.bounds = Rect(origin: .zero, size: size)
        if settings.bool("debug") { replicatorLayer.backgroundColor = .yellow }
        container.addSublayer(replicatorLayer)
        return replicatorLayer
    }

    /// `CATransform3DMakeScale` as a value for a `transform` animation.
    static func scale(_ x: Double, _ y: Double, _ z: Double) -> AnimationValue {
        .transform(Transform3D(scaleX: x, y: y, z: z))
    }
}
