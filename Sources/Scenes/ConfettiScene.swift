import Animation
import Geometry

/// Confetti: an emitter layer (`CAEmitterLayer`) along the top edge sends out five colours of
/// paper, falling under gravity, drifting, tumbling and fading, for `burst` seconds (the
/// layer's birthRate is 1 for that long, then 0: what is out keeps falling).
public struct ConfettiScene: Scene {
    public let name = "confetti"
    public let summary = "a burst of confetti falling and tumbling (an emitter layer)"
    public let cycle = 4.0
    public let parameters: [SceneParameter] = [
        SceneParameter("background", .color, default: .color(.white), "canvas colour (clear for a transparent video)"),
        SceneParameter("rate", .number(1...2000), default: .number(150), "pieces a second"),
        SceneParameter("burst", .number(0...3600), default: .number(1.5), "seconds of emission (0: for ever)"),
        SceneParameter("size", .number(1...100), default: .number(9), "length of a piece in points"),
    ]

    /// The colours of the paper.
    static let colors = ["#FF375F", "#FF9F0A", "#FFD60A", "#30D158", "#0A84FF"].compactMap { Color(hex: $0) }

    /// The scene; its knobs are given to each build as `SceneSettings`.
    public init() {}

    public func build(canvas: Size, script: Script, settings: SceneSettings) -> Layer {
        let root = DemoLayout.root(canvas: canvas, settings: settings)

        let emitter = EmitterLayer()
        emitter.name = "confetti"
        emitter.frame = Rect(origin: .zero, size: canvas)
        emitter.emitterShape = .line
        emitter.emitterPosition = Point(canvas.width / 2, -10)
        emitter.emitterSize = Size(canvas.width, 0)
        emitter.renderMode = .oldestFirst
        emitter.seed = 2026
        let length = settings.number("size")
        let paper = Image(width: max(Int(length.rounded()), 1), height: max(Int((length * 0.55).rounded()), 1),
                          premultipliedRGBA: [UInt8](repeating: 255, count: max(Int(length.rounded()), 1) * max(Int((length * 0.55).rounded()), 1) * 4))
        emitter.emitterCells = Self.colors.enumerated().map { index, color in
            var cell = EmitterCell()
            cell.name = "paper\(index)"
            cell.contents = paper
            cell.color = color
            cell.birthRate = settings.number("rate") / Double(Self.colors.count)
            cell.lifetime = 5
            cell.lifetimeRange = 1
            cell.velocity = 90
            cell.velocityRange = 60
            cell.emissionLongitude = .pi / 2
            cell.emissionRange = .pi / 2.5
            cell.yAcceleration = 70
            cell.xAcceleration = index.isMultiple(of: 2) ? 8 : -8
            cell.spin = 2.5
            cell.spinRange = 5
            cell.scale = 1
            cell.scaleRange = 0.35
            cell.alphaSpeed = -0.12
            return cell
        }
        let burst = settings.number("burst")
        if burst > 0 {
            emitter.birthRate = 0
            let on = BasicAnimation(keyPath: "birthRate")
            on.fromValue = 1
            on.toValue = 1
            on.duration = burst
            emitter.add(on, forKey: "burst")
        }
        root.addSublayer(emitter)
        return root
    }
}
