import Animation
import Geometry
import Scenes
import XCTest

/// The cube: which faces show as it turns (one-sided faces of a transform layer).
final class CubeSceneTests: XCTestCase {
    func drawnFaces(at t: Double) throws -> Set<String> {
        let scene = try XCTUnwrap(SceneCatalog.scene(named: "cube"))
        let timeline = try scene.timeline(canvas: Size(640, 360), duration: t + 1)
        return Set(timeline.presentedLayers(at: t).filter { $0.isDrawn && $0.path.hasPrefix("view/stage/cube/") }
            .map { String($0.path.dropFirst("view/stage/cube/".count)) })
    }

    /// Unturned, the front faces the viewer and the back faces away; the tilt towards the viewer
    /// shows the top, not the bottom. Half a turn later (2 s of 4) the back and front trade
    /// places. An eighth of a turn (0.5 s) shows the front and one side, never both sides.
    func testTheFacesThatShowAsTheCubeTurns() throws {
        let start = try drawnFaces(at: 0)
        XCTAssertTrue(start.isSuperset(of: ["front", "top"]), "\(start)")
        XCTAssertTrue(start.isDisjoint(with: ["back", "bottom"]), "\(start)")
        let half = try drawnFaces(at: 2)
        XCTAssertTrue(half.isSuperset(of: ["back", "top"]), "\(half)")
        XCTAssertFalse(half.contains("front"), "\(half)")
        let eighth = try drawnFaces(at: 0.5)
        XCTAssertEqual(eighth.intersection(["front", "left", "right"]).count, 2, "\(eighth)")
    }
}
