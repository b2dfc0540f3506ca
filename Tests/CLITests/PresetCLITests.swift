import Foundation
import XCTest

/// `encode --preset` and `validate` as a user runs them.
final class PresetCLITests: XCTestCase {
    var folder: URL!
    var cli: CLIRunner { CLIRunner(folder: folder) }
    static let presets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../presets").standardized

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-preset-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func probe(_ file: String, _ entries: String) throws -> String {
        try cli.tool("ffprobe", ["-v", "error", "-count_frames", "-show_entries", entries, "-of", "csv=p=0",
                                 folder.appendingPathComponent(file).path])
    }

    /// A template filled through `--set params.…` renders the very frames of the same values
    /// written into the file (the title card's name and brand colour).
    func testATemplateFilledBySetEqualsTheValuesWrittenIn() throws {
        let examples = Self.presets.deletingLastPathComponent().appendingPathComponent("docs/scenes")
        let title = try String(contentsOf: examples.appendingPathComponent("title.json"), encoding: .utf8)
        let written = title.replacingOccurrences(of: #""default": "Orbit""#, with: #""default": "Hello""#)
            .replacingOccurrences(of: ##""default": "#7B61FF""##, with: ##""default": "#FF5A5F""##)
        XCTAssertNotEqual(written, title)
        try Data(title.utf8).write(to: folder.appendingPathComponent("title.json"))
        try Data(written.utf8).write(to: folder.appendingPathComponent("written.json"))
        func preset(_ file: String, _ output: String) -> String {
            #"{"scene-file": "\#(file)", "size": "160x90", "scale": 0.25, "fps": 10, "seconds": 2.5, "outputs": [{"file": "\#(output)", "codec": "ffv1"}]}"#
        }
        try Data(preset("title.json", "set.mkv").utf8).write(to: folder.appendingPathComponent("set.json"))
        try Data(preset("written.json", "written.mkv").utf8).write(to: folder.appendingPathComponent("written-preset.json"))
        let set = try cli.run(["encode", "--preset", "set.json", "--set", "params.title=Hello", "--set", "params.brand=#FF5A5F", "-q", "-y"])
        XCTAssertEqual(set.status, 0, set.err)
        XCTAssertEqual(try cli.run(["encode", "--preset", "written-preset.json", "-q", "-y"]).status, 0)
        let (a, b) = (try cli.run(["hash", "set.mkv"]).out, try cli.run(["hash", "written.mkv"]).out)
        XCTAssertEqual(a.split(separator: "\n").filter { !$0.hasPrefix("#") }.count, 25)
        XCTAssertEqual(a.split(separator: "\n").filter { !$0.hasPrefix("#") }, b.split(separator: "\n").filter { !$0.hasPrefix("#") })
    }

    /// A copy of the shipped presets and their templates in the test's folder, so that what they
    /// write beside themselves lands there: its `presets` folder.
    func shippedPresets() throws -> URL {
        for name in ["presets", "templates"] {
            try FileManager.default.copyItem(at: Self.presets.deletingLastPathComponent().appendingPathComponent(name),
                                             to: folder.appendingPathComponent(name))
        }
        return folder.appendingPathComponent("presets")
    }

    /// Every shipped preset validates and encodes (made small and short with --set, so the test is quick).
    func testEveryShippedPresetEncodes() throws {
        let presets = try shippedPresets()
        let files = try FileManager.default.contentsOfDirectory(atPath: presets.path).filter { $0.hasSuffix(".json") }.sorted()
        for file in files {
            let path = presets.appendingPathComponent(file).path
            XCTAssertEqual(try cli.run(["validate", path]).status, 0, file)
            // The promos' shots last 8 s: their last 0.2 s (a clip shorter than the shots that do not stretch is an error).
            let short = file.hasPrefix("promo") ? ["--set", "start=7.8", "--set", "seconds=0.2"] : ["--set", "seconds=0.2"]
            let result = try cli.run(["encode", "--preset", path, "--set", "size=96x96", "--set", "scale=0.3", "-q", "-y"] + short)
            XCTAssertEqual(result.status, 0, "\(file): \(result.err)")
        }
        for output in ["activity-indicator-loader.webm", "activity-indicator-loader.mov",
                       "activity-indicator-loader.gif", "loader-preview.gif",
                       "promo-instagram-square.mp4", "promo-story.mp4", "promo-youtube-1080p60.mp4", "promo-app-store-preview.mp4",
                       "promo-campaign-square.mp4", "promo-campaign-portrait.mp4", "promo-campaign-story.mp4", "promo-campaign-youtube.mp4",
                       "promo-instagram-portrait.mp4",
                       "lower-third.mov", "lower-third.webm"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: presets.appendingPathComponent(output).path), output)
        }
        XCTAssertEqual(try probe("presets/promo-youtube-1080p60.mp4", "stream=codec_name,r_frame_rate,nb_read_frames"), "h264,60/1,12\naac,0/0,10\n",
                       "the promos carry their sound logo")
        XCTAssertEqual(try probe("presets/activity-indicator-loader.mov", "stream=codec_name,pix_fmt"), "prores,yuva444p12le\n")
    }

