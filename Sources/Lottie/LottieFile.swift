import Animation
import Documents
import Foundation
import Geometry
import Media
import Scenes

/// A Lottie animation (Bodymovin's JSON, as After Effects exports it) as a scene: its layers and
/// keyframes mapped onto animvid's layers and animations, as lottie-ios's Core Animation engine
/// maps them onto `CALayer`s. The composition is fitted to the canvas, centred; time 0 is the
/// file's in-point. What is not drawn yet is listed in `warnings`.
public struct LottieFile: Scene {
    public let name: String
    public let summary: String
    /// `background` (white unless set: Lottie files are usually shown on a page).
    public let parameters: [SceneParameter]
    /// The animation's length: (out-point − in-point) ÷ frame rate.
    public let cycle: Double
    /// The file's path.
    public let path: String
    /// The composition's size in its own pixels, and its frame rate.
    public let width: Double, height: Double, frameRate: Double
    /// One line a kind of feature the file uses that animvid does not draw yet.
    public let warnings: [String]
    /// The document as given (for its keypaths), and as decoded.
    private let document: JSONValue
    private let animation: LottieAnimation
    /// The installed family that draws each of the file's font families the user mapped.
    private let fontMap: [String: String]

    /// Limits against hostile files, as scene files have.
    static let maximumLayers = 10_000, maximumKeyframes = 100_000, maximumDepth = 16, maximumSide = 16_384.0
    /// The most frames a property is sampled at where animvid's keyframes cannot say what
    /// Lottie's do (changing rectangles and ellipses, curved motion, easing per dimension, text
    /// animators).
    static let maximumSamples = 2_000

    /// Whether `value` is a Lottie document: an object with a frame rate, in and out points, a
    /// size and layers.
    public static func isLottie(_ value: JSONValue) -> Bool {
        ["fr", "ip", "op", "w", "h", "layers"].allSatisfy { LottieDecoder.member(value, $0) != nil }
    }

    /// Whether `data` holds a Lottie animation: a dotLottie archive (a ZIP), or a JSON document
    /// that `isLottie` recognises.
    public static func isLottie(data: Data) -> Bool {
        if ZipArchive.isArchive(data) { return true }
        guard data.count <= SceneFileLimits.fileSize, let document = try? JSONParser.parse(String(decoding: data, as: UTF8.self)) else { return false }
        return isLottie(document)
    }

    /// Reads and checks the Lottie file at `path` (JSON, or a dotLottie archive: its first animation); `decodeImage` reads its image assets (a
    /// `data:` URI, or a file beside the JSON: the asset's folder `u` and name `p`).
    /// `fontMap` names the installed family that draws each of the file's font families.
    public static func load(path: String, decodeImage: @escaping SceneFile.ImageDecoder = SceneFile.noImages,
                            values: [String] = [], fontMap: [String: String] = [:]) throws(DocumentError) -> LottieFile {
        let data = try DocumentFile.read(path, limit: SceneFileLimits.fileSize)
        if ZipArchive.isArchive(data) {
            return try LottieFile(document: try DotLottie.firstAnimation(of: data, path: path), path: path, decodeImage: decodeImage, values: values,
                                  fontMap: fontMap)
        }
        return try LottieFile(text: String(decoding: data, as: UTF8.self), path: path, decodeImage: decodeImage, values: values, fontMap: fontMap)
    }

    /// Reads and checks a Lottie document's text; `path` names it in messages and anchors its
    /// image files. `values` set properties by keypath or slot (`Title.Text=Launch day`,
    /// `**.Fill 1.Color=#7B61FF`, `accent=#FF0000`; see `LottieKeypaths`); other knobs are ignored here.
    public init(text: String, path: String, decodeImage: @escaping SceneFile.ImageDecoder = SceneFile.noImages,
                values: [String] = [], fontMap: [String: String] = [:]) throws(DocumentError) {
        let document: JSONValue
        do {
            document = try JSONParser.parse(text)
        } catch {
            throw DocumentError(file: path, position: error.position, path: "", message: error.message)
        }
        try self.init(document: document, path: path, decodeImage: decodeImage, values: values, fontMap: fontMap)
    }

