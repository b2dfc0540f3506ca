import Animation
import Geometry

/// Rebuilds an iOS Core Animation demo: a Newton's cradle. The left string and ball swing out 22.5°
/// (π/8) about the string's top, 0.4 s ease-out and back (autoreverses); when the left ball's
/// animation stops, the right one starts (−22.5°), and so on for ever, chained through
/// `animationDidStop`. The string is a rotation (`transform.rotation.z`) about its anchor point;
/// the ball follows a keyframe path on the arc, as the seed builds them, separately.
///
/// Geometry: a 100×100 view centred in the canvas; strings at x = 10, 30, 50, 70, 90 from the bar
/// at y = 10 down to y = 80; balls of radius 10 centred at y = 90. The swinging strings turn
/// about their top end (anchorPoint (0.1, 0.1) and (0.9, 0.1)), the point the balls' arcs are
/// centred on; the seed's anchorPoint (0.1, 0) would pivot 10 pt above the bar.
public struct NewtonsCradleScene: Scene {
    public let name = "newtons-cradle"
    public let summary = "a Newton's cradle, its outer balls swinging in turn"
    public let cycle = 1.6
    public let parameters: [SceneParameter] = [
        SceneParameter("angle", .number(0...1.5), default: .number(Double.pi / 8), "swing in radians"),
        SceneParameter("duration", .number(0.05...60), default: .number(0.4), "seconds out (the same back)"),
        SceneParameter("ball-color", .color, default: .color(.gray), "colour of the balls"),
        SceneParameter("line-color", .color, default: .color(.red), "colour of the bar and strings"),
        SceneParameter("line-width", .number(0...20), default: .number(2), "width of the bar and strings"),
        SceneParameter("background", .color, default: .color(.white), "canvas colour (clear for a transparent video)"),
    ]

    /// The scene; its knobs are given to each build as `SceneSettings`.
    public init() {}

    public func build(canvas: Size, script: Script, settings: SceneSettings) -> Layer {
        let root = DemoLayout.root(canvas: canvas, settings: settings)
        let view = Layer()
        view.name = "cradle"
        view.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        view.position = Point(root.bounds.midX, root.bounds.midY)
        root.addSublayer(view)
        let (width, height) = (view.bounds.width, view.bounds.height)

        func line(from start: Point, to end: Point, name: String) -> ShapeLayer {
            let layer = ShapeLayer()
            layer.name = name
            var path = Path()
            path.move(to: start)
            path.addLine(to: end)
            layer.path = path
            layer.lineCap = .round
            layer.lineWidth = settings.number("line-width")
            layer.strokeColor = settings.color("line-color")
            layer.fillColor = nil
            return layer
        }
        func cycle(center: Point, name: String) -> ShapeLayer {
            let layer = ShapeLayer()
            layer.name = name
            var path = Path()
            path.addCGArc(center: center, radius: 10, startAngle: 0, endAngle: .pi * 2, clockwise: true)
            layer.path = path
            layer.fillColor = settings.color("ball-color")
            return layer
        }

        view.addSublayer(line(from: Point(0, 10), to: Point(width, 10), name: "topLine"))
        for (i, x) in [30.0, 50, 70].enumerated() {
            view.addSublayer(line(from: Point(x, 10), to: Point(x, 80), name: "line\(i + 1)"))
            view.addSublayer(cycle(center: Point(x, 90), name: "cycle\(i + 1)"))
        }
        // The moving pieces fill the view, anchored where they turn (the seed's anchorPoint lesson).
        let leftLine = line(from: Point(10, 10), to: Point(10, 80), name: "leftLine")
        leftLine.anchorPoint = Point(0.1, 0.1)
        leftLine.frame = Rect(x: 0, y: 0, width: width, height: height)
        let leftCycle = cycle(center: Point(10, 90), name: "leftCycle")
        leftCycle.anchorPoint = Point(0, 0.9)
        leftCycle.frame = Rect(x: 0, y: 0, width: width, height: height)
        let rightLine = line(from: Point(90, 10), to: Point(90, 80), name: "rightLine")
        rightLine.anchorPoint = Point(0.9, 0.1)
        rightLine.frame = Rect(x: 0, y: 0, width: width, height: height)
        let rightCycle = cycle(center: Point(90, 90), name: "rightCycle")
        rightCycle.anchorPoint = Point(0.9, 0.9)
        rightCycle.frame = Rect(x: 0, y: 0, width: width, height: height)
        for layer in [leftLine, leftCycle, rightLine, rightCycle] { view.addSublayer(layer) }

        let angle = settings.number("angle"), duration = settings.number("duration")
        func swing(_ to: Double) -> BasicAnimation {
            let a = BasicAnimation(keyPath: "transform.rotation.z")
            a.duration = duration
            a.fromValue = 0
            a.toValue = .number(to)
            a.timingFunction = .easeOut
            a.autoreverses = true
            a.fillMode = .forwards
            return a
        }
        func arc(center: Point, to end: Double, clockwise: Bool) -> KeyframeAnimation {
            var path = Path()
            path.addCGArc(center: center, radius: height - 20, startAngle: .pi / 2, endAngle: end, clockwise: clockwise)
            let a = KeyframeAnimation(keyPath: "position")
            a.path = path
            a.duration = duration
            a.timingFunction = .easeOut
            a.autoreverses = true
            a.fillMode = .forwards
            return a
        }

        // doLeftAnimation / doRightAnimation, alternating through animationDidStop:finished:,
        // as rules: when one ball's swing stops, the other string and ball swing.
        let leftSwing = swing(angle), rightSwing = swing(-angle)
        let leftBall = arc(center: Point(0, 10), to: .pi / 2 + angle, clockwise: false)
        leftBall.name = "leftBall"
        let rightBall = arc(center: Point(90, 10), to: .pi / 2 - angle, clockwise: true)
        rightBall.name = "rightBall"
        script.add(ScriptRule(on: .didStop(animation: "leftBall", layer: nil), add: rightSwing, to: "rightLine"))
        script.add(ScriptRule(on: .didStop(animation: "leftBall", layer: nil), add: rightBall, to: "rightCycle"))
        script.add(ScriptRule(on: .didStop(animation: "rightBall", layer: nil), add: leftSwing, to: "leftLine"))
        script.add(ScriptRule(on: .didStop(animation: "rightBall", layer: nil), add: leftBall, to: "leftCycle"))
        leftLine.add(leftSwing)
        leftCycle.add(leftBall)
        return root
    }
}
