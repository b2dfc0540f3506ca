import Animation
import Foundation
import Geometry
import Scenes

/// A scene written as a JSON file in Core Animation's vocabulary (see docs/scene-files.md): a
/// layer tree, animations, script rules and knobs. It is checked completely when loaded, so a
/// file that loads also builds.
public struct SceneFile: Scene {
    /// Decodes a `contents` image from a file path or a `data:` URI (Scenes knows no codecs).
    public typealias ImageDecoder = @Sendable (String) throws -> Image

    /// A decoder for files without images: any `contents` is an error saying so.
    public static let noImages: ImageDecoder = { location in
        throw DocumentError(file: location, position: nil, path: "", message: "images are not decoded here")
    }

    /// A decoder that decodes nothing: a transparent 1×1 picture stands for every image, for
    /// reading a file only for what it says (a batch's check of its rows' outputs).
    public static let placeholderImages: ImageDecoder = { _ in
        guard let image = Image(width: 1, height: 1, premultipliedRGBA: [0, 0, 0, 0]) else { preconditionFailure("a 1x1 image") }
        return image
    }

    /// The file's `name`, or the file name without its extension.
    public let name: String
    /// The file's `summary`, or "a scene file".
    public let summary: String
    /// The file's knobs, then `background` (the file's background colour, white by default).
    public let parameters: [SceneParameter]
    /// The file's `cycle` in seconds, 2 when it gives none; a file with shots, their length.
    public let cycle: Double
    /// The canvas in points the file's layers are laid out for, when it says (`canvas`); the
    /// scene is then scaled to fit the canvas it is rendered on, and centred.
    public let layout: Size?
    /// Where the file was read from, for messages and relative image paths.
    public let path: String
    /// What the file says that rendering ignores, as Core Animation would (invalid keyTimes),
    /// each with its place.
    public private(set) var warnings: [DocumentError] = []
    private let document: JSONValue
    /// The file's shots, when it has any.
    private let sequence: SceneSequence?
    private let decodeImage: ImageDecoder
    /// How many files hold this one as a shot.
    private let nesting: Int
    /// The pictures the check at load time decoded, so building the scene does not decode them again.
    private var decodedImages: [String: Image] = [:]

    /// Reads and checks the scene file at `path`.
    public static func load(path: String, decodeImage: @escaping ImageDecoder) throws(DocumentError) -> SceneFile {
        try load(path: path, decodeImage: decodeImage, nesting: 0)
    }

    /// Reads and checks a scene file that is `nesting` shots deep in other files.
    static func load(path: String, decodeImage: @escaping ImageDecoder, nesting: Int) throws(DocumentError) -> SceneFile {
        SourceFiles.noteRead(path)
        let data = try DocumentFile.read(path, limit: SceneFileLimits.fileSize)
        return try SceneFile(text: String(decoding: data, as: UTF8.self), path: path, decodeImage: decodeImage, nesting: nesting)
    }

    /// Reads and checks a scene file's text; `path` names it in messages and anchors relative
    /// image paths.
    public init(text: String, path: String, decodeImage: @escaping ImageDecoder) throws(DocumentError) {
        try self.init(text: text, path: path, decodeImage: decodeImage, nesting: 0)
    }

