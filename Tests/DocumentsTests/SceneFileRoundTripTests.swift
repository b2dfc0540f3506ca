import Animation
import Documents
import Geometry
import Pipeline
import Scenes
import XCTest

/// Every built-in scene exported as a scene file and read back draws the same frames, byte for
/// byte, over several cycles of its script (the loader's and the cradle's rules included).
final class SceneFileRoundTripTests: XCTestCase {
    let canvas = Size(640, 360)

    func testEveryBuiltInSceneRoundTrips() throws {
        let times = stride(from: 0.0, through: 3.2, by: 0.2).map { $0 }
        for scene in SceneCatalog.all {
            let settings = SceneSettings(scene: scene)
            let text = try SceneExporter.export(scene, canvas: canvas, settings: settings, encodeImage: LayerImageCodec.dataURI)
            let file = try SceneFile(text: text, path: scene.name + ".json", decodeImage: { try LayerImageCodec.decode($0) })
            XCTAssertEqual(file.cycle, scene.cycle, scene.name)
            let original = try scene.timeline(canvas: canvas, duration: 3.5)
            let imported = try file.timeline(canvas: canvas, duration: 3.5)
            for t in times {
                let a = try XCTUnwrap(StillImage.render(original, at: t, width: 160, height: 90, scale: 0.25))
                let b = try XCTUnwrap(StillImage.render(imported, at: t, width: 160, height: 90, scale: 0.25))
                XCTAssertTrue(a == b, "\(scene.name) differs at t = \(t)")
            }
        }
    }

    /// The background stays a knob: the exported loader on a transparent background draws the
    /// dots with nothing behind them, as the built-in one does.
    func testBackgroundStaysAKnob() throws {
        let scene = try XCTUnwrap(SceneCatalog.scene(named: "loader"))
        let text = try SceneExporter.export(scene, canvas: canvas, settings: SceneSettings(scene: scene), encodeImage: LayerImageCodec.dataURI)
        let file = try SceneFile(text: text, path: "loader.json", decodeImage: { try LayerImageCodec.decode($0) })
        let clearFile = try file.settings(["background=clear"]), clearBuiltIn = try scene.settings(["background=clear"])
        let a = try XCTUnwrap(StillImage.render(try scene.timeline(canvas: canvas, duration: 1, settings: clearBuiltIn), at: 0.3, width: 160, height: 90, scale: 0.25))
        let b = try XCTUnwrap(StillImage.render(try file.timeline(canvas: canvas, duration: 1, settings: clearFile), at: 0.3, width: 160, height: 90, scale: 0.25))
        XCTAssertTrue(a == b)
        XCTAssertEqual(b.pixel(x: 0, y: 0).a, 0)
    }
}
