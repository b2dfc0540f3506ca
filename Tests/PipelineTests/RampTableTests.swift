@testable import Animation
import Geometry
@testable import Pipeline
import Raster
import XCTest

/// A renderer keeps ramp tables by stops and opacity from draw to draw and frame to frame: what it
/// draws is what a new renderer draws, for the same stops at another opacity, changed stops, and
/// the same stops again.
final class RampTableTests: XCTestCase {
    private func ramp(_ colors: [Color]) -> Gradient {
        Gradient(type: .axial, colors: colors, locations: [0, 1], start: Point(0, 0), end: Point(40, 0))
    }

    private func list(_ gradient: Gradient, opacity: Double) -> DisplayList {
        DisplayList(canvasSize: Size(40, 10), items: [
            .fillGradient(.roundedRect(Rect(x: 0, y: 0, width: 40, height: 10), cornerRadius: 0), transform: .identity, gradient: gradient, opacity: opacity),
        ])
    }

    func testKeptTablesDrawWhatNewOnesDraw() throws {
        let kept = FrameRenderer(scale: 1)
        let redToBlue = ramp([Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)])
        let greenToWhite = ramp([Color(red: 0, green: 1, blue: 0), Color(red: 1, green: 1, blue: 1)])
        for (gradient, opacity) in [(redToBlue, 1.0), (redToBlue, 0.4), (greenToWhite, 0.4), (redToBlue, 1.0), (redToBlue, 0.4)] {
            let drawn = kept.render(list(gradient, opacity: opacity), into: try XCTUnwrap(Pixmap(width: 40, height: 10)))
            let fresh = FrameRenderer(scale: 1).render(list(gradient, opacity: opacity), into: try XCTUnwrap(Pixmap(width: 40, height: 10)))
            XCTAssertEqual(drawn.bytes, fresh.bytes, "\(gradient.colors) at \(opacity)")
        }
    }
}
