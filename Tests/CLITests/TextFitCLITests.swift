import Foundation
import XCTest

/// Text that fits its box, as a designer fills a template: the text shrinks into its box, and
/// `validate`, `encode` and `batch` warn about a text that does not fit with the values actually
/// given (`--param`, `--set`, each row of a table), before anything is rendered.
final class TextFitCLITests: XCTestCase {
    var folder: URL!
    var cli: CLIRunner { CLIRunner(folder: folder) }
    static let long = "Constellation Studio"

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-textfit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A 140×30-point box for a 24-point headline; shrinking stops at 0.3.
        try write("""
        {"parameters": {"headline": {"type": "text", "default": "Comet"}}, "background": "#000000",
         "layers": [{"type": "text", "name": "headline", "frame": [10, 30, 140, 30], "string": "$headline", "fontSize": 24,
                     "foregroundColor": "#FFFFFF", "minimumScaleFactor": 0.3}]}
        """, to: "card.json")
        try write(#"{"scene-file": "card.json", "size": "320x180", "scale": 2, "fps": 1, "seconds": 1, "outputs": [{"file": "card.rgba"}]}"#,
                  to: "card-preset.json")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func write(_ text: String, to name: String) throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    /// The columns (in pixels) where the frame of a 320×180 raw encode has light, and whether
    /// any light is outside `box` (in points, at 2 pixels a point).
    func light(in file: String, box: (x: Int, y: Int, width: Int, height: Int)) throws -> (columns: ClosedRange<Int>?, outside: Bool) {
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(file)))
        XCTAssertEqual(bytes.count, 320 * 180 * 4)
        var columns: ClosedRange<Int>?
        var outside = false
        for y in 0..<180 {
            for x in 0..<320 where bytes[(y * 320 + x) * 4] > 24 {
                columns = min(columns?.lowerBound ?? x, x)...max(columns?.upperBound ?? x, x)
                if x < box.x * 2 || x >= (box.x + box.width) * 2 || y < box.y * 2 || y >= (box.y + box.height) * 2 { outside = true }
            }
        }
        return (columns, outside)
    }

    /// A long headline shrinks to fit its box: its pixels stay inside it and still fill most of
    /// its width; drawn at its size (`textFit` none) it is cut at the box's edge (a text layer
    /// draws into its bounds), with a warning.
    func testALongTextShrinksIntoItsBox() throws {
        let box = (x: 10, y: 30, width: 140, height: 30)
        let fitted = try cli.run(["encode", "--preset", "card-preset.json", "--set", "params.headline=\(Self.long)", "--no-session", "-q", "-y"])
        XCTAssertEqual(fitted.status, 0, fitted.err)
        XCTAssertFalse(fitted.err.contains("warning"), fitted.err)
        let shrunk = try light(in: "card.rgba", box: box)
        XCTAssertFalse(shrunk.outside, "the shrunk text stays in its box")
        let columns = try XCTUnwrap(shrunk.columns)
        XCTAssertGreaterThan(columns.count, 140 * 2 * 9 / 10, "it fills the width it shrank to")

        try write(try String(contentsOf: folder.appendingPathComponent("card.json"), encoding: .utf8)
            .replacingOccurrences(of: #""minimumScaleFactor": 0.3"#, with: #""textFit": "none""#), to: "card.json")
        let unfitted = try cli.run(["encode", "--preset", "card-preset.json", "--set", "params.headline=\(Self.long)", "--no-session", "-q", "-y"])
        XCTAssertEqual(unfitted.status, 0, unfitted.err)
        XCTAssertTrue(unfitted.err.contains(#"warning: "#) && unfitted.err.contains(#""headline": the text "Constellation Studio" "#
                                                                                   + "does not fit its 140×30 point box"), unfitted.err)
        let cut = try light(in: "card.rgba", box: box)
        XCTAssertFalse(cut.outside, "cut at the box")
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(cut.columns).upperBound, (box.x + box.width) * 2 - 2, "up to its right edge")
    }

    /// `validate` warns about the text given (`--param`, `--set`), not the default, and names
    /// the layer; a text that fits gives no warning.
    func testValidateWarnsAboutTheTextGiven() throws {
        let quiet = try cli.run(["validate", "card.json"])
        XCTAssertEqual(quiet.status, 0, quiet.err)
        XCTAssertEqual(quiet.err, "")
        let tiny = "Constellation Studio for every team, everywhere, at once"
        for arguments in [["validate", "card.json", "--param", "headline=\(tiny)"],
                          ["validate", "card-preset.json", "--set", "params.headline=\(tiny)"]] {
            let result = try cli.run(arguments)
            XCTAssertEqual(result.status, 0, result.err)
            XCTAssertTrue(result.err.contains(#""headline": the text "Constellation Studio for every team, ev…" does not fit its 140×30 point box: "#
                                              + #"even at 30% (its minimumScaleFactor) it is cut to 1 line with "…""#), "\(arguments): \(result.err)")
            XCTAssertTrue(result.out.contains("(1 warning)"), result.out)
        }
    }

    /// A batch checks every row before it renders the first: the one row whose text does not
    /// fit is a warning naming the row, printed before the first row's report, and repeated in
    /// its own; `validate --rows` checks the same without rendering, and fails on a bad row.
    func testABatchReportsAnOverflowingRowBeforeRendering() throws {
        let tiny = "Constellation Studio for every team, everywhere, at once"
        try write("params.headline,outputs.0.file\nComet,a.rgba\n\"\(tiny)\",b.rgba\nNova,c.rgba\n", to: "rows.csv")
        let checked = try cli.run(["validate", "card-preset.json", "--rows", "rows.csv"])
        XCTAssertEqual(checked.status, 0, checked.err)
        XCTAssertTrue(checked.out.contains("rows.csv: 3 valid rows (1 warning)"), checked.out)
        XCTAssertTrue(checked.err.contains(#"rows.csv: row 2 (line 3): "#), checked.err)
        XCTAssertFalse(checked.err.contains("row 1") || checked.err.contains("row 3"), checked.err)

        let batch = try cli.run(["batch", "card-preset.json", "--rows", "rows.csv", "--progress", "none", "-q"], shell: "exec 2>&1")
        XCTAssertEqual(batch.status, 0, batch.out)
        let lines = batch.out.split(separator: "\n").map(String.init)
        let warning = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("warning: batch: row 2 (line 3): ") && $0.contains(#""headline""#) }, batch.out)
        let firstReport = try XCTUnwrap(lines.firstIndex { $0.hasPrefix(#"{"row":1,"#) }, batch.out)
        XCTAssertLessThan(warning, firstReport, "reported before the first row is rendered")
        XCTAssertEqual(batch.out.components(separatedBy: #""headline": the text"#).count, 2, "once, not again as the row renders")
        let second = try XCTUnwrap(lines.first { $0.hasPrefix(#"{"row":2,"#) })
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(second.utf8)) as? [String: Any])
        XCTAssertEqual(report["status"] as? String, "done")
        XCTAssertEqual((report["warnings"] as? [String])?.count, 1)
        XCTAssertNil(try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[firstReport].utf8)) as? [String: Any])["warnings"])

        try write("params.headline,params.missing,outputs.0.file\nComet,x,a.rgba\n", to: "bad.csv")
        let bad = try cli.run(["validate", "card-preset.json", "--rows", "bad.csv"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.err.contains("error: bad.csv: row 1 (line 2): ") && bad.err.contains("bad.csv: 1 of 1 row invalid"), bad.err)
    }
}

extension TextFitCLITests {
    /// A preset's outputs of several sizes are each checked: a headline as wide as the canvas fits
    /// the 160-point square and not the 48-point-wide story, and the warning names that size.
    func testValidateChecksEachOutputsSize() throws {
        try write("""
        {"parameters": {"headline": {"type": "text", "default": "Constellation"}},
         "layers": [{"type": "text", "name": "headline", "frame": [0, 0, "100%", 30], "string": "$headline", "fontSize": 24, "minimumScaleFactor": 0.9}]}
        """, to: "wide.json")
        try write(#"{"scene-file": "wide.json", "size": "320x320", "scale": 2, "outputs": [{"file": "square.mp4"}, {"file": "story.mp4", "size": "96x180"}]}"#,
                  to: "shapes.json")
        let result = try cli.run(["validate", "shapes.json"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.err.contains(#"warning: at 96x180: "#) && result.err.contains(#""headline": the text "Constellation" does not fit its 48×30 point box"#),
                      result.err)
        XCTAssertFalse(result.err.contains("at 320x320"), result.err)
        XCTAssertTrue(result.out.contains("(1 warning)"), result.out)
    }
}
