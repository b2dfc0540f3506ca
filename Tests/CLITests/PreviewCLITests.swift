import Foundation
import XCTest

/// `animvid preview`: the page's frames are the frames `still` renders, errors land on the page
/// with their position, a page animvid did not write is kept, and a watching preview renders
/// again when a file the scene reads (a shot's own scene file) is saved.
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

    /// The PNG frames embedded in a page.
    func frames(_ page: String) -> [Data] {
        page.components(separatedBy: "\"data:image/png;base64,").dropFirst().compactMap { piece in
            piece.split(separator: "\"", maxSplits: 1).first.flatMap { Data(base64Encoded: String($0)) }
        }
    }

    func testThePageHoldsTheFramesStillRenders() throws {
        let result = try cli.run(["preview", "--once", "--fit", "160", "--fps", "10", "outer.json", "--param", "tint=#3366FF"])
        XCTAssertEqual(result.status, 0, result.err)
        let page = read("outer.preview.html")
        XCTAssertTrue(page.hasPrefix("<!doctype html><!-- animvid preview"))
        let shown = frames(page)
        XCTAssertEqual(shown.count, 10, "one cycle of 1 s at 10 fps")
        XCTAssertTrue(page.contains("<td>tint</td><td>colour #RRGGBB[AA]</td><td>#3366FF</td><td>the dot's colour</td>"), "the knobs table")
        XCTAssertTrue(read("outer.preview.js").hasPrefix("animvidPreviewVersion("))
        for (index, time) in [(0, "0"), (5, "0.5")] {
            let still = try cli.run(["still", "--scene-file", "outer.json", "--param", "tint=#3366FF", "--time", time,
                                     "--size", "160x90", "--scale", "0.25", "-y", "still.png"])
            XCTAssertEqual(still.status, 0, still.err)
            XCTAssertEqual(shown[index], FileManager.default.contents(atPath: folder.appendingPathComponent("still.png").path), "frame \(index)")
        }
        XCTAssertNotEqual(shown[0], shown[5], "the dot moves")
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
        XCTAssertEqual(frames(page).count, 0)
    }

    func testAPageAnimvidDidNotWriteIsKept() throws {
        try write("outer.preview.html", "my notes")
        let refused = try cli.run(["preview", "--once", "outer.json"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.err.contains("outer.preview.html exists and animvid did not write it; pass -y"), refused.err)
        XCTAssertEqual(read("outer.preview.html"), "my notes")
        XCTAssertEqual(try cli.run(["preview", "--once", "--fps", "2", "-y", "outer.json"]).status, 0)
        XCTAssertEqual(frames(read("outer.preview.html")).count, 2)
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
        let first = frames(try waitForVersion(1))
        XCTAssertEqual(first.count, 4)
        try write("inner.json", Self.inner.replacingOccurrences(of: "#00FF00", with: "#0000FF"))
        let second = frames(try waitForVersion(2))
        XCTAssertEqual(second.count, 4)
        let still = try cli.run(["still", "--scene-file", "outer.json", "--time", "0", "--size", "160x90", "--scale", "0.25", "-y", "still.png"])
        XCTAssertEqual(still.status, 0, still.err)
        XCTAssertNotEqual(second[0], first[0])
        XCTAssertEqual(second[0], FileManager.default.contents(atPath: folder.appendingPathComponent("still.png").path))

        // An image the scene file shows.
        try tile("#5856D6")
        let third = frames(try waitForVersion(3))
        XCTAssertNotEqual(third[0], second[0])

        try write("outer.json", "{\n  \"name\": 5\n}")
        let broken = try waitForVersion(4)
        XCTAssertTrue(broken.contains("<div id=\"error\"><pre>outer.json:2:11:"), broken.prefix(2000).description)
        XCTAssertEqual(frames(broken), third, "the last good frames stay")
        try write("outer.json", Self.outer)
        let fixed = try waitForVersion(5)
        XCTAssertTrue(fixed.contains("<div id=\"error\" hidden>"))
        XCTAssertEqual(frames(fixed), third)
    }
}
