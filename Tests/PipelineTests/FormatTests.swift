import Foundation
import Geometry
import GoldenFiles
import Media
import Pipeline
import Raster
import Scenes
import XCTest

/// Every output format: what a player sees (codec, pixel format, frames, timestamps), quality
/// against the rendered frames, one small golden list of decoded hashes per codec in
/// `Golden/formats/`, lossless and alpha round trips. A lossy golden changes with the encoder
/// library's build; the rendered frames are proven by SceneGoldenTests, so when only these fail,
/// an encoder was updated: check the quality lines, then `make goldens`.
final class FormatTests: XCTestCase {
    var folder: URL!
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/formats")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-formats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Ten frames of spinner-dots at 160x90 (scale 0.25), 20 fps; `transparent` clears the background.
    func encode(_ name: String, codec: VideoCodec? = nil, transparent: Bool = false, frames: Int = 10,
                rate: FrameRate = FrameRate(numerator: 20)!) throws -> String {
        let scene = try XCTUnwrap(SceneCatalog.scene(named: "spinner-dots"))
        let settings = try scene.settings(transparent ? ["background=clear"] : [])
        let timeline = try scene.timeline(canvas: Size(640, 360), duration: rate.time(ofFrame: frames), settings: settings)
        let path = folder.appendingPathComponent(name).path
        var encoder = EncoderSettings(width: 160, height: 90, frameRate: rate)
        encoder.encoderThreads = 1  // the golden hashes hold on any machine
        encoder.container = try XCTUnwrap(Container(path: path))
        encoder.codec = codec
        encoder.alpha = transparent
        let job = EncodeJob(timeline: timeline, settings: try encoder.validated(), scale: 0.25, frameCount: frames, outputPath: path)
        _ = try EncodePipeline.run(job)
        return path
    }

    /// The frames `encode` renders, before any encoder.
    func rendered(transparent: Bool = false, rate: FrameRate = FrameRate(numerator: 20)!) throws -> RenderedFrames {
        let scene = try XCTUnwrap(SceneCatalog.scene(named: "spinner-dots"))
        let settings = try scene.settings(transparent ? ["background=clear"] : [])
        let timeline = try scene.timeline(canvas: Size(640, 360), duration: 1, settings: settings)
        return RenderedFrames(timeline: timeline, rate: rate, width: 160, height: 90, scale: 0.25)
    }

    func testEveryContainerAndCodec() throws {
        // name, codec, decoded codec and pixel format, quality floor in dB. Measured 2026-11: 30.4 for
        // every 4:2:0 codec (chroma subsampling of one-pixel dots dominates), ProRes 4:2:2 31.7, GIF
        // 55.0; the floors leave room for other encoder builds and catch a wrong matrix or channel order.
        let cases: [(String, VideoCodec?, String, String, Double)] = [
            ("h264.mp4", nil, "h264", "yuv420p", 28), ("hevc.mp4", .hevc, "hevc", "yuv420p", 28), ("av1.mp4", .av1, "av1", "yuv420p", 28),
            ("vp9.webm", nil, "vp9", "yuv420p", 28), ("vp8.webm", .vp8, "vp8", "yuv420p", 28),
            ("prores.mov", nil, "prores", "yuv422p10le", 29), ("h264.mov", .h264, "h264", "yuv420p", 28),
            ("ffv1.mkv", nil, "ffv1", "bgr0", .infinity), ("anim.gif", nil, "gif", "bgra", 45),
        ]
        let frames = try rendered()
        for (name, codec, codecName, pixelFormat, floor) in cases {
            let path = try encode(name, codec: codec)
            let decoder = try VideoDecoder(path: path)
            XCTAssertEqual(decoder.codecName, codecName, name)
            XCTAssertEqual(decoder.pixelFormatName, pixelFormat, name)
            let lines = try FrameMD5.report(path: path).filter { !$0.hasPrefix("#") }
            XCTAssertEqual(lines.map { $0.split(separator: ",")[2].trimmingCharacters(in: .whitespaces) }, (0..<10).map(String.init), "\(name): one frame a tick")
            let quality = try frames.psnr(ofDecoded: path)
            XCTAssertEqual(quality.frames, 10, name)
            XCTAssertGreaterThanOrEqual(quality.decibels, floor, "\(name): PSNR against the rendered frames")
            try Golden.assertLines(lines, equal: Self.golden.appendingPathComponent(name + ".framemd5"),
                                   "decoded frames differ; if the rendered frames (SceneGoldenTests) still match, the encoder's build changed")
        }
    }

