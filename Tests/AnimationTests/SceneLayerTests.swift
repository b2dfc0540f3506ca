@testable import Animation
import Geometry
import XCTest

/// Shots: a scene layer shows another scene, resolved on its own, at the layer's local time.
final class SceneLayerTests: XCTestCase {
    /// The shot: a 100 × 50 canvas filled by a layer fading in over 1 s.
    let fadeIn = SceneLayer { size, duration in
        try Timeline.resolve(canvasSize: size, duration: duration) { _ in
            let fill = Layer()
            fill.frame = Rect(origin: .zero, size: size)
            fill.backgroundColor = .red
            let fade = BasicAnimation(keyPath: "opacity")
            (fade.fromValue, fade.toValue, fade.duration, fade.fillMode) = (0, 1, 1, .both)
            fill.add(fade)
            return fill
        }
    }

    /// Placed at (20, 10) with beginTime 2 and speed 2: nothing before 2 s, then local time
    /// (t − 2) · 2, so at 2.25 s the fade is halfway; its fill sits at the layer's place.
    func testAShotRunsInItsLayersTime() throws {
        let shot = fadeIn
        let timeline = try Timeline.resolve(canvasSize: Size(200, 100), duration: 4) { _ in
            shot.frame = Rect(x: 20, y: 10, width: 100, height: 50)
            shot.timing.beginTime = 2
            shot.timing.speed = 2
            return shot
        }
        func fills(at t: Double) -> [(alpha: Double, origin: Point)] {
            timeline.displayList(at: t).items.compactMap { item in
                guard case let .fill(_, transform, color, _) = item else { return nil }
                return (color.alpha, transform.apply(to: .zero))
            }
        }
        XCTAssertTrue(fills(at: 1.9).isEmpty, "not begun")
        XCTAssertEqual(fills(at: 2.25).first?.alpha ?? 0, 0.5, accuracy: 1e-9)
        XCTAssertEqual(fills(at: 2.25).first?.origin, Point(20, 10))
        XCTAssertEqual(fills(at: 3.5).first?.alpha, 1)
    }
}
