import Dispatch
import Documents
import Foundation
import Media

/// One clip per row of a table: each row's non-empty cells are `--set` into a preset (the
/// header names each column's key; a path in a cell is relative to the table), and each clip is
/// its own encode.
public struct Batch {
    /// The preset every row starts from.
    public let preset: String
    /// The table.
    public let table: CSVTable
    /// The table's file: a path in a cell is relative to it.
    public let rowsFile: String

    /// The largest table read.
    public static let largestTable = 64 << 20

    /// The batch of `preset` over the CSV table in `rowsFile` (UTF-8, a header row).
    public init(preset: String, rowsFile: String) throws(JobError) {
        (self.preset, self.rowsFile) = (preset, rowsFile)
        let data: Data
        do {
            data = try InputFile.read(rowsFile, limit: Self.largestTable)
        } catch {
            throw .usage("--rows: \(rowsFile): \(error)")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw .usage("--rows: \(rowsFile) is not UTF-8 text") }
        do {
            table = try CSVTable.parse(text, file: rowsFile)
        } catch {
            throw .usage("--rows: \(error)")
        }
        if let empty = table.header.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw .usage("--rows: \(rowsFile):1: column \(empty + 1) has no name (the header row names each column's --set key)")
        }
    }

    /// Refuses, before any row is rendered, a row that writes to standard output (which carries
    /// the report) and two rows that write one file (the second would be skipped or replace the
    /// first). Pictures are not decoded for this. Rows whose preset does not load are left to
    /// fail on their own.
    public func checkOutputs() throws(JobError) {
        var writers: [String: Int] = [:]
        for number in table.rows.indices {
            guard let sets = try? assignments(ofRow: number),
                  let outputs = try? PresetLoader.load(path: preset, overrides: sets, overridesFile: rowsFile,
                                                       decodeImage: SceneFile.placeholderImages).outputs.map(\.file) else { continue }
            let line = table.rows[number].line
            for file in outputs {
                if file == "-" {
                    throw .usage("batch: row \(number + 1) (line \(line)) writes to standard output (-), which carries the batch's report; give each row a file")
                }
                let path = PresetLoader.canonicalPath(file)
                if let earlier = writers[path] {
                    throw .usage("batch: rows \(earlier) and \(number + 1) (line \(line)) both write \(file); give each row its own output "
                                 + "(an outputs.0.file column, for example)")
                }
                writers[path] = number + 1
            }
        }
    }

    /// Checks row `number` (from 0) as `validate` checks a preset, without rendering: its preset
    /// loads with the row's cells, its scene builds with them (every file it names opens), and
    /// what it cannot show as given is returned, a line each (text that does not fit its box,
    /// as this row's texts and each output's size make it).
    public func check(row number: Int) throws(JobError) -> [String] {
        try Preset.load(preset, overrides: try assignments(ofRow: number), overridesFile: rowsFile).checkScenes(command: "batch")
    }

    /// Row `number`'s `KEY=VALUE` assignments (from 0), one a non-empty cell.
    public func assignments(ofRow number: Int) throws(JobError) -> [String] {
        let row = table.rows[number]
        guard row.cells.count == table.header.count else {
            throw .usage("line \(row.line) has \(row.cells.count) cells, the header \(table.header.count)")
        }
        return zip(table.header, row.cells).filter { !$0.1.isEmpty }.map { "\($0.0.trimmingCharacters(in: .whitespaces))=\($0.1)" }
    }

    /// Encodes the rows `rows` (from 0), each as `base` with the row's assignments set into the
    /// preset, through `encode` (the caller's way of running and showing an encode; a Swift
    /// program passes `{ _ = try $0.execute() }`). A row whose outputs all exist is skipped
    /// unless `base` overwrites. A failed row is reported and the next goes on; a stop by a
    /// signal ends the batch. `report` gets each row's line, with the row's `warnings` (by row
    /// number from 0; what `check(row:)` found before the first row was rendered).
    public func run(rows: Range<Int>, base: EncodeRequest, warnings: [Int: [String]] = [:], encode: (EncodeRequest) throws(JobError) -> Void,
                    report: (Report) -> Void) throws(JobError) -> Counts {
        var counts = Counts()
        for number in rows {
            let start = DispatchTime.now()
            var line = Report(row: number + 1, line: table.rows[number].line)
            line.warnings = warnings[number] ?? []
            do {
                let sets = try assignments(ofRow: number)
                line.outputs = try Preset.load(preset, overrides: sets, overridesFile: rowsFile).outputs.map(\.file)
                if !base.run.overwrite, !line.outputs.isEmpty, line.outputs.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) {
                    line.status = .skipped
                } else {
                    var request = base
                    request.preset = EncodeRequest.PresetSource(path: preset, overrides: sets, overridesFile: rowsFile)
                    try encode(request)
                    line.status = .done
                }
            } catch {
                if case .interrupted = error { throw error }
                line.reason = error.description
            }
            line.seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            report(line)
            switch line.status {
            case .done: counts.done += 1
            case .skipped: counts.skipped += 1
            case .failed: counts.failed += 1
            }
        }
        return counts
    }

    /// How many rows were done, skipped and failed.
    public struct Counts: Sendable {
        public var done = 0, skipped = 0, failed = 0
    }

    /// One row's outcome, a JSON line of the batch's report.
    public struct Report: Sendable {
        /// Encoded; skipped because every output exists; or failed (the reason says why).
        public enum Status: String, Sendable {
            case done, skipped, failed
        }

        /// The row, from 1, and the CSV line it starts on.
        public var row: Int
        public var line: Int
        public var status = Status.failed
        /// The files the row writes.
        public var outputs: [String] = []
        /// Wall-clock seconds the row took.
        public var seconds = 0.0
        /// Why the row failed.
        public var reason: String?
        /// What the row's check found that its clip cannot show as given (text that does not fit).
        public var warnings: [String] = []

        /// `{"row":3,"line":4,"status":"done","outputs":["out/ana.mp4"],"seconds":4.200}`, with
        /// `"reason"` when it failed and `"warnings"` when it has any.
        public var jsonLine: String {
            let outputs = self.outputs.map(JSON.quoted).joined(separator: ",")
            let reason = self.reason.map { ",\"reason\":" + JSON.quoted($0) } ?? ""
            let warnings = self.warnings.isEmpty ? "" : ",\"warnings\":[" + self.warnings.map(JSON.quoted).joined(separator: ",") + "]"
            return "{\"row\":\(row),\"line\":\(line),\"status\":\"\(status.rawValue)\",\"outputs\":[\(outputs)],"
                + "\"seconds\":\(String(format: "%.3f", seconds))\(reason)\(warnings)}"
        }
    }
}
