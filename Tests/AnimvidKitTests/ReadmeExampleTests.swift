import AnimvidKit
import Foundation
import XCTest

// README example begin
/// A dot that breathes: the "hello world" of animvid.
struct PulseScene: Scene {
    let name = "pulse"
    let summary = "one dot breathing"
    let cycle = 1.2
    let parameters = [
        SceneParameter("color", .color, default: .color(Color(hex: "#0A84FF")!), "colour of the dot"),
    ]

    func build(canvas: Size, script: Script, settings: SceneSettings) -> Layer {
        let root = Layer()
        root.frame = Rect(origin: .zero, size: canvas)
        root.backgroundColor = .white

        let dot = ShapeLayer()
        dot.path = .ellipse(in: Rect(x: -20, y: -20, width: 40, height: 40))
        dot.fillColor = settings.color("color")
        dot.position = Point(canvas.width / 2, canvas.height / 2)
        root.addSublayer(dot)

        let pulse = BasicAnimation(keyPath: "transform.scale")
        pulse.fromValue = 1
        pulse.toValue = 1.4
        pulse.duration = 0.6
        pulse.autoreverses = true
        pulse.repeatCount = .infinity
        pulse.timingFunction = .easeInEaseOut
        dot.add(pulse, forKey: "pulse")
        return root
    }
}

/// Encodes 2 s of the scene at 1280x720, 30 fps, 2 pixels per point (a 640x360-point canvas).
func encodePulse(to path: String) throws -> EncodeSummary {
    let rate = FrameRate(numerator: 30)!
    let seconds = 2.0
    let timeline = try PulseScene().timeline(canvas: Size(640, 360), duration: seconds)
    let settings = EncoderSettings(width: 1280, height: 720, frameRate: rate)
    var job = EncodeJob(timeline: timeline, settings: settings, scale: 2,
                        frameCount: rate.frameCount(seconds: seconds), outputPath: path)
    job.overwrite = true  // replace the file an earlier run wrote (an existing file is refused otherwise)
    return try EncodePipeline.run(job)
}
// README example end

// README preset example begin
/// Encodes the preset at `preset` (docs/presets.md) into `path` with its dots in pink, as a
/// session: `stop` (set from a signal handler, say) ends it between frames, keeping the
/// finished segments for `resumeEncode`.
func encode(preset: String, to path: String, stop: StopFlag? = nil,
            progress: (EncodeProgress) -> Void = { _ in }) throws(JobError) -> [EncodeOutcome] {
    let request = EncodeRequest(EncodeChoices(), file: path,
                                preset: EncodeRequest.PresetSource(path: preset, overrides: ["params.color=#FF375F"]))
    return try request.execute(stop: stop, warn: { print("warning: \($0)") }, progress: progress)
}

/// Finishes the stopped encode of `path` from the request its work folder keeps. (Relative
/// paths in it start from `saved.directory`, where the encode began; here all are absolute.)
func resumeEncode(of path: String) throws(JobError) -> [EncodeOutcome] {
    let saved = try SavedEncode.session(of: path)
    let plans = try saved.request.plans(resuming: Resumption(output: path, overwrite: false), warn: { print("warning: \($0)") })
    return try plans.map { plan throws(JobError) in try plan.execute() }
}
// README preset example end

/// The README's custom-scene example compiles, runs, and is the code the README shows.
final class ReadmeExampleTests: XCTestCase {
    func testExampleEncodesAndMatchesTheReadme() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pulse-\(UUID().uuidString).mp4").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let summary = try encodePulse(to: path)
        XCTAssertEqual(summary.frames, 60)
        // The first frame: white around a dot of #0A84FF at the centre (lossy: within a few levels).
        var frames = 0
        try VideoDecoder(path: path).forEachRGBAFrame { rgba in
            if frames == 0 {
                let centre = (360 * 1280 + 640) * 4, corner = (10 * 1280 + 10) * 4
                for (got, want) in zip(rgba[centre..<(centre + 3)], [0x0A, 0x84, 0xFF] as [Int]) { XCTAssertEqual(Int(got), want, accuracy: 4) }
                for got in rgba[corner..<(corner + 3)] { XCTAssertEqual(Int(got), 255, accuracy: 4) }
            }
            frames += 1
        }
        XCTAssertEqual(frames, 60)

