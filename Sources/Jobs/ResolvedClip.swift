import Animation
import Documents
import Foundation
import Geometry
import Lottie
import Media
import Pipeline
import Scenes
import Synchronization

/// What a clip's choices name, found and loaded: the scene (built in, a scene file or a Lottie
/// file), its knobs set (image knobs decoded), the frame's size and scale, and the checksums of
/// every input the frames depend on. What the command line and presets both resolve.
public struct ResolvedClip {
    /// The scene to render.
    public let scene: any Scene
    /// The clip as chosen, over what the file says when it says (a Lottie file's size, rate, length).
    public let clip: ClipChoices
    /// The scene's knobs with the clip's values set.
    public private(set) var settings: SceneSettings
    /// The frame's size in pixels.
    public let width: Int, height: Int
    /// Pixels per point.
    public let scale: Double
    /// The MD5 of each input the frames depend on (an image knob's decoded pixels, a scene file
    /// and its pictures), by what it is: a session's identity includes the contents, not only
    /// the paths, so an edited file or image starts a fresh session.
    public private(set) var inputChecksums: [String: String] = [:]
    /// What the scene uses that animvid does not draw as a player would (a Lottie file's), one
    /// line a kind, and captions cut to fit their lines, for the caller to show.
    public private(set) var warnings: [String] = []
    /// The captions burned in over the scene, and how they look.
    public private(set) var captions: [Caption] = []
    public private(set) var captionStyle = CaptionStyle()

    /// The scene and frame that `clip` chooses: the scene found or loaded, its knobs set (image
    /// knobs decoded here), the size and scale. `command` names what needs a scene when the
    /// clip names none.
    public init(_ chosen: ClipChoices, command: String, defaultSize: PixelSize = ClipChoices.defaultSize,
                defaultScale: (Int) -> Double = { _ in ClipChoices.defaultScale }) throws(JobError) {
        var clip = chosen
        let scene: any Scene
        switch clip.scene {
        case .named(let name):
            guard let found = SceneCatalog.scene(named: name) else { throw .usage("--scene: \(SceneError.unknownScene(name))") }
            scene = found
        case .file(let file) where Self.isLottie(file):
            let fontMap: [String: String]
            do {
                fontMap = try ValueText.fontMap(clip.fontMap ?? "")
            } catch {
                throw .usage("--font-map: \(error.message)")
            }
            let lottie = try Self.loadLottie(file, values: clip.params, fontMap: fontMap)
            warnings = lottie.warnings.map { "\(file): \($0)" }
            inputChecksums["scene file"] = (try? DocumentFile.read(file, limit: SceneFileLimits.fileSize)).map { FrameMD5.md5([UInt8]($0)) }
            for knob in clip.params where lottie.setsProperty(knob) { inputChecksums["value " + knob] = knob }
            clip = clip.overriding(lottie.defaultClip)
            clip.params = clip.params.filter { !lottie.setsProperty($0) }
            scene = lottie
        case .file(let file):
            let images = ImageChecksums()
            scene = try Self.loadSceneFile(file, recordingInto: images)
            inputChecksums = images.all
        case nil:
            throw .usage("\(command) needs --scene NAME (one of: \(ResolvedClip.sceneNames)) or --scene-file FILE")
        }
        self.scene = scene
        // A picture's path given on the command line is relative to the working folder (a
        // preset's are made whole from its own folder as it loads).
        let pictures = Set(scene.parameters.filter { $0.kind.isFile }.map(\.name))
        clip.params = clip.params.map { knob in
            guard let (name, path) = SceneSettings.assignment(knob), pictures.contains(name) else { return knob }
            return name + "=" + WrittenPath.whole(path, from: WrittenPath.workingFolder)
        }
        var settings: SceneSettings
        do {
            settings = try scene.settings(clip.params)
        } catch {
            throw .usage("--param: \(error)")
        }
        if let background = clip.background {
            do {
                try settings.set("background", to: background)
            } catch {
                throw .usage("--background: \(error)")
            }
        }
        // A built-in scene's image knobs are read here; a scene file reads its own as it builds
        // (recorded in the checksums as it decodes them; a default relative to the file).
        for parameter in scene.parameters where parameter.kind == .imageFile && !(scene is SceneFile) {
            let path = settings.text(parameter.name)
            guard !path.isEmpty else { continue }
            SourceFiles.noteRead(path)
            do {
                let file = try ImageFile.load(path: path)
                guard let image = Image(width: file.width, height: file.height, premultipliedRGBA: LayerImageCodec.premultiplied(file.rgba)) else {
                    throw JobError.usage("--param \(parameter.name): \(path): the decoded image is malformed")
                }
                settings.setImage(parameter.name, to: image)
                inputChecksums["pixels of " + parameter.name] = FrameMD5.md5(file.rgba)
            } catch let error as JobError {
                throw error
            } catch {
                throw .usage("--param \(parameter.name): \(error)")
            }
        }
        // A scene file's shots fill a clip of a chosen length (stretching those that may), and
        // make a clip of their own length otherwise.
        if let file = scene as? SceneFile, let natural = file.length(settings: settings) {
            if let seconds = clip.seconds {
                if clip.loop != true { settings.length = (clip.start ?? 0) + seconds }
            } else {
                clip.seconds = natural
            }
        }
        // A video a knob names is opened as the scene is built: its identity joins the inputs here.
        if let file = scene as? SceneFile {
            for parameter in scene.parameters where parameter.kind == .videoFile {
                let path = settings.text(parameter.name)
                guard !path.isEmpty else { continue }
                // A default is relative to the scene file, as the layer reads it.
                let whole = WrittenPath.whole(path, from: URL(fileURLWithPath: file.path).deletingLastPathComponent())
                inputChecksums["video of " + parameter.name] = DocumentFile.identity(whole)
            }
        }
        self.settings = settings
        let size = clip.size ?? defaultSize
        (width, height) = (size.width, size.height)
        scale = clip.scale ?? defaultScale(width)
        self.clip = clip
        try loadCaptions()
    }

