import Foundation
import Geometry
import GoldenFiles
import Media
import Pipeline
import Scenes
import XCTest

/// Every built-in scene, rendered small and short (160x90 at scale 0.25, the 640×360-point
/// canvas of a 1920x1080 video; 10 frames at 20 fps), hashes frame by frame to the golden RGBA
/// hashes in `Golden/scenes/`. The rendered pixels, not an encoder's output: these hold across
/// encoder updates. After an intended change: `make goldens`, then look at the contact sheets.
final class SceneGoldenTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/scenes")

    func testEverySceneRendersItsGoldenFrames() throws {
        let rate = try XCTUnwrap(FrameRate(numerator: 20))
        for scene in SceneCatalog.all {
            let timeline = try scene.timeline(canvas: Size(640, 360), duration: rate.time(ofFrame: 10))
            let frames = RenderedFrames(timeline: timeline, rate: rate, width: 160, height: 90, scale: 0.25)
            try Golden.assertFrames(try frames.goldenFrames(count: 10), equal: Self.folder.appendingPathComponent(scene.name + ".rgba.md5"), scene.name)
        }
    }
}
