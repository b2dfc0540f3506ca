import Documents
import Foundation
import Jobs

/// The options every rendering command shares, as the command line gives them.
extension ResolvedClip {
    static var help: String { """
      --scene NAME          the scene (list them with: animvid scenes; knobs: animvid scene NAME)
      --scene-file FILE     a scene written as JSON instead (docs/scene-files.md), or a Lottie
                            animation (docs/lottie.md); check it with animvid validate FILE;
                            start from animvid scene NAME --export json
      --param NAME=VALUE    set a scene knob (a Lottie file: a keypath such as "**.Fill 1.Color",
                            or a slot); repeat for several
    \(ClipOption.help([.frame]))
    """ }

    /// Reads `--scene` or `--scene-file`, `--param`, `--size`, `--scale` and `--background`.
    /// `defaultScale` gives the scale when `--scale` is absent, from the width in pixels.
    init(_ args: inout Arguments, defaultSize: PixelSize = ClipChoices.defaultSize,
         defaultScale: (Int) -> Double = { _ in ClipChoices.defaultScale }) throws(CLIError) {
        self = try .resolve(try args.clipChoices(), command: args.command, defaultSize: defaultSize, defaultScale: defaultScale)
    }

    /// The clip `clip` chooses, its warnings (what a Lottie file uses that animvid does not draw
    /// yet) shown on standard error.
    static func resolve(_ clip: ClipChoices, command: String, defaultSize: PixelSize = ClipChoices.defaultSize,
                        defaultScale: (Int) -> Double = { _ in ClipChoices.defaultScale }) throws(CLIError) -> ResolvedClip {
        let resolved = try ResolvedClip(clip, command: command, defaultSize: defaultSize, defaultScale: defaultScale)
        showWarnings(resolved.warnings)
        return resolved
    }

    /// Writes warnings to standard error, a line each.
    static func showWarnings(_ warnings: [String]) {
        for warning in warnings { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
    }
}
