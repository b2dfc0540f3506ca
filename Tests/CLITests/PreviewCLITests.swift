import Foundation
import XCTest

/// `animvid preview`: the page's video holds the frames `still` renders (as VP9 keeps them: a
/// peak signal-to-noise ratio above 30 dB), errors land on the page with their position, a page
/// animvid did not write is kept, and a watching preview renders again when a file the scene
/// reads (a shot's own scene file) is saved.
final class PreviewCLITests: XCTestCase {
    var folder: URL!
    var cli: CLIRunner { CLIRunner(folder: folder) }

    static let inner = ##"{"name": "inner", "background": "#00000000", "layers": [{"type": "shape", "path": {"rect": [0, 0, 50, 50]}, "fillColor": "#00FF00"}]}"##
    static let outer = ##"""
    {
      "name": "outer", "cycle": 1, "background": "#102030",
      "parameters": {"tint": {"type": "color", "default": "#FF0000", "summary": "the dot's colour"}},
      "layers": [
        {"type": "shape", "position": [100, 100], "path": {"ellipse": [-20, -20, 40, 40]}, "fillColor": "$tint",
         "animations": [{"type": "basic", "keyPath": "position.x", "fromValue": 60, "toValue": 140, "duration": 1}]},
        {"type": "scene", "scene": "inner.json", "frame": [200, 40, 100, 100]},
        {"frame": [400, 40, 80, 80], "contents": "tile.png"}
      ]
    }
    """##

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try write("inner.json", Self.inner)
        try write("outer.json", Self.outer)
        try tile("#FF9500")
    }

    /// Writes tile.png, 8x8 pixels of one colour.
    func tile(_ color: String) throws {
        let made = try cli.run(["still", "--scene", "loader", "--param", "radius=0.5", "--background", color, "--size", "8x8", "--scale", "0.1", "-y", "tile.png"])
        XCTAssertEqual(made.status, 0, made.err)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    func read(_ name: String) -> String {
        String(decoding: FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) ?? Data(), as: UTF8.self)
    }

    /// The frames of the video embedded in a page, decoded, RGBA (none without a video).
    func frames(_ page: String) throws -> [[UInt8]] {
        guard let encoded = page.components(separatedBy: "src=\"data:video/webm;base64,").dropFirst().first?.split(separator: "\"").first,
              let video = Data(base64Encoded: String(encoded)) else { return [] }
        try video.write(to: folder.appendingPathComponent("page.webm"))
        let width = Int(page.components(separatedBy: "<video id=\"clip\" width=\"").dropFirst().first?.prefix { $0.isNumber } ?? "") ?? 0
        let height = Int(page.components(separatedBy: "\" height=\"").dropFirst().first?.prefix { $0.isNumber } ?? "") ?? 0
        let bytes = try cli.rgba("page.webm")
        let size = width * height * 4
        guard size > 0 else { return [] }
        return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<($0 + size)]) }
    }

    /// The peak signal-to-noise ratio of `a` against `b`, colour channels, in dB.
    func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        var squares = 0.0, count = 0.0
        for i in a.indices where i % 4 != 3 {
            let d = Double(a[i]) - Double(b[i])
            squares += d * d
            count += 1
        }
        return squares == 0 ? .infinity : 10 * log10(255 * 255 / (squares / count))
    }

    /// `still.png`'s pixels.
    func still(_ arguments: [String]) throws -> [UInt8] {
        let still = try cli.run(["still", "--scene-file", "outer.json", "--size", "160x90", "--scale", "0.25", "-y", "still.png"] + arguments)
        XCTAssertEqual(still.status, 0, still.err)
        return try cli.rgba("still.png")
    }

    func testThePageHoldsTheFramesStillRenders() throws {
        let result = try cli.run(["preview", "--once", "--fit", "160", "--fps", "10", "outer.json", "--param", "tint=#3366FF"])
        XCTAssertEqual(result.status, 0, result.err)
        let page = read("outer.preview.html")
        XCTAssertTrue(page.hasPrefix("<!doctype html><!-- animvid preview"))
        let shown = try frames(page)
        XCTAssertEqual(shown.count, 10, "one cycle of 1 s at 10 fps")
        XCTAssertTrue(page.contains("<td>tint</td><td>colour #RRGGBB[AA]</td><td>#3366FF</td><td>the dot's colour</td>"), "the knobs table")
        XCTAssertTrue(read("outer.preview.js").hasPrefix("animvidPreviewVersion("))
        for (index, time) in [(0, "0"), (5, "0.5")] {
            let expected = try still(["--param", "tint=#3366FF", "--time", time])
            XCTAssertGreaterThan(psnr(shown[index], expected), 30, "frame \(index)")
        }
        XCTAssertLessThan(psnr(shown[0], shown[5]), 30, "the dot moves")
    }

    /// The page opens on the frame that shows the most: the title card once its title is in,
    /// not its empty start.
    func testThePageOpensWhereSomethingShows() throws {
        try write("title.json", ##"""
        {"cycle": 2, "background": "#102030", "layers": [{"type": "text", "frame": [20, 20, 600, 200], "string": "Hello there", "fontSize": 80,
          "animations": [{"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "beginTime": 1, "duration": 0.2, "fillMode": "both"}]}]}
        """##)
        XCTAssertEqual(try cli.run(["preview", "--once", "--fps", "10", "title.json"]).status, 0)
        let opening = try XCTUnwrap(Int(read("title.preview.html").components(separatedBy: "opening = ").dropFirst().first?.prefix { $0.isNumber } ?? ""))
        XCTAssertGreaterThanOrEqual(opening, 12, "the title is fully in from 1.2 s")
    }

    /// A file name is text on the page wherever it appears: a line break and script in it
    /// never become lines of the page's script.
    func testAFileNameCannotAddScript() throws {
        let name = "x\nwindow.injected = 1; <!--.json"
        try write(name, Self.outer)
        let result = try cli.run(["preview", "--once", "--fps", "2", name])
        XCTAssertEqual(result.status, 0, result.err)
        let page = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".preview.html") })
        let script = try XCTUnwrap(read(page).components(separatedBy: "<script>").dropFirst().first)
        XCTAssertEqual(read(page).components(separatedBy: "<script>").count, 2, "one script element")
        XCTAssertFalse(script.contains("\nwindow.injected"), script)
        XCTAssertFalse(script.contains("<!--"), script)
    }

    func testAnErrorIsShownOnThePage() throws {
        try write("outer.json", Self.outer.replacingOccurrences(of: "\"duration\": 1}", with: "\"duration\": \"long\"}"))
        let result = try cli.run(["preview", "--once", "outer.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("outer.json:6:"), result.err)
        let page = read("outer.preview.html")
        let error = try XCTUnwrap(page.components(separatedBy: "<div id=\"error\"><pre>").dropFirst().first)
        XCTAssertTrue(error.hasPrefix("outer.json:6:"), error)
        XCTAssertTrue(error.contains("duration"), error)
        XCTAssertEqual(try frames(page).count, 0)
    }

    func testAPageAnimvidDidNotWriteIsKept() throws {
        try write("outer.preview.html", "my notes")
        let refused = try cli.run(["preview", "--once", "outer.json"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.err.contains("outer.preview.html exists and animvid did not write it; pass -y"), refused.err)
        XCTAssertEqual(read("outer.preview.html"), "my notes")
        XCTAssertEqual(try cli.run(["preview", "--once", "--fps", "2", "-y", "outer.json"]).status, 0)
        XCTAssertEqual(try frames(read("outer.preview.html")).count, 2)
        XCTAssertEqual(try cli.run(["preview", "--once", "--fps", "2", "outer.json"]).status, 0, "its own page is replaced")
    }

    /// Watching: saving the shot's scene file or an image renders again (a new version for the
    /// page to see); a broken save shows its error over the last good frames; fixing it brings
    /// frames back.
    func testAWatchingPreviewFollowsTheFilesTheSceneReads() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.binary)
        process.arguments = ["preview", "--fit", "160", "--fps", "4", "outer.json"]
        process.currentDirectoryURL = folder
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        try process.run()
        defer { process.terminate() }

        func waitForVersion(_ n: Int) throws -> String {
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                if read("outer.preview.js").contains("-\(n)\")") { return read("outer.preview.html") }
                Thread.sleep(forTimeInterval: 0.1)
            }
            struct Timeout: Error, CustomStringConvertible { let description: String }
            throw Timeout(description: "no version \(n) of the page in 30 s")
        }
        let first = try frames(try waitForVersion(1))
        XCTAssertEqual(first.count, 4)
        try write("inner.json", Self.inner.replacingOccurrences(of: "#00FF00", with: "#0000FF"))
        let second = try frames(try waitForVersion(2))
        XCTAssertEqual(second.count, 4)
        XCTAssertLessThan(psnr(second[0], first[0]), 30)
        XCTAssertGreaterThan(psnr(second[0], try still(["--time", "0"])), 30)

        // An image the scene file shows.
        try tile("#5856D6")
        let third = try frames(try waitForVersion(3))
        XCTAssertLessThan(psnr(third[0], second[0]), 40)

        try write("outer.json", "{\n  \"name\": 5\n}")
        let broken = try waitForVersion(4)
        XCTAssertTrue(broken.contains("<div id=\"error\"><pre>outer.json:2:11:"), broken.prefix(2000).description)
        XCTAssertEqual(try frames(broken), third, "the last good frames stay")
        try write("outer.json", Self.outer)
        let fixed = try waitForVersion(5)
        XCTAssertTrue(fixed.contains("<div id=\"error\" hidden>"))
        XCTAssertEqual(try frames(fixed).count, 4)
    }
}
