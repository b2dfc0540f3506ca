import Animation
import Documents
import Foundation
import Jobs
import Media
import Pipeline
import Raster
import Scenes

/// `animvid preview FILE`: a small rendering of a scene file or preset on an HTML page beside
/// it, rendered again whenever the file or anything it reads is saved.
enum PreviewCommand {
    static let help = """
    usage: animvid preview FILE [--param NAME=VALUE]... [--set KEY=VALUE]... [options]

    Renders a small version of a scene file or a preset and writes NAME.preview.html beside it:
    one self-contained page with the clip as a small WebM with its soundtrack (play with sound,
    a scrubber, frame-by-frame stepping with ← and →, the time and frame number), opening on the
    frame that shows the most, and the list of knobs with their values. Then it watches the file
    and everything it reads (the presets it extends, the scene files it shows, their images) and
    renders again when one is saved; an open page reloads itself on the frame it showed, still
    playing if it was. An error in a file shows on the page, with its file:line:column, above the
    last good rendering.

    options:
      --param NAME=VALUE    set a scene file's knob; repeat for several
      --set KEY=VALUE       override a preset's field (params.title=…); repeat for several
      --fit PX              the preview fits in PX × PX pixels (default 480; never larger than the clip)
      --fps N               frames a second (default: the clip's, at most 60)
      --seconds S           the span shown (default: a preset's length, a scene file's shots or cycle, or 4 s)
      --port N              serve the page at http://127.0.0.1:N/ with its knobs as fields to edit
                            (default: a free port, printed; the edits render at once and are kept
                            while the preview runs, the flags that make them shown on the page)
      --once                render once and exit (status 2 when the file has an error)
      -y, --overwrite       replace NAME.preview.html even when animvid did not write it

    example:
      animvid preview templates/promo.json --param title=Comet
    """

    /// How often the watched files are checked, in seconds.
    static let pollInterval = 0.3

    static func run(_ arguments: [String]) throws(CLIError) {
        var args = Arguments(arguments, command: "preview")
        if args.wantsHelp {
            print(help)
            return
        }
        var request = Request()
        request.params = try args.options("--param", "-p")
        request.overrides = try args.options("--set")
        request.fit = try args.option("--fit").map { text throws(CLIError) in try Parse.integer(text, option: "--fit", range: 16...1920) } ?? 480
        request.fps = try args.option("--fps").map { text throws(CLIError) in try Parse.number(text, option: "--fps", range: 1...60) }
        request.seconds = try args.option("--seconds").map { text throws(CLIError) in try Parse.number(text, option: "--seconds", range: 0.05...600) }
        let port = try args.option("--port").map { text throws(CLIError) in try Parse.integer(text, option: "--port", range: 0...65_535) }
        let once = args.flag("--once")
        let overwrite = args.flag("-y", "--overwrite")
        let files = try args.positionals()
        guard files.count == 1, let file = files.first else { throw .usage("preview takes one scene file or preset") }
        guard FileManager.default.fileExists(atPath: file) else { throw .usage("\(file): no such file") }
        request.file = file
        let page = PreviewPage.path(for: file)
        let script = PreviewPage.versionScript(for: page)
        /// Whether animvid may write `path` (the page or its version script): it is not there,
        /// or animvid wrote it (it starts with `mark`), or -y was given. Checked before each write.
        func mayWrite(_ path: String, mark: String) throws(CLIError) -> Bool {
            guard FileManager.default.fileExists(atPath: path) else { return false }
            if overwrite { return true }
            let start = try? InputFile.read(path, limit: mark.utf8.count, prefix: mark.utf8.count)
            guard start == Data(mark.utf8) else { throw .usage("\(path) exists and animvid did not write it; pass -y to replace it") }
            return true
        }
        _ = try mayWrite(page, mark: PreviewPage.marker)
        _ = try mayWrite(script, mark: PreviewPage.scriptMarker)

        let server = once ? nil : try PreviewServer(port: port ?? 0)
        var last: PreviewPage.Clip?
        var version = 0
        /// Renders, writes the page and its version script, and returns the error shown, if
        /// any, and the files read (with their state when read, to notice the next save).
        func renderAndWrite() throws(CLIError) -> (error: String?, read: SourceFiles) {
            let began = Date()
            let (result, read) = request.render()
            var failure: String?
            switch result {
            case .success(let clip): last = clip
            case .failure(let error): failure = error.description
            }
            version += 1
            let stamp = Self.clockTime()
            let stamped = "\(getpid())-\(version)"
            func html(editing: PreviewPage.Editing?) -> String {
                PreviewPage.html(source: file, clip: last, error: failure, version: stamped, renderedAt: stamp, editing: editing)
            }
            let versionScript = PreviewPage.versionScriptText(stamped)
            do {
                try OutputFile.write(Data(html(editing: server.map { .elsewhere($0.address) }).utf8), to: page,
                                     replacing: try mayWrite(page, mark: PreviewPage.marker))
                try OutputFile.write(Data(versionScript.utf8), to: script, replacing: try mayWrite(script, mark: PreviewPage.scriptMarker))
            } catch {
                throw .runtime("writing \(page) failed: \(error)")
            }
            server?.publish(PreviewServer.Content(page: html(editing: server.map { .here(token: $0.token, edits: request.editFlags) }),
                                                  script: versionScript, scriptName: URL(fileURLWithPath: script).lastPathComponent))
            if let failure {
                if !once { FileHandle.standardError.write(Data("\(stamp) \(failure)\n".utf8)) }
            } else if let last {
                say("\(stamp) \(page): \(last.frameCount) frames, \((last.video.count + 1023) / 1024) KiB, \(last.width)x\(last.height), in \(String(format: "%.1f", Date().timeIntervalSince(began))) s")
            }
            return (failure, read)
        }

        let (failure, first) = try renderAndWrite()
        var read = first
        if once {
            if let failure { throw .usage(failure) }
            return
        }
        server?.start()
        let names = read.all.map { URL(fileURLWithPath: $0).lastPathComponent }
        say("watching \(names.count) file\(names.count == 1 ? "" : "s") (\(names.joined(separator: ", "))); open \(server?.address ?? page) "
            + "in a browser (its knobs can be edited there) or \(page); Ctrl-C stops")
        while true {
            Thread.sleep(forTimeInterval: pollInterval)
            if let edits = server?.takeEdits() {
                request.edit(edits)
            } else {
                guard read.changed else { continue }
                // A save can come in several writes: give it a moment to finish.
                Thread.sleep(forTimeInterval: pollInterval)
            }
            read = try renderAndWrite().read
        }
    }