    /// HEVC in MP4 is tagged hvc1, which Apple's players require.
    func testHEVCIsTaggedHvc1() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: try encode("tag.mp4", codec: .hevc)))
        XCTAssertNotNil(data.range(of: Data("hvc1".utf8)))
        XCTAssertNil(data.range(of: Data("hev1".utf8)))
    }

    /// FFV1 is lossless: its decoded frames are exactly the rendered RGBA.
    func testFFV1RoundTripsTheRenderedRGBA() throws {
        let path = try encode("lossless.mkv", transparent: true)
        let frames = try rendered(transparent: true)
        var index = 0
        try VideoDecoder(path: path).forEachRGBAFrame { decoded in
            var frame = try frames.frame(index)
            frame.unpremultiply()
            XCTAssertEqual(decoded, frame.bytes, "frame \(index)")
            index += 1
        }
        XCTAssertEqual(index, 10)
    }

    /// Alpha survives: (2, 2) is outside everything (transparent), (80, 45) inside the yellow
    /// replicator (opaque), in WebM VP9 (decoded with libvpx-vp9), ProRes 4444, FFV1, GIF and PNG.
    func testAlphaSurvivesWhereTheFormatCarriesIt() throws {
        func check(_ rgba: [UInt8], _ name: String) {
            XCTAssertEqual(rgba[(2 * 160 + 2) * 4 + 3], 0, "\(name): transparent corner")
            XCTAssertEqual(rgba[(45 * 160 + 80) * 4 + 3], 255, "\(name): opaque centre")
        }
        for (name, decoderName) in [("alpha.webm", "libvpx-vp9"), ("alpha.mov", nil), ("alpha.mkv", nil), ("alpha.gif", nil)] {
            let path = try encode(name, transparent: true)
            var frames = 0
            try VideoDecoder(path: path, decoderName: decoderName).forEachRGBAFrame { rgba in
                if frames == 9 { check(rgba, name) }
                frames += 1
            }
            XCTAssertEqual(frames, 10, name)
        }
        let pattern = folder.appendingPathComponent("frame%03d.png").path
        _ = try encode("frame%03d.png", transparent: true)
        XCTAssertTrue(FileManager.default.fileExists(atPath: String(format: pattern, 10)))
        let png = try ImageFile.load(path: String(format: pattern, 10))
        check(png.rgba, "png")
    }

    /// Raw frames are the rendered RGBA (straight alpha), frame after frame.
    func testRawFrames() throws {
        let path = try encode("frames.rgba", transparent: true, frames: 3)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let frames = try rendered(transparent: true)
        var expected: [UInt8] = []
        for index in 0..<3 {
            var frame = try frames.frame(index)
            frame.unpremultiply()
            expected += frame.bytes
        }
        XCTAssertEqual(Array(data), expected)
    }

    /// 30000/1001: every frame one tick of 1001/30000 s, 3 frames last 0.1001 s.
    func testNTSCTimestamps() throws {
        let path = try encode("ntsc.mp4", frames: 3, rate: FrameRate(numerator: 30000, denominator: 1001)!)
        let lines = try FrameMD5.report(path: path)
        XCTAssertTrue(lines.contains("#tb 0: 1001/30000"))
        XCTAssertEqual(lines.filter { !$0.hasPrefix("#") }.map { $0.split(separator: ",")[2].trimmingCharacters(in: .whitespaces) }, ["0", "1", "2"])
    }

    func testInvalidCombinationsNameTheChoices() {
        var settings = EncoderSettings(width: 160, height: 90, frameRate: FrameRate(numerator: 30)!)
        settings.container = .webm
        settings.codec = .h264
        XCTAssertThrowsError(try settings.validated()) { XCTAssertEqual("\($0)", "webm cannot hold h264; choose one of: vp9, vp8, av1") }
        settings.container = .mp4
        settings.alpha = true
        XCTAssertThrowsError(try settings.validated()) { XCTAssertTrue("\($0)".contains("cannot carry transparency; for an alpha channel use .webm")) }
        settings.alpha = false
        settings.pixelFormat = "yuv422p"
        XCTAssertThrowsError(try settings.validated()) { XCTAssertEqual("\($0)", "h264 takes yuv420p, yuv444p, not yuv422p") }
        settings.pixelFormat = nil
        settings.width = 161
        XCTAssertThrowsError(try settings.validated()) { XCTAssertTrue("\($0)".contains("162x90")) }
    }
}
