import Foundation
import Jobs

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
        let saved = try SavedEncode.shards(of: output)
        guard FileManager.default.changeCurrentDirectoryPath(saved.directory) else {
            throw .runtime("cannot go to \(saved.directory), where the shards started")
        }
        let plans = try saved.request.plans(warn: EncodeCommand.warn)
        guard plans.count == 1, let plan = plans.first else {
            throw .usage("join: the shards' plan of \(output) does not describe an encode of that one file")
        }
        let written = try plan.join()
        if !quiet { EncodeCommand.report(written) }
    }
}
