import Foundation
import Geometry
import Lottie
import Pipeline
import Raster
import XCTest

/// A renderer handed back a frame it drew draws again only the rows that change, and draws,
/// frame by frame, what a renderer drawing each frame whole draws: every file of the test
/// corpus (masks, mattes, blurs, shadows, text, repeaters, time remapping), in order and out of it.
final class LottieKeptFrameTests: XCTestCase {
    func testFramesDrawnFromTheFrameBeforeEqualWholeFrames() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: LottieFileTests.corpus.path)
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".lottie") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 30)
        var (partial, count) = (0, 0)
        for name in names {
            let file = try LottieFile.load(path: LottieFileTests.corpus.appendingPathComponent(name).path) { try LayerImageCodec.decode($0) }
            let (width, height) = (Int(file.width), Int(file.height))
            let timeline = try file.timeline(canvas: Size(file.width, file.height), duration: file.cycle + 1)
            let renderer = FrameRenderer(scale: 1)
            // Two frames taken in turns, as an encode's pool hands them back: each is drawn
            // from what it showed two frames before.
            var frames = [try XCTUnwrap(Pixmap(width: width, height: height)), try XCTUnwrap(Pixmap(width: width, height: height))]
            // Frame after frame through the first 26 (at 30 fps), then back to a few earlier ones.
            let times = (0..<26).map { Double($0) / 30 } + [0.5, 0.1, 0.2]
            for (index, t) in times.enumerated() {
                let list = timeline.displayList(at: t)
                frames[index % 2] = renderer.render(list, into: frames[index % 2])
                let whole = FrameRenderer(scale: 1).render(list, into: try XCTUnwrap(Pixmap(width: width, height: height)))
                if renderer.rowsDrawn < height { partial += 1 }
                count += 1
                guard frames[index % 2] == whole else {
                    XCTFail("\(name) at \(t) s: the frame drawn from the one before differs from the whole frame")
                    break
                }
            }
        }
        // The rows that change are found: most frames of the corpus are drawn in part.
        XCTAssertGreaterThan(partial, count / 3, "\(partial) of \(count) frames drawn in part")
    }
}

extension LottieKeptFrameTests {
    /// A frame whose pixels changed after it was drawn (unpremultiplied for an output with
    /// alpha, or drawn by someone else) is drawn whole again.
    func testAFrameChangedSinceItWasDrawnIsDrawnWhole() throws {
        let file = try LottieFile.load(path: LottieFileTests.corpus.appendingPathComponent("eased-move.json").path) { try LayerImageCodec.decode($0) }
        let timeline = try file.timeline(canvas: Size(file.width, file.height), duration: file.cycle + 1)
        let renderer = FrameRenderer(scale: 1)
        var frame = renderer.render(timeline.displayList(at: 0.5), into: try XCTUnwrap(Pixmap(width: 200, height: 200)))
        frame = renderer.render(timeline.displayList(at: 0.51), into: frame)
        XCTAssertLessThan(renderer.rowsDrawn, 100, "a small move: the square's rows")
        frame.unpremultiply()
        frame.clear(to: PremultipliedColor(r: 9, g: 99, b: 199, a: 255))
        frame = renderer.render(timeline.displayList(at: 0.52), into: frame)
        XCTAssertEqual(renderer.rowsDrawn, 200, "drawn whole")
        XCTAssertEqual(frame, FrameRenderer(scale: 1).render(timeline.displayList(at: 0.52), into: try XCTUnwrap(Pixmap(width: 200, height: 200))))
    }
}
