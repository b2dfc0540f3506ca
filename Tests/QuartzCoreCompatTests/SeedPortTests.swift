import Animation
import Foundation
import Geometry
import Media
import Pipeline
import Scenes
import SeedPorts
import XCTest

/// The seed documents' iOS code, ported line by line to QuartzCoreCompat, renders the frames of
/// the built-in scenes that rebuild it: both are encoded losslessly (FFV1) and every decoded
/// frame compared byte for byte. A difference leaves both frames as PNGs to look at.
final class SeedPortTests: XCTestCase {
    let canvas = Size(640, 360)

    func testEveryPortRendersTheFramesOfItsBuiltInScene() throws {
        let image = try XCTUnwrap(MarqueeScene.stripes(stripe: Color(hex: "#0A84FF")!, base: Color(hex: "#D6EBFF")!))
        let ports = SeedPorts.all(marqueeImage: image)
        XCTAssertEqual(Set(ports.map(\.name)), Set(SceneCatalog.all.map(\.name)).subtracting(["cube", "confetti"]))
        for port in ports {
            let scene = try XCTUnwrap(SceneCatalog.scene(named: port.name))
            let settings = try scene.settings(port.name == "path-particles" ? SeedPorts.pathParticlesSettings : [])
            // Two seconds: every port's chain of callbacks has run more than once by then.
            let seconds = 2.0
            let ported = try frames(of: try port.timeline(canvas: canvas, duration: seconds), seconds: seconds, name: "\(port.name)-port")
            let builtIn = try frames(of: try scene.timeline(canvas: canvas, duration: seconds, settings: settings), seconds: seconds,
                                     name: "\(port.name)-scene")
            XCTAssertEqual(ported.count, 30, port.name)
            XCTAssertEqual(ported.count, builtIn.count, port.name)
            for (index, (a, b)) in zip(ported, builtIn).enumerated() where a != b {
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("seed-ports").path
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                for (frame, side) in [(a, "port"), (b, "scene")] {
                    try Data(PNGFile.encode(rgba: frame, width: 640, height: 360))
                        .write(to: URL(fileURLWithPath: "\(folder)/\(port.name)-\(index)-\(side).png"))
                }
                XCTFail("\(port.name): frame \(index) differs from the built-in scene's; both are in \(folder)")
                break
            }
        }
    }

    /// The decoded frames of `timeline` encoded as FFV1 at 15 fps, one pixel a point.
    func frames(of timeline: Timeline, seconds: Double, name: String) throws -> [[UInt8]] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString).mkv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let rate = try XCTUnwrap(FrameRate(numerator: 15))
        var settings = EncoderSettings(width: 640, height: 360, frameRate: rate)
        settings.container = .mkv
        settings.codec = .ffv1
        var job = EncodeJob(timeline: timeline, settings: settings, scale: 1, frameCount: rate.frameCount(seconds: seconds), outputPath: path)
        job.overwrite = true
        _ = try EncodePipeline.run(job)
        let decoder = try VideoDecoder(path: path)
        XCTAssertEqual(decoder.codecName, "ffv1")
        var frames: [[UInt8]] = []
        try decoder.forEachRGBAFrame { frames.append($0) }
        return frames
    }
}