    /// What is previewed, and how.
    struct Request {
        var file = ""
        var params: [String] = []
        var overrides: [String] = []
        /// The longest side, in pixels.
        var fit = 480
        var fps: Double?
        var seconds: Double?
        /// Knobs edited on the page, in the order first edited, with their latest values.
        var edits: [(name: String, value: String)] = []

        /// Sets knobs as the page edited them: a scene file's as `--param` would, a preset's as
        /// `--set params.NAME=` would, over what the command line gave.
        mutating func edit(_ changes: [String: String]) {
            for (name, value) in changes.sorted(by: { $0.key < $1.key }) {
                if let i = edits.firstIndex(where: { $0.name == name }) { edits[i].value = value } else { edits.append((name, value)) }
            }
        }

        /// The page's edits as `NAME=VALUE` settings: a scene file's knobs as `--param` takes
        /// them, a preset's as `--set` does (`PresetLoader.key(forKnob:)`).
        var editSettings: [String] {
            let preset = !ValidateCommand.isSceneFile(file)
            return edits.map { (preset ? PresetLoader.key(forKnob: $0.name) : $0.name) + "=" + $0.value }
        }

        /// The command-line flags that make the page's edits: `--param title=Comet`.
        var editFlags: [String] {
            let flag = ValidateCommand.isSceneFile(file) ? "--param " : "--set "
            return editSettings.map { flag + $0 }
        }

        /// Renders the clip, noting every file read; a failure is the message the user sees.
        func render() -> (Result<PreviewPage.Clip, CLIError>, read: SourceFiles) {
            let files = SourceFiles()
            let result = SourceFiles.$recorder.withValue(files) { () -> Result<PreviewPage.Clip, CLIError> in
                SourceFiles.noteRead(file)
                do throws(CLIError) {
                    return .success(try clip())
                } catch {
                    return .failure(error)
                }
            }
            return (result, files)
        }

