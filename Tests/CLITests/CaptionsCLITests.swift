import Foundation
import XCTest

/// Burned-in captions, checked on decoded frames of real encodes: each caption shows in exactly
/// the frames of its time and in no other, on its box at the bottom of the safe area, centred;
/// the word being spoken is drawn in the highlight colour, moving word by word as WebVTT's word
/// times say; a preset's captions file is relative to the preset.
final class CaptionsCLITests: XCTestCase {
    var folder: URL!
    var cli: CLIRunner { CLIRunner(folder: folder) }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-captions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        WEBVTT

        00:00.500 --> 00:01.000
        Hi

        00:01.200 --> 00:01.800
        One <00:01.400>two <00:01.600>three
        """.write(to: folder.appendingPathComponent("words.vtt"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Per frame of a 320×180 raw encode: the red (box) pixels' bounds and the green (highlighted
    /// word) pixels' mean column; nil where there are none.
    func colours(_ file: String, frames: Int) throws -> [(box: (minX: Int, maxX: Int, maxY: Int)?, word: Double?)] {
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(file)))
        XCTAssertEqual(bytes.count, frames * 320 * 180 * 4)
        return (0..<frames).map { frame in
            var box: (minX: Int, maxX: Int, maxY: Int)?
            var (greens, sum) = (0, 0)
            for y in 0..<180 {
                for x in 0..<320 {
                    let i = ((frame * 180 + y) * 320 + x) * 4
                    let (r, g, b) = (bytes[i], bytes[i + 1], bytes[i + 2])
                    if r > 220 && g < 40 && b < 40 {
                        box = (min(box?.minX ?? x, x), max(box?.maxX ?? x, x), max(box?.maxY ?? y, y))
                    }
                    if g > 220 && r < 60 && b < 60 {
                        greens += 1
                        sum += x
                    }
                }
            }
            return (box, greens > 0 ? Double(sum) / Double(greens) : nil)
        }
    }

    func testCaptionsShowInTheirFramesWordByWord() throws {
        let result = try cli.run(["encode", "--scene", "loader", "--seconds", "2", "--fps", "10", "--size", "320x180", "--scale", "0.5",
                                  "--background", "#000000", "--captions", "words.vtt", "--caption-box", "#FF0000",
                                  "--caption-highlight", "#00FF00", "-q", "out.rgba"])
        XCTAssertEqual(result.status, 0, result.err)
        let frames = try colours("out.rgba", frames: 20)
        // Frame n is at n/10 s: "Hi" from 0.5 s up to 1.0 s, the second caption from 1.2 s up to 1.8 s.
        let shown = Set(5...9).union(12...17)
        for (n, frame) in frames.enumerated() {
            XCTAssertEqual(frame.box != nil, shown.contains(n), "frame \(n): a caption's box \(shown.contains(n) ? "shows" : "does not show")")
            XCTAssertEqual(frame.word != nil, shown.contains(n), "frame \(n): a highlighted word")
        }
        // The box's bottom on the safe area's (5 % of 360 points up: 171 px), centred in 320 px.
        let box = try XCTUnwrap(frames[13].box)
        XCTAssertEqual(box.maxY, 170, accuracy: 1)
        XCTAssertEqual(Double(box.minX + box.maxX) / 2, 159.5, accuracy: 1)
        // One (1.2–1.4 s), two (1.4–1.6), three (1.6–1.8): the green moves right word by word.
        let words = try [12, 14, 16].map { try XCTUnwrap(frames[$0].word) }
        XCTAssertLessThan(words[0] + 10, words[1])
        XCTAssertLessThan(words[1] + 10, words[2])
        XCTAssertEqual(frames[12].word, frames[13].word, "the same word through its span")
    }

    /// `--soft-captions` also muxes the captions as a subtitle track in each video container,
    /// which FFmpeg reads back as the same cues; with sound beside it, joined from a session's
    /// segments, and for a part of the clip (its cues moved to its start).
    func testSoftCaptionsAreASubtitleTrack() throws {
        let common = ["encode", "--scene", "loader", "--seconds", "2", "--fps", "10", "--size", "320x180", "--scale", "0.5",
                      "--captions", "words.vtt", "--soft-captions", "-q", "-y"]
        let expected = "WEBVTT\n\n00:00.500 --> 00:01.000\nHi\n\n00:01.200 --> 00:01.800\nOne two three\n"
        _ = try cli.tool("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=2", folder.appendingPathComponent("tone.wav").path])
        for (file, extra, codec) in [("a.mp4", ["--audio", "tone.wav"], "mov_text"), ("a.webm", ["--segment-seconds", "0.5"], "webvtt"),
                                     ("a.mkv", [], "subrip"), ("a.mov", [], "mov_text")] {
            let result = try cli.run(common + extra + [file])
            XCTAssertEqual(result.status, 0, "\(file): \(result.err)")
            let path = folder.appendingPathComponent(file).path
            let streams = try cli.tool("ffprobe", ["-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", path])
            XCTAssertTrue(streams.contains(codec), "\(file): \(streams)")
            XCTAssertEqual(try cli.tool("ffmpeg", ["-v", "error", "-i", path, "-map", "0:s", "-f", "webvtt", "-"]), expected, file)
        }
        let part = try cli.run(common + ["--frames", "7-19", "part.mkv"])
        XCTAssertEqual(part.status, 0, part.err)
        XCTAssertEqual(try cli.tool("ffmpeg", ["-v", "error", "-i", folder.appendingPathComponent("part.mkv").path, "-map", "0:s", "-f", "webvtt", "-"]),
                       "WEBVTT\n\n00:00.000 --> 00:00.300\nHi\n\n00:00.500 --> 00:01.100\nOne two three\n", "from 0.7 s of the clip")
        for (arguments, message) in [(["--captions", "words.vtt", "--soft-captions", "x.gif"], "--soft-captions: a GIF has no subtitle track"),
                                     (["--soft-captions", "x.mp4"], "--soft-captions: give the captions with --captions FILE")] {
            let bad = try cli.run(["encode", "--scene", "loader", "--seconds", "1", "--size", "320x180", "--scale", "0.5", "-q"] + arguments)
            XCTAssertEqual(bad.status, 2, "\(arguments): \(bad.err)")
            XCTAssertTrue(bad.err.contains(message), "\(arguments): \(bad.err)")
        }
    }

    func testAPresetsCaptionsAndErrors() throws {
        let sub = folder.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: folder.appendingPathComponent("words.vtt"), to: sub.appendingPathComponent("words.vtt"))
        try #"{"scene": "loader", "size": "320x180", "scale": 0.5, "fps": 10, "seconds": 1, "captions": "words.vtt", "caption-position": "top", "outputs": [{"file": "p.rgba"}]}"#
            .write(to: sub.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try cli.run(["validate", "sub/p.json"]).status, 0)
        let encoded = try cli.run(["encode", "--preset", "sub/p.json", "-q"])
        XCTAssertEqual(encoded.status, 0, encoded.err)
        try "1\n00:00:01,000 --> 00:00:00,500\nBackwards\n".write(to: folder.appendingPathComponent("bad.srt"), atomically: true, encoding: .utf8)
        for (arguments, expected) in [(["--captions", "bad.srt"], "--captions: bad.srt:2:1: the caption ends (00:00:00,500) before it starts"),
                                      (["--captions", "gone.srt"], "--captions: gone.srt"),
                                      (["--captions", "sub/words.vtt", "--caption-box", "red"], "--caption-box: \"red\" is not a colour"),
                                      (["--captions", "sub/words.vtt", "--caption-font", "No Such Font"], "--caption-font:")] {
            let bad = try cli.run(["encode", "--scene", "loader", "--seconds", "1", "--size", "320x180", "--scale", "0.5", "-q"] + arguments + ["x.mp4"])
            XCTAssertEqual(bad.status, 2, "\(arguments): \(bad.err)")
            XCTAssertTrue(bad.err.contains(expected), "\(arguments): \(bad.err)")
        }
        let long = try cli.run(["still", "--scene", "loader", "--time", "1.3", "--size", "320x180", "--scale", "0.5", "--captions", "sub/words.vtt",
                                "--caption-size", "20", "--caption-lines", "1", "-y", "long.png"])
        XCTAssertEqual(long.status, 0, long.err)
        XCTAssertTrue(long.err.contains("warning: sub/words.vtt: caption 2 (0:01.200) does not fit 1 line at this size; it is cut: One two three"), long.err)
    }
}
