import Animation
import Documents
import Geometry
import Jobs
import Text
import XCTest

/// The promo template as the shipped preset fills it, at three lengths and four shapes: its shots
/// land where their lengths put them (the demo stretching), and every text it draws is set inside
/// its box, whole, at each moment sampled.
final class PromoTemplateTests: XCTestCase {
    static let preset = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../presets/promo-instagram-square.json").standardized.path

    func testThreeLengthsFourShapesTextInsideItsBoxes() throws {
        for size in ["1080x1080", "1080x1350", "1080x1920", "1920x1080"] {
            for seconds in [6.0, 12, 30] {
                let label = "\(size), \(JSON.exact(seconds)) s"
                let preset = try Preset.load(Self.preset, overrides: ["size=\(size)", "seconds=\(JSON.exact(seconds))"])
                XCTAssertEqual(try preset.checkScenes(command: "test"), [], label)
                let clip = try ResolvedClip(preset.clip, command: "test")
                let timeline = try clip.timeline(duration: seconds)
                // intro 3 s; demo stretched to seconds − 3 − 2.7 + 0.9; the outro's last 2.7 s.
                let outroStart = seconds - 2.7
                for (time, shown) in [(1.5, "title"), (3.2 + (outroStart - 3.2) / 2, "feature"), (seconds - 0.05, "action")] {
                    let layers = timeline.presentedLayers(at: time).filter(\.isDrawn)
                    XCTAssertTrue(layers.contains { $0.path.hasSuffix("/" + shown) }, "\(label): \(shown) at \(time) s")
                    let texts = layers.filter { $0.values.kind == .text && !$0.values.string.runs.isEmpty }
                    XCTAssertFalse(texts.isEmpty, "\(label): text at \(time) s")
                    for layer in texts {
                        let set = try layer.values.typesetText()
                        XCTAssertFalse(set.overflows, "\(label): \(layer.path) at \(time) s")
                        let box = layer.values.bounds.size
                        for glyph in set.glyphs where !glyph.path.isEmpty {
                            let ink = glyph.path.bounds
                            XCTAssertTrue(ink.minX >= -0.5 && ink.minY >= -0.5 && ink.maxX <= box.width + 0.5 && ink.maxY <= box.height + 0.5,
                                          "\(label): \(layer.path) at \(time) s: a glyph at \(ink) outside \(box.width)×\(box.height)")
                        }
                    }
                }
                let early = timeline.presentedLayers(at: outroStart - 0.6).filter(\.isDrawn)
                XCTAssertFalse(early.contains { $0.path.hasSuffix("/action") }, "\(label): the outro has not begun \(outroStart - 0.6) s")
            }
        }
    }
}
