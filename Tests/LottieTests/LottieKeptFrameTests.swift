import Foundation
import Geometry
import Lottie
import Pipeline
import Raster
import XCTest

/// A renderer that keeps its last frame and draws again only the rows that change draws, frame
/// by frame, what a renderer drawing each frame whole draws: every file of the test corpus
/// (masks, mattes, blurs, shadows, text, repeaters, time remapping), in order and out of it.
final class LottieKeptFrameTests: XCTestCase {
    func testFramesDrawnFromTheFrameBeforeEqualWholeFrames() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: LottieFileTests.corpus.path)
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".lottie") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 30)
        var (partial, frames) = (0, 0)
        for name in names {
            let file = try LottieFile.load(path: LottieFileTests.corpus.appendingPathComponent(name).path) { try LayerImageCodec.decode($0) }
            let (width, height) = (Int(file.width), Int(file.height))
            let timeline = try file.timeline(canvas: Size(file.width, file.height), duration: file.cycle + 1)
            let kept = FrameRenderer(scale: 1)
            // Frame after frame through the first 26 (at 30 fps), then back to a few earlier ones.
            let times = (0..<26).map { Double($0) / 30 } + [0.5, 0.1, 0.2]
            for t in times {
                let list = timeline.displayList(at: t)
                let drawn = kept.render(list, into: try XCTUnwrap(Pixmap(width: width, height: height)))
                let whole = FrameRenderer(scale: 1).render(list, into: try XCTUnwrap(Pixmap(width: width, height: height)))
                if kept.rowsDrawn < height { partial += 1 }
                frames += 1
                guard drawn == whole else {
                    XCTFail("\(name) at \(t) s: the frame drawn from the one before differs from the whole frame")
                    break
                }
            }
        }
        // The rows that change are found: most frames of the corpus are drawn in part.
        XCTAssertGreaterThan(partial, frames / 3, "\(partial) of \(frames) frames drawn in part")
    }
}
