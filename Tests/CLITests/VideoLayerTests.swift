import Foundation
import XCTest

/// Video as layer contents, checked on decoded frames: a source whose frame N is coloured 8 × N
/// red shows, in each frame of the clip, the source frame its timing says (start, rate, loop,
/// hold, the layer's own begin time), frame-exactly for lossless and key-frame-spaced H.264
/// sources alike, and the same when the clip is rendered in parts (each part seeking into the
/// source) as whole.
final class VideoLayerTests: XCTestCase {
    var folder: URL!
    var cli: CLIRunner { CLIRunner(folder: folder) }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-video-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // 3 s at 10 fps: frame N is red 8 × N (FFV1 RGB: exact; H.264: a key frame every 10).
        let source = "color=c=black:s=64x36:r=10:d=3,geq=r='8*N':g='128':b='0'"
        _ = try cli.tool("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", source, "-c:v", "ffv1", "-pix_fmt", "bgr0", path("exact.mkv")])
        _ = try cli.tool("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", source, "-c:v", "libx264", "-g", "10", "-pix_fmt", "yuv444p",
                                    "-colorspace", "bt709", "-color_range", "pc", "-vf", "scale=out_color_matrix=bt709:out_range=pc", path("keyed.mp4")])
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// The source frame each layer shows in each frame of a raw encode `width` × 36 pixels: the
    /// red at the middle of each 64-pixel-wide layer, divided by 8.
    func shown(_ file: String, layers: Int) throws -> [[Double]] {
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(file)))
        let frameBytes = 64 * layers * 36 * 4
        return (0..<(bytes.count / frameBytes)).map { n in
            (0..<layers).map { k in Double(bytes[n * frameBytes + (18 * 64 * layers + 64 * k + 32) * 4]) / 8 }
        }
    }

    func testEachFrameShowsTheSourceFrameItsTimingSays() throws {
        try """
        {"background": "#000000", "layers": [
          {"frame": [0, 0, 64, 36], "video": "exact.mkv"},
          {"frame": [64, 0, 64, 36], "video": {"file": "exact.mkv", "start": 0.5, "rate": 2, "loop": true}},
          {"frame": [128, 0, 64, 36], "video": "exact.mkv", "beginTime": 1},
          {"frame": [192, 0, 64, 36], "video": {"file": "keyed.mp4", "start": 1.2}}]}
        """.write(to: folder.appendingPathComponent("v.json"), atomically: true, encoding: .utf8)
        let result = try cli.run(["encode", "--scene-file", "v.json", "--size", "256x36", "--scale", "1", "--fps", "10", "--seconds", "4", "-q", "v.rgba"])
        XCTAssertEqual(result.status, 0, result.err)
        let frames = try shown("v.rgba", layers: 4)
        XCTAssertEqual(frames.count, 40)
        for (n, frame) in frames.enumerated() {
            XCTAssertEqual(frame[0], Double(min(n, 29)), "frame \(n): the source frame at the same time, then its last held")
            // 0.5 s in, twice as fast, starting again from 0.5 s at the end (a span of 2.5 s: 25 frames).
            XCTAssertEqual(frame[1], Double(5 + (2 * n) % 25), "frame \(n): start 0.5, rate 2, loop")
            XCTAssertEqual(frame[2], Double(min(max(n - 10, 0), 29)), "frame \(n): the layer begins at 1 s, its first picture before")
            XCTAssertEqual(frame[3], Double(min(12 + n, 29)), accuracy: 0.4, "frame \(n): H.264 from 1.2 s, between key frames")
        }
        // At 30 fps each source frame shows three times.
        let fast = try cli.run(["encode", "--scene-file", "v.json", "--size", "256x36", "--scale", "1", "--fps", "30", "--seconds", "1", "-q", "f.rgba"])
        XCTAssertEqual(fast.status, 0, fast.err)
        XCTAssertEqual(try shown("f.rgba", layers: 4).map { $0[0] }, (0..<30).map { Double($0 / 3) })
    }

    /// Parts of the clip (each starting its decoding at a seek into the source) and shards joined
    /// give exactly the whole clip's frames.
    func testPartsAndShardsShowTheSameFrames() throws {
        try """
        {"background": "#000000", "layers": [{"frame": [0, 0, 64, 36], "video": {"file": "keyed.mp4", "loop": true}}]}
        """.write(to: folder.appendingPathComponent("k.json"), atomically: true, encoding: .utf8)
        let common = ["encode", "--scene-file", "k.json", "--size", "64x36", "--scale", "1", "--fps", "10", "--seconds", "5", "-q"]
        XCTAssertEqual(try cli.run(common + ["whole.rgba"]).status, 0)
        let whole = [UInt8](try Data(contentsOf: folder.appendingPathComponent("whole.rgba")))
        let frameBytes = 64 * 36 * 4
        for (first, last) in [(37, 49), (3, 8), (24, 31)] {
            let part = try cli.run(common + ["--frames", "\(first)-\(last)", "part\(first).rgba"])
            XCTAssertEqual(part.status, 0, part.err)
            XCTAssertEqual([UInt8](try Data(contentsOf: folder.appendingPathComponent("part\(first).rgba"))),
                           Array(whole[(first * frameBytes)..<((last + 1) * frameBytes)]), "frames \(first)-\(last)")
        }
        XCTAssertEqual(try shown("whole.rgba", layers: 1).map { $0[0].rounded() }, (0..<50).map { Double($0 % 30) }, "loops every 3 s")
        // Two shards of 1-second segments, the second starting mid-source, joined.
        for shard in ["0/2", "1/2"] {
            let result = try cli.run(common + ["--segment-seconds", "1", "--shard", shard, "shards.rgba"])
            XCTAssertEqual(result.status, 0, "shard \(shard): \(result.err)")
        }
        let joined = try cli.run(["join", "shards.rgba"])
        XCTAssertEqual(joined.status, 0, joined.err)
        XCTAssertEqual([UInt8](try Data(contentsOf: folder.appendingPathComponent("shards.rgba"))), whole, "shards joined")
    }

    func testBadVideosAreRefusedByName() throws {
        try "not a video".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        for (video, expected) in [("\"gone.mp4\"", "gone.mp4: no such file"), ("\"notes.txt\"", "notes.txt"), ("\"../x.mp4\"", "outside"),
                                  ("{\"start\": 1}", "a video needs \\\"file\\\"")] {
            try "{\"layers\": [{\"frame\": [0, 0, 64, 36], \"video\": \(video)}]}".write(to: folder.appendingPathComponent("b.json"), atomically: true, encoding: .utf8)
            let result = try cli.run(["validate", "b.json"])
            XCTAssertEqual(result.status, 2, "\(video): \(result.err)")
            XCTAssertTrue(result.err.contains("b.json:1:"), "\(video): \(result.err)")
            XCTAssertTrue(result.err.contains(expected.replacingOccurrences(of: "\\\"", with: "\"")), "\(video): \(result.err)")
        }
    }
}
