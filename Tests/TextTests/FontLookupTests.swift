import Text
import XCTest

/// Fonts by name and by path, and the error for a name nobody has installed.
final class FontLookupTests: XCTestCase {
    func testNamesFindTheirFiles() throws {
        XCTAssertTrue(try FontLookup.file(for: "Inter").path.hasSuffix("Inter-Regular.otf"))
        XCTAssertTrue(try FontLookup.file(for: "Inter Bold").path.hasSuffix("Inter-Bold.otf"))
        XCTAssertTrue(try FontLookup.file(for: "Inter-Bold").path.hasSuffix("Inter-Bold.otf"))
        let path = try FontLookup.file(for: "Inter").path
        XCTAssertEqual(try FontLookup.file(for: path).path, path)
    }

    func testAnUnknownNameNamesTheClosestFamily() {
        XCTAssertThrowsError(try FontLookup.file(for: "Intr")) {
            XCTAssertEqual("\($0)", #"no installed font called "Intr"; the closest installed family is "Inter""#)
        }
        XCTAssertThrowsError(try FontLookup.file(for: "/nowhere/font.ttf")) {
            XCTAssertEqual("\($0)", "no font file at /nowhere/font.ttf")
        }
    }
}
