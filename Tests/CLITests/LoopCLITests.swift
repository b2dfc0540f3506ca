import Foundation
import XCTest

/// `--start` and `--loop`, on the command line and in presets: a loop starts one cycle in, lasts
/// whole cycles, and its last frame flows into its first.
final class LoopCLITests: XCTestCase {
    var folder: URL!
    var cli: CLIRunner { CLIRunner(folder: folder) }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-loop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The decoded frames' checksums of a lossless file.
    func frames(_ file: String) throws -> [String] {
        let hashed = try cli.run(["hash", file])
        XCTAssertEqual(hashed.status, 0, hashed.err)
        return hashed.out.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.split(separator: ",").last ?? "") }
    }

    /// The loader's cycle is 0.75 s: `--loop --seconds 3` is four cycles from 0.75 s, 90 frames
    /// at 30 fps; the frame after the last (scene time 3.75 s, made with --start) is the first.
    func testALoopClosesOnItself() throws {
        let common = ["--fps", "30", "--size", "64x36", "--scale", "0.1", "--codec", "ffv1", "--no-session", "-q", "-y"]
        XCTAssertEqual(try cli.run(["encode", "--scene", "loader", "--loop", "--seconds", "3"] + common + ["loop.mkv"]).status, 0)
        XCTAssertEqual(try cli.run(["encode", "--scene", "loader", "--start", "3.75", "--seconds", "0.1"] + common + ["next.mkv"]).status, 0)
        XCTAssertEqual(try cli.run(["encode", "--scene", "loader", "--start", "0.75", "--seconds", "0.1"] + common + ["start.mkv"]).status, 0)
        let loop = try frames("loop.mkv")
        XCTAssertEqual(loop.count, 90)
        XCTAssertEqual(try frames("next.mkv").first, loop.first)
        XCTAssertEqual(try frames("start.mkv").first, loop.first, "the loop starts one cycle in")
        // The same from a preset's fields.
        let preset = #"{"scene": "loader", "size": "64x36", "scale": 0.1, "fps": 30, "seconds": 3, "loop": true, "outputs": [{"file": "p.mkv", "codec": "ffv1"}]}"#
        try Data(preset.utf8).write(to: folder.appendingPathComponent("loop.json"))
        let encoded = try cli.run(["encode", "--preset", "loop.json", "-q", "-y"])
        XCTAssertEqual(encoded.status, 0, encoded.err)
        XCTAssertEqual(try frames("p.mkv"), loop)
    }
    /// Every shipped preset that says it loops does: encoded at twice its length (twice the
    /// whole cycles, from the same start), its frames are its own and then its first again, so
    /// the frame after its last is its first. Raw frames, small: the scene's timing is what is
    /// checked, not the preset's size or format; the first frame comes back to within a unit of
    /// premultiplied colour (the bars' fades are sums of frame times and delays, a rounding apart).
    func testTheShippedLoopingPresetsLoop() throws {
        let presets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../presets").standardized
        func fields(_ name: String) throws -> [String: Any] {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: presets.appendingPathComponent(name))) as? [String: Any])
        }
        let looping = try FileManager.default.contentsOfDirectory(atPath: presets.path)
            .filter { try $0.hasSuffix(".json") && fields($0)["loop"] as? Bool == true }.sorted()
        XCTAssertEqual(looping, ["readme-gif.json", "web-loader-transparent.json"])
        let frameBytes = 48 * 48 * 4
        /// The clip's frames, premultiplied.
        func premultipliedFrames(_ arguments: [String]) throws -> [[Int]] {
            let run = try cli.run(["encode", "--size", "48x48", "--scale", "0.2", "--no-session", "-q", "-y"] + arguments + ["out.rgba"])
            XCTAssertEqual(run.status, 0, run.err)
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent("out.rgba")))
            return stride(from: 0, to: bytes.count, by: frameBytes).map { start in
                (start..<(start + frameBytes)).map { i in
                    i % 4 == 3 ? Int(bytes[i]) : (Int(bytes[i]) * Int(bytes[i - i % 4 + 3]) + 127) / 255
                }
            }
        }
        for name in looping {
            let preset = presets.appendingPathComponent(name).path
            let seconds = try XCTUnwrap(try fields(name)["seconds"] as? Double)
            let once = try premultipliedFrames(["--preset", preset])
            let twice = try premultipliedFrames(["--preset", preset, "--seconds", "\(2 * seconds)"])
            XCTAssertEqual(twice.count, 2 * once.count, name)
            XCTAssertTrue(Array(twice.prefix(once.count)) == once, "\(name): the same frames from the same start")
            let after = zip(twice[once.count], once[0]).map { abs($0 - $1) }
            XCTAssertLessThanOrEqual(after.max() ?? 0, 1, "\(name): the frame after the last is the first")
            XCTAssertGreaterThan(Set(once).count, 2, "\(name): it moves")
        }
    }
}
