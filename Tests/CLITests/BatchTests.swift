import Foundation
import XCTest

/// A batch of clips from a preset and a table, as a campaign runs it: a clip a row, bad rows
/// failing alone, a rerun doing only what is missing, shares of the rows run side by side.
final class BatchTests: XCTestCase {
    var folder: URL!
    var cli: CLIRunner { CLIRunner(folder: folder) }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let preset = """
        {"scene": "dot-grid", "params": {"color": "#FF0000"}, "size": "160x90", "fps": 30, "seconds": 1,
         "outputs": [{"file": "default.mp4"}]}
        """
        try preset.write(to: folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func write(_ text: String, to name: String) throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path)
    }

    /// The report's lines as (row, status, reason).
    func report(_ out: String) throws -> [(Int, String, String?)] {
        try out.split(separator: "\n").map { line in
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
            return (try XCTUnwrap(object["row"] as? Int), try XCTUnwrap(object["status"] as? String), object["reason"] as? String)
        }
    }

    func testAClipARowBadRowsFailAloneAndARerunDoesWhatIsMissing() throws {
        try write("outputs.0.file,params.color\nred.mp4,#FF0000\n\"blue, deep.mp4\",#0000FF\nbad.mp4,#nothex\nshort.mp4\ngreen.webm,\n",
                  to: "rows.csv")
        let first = try cli.run(["batch", "p.json", "--rows", "rows.csv", "--progress", "none", "-q"])
        XCTAssertEqual(first.status, 1, first.err)
        let lines = try report(first.out)
        XCTAssertEqual(lines.map(\.0), [1, 2, 3, 4, 5])
        XCTAssertEqual(lines.map(\.1), ["done", "done", "failed", "failed", "done"])
        XCTAssertTrue(lines[2].2?.contains("'#nothex' is not a valid value") ?? false, "\(lines[2])")
        XCTAssertEqual(lines[3].2, "line 5 has 1 cells, the header 2")
        XCTAssertTrue(first.err.contains("batch: 5 rows: 3 done, 0 skipped, 2 failed"), first.err)
        // A row's clip is the preset's with the row's cells set; an empty cell keeps the preset's value.
        XCTAssertEqual(try cli.run(["encode", "--scene", "dot-grid", "--param", "color=#0000FF", "--size", "160x90", "--seconds", "1", "-q",
                                    "blue.mp4"]).status, 0)
        XCTAssertEqual(try cli.frameHashes("blue, deep.mp4"), try cli.frameHashes("blue.mp4"))
        XCTAssertEqual(try cli.run(["encode", "--scene", "dot-grid", "--param", "color=#FF0000", "--size", "160x90", "--seconds", "1", "-q",
                                    "red2.webm"]).status, 0)
        XCTAssertEqual(try cli.frameHashes("green.webm"), try cli.frameHashes("red2.webm"))

        try FileManager.default.removeItem(at: folder.appendingPathComponent("red.mp4"))
        let second = try cli.run(["batch", "p.json", "--rows", "rows.csv", "--progress", "none", "-q"])
        XCTAssertEqual(try report(second.out).map(\.1), ["done", "skipped", "failed", "failed", "skipped"])
        XCTAssertTrue(exists("red.mp4"))
    }

    /// Shares of the rows run at once cover every row once.
    func testShardsShareTheRows() throws {
        try write("outputs.0.file\n" + (1...5).map { "clip\($0).mp4" }.joined(separator: "\n") + "\n", to: "rows.csv")
        let started = try (0..<2).map { try cli.start(["batch", "p.json", "--rows", "rows.csv", "--shard", "\($0)/2", "--progress", "none", "-q"]) }
        var errors: [String] = []
        for (process, err) in started {
            errors.append(String(decoding: err.wait(), as: UTF8.self))
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, errors.last ?? "")
        }
        XCTAssertTrue(errors[0].contains("shard 0/2: rows 1-2 of 5"), errors[0])
        XCTAssertTrue(errors[1].contains("shard 1/2: rows 3-5 of 5"), errors[1])
        for n in 1...5 { XCTAssertTrue(exists("clip\(n).mp4"), "clip\(n).mp4") }
    }

    func testBadTablesAndCommandsAreUsageErrors() throws {
        try write("outputs.0.file\n\"never closed.mp4\n", to: "open.csv")
        try write("outputs.0.file,\nx.mp4,1\n", to: "unnamed.csv")
        for (arguments, message) in [(["batch", "p.json", "--rows", "open.csv"], "open.csv:2:1: the quoted cell that starts here never ends"),
                                     (["batch", "p.json", "--rows", "unnamed.csv"], "unnamed.csv:1: column 2 has no name"),
                                     (["batch", "p.json"], "batch needs --rows DATA.csv"),
                                     (["batch", "--rows", "open.csv"], "batch needs a preset first"),
                                     (["batch", "p.json", "--rows", "/dev/null"], "not a regular file"),
                                     (["batch", "p.json", "--rows", "open.csv", "--set", "a=b"], "--set comes from the batch's PRESET")] {
            let result = try cli.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.err)")
            XCTAssertTrue(result.err.contains(message), "\(arguments): \(result.err)")
        }
    }
}