    /// Reads the clip's captions file and style; the file's checksum joins the inputs, and each
    /// caption cut to fit its lines on this canvas is a warning.
    private mutating func loadCaptions() throws(JobError) {
        guard let file = clip.captions.file else { return }
        do {
            captionStyle = try clip.captions.style()
        } catch {
            throw .usage(error.message)
        }
        do {
            captions = try CaptionFile.load(file)
        } catch {
            throw .usage("--captions: \(error)")
        }
        inputChecksums["captions"] = (try? DocumentFile.read(file, limit: CaptionFile.sizeLimit)).map { FrameMD5.md5([UInt8]($0)) }
        do {
            warnings += try CaptionOverlay.layer(captions, style: captionStyle, canvas: canvas).warnings.map { "\(file): \($0)" }
        } catch {
            throw .usage("--caption-font: \(error)")
        }
    }

    /// One cycle of the scene with its knobs set: a scene file's shots last as their lengths say.
    public var cycle: Double { (scene as? SceneFile)?.length(settings: settings) ?? scene.cycle }

    /// The canvas in points.
    public var canvas: Size { Size(Double(width) / scale, Double(height) / scale) }

    /// The frame made smaller to fit `side` × `side` pixels (never larger), showing the same
    /// canvas: its size and scale.
    public func fitted(within side: Int) -> (width: Int, height: Int, scale: Double) {
        let factor = min(Double(side) / Double(max(width, height)), 1)
        let w = max(Int((Double(width) * factor).rounded()), 1)
        return (w, max(Int((Double(height) * factor).rounded()), 1), scale * Double(w) / Double(width))
    }

    /// The scene resolved up to `duration` seconds, with the captions over it timed from the
    /// clip's first frame at scene time `clipStart`; a failing script is a runtime error.
    public func timeline(duration: Double, clipStart: Double = 0) throws(JobError) -> Timeline {
        do {
            guard !captions.isEmpty else { return try scene.timeline(canvas: canvas, duration: duration, settings: settings) }
            return try Timeline.resolve(canvasSize: canvas, duration: duration) { script in
                let root = try scene.build(canvas: canvas, script: script, settings: settings)
                root.addSublayer(try CaptionOverlay.layer(captions, style: captionStyle, canvas: canvas, clipStart: clipStart).layer)
                return root
            }
        } catch {
            throw .runtime("scene '\(scene.name)': \(error)")
        }
    }

