import Foundation
import XCTest

/// Golden files: what a test compares its output with, and the one switch that rewrites them.
///
/// `make goldens` sets `ANIMVID_UPDATE_GOLDEN=1` and runs the golden tests, which then write
/// what they produce instead of comparing it. Under CI (`CI` set) the switch is refused, so it
/// can never turn a failing run green.
public enum Golden {
    /// Whether the tests should rewrite their golden files; fails the test when asked under CI.
    public static func isUpdating(file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        guard environment["ANIMVID_UPDATE_GOLDEN"] != nil else { return false }
        if environment["CI"] != nil {
            XCTFail("ANIMVID_UPDATE_GOLDEN is refused under CI: goldens are rewritten only by `make goldens` on a developer's machine",
                    file: file, line: line)
            return false
        }
        return true
    }

    /// Compares `lines` with the golden text file at `url` (one line each), or rewrites it.
    public static func assertLines(_ lines: [String], equal url: URL, _ message: @autoclosure () -> String = "",
                                   file: StaticString = #filePath, line: UInt = #line) throws {
        if isUpdating(file: file, line: line) {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, expected, "\(url.lastPathComponent): \(message())", file: file, line: line)
    }
}
