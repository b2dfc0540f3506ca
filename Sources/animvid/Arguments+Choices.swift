import Documents
import Jobs
import Media

/// The command line's share of the typed job that presets build too: what to render and how to
/// write it, each option read and checked as its entry in `ClipOption.all` says.
extension Arguments {
    /// `--scene`, `--scene-file`, `--param` and the frame's options (`--size`, `--scale`,
    /// `--background`); with `timed`, the clip's too (length, rate, start, loop, soundtrack).
    mutating func clipChoices(timed: Bool = false) throws(CLIError) -> ClipChoices {
        var choices = EncodeChoices()
        switch (try option("--scene"), try option("--scene-file")) {
        case let (name?, nil): choices.clip.scene = .named(name)
        case let (nil, file?): choices.clip.scene = .file(file)
        case (_?, _?): throw .usage("--scene and --scene-file: give one of them, not both")
        case (nil, nil): break
        }
        choices.clip.params = try options("--param", "-p")
        try read(timed ? [.frame, .clip] : [.frame], into: &choices)
        return choices.clip
    }

    /// `clipChoices()` over a preset's clip when `--preset FILE` names one (its fields changed by
    /// `--set KEY=VALUE`), for commands that draw a preset's frames (`still`, `sheet`).
    mutating func clipChoicesOrPreset() throws(CLIError) -> ClipChoices {
        let clip = try clipChoices()
        let overrides = try options("--set")
        if let preset = try option("--preset") { return clip.overriding(try Preset.load(preset, overrides: overrides).clip) }
        guard overrides.isEmpty else { throw .usage("--set is for presets: give --preset FILE") }
        return clip
    }

    /// `clipChoices()` and the clip's length, rate, start, loop and soundtrack.
    mutating func timedClipChoices() throws(CLIError) -> ClipChoices {
        try clipChoices(timed: true)
    }

    /// The output's options: codec, rate control, encoder preset, key frames, pixel format, metadata.
    mutating func outputChoices() throws(CLIError) -> OutputChoices {
        var choices = EncodeChoices()
        try read([.output], into: &choices)
        return choices.output
    }

    /// Reads the options of `scopes` that are given; an error names the flag.
    private mutating func read(_ scopes: Set<ClipOption.Scope>, into choices: inout EncodeChoices) throws(CLIError) {
        for clipOption in ClipOption.all where scopes.contains(clipOption.scope) {
            if case .flag = clipOption.kind {
                if flag(clipOption.flag) { clipOption.applyFlag(to: &choices) }
                continue
            }
            guard let text = try option(clipOption.flag) else { continue }
            do {
                try clipOption.apply(text: text, to: &choices)
            } catch {
                throw .usage("\(clipOption.flag): \(error.message)")
            }
        }
    }
}

extension EncoderSettingsError {
    /// The flag that chooses the setting at fault.
    var flag: String {
        ClipOption.choosing(setting).flag
    }
}
