import Animation
import Geometry
import Media
import Scenes

/// The options every rendering command shares: the scene, its knobs, the size and the scale.
struct SceneOptions {
    let scene: any Scene
    private(set) var settings: SceneSettings
    let width: Int
    let height: Int
    /// Pixels per point.
    let scale: Double
    /// The MD5 of each image knob's decoded pixels, by knob: a session's identity includes the
    /// pictures, not only their paths, so an edited image starts a fresh session.
    private(set) var imageChecksums: [String: String] = [:]

    static let help = """
      --scene NAME          the scene (list them with: animvid scenes; knobs: animvid scene NAME)
      --param NAME=VALUE    set a scene knob; repeat for several
      --size WxH            output size in pixels (default 1920x1080)
      --scale S             pixels per point (default 3, an @3x iPhone); the canvas is size ÷ scale points
      --background COLOR    transparent, or #RRGGBB[AA]: the scene's background (a video that is
                            transparent needs a format with alpha)
    """

    /// Reads `--scene`, `--param`, `--size`, `--scale` and `--background`; image knobs are decoded here.
    /// `defaultScale` gives the scale when `--scale` is absent, from the width in pixels.
    init(_ args: inout Arguments, defaultSize: (width: Int, height: Int) = (1920, 1080),
         defaultScale: (Int) -> Double = { _ in 3 }) throws(CLIError) {
        guard let name = try args.option("--scene") else {
            throw .usage("\(args.command) needs --scene NAME (one of: \(SceneOptions.sceneNames))")
        }
        guard let scene = SceneCatalog.scene(named: name) else {
            throw .usage("--scene: \(SceneError.unknownScene(name))")
        }
        self.scene = scene
        var settings: SceneSettings
        do {
            settings = try scene.settings(try args.options("--param", "-p"))
        } catch {
            throw .usage("--param: \(error)")
        }
        if let background = try args.option("--background") {
            do {
                try settings.set("background", to: background.lowercased() == "transparent" ? "clear" : background)
            } catch {
                throw .usage("--background: \(error)")
            }
        }
        for parameter in scene.parameters where parameter.kind == .imageFile {
            let path = settings.text(parameter.name)
            guard !path.isEmpty else { continue }
            do {
                let file = try ImageFile.load(path: path)
                guard let image = Image(width: file.width, height: file.height, premultipliedRGBA: Self.premultiplied(file.rgba)) else {
                    throw CLIError.runtime("\(path): the decoded image is malformed")
                }
                settings.setImage(parameter.name, to: image)
                imageChecksums[parameter.name] = FrameMD5.md5(file.rgba)
            } catch let error as CLIError {
                throw error
            } catch {
                throw .runtime("--param \(parameter.name): \(error)")
            }
        }
        self.settings = settings
        let size = try args.option("--size").map { text throws(CLIError) in try Parse.size(text, option: "--size") } ?? defaultSize
        (width, height) = (size.width, size.height)
        scale = try args.option("--scale").map { text throws(CLIError) in try Parse.number(text, option: "--scale", range: 0.01...100) }
            ?? defaultScale(size.width)
    }

    /// Whether the scene's background lets what is behind show: then the output needs alpha.
    var hasTransparentBackground: Bool {
        scene.parameters.contains { $0.name == "background" } && settings.color("background").alpha < 1
    }

    /// The canvas in points.
    var canvas: Size { Size(Double(width) / scale, Double(height) / scale) }

    /// The scene resolved up to `duration` seconds; a failing script is a runtime error.
    func timeline(duration: Double) throws(CLIError) -> Timeline {
        do {
            return try scene.timeline(canvas: canvas, duration: duration, settings: settings)
        } catch {
            throw .runtime("scene '\(scene.name)': \(error)")
        }
    }

    static var sceneNames: String { SceneCatalog.all.map(\.name).joined(separator: ", ") }

    static func premultiplied(_ rgba: [UInt8]) -> [UInt8] {
        var out = rgba
        for i in stride(from: 0, to: out.count, by: 4) {
            let a = UInt32(out[i + 3])
            guard a < 255 else { continue }
            for c in 0..<3 { out[i + c] = UInt8((UInt32(out[i + c]) * a + 127) / 255) }
        }
        return out
    }
}