    /// `still --preset` draws the preset's frame: its scene, size and scale (readme-gif: the
    /// loader at 480x270, scale 1.5), smaller with --fit (the same canvas), --set applied.
    func testStillOfAPreset() throws {
        let path = Self.presets.appendingPathComponent("readme-gif.json").path
        func png(_ name: String) -> Data? { FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) }
        for (preset, scene) in [(["--time", "0.25"], ["--size", "480x270", "--scale", "1.5"]),
                                (["--time", "0.25", "--fit", "240"], ["--size", "240x135", "--scale", "0.75"]),
                                (["--time", "0.25", "--set", "params.color=#FF3B30"], ["--size", "480x270", "--scale", "1.5", "--param", "color=#FF3B30"])] {
            let a = try cli.run(["still", "--preset", path, "-y", "a.png"] + preset)
            XCTAssertEqual(a.status, 0, a.err)
            let b = try cli.run(["still", "--scene", "loader", "--time", "0.25", "-y", "b.png"] + scene)
            XCTAssertEqual(b.status, 0, b.err)
            XCTAssertNotNil(png("a.png"))
            XCTAssertEqual(png("a.png"), png("b.png"), "\(preset)")
        }
        XCTAssertEqual(try cli.run(["still", "--scene", "loader", "--set", "seconds=1", "c.png"]).status, 2, "--set needs a preset")
    }

    /// One rule for paths: a picture knob's path in a preset is relative to the preset, a
    /// template's default to the template, one in a batch's table to the table, and one on the
    /// command line (`--set`, `--param`) to the working folder; `validate` opens the knob's
    /// picture as an encode does. Here a red
    /// picture beside the preset, a green one in the working folder and a blue default beside
    /// the template, each shown over the whole frame.
    func testAPathIsRelativeToTheFileThatWritesItOrToTheWorkingFolder() throws {
        for (folder, name) in [("presets", "red"), ("", "green"), ("templates", "blue")] {
            let place = self.folder.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
            _ = try cli.tool("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "color=\(name):s=8x8", "-frames:v", "1", "-y",
                                        place.appendingPathComponent(name + ".png").path])
        }
        let card = #"{"parameters": {"logo": {"type": "image", "default": "blue.png"}}, "#
            + #""layers": [{"bounds": [0, 0, 8, 8], "position": [4, 4], "contents": "$logo"}]}"#
        try Data(card.utf8).write(to: folder.appendingPathComponent("templates/card.json"))
        let preset = #"{"scene-file": "../templates/card.json", "params": {"logo": "red.png"}, "size": "8x8", "scale": 1, "fps": 10, "seconds": 0.1, "#
            + #""outputs": [{"file": "card.rgba"}]}"#
        try Data(preset.utf8).write(to: folder.appendingPathComponent("presets/card.json"))
        /// The colour of the first pixel of raw RGBA frames: the name of its strongest channel.
        func firstColour(of file: String) throws -> String {
            let pixel = [UInt8](try Data(contentsOf: folder.appendingPathComponent(file))).prefix(3)
            return pixel.max().map { ["red", "green", "blue"][pixel.firstIndex(of: $0)!] } ?? "none"
        }
        /// The colour of the first pixel of the clip the arguments make.
        func colour(_ arguments: [String]) throws -> String {
            let run = try cli.run(arguments + ["-q", "-y", "out.rgba"])
            XCTAssertEqual(run.status, 0, run.err)
            return try firstColour(of: "out.rgba")
        }
        XCTAssertEqual(try colour(["encode", "--preset", "presets/card.json"]), "red", "the preset's picture, beside the preset")
        XCTAssertEqual(try colour(["encode", "--preset", "presets/card.json", "--set", "params.logo=green.png"]), "green", "--set: the working folder")
        XCTAssertEqual(try colour(["encode", "--scene-file", "templates/card.json", "--param", "logo=green.png", "--size", "8x8", "--scale", "1",
                                   "--seconds", "0.1"]), "green", "--param: the working folder")
        XCTAssertEqual(try colour(["encode", "--scene-file", "templates/card.json", "--size", "8x8", "--scale", "1", "--seconds", "0.1"]),
                       "blue", "the template's default, beside the template")
        // validate opens the picture an encode would, and says which it could not.
        XCTAssertEqual(try cli.run(["validate", "presets/card.json"]).status, 0)
        let missing = try cli.run(["validate", "presets/card.json", "--set", "params.logo=red.png"])
        XCTAssertEqual(missing.status, 2, "red.png is beside the preset, not in the working folder")
        XCTAssertTrue(missing.err.contains("red.png"), missing.err)
        // The preset's output is beside the preset; one given with --set or as OUTPUT, in the working folder.
        XCTAssertEqual(try cli.run(["encode", "--preset", "presets/card.json", "-q"]).status, 0)
        XCTAssertEqual(try firstColour(of: "presets/card.rgba"), "red")
        XCTAssertEqual(try cli.run(["encode", "--preset", "presets/card.json", "--set", "outputs.0.file=here.rgba", "-q"]).status, 0)
        XCTAssertEqual(try firstColour(of: "here.rgba"), "red")
        // An output's missing folders are made.
        let nested = try cli.run(["encode", "--preset", "presets/card.json", "-q", "clips/new/card.rgba"])
        XCTAssertEqual(nested.status, 0, nested.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("clips/new/card.rgba").path))
        // A batch's table: a path in a cell is relative to the table (pick.png is beside it only).
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("rows"), withIntermediateDirectories: true)
        _ = try cli.tool("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "color=green:s=8x8", "-frames:v", "1", "-y",
                                    folder.appendingPathComponent("rows/pick.png").path])
        try Data("params.logo,outputs.0.file\npick.png,clips/row.rgba\n".utf8).write(to: folder.appendingPathComponent("rows/cards.csv"))
        let batch = try cli.run(["batch", "presets/card.json", "--rows", "rows/cards.csv", "-q"])
        XCTAssertEqual(batch.status, 0, batch.out + batch.err)
        XCTAssertEqual(try firstColour(of: "rows/clips/row.rgba"), "green", "the table's picture and output, beside the table")
    }

    /// Precedence: command-line flags over --set over the preset over what it extends.
    func testFlagsWinOverSetWhichWinsOverThePreset() throws {
        let path = Self.presets.appendingPathComponent("readme-gif.json").path
        // (Not looping: a loop would round the lengths to whole cycles.)
        let set = try cli.run(["encode", "--preset", path, "--set", "loop=false", "--set", "seconds=0.5", "--set", "size=64x36", "-q", "a.mp4"])
        XCTAssertEqual(set.status, 0, set.err)
        XCTAssertEqual(try probe("a.mp4", "stream=width,nb_read_frames"), "64,10\n")
        let flags = try cli.run(["encode", "--preset", path, "--set", "loop=false", "--set", "seconds=0.5", "--seconds", "0.2", "--size", "32x18", "-q", "b.mp4"])
        XCTAssertEqual(flags.status, 0, flags.err)
        XCTAssertEqual(try probe("b.mp4", "stream=width,nb_read_frames"), "32,4\n")
    }

    /// A command-line output or rate control replaces the preset's where it applies: --crf skips
    /// the GIF, an output of another container takes that container's defaults, and an option
    /// value that happens to equal the output name stays an option value.
    func testCommandLineOutputAndRateReplaceThePresets() throws {
        let small = ["--set", "loop=false", "--set", "seconds=0.2", "--set", "size=48x48", "--set", "scale=0.2", "-q"]
        let web = try shippedPresets().appendingPathComponent("web-loader-transparent.json").path
        let crf = try cli.run(["encode", "--preset", web, "--crf", "40"] + small)
        XCTAssertEqual(crf.status, 0, crf.err)
        XCTAssertEqual(try probe("presets/activity-indicator-loader.gif", "stream=codec_name"), "gif\n")
        let readme = Self.presets.appendingPathComponent("readme-gif.json").path
        let mp4 = try cli.run(["encode", "--preset", readme, "--bitrate", "1M", "x.mp4"] + small)
        XCTAssertEqual(mp4.status, 0, mp4.err)
        XCTAssertEqual(try probe("x.mp4", "stream=codec_name,nb_read_frames"), "h264,4\n")
        let titled = try cli.run(["encode", "--preset", readme, "--title", "t.mp4", "t.mp4"] + small)
        XCTAssertEqual(titled.status, 0, titled.err)
        XCTAssertEqual(try probe("t.mp4", "format_tags=title"), "t.mp4\n")
    }

    func testValidateReportsErrorsWithExitTwo() throws {
        let bad = folder.appendingPathComponent("bad.json")
        try #"{"scene": "loader", "outputs": [{"file": "a.mp4", "crf": true}]}"#.write(to: bad, atomically: false, encoding: .utf8)
        let result = try cli.run(["validate", bad.path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("bad.json:1:58: outputs[0].crf: expected a number, not true or false"), result.err)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["bad.json"], "validate writes nothing")
        let encode = try cli.run(["encode", "--preset", bad.path])
        XCTAssertEqual(encode.status, 2)
        // What only the encoder setup knows is checked too, and named by output.
        for (text, expected) in [(#"{"scene": "loader", "size": "101x100", "outputs": [{"file": "a.mp4"}]}"#,
                                  "bad.json:1:52: outputs[0]: a.mp4: 101x100 has an odd side"),
                                 (#"{"scene": "loader", "fps": 500, "outputs": [{"file": "a.mp4"}]}"#,
                                  "bad.json:1:28: fps: 500 is out of range (1…240)"),
                                 (#"{"scene": "loader", "fps": "fast", "outputs": [{"file": "a.mp4"}]}"#,
                                  "bad.json:1:28: fps: 'fast' is not a frame rate"),
                                 (#"{"scene": "loader", "outputs": [{"file": "a.mp4", "pix-fmt": "yuv422p"}]}"#,
                                  "bad.json:1:62: outputs[0].pix-fmt: h264 takes yuv420p, yuv444p, not yuv422p"),
                                 (#"{"scene": "loader", "outputs": [{"file": "a.webm", "codec": "h264"}]}"#,
                                  "bad.json:1:61: outputs[0].codec: webm takes vp9, vp8, av1, not \"h264\"")] {
            try text.write(to: bad, atomically: false, encoding: .utf8)
            let result = try cli.run(["validate", bad.path])
            XCTAssertEqual(result.status, 2)
            XCTAssertTrue(result.err.contains(expected), result.err)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["bad.json"], "validate writes nothing")
    }
}

