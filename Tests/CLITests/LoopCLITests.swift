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
}
