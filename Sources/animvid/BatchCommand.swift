import Documents
import Foundation
import Jobs
import Media
import Pipeline

/// `animvid batch PRESET --rows DATA.csv`: one clip per row of a table, each row's cells
/// `--set` into the preset.
enum BatchCommand {
    static let help = """
    usage: animvid batch PRESET --rows DATA.csv [--shard I/N] [encode options]

    Renders one clip per row of DATA.csv from PRESET. The first row names the columns, each a
    --set key of the preset (params.title, params.logo, params.color, outputs.0.file, …); every
    other row is one clip, encoded as animvid encode --preset PRESET --set KEY=CELL … would for
    its non-empty cells (an empty cell keeps the preset's value). Each clip is its own resumable
    session. A row whose outputs all exist is skipped, so a second run does only what is missing
    or failed; a bad row fails alone and the others go on.

    A JSON line a row goes to standard output, a summary to standard error:
      {"row":3,"line":4,"status":"done","outputs":["out/ana.mp4"],"seconds":4.2}
      {"row":4,"line":5,"status":"failed","outputs":[],"seconds":0.0,"reason":"…"}
    row counts data rows from 1, line is the CSV line it starts on; status is done, skipped or
    failed. The exit status is 1 when a row failed, 2 for a bad command or table.

      --rows FILE    the table: CSV with a header row (RFC 4180: cells with commas, quotes or
                     line breaks in double quotes, a quote doubled inside)
      --shard I/N    only shard I's even, contiguous share of the rows; auto or auto/N reads
                     Slurm's, Kubernetes' or GNU parallel's task number (as encode --shard)
      other encode options (--threads, --encoder-threads, --segment-seconds, -y, --progress,
      -q) apply to every row; -y re-renders rows whose outputs exist

    examples:
      animvid batch presets/promo-instagram-square.json --rows customers.csv > report.jsonl
      animvid batch promo.json --rows cities.csv --shard auto -q   (in a Slurm job array)
    """

    /// The largest table read.
    static let largestTable = 64 << 20

