import Documents
import Foundation
import Geometry
import Jobs
import Media
import Pipeline
import XCTest

/// Presets: loading, extends, --set, and a corpus of malformed files with their messages.
final class PresetTests: XCTestCase {
    var folder: URL!
    static let presets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../presets").standardized

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-presets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: false, encoding: .utf8)
        return url.path
    }

    func testShippedPresetsLoad() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.presets.path).filter { $0.hasSuffix(".json") }
        XCTAssertGreaterThanOrEqual(files.count, 6)
        for file in files {
            XCTAssertNoThrow(try PresetLoader.load(path: Self.presets.appendingPathComponent(file).path) { try LayerImageCodec.decode($0) }, file)
        }
        let web = try PresetLoader.load(path: Self.presets.appendingPathComponent("web-loader-transparent.json").path)
        // Beside the preset, as every path the preset writes.
        XCTAssertEqual(web.outputs.map(\.file), ["activity-indicator-loader.webm", "activity-indicator-loader.mov", "activity-indicator-loader.gif"]
            .map { Self.presets.appendingPathComponent($0).path })
        XCTAssertEqual(web.clip.background, "transparent")
    }

    /// promo-story.json extends promo-instagram-square.json: it inherits the scene file, knobs,
    /// scale and fps (neither says how long: the template's shots do, 8 s), and its outputs
    /// replace the base's.
    func testExtends() throws {
        let story = try PresetLoader.load(path: Self.presets.appendingPathComponent("promo-story.json").path) { try LayerImageCodec.decode($0) }
        let square = try PresetLoader.load(path: Self.presets.appendingPathComponent("promo-instagram-square.json").path) { try LayerImageCodec.decode($0) }
        XCTAssertEqual(story.clip.scene, square.clip.scene)
        XCTAssertEqual(story.clip.size.map { [$0.width, $0.height] }, [1080, 1920])
        XCTAssertEqual(story.clip.scale, 3)
        XCTAssertNil(story.clip.seconds)
        XCTAssertEqual(try ResolvedClip(story.clip, command: "test").clip.seconds, 8)
        XCTAssertEqual(story.clip.frameRate, FrameRate(numerator: 30))
        XCTAssertEqual(story.clip.params, square.clip.params)
        XCTAssertEqual(story.outputs.map(\.file), [Self.presets.appendingPathComponent("promo-story.mp4").path])
    }

    /// A preset's knobs merge over those of the preset it extends.
    func testExtendedKnobsMerge() throws {
        _ = try write("base.json", ##"{"scene": "spinner-dots", "params": {"debug": false, "color": "#0A84FF"}, "outputs": [{"file": "a.mp4"}]}"##)
        let child = try write("child.json", ##"{"extends": "base.json", "params": {"color": "#FF375F"}, "outputs": [{"file": "b.mp4"}]}"##)
        let preset = try PresetLoader.load(path: child)
        XCTAssertEqual(preset.clip.scene, .named("spinner-dots"))
        XCTAssertEqual(preset.clip.params, ["debug=false", "color=#FF375F"])
        XCTAssertEqual(preset.outputs.map { URL(fileURLWithPath: $0.file).lastPathComponent }, ["b.mp4"])
    }

    /// Values arrive typed, read as the command line reads them: frame rates as fractions,
    /// bitrates in bits a second, codecs from the container's list.
    func testValuesAreTyped() throws {
        let outputs = #"[{"file": "a.mp4", "codec": "HEVC", "bitrate": "2.5M", "encoder-preset": "fast"}, {"file": "b.webm", "bitrate": 800000}]"#
        let path = try write("typed.json", #"{"scene": "loader", "fps": "29.97", "size": "640x360", "outputs": \#(outputs)}"#)
        let preset = try PresetLoader.load(path: path)
        XCTAssertEqual(preset.clip.frameRate, FrameRate(numerator: 30000, denominator: 1001))
        XCTAssertEqual(preset.clip.size.map { [$0.width, $0.height] }, [640, 360])
        XCTAssertEqual(preset.outputs[0].choices.codec, .hevc)
        XCTAssertEqual(preset.outputs[0].choices.bitrate, 2_500_000)
        XCTAssertEqual(preset.outputs[1].choices.bitrate, 800_000)
        let settings = try preset.outputs[0].choices.encoderSettings(container: .mp4, width: 640, height: 360,
                                                                    frameRate: try XCTUnwrap(preset.clip.frameRate), alpha: false)
        XCTAssertEqual(settings.resolvedCodec, .hevc)
        XCTAssertEqual(settings.preset, "fast")
        XCTAssertNil(settings.crf, "a bitrate replaces the default crf")
    }

    func testSetOverridesAnyField() throws {
        let path = Self.presets.appendingPathComponent("promo-instagram-square.json").path
        let preset = try PresetLoader.load(path: path, overrides: ["seconds=2", "params.brand=#FF0000", "outputs.0.crf=24", "size=540x540"]) {
            try LayerImageCodec.decode($0)
        }
        XCTAssertEqual(preset.clip.seconds, 2)
        XCTAssertEqual(preset.clip.params.last, "brand=#FF0000")
        XCTAssertEqual(preset.outputs[0].choices.crf, 24)
        XCTAssertEqual(preset.clip.size.map { [$0.width, $0.height] }, [540, 540])
        // Fields that --set adds are checked like the file's, and its errors point at that --set.
        for (assignment, expected) in [("secnods=2", "--set secnods: secnods: unknown field; did you mean \"seconds\"?"),
                                       ("outputs.0.crff=20", "--set outputs.0.crff: outputs[0].crff: unknown field; did you mean \"crf\"?"),
                                       ("outputs.0.crf=true", "--set outputs.0.crf: outputs[0].crf: expected a number, not true or false"),
                                       ("fps=abc", "--set fps: fps: 'abc' is not a frame rate; write 30, 29.97 or 30000/1001")] {
            XCTAssertThrowsError(try PresetLoader.load(path: path, overrides: [assignment]) { try LayerImageCodec.decode($0) }) {
                XCTAssertTrue("\($0)".hasPrefix(expected), "\($0)")
            }
        }
        XCTAssertThrowsError(try PresetLoader.load(path: path, overrides: ["outputs.3.crf=1"]) { try LayerImageCodec.decode($0) }) {
            XCTAssertEqual("\($0)", "--set outputs.3.crf: no list item 3")
        }
    }

    /// Each malformed file gives its message: file, line and column, the field's JSON path, and
    /// what was expected.
    func testMalformedCorpus() throws {
        let valid = #"{"scene": "loader", "outputs": [{"file": "a.mp4"}]}"#
        XCTAssertNoThrow(try PresetLoader.load(path: try write("valid.json", valid)))
        let cases: [(String, String)] = [
            ("{\"scene\": \"loader\",\n  \"outputs\": [}", "bad.json:2:15: unexpected character; expected a value"),
            ("[1, 2]", "bad.json:1:1: a preset is an object, not a list"),
            ("{\"scene\": 3, \"outputs\": [{\"file\": \"a.mp4\"}]}", "bad.json:1:11: scene: expected a scene name, not a number"),
            ("{\"scene\": \"loader\",\n \"secnods\": 3, \"outputs\": [{\"file\": \"a.mp4\"}]}", "bad.json:2:13: secnods: unknown field; did you mean \"seconds\"?"),
            ("{\"scene\": \"loadr\", \"outputs\": [{\"file\": \"a.mp4\"}]}", "bad.json:1:11: scene: unknown scene \"loadr\"; did you mean \"loader\"?"),
            ("{\"scene\": \"loader\", \"params\": {\"colour\": \"#FF0000\"}, \"outputs\": [{\"file\": \"a.mp4\"}]}",
             "bad.json:1:42: params.colour: scene 'loader' has no parameter 'colour' (its parameters: color, count"),
            ("{\"scene\": \"loader\", \"params\": {\"radius\": -4}, \"outputs\": [{\"file\": \"a.mp4\"}]}",
             "bad.json:1:42: params.radius: parameter radius: '-4' is not a valid value (expected number 0.5…500)"),
            ("{\"scene\": \"loader\", \"seconds\": 99999, \"outputs\": [{\"file\": \"a.mp4\"}]}", "bad.json:1:32: seconds: 99999 is out of range"),
            ("{\"scene\": \"loader\", \"size\": \"100000x2\", \"outputs\": [{\"file\": \"a.mp4\"}]}", "bad.json:1:29: size: 100000x2 is out of range"),
            ("{\"scene\": \"loader\"}", "bad.json: outputs: missing: a preset lists its outputs"),
            ("{\"scene\": \"loader\", \"outputs\": []}", "bad.json:1:32: outputs: expected a non-empty list of outputs"),
            ("{\"scene\": \"loader\", \"outputs\": [{\"fiel\": \"a.mp4\"}]}", "bad.json:1:42: outputs[0].fiel: unknown field; did you mean \"file\"?"),
            ("{\"scene\": \"loader\", \"outputs\": [{\"file\": \"a.mp4\", \"crf\": \"best\"}]}", "bad.json:1:58: outputs[0].crf: expected a number, not \"best\""),
            (String(repeating: "[", count: 200), "nesting deeper than 64 levels"),
            ("{\"scene\": \"loader\", \"scene\": \"ripple\"}", "bad.json:1:21: the member \"scene\" appears twice"),
            ("{\"scene\": \"loader\", \"fps\": 1e19, \"outputs\": [{\"file\": \"a.mp4\"}]}", "bad.json:1:28: fps: 1e+19 is out of range"),
            ("{\"scene\": \"loader\", \"outputs\": [{\"file\": \"a.mp4\", \"bitrate\": 1e300}]}", "bad.json:1:62: outputs[0].bitrate: 1e+300 is out of range"),
            ("{\"scene\": \"loader\", \"outputs\": [{\"file\": \"a.mp4\", \"crf\": 18.5}]}", "bad.json:1:58: outputs[0].crf: expected a whole number, not 18.5"),
            ("{\"scene\": \"loader\", \"size\": \"1080x1080x\", \"outputs\": [{\"file\": \"a.mp4\"}]}", "bad.json:1:29: size: '1080x1080x' is not a size; write WIDTHxHEIGHT"),
            ("{\"scene\": \"loader\", \"fps\": 12.3456, \"outputs\": [{\"file\": \"a.mp4\"}]}", "bad.json:1:28: fps: 12.3456 is not a frame rate"),
            ("{\"scene\": \"loader\", \"seconds\": 0.01, \"outputs\": [{\"file\": \"a.mp4\"}]}", "bad.json:1:32: seconds: 0.01 s at 30 fps is less than one frame"),
            ("{\"scene\": \"loader\", \"outputs\": [{\"file\": \"f%d%d.png\"}]}", "bad.json:1:42: outputs[0].file: f%d%d.png: a PNG sequence needs exactly one frame number"),
        ]
        for (text, expected) in cases {
            let path = try write("bad.json", text)
            XCTAssertThrowsError(try PresetLoader.load(path: path), text) { error in
                let message = "\(error)".replacingOccurrences(of: folder.path + "/", with: "")
                XCTAssertTrue(message.contains(expected), "\(text)\n got: \(message)\n want: \(expected)")
            }
        }
        // A bad value inherited through extends is reported in the file that holds it.
        _ = try write("base.json", "{\"scene\": \"loader\",\n \"seconds\": -1}")
        let child = try write("child.json", #"{"extends": "base.json", "outputs": [{"file": "x.mp4"}]}"#)
        XCTAssertThrowsError(try PresetLoader.load(path: child)) {
            XCTAssertTrue("\($0)".hasSuffix("base.json:2:13: seconds: -1 is out of range (0.001…3600)"), "\($0)")
        }
        // A preset of another scene does not inherit the base's knobs (loader's would not fit).
        let ripple = try write("ripple.json", #"{"extends": "base-loader.json", "scene": "ripple"}"#)
        _ = try write("base-loader.json", #"{"scene": "loader", "params": {"pulse": 0.3}, "outputs": [{"file": "x.mp4"}]}"#)
        XCTAssertTrue(try PresetLoader.load(path: ripple).clip.params.isEmpty)
        // An extends loop is found.
        _ = try write("a.json", #"{"extends": "b.json", "scene": "loader", "outputs": [{"file": "x.mp4"}]}"#)
        let b = try write("b.json", #"{"extends": "a.json"}"#)
        XCTAssertThrowsError(try PresetLoader.load(path: b)) { XCTAssertTrue("\($0)".contains("extends itself in a loop"), "\($0)") }
    }

    /// Thousands of random mutations of the shipped presets: each loads or fails with a
    /// DocumentError, never a crash or a hang.
    func testFuzzedPresetsFailCleanly() throws {
        var generator = SplitMix64(seed: 2026)
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.presets.path).filter { $0.hasSuffix(".json") }.sorted()
        let alphabet = Array("{}[]\":,0123456789.-eE truefalsnul#xabcdef\\\n".utf8)
        var failures = 0
        for round in 0..<3000 {
            let original = try Data(contentsOf: Self.presets.appendingPathComponent(files[round % files.count]))
            var bytes = [UInt8](original)
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let i = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes.remove(at: i)
                case 1: bytes.insert(alphabet.randomElement(using: &generator)!, at: i)
                default: bytes[i] = alphabet.randomElement(using: &generator)!
                }
            }
            let path = folder.appendingPathComponent("fuzz.json").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            do {
                _ = try PresetLoader.load(path: path)
            } catch {
                failures += 1
            }
        }
        XCTAssertGreaterThan(failures, 1000, "most mutations are errors, each a DocumentError")
    }
}
