import Foundation
import Pipeline

/// `animvid sessions`, `animvid resume OUTPUT` and `animvid abandon OUTPUT`: unfinished encodes.
enum SessionsCommand {
    static let help = """
    usage: animvid sessions
           animvid resume OUTPUT
           animvid abandon OUTPUT

    sessions   lists unfinished encodes: output, frames kept of the total, age
    resume     continues the unfinished encode of OUTPUT with the command that started it
    abandon    deletes the unfinished encode of OUTPUT (its folder .OUTPUT.animvid beside it)
    """

    static func list(_ arguments: [String]) throws(CLIError) {
        let args = Arguments(arguments, command: "sessions")
        if args.wantsHelp {
            print(help)
            return
        }
        guard try args.positionals().isEmpty else { throw .usage("sessions takes no arguments") }
        let journals = SessionRegistry.folders().compactMap { folder in SessionJournal.load(from: folder).map { (folder, $0) } }
        if journals.isEmpty {
            print("no unfinished sessions")
            return
        }
        for (folder, journal) in journals {
            let modified = (try? FileManager.default.attributesOfItem(atPath: folder + "/" + SessionJournal.fileName))?[.modificationDate] as? Date
            let age = modified.map { Self.age(Date().timeIntervalSince($0)) } ?? "?"
            print("\(journal.output)  \(journal.keptFrames)/\(journal.totalFrames) frames  \(age) ago")
        }
    }

    static func resume(_ arguments: [String]) throws(CLIError) {
        let journal = try journal(of: arguments, command: "resume")
        guard FileManager.default.changeCurrentDirectoryPath(journal.directory) else {
            throw .runtime("cannot return to \(journal.directory), where the encode started")
        }
        try EncodeCommand.run(journal.arguments)
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
            print("abandoned \(output)" + (journal.map { ": \($0.keptFrames) of \($0.totalFrames) frames discarded" } ?? ""))
        } catch {
            throw .runtime("\(error)")
        }
    }

    private static func journal(of arguments: [String], command: String) throws(CLIError) -> SessionJournal {
        let args = Arguments(arguments, command: command)
        if args.wantsHelp {
            print(help)
            exit(0)
        }
        let outputs = try args.positionals()
        guard outputs.count == 1, let output = outputs.first else { throw .usage("\(command) takes the output of an unfinished encode") }
        guard let journal = SessionJournal.load(from: Session.folder(for: output)) else {
            throw .usage("\(output) has no unfinished encode (see animvid sessions)")
        }
        return journal
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
