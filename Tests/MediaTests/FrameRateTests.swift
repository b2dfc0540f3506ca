import Media
import XCTest

final class FrameRateTests: XCTestCase {
    func testParsing() {
        XCTAssertEqual(FrameRate(parsing: "30"), FrameRate(numerator: 30))
        XCTAssertEqual(FrameRate(parsing: "30000/1001"), FrameRate(numerator: 30000, denominator: 1001))
        XCTAssertEqual(FrameRate(parsing: "29.97"), FrameRate(numerator: 30000, denominator: 1001))
        XCTAssertEqual(FrameRate(parsing: "59.94"), FrameRate(numerator: 60000, denominator: 1001))
        XCTAssertEqual(FrameRate(parsing: "23.976"), FrameRate(numerator: 24000, denominator: 1001))
        XCTAssertEqual(FrameRate(parsing: "12.5"), FrameRate(numerator: 25, denominator: 2))
        XCTAssertEqual(FrameRate(parsing: "60/2"), FrameRate(numerator: 30))
        for bad in ["", "0", "-30", "abc", "30/0", "nan", "1/"] { XCTAssertNil(FrameRate(parsing: bad), bad) }
    }

    func testFrameTimesAreExact() throws {
        let ntsc = try XCTUnwrap(FrameRate(numerator: 30000, denominator: 1001))
        XCTAssertEqual(ntsc.time(ofFrame: 30000), 1001)
        XCTAssertEqual(ntsc.frameCount(seconds: 10), 300)
        XCTAssertEqual(FrameRate(numerator: 30)?.frameCount(seconds: 4), 120)
    }
}
