import Foundation
import Pipeline

/// `animvid join OUTPUT`: writes the output of a sharded encode from its shards' segments.
enum JoinCommand {
    static let help = """
    usage: animvid join [-q] OUTPUT

    Joins the segments that the shards of a sharded encode (animvid encode --shard I/N …) left
    in .OUTPUT.animvid/ beside OUTPUT, by stream copy, into OUTPUT, which appears whole or not at
    all; the session folder then goes. Every segment is checked first: there, and of the size and
    MD5 its shard recorded. A segment not finished is named with the shard holding its claim:
    run that shard again (it redoes only its unfinished segments), then join again. The join
    reads the encode's command from the session, so it runs from any folder, on any machine that
    sees the shared folder. See docs/cluster.md.

      -q, --quiet   print nothing but errors
    """

    static func run(_ arguments: [String]) throws(CLIError) {
        var args = Arguments(arguments, command: "join")
        if args.wantsHelp {
            print(help)
            return
        }
        let quiet = args.flag("-q", "--quiet")
        let outputs = try args.positionals()
        guard outputs.count == 1, let output = outputs.first else { throw .usage("join takes the output of a sharded encode") }
        guard let shards = ShardLedger(folder: Session.folder(for: output)).plan() else {
            throw .usage("\(output) has no sharded encode to join (see animvid sessions)")
        }
        guard FileManager.default.changeCurrentDirectoryPath(shards.session.directory) else {
            throw .runtime("cannot go to \(shards.session.directory), where the shards started")
        }
        let plan = try EncodeCommand.plan(shards.session.arguments)
        let job = try EncodeCommand.job(plan)
        do {
            let summary = try ShardedEncode.join(EncodeCommand.sessionRequest(plan, job: job))
            if !quiet { EncodeCommand.reportWritten(plan, bytes: summary.bytes, seconds: summary.wallSeconds) }
        } catch {
            throw .runtime("joining \(output) failed: \(error)")
        }
    }
}
