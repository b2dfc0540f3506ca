import Animation
import Geometry

/// A cube turning in 3D: six one-sided faces held by a transform layer (`CATransformLayer`) that
/// turns about y (`transform.rotation.y`, a full turn per cycle), inside a second transform layer
/// tilting the whole cube towards the viewer, under the perspective of the root's
/// sublayerTransform. Faces that turn away are not drawn; the rest are drawn back to front.
public struct CubeScene: Scene {
    public let name = "cube"
    public let summary = "a cube of six faces turning in perspective (transform layers)"
    public let cycle = 4.0
    public let parameters: [SceneParameter] = [
        SceneParameter("color", .color, default: .color(Color(hex: "#0A84FF") ?? .blue), "colour of the front face; the others are shades of it"),
        SceneParameter("background", .color, default: .color(.white), "canvas colour (clear for a transparent video)"),
        SceneParameter("edge", .number(10...300), default: .number(120), "edge length in points"),
        SceneParameter("seconds", .number(0.2...60), default: .number(4), "seconds for a full turn"),
        SceneParameter("tilt", .number(-1.5...1.5), default: .number(-0.45), "tilt towards the viewer, in radians about x"),
    ]

    /// The scene; its knobs are given to each build as `SceneSettings`.
    public init() {}

    public func build(canvas: Size, script: Script, settings: SceneSettings) -> Layer {
        let root = DemoLayout.root(canvas: canvas, settings: settings)
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 600
        root.sublayerTransform = perspective

        let stage = TransformLayer()
        stage.name = "stage"
        stage.position = Point(canvas.width / 2, canvas.height / 2)
        stage.transform = Transform3D(rotationAngle: settings.number("tilt"), x: 1, y: 0, z: 0)
        root.addSublayer(stage)

        let cube = TransformLayer()
        cube.name = "cube"
        stage.addSublayer(cube)

        let edge = settings.number("edge")
        let color = settings.color("color")
        let faces: [(name: String, angle: Double, axis: (Double, Double, Double), shade: Double)] = [
            ("front", 0, (0, 1, 0), 1), ("right", .pi / 2, (0, 1, 0), 0.8), ("back", .pi, (0, 1, 0), 0.65),
            ("left", -.pi / 2, (0, 1, 0), 0.8), ("top", .pi / 2, (1, 0, 0), 0.9), ("bottom", -.pi / 2, (1, 0, 0), 0.55),
        ]
        for face in faces {
            let layer = Layer()
            layer.name = face.name
            layer.bounds = Rect(x: 0, y: 0, width: edge, height: edge)
            layer.backgroundColor = Color(red: color.red * face.shade, green: color.green * face.shade, blue: color.blue * face.shade,
                                          alpha: color.alpha)
            layer.cornerRadius = edge / 10
            layer.borderWidth = edge / 60
            layer.borderColor = .white
            layer.isDoubleSided = false
            // Pushed out to its side, then turned into place (CATransform3DTranslate on a rotation).
            layer.transform = Transform3D(translationX: 0, y: 0, z: edge / 2)
                .concatenating(Transform3D(rotationAngle: face.angle, x: face.axis.0, y: face.axis.1, z: face.axis.2))
            cube.addSublayer(layer)
        }

        let turn = BasicAnimation(keyPath: "transform.rotation.y")
        turn.fromValue = 0
        turn.toValue = .number(2 * .pi)
        turn.duration = settings.number("seconds")
        turn.repeatCount = .infinity
        cube.add(turn, forKey: "turn")
        return root
    }
}
