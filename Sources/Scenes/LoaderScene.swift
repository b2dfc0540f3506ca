import Animation
import Geometry

/// Seed 004 (`GQCircleLoadView`): three grey dots that pulse one after another.
///
/// Each pulse is a group of two `transform.scale` animations, 1 → 1.5 and back, 0.25 s each with
/// ease-out. When a dot's pulse starts, the next dot's pulse is scheduled 0.25 s later
/// (`animationDidStart:` + `performSelector:afterDelay:`), cycling through the dots for ever.
public struct LoaderScene: Scene {
    public let name = "loader"
    public let summary = "three grey dots pulsing in turn (seed 004, GQCircleLoadView)"

    static let circleCount = 3
    static let cornerRadius = 10.0
    static let margin = 15.0

    public init() {}

    public func build(canvas: Size, script: Script) -> Layer {
        // The view controller's white view, with the clear loading view filling it.
        let root = Layer()
        root.name = "view"
        root.frame = Rect(origin: .zero, size: canvas)
        root.backgroundColor = .white
        let loadingView = Layer()
        loadingView.name = "loadingView"
        loadingView.frame = root.bounds
        root.addSublayer(loadingView)

        // drawCircles
        let r = Self.cornerRadius, count = Double(Self.circleCount)
        var dots: [ShapeLayer] = []
        for i in 0..<Self.circleCount {
            let x = (canvas.width - (r * 2) * count - Self.margin * (count - 1)) / 2 + Double(i) * (r * 2 + Self.margin) + r
            let layer = ShapeLayer()
            layer.name = "circle\(i)"
            layer.path = .roundedRect(Rect(x: -r, y: -r, width: 2 * r, height: 2 * r), cornerRadius: r)
            layer.fillColor = .gray
            layer.position = Point(x, loadingView.frame.size.height * 0.5)
            loadingView.addSublayer(layer)
            dots.append(layer)
        }

        // drawAnimation: + animationDidStart:
        func drawAnimation(_ index: Int) {
            let scaleUp = BasicAnimation(keyPath: "transform.scale")
            scaleUp.fromValue = 1
            scaleUp.toValue = 1.5
            scaleUp.duration = 0.25
            scaleUp.timingFunction = .easeOut
            let scaleDown = BasicAnimation(keyPath: "transform.scale")
            scaleDown.beginTime = scaleUp.duration
            scaleDown.fromValue = 1.5
            scaleDown.toValue = 1
            scaleDown.duration = 0.25
            scaleDown.timingFunction = .easeOut
            let group = AnimationGroup()
            group.animations = [scaleUp, scaleDown]
            group.repeatCount = 0
            group.duration = scaleUp.duration + scaleDown.duration
            group.didStart = { script in
                script.after(0.25) { _ in drawAnimation((index + 1) % dots.count) }
            }
            dots[index].add(group, forKey: "groupAnimation")
        }
        drawAnimation(0)
        return root
    }
}
