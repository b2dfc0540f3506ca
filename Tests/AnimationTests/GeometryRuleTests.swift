@testable import Animation
import Geometry
import XCTest

/// Layer geometry (docs/core-animation.md §1).
final class GeometryRuleTests: XCTestCase {
    /// Seed 003's worked example: position (200,100), anchorPoint (0.2,0.2), bounds 100×150 → (180,70).
    func testFrameFromPositionAndAnchorPoint() {
        let layer = Layer()
        layer.position = Point(200, 100)
        layer.anchorPoint = Point(0.2, 0.2)
        layer.bounds = Rect(x: 0, y: 0, width: 100, height: 150)
        XCTAssertEqual(layer.frame, Rect(x: 180, y: 70, width: 100, height: 150))
    }

    /// Seed 003's fix: set the anchor point, then the frame; position follows.
    func testSettingFrameSetsPositionAndSize() {
        let line = Layer()
        line.anchorPoint = Point(0.1, 0)
        line.frame = Rect(x: 0, y: 0, width: 100, height: 200)
        XCTAssertEqual(line.position, Point(10, 0))
        XCTAssertEqual(line.bounds.size, Size(100, 200))
    }

    /// `transform.scale` replaces the scale part of the model transform and scales about the anchor.
    func testTransformScaleSubKeyPathScalesAboutTheAnchor() throws {
        let timeline = try Timeline.resolve(canvasSize: Size(100, 100), duration: 1) { _ in
            let layer = Layer()
            layer.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
            layer.position = Point(50, 50)
            layer.transform = Transform3D(rotationAngle: .pi / 2)
            let scale = BasicAnimation(keyPath: "transform.scale")
            scale.fromValue = 2
            scale.toValue = 2
            scale.duration = 1
            layer.add(scale)
            return layer
        }
        let values = timeline.presentationValues(of: 0, at: 0.5, parentTime: 0.5).values
        let m = values.matrixToSuperlayer
        // The corner (0, 0) sits 10 left and 10 above the anchor: rotated a quarter turn clockwise
        // and doubled, it lands 20 right and 20 above the position.
        let corner = m.apply(to: Point(0, 0))
        XCTAssertEqual(corner.x, 70, accuracy: 1e-9)
        XCTAssertEqual(corner.y, 30, accuracy: 1e-9)
    }
}
