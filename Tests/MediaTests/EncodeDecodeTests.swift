import Foundation
import Media
import XCTest

/// The encoder and decoder against FFmpeg's own tools and the BT.709 equations.
final class EncodeDecodeTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-media-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func encodeSolid(_ rgb: (UInt8, UInt8, UInt8), frames: Int, width: Int = 64, height: Int = 48, rate: FrameRate) throws -> String {
        let path = folder.appendingPathComponent("solid.mp4").path
        let writer = try VideoWriter(path: path, settings: EncoderSettings(width: width, height: height, frameRate: rate))
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) { (pixels[i], pixels[i + 1], pixels[i + 2]) = rgb }
        for _ in 0..<frames { try writer.write(rgba: pixels) }
        try writer.finish()
        return path
    }

    /// A solid colour survives H.264 within ±3 per channel when converted back with BT.709
    /// limited-range equations (written here, not taken from the code).
    func testSolidColoursRoundTripThroughBT709() throws {
        for rgb: (UInt8, UInt8, UInt8) in [(255, 0, 0), (0, 0xA0, 0xE0), (128, 128, 128), (255, 255, 255)] {
            let path = try encodeSolid(rgb, frames: 3, rate: try XCTUnwrap(FrameRate(numerator: 30)))
            let decoder = try VideoDecoder(path: path)
            XCTAssertEqual(decoder.pixelFormatName, "yuv420p")
            var count = 0
            try decoder.forEachFrame { frame in
                count += 1
                let w = 64, h = 48
                let y = Double(frame.bytes[(h / 2) * w + w / 2])
                let u = Double(frame.bytes[w * h + (h / 4) * (w / 2) + w / 4])
                let v = Double(frame.bytes[w * h + (w / 2) * (h / 2) + (h / 4) * (w / 2) + w / 4])
                let (yy, cb, cr) = ((y - 16) * 255 / 219, (u - 128) * 255 / 224, (v - 128) * 255 / 224)
                let r = yy + 1.5748 * cr
                let g = yy - 0.1873 * cb - 0.4681 * cr
                let b = yy + 1.8556 * cb
                XCTAssertEqual(r, Double(rgb.0), accuracy: 3, "red of \(rgb)")
                XCTAssertEqual(g, Double(rgb.1), accuracy: 3, "green of \(rgb)")
                XCTAssertEqual(b, Double(rgb.2), accuracy: 3, "blue of \(rgb)")
            }
            XCTAssertEqual(count, 3)
        }
    }

    /// `FrameMD5.report` prints exactly what `ffmpeg -f framemd5` prints, also at 30000/1001.
    func testFrameHashesEqualFFmpegFramemd5() throws {
        for rate in [FrameRate(numerator: 30), FrameRate(numerator: 30000, denominator: 1001)] {
            let path = try encodeSolid((10, 200, 30), frames: 5, rate: try XCTUnwrap(rate))
            let ours = try FrameMD5.report(path: path)
            let theirs = try ffmpegFramemd5(path)
            XCTAssertEqual(ours, theirs)
            XCTAssertEqual(ours.filter { !$0.hasPrefix("#") }.count, 5)
        }
    }

    /// Images are read as still images only: a video named like a picture is refused (an image
    /// a user names cannot make libavformat open another format), while a PNG reads.
    func testImagesAreReadAsStillImagesOnly() throws {
        let video = try encodeSolid((200, 40, 40), frames: 2, rate: FrameRate(numerator: 30)!)
        let disguised = folder.appendingPathComponent("disguised.png").path
        try FileManager.default.moveItem(atPath: video, toPath: disguised)
        XCTAssertNoThrow(try VideoDecoder(path: disguised), "the video itself decodes")
        XCTAssertThrowsError(try ImageFile.load(path: disguised))
        let png = folder.appendingPathComponent("real.png").path
        try PNGFile.write(rgba: [UInt8](repeating: 255, count: 4 * 4 * 4), width: 4, height: 4, to: png)
        XCTAssertEqual(try ImageFile.load(path: png).width, 4)
    }

    func testUnwritablePathIsAClearError() {
        XCTAssertThrowsError(try VideoWriter(path: "/nonexistent-folder/x.mp4",
                                             settings: EncoderSettings(width: 64, height: 48, frameRate: FrameRate(numerator: 30)!))) { error in
            XCTAssertTrue("\(error)".contains("cannot write /nonexistent-folder/x.mp4"), "\(error)")
        }
    }

    func ffmpegFramemd5(_ path: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-v", "error", "-i", path, "-f", "framemd5", "-"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "ffmpeg (installed by make deps) must run")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
