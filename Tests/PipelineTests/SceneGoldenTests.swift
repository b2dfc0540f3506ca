import Foundation
import Geometry
import Media
import Pipeline
import Scenes
import XCTest

/// Every built-in scene, encoded small and short (160x90 at scale 0.25, the 640×360-point canvas
/// of a 1920x1080 video; 10 frames at 20 fps), decodes to the golden frame hashes in
/// `Golden/scenes/`. After an intended change: `ANIMVID_UPDATE_GOLDEN=1 swift test --filter SceneGoldenTests`,
/// then look at the scenes' contact sheets before committing.
final class SceneGoldenTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/scenes")

    func testEveryScene() throws {
        let rate = try XCTUnwrap(FrameRate(numerator: 20))
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-scenes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        for scene in SceneCatalog.all {
            let timeline = try scene.timeline(canvas: Size(640, 360), duration: rate.time(ofFrame: 10))
            let path = temporary.appendingPathComponent(scene.name + ".mp4").path
            var settings = EncoderSettings(width: 160, height: 90, frameRate: rate)
            settings.encoderThreads = 1  // the golden hashes hold on any machine
            let job = EncodeJob(timeline: timeline, settings: settings, scale: 0.25, frameCount: 10, outputPath: path)
            _ = try EncodePipeline.run(job)
            let lines = try FrameMD5.report(path: path).filter { !$0.hasPrefix("#") }
            let golden = Self.folder.appendingPathComponent(scene.name + ".framemd5")
            if ProcessInfo.processInfo.environment["ANIMVID_UPDATE_GOLDEN"] != nil {
                try (lines.joined(separator: "\n") + "\n").write(to: golden, atomically: false, encoding: .utf8)
                continue
            }
            let expected = try String(contentsOf: golden, encoding: .utf8).split(separator: "\n").map(String.init)
            XCTAssertEqual(lines, expected, scene.name)
            XCTAssertEqual(lines.count, 10, scene.name)
        }
    }
}
