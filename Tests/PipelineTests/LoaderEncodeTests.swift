import Foundation
import Geometry
import GoldenFiles
import Media
import Pipeline
import Raster
import Scenes
import XCTest

/// Real encodes of the loader, proven frame by frame with decoded hashes.
final class LoaderEncodeTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-pipeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Encodes the loader at `width` × `height`, scale 3, for `seconds` at 30 fps.
    func encodeLoader(_ name: String, width: Int = 320, height: Int = 180, seconds: Double = 1, threads: Int = 0) throws -> (path: String, progress: [Int]) {
        let rate = try XCTUnwrap(FrameRate(numerator: 30))
        let frames = rate.frameCount(seconds: seconds)
        let timeline = try LoaderScene().timeline(canvas: Size(Double(width) / 3, Double(height) / 3), duration: rate.time(ofFrame: frames))
        let path = folder.appendingPathComponent(name).path
        // One encoder thread: the golden hashes hold on any machine.
        var settings = EncoderSettings(width: width, height: height, frameRate: rate)
        settings.encoderThreads = 1
        settings.container = try XCTUnwrap(Container(path: path))
        var job = EncodeJob(timeline: timeline, settings: try settings.validated(), scale: 3, frameCount: frames, outputPath: path)
        job.renderThreads = threads
        var progress: [Int] = []
        _ = try EncodePipeline.run(job) { progress.append($0.framesDone) }
        return (path, progress)
    }

    /// The frame lines of `animvid hash` (the header names the libavformat version, so it is left out).
    func frameLines(_ path: String) throws -> [String] {
        try FrameMD5.report(path: path).filter { !$0.hasPrefix("#") }
    }

    static let goldenURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/loader-320x180-30fps-1s-ffv1.framemd5")

    /// Every decoded frame of a 1 s, 320x180 lossless (FFV1) loader encode equals the checked-in
    /// golden hashes (`animvid hash` lines), whatever the encoder's build. After an intended
    /// change: `make goldens`.
    func testDecodedFramesMatchGoldenHashes() throws {
        let (path, progress) = try encodeLoader("golden.mkv")
        let lines = try frameLines(path)
        XCTAssertEqual(lines.count, 30)
        try Golden.assertLines(lines, equal: Self.goldenURL)
        XCTAssertEqual(progress, Array(1...30))
    }

    func testTwoEncodesAndAnyThreadCountDecodeIdentically() throws {
        let one = try frameLines(encodeLoader("one.mp4", threads: 1).path)
        let two = try frameLines(encodeLoader("two.mp4", threads: 2).path)
        let again = try frameLines(encodeLoader("again.mp4", threads: 3).path)
        XCTAssertEqual(one.count, 30)
        XCTAssertEqual(one, two)
        XCTAssertEqual(one, again)
    }

    /// The frame at 1.1 s shows the dots at seed 004's sizes: measured from the pixels, each dot's
    /// area is π(30 px · scale)², with the scales worked out by hand in LoaderSceneTests.
    func testDotAreasAtOnePointOneSeconds() throws {
        let timeline = try LoaderScene().timeline(canvas: Size(320, 180), duration: 2)
        let frame = FrameRenderer(scale: 3).render(timeline.displayList(at: 1.1), into: try XCTUnwrap(Pixmap(width: 960, height: 540)))
        // Dots centred at 125, 160 and 195 pt (375, 480, 585 px); split the frame between them.
        var areas = [0.0, 0.0, 0.0]
        for y in 0..<540 {
            for x in 0..<960 {
                let i = (y * 960 + x) * 4
                XCTAssertEqual(frame.bytes[i + 3], 255)
                let coverage = Double(255 - Int(frame.bytes[i])) / 127
                areas[x < 427 ? 0 : x < 532 ? 1 : 2] += coverage
            }
        }
        let e = 0.570880 // ease-out (0, 0, 0.58, 1) at 0.4, solved by bisection as in LoaderSceneTests
        let scales = [1.5 - 0.5 * e, 1 + 0.5 * e, 1]
        for (area, scale) in zip(areas, scales) {
            let expected = Double.pi * (30 * scale) * (30 * scale)
            XCTAssertEqual(area, expected, accuracy: expected * 0.005)
        }
    }

    func testFailedEncodeLeavesNothingAtTheOutput() throws {
        let rate = try XCTUnwrap(FrameRate(numerator: 30))
        let timeline = try LoaderScene().timeline(canvas: Size(100, 60), duration: 1)
        let path = folder.appendingPathComponent("missing-folder/out.mp4").path
        let job = EncodeJob(timeline: timeline, settings: EncoderSettings(width: 300, height: 180, frameRate: rate),
                            scale: 3, frameCount: 30, outputPath: path)
        XCTAssertThrowsError(try EncodePipeline.run(job))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }
}