    /// Reads and checks a scene file's text, `nesting` shots deep in other files.
    init(text: String, path: String, decodeImage: @escaping ImageDecoder, nesting: Int) throws(DocumentError) {
        self.nesting = nesting
        do {
            document = try JSONParser.parse(text, source: path)
        } catch {
            throw DocumentError(file: path, position: error.position, path: "", message: error.message)
        }
        self.path = path
        self.decodeImage = decodeImage
        guard case let .object(members, _) = document else {
            throw DocumentError(at: document.position, in: path, path: "", message: "expected a scene (an object), not \(document.kindName)")
        }
        func member(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }
        let header = SceneFileReader(file: path, settings: nil, canvas: .zero, decodeImage: decodeImage, nesting: nesting)
        name = try member("name").map { v throws(DocumentError) in try header.literal(v, "name") }
            ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        summary = try member("summary").map { v throws(DocumentError) in try header.literal(v, "summary") } ?? "a scene file"
        sequence = try member("shots").map { v throws(DocumentError) in try header.sequence(v) }
        if let sequence {
            if let v = member("cycle") { throw header.fail("cycle", v, "a file with shots lasts as long as they do (each shot's length is a knob)") }
            cycle = sequence.length { name in sequence.shots.first { $0.name == name }?.seconds ?? 0 }
        } else {
            cycle = try member("cycle").map { v throws(DocumentError) in try header.number(v, "cycle", in: 0.01...SceneFileLimits.duration) } ?? 2
        }
        layout = try member("canvas").map { v throws(DocumentError) in
            let size = try header.size(v, "canvas")
            guard size.width >= 1, size.height >= 1, size.width <= 1e6, size.height <= 1e6 else {
                throw header.fail("canvas", v, "each side must be 1…1000000 points")
            }
            return size
        }
        var parameters = try member("parameters").map { v throws(DocumentError) in try header.parameters(v) } ?? []
        let background = try member("background").map { v throws(DocumentError) in try header.color(v, "background") } ?? .white
        for shot in sequence?.shots ?? [] {
            parameters.append(SceneParameter(SceneSequence.knob(shot.name), .number(SceneSequence.shortestShot...SceneFileLimits.duration),
                                             default: .number(shot.seconds),
                                             "seconds of the \(shot.name) shot" + (shot.stretches ? " (before it stretches to the clip's length)" : "")))
        }
        parameters.append(SceneParameter("background", .color, default: .color(background), "canvas colour (clear for a transparent video)"))
        self.parameters = parameters
        let checked = try checkedBuild(canvas: Size(640, 360), settings: SceneSettings(scene: self))
        decodedImages = checked.images
        warnings = checked.warnings
    }

    /// Builds the scene on `canvas` with `settings` (default: the default knobs), so that every
    /// error in the tree, the animations and the script is found before anything is rendered;
    /// returns what the file says that rendering ignores or cannot show with these knobs on this
    /// canvas (text that does not fit its box, characters no font has, invalid keyTimes, loops
    /// that do not close), each with its place.
    @discardableResult
    public func check(canvas: Size, settings: SceneSettings? = nil) throws(DocumentError) -> [DocumentError] {
        try checkedBuild(canvas: canvas, settings: settings ?? SceneSettings(scene: self)).warnings
    }

    /// A build on `canvas` with `settings`: the pictures it decoded and its warnings.
    private func checkedBuild(canvas: Size, settings: SceneSettings) throws(DocumentError) -> (images: [String: Image], warnings: [DocumentError]) {
        let checked = reader(settings, canvas: canvas)
        _ = try checked.build(document, canvas: canvas, layout: layout, script: Script())
        var warnings = checked.warnings
        for animation in checked.repeating {
            let cycles = cycle / animation.period
            guard abs(cycles - cycles.rounded()) > 1e-6 else { continue }
            warnings.append(checked.fail(animation.path, animation.value, "repeats every \(JSON.exact(animation.period)) s, "
                                         + "which the cycle of \(JSON.exact(cycle)) s is not a whole number of: a loop (--loop) will not close"))
        }
        return (checked.images, warnings)
    }

    /// The names of the file's shots, in order (none without shots).
    public var shotNames: [String] { sequence?.shots.map(\.name) ?? [] }

    /// The knob that sets the length of shot `name`: `shots.NAME.seconds`.
    public static func shotKnob(_ name: String) -> String { SceneSequence.knob(name) }

    /// How long the file's shots last with the lengths `settings` give them (unstretched); nil
    /// for a file without shots.
    public func length(settings: SceneSettings) -> Double? {
        sequence?.length { settings.number(SceneSequence.knob($0)) }
    }

    public func build(canvas: Size, script: Script, settings: SceneSettings) throws -> Layer {
        try reader(settings, canvas: canvas).build(document, canvas: canvas, layout: layout, script: script)
    }

    /// A reader whose `$canvas` values are those of the canvas the layers are laid out on.
    private func reader(_ settings: SceneSettings, canvas: Size) -> SceneFileReader {
        SceneFileReader(file: path, settings: settings, canvas: layout ?? canvas, images: decodedImages, decodeImage: decodeImage, nesting: nesting)
    }
}
