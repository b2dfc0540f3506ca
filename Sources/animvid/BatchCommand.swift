import Foundation
import Jobs

/// `animvid batch PRESET --rows DATA.csv`: one clip per row of a table, each row's cells
/// `--set` into the preset.
enum BatchCommand {
    static let help = """
    usage: animvid batch PRESET --rows DATA.csv [--shard I/N] [encode options]

    Renders one clip per row of DATA.csv from PRESET. Every row is checked first, as validate
    checks a preset: what a row cannot show as given (a text that does not fit its box) is a
    warning naming the row and the layer, before the first clip is rendered, and is repeated in
    the row's report line. The first row names the columns, each a
    --set key of the preset (params.title, params.logo, params.color, outputs.0.file, …); every
    other row is one clip, encoded as animvid encode --preset PRESET --set KEY=CELL … would for
    its non-empty cells (an empty cell keeps the preset's value), except that a file's path in a
    cell (a picture knob, the audio, an output) is relative to DATA.csv's folder, and an output's missing
    folders are made. Each clip is its own resumable
    session. A row whose outputs all exist is skipped, so a second run does only what is missing
    or failed; a bad row fails alone and the others go on.

    A JSON line a row goes to standard output, a summary to standard error:
      {"row":3,"line":4,"status":"done","outputs":["out/ana.mp4"],"seconds":4.2}
      {"row":4,"line":5,"status":"failed","outputs":[],"seconds":0.0,"reason":"…"}
      {"row":5,"line":6,"status":"done","outputs":["out/bo.mp4"],"seconds":4.1,"warnings":["…"]}
    row counts data rows from 1, line is the CSV line it starts on; status is done, skipped or
    failed. The exit status is 1 when a row failed, 2 for a bad command or table.

      --rows FILE    the table: CSV with a header row (RFC 4180: cells with commas, quotes or
                     line breaks in double quotes, a quote doubled inside)
      --shard I/N    only shard I's even, contiguous share of the rows; auto or auto/N reads
                     Slurm's, Kubernetes' or GNU parallel's task number (as encode --shard)
      other encode options (--threads, --encoder-threads, --segment-seconds, -y, --progress,
      -q) apply to every row; -y re-renders rows whose outputs exist

    animvid validate PRESET --rows DATA.csv checks every row without rendering any.

    examples:
      animvid batch presets/promo-instagram-square.json --rows customers.csv > report.jsonl
      animvid batch promo.json --rows cities.csv --shard auto -q   (in a Slurm job array)
    """

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
        // The encode options given to every row. An output file is refused: it would be every row's.
        var args = Arguments(forwarded, command: "batch")
        let (base, display) = try args.encodeRequest()
        if let output = try args.positionals().first {
            throw .usage("batch: \(output): the outputs come from the preset and the table, one set a row (an outputs.0.file column, for example), not from the command line")
        }
        let batch = try Batch(preset: preset, rowsFile: rowsFile)
        try batch.checkOutputs()
        let rows = shard.map { $0.share(of: batch.table.rows.count) } ?? batch.table.rows.indices
        // Every row is checked before the first is rendered; a row that does not load fails in
        // its turn, with the reason in the report.
        var warnings: [Int: [String]] = [:]
        for number in rows {
            guard let found = try? batch.check(row: number), !found.isEmpty else { continue }
            warnings[number] = found
            ResolvedClip.showWarnings(found.map { "batch: row \(number + 1) (line \(batch.table.rows[number].line)): \($0)" })
            EncodeCommand.noteShown(found)
        }
        let counts = try batch.run(rows: rows, base: base, warnings: warnings, encode: { request throws(CLIError) in try EncodeCommand.execute(request, display: display) }) {
            FileHandle.standardOutput.write(Data(($0.jsonLine + "\n").utf8))
        }
        let share = shard.map { " (shard \($0): rows \(rows.lowerBound + 1)-\(rows.upperBound) of \(batch.table.rows.count))" } ?? ""
        FileHandle.standardError.write(Data("batch: \(rows.count) rows\(share): \(counts.done) done, \(counts.skipped) skipped, \(counts.failed) failed\n".utf8))
        if counts.failed > 0 { throw .runtime("batch: \(counts.failed) of \(rows.count) rows failed (their reasons are in the report)") }
    }
}