    static func run(_ arguments: [String]) throws(CLIError) {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(help)
            return
        }
        guard let preset = arguments.first, !preset.hasPrefix("-") else { throw .usage("batch needs a preset first: animvid batch PRESET --rows DATA.csv") }
        var forwarded: [String] = []
        var rowsFile: String?, shardText: String?
        var rest = arguments.dropFirst().makeIterator()
        while let argument = rest.next() {
            switch argument {
            case "--rows": rowsFile = rest.next()
            case "--shard": shardText = rest.next()
            default:
                if argument.hasPrefix("--rows=") { rowsFile = String(argument.dropFirst(7)) }
                else if argument.hasPrefix("--shard=") { shardText = String(argument.dropFirst(8)) }
                else if argument == "--preset" || argument.hasPrefix("--preset=") || argument == "--set" || argument.hasPrefix("--set=") {
                    throw .usage("batch: \(argument) comes from the batch's PRESET and the table's columns")
                } else { forwarded.append(argument) }
            }
        }
        guard let rowsFile, !rowsFile.isEmpty else { throw .usage("batch needs --rows DATA.csv") }
        let shard = try shardText.map { text throws(CLIError) in try ShardOption.parse(text) }
        let overwrite = try checkForwarded(forwarded)
        let table = try readTable(rowsFile)
        try checkOutputs(of: table, preset: preset)
        let rows = shard.map { $0.share(of: table.rows.count) } ?? table.rows.indices
        var counts = (done: 0, skipped: 0, failed: 0)
        for number in rows {
            let row = table.rows[number]
            let start = DispatchTime.now()
            var report = Report(row: number + 1, line: row.line)
            do {
                let sets = try assignments(of: row, header: table.header)
                let outputs = try PresetEncode.load(preset, overrides: sets).outputs.map(\.file)
                report.outputs = outputs
                if !overwrite, !outputs.isEmpty, outputs.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) {
                    report.status = "skipped"
                } else {
                    try PresetEncode.run(["--preset", preset] + forwarded + sets.flatMap { ["--set", $0] })
                    report.status = "done"
                }
            } catch let error {
                if case .interrupted = error { throw error }
                report.status = "failed"
                report.reason = error.description
            }
            report.seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            FileHandle.standardOutput.write(Data((report.jsonLine + "\n").utf8))
            switch report.status {
            case "done": counts.done += 1
            case "skipped": counts.skipped += 1
            default: counts.failed += 1
            }
        }
        let share = shard.map { " (shard \($0): rows \(rows.lowerBound + 1)-\(rows.upperBound) of \(table.rows.count))" } ?? ""
        FileHandle.standardError.write(Data("batch: \(rows.count) rows\(share): \(counts.done) done, \(counts.skipped) skipped, \(counts.failed) failed\n".utf8))
        if counts.failed > 0 { throw .runtime("batch: \(counts.failed) of \(rows.count) rows failed (their reasons are in the report)") }
    }

    /// Checks the encode options given to every row, and returns whether they replace existing
    /// outputs (-y). An output file on the command line is refused: it would be every row's.
    static func checkForwarded(_ forwarded: [String]) throws(CLIError) -> Bool {
        var args = Arguments(forwarded, command: "batch")
        _ = try args.timedClipChoices()
        _ = try args.outputChoices()
        let run = try EncodeCommand.RunOptions(&args)
        if let output = try args.positionals().first {
            throw .usage("batch: \(output): the outputs come from the preset and the table, one set a row (an outputs.0.file column, for example), not from the command line")
        }
        return run.overwrite
    }

    /// Refuses, before any row is rendered, a row that writes to standard output (which carries
    /// the report) and two rows that write one file (the second would be skipped or replace the
    /// first). Pictures are not decoded for this. Rows whose preset does not load are left to
    /// fail on their own.
    static func checkOutputs(of table: CSVTable, preset: String) throws(CLIError) {
        var writers: [String: Int] = [:]
        for (number, row) in table.rows.enumerated() {
            guard let sets = try? assignments(of: row, header: table.header),
                  let outputs = try? PresetLoader.load(path: preset, overrides: sets, decodeImage: SceneFile.placeholderImages).outputs.map(\.file) else { continue }
            for file in outputs {
                if file == "-" {
                    throw .usage("batch: row \(number + 1) (line \(row.line)) writes to standard output (-), which carries the batch's report; give each row a file")
                }
                let path = PresetLoader.canonicalPath(file)
                if let earlier = writers[path] {
                    throw .usage("batch: rows \(earlier) and \(number + 1) (line \(row.line)) both write \(file); give each row its own output "
                                 + "(an outputs.0.file column, for example)")
                }
                writers[path] = number + 1
            }
        }
    }

    /// The table in `path`: a regular file of UTF-8 CSV.
    static func readTable(_ path: String) throws(CLIError) -> CSVTable {
        let data: Data
        do {
            data = try InputFile.read(path, limit: largestTable)
        } catch {
            throw .usage("--rows: \(path): \(error)")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw .usage("--rows: \(path) is not UTF-8 text") }
        do {
            let table = try CSVTable.parse(text, file: path)
            if let empty = table.header.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                throw CLIError.usage("--rows: \(path):1: column \(empty + 1) has no name (the header row names each column's --set key)")
            }
            return table
        } catch let error as CLIError {
            throw error
        } catch {
            throw .usage("--rows: \(error)")
        }
    }

    /// The row's `KEY=VALUE` assignments, one a non-empty cell.
    static func assignments(of row: CSVTable.Row, header: [String]) throws(CLIError) -> [String] {
        guard row.cells.count == header.count else {
            throw .usage("line \(row.line) has \(row.cells.count) cells, the header \(header.count)")
        }
        return zip(header, row.cells).filter { !$0.1.isEmpty }.map { "\($0.0.trimmingCharacters(in: .whitespaces))=\($0.1)" }
    }

    /// One row's line of the report.
    struct Report {
        var row: Int
        var line: Int
        var status = "failed"
        var outputs: [String] = []
        var seconds = 0.0
        var reason: String?

        var jsonLine: String {
            let outputs = self.outputs.map(JSON.quoted).joined(separator: ",")
            let reason = self.reason.map { ",\"reason\":" + JSON.quoted($0) } ?? ""
            return "{\"row\":\(row),\"line\":\(line),\"status\":\"\(status)\",\"outputs\":[\(outputs)],\"seconds\":\(String(format: "%.3f", seconds))\(reason)}"
        }
    }
}