    /// A parsed Lottie document (a dotLottie archive's animation, say), with `values` set.
    init(document: JSONValue, path: String, decodeImage: @escaping SceneFile.ImageDecoder, values: [String],
         fontMap: [String: String] = [:]) throws(DocumentError) {
        var slots = Set<String>()
        if case let .object(members, _)? = LottieDecoder.member(document, "slots") { slots = Set(members.map(\.key)) }
        try self.init(document: try LottieKeypaths(values, slots: slots).apply(to: document), path: path, decodeImage: decodeImage, fontMap: fontMap)
        slotNames = slots
    }

    /// The document's slot ids, which `--param` sets by name.
    public private(set) var slotNames: Set<String> = []

    /// Whether the knob `NAME=VALUE` sets a property of the file (a keypath, or a slot) rather
    /// than a scene knob.
    public func setsProperty(_ knob: String) -> Bool {
        let name = knob.split(separator: "=", maxSplits: 1).first.map(String.init) ?? knob
        return name.contains(".") || slotNames.contains(name)
    }

    init(document: JSONValue, path: String, decodeImage: SceneFile.ImageDecoder, fontMap: [String: String]) throws(DocumentError) {
        self.document = document
        self.path = path
        self.fontMap = fontMap
        let warnings = LottieWarnings()
        var decoder = LottieDecoder(file: path, warnings: warnings, slots: LottieDecoder.member(document, "slots"))
        decoder.glyphTangentsArePoints = LottieDecoder.isOlder(document, than: [4, 7, 99])
        animation = try decoder.animation(document, path: path, decodeImage: decodeImage)
        (width, height, frameRate) = (animation.width, animation.height, animation.frameRate)
        cycle = (animation.outPoint - animation.inPoint) / frameRate
        name = animation.name.flatMap { $0.isEmpty ? nil : $0 } ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        summary = "a Lottie animation, \(Int(width))x\(Int(height)), \(JSON.exact(frameRate)) fps, \(JSON.exact(cycle)) s"
        parameters = [SceneParameter("background", .color, default: .color(.white), "canvas colour (clear for a transparent video)")]
        // Building once checks what only the mapping finds and collects its warnings too.
        _ = try Self.composition(of: animation, path: path, fontMap: fontMap, warnings: warnings, budget: decoder.budget).root()
        self.warnings = warnings.lines
    }

    /// Every keypath `--param` can set in the file (layers, groups, fills, strokes, gradients'
    /// opacity, texts, transforms, precompositions' layers under the layer that shows it) with
    /// its value now, then its slots: a line each, as `animvid scene FILE --keypaths` prints them.
    public var keypaths: [String] { LottieKeypaths.list(document) }

    /// The mapping of the decoded `animation` onto layers, its warnings going to `warnings`.
    private static func composition(of animation: LottieAnimation, path: String, fontMap: [String: String], warnings: LottieWarnings,
                                    budget: LottieBudget) -> LottieComposition {
        LottieComposition(context: LottieContext(file: path, frameRate: animation.frameRate, warnings: warnings, budget: budget, fontMap: fontMap),
                          animation: animation)
    }

    public func build(canvas: Size, script: Script, settings: SceneSettings) throws -> Layer {
        let root = Layer()
        root.bounds = Rect(origin: .zero, size: canvas)
        root.position = Point(canvas.width / 2, canvas.height / 2)
        root.backgroundColor = settings.color("background")
        let composition = try Self.composition(of: animation, path: path, fontMap: fontMap, warnings: LottieWarnings(), budget: LottieBudget()).root()
        // Fitted and centred; the file's in-point is time 0.
        let fit = min(canvas.width / width, canvas.height / height)
        composition.anchorPoint = Point(0.5, 0.5)
        composition.transform = Transform3D(scaleX: fit, y: fit)
        composition.position = Point(canvas.width / 2, canvas.height / 2)
        composition.timing.timeOffset = animation.inPoint / frameRate
        root.addSublayer(composition)
        return root
    }
}
