import Foundation
import XCTest

/// The animvid command as a user runs it: exit codes, messages, and the files it writes.
final class CLITests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    static var binary: String { CLIRunner.binary }
    typealias Result = CLIRunner.Result

    /// Runs a command line (through bash when `shell` is given, for ulimit) in the test's folder.
    func run(_ arguments: [String], shell: String? = nil) throws -> Result {
        try CLIRunner(folder: folder).run(arguments, shell: shell)
    }

    func tool(_ name: String, _ arguments: [String]) throws -> String {
        try CLIRunner(folder: folder).tool(name, arguments)
    }

    func assertUsageError(_ arguments: [String], mentions needle: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try run(arguments)
        XCTAssertEqual(result.status, 2, "\(arguments): \(result.err)", file: file, line: line)
        XCTAssertTrue(result.err.contains(needle), "\(arguments): \(result.err)", file: file, line: line)
        XCTAssertEqual(result.err.split(separator: "\n").count, 1, "one-line message: \(result.err)", file: file, line: line)
        XCTAssertTrue(result.out.isEmpty, file: file, line: line)
    }

    /// The runner reads both pipes at once: 200 KB on standard error before the command prints
    /// its version cannot stall it.
    func testRunnerDrainsALargeStandardError() throws {
        let result = try run(["--version"], shell: "head -c 200000 /dev/zero | tr '\\0' x >&2")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.err.count, 200_000)
        XCTAssertEqual(result.out, "animvid 0.1.0\n")
    }

    func testVersionHelpAndScenes() throws {
        XCTAssertEqual(try run(["--version"]).out, "animvid 0.1.0\n")
        let commands = ["encode", "scenes", "scene", "still", "sheet", "inspect", "sessions", "resume", "abandon", "validate", "hash"]
        let invocations = [["--help"], ["help"]] + commands.map { [$0, "--help"] } + commands.map { ["help", $0] }
        for arguments in invocations {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.err)")
            XCTAssertTrue(result.out.hasPrefix("usage: animvid"), "\(arguments)")
        }
        let scenes = try run(["scenes"])
        XCTAssertEqual(scenes.status, 0)
        XCTAssertEqual(scenes.out.split(separator: "\n").count, 15)
        XCTAssertTrue(scenes.out.contains("\nloader "))
        let verbose = try run(["scenes", "--verbose"])
        XCTAssertEqual(verbose.out.components(separatedBy: "  parameters:").count, 16)
        let marquee = try run(["scene", "marquee"])
        XCTAssertTrue(marquee.out.contains("direction"), marquee.out)
        XCTAssertTrue(marquee.out.contains("left|right|up|down"), marquee.out)
    }

    func testUsageErrorsExitTwoWithOneLine() throws {
        try assertUsageError(["frobnicate"], mentions: "unknown command 'frobnicate'")
        try assertUsageError(["encode", "out.mp4"], mentions: "--scene")
        try assertUsageError(["encode", "--scene", "nope", "out.mp4"], mentions: "unknown scene 'nope'")
        try assertUsageError(["encode", "--scene", "loader", "--frobnicate", "out.mp4"], mentions: "--frobnicate")
        // Encoder options are checked before anything runs (no encoder error, no session left).
        try assertUsageError(["encode", "--scene", "loader", "--encoder-preset", "warp", "out.mp4"],
                             mentions: "--encoder-preset: warp is not one of h264's: ultrafast, superfast")
        try assertUsageError(["encode", "--scene", "loader", "--encoder-preset", "99", "out.webm"],
                             mentions: "--encoder-preset: 99 is not one of vp9's: -8…8")
        try assertUsageError(["encode", "--scene", "loader", "--encoder-preset", "fast", "out.mov"], mentions: "--encoder-preset: prores takes no encoder preset")
        try assertUsageError(["encode", "--scene", "loader", "--crf", "20", "--bitrate", "5M", "out.mp4"],
                             mentions: "--bitrate: a constant quality (crf) and a bitrate are alternatives")
        try assertUsageError(["encode", "--scene", "loader", "--pix-fmt", "x", "out.gif"], mentions: "--pix-fmt: gif takes pal8, not x")
        try assertUsageError(["encode", "--scene", "loader", "--frames", "5-2", "out.mp4"], mentions: "--frames: 5-2 ends before it begins")
        try assertUsageError(["encode", "--scene", "loader", "f%s.png"], mentions: "f%s.png: a PNG sequence needs exactly one frame number")
        try assertUsageError(["encode", "--scene", "loader", "f%d%d.png"], mentions: "f%d%d.png: a PNG sequence needs exactly one frame number")
        try assertUsageError(["encode", "--scene", "loader", "--size", "321x180", "out.mp4"], mentions: "322x180")
        try assertUsageError(["encode", "--scene", "loader", "--size", "big", "out.mp4"], mentions: "--size")
        try assertUsageError(["encode", "--scene", "loader", "--fps", "abc", "out.mp4"], mentions: "--fps")
        try assertUsageError(["encode", "--scene", "loader", "--seconds", "-1", "out.mp4"], mentions: "--seconds")
        try assertUsageError(["encode", "--scene", "loader", "--crf", "99", "out.mp4"], mentions: "--crf")
        try assertUsageError(["encode", "--scene", "loader", "--seconds"], mentions: "--seconds needs a value")
        try assertUsageError(["encode", "--scene", "loader", "out.avi"], mentions: ".mp4, .webm, .mov, .mkv, .gif")
        try assertUsageError(["encode", "--scene", "loader", "--background", "transparent", "out.mp4"], mentions: "--background: h264 cannot carry transparency")
        try assertUsageError(["encode", "--scene", "loader", "--codec", "vp9", "out.mp4"], mentions: "--codec: mp4 cannot hold vp9; choose one of: h264, hevc, av1")
        try assertUsageError(["encode", "--scene", "loader", "--frames", "9-3", "out.mp4"], mentions: "--frames")
        try assertUsageError(["encode", "--scene", "loader", "--seconds", "1", "--frames", "0-30", "out.mp4"], mentions: "frames 0-29")
        try assertUsageError(["encode", "--scene", "loader", "--bitrate", "fast", "out.mp4"], mentions: "--bitrate")
        try assertUsageError(["encode", "--scene", "loader"], mentions: "output file")
        try assertUsageError(["encode", "--scene", "loader", "--param", "nope=1", "out.mp4"], mentions: "its parameters: color, count")
        try assertUsageError(["encode", "--scene", "marquee", "--param", "speed=fast", "out.mp4"], mentions: "speed")
        try assertUsageError(["scene", "nope"], mentions: "unknown scene 'nope'")
        try assertUsageError(["still", "--scene", "loadr", "a.png"], mentions: "unknown scene 'loadr'; did you mean 'loader'?")
        try assertUsageError(["still", "--scene", "loader", "out.jpg"], mentions: ".png")
    }

    func testExistingOutputIsRefusedWithoutOverwrite() throws {
        let existing = folder.appendingPathComponent("taken.mp4")
        try Data("keep me".utf8).write(to: existing)
        try assertUsageError(["encode", "--scene", "loader", "--size", "320x180", "--seconds", "0.1", "taken.mp4"], mentions: "--overwrite")
        XCTAssertEqual(try String(contentsOf: existing, encoding: .utf8), "keep me")
        let replaced = try run(["encode", "--scene", "loader", "--size", "320x180", "--seconds", "0.1", "-y", "-q", "taken.mp4"])
        XCTAssertEqual(replaced.status, 0, replaced.err)
        XCTAssertEqual(try tool("ffprobe", ["-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", existing.path]), "h264\n")
    }

    /// What `ffprobe` sees, and `animvid hash` equal to `ffmpeg -f framemd5`, header included.
    func testEncodeProducesATaggedFaststartMP4() throws {
        let result = try run(["encode", "--scene", "loader", "--seconds", "0.5", "--size", "320x180", "out.mp4"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.err.hasPrefix("wrote out.mp4: h264 yuv420p 320x180 30 fps, 15 frames, 0.500 s"), result.err)
        XCTAssertTrue(result.out.isEmpty, "standard output stays free for raw frames")
        let path = folder.appendingPathComponent("out.mp4").path
        let probe = try tool("ffprobe", ["-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
                                         "stream=codec_name,pix_fmt,width,height,r_frame_rate,nb_read_frames,color_range,color_space,color_transfer,color_primaries:format=duration",
                                         "-of", "default=nw=1", path])
        for line in ["codec_name=h264", "pix_fmt=yuv420p", "width=320", "height=180", "r_frame_rate=30/1", "nb_read_frames=15",
                     "color_range=tv", "color_space=bt709", "color_transfer=bt709", "color_primaries=bt709", "duration=0.500000"] {
            XCTAssertTrue(probe.contains(line + "\n"), "\(line) in \(probe)")
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let moov = try XCTUnwrap(bytes.range(of: Data("moov".utf8))).lowerBound
        let mdat = try XCTUnwrap(bytes.range(of: Data("mdat".utf8))).lowerBound
        XCTAssertLessThan(moov, mdat, "faststart: the index comes before the media data")

        let hash = try run(["hash", "out.mp4"])
        XCTAssertEqual(hash.status, 0)
        XCTAssertEqual(hash.out, try tool("ffmpeg", ["-v", "error", "-i", path, "-f", "framemd5", "-"]))
    }

    /// A write failure mid-encode (a file size limit, as a full disk) exits 1 with a clear message
    /// and leaves nothing at the output path; only the session folder is kept, for a later run.
    func testWriteFailureLeavesNoFile() throws {
        let result = try run(["encode", "--scene", "loader", "--seconds", "2", "--size", "640x360", "out.mp4"], shell: "ulimit -f 4")
        XCTAssertEqual(result.status, 1, result.err)
        XCTAssertTrue(result.err.hasPrefix("animvid: encoding out.mp4 failed:"), result.err)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [".out.mp4.animvid"])
        let direct = try run(["encode", "--scene", "loader", "--seconds", "2", "--size", "640x360", "--no-session", "direct.mp4"],
                             shell: "ulimit -f 4")
        XCTAssertEqual(direct.status, 1, direct.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("direct.mp4").path))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [".out.mp4.animvid"], "no temporary file left")
    }

    func testHashOfAMissingFileIsARuntimeError() throws {
        let result = try run(["hash", "missing.mp4"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("missing.mp4"), result.err)
    }
}