    /// What a scene file says that this clip cannot show with its knobs on its canvas (text that
    /// does not fit its box, characters no font has, …), each with its place; none for a
    /// built-in scene or a Lottie file (whose warnings are `warnings`).
    public func sceneWarnings() throws(JobError) -> [String] {
        guard let file = scene as? SceneFile else { return [] }
        do {
            return try file.check(canvas: canvas, settings: settings).map(\.description)
        } catch {
            throw .usage("\(error)")
        }
    }

    /// How scene files' `contents` images are read: a side longer than a scene file allows is
    /// refused before decoding.
    public static let decodeSceneImage: SceneFile.ImageDecoder = { location in
        try LayerImageCodec.decode(location, maximumSide: SceneFileLimits.imageSide)
    }

    /// Loads a scene file; its bytes, the bytes of every file it reads (its shots' scene files,
    /// images) and the pixels of every image it uses go into `checksums`, so an edited file or picture starts a fresh
    /// session. A file with errors is a usage error.
    public static func loadSceneFile(_ path: String, recordingInto checksums: ImageChecksums) throws(JobError) -> SceneFile {
        let data: Data
        do {
            data = try DocumentFile.read(path, limit: SceneFileLimits.fileSize)
        } catch {
            throw .usage("\(error)")
        }
        checksums.record("scene file", FrameMD5.md5([UInt8](data)))
        let read = SourceFiles()
        let loaded = SourceFiles.$recorder.withValue(read) {
            Result { () throws(DocumentError) -> SceneFile in
                try SceneFile.load(path: path) { location in
                    let image = try decodeSceneImage(location)
                    if !location.hasPrefix("data:") { checksums.record("pixels of " + location, FrameMD5.md5(image.bytes)) }
                    return image
                }
            }
        }
        SourceFiles.forward(read)
        let own = URL(fileURLWithPath: path).standardizedFileURL.path
        for file in read.all where file != own {
            // A file too large to read whole (a video) by its size, date and ends.
            checksums.record("bytes of " + file, (try? DocumentFile.read(file, limit: SceneFileLimits.fileSize)).map { FrameMD5.md5([UInt8]($0)) }
                             ?? DocumentFile.identity(file))
        }
        do {
            return try loaded.get()
        } catch {
            throw .usage("\(error)")
        }
    }

    /// Whether `path` holds a Lottie animation or a dotLottie archive (by its content, not its name).
    public static func isLottie(_ path: String) -> Bool {
        (try? DocumentFile.read(path, limit: SceneFileLimits.fileSize)).map(LottieFile.isLottie(data:)) ?? false
    }

    /// Loads a Lottie file with `values` set by keypath or slot (what it uses that animvid does
    /// not draw yet is in its `warnings`); its errors are usage errors.
    public static func loadLottie(_ path: String, values: [String] = [], fontMap: [String: String] = [:]) throws(JobError) -> LottieFile {
        SourceFiles.noteRead(path)
        let lottie: LottieFile
        do {
            lottie = try LottieFile.load(path: path, decodeImage: decodeSceneImage, values: values, fontMap: fontMap)
        } catch {
            throw .usage("\(error)")
        }
        return lottie
    }

    public static var sceneNames: String { SceneCatalog.all.map(\.name).joined(separator: ", ") }
}

/// The checksums of the files a scene reads, collected while it loads (image decoding may run
/// on any thread, hence the lock).
public final class ImageChecksums: Sendable {
    /// No checksums yet.
    public init() {}

    private let checksums = Mutex<[String: String]>([:])

    public func record(_ name: String, _ checksum: String) {
        checksums.withLock { $0[name] = checksum }
    }

    public var all: [String: String] { checksums.withLock { $0 } }
}
