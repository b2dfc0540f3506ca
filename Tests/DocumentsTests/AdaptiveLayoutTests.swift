import Animation
import Documents
import Geometry
import Scenes
import XCTest

/// Layouts that adapt to the canvas: percentages of the superlayer's bounds, min and max, the
/// safe area, and a layer's layout for its canvas's aspect class. Expected values are the
/// arithmetic of the canvas sizes.
final class AdaptiveLayoutTests: XCTestCase {
    /// The layers `text` builds on `canvas`, under the root.
    func layers(_ text: String, on canvas: Size) throws -> [Layer] {
        let file = try SceneFile(text: text, path: "s.json", decodeImage: SceneFile.noImages)
        return try file.build(canvas: canvas, script: Script(), settings: SceneSettings(scene: file)).sublayers
    }

    func testPercentagesAreOfTheSuperlayersBounds() throws {
        let text = """
        {"layers": [{"frame": ["10%", "20%", "80%", "50%"], "cornerRadius": "10%",
                     "sublayers": [{"bounds": [0, 0, "min(50%, 60)", "max(10%, 20)"], "position": ["50%", "100% - 5"]}]},
                    {"type": "text", "frame": [0, 0, "100% - 20", 30], "fontSize": "10%"}]}
        """
        let top = try layers(text, on: Size(200, 100))
        XCTAssertEqual(top[0].frame, Rect(x: 20, y: 20, width: 160, height: 50), "x and widths of the width, y and heights of the height")
        XCTAssertEqual(top[0].cornerRadius, 10, "other lengths: of the shorter side")
        let inner = top[0].sublayers[0]
        XCTAssertEqual(inner.bounds.size, Size(60, 20), "min(80, 60), max(5, 20) of the 160×50 superlayer")
        XCTAssertEqual(inner.position, Point(80, 45))
        XCTAssertEqual(top[1].bounds.width, 180)
        XCTAssertEqual(top[1].fontSize, 10)
    }

    /// `$safe.*`: 14% of the height clear at the top and 20% at the bottom, 6% of the width at
    /// the sides of a portrait canvas; 5% on every side of a square or landscape one.
    func testTheSafeArea() throws {
        let text = #"{"layers": [{"frame": ["$safe.minX", "$safe.minY", "$safe.width", "$safe.height"]}]}"#
        for (canvas, expected) in [(Size(90, 160), [5.4, 22.4, 79.2, 105.6]), (Size(160, 90), [8, 4.5, 144, 81])] {
            let frame = try layers(text, on: canvas)[0].frame
            for (got, want) in zip([frame.minX, frame.minY, frame.width, frame.height], expected) { XCTAssertEqual(got, want, accuracy: 1e-9, "\(canvas)") }
        }
    }

    /// A layer's layout for the canvas's class replaces its own fields: portrait below 4:5,
    /// landscape above 5:4, square between (4:5 included).
    func testALayoutPerAspectClass() throws {
        let text = """
        {"layers": [{"type": "text", "frame": [0, 0, 50, 20], "fontSize": 20,
                     "portrait": {"fontSize": 30, "frame": [0, 10, 50, 20]}, "landscape": {"fontSize": 12}}]}
        """
        for (canvas, size, y) in [(Size(90, 160), 30.0, 10.0), (Size(160, 90), 12, 0), (Size(100, 125), 20, 0), (Size(100, 100), 20, 0)] {
            let layer = try layers(text, on: canvas)[0]
            XCTAssertEqual(layer.fontSize, size, "\(canvas)")
            XCTAssertEqual(layer.frame.origin.y, y, "\(canvas)")
        }
        for canvas in [Size(90, 160), Size(160, 90)] {
            XCTAssertThrowsError(try layers(#"{"layers": [{"portrait": {"sublayers": []}}]}"#, on: canvas), "checked on \(canvas)") {
                XCTAssertTrue("\($0)".contains("unknown field in a portrait layout"), "\($0)")
            }
        }
        XCTAssertThrowsError(try layers(#"{"layers": [{"bounds": [0, 0, "mid(1, 2)", 1]}]}"#, on: Size(90, 160))) {
            XCTAssertTrue("\($0)".contains(#"unknown function "mid" (min and max are known)"#), "\($0)")
        }
    }
}