extension CLITests {
    /// `inspect` reports the loader's circles at 1.1 s with the scales derived in LoaderSceneTests:
    /// 1.5 − 0.5·easeOut(0.4) and 1 + 0.5·easeOut(0.4), easeOut(0.4) = 0.570880.
    func testInspectReportsPresentationValues() throws {
        for flags in [[], ["--json"]] {
            let result = try run(["inspect", "--scene", "loader", "--time", "1.1"] + flags)
            XCTAssertEqual(result.status, 0, result.err)
            let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
            XCTAssertEqual(document["canvas"] as? [Double], [640, 360])
            let layers = try XCTUnwrap(document["layers"] as? [[String: Any]])
            XCTAssertEqual(layers.map { $0["path"] as? String }, ["view", "view/loadingView", "view/loadingView/circle0",
                                                                  "view/loadingView/circle1", "view/loadingView/circle2"])
            let transforms = layers.suffix(3).map { $0["transform"] as? [Double] ?? [] }
            XCTAssertEqual(transforms[0], [1.21456, 0, 0, 1.21456, 285, 180])
            XCTAssertEqual(transforms[1], [1.28544, 0, 0, 1.28544, 320, 180])
            XCTAssertEqual(transforms[2], [1, 0, 0, 1, 355, 180])
            XCTAssertEqual(layers[2]["fillColor"] as? String, "#808080")
        }
        XCTAssertEqual(try run(["inspect", "--scene", "loader", "--json"]).out.split(separator: "\n").count, 1)
        try assertUsageError(["inspect", "--scene", "loader", "--time", "soon"], mentions: "--time")
    }
}

