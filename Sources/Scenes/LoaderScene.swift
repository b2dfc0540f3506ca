import Animation
import Geometry

/// Rebuilds an iOS Core Animation demo `GQCircleLoadView`: three grey dots that pulse one after
/// another.
///
/// Each pulse is a group of two `transform.scale` animations, 1 → 1.5 and back, 0.25 s each with
/// ease-out. When a dot's pulse starts, the next dot's pulse is scheduled 0.25 s later
/// (`animationDidStart:` + `performSelector:afterDelay:`), cycling through the dots for ever.
public struct LoaderScene: Scene {
    public let name = "loader"
    public let summary = "three grey dots pulsing in turn"
    public let cycle = 0.75
    public let parameters: [SceneParameter] = [
        SceneParameter("color", .color, default: .color(.gray), "colour of the dots"),
        SceneParameter("count", .integer(1...50), default: .number(3), "circleCount"),
        SceneParameter("radius", .number(0.5...500), default: .number(10), "dot radius in points (cornerRadius)"),
        SceneParameter("margin", .number(0...500), default: .number(15), "gap between dots in points"),
        SceneParameter("pulse", .number(0.01...20), default: .number(1.5), "scale at the top of a pulse"),
        SceneParameter("step", .number(0.01...60), default: .number(0.25), "seconds for each half of a pulse, and between pulses"),
        SceneParameter("background", .color, default: .color(.white), "canvas colour (clear for a transparent video)"),
    ]

    /// The scene; its knobs are given to each build as `SceneSettings`.
    public init() {}

    public func build(canvas: Size, script: Script, settings: SceneSettings) -> Layer {
        // The view controller's white view, with the clear loading view filling it.
        let root = DemoLayout.root(canvas: canvas, settings: settings)
        let loadingView = Layer()
        loadingView.name = "loadingView"
        loadingView.frame = root.bounds
        root.addSublayer(loadingView)

        // drawCircles
        let r = settings.number("radius"), margin = settings.number("margin")
        let circleCount = settings.integer("count"), count = Double(circleCount)
        let pulse = settings.number("pulse"), step = settings.number("step")
        var dots: [ShapeLayer] = []
        for i in 0..<circleCount {
            let x = (canvas.width - (r * 2) * count - margin * (count - 1)) / 2 + Double(i) * (r * 2 + margin) + r
            let layer = ShapeLayer()
            layer.name = "circle\(i)"
            layer.path = .roundedRect(Rect(x: -r, y: -r, width: 2 * r, height: 2 * r), cornerRadius: r)
            layer.fillColor = settings.color("color")
            layer.position = Point(x, loadingView.frame.size.height * 0.5)
            loadingView.addSublayer(layer)
            dots.append(layer)
        }

        // drawAnimation: is the pulse; animationDidStart: + performSelector:afterDelay: become
        // rules: when dot i's pulse starts, dot i+1's pulse is added `step` seconds later.
        let scaleUp = BasicAnimation(keyPath: "transform.scale")
        scaleUp.fromValue = 1
        scaleUp.toValue = .number(pulse)
        scaleUp.duration = step
        scaleUp.timingFunction = .easeOut
        let scaleDown = BasicAnimation(keyPath: "transform.scale")
        scaleDown.beginTime = scaleUp.duration
        scaleDown.fromValue = .number(pulse)
        scaleDown.toValue = 1
        scaleDown.duration = step
        scaleDown.timingFunction = .easeOut
        let group = AnimationGroup()
        group.name = "pulse"
        group.animations = [scaleUp, scaleDown]
        group.repeatCount = 0
        group.duration = scaleUp.duration + scaleDown.duration
        for (i, dot) in dots.enumerated() {
            let next = dots[(i + 1) % dots.count]
            script.add(ScriptRule(on: .didStart(animation: "pulse", layer: dot.name), after: step,
                                  add: group, to: next.name ?? "", forKey: "groupAnimation"))
        }
        dots[0].add(group, forKey: "groupAnimation")
        return root
    }
}
