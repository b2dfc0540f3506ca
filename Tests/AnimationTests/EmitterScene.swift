@testable import Animation
import Geometry

/// The emitter the emitter tests start from: at (10, 20) of a 200 × 100 canvas, its layer
/// coordinates the canvas's, sending one 2 × 2 white dot a tenth of a second that stays put and
/// lives 1 s; `configure` changes it.
enum EmitterScene {
    static let dot = Image(width: 2, height: 2, premultipliedRGBA: [UInt8](repeating: 255, count: 16))!

    /// The scene; with `perspective` the root shows depth at 500 points (`sublayerTransform.m34`).
    static func timeline(perspective: Bool = false, _ configure: (EmitterLayer, inout EmitterCell) -> Void) throws -> Timeline {
        try Timeline.resolve(canvasSize: Size(200, 100), duration: 5) { _ in
            let root = Layer()
            if perspective {
                root.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
                root.position = Point(100, 50)
                root.sublayerTransform.m34 = -1.0 / 500
            }
            let emitter = EmitterLayer()
            emitter.frame = Rect(x: 0, y: 0, width: 200, height: 100)
            emitter.emitterPosition = Point(10, 20)
            var cell = EmitterCell()
            cell.birthRate = 10
            cell.lifetime = 1
            cell.contents = dot
            configure(emitter, &cell)
            emitter.emitterCells = [cell]
            root.addSublayer(emitter)
            return root
        }
    }
}
