import Documents
import Foundation
import GoldenFiles
import Jobs
import Media
import XCTest

/// The table of clip and output options: one entry an option, read the same from a command
/// line's text and a preset's JSON, and the docs' tables made from it.
final class ClipOptionTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    func testEachOptionIsWrittenOnce() {
        let flags = ClipOption.all.map(\.flag), fields = ClipOption.all.compactMap(\.field)
        XCTAssertEqual(Set(flags).count, flags.count, "a flag twice")
        XCTAssertEqual(Set(fields).count, fields.count, "a field twice")
        for option in ClipOption.all {
            XCTAssertTrue(option.flag.hasPrefix("--"), option.flag)
            XCTAssertFalse(option.help.isEmpty, option.flag)
        }
        // Every encoder setting's errors land on the option that chooses it.
        for setting: EncoderSettingsError.Setting in [.codec, .alpha, .pixelFormat, .size, .crf, .bitrate, .preset] {
            XCTAssertNotNil(ClipOption.choosing(setting).setting)
        }
    }

    /// A value written as text (a flag's) and the same value in a preset give the same choice;
    /// an out-of-range value is the same error both ways.
    func testTextAndJSONReadAlike() throws {
        let cases: [(field: String, text: String, json: JSONValue)] = [
            ("seconds", "2.5", .number(2.5, .init(line: 1, column: 1))), ("fps", "29.97", .number(29.97, .init(line: 1, column: 1))),
            ("size", "640x360", .string("640x360", .init(line: 1, column: 1))), ("crf", "20", .number(20, .init(line: 1, column: 1))),
            ("bitrate", "8M", .string("8M", .init(line: 1, column: 1))), ("audio-volume", "-6", .number(-6, .init(line: 1, column: 1))),
            ("audio-codec", "OPUS", .string("opus", .init(line: 1, column: 1))), ("title", "Launch", .string("Launch", .init(line: 1, column: 1))),
        ]
        for (field, text, json) in cases {
            let option = try XCTUnwrap(ClipOption.all.first { $0.field == field })
            var fromText = EncodeChoices(), fromJSON = EncodeChoices()
            try option.apply(text: text, to: &fromText)
            try option.apply(json: json, holder: "p.json", to: &fromJSON)
            XCTAssertEqual("\(fromText.clip.seconds as Any) \(fromText.clip.frameRate as Any) \(fromText.clip.size as Any) \(fromText.output) \(fromText.clip.audio)",
                           "\(fromJSON.clip.seconds as Any) \(fromJSON.clip.frameRate as Any) \(fromJSON.clip.size as Any) \(fromJSON.output) \(fromJSON.clip.audio)", field)
        }
        let seconds = try XCTUnwrap(ClipOption.named(field: "seconds", inOutput: false))
        var choices = EncodeChoices()
        XCTAssertThrowsError(try seconds.apply(text: "5000", to: &choices)) { XCTAssertEqual("\($0)", "5000 is out of range (0.001…3600)") }
        XCTAssertThrowsError(try seconds.apply(json: .number(5000, .init(line: 1, column: 1)), holder: "p.json", to: &choices)) {
            XCTAssertEqual("\($0)", "5000 is out of range (0.001…3600)")
        }
        XCTAssertNil(ClipOption.named(field: "crf", inOutput: false), "crf belongs to each output")
    }

    /// The README's and docs/presets.md's options tables are the table's own (`make goldens`
    /// writes them after a change to `ClipOption.all`).
    func testTheDocsTablesAreTheTable() throws {
        for name in ["README.md", "docs/presets.md"] {
            let url = Self.root.appendingPathComponent(name)
            let text = try String(contentsOf: url, encoding: .utf8)
            let (open, close) = ("<!-- options -->\n", "<!-- /options -->")
            let start = try XCTUnwrap(text.range(of: open), "\(name) has no \(open)")
            let end = try XCTUnwrap(text.range(of: close, range: start.upperBound..<text.endIndex), "\(name) has no \(close)")
            let written = String(text[start.upperBound..<end.lowerBound])
            let expected = ClipOption.markdownTable + "\n"
            if Golden.isUpdating() {
                try Data(text.replacingCharacters(in: start.upperBound..<end.lowerBound, with: expected).utf8).write(to: url)
                continue
            }
            XCTAssertEqual(written, expected, "\(name): its options table differs from ClipOption.all (make goldens rewrites it)")
        }
    }
}