extension PresetCLITests {
    /// One preset writes several shapes and rates: an output's own `size` and `fps` replace the
    /// preset's for it, its frames are those of an encode of that size and rate alone, and the
    /// frames are rendered once for each distinct size and rate (the progress counts 10 + 10 + 20
    /// frames for four outputs, not 50).
    func testOnePresetWritesSeveralShapesRenderingEachOnce() throws {
        try #"""
        {"scene": "dot-grid", "size": "96x96", "scale": 0.3, "fps": 10, "seconds": 1,
         "outputs": [{"file": "square.mkv"}, {"file": "square.mp4"}, {"file": "story.mkv", "size": "96x160"},
                     {"file": "fast.mkv", "fps": 20}]}
        """#.write(to: folder.appendingPathComponent("shapes.json"), atomically: true, encoding: .utf8)
        let validated = try cli.run(["validate", "shapes.json"])
        XCTAssertEqual(validated.status, 0, validated.err)
        XCTAssertTrue(validated.out.contains("4 outputs (square.mkv, square.mp4, story.mkv at 96x160, fast.mkv at 20 fps)"), validated.out)
        let result = try cli.run(["encode", "--preset", "shapes.json", "--progress", "json", "-y"])
        XCTAssertEqual(result.status, 0, result.err)
        let last = try XCTUnwrap(result.err.split(separator: "\n").last { $0.hasPrefix("{\"frames\"") })
        XCTAssertTrue(last.hasPrefix(#"{"frames":40,"total":40,"#), String(last))
        XCTAssertEqual(try probe("square.mp4", "stream=width,height,r_frame_rate,nb_read_frames"), "96,96,10/1,10\n")
        XCTAssertEqual(try probe("story.mkv", "stream=width,height,r_frame_rate,nb_read_frames"), "96,160,10/1,10\n")
        XCTAssertEqual(try probe("fast.mkv", "stream=width,height,r_frame_rate,nb_read_frames"), "96,96,20/1,20\n")
        // Lossless outputs (FFV1), so the frames compare exactly.
        for (output, flags) in [("story.mkv", ["--size", "96x160", "--fps", "10"]), ("fast.mkv", ["--size", "96x96", "--fps", "20"]),
                                ("square.mkv", ["--size", "96x96", "--fps", "10"])] {
            let alone = try cli.run(["encode", "--scene", "dot-grid", "--scale", "0.3", "--seconds", "1", "--no-session", "-q", "-y"] + flags + ["alone.mkv"])
            XCTAssertEqual(alone.status, 0, alone.err)
            XCTAssertEqual(try cli.frameHashes(output), try cli.frameHashes("alone.mkv"), output)
        }
        // The command line's size is every output's.
        let small = try cli.run(["encode", "--preset", "shapes.json", "--size", "64x64", "-q", "-y"])
        XCTAssertEqual(small.status, 0, small.err)
        XCTAssertEqual(try probe("story.mkv", "stream=width,height"), "64,64\n")
        // An output's own field is checked where it is written.
        try #"{"scene": "dot-grid", "outputs": [{"file": "a.mp4", "size": "97x96"}]}"#
            .write(to: folder.appendingPathComponent("odd.json"), atomically: true, encoding: .utf8)
        let odd = try cli.run(["validate", "odd.json"])
        XCTAssertEqual(odd.status, 2)
        XCTAssertTrue(odd.err.contains("outputs[0].size: ") && odd.err.contains("97x96"), odd.err)
    }
}