extension CLITests {
    /// The frame's RGBA bytes, decoded by ffmpeg.
    /// A PNG sequence is refused over an existing one unless -y, like any other output; the
    /// pattern's frame number is padded as printf pads it, from 1 as FFmpeg's image2 counts.
    func testPNGSequenceNeedsOverwrite() throws {
        let arguments = ["encode", "--scene", "loader", "--seconds", "0.1", "--size", "64x36", "--scale", "0.3", "-q", "f%%%03d.png"]
        XCTAssertEqual(try run(arguments).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("f%001.png").path))
        let again = try run(arguments)
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.err.contains("f%001.png already exists; pass -y"), again.err)
        XCTAssertEqual(try run(arguments + ["-y"]).status, 0)
    }

    /// A still with a clear background keeps its alpha: a corner is transparent, a dot is opaque.
    func testStillKeepsTransparency() throws {
        let result = try run(["still", "--scene", "loader", "--time", "0.5", "--size", "320x180", "--background", "transparent", "still.png"])
        XCTAssertEqual(result.status, 0, result.err)
        let pixels = try CLIRunner(folder: folder).rgba("still.png")
        XCTAssertEqual(pixels.count, 320 * 180 * 4)
        XCTAssertEqual(pixels[3], 0, "corner transparent")
        // The middle dot (dot 1) sits at the canvas centre, (160, 90) in pixels.
        let centre = (90 * 320 + 160) * 4
        XCTAssertEqual(Array(pixels[centre..<(centre + 4)]), [128, 128, 128, 255])
    }

    /// A sheet of 12 tiles, 4 to a row: 8 + 4·(320 + 8) by 8 + 3·(180 + 18 + 8) pixels; the first
    /// tile, at (8, 8), is the still at time 0 (320x180 at the sheet's scale, 0.5).
    func testSheetLayout() throws {
        let result = try run(["sheet", "--scene", "three-dots", "sheet.png"])
        XCTAssertEqual(result.status, 0, result.err)
        let probe = try tool("ffprobe", ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0",
                                         folder.appendingPathComponent("sheet.png").path])
        XCTAssertEqual(probe, "1320,626\n")
        XCTAssertEqual(try run(["still", "--scene", "three-dots", "--time", "0", "--size", "320x180", "--scale", "0.5", "tile.png"]).status, 0)
        let sheet = try CLIRunner(folder: folder).rgba("sheet.png")
        let tile = try CLIRunner(folder: folder).rgba("tile.png")
        XCTAssertEqual(tile.count, 320 * 180 * 4)
        for y in 0..<180 {
            let row = (y + 8) * 1320 * 4 + 8 * 4
            XCTAssertEqual(Array(sheet[row..<(row + 320 * 4)]), Array(tile[(y * 320 * 4)..<((y + 1) * 320 * 4)]), "row \(y)")
        }
    }

    /// The marquee takes an image file through --param image=…; a missing file is a clear runtime error.
    func testMarqueeImageParameter() throws {
        XCTAssertEqual(try run(["still", "--scene", "spinner-bars", "--size", "64x32", "tile.png"]).status, 0)
        let encoded = try run(["encode", "--scene", "marquee", "--param", "image=tile.png", "--size", "320x180", "--seconds", "0.2", "-q", "m.mp4"])
        XCTAssertEqual(encoded.status, 0, encoded.err)
        let missing = try run(["encode", "--scene", "marquee", "--param", "image=nope.png", "--size", "320x180", "m2.mp4"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.err.contains("nope.png"), missing.err)
        try "not a picture".write(to: folder.appendingPathComponent("text.png"), atomically: false, encoding: .utf8)
        let notImage = try run(["still", "--scene", "marquee", "--param", "image=text.png", "--size", "320x180", "m.png"])
        XCTAssertEqual(notImage.status, 2)
        XCTAssertTrue(notImage.err.contains("text.png is not an image animvid can decode"), notImage.err)
    }
}

