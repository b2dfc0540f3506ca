import Foundation

/// A CSV file as RFC 4180 writes it: a header row naming the columns, then rows of cells,
/// separated by commas; a cell in double quotes may hold commas, line breaks and doubled
/// quotes. Line endings may be CRLF or LF; a UTF-8 byte-order mark and blank lines are ignored.
public struct CSVTable: Equatable, Sendable {
    /// One data row: the line it starts on (from 1, the header being line 1) and its cells.
    public struct Row: Equatable, Sendable {
        public var line: Int
        public var cells: [String]
    }

    /// The column names.
    public var header: [String]
    public var rows: [Row]

    /// Reads `text`; an unterminated quote or a stray quote inside an unquoted cell is an error
    /// at its line. Rows keep the cells they have (a row of the wrong width is for the reader
    /// to report).
    public static func parse(_ text: String, file: String) throws(DocumentError) -> CSVTable {
        var records: [Row] = []
        var cells: [String] = []
        var cell = ""
        var (line, column, recordLine) = (1, 0, 1)
        var quoted = false, wasQuoted = false
        /// Where the last quoted cell opened.
        var opened = (line: 1, column: 1)
        var characters = text.unicodeScalars.makeIterator()
        if text.unicodeScalars.first == "\u{FEFF}" { _ = characters.next() }
        func fail(_ message: String) -> DocumentError {
            DocumentError(file: file, position: JSONPosition(line: line, column: column, source: file), path: "", message: message)
        }
        func endRecord() {
            cells.append(cell)
            if !(cells.count == 1 && cells[0].isEmpty && !wasQuoted) { records.append(Row(line: recordLine, cells: cells)) }
            (cells, cell, wasQuoted) = ([], "", false)
        }
        var pending = characters.next()
        while let c = pending {
            pending = characters.next()
            column += 1
            if quoted {
                if c == "\"" {
                    if pending == "\"" {
                        cell.unicodeScalars.append("\"")
                        pending = characters.next()
                    } else {
                        quoted = false
                    }
                } else {
                    if c == "\n" { (line, column) = (line + 1, 0) }
                    cell.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case "\"":
                guard cell.isEmpty, !wasQuoted else { throw fail("a quote inside a cell that does not start with one (double it: \"\")") }
                (quoted, wasQuoted) = (true, true)
                opened = (line, column)
            case ",":
                cells.append(cell)
                (cell, wasQuoted) = ("", false)
            case "\r" where pending == "\n":
                continue
            case "\n", "\r":
                endRecord()
                (line, column) = (line + 1, 0)
                recordLine = line
            default:
                guard !wasQuoted else { throw fail("text after a quoted cell's closing quote") }
                cell.unicodeScalars.append(c)
            }
        }
        if quoted {
            (line, column) = opened
            throw fail("the quoted cell that starts here never ends (a missing closing quote)")
        }
        endRecord()
        guard let header = records.first else { throw fail("no header row: the first line names the columns") }
        return CSVTable(header: header.cells, rows: Array(records.dropFirst()))
    }
}
