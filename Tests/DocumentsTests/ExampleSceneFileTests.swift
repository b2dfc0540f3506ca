import Documents
import Foundation
import Geometry
import GoldenFiles
import Media
import Pipeline
import XCTest

/// The example scene files in docs/scenes render, frame by frame over one cycle, to golden RGBA
/// hashes (160x90 at scale 0.25, 10 fps), so what the docs show is what the engine draws.
final class ExampleSceneFileTests: XCTestCase {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/scenes").standardized
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    func testEveryExampleRendersItsGoldenFrames() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertEqual(files, ["fireworks.json", "phone-demo.json", "ring.json", "slides.json", "title.json"])
        for file in files {
            let path = Self.examples.appendingPathComponent(file).path
            let scene = try SceneFile(text: String(contentsOfFile: path, encoding: .utf8), path: path) { try LayerImageCodec.decode($0) }
            let count = Int((scene.cycle * 10).rounded())
            let timeline = try scene.timeline(canvas: Size(640, 360), duration: scene.cycle)
            let frames = try (0..<count).map { index in
                let frame = try XCTUnwrap(StillImage.render(timeline, at: Double(index) / 10, width: 160, height: 90, scale: 0.25))
                return GoldenFrame(label: "\(index)", width: frame.width, height: frame.height, rgba: frame.bytes)
            }
            let name = String(file.dropLast(5))
            try Golden.assertFrames(frames, equal: Self.golden.appendingPathComponent(name + ".rgba.md5"), name)
        }
    }
}
