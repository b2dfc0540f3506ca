import Foundation
import Jobs
import Pipeline
import Sessions

/// `animvid sessions`, `animvid resume OUTPUT` and `animvid abandon OUTPUT`: unfinished encodes.
enum SessionsCommand {
    static let help = """
    usage: animvid sessions
           animvid resume [-y] [-q] [--progress MODE] OUTPUT
           animvid abandon OUTPUT

    sessions   lists unfinished encodes: output, frames kept of the total, age, whether it is
               running; for a sharded encode (--shard), its segments done, claimed and left
               and which shards hold claims; and the partial files stopped encodes in one
               piece (--no-session, several outputs of a preset) left behind, which the next
               encode of that output also deletes
    resume     continues the unfinished encode of OUTPUT with the settings that started it;
               it writes OUTPUT only, and replaces a file there only with -y given here (the
               work folder is data animvid checks, never a command it runs); -q and
               --progress as for encode
    abandon    deletes the unfinished encode of OUTPUT or its partial files (its work folder
               .OUTPUT.animvid beside it)
    """

    static func list(_ arguments: [String]) throws(CLIError) {
        let args = Arguments(arguments, command: "sessions")
        if args.wantsHelp {
            print(help)
            return
        }
        guard try args.positionals().isEmpty else { throw .usage("sessions takes no arguments") }
        let entries = SessionRegistry.entries()
        if entries.isEmpty {
            print("no unfinished sessions")
            return
        }
        for entry in entries {
            let state = Session.isBusy(entry.folder) ? "  (running)" : ""
            let ledger = ShardLedger(folder: entry.folder)
            if FinishedOutput.of(output: entry.output) != nil {
                print("\(entry.output)  finished; its work folder was left by a stop at the very end: the same encode or animvid resume OUTPUT removes it")
            } else if let plan = ledger.plan() {
                let p = ledger.progress(of: plan)
                let holders = p.holders.map { "shard \($0.claim.shard)/\($0.claim.shards) on \($0.claim.host) (process \($0.claim.pid)): \($0.segments)" }
                print("\(plan.session.output)  sharded: \(p.finishedFrames)/\(plan.session.totalFrames) frames; segments \(p.finished) done, \(p.claimed) claimed, "
                      + "\(p.left) left of \(plan.segmentCount)  \(age(of: entry.folder + "/" + ShardLedger.planName)) ago"
                      + (holders.isEmpty ? "" : "\n    claims: " + holders.joined(separator: ", ")))
            } else if let journal = SessionJournal.load(from: entry.folder) {
                print("\(journal.output)  \(journal.keptFrames)/\(journal.totalFrames) frames  \(age(of: entry.folder + "/" + SessionJournal.fileName)) ago\(state)")
            } else {
                let bytes = Session.bytes(in: entry.folder)
                let what = state.isEmpty ? "partial files of a stopped encode in one piece: animvid abandon OUTPUT removes them" : "an encode in one piece"
                print("\(entry.output)  \((bytes + 1023) / 1024) KiB of \(what)  \(age(of: entry.folder)) ago\(state)")
            }
        }
    }

    private static func age(of path: String) -> String {
        let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        return modified.map { age(Date().timeIntervalSince($0)) } ?? "?"
    }

    /// Continues the session of the output named, with the request its journal records. The
    /// journal is checked, not obeyed: it may only write that output, as a session, and a file
    /// there is replaced only when this command says `-y`.
    static func resume(_ arguments: [String]) throws(CLIError) {
        var args = Arguments(arguments, command: "resume")
        if args.wantsHelp {
            print(help)
            return
        }
        let overwrite = args.flag("-y", "--overwrite")
        let display = try args.progressDisplay()
        let outputs = try args.positionals()
        guard outputs.count == 1, let output = outputs.first else { throw .usage("resume takes the output of an unfinished encode") }
        let saved = try SavedEncode.session(of: output)
        let resumption = Resumption(output: URL(fileURLWithPath: output).standardizedFileURL.path, overwrite: overwrite)
        guard FileManager.default.changeCurrentDirectoryPath(saved.directory) else {
            throw .runtime("cannot return to \(saved.directory), where the encode started")
        }
        let plans = try saved.request.plans(resuming: resumption, warn: EncodeCommand.warn)
        guard plans.count == 1, let plan = plans.first, plan.resumable else {
            throw .usage("resume: the session journal of \(resumption.output) does not describe a session of that one file; animvid abandon OUTPUT deletes it")
        }
        try EncodeCommand.execute(plan, display: display)
    }

    static func abandon(_ arguments: [String]) throws(CLIError) {
        let args = Arguments(arguments, command: "abandon")
        if args.wantsHelp {
            print(help)
            return
        }
        let outputs = try args.positionals()
        guard outputs.count == 1, let output = outputs.first else { throw .usage("abandon takes the output of an unfinished encode") }
        guard FileManager.default.fileExists(atPath: Session.folder(for: output)) else {
            throw .usage("\(output) has no unfinished encode (see animvid sessions)")
        }
        do {
            let session = try Session(output: output)
            let journal = SessionJournal.load(from: session.folder)
            session.remove()
            print("abandoned \(output)" + (journal.map { ": \($0.keptFrames) of \($0.totalFrames) frames discarded" } ?? ": its partial files removed"))
        } catch {
            throw .runtime("\(error)")
        }
    }

    static func age(_ seconds: Double) -> String {
        switch seconds {
        case ..<120: "\(Int(seconds)) s"
        case ..<7200: "\(Int(seconds / 60)) min"
        case ..<172_800: "\(Int(seconds / 3600)) h"
        default: "\(Int(seconds / 86_400)) days"
        }
    }
}
