import Documents
import XCTest

/// CSV as RFC 4180 writes it, and as spreadsheets export it.
final class CSVTableTests: XCTestCase {
    func testQuotedCellsHoldCommasQuotesAndLineBreaks() throws {
        let text = "\u{FEFF}name,title\r\n\"Ana, Jr.\",\"She said \"\"hi\"\"\"\r\nBo,\"two\nlines\"\r\n\r\nCy,\r\n"
        let table = try CSVTable.parse(text, file: "t.csv")
        XCTAssertEqual(table.header, ["name", "title"])
        XCTAssertEqual(table.rows.map(\.cells), [["Ana, Jr.", "She said \"hi\""], ["Bo", "two\nlines"], ["Cy", ""]])
        XCTAssertEqual(table.rows.map(\.line), [2, 3, 6], "the line each row starts on, a blank line skipped")
    }

    func testALastRowWithoutALineBreakAndAQuotedEmptyCell() throws {
        let table = try CSVTable.parse("a,b\n\"\",x", file: "t.csv")
        XCTAssertEqual(table.rows.map(\.cells), [["", "x"]])
    }

    func testMalformedQuotesAreErrorsAtTheirPlace() {
        for (text, expected) in [("a\n\"open,1\n", "t.csv:2:1: the quoted cell that starts here never ends"),
                                 ("a,b\nx,y\"z\n", "t.csv:2:4: a quote inside a cell that does not start with one"),
                                 ("a\n\"q\"x\n", "t.csv:2:4: text after a quoted cell's closing quote"),
                                 ("", "t.csv:1:0: no header row")] {
            XCTAssertThrowsError(try CSVTable.parse(text, file: "t.csv"), text) { error in
                XCTAssertTrue("\(error)".hasPrefix(expected), "\(error)")
            }
        }
    }
}
