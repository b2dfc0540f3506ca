import Foundation
import XCTest

/// A session's joined file says about its track what a one-piece encode says: tags (Matroska's
/// AlphaMode, which browsers need before they look for VP8/VP9 alpha), colour, aspect ratio,
/// disposition and container tags, in every container.
final class JoinedTrackTests: XCTestCase {
    var folder: URL!
    var cli: CLIRunner { CLIRunner(folder: folder) }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-join-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func describe(_ file: String) throws -> String {
        try cli.tool("ffprobe", ["-v", "error", "-show_entries",
                                 "stream=codec_name,codec_tag_string,pix_fmt,color_range,color_space,color_transfer,color_primaries,"
                                 + "sample_aspect_ratio,field_order:stream_tags:format_tags:stream_disposition",
                                 folder.appendingPathComponent(file).path])
    }

    func testTheJoinKeepsWhatTheTrackSays() throws {
        for (ext, codec, background) in [("webm", "vp9", "transparent"), ("webm", "vp8", "transparent"), ("webm", "av1", "#203040"),
                                         ("mov", "prores", "transparent"), ("mov", "h264", "#203040"), ("mkv", "ffv1", "transparent"),
                                         ("mp4", "h264", "#203040"), ("mp4", "hevc", "#203040")] {
            let common = ["encode", "--scene", "loader", "--seconds", "1.5", "--size", "160x90", "--scale", "0.25", "--codec", codec,
                          "--background", background, "--title", "Loader", "-q"]
            let joined = try cli.run(common + ["--segment-seconds", "0.5", "joined-\(codec).\(ext)"])
            XCTAssertEqual(joined.status, 0, "\(codec): \(joined.err)")
            let whole = try cli.run(common + ["--no-session", "whole-\(codec).\(ext)"])
            XCTAssertEqual(whole.status, 0, "\(codec): \(whole.err)")
            let (a, b) = (try describe("joined-\(codec).\(ext)"), try describe("whole-\(codec).\(ext)"))
            XCTAssertEqual(a, b, "\(ext) \(codec)")
            XCTAssertTrue(a.contains("TAG:title=Loader") || a.contains("TAG:TITLE=Loader"), a)
            if ext == "webm" && background == "transparent" {
                XCTAssertTrue(a.contains("TAG:alpha_mode=1"), "\(codec): the track's AlphaMode element\n\(a)")
            }
        }
    }

    /// VP8 keeps its transparency (libvpx refuses alpha with alternate reference frames, so they are off).
    func testVP8WithAlpha() throws {
        let result = try cli.run(["encode", "--scene", "loader", "--seconds", "0.5", "--size", "160x90", "--scale", "0.25", "--codec", "vp8",
                                  "--background", "transparent", "-q", "a.webm"])
        XCTAssertEqual(result.status, 0, result.err)
        let alpha = folder.appendingPathComponent("alpha.gray").path
        _ = try cli.tool("ffmpeg", ["-v", "error", "-c:v", "libvpx", "-i", folder.appendingPathComponent("a.webm").path,
                                    "-frames:v", "1", "-vf", "alphaextract", "-f", "rawvideo", "-pix_fmt", "gray", "-y", alpha])
        let plane = [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: alpha)))
        XCTAssertEqual(plane.count, 160 * 90)
        XCTAssertLessThan(plane[0], 8, "the corner is transparent")
        XCTAssertGreaterThan(plane.max() ?? 0, 247, "the dots are opaque")
    }
}
