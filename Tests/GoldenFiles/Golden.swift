import Foundation
import Media
import XCTest

/// Golden files: what a test compares its output with, and the one switch that rewrites them.
///
/// `make goldens` sets `ANIMVID_UPDATE_GOLDEN=1` and runs the golden tests, which then write
/// what they produce instead of comparing it. Under CI (`CI` set) the switch is refused, so it
/// can never turn a failing run green.
public enum Golden {
    /// Whether the tests should rewrite their golden files; fails the test when asked under CI.
    public static func isUpdating(file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        guard environment["ANIMVID_UPDATE_GOLDEN"] != nil else { return false }
        if environment["CI"] != nil {
            XCTFail("ANIMVID_UPDATE_GOLDEN is refused under CI: goldens are rewritten only by `make goldens` on a developer's machine",
                    file: file, line: line)
            return false
        }
        return true
    }

    /// Compares `lines` with the golden text file at `url` (one line each), or rewrites it.
    public static func assertLines(_ lines: [String], equal url: URL, _ message: @autoclosure () -> String = "",
                                   file: StaticString = #filePath, line: UInt = #line) throws {
        if isUpdating(file: file, line: line) {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, expected, "\(url.lastPathComponent): \(message())", file: file, line: line)
    }
}

/// A rendered frame for an image golden: premultiplied RGBA and the label its golden line starts with.
public struct GoldenFrame {
    /// What the frame's golden line starts with (`3`, `title 17`).
    public var label: String
    public var width: Int, height: Int
    /// Premultiplied RGBA, row after row.
    public var rgba: [UInt8]

    public init(label: String, width: Int, height: Int, rgba: [UInt8]) {
        (self.label, self.width, self.height, self.rgba) = (label, width, height, rgba)
    }
}

extension Golden {
    /// Where a failing image golden leaves its pictures: `.build/golden-failures/NAME/`.
    static let failures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build/golden-failures").standardized

    /// Compares frames with the golden lines at `url` (`LABEL md5-of-RGBA`, exact), or rewrites
    /// them with a picture of the frames beside them (`NAME.png`, each frame below the one
    /// before, straight alpha). When they differ, the actual frames, the golden picture and a
    /// difference image (changed pixels bright, the rest dimmed) go to
    /// `.build/golden-failures/NAME/`, which the failure names.
    public static func assertFrames(_ frames: [GoldenFrame], equal url: URL, _ message: @autoclosure () -> String = "",
                                    file: StaticString = #filePath, line: UInt = #line) throws {
        let lines = frames.map { "\($0.label) \(FrameMD5.md5($0.rgba))" }
        let picture = url.deletingPathExtension().appendingPathExtension("png")
        if isUpdating(file: file, line: line) {
            try assertLines(lines, equal: url, file: file, line: line)
            let all = stacked(frames)
            try PNGFile.write(rgba: all.rgba, width: all.width, height: all.height, to: picture.path)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        guard lines != expected else { return }
        let folder = failures.appendingPathComponent(url.deletingPathExtension().deletingPathExtension().lastPathComponent)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let actual = stacked(frames)
        try PNGFile.write(rgba: actual.rgba, width: actual.width, height: actual.height, to: folder.appendingPathComponent("actual.png").path)
        var pictures = "actual.png"
        if let golden = try? ImageFile.load(path: picture.path), golden.width == actual.width, golden.height == actual.height {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("expected.png"))
            try FileManager.default.copyItem(at: picture, to: folder.appendingPathComponent("expected.png"))
            try PNGFile.write(rgba: difference(actual.rgba, golden.rgba), width: actual.width, height: actual.height,
                              to: folder.appendingPathComponent("difference.png").path)
            pictures += ", expected.png, difference.png"
        } else {
            pictures += " (no golden picture of this size: make goldens writes one)"
        }
        let changed = zip(lines, expected).filter { $0 != $1 }.map { $0.0.split(separator: " ").dropLast().joined(separator: " ") }
        XCTFail("\(url.lastPathComponent): \(message()): frames \(changed.prefix(10).joined(separator: ", "))\(lines.count != expected.count ? " (\(lines.count) frames, the golden \(expected.count))" : "") differ; "
                + "pictures in \(folder.path): \(pictures)", file: file, line: line)
    }

    /// The frames one below the other, straight alpha, on a transparent canvas as wide as the widest.
    static func stacked(_ frames: [GoldenFrame]) -> (width: Int, height: Int, rgba: [UInt8]) {
        let width = frames.map(\.width).max() ?? 1, height = max(frames.reduce(0) { $0 + $1.height }, 1)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        var top = 0
        for frame in frames {
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let from = (y * frame.width + x) * 4, to = ((top + y) * width + x) * 4
                    let alpha = Int(frame.rgba[from + 3])
                    for c in 0..<3 {
                        rgba[to + c] = alpha == 0 ? 0 : UInt8(min(255, (Int(frame.rgba[from + c]) * 255 + alpha / 2) / alpha))
                    }
                    rgba[to + 3] = UInt8(alpha)
                }
            }
            top += frame.height
        }
        return (width, height, rgba)
    }

    /// Where two pictures differ: each channel's difference times 8 on opaque black, and the
    /// pixels that agree a dim grey of the golden's brightness.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 255, count: a.count)
        for i in stride(from: 0, to: a.count, by: 4) {
            let same = (0..<4).allSatisfy { a[i + $0] == b[i + $0] }
            for c in 0..<3 {
                out[i + c] = same ? UInt8((Int(b[i]) + Int(b[i + 1]) + Int(b[i + 2])) / 12)
                    : UInt8(min(255, abs(Int(a[i + c]) - Int(b[i + c])) * 8 + (abs(Int(a[i + 3]) - Int(b[i + 3])) * 8)))
            }
        }
        return out
    }
}
