@testable import Animation
import Geometry

/// The presentation values at `t` of one layer, the root of a 100×100 canvas, that `build`
/// sets up: what the rule tests read their numbers from.
func presentation(at t: Double, _ build: (Layer) -> Void) throws -> LayerValues {
    let timeline = try Timeline.resolve(canvasSize: Size(100, 100), duration: 10) { _ in
        let layer = Layer()
        build(layer)
        return layer
    }
    return timeline.presentationValues(of: 0, at: t, parentTime: t).values
}
