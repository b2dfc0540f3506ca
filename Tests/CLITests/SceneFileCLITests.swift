import Foundation
import XCTest

/// Scene files as a user runs them: export, encode, validate, and a preset that names one.
final class SceneFileCLITests: XCTestCase {
    var folder: URL!
    var cli: CLIRunner { CLIRunner(folder: folder) }
    static let ring = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/scenes/ring.json").standardized.path

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-scenefile-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func framemd5(_ file: String) throws -> [String] {
        try cli.tool("ffmpeg", ["-v", "error", "-i", folder.appendingPathComponent(file).path, "-f", "framemd5", "-"])
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }

    /// The exported Newton's cradle encodes, through --scene-file, to the frames of the built-in
    /// scene (its did-stop rules switch sides at 0.8 s, inside the clip), with the background
    /// knob still working.
    func testExportedSceneEncodesToTheSameFrames() throws {
        let export = try cli.run(["scene", "newtons-cradle", "--export", "json", "--size", "320x180", "--scale", "1", "-o", "cradle.json"])
        XCTAssertEqual(export.status, 0, export.err)
        let again = try cli.run(["scene", "newtons-cradle", "--export", "json", "-o", "cradle.json"])
        XCTAssertEqual(again.status, 2, "an existing file needs -y")
        let common = ["--seconds", "1.2", "--fps", "10", "--size", "320x180", "--scale", "1", "--background", "#203040", "-q", "-y"]
        XCTAssertEqual(try cli.run(["encode", "--scene", "newtons-cradle"] + common + ["a.mp4"]).status, 0)
        let result = try cli.run(["encode", "--scene-file", "cradle.json"] + common + ["b.mp4"])
        XCTAssertEqual(result.status, 0, result.err)
        let a = try framemd5("a.mp4"), b = try framemd5("b.mp4")
        XCTAssertEqual(a.count, 12)
        XCTAssertEqual(a, b)
        XCTAssertEqual(try cli.run(["validate", "cradle.json"]).status, 0)
        // To standard output, the same text.
        let printed = try cli.run(["scene", "newtons-cradle", "--export", "json", "--size", "320x180", "--scale", "1"])
        XCTAssertEqual(printed.out, try String(contentsOf: folder.appendingPathComponent("cradle.json"), encoding: .utf8))
    }

    /// `inspect` reports a running transition with its progress, and the blend mode and blur of
    /// the slides example: its push starts at 1 s and lasts 0.6 s, eased in and out, so at 1.3 s
    /// it is halfway (the curve is symmetric).
    func testInspectShowsTransitionsBlendModesAndBlurs() throws {
        let slides = URL(fileURLWithPath: Self.ring).deletingLastPathComponent().appendingPathComponent("slides.json").path
        let result = try cli.run(["inspect", "--scene-file", slides, "--time", "1.3", "--json"])
        XCTAssertEqual(result.status, 0, result.err)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let layers = try XCTUnwrap(document["layers"] as? [[String: Any]])
        let stack = try XCTUnwrap(layers.first { ($0["path"] as? String)?.hasSuffix("/stack") == true })
        let transition = try XCTUnwrap(stack["transition"] as? [String: Any])
        XCTAssertEqual(transition["type"] as? String, "push")
        XCTAssertEqual(transition["subtype"] as? String, "fromRight")
        XCTAssertEqual(try XCTUnwrap(transition["progress"] as? Double), 0.5, accuracy: 1e-9)
        let glow = try XCTUnwrap(layers.first { ($0["path"] as? String)?.hasSuffix("/glow") == true })
        XCTAssertEqual(glow["compositingFilter"] as? String, "screenBlendMode")
        XCTAssertEqual(glow["blur"] as? Double, 28)
    }

