import Animation
import Geometry

/// Rebuilds an iOS Core Animation demo: the view is a replicator of 30 instances 0.25 s apart; its
/// one red 10×10 dot runs along the path the user drew (a keyframe `position` animation, 3 s,
/// repeating), and the view strokes that path.
public struct PathParticlesScene: Scene {
    public let name = "path-particles"
    public let summary = "dots streaming along a drawn path"
    public let cycle = 3.0
    /// A gentle double wave across a 640×360 canvas, four curves of similar length.
    public static let defaultPath = "M 60 180 C 140 40, 240 40, 320 180 S 500 320, 580 180"
    public let parameters: [SceneParameter] = [
        SceneParameter("path", .path, default: .text(PathParticlesScene.defaultPath), "SVG path data, in points"),
        SceneParameter("fit", .bool, default: .bool(true), "scale the path to fill the canvas with a margin"),
        SceneParameter("count", .integer(1...500), default: .number(30), "instanceCount"),
        SceneParameter("delay", .number(0...10), default: .number(0.25), "instanceDelay in seconds"),
        SceneParameter("duration", .number(0.05...60), default: .number(3), "seconds for a dot to run the path"),
        SceneParameter("color", .color, default: .color(.red), "colour of the dots"),
        SceneParameter("line-color", .color, default: .color(.black), "colour of the drawn path (clear hides it)"),
        SceneParameter("line-width", .number(0...100), default: .number(1), "width of the drawn path in points"),
        SceneParameter("background", .color, default: .color(.white), "canvas colour (clear for a transparent video)"),
    ]

    /// The scene; its knobs are given to each build as `SceneSettings`.
    public init() {}

    public func build(canvas: Size, script: Script, settings: SceneSettings) throws -> Layer {
        let root = DemoLayout.root(canvas: canvas, settings: settings)
        var path = try Path(svg: settings.text("path"))
        if settings.bool("fit") { path = Self.fitted(path, in: canvas) }

        // drawRect: [self.path stroke], drawn by the view itself, under its sublayers.
        let drawing = ShapeLayer()
        drawing.name = "drawRect"
        drawing.path = path
        drawing.fillColor = nil
        drawing.strokeColor = settings.optionalColor("line-color")
        drawing.lineWidth = settings.number("line-width")
        root.addSublayer(drawing)

        // setup: the view's layer is the replicator.
        let copyLayer = ReplicatorLayer()
        copyLayer.name = "copyLayer"
        copyLayer.frame = root.bounds
        copyLayer.instanceCount = settings.integer("count")
        copyLayer.instanceDelay = settings.number("delay")
        let layer = Layer()
        layer.name = "dotlayer"
        layer.frame = Rect(x: -10, y: 0, width: 10, height: 10)
        layer.backgroundColor = settings.color("color")
        copyLayer.addSublayer(layer)
        root.addSublayer(copyLayer)

        // start
        let anim = KeyframeAnimation(keyPath: "position")
        anim.path = path
        anim.repeatCount = .infinity
        anim.duration = settings.number("duration")
        layer.add(anim)
        return root
    }

    /// The path scaled uniformly and centred to fill 80% of the canvas.
    static func fitted(_ path: Path, in canvas: Size) -> Path {
        let box = path.bounds
        guard box.width > 0 || box.height > 0 else { return path }
        let scale = min(box.width > 0 ? canvas.width * 0.8 / box.width : .infinity,
                        box.height > 0 ? canvas.height * 0.8 / box.height : .infinity)
        let move = Transform3D(translationX: -box.midX, y: -box.midY)
            .concatenating(Transform3D(scaleX: scale, y: scale))
            .concatenating(Transform3D(translationX: canvas.width / 2, y: canvas.height / 2))
        return path.applying(move)
    }
}