        private func clip() throws(CLIError) -> PreviewPage.Clip {
            var clip: ClipChoices
            if ValidateCommand.isSceneFile(file) {
                guard overrides.isEmpty else { throw .usage("--set is for presets; a scene file's knobs are set with --param NAME=VALUE") }
                clip = ClipChoices()
                clip.scene = .file(file)
                clip.params = params + editSettings
            } else {
                guard params.isEmpty else { throw .usage("--param is for scene files; a preset's knobs are set with --set params.NAME=VALUE") }
                clip = try Preset.load(file, overrides: overrides + editSettings).clip
            }
            let options = try ResolvedClip.resolve(clip, command: "preview")
            let full = options.clip.overriding(ClipChoices.defaults)
            let cycle = options.cycle
            // The clip's own rate up to 60 fps, at the preview's size (even sides, for 4:2:0).
            var choices = EncodeChoices()
            choices.clip = options.clip
            choices.clip.seconds = seconds ?? (options.clip.seconds ?? (cycle > 0 && cycle.isFinite ? cycle : 4))
            choices.clip.frameRate = try fps.map { x throws(CLIError) in
                guard let rate = FrameRate(parsing: JSON.exact(x)) else { throw .usage("--fps: \(JSON.exact(x)) is not a frame rate") }
                return rate
            } ?? full.frameRate.flatMap { $0.value <= PreviewCommand.fastestRate ? $0 : FrameRate(numerator: Int(PreviewCommand.fastestRate)) }
            let (width, height, scale) = options.fitted(within: fit)
            choices.clip.size = PixelSize(width: max(width - width % 2, 2), height: max(height - height % 2, 2))
            choices.clip.scale = scale
            // VP9 (with its alpha), a key frame every second so that a seek decodes little, and
            // the soundtrack as Opus beside it: one small file the page plays in sync.
            choices.output.codec = .vp9
            choices.output.crf = PreviewCommand.quality
            choices.output.encoderPreset = "8"
            choices.output.keyint = max(Int((choices.clip.frameRate?.value ?? 30).rounded()), 1)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-preview-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let video = folder.appendingPathComponent("clip.webm").path
            var run = RunOptions()
            (run.noSession, run.overwrite) = (true, true)
            guard let plan = try EncodeRequest(choices, file: video, run: run).plans(warn: { _ in }).first else { throw .usage("nothing to preview") }
            let bytes: Data
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                _ = try plan.execute()
                bytes = try Data(contentsOf: URL(fileURLWithPath: video))
            } catch let error as JobError {
                throw error
            } catch {
                throw .runtime("rendering the preview failed: \(error)")
            }
            let knobs = options.settings.assignments.map { assignment in
                let parameter = options.scene.parameters.first { $0.name == assignment.name }
                return PreviewPage.Knob(name: assignment.name, type: parameter?.typeDescription ?? "", value: assignment.value.text,
                                        summary: parameter?.summary ?? "")
            }
            let timeline = try plan.clip.timeline(duration: plan.start + plan.fps.time(ofFrame: plan.frameCount) + 1, clipStart: plan.start)
            let opening = PreviewCommand.openingFrame(timeline, count: plan.frameCount, start: plan.start, fps: plan.fps.value, clip: plan.clip)
            return PreviewPage.Clip(title: options.scene.name, width: plan.clip.width, height: plan.clip.height, fps: plan.fps.value,
                                    start: plan.start, frameCount: plan.frameCount, openingFrame: opening, video: bytes,
                                    hasSound: plan.settings.audio != nil, knobs: knobs, transparent: plan.settings.alpha)
        }
    }

    /// The fastest rate a preview plays at: the clip's own up to this.
    static let fastestRate = 60.0
    /// The preview's VP9 quality (crf): sharp enough to judge at preview size, a few MB for 30 s.
    static let quality = 34

    /// The frame the page opens on: the first that shows at least nine tenths of the most detail
    /// any frame shows (edges between pixels, so that a smooth backdrop alone, the empty start of
    /// a title card, does not count), judged on 24 frames across the clip drawn 96 pixels wide.
    static func openingFrame(_ timeline: Timeline, count: Int, start: Double, fps: Double, clip: ResolvedClip) -> Int {
        let factor = min(96 / Double(max(clip.width, clip.height)), 1)
        let (width, height) = (max(Int(Double(clip.width) * factor), 2), max(Int(Double(clip.height) * factor), 2))
        let renderer = FrameRenderer(scale: clip.scale * factor)
        let samples = Array(Set((0..<24).map { $0 * count / 24 })).sorted()
        let detail = samples.map { frame -> Int in
            guard let blank = Pixmap(width: width, height: height) else { return 0 }
            let pixels = renderer.render(timeline.displayList(at: start + Double(frame) / fps), into: blank).bytes
            func luma(_ x: Int, _ y: Int) -> Int {
                let i = (y * width + x) * 4
                return (Int(pixels[i]) * 2 + Int(pixels[i + 1]) * 5 + Int(pixels[i + 2]) + Int(pixels[i + 3]) * 2) / 10
            }
            var edges = 0
            for y in 0..<(height - 1) {
                for x in 0..<(width - 1) where abs(luma(x + 1, y) - luma(x, y)) + abs(luma(x, y + 1) - luma(x, y)) > 24 { edges += 1 }
            }
            return edges
        }
        let most = detail.max() ?? 0
        return zip(samples, detail).first { most > 0 && $0.1 * 10 >= most * 9 }?.0 ?? 0
    }

    /// Writes a line on standard output at once: a script reading it (for the page's address)
    /// sees it while the preview runs on.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// The local time of day, HH:MM:SS.
    static func clockTime() -> String {
        let parts = Calendar.current.dateComponents([.hour, .minute, .second], from: Date())
        return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }
}