extension CLITests {
    /// `--frames A-B` encodes that part of the clip; `--progress json` prints JSON lines on standard error.
    func testFrameRangeAndJSONProgress() throws {
        let result = try run(["encode", "--scene", "loader", "--seconds", "1", "--frames", "10-19", "--size", "160x90",
                              "--progress", "json", "range.mp4"])
        XCTAssertEqual(result.status, 0, result.err)
        let json = result.err.split(separator: "\n").filter { $0.hasPrefix("{") }
        XCTAssertFalse(json.isEmpty)
        let last = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.last!.utf8)) as? [String: Any])
        XCTAssertEqual(last["frames"] as? Int, 10)
        XCTAssertEqual(last["total"] as? Int, 10)
        let probe = try tool("ffprobe", ["-v", "error", "-count_frames", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0",
                                         folder.appendingPathComponent("range.mp4").path])
        XCTAssertEqual(probe, "10\n")
    }

    /// `-` writes raw RGBA frames to standard output.
    func testRawFramesToStandardOutput() throws {
        let result = try run(["encode", "--scene", "loader", "--seconds", "0.1", "--size", "16x8", "-"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.outBytes, 3 * 16 * 8 * 4)
    }
}

extension CLITests {
    /// Animated pictures with transparency: an APNG holds exactly the frames a raw encode does
    /// (RGBA, straight alpha, losslessly), from a session's joined segments and in one piece; an
    /// animated WebP is a RIFF file with an ANIM chunk that loops for ever (loop count 0) and one
    /// ANMF chunk a frame (the WebP container specification).
    func testAnimatedPNGAndWebPKeepTransparency() throws {
        let common = ["encode", "--scene", "loader", "--seconds", "1", "--fps", "10", "--size", "64x36", "--scale", "0.1",
                      "--background", "transparent", "-q", "-y"]
        for arguments in [["raw.rgba"], ["--segment-seconds", "0.5", "joined.apng"], ["--no-session", "whole.apng"], ["--segment-seconds", "0.5", "l.webp"]] {
            let result = try run(common + arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.err)")
        }
        let direct = [UInt8](try Data(contentsOf: folder.appendingPathComponent("raw.rgba")))
        XCTAssertEqual(direct.count, 10 * 64 * 36 * 4)
        for name in ["joined.apng", "whole.apng"] {
            XCTAssertEqual(try CLIRunner(folder: folder).rgba(name), direct, name)
        }
        XCTAssertTrue(direct.enumerated().contains { $0.offset % 4 == 3 && $0.element == 0 }, "transparent pixels")
        let webp = [UInt8](try Data(contentsOf: folder.appendingPathComponent("l.webp")))
        XCTAssertEqual(Array(webp[0..<4]), Array("RIFF".utf8))
        XCTAssertEqual(Array(webp[8..<16]), Array("WEBPVP8X".utf8))
        XCTAssertNotEqual(webp[20] & 0x10, 0, "the VP8X flags say alpha")
        let chunk = { (name: String) in (0..<(webp.count - 4)).filter { Array(webp[$0..<($0 + 4)]) == Array(name.utf8) } }
        let anim = try XCTUnwrap(chunk("ANIM").first)
        XCTAssertEqual(UInt16(webp[anim + 12]) | UInt16(webp[anim + 13]) << 8, 0, "loops for ever")
        XCTAssertEqual(chunk("ANMF").count, 10)
    }