    func testValidateNamesThePlaceAndExitsTwo() throws {
        let text = try String(contentsOfFile: Self.ring, encoding: .utf8).replacingOccurrences(of: "\"opacity\"", with: "\"opactiy\"")
        try Data(text.utf8).write(to: folder.appendingPathComponent("bad.json"))
        let result = try cli.run(["validate", "bad.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("bad.json:17:35:") && result.err.contains("animations.dim.keyPath: unknown key path \"opactiy\"; did you mean \"opacity\"?"),
                      result.err)
        let encode = try cli.run(["encode", "--scene-file", "bad.json", "-y", "out.mp4"])
        XCTAssertEqual(encode.status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.mp4").path))
        let tooMany = try cli.run(["validate", Self.ring, "--param", "count=100"])
        XCTAssertEqual(tooMany.status, 2)
        XCTAssertTrue(tooMany.err.contains("integer 1…60"), tooMany.err)
        let valid = try cli.run(["validate", Self.ring, "--param", "count=7"])
        XCTAssertEqual(valid.status, 0, valid.err)
        XCTAssertTrue(valid.out.contains("valid scene file: ring"), valid.out)
    }

    /// A preset names a scene file relative to itself and sets its knobs.
    func testPresetWithASceneFile() throws {
        try FileManager.default.copyItem(atPath: Self.ring, toPath: folder.appendingPathComponent("ring.json").path)
        let preset = ##"{"scene-file": "ring.json", "params": {"count": 6, "tint": "#00A0E0"}, "size": "128x128", "scale": 1, "seconds": 0.5, "outputs": [{"file": "{scene}-brand.mp4"}]}"##
        try Data(preset.utf8).write(to: folder.appendingPathComponent("brand.json"))
        let result = try cli.run(["encode", "--preset", "brand.json", "-q", "-y"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(try framemd5("ring-brand.mp4").count, 15)
    }

    /// A Lottie file, recognised by its content, encodes with its own size, rate and length;
    /// --size fits and centres it; validate names what is not drawn yet.
    func testALottieFileEncodesWithItsOwnDefaults() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../LottieTests/Files").standardized
        try FileManager.default.copyItem(atPath: corpus.appendingPathComponent("eased-move.json").path,
                                         toPath: folder.appendingPathComponent("move.lottie.json").path)
        let encoded = try cli.run(["encode", "--scene-file", "move.lottie.json", "-q", "move.mp4"])
        XCTAssertEqual(encoded.status, 0, encoded.err)
        let probe = try cli.tool("ffprobe", ["-v", "error", "-count_frames", "-show_entries", "stream=width,height,r_frame_rate,nb_read_frames",
                                             "-of", "csv=p=0", folder.appendingPathComponent("move.mp4").path])
        XCTAssertEqual(probe, "200,200,30/1,60\n")
        let wide = try cli.run(["still", "--scene-file", "move.lottie.json", "--size", "400x200", "-y", "wide.png"])
        XCTAssertEqual(wide.status, 0, wide.err)
        let valid = try cli.run(["validate", "move.lottie.json"])
        XCTAssertEqual(valid.status, 0, valid.err)
        XCTAssertTrue(valid.out.contains("valid Lottie file: eased-move, 200x200, 30 fps, 2 s"), valid.out)
        var text = try String(contentsOf: folder.appendingPathComponent("move.lottie.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: "\"ty\": \"fl\"", with: "\"ty\": \"zz\"")
        try text.write(to: folder.appendingPathComponent("zigzag.json"), atomically: true, encoding: .utf8)
        let warned = try cli.run(["validate", "zigzag.json"])
        XCTAssertEqual(warned.status, 0, warned.err)
        XCTAssertTrue(warned.err.contains("warning: zigzag.json: not supported yet: shape items of type \"zz\" (layers[0].shapes[0].it[1])"), warned.err)
        // What --param can set, with the values now; a scene that is not a Lottie file has knobs instead.
        let keypaths = try cli.run(["scene", "move.lottie.json", "--keypaths"])
        XCTAssertEqual(keypaths.status, 0, keypaths.err)
        XCTAssertTrue(keypaths.out.contains("box.rect.Fill 1.Color = #FF0000\n"), keypaths.out)
        let badMap = try cli.run(["still", "--scene-file", "move.lottie.json", "--font-map", "Century Gothic", "-y", "m.png"])
        XCTAssertEqual(badMap.status, 2)
        XCTAssertTrue(badMap.err.contains("--font-map: 'Century Gothic' is not FAMILY=INSTALLED"), badMap.err)
        // A preset's font-map is checked where it is read, with its place.
        try Data(#"{"scene-file": "move.lottie.json", "font-map": "Inter", "outputs": [{"file": "m.mp4"}]}"#.utf8).write(to: folder.appendingPathComponent("fonts.json"))
        let badPreset = try cli.run(["validate", "fonts.json"])
        XCTAssertEqual(badPreset.status, 2)
        XCTAssertTrue(badPreset.err.contains("fonts.json:1:48: font-map: 'Inter' is not FAMILY=INSTALLED"), badPreset.err)
        let notLottie = try cli.run(["scene", "loader", "--keypaths"])
        XCTAssertEqual(notLottie.status, 2)
        XCTAssertTrue(notLottie.err.contains("--keypaths lists a Lottie file's keypaths; loader is not one"), notLottie.err)
    }
}
