import Documents
import Scenes

/// `animvid scenes`: one line per built-in scene.
enum ScenesCommand {
    static let help = """
    usage: animvid scenes [--verbose]

    Lists the built-in scenes: name and what each shows. --verbose adds each scene's cycle and
    knobs (as animvid scene NAME prints them).
    """

    static func run(_ arguments: [String]) throws(CLIError) {
        var args = Arguments(arguments, command: "scenes")
        if args.wantsHelp {
            print(help)
            return
        }
        let verbose = args.flag("-v", "--verbose")
        let extra = try args.positionals()
        guard extra.isEmpty else { throw .usage("scenes takes no arguments, got: \(extra.joined(separator: " "))") }
        if verbose {
            print(SceneCatalog.all.map(SceneCommand.describe).joined(separator: "\n\n"))
            return
        }
        let width = SceneCatalog.all.map(\.name.count).max() ?? 0
        for scene in SceneCatalog.all {
            print(scene.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + scene.summary)
        }
    }
}