    /// `--plays` writes each format's own count (APNG's acTL plays, WebP's ANIM loop count,
    /// GIF's NETSCAPE2.0 repeats after the first play, none for one play); `--quality` and
    /// `--lossless` reach libwebp (a lossless frame is a VP8L bitstream, a lossy one VP8); a
    /// video refuses them, and over a preset's outputs they apply where they mean something.
    func testAnimatedPicturesPlayAsOftenAsAskedAndWebPQuality() throws {
        let common = ["encode", "--scene", "loader", "--seconds", "0.5", "--fps", "10", "--size", "96x54", "--scale", "0.2", "-q", "-y"]
        for arguments in [["--plays", "3", "three.webp"], ["--plays", "2", "two.apng"], ["--plays", "1", "once.gif"], ["--plays", "3", "three.gif"],
                          ["--lossless", "exact.webp"], ["--quality", "5", "low.webp"], ["--quality", "100", "high.webp"]] {
            let result = try run(common + arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.err)")
        }
        let bytes = { (name: String) in [UInt8]((try? Data(contentsOf: self.folder.appendingPathComponent(name))) ?? Data()) }
        let find = { (file: [UInt8], name: String) in (0..<max(file.count - name.utf8.count, 0)).filter { Array(file[$0..<($0 + name.utf8.count)]) == Array(name.utf8) } }
        let webp = bytes("three.webp"), anim = try XCTUnwrap(find(webp, "ANIM").first)
        XCTAssertEqual(UInt16(webp[anim + 12]) | UInt16(webp[anim + 13]) << 8, 3, "WebP's loop count counts plays")
        let apng = bytes("two.apng"), actl = try XCTUnwrap(find(apng, "acTL").first)
        XCTAssertEqual(Array(apng[(actl + 8)..<(actl + 12)]), [0, 0, 0, 2], "APNG's num_plays")
        XCTAssertTrue(find(bytes("once.gif"), "NETSCAPE2.0").isEmpty, "a GIF played once has no loop extension")
        let gif = bytes("three.gif"), netscape = try XCTUnwrap(find(gif, "NETSCAPE2.0").first)
        XCTAssertEqual(UInt16(gif[netscape + 13]) | UInt16(gif[netscape + 14]) << 8, 2, "GIF counts repeats after the first play")
        let exact = bytes("exact.webp")
        XCTAssertEqual(find(exact, "VP8L").count, 5, "each lossless frame is a VP8L bitstream")
        XCTAssertTrue(find(exact, "VP8 ").isEmpty)
        XCTAssertLessThan(bytes("low.webp").count * 2, bytes("high.webp").count, "quality 5 is far smaller than 100")

        let mp4 = try run(common + ["--plays", "2", "clip.mp4"])
        XCTAssertEqual(mp4.status, 2)
        XCTAssertTrue(mp4.err.contains("--plays: only an animated picture"), mp4.err)
        let gifLossless = try run(common + ["--lossless", "clip.gif"])
        XCTAssertTrue(gifLossless.err.contains("--lossless: only WebP"), gifLossless.err)

        // One command line over a preset's MP4 and GIF: the count goes to the GIF alone.
        try Data(#"{"scene": "loader", "seconds": 0.5, "fps": 10, "size": "96x54", "scale": 0.2, "outputs": [{"file": "p.mp4"}, {"file": "p.gif"}]}"#.utf8)
            .write(to: folder.appendingPathComponent("two.json"))
        let preset = try run(["encode", "--preset", "two.json", "--plays", "4", "-q", "-y"])
        XCTAssertEqual(preset.status, 0, preset.err)
        let presetGIF = bytes("p.gif"), loop = try XCTUnwrap(find(presetGIF, "NETSCAPE2.0").first)
        XCTAssertEqual(UInt16(presetGIF[loop + 13]) | UInt16(presetGIF[loop + 14]) << 8, 3)
    }

    /// The mean difference between a GIF's decoded frames and a raw encode's, both over white.
    func errorOverWhite(_ gif: String, _ raw: String) throws -> Double {
        let (decoded, exact) = (try CLIRunner(folder: folder).rgba(gif), [UInt8](try Data(contentsOf: folder.appendingPathComponent(raw))))
        XCTAssertEqual(decoded.count, exact.count, gif)
        func overWhite(_ p: [UInt8], _ i: Int) -> Double { (Double(p[i]) * Double(p[i / 4 * 4 + 3]) + 255 * (255 - Double(p[i / 4 * 4 + 3]))) / 255 }
        var total = 0.0
        for i in 0..<min(decoded.count, exact.count) where i % 4 != 3 { total += abs(overWhite(decoded, i) - overWhite(exact, i)) }
        return total / Double(exact.count / 4 * 3)
    }

    /// A transparent loader's fading trail as a GIF: without a matte, pixels under half opacity
    /// are cut (the trail is lost, ~5 levels off over white); with `--matte #FFFFFF` they are
    /// blended over it and shown (within a level), error diffusion closer still; corners stay
    /// transparent. A clip whose colours change is closer with a palette a frame.
    func testGIFMatteDitherAndPalettes() throws {
        let loader = ["encode", "--scene", "activity-indicator", "--param", "debug=false", "--size", "120x120", "--scale", "0.5", "--fps", "10",
                      "--seconds", "1", "--background", "transparent", "-q", "-y"]
        for arguments in [["raw.rgba"], ["cut.gif"], ["--matte", "#FFFFFF", "matte.gif"], ["--matte", "#FFFFFF", "--gif-dither", "sierra", "sierra.gif"]] {
            let result = try run(loader + arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.err)")
        }
        let (cut, matte, sierra) = (try errorOverWhite("cut.gif", "raw.rgba"), try errorOverWhite("matte.gif", "raw.rgba"), try errorOverWhite("sierra.gif", "raw.rgba"))
        XCTAssertGreaterThan(cut, 2, "the trail is lost without a matte")
        XCTAssertLessThan(matte, 1, "the trail is kept over the matte")
        XCTAssertLessThan(sierra, matte, "error diffusion is closer")
        XCTAssertEqual(try CLIRunner(folder: folder).rgba("matte.gif")[3], 0, "a corner stays transparent")

        // Red to green, then blue to yellow: more colours than one palette holds well.
        try Data(##"{"background": "#000000", "layers": [{"type": "gradient", "frame": ["0%", "0%", "100%", "100%"], "colors": ["#FF0000", "#00FF00"], "startPoint": [0, 0], "endPoint": [1, 1], "animations": [{"type": "keyframe", "keyPath": "colors", "values": [["#FF0000", "#00FF00"], ["#0000FF", "#FFFF00"]], "keyTimes": [0, 1], "calculationMode": "discrete", "duration": 1}]}]}"##.utf8)
            .write(to: folder.appendingPathComponent("change.json"))
        let change = ["encode", "--scene-file", "change.json", "--size", "120x120", "--scale", "0.5", "--fps", "4", "--seconds", "1", "-q", "-y"]
        for arguments in [["change.rgba"], ["clip.gif"], ["--gif-palette", "frame", "frame.gif"]] {
            let result = try run(change + arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.err)")
        }
        XCTAssertLessThan(try errorOverWhite("frame.gif", "change.rgba") * 1.5, try errorOverWhite("clip.gif", "change.rgba"), "a palette a frame is closer")
        let refused = try run(change + ["--matte", "#FFFFFF", "opaque.gif"])
        XCTAssertTrue(refused.err.contains("--matte: a matte blends a transparent GIF's soft edges over the page's colour; this output is opaque"), refused.err)
    }
}
