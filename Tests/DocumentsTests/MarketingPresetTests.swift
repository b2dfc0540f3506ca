import Documents
import Foundation
import Geometry
import GoldenFiles
import Jobs
import Media
import Pipeline
import Scenes
import XCTest

/// The marketing presets (templates/ filled in by presets/promo-*.json and
/// lower-third-transparent.json) render, frame by frame, to golden RGBA hashes: each at a
/// tenth of its size (same canvas in points), one frame a second.
final class MarketingPresetTests: XCTestCase {
    static let presets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../presets").standardized
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    func testEveryMarketingPresetRendersItsGoldenFrames() throws {
        let names = ["promo-instagram-square", "promo-instagram-portrait", "promo-story", "promo-youtube-1080p60", "promo-app-store-preview", "lower-third-transparent"]
        for name in names {
            let preset = try PresetLoader.load(path: Self.presets.appendingPathComponent(name + ".json").path) { try LayerImageCodec.decode($0) }
            guard case .file(let path)? = preset.clip.scene, let size = preset.clip.size, let scale = preset.clip.scale else {
                return XCTFail("\(name): a scene file, a size and a scale")
            }
            let scene = try SceneFile.load(path: path) { try LayerImageCodec.decode($0) }
            var settings = try scene.settings(preset.clip.params)
            // The promos last as long as their shots; the lower third says its length.
            let seconds = try XCTUnwrap(preset.clip.seconds ?? scene.length(settings: settings), name)
            if let background = preset.clip.background { try settings.set("background", to: background) }
            let (width, height) = (size.width / 10, size.height / 10)
            let canvas = Size(Double(size.width) / scale, Double(size.height) / scale)
            let timeline = try scene.timeline(canvas: canvas, duration: seconds, settings: settings)
            let frames = try (0..<Int(seconds)).map { t in
                let frame = try XCTUnwrap(StillImage.render(timeline, at: Double(t) + 0.5, width: width, height: height, scale: scale / 10))
                return GoldenFrame(label: "\(t)", width: frame.width, height: frame.height, rgba: frame.bytes)
            }
            try Golden.assertFrames(frames, equal: Self.golden.appendingPathComponent(name + ".rgba.md5"), name)
        }
    }
}
