import Animation
import Geometry

/// Rebuilds an iOS Core Animation demo `ReplicatorLineAnimationView`: an image in a two-instance
/// replicator, the copy one view width (or height) along, slid by one view size every 1/speed
/// seconds, linear, for ever, inside a clipping view: an endless seamless scroll.
public struct MarqueeScene: Scene {
    public let name = "marquee"
    public let summary = "an endless seamless scroll of a tiling image, in four directions"
    public let cycle = 0.5
    public let parameters: [SceneParameter] = [
        SceneParameter("direction", .choice(["left", "right", "up", "down"]), default: .text("left"), "which way the image moves"),
        SceneParameter("speed", .number(0.01...100), default: .number(2), "view lengths a second (the animation lasts 1/speed s)"),
        SceneParameter("image", .imageFile, default: .text(""), "a seamlessly tiling PNG or JPEG (default: built-in stripes)"),
        SceneParameter("width", .number(1...10_000), default: .number(300), "view width in points"),
        SceneParameter("height", .number(1...10_000), default: .number(60), "view height in points"),
        SceneParameter("stripe-color", .color, default: .color(Color(hex: "#0A84FF") ?? .blue), "stripes of the built-in image"),
        SceneParameter("base-color", .color, default: .color(Color(hex: "#D6EBFF") ?? .white), "ground of the built-in image"),
        SceneParameter("background", .color, default: .color(.white), "canvas colour (clear for a transparent video)"),
    ]

    /// The scene; its knobs are given to each build as `SceneSettings`.
    public init() {}

    public func build(canvas: Size, script: Script, settings: SceneSettings) -> Layer {
        let root = DemoLayout.root(canvas: canvas, settings: settings)
        let view = Layer()
        view.name = "view"
        view.bounds = Rect(x: 0, y: 0, width: settings.number("width"), height: settings.number("height"))
        view.position = Point(root.bounds.midX, root.bounds.midY)
        view.masksToBounds = true
        root.addSublayer(view)

        let replicatorLayer = ReplicatorLayer()
        replicatorLayer.name = "replicatorLayer"
        replicatorLayer.frame = view.bounds
        view.addSublayer(replicatorLayer)
        let animationLayer = Layer()
        animationLayer.name = "animationLayer"
        animationLayer.frame = view.bounds
        replicatorLayer.addSublayer(animationLayer)

        // startAnimation + dealWithTheEReplicatorLineDirection
        let direction = settings.text("direction")
        let keyPath: String, toValue: Double, instanceTransform: Transform3D
        if direction == "left" || direction == "right" {
            let offsetX = direction == "left" ? view.frame.size.width : -view.frame.size.width
            keyPath = "position.x"
            toValue = animationLayer.position.x - offsetX
            instanceTransform = Transform3D(translationX: offsetX, y: 0, z: 0)
        } else {
            let offsetY = direction == "up" ? view.frame.size.height : -view.frame.size.height
            keyPath = "position.y"
            toValue = animationLayer.position.y - offsetY
            instanceTransform = Transform3D(translationX: 0, y: offsetY, z: 0)
        }
        replicatorLayer.instanceCount = 2
        replicatorLayer.instanceTransform = instanceTransform
        animationLayer.contents = settings.image("image")
            ?? Self.stripes(stripe: settings.color("stripe-color"), base: settings.color("base-color"))

        let animation = BasicAnimation(keyPath: keyPath)
        animation.toValue = .number(toValue)
        animation.duration = 1 / settings.number("speed")
        animation.timingFunction = .linear
        animation.repeatCount = .infinity
        animationLayer.add(animation, forKey: keyPath)
        return root
    }

    /// The built-in image: diagonal stripes, 600×200 pixels, a stripe every 50 pixels along
    /// x + y, so it tiles seamlessly both ways; edges anti-aliased by 4×4 supersampling.
    public static func stripes(stripe: Color, base: Color) -> Image? {
        let (width, height, period) = (600, 200, 50.0)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                var covered = 0.0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let u = (Double(x) + (Double(sx) + 0.5) / 4 + Double(y) + (Double(sy) + 0.5) / 4).truncatingRemainder(dividingBy: period)
                        if u < period / 2 { covered += 1 / 16 }
                    }
                }
                let c = base.interpolated(to: stripe, at: covered)
                let i = (y * width + x) * 4
                bytes[i] = UInt8((c.red * c.alpha * 255).rounded())
                bytes[i + 1] = UInt8((c.green * c.alpha * 255).rounded())
                bytes[i + 2] = UInt8((c.blue * c.alpha * 255).rounded())
                bytes[i + 3] = UInt8((c.alpha * 255).rounded())
            }
        }
        return Image(width: width, height: height, premultipliedRGBA: bytes)
    }
}
