import Foundation
import XCTest

/// A scene file's shots, as a template author uses them: shots end to end, each in its own time,
/// a transition overlapping two, one shot's length moving the later ones, a longer clip
/// stretching the shots that may. The expected pixels follow from the lengths written (a cut at
/// the sum of the lengths before, less the transitions) and from linear timing.
final class ShotsCLITests: XCTestCase {
    var folder: URL!
    var cli: CLIRunner { CLIRunner(folder: folder) }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-shots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // a: red, 1 s; b: green fading in over its first second (a beginTime of 0: its own
        // start), 1 s, stretching; c: blue, 1 s, pushed in from the right over the last 0.5 s of b.
        try write("""
        {"background": "#000000",
         "shots": [
           {"name": "a", "seconds": 1, "layers": [{"frame": [0, 0, 40, 20], "backgroundColor": "#FF0000"}]},
           {"name": "b", "seconds": 1, "stretch": true, "layers": [{"frame": [0, 0, 40, 20], "backgroundColor": "#00FF00",
              "animations": [{"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1}]}]},
           {"name": "c", "seconds": 1, "transition": {"type": "push", "subtype": "fromRight", "duration": 0.5, "timingFunction": "linear"},
            "layers": [{"frame": [0, 0, 40, 20], "backgroundColor": "#0000FF"}]}
         ]}
        """, to: "shots.json")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func write(_ text: String, to name: String) throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    /// The frames of a 40×20 raw encode at 10 fps, each as RGBA bytes.
    func frames(_ arguments: [String]) throws -> [[UInt8]] {
        let result = try cli.run(["encode", "--scene-file", "shots.json", "--size", "40x20", "--scale", "1", "--fps", "10", "--no-session",
                                  "-q", "-y"] + arguments + ["out.rgba"])
        XCTAssertEqual(result.status, 0, result.err)
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent("out.rgba")))
        return stride(from: 0, to: bytes.count, by: 40 * 20 * 4).map { Array(bytes[$0..<min($0 + 40 * 20 * 4, bytes.count)]) }
    }

    func pixel(_ frame: [UInt8], _ x: Int, _ y: Int) -> [Int] {
        (0..<3).map { Int(frame[(y * 40 + x) * 4 + $0]) }
    }

    func assertPixel(_ frame: [UInt8], _ x: Int, _ y: Int, _ expected: [Int], _ message: String, line: UInt = #line) {
        let got = pixel(frame, x, y)
        XCTAssertTrue(zip(got, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(message): \(got), expected \(expected)", line: line)
    }

    func testShotsFollowEachOtherInTheirOwnTime() throws {
        // 1 + 1 + 1 − 0.5 = 2.5 s: the clip's length when none is chosen.
        let clip = try frames([])
        XCTAssertEqual(clip.count, 25)
        assertPixel(clip[5], 20, 10, [255, 0, 0], "0.5 s: a")
        assertPixel(clip[9], 20, 10, [255, 0, 0], "0.9 s: a")
        assertPixel(clip[12], 20, 10, [0, 51, 0], "1.2 s: b, 0.2 s into its fade")
        // 1.7 s: the push is 0.4 through: b moved 16 px left, c's left edge at 24 px.
        assertPixel(clip[17], 5, 10, [0, 179, 0], "1.7 s: b, 0.7 opaque, pushed")
        assertPixel(clip[17], 30, 10, [0, 0, 255], "1.7 s: c coming in")
        assertPixel(clip[22], 20, 10, [0, 0, 255], "2.2 s: c")
    }

    /// A shot's knob moves every later shot; a longer clip stretches the shot that may (its
    /// animations keep their times), a clip too short for the fixed shots is an error.
    func testOneShotsLengthMovesTheRestAndTheClipsLengthStretches() throws {
        let moved = try frames(["--param", "shots.a.seconds=2"])
        XCTAssertEqual(moved.count, 35)
        assertPixel(moved[15], 20, 10, [255, 0, 0], "1.5 s: still a")
        assertPixel(moved[22], 20, 10, [0, 51, 0], "2.2 s: b, 0.2 s in")
        assertPixel(moved[32], 20, 10, [0, 0, 255], "3.2 s: c")

        // 3.5 s: b stretches by (3.5 − 2 + 0.5) ÷ 1 to 2 s; c enters at 2.5 s.
        let stretched = try frames(["--seconds", "3.5"])
        XCTAssertEqual(stretched.count, 35)
        assertPixel(stretched[12], 20, 10, [0, 51, 0], "1.2 s: b's fade keeps its time")
        assertPixel(stretched[22], 20, 10, [0, 255, 0], "2.2 s: b, still on")
        assertPixel(stretched[27], 30, 10, [0, 0, 255], "2.7 s: c coming in")
        assertPixel(stretched[32], 20, 10, [0, 0, 255], "3.2 s: c")

        // A loop is whole sequences, as long as the knobs make them: 3.5 s, not the 2.5 s written.
        XCTAssertEqual(try frames(["--param", "shots.a.seconds=2", "--loop", "--seconds", "3"]).count, 35)

        let short = try cli.run(["encode", "--scene-file", "shots.json", "--seconds", "1", "--no-session", "-q", "-y", "x.rgba"])
        XCTAssertEqual(short.status, 2)
        XCTAssertTrue(short.err.contains("shots: the clip's 1 s is too short for its shots"), short.err)
        try write(try String(contentsOf: folder.appendingPathComponent("shots.json"), encoding: .utf8)
            .replacingOccurrences(of: #""duration": 0.5"#, with: #""duration": 1.5"#), to: "shots.json")
        let long = try cli.run(["validate", "shots.json"])
        XCTAssertEqual(long.status, 2)
        XCTAssertTrue(long.err.contains(#"shots: shot "c": its transition of 1.5 s is longer than it (1 s) or the shot before (1 s)"#), long.err)
    }

    /// A preset sets a shot's length with `shots` (and `--set shots.NAME.seconds`), as the knob
    /// does; a shot it does not have is an error naming those it has.
    func testAPresetSetsAShotsLength() throws {
        try write(#"{"scene-file": "shots.json", "size": "40x20", "scale": 1, "fps": 10, "shots": {"a": {"seconds": 2}}, "outputs": [{"file": "p.rgba"}]}"#,
                  to: "p.json")
        let preset = try cli.run(["encode", "--preset", "p.json", "--no-session", "-q", "-y"])
        XCTAssertEqual(preset.status, 0, preset.err)
        let knob = try cli.run(["encode", "--scene-file", "shots.json", "--size", "40x20", "--scale", "1", "--fps", "10", "--param", "shots.a.seconds=2",
                                "--no-session", "-q", "-y", "k.rgba"])
        XCTAssertEqual(knob.status, 0, knob.err)
        let a = try Data(contentsOf: folder.appendingPathComponent("p.rgba")), b = try Data(contentsOf: folder.appendingPathComponent("k.rgba"))
        XCTAssertEqual(a.count, 35 * 40 * 20 * 4)
        XCTAssertEqual(a, b)
        let set = try cli.run(["encode", "--preset", "p.json", "--set", "shots.c.seconds=2", "--no-session", "-q", "-y"])
        XCTAssertEqual(set.status, 0, set.err)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("p.rgba")).count, 45 * 40 * 20 * 4, "a 2 s, c 2 s")
        let unknown = try cli.run(["validate", "p.json", "--set", "shots.d.seconds=2"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.err.contains(#"shots.d: no shot called "d" (shots: a, b, c)"#), unknown.err)
    }
}
