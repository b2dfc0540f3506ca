import Documents
import XCTest

/// The position-keeping JSON parser: values, escapes (RFC 8259 §7) and where errors are.
final class JSONParserTests: XCTestCase {
    func message(_ text: String) -> String {
        do {
            _ = try JSONParser.parse(text)
            return "parsed"
        } catch {
            return "\(error.position): \(error.message)"
        }
    }

    func testValuesKeepTheirPositions() throws {
        let value = try JSONParser.parse("{\"a\": [1, true],\n  \"b\": \"x\"}")
        guard case let .object(members, _) = value, members.count == 2 else { return XCTFail("\(value)") }
        XCTAssertEqual(members[0].value.position, JSONPosition(line: 1, column: 7))
        XCTAssertEqual(members[1].value.position, JSONPosition(line: 2, column: 8))
    }

    func testEscapesDecodeIncludingSurrogatePairs() throws {
        let value = try JSONParser.parse(#""tab\t \"q\" \u00e9 \uD83D\uDE00 \/""#)
        guard case let .string(text, _) = value else { return XCTFail("\(value)") }
        XCTAssertEqual(text, "tab\t \"q\" é 😀 /")
    }

    func testMalformedEscapesAreErrors() {
        XCTAssertEqual(message(#""\u+7A0""#), "1:4: bad \\u escape: expected four hexadecimal digits")
        XCTAssertEqual(message(#""\uD83D x""#), "1:8: a \\u escape of a high surrogate must be followed by its low surrogate")
        XCTAssertEqual(message(#""\uDE00""#), "1:8: \\u escape: an unpaired low surrogate")
        XCTAssertEqual(message(#""\q""#), "1:4: bad escape '\\q'")
        XCTAssertEqual(message("{\"a\": 1, \"a\": 2}"), "1:10: the member \"a\" appears twice")
    }
}
