import Scenes

/// `animvid scene NAME`: one scene with its knobs.
enum SceneCommand {
    static let help = """
    usage: animvid scene NAME

    Describes a built-in scene: what it shows, the seed effect it reproduces, its cycle, and every
    knob (--param NAME=VALUE) with its type, default and meaning.
    """

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = Arguments(arguments, command: "scene")
        if args.wantsHelp {
            print(help)
            return
        }
        let names = try args.positionals()
        guard names.count == 1, let name = names.first else { throw .usage("scene takes one scene name (list them with: animvid scenes)") }
        guard let scene = SceneCatalog.scene(named: name) else {
            throw .usage("\(SceneError.unknownScene(name))")
        }
        print(describe(scene))
    }

    /// The scene's description and knobs, as `scene` and `scenes --verbose` print them.
    static func describe(_ scene: any Scene) -> String {
        var lines = ["\(scene.name): \(scene.summary)", "  seed: \(scene.seed); one cycle: \(ParameterValue.number(scene.cycle).text) s", "  parameters:"]
        let nameWidth = scene.parameters.map(\.name.count).max() ?? 0
        let typeWidth = scene.parameters.map(\.typeDescription.count).max() ?? 0
        for p in scene.parameters {
            let value = p.defaultValue.text.isEmpty ? "(built in)" : p.defaultValue.text
            lines.append("    " + p.name.padding(toLength: nameWidth + 2, withPad: " ", startingAt: 0)
                         + p.typeDescription.padding(toLength: typeWidth + 2, withPad: " ", startingAt: 0)
                         + "default \(value): \(p.summary)")
        }
        return lines.joined(separator: "\n")
    }
}
