import Animation
import Foundation
import Geometry

/// Rebuilds the iOS replicator demo `replicatorLayerTriangle`: three dots at the corners of an
/// equilateral triangle, each moving to the next corner while turning 120°, ease-in-ease-out, every
/// second. The motion is a straight line because Core Animation interpolates the transform by
/// parts.
public struct TriangleScene: Scene {
    public let name = "triangle"
    public let summary = "three dots travelling round an equilateral triangle"
    public let cycle = 1.0
    public let parameters = DemoLayout.commonParameters() + [
        SceneParameter("duration", .number(0.05...60), default: .number(1), "seconds per move to the next corner"),
    ]

    /// The scene; its knobs are given to each build as `SceneSettings`.
    public init() {}

    public func build(canvas: Size, script: Script, settings: SceneSettings) -> Layer {
        let root = DemoLayout.root(canvas: canvas, settings: settings)
        let containView = DemoLayout.container(in: root, size: Size(200, 200), settings: settings)
        let radius = 100.0 / 4
        let transX = 100 - radius
        let layer = DemoLayout.tile(frame: Rect(x: 0, y: 0, width: radius, height: radius), cornerRadius: radius / 2, settings: settings)

        let animation = BasicAnimation(keyPath: "transform")
        animation.duration = settings.number("duration")
        animation.repeatCount = .infinity
        animation.fromValue = .transform(Transform3D.identity.rotated(by: 0, x: 0, y: 0, z: 0))
        let toValue = Transform3D.identity.translatedBy(x: transX, y: 0, z: 0).rotated(by: 120 * .pi / 180, x: 0, y: 0, z: 1)
        animation.toValue = .transform(toValue)
        animation.timingFunction = .easeInEaseOut
        layer.add(animation)

        let replicatorLayer = ReplicatorLayer()
        replicatorLayer.name = "replicatorLayer"
        let centerX = containView.frame.size.width / 2 - transX / 2
        let centerY = containView.frame.size.height / 2 - (1 / 3.0) * (transX / 2) * 3.0.squareRoot()
        replicatorLayer.position = Point(centerX, centerY)
        replicatorLayer.bounds = Rect(x: 0, y: 0, width: radius, height: radius)
        if settings.bool("debug") { replicatorLayer.backgroundColor = .yellow }
        containView.addSublayer(replicatorLayer)
        replicatorLayer.instanceTransform = Transform3D.identity.translatedBy(x: transX, y: 0, z: 0).rotated(by: 120 * .pi / 180, x: 0, y: 0, z: 1)
        replicatorLayer.instanceCount = 3
        replicatorLayer.instanceDelay = 0
        replicatorLayer.addSublayer(layer)
        return root
    }
}