        try assertTheReadmeShows("README example")
    }

    /// The README's preset example: an encode stopped after its first segment keeps it, and
    /// the resume encodes the rest into the frames an encode in one run makes.
    func testPresetExampleStopsAndResumes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preset-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let preset = folder.appendingPathComponent("loader.json").path
        try Data(#"{"scene": "loader", "size": "320x180", "seconds": 3, "outputs": [{"file": "unused.mp4"}]}"#.utf8).write(to: URL(fileURLWithPath: preset))
        let stopped = folder.appendingPathComponent("stopped.mp4").path, whole = folder.appendingPathComponent("whole.mp4").path

        let stop = StopFlag()
        XCTAssertThrowsError(try encode(preset: preset, to: stopped, stop: stop) { if $0.framesDone >= 70 { stop.request(signal: SIGINT) } }) { error in
            guard case JobError.interrupted(_, let signal) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(signal, SIGINT)
        }
        XCTAssertEqual(SessionJournal.load(from: Session.folder(for: stopped))?.keptFrames, 60, "the first 2 s segment is kept")
        XCTAssertFalse(FileManager.default.fileExists(atPath: stopped))
        guard case .written(let resumed)? = try resumeEncode(of: stopped).first else { return XCTFail("the resume wrote nothing") }
        XCTAssertEqual(resumed.output, stopped)
        XCTAssertFalse(FileManager.default.fileExists(atPath: Session.folder(for: stopped)), "the work folder goes when the output is done")

        _ = try encode(preset: preset, to: whole)
        XCTAssertEqual(try frameChecksums(stopped), try frameChecksums(whole))
        XCTAssertEqual(try frameChecksums(whole).count, 90)

        try assertTheReadmeShows("README preset example")
    }

    /// The code of this file between `// MARKER begin` and `// MARKER end` is in README.md as it
    /// stands here, after `import AnimvidKit`.
    private func assertTheReadmeShows(_ marker: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let example = try XCTUnwrap(source.components(separatedBy: "// \(marker) begin\n").last?
            .components(separatedBy: "// \(marker) end").first)
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../README.md").standardized, encoding: .utf8)
        XCTAssertTrue(readme.contains("import AnimvidKit\n\n" + example), "README.md must show the \(marker) exactly as tested", file: file, line: line)
    }

    /// The MD5 of each decoded frame of a video.
    private func frameChecksums(_ path: String) throws -> [String] {
        var sums: [String] = []
        try VideoDecoder(path: path).forEachRGBAFrame { sums.append(FrameMD5.md5(Array($0))) }
        return sums
    }

    /// The README's module table names every Swift module in Sources/ and no other (the
    /// x86-64-v3 build of RasterCore, a link to it, and the benchmark tool left out).
    func testTheModuleTableMatchesTheSources() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let table = try XCTUnwrap(readme.components(separatedBy: "| module | owns |").dropFirst().first?.components(separatedBy: "\n\n").first)
        let listed = Set(table.split(separator: "\n").compactMap { row in row.hasPrefix("| `") ? row.dropFirst(3).split(separator: "`").first.map(String.init) : nil })
        let sources = root.appendingPathComponent("Sources")
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { name in
            let folder = sources.appendingPathComponent(name)
            let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path)) != nil
            let swift = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.contains { $0.hasSuffix(".swift") } ?? false
            return swift && !isLink && name != "raster-bench"
        }
        XCTAssertEqual(listed, Set(modules), "README.md's module table against Sources/")
    }
}
