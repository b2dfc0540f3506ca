@testable import Animation
import Geometry
import XCTest

/// A layer's style in Swift (CALayer.style: "property values that aren't explicitly defined by
/// the layer"; "the shallowest value for a property is used"; "not consulted for bounds, frame").
final class LayerStyleTests: XCTestCase {
    func testAStyleCountsOnlyWhereTheLayerSetsNothing() throws {
        let layer = Layer()
        layer.opacity = 1  // set before the style: the layer's own, though it is the default
        let deeper = try LayerStyle(["cornerRadius": .value(.number(3)), "borderWidth": .value(.number(2))])
        layer.style = try LayerStyle(["opacity": .value(.number(0.5)), "cornerRadius": .value(.number(10)),
                                      "backgroundColor": .value(.color(Color(red: 1, green: 0, blue: 0, alpha: 1)))], style: deeper)
        XCTAssertEqual(layer.opacity, 1)
        XCTAssertEqual(layer.cornerRadius, 10)
        XCTAssertEqual(layer.borderWidth, 2)
        XCTAssertEqual(layer.backgroundColor, Color(red: 1, green: 0, blue: 0, alpha: 1))
        layer.cornerRadius = 4  // set after: the layer's own from now on
        layer.style = deeper
        XCTAssertEqual(layer.cornerRadius, 4)
        XCTAssertNil(layer.backgroundColor, "no longer given: back to the default")
        layer.style = nil
        XCTAssertEqual(layer.borderWidth, 0)
        XCTAssertEqual(layer.cornerRadius, 4)
    }

    /// Values stored inside another (the layer's timing, its masked corners) are the layer's own
    /// once it sets them: a style does not replace them.
    func testAStyleKeepsTimingTheLayerSets() throws {
        let layer = Layer()
        layer.timing.beginTime = 1
        layer.style = try LayerStyle(["beginTime": .value(.number(5)), "speed": .value(.number(2))])
        XCTAssertEqual(layer.timing.beginTime, 1)
        XCTAssertEqual(layer.timing.speed, 2, "not set by the layer: the style's")
    }

    func testAStyleRefusesBoundsUnknownNamesAndWrongTypes() {
        XCTAssertThrowsError(try LayerStyle(["bounds": .value(.rect(Rect(x: 0, y: 0, width: 1, height: 1)))])) { error in
            XCTAssertEqual("\(error)", "a style is not consulted for bounds (Core Animation's rule): set it on the layer")
        }
        XCTAssertThrowsError(try LayerStyle(["cornerRadios": .value(.number(1))])) { error in
            XCTAssertEqual("\(error)", "\"cornerRadios\" is not a layer property; did you mean \"cornerRadius\"?")
        }
        XCTAssertThrowsError(try LayerStyle(["opacity": .choice("round")]))
    }

    /// A style's values for properties the layer's kind lacks are passed over.
    func testAStyleGivesOnlyWhatTheKindHas() throws {
        let plain = Layer(), shape = ShapeLayer()
        let style = try LayerStyle(["lineWidth": .value(.number(5)), "opacity": .value(.number(0.25))])
        plain.style = style
        shape.style = style
        XCTAssertEqual(plain.opacity, 0.25)
        XCTAssertEqual(shape.lineWidth, 5)
    }
}
