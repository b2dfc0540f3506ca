import Dispatch
import Foundation
import Geometry
import Media
import Pipeline
import Raster
import RasterCore
#if canImport(RasterAVX2)
import RasterAVX2
#endif

/// raster-bench FILE [FRAMES [OUT.png]] [--threads N [--whole-frames]]: draws a benchmark display
/// list FRAMES times on a white frame and prints the median time per frame, the first frame's
/// (which draws what later frames reuse, such as glyph masks) and the fastest (what a change
/// did, on a machine whose neighbours only ever add time). With N threads each
/// frame is drawn in bands by N threads at once (`BandRenderer`), cut where the list's estimated
/// cost (`ShapeList.rowCosts`) says; with --whole-frames instead N
/// frames are drawn at once, one a thread, and a frame's time is the round's time over N (what
/// the encode pipeline does). With --floor every pixel the list's sprites touch is filled instead in
/// their colour, one run a row with RasterCore's fill loop and nothing else (no canvas, no edges, no
/// coverage): on `bench/make-sprites.py --floor` (unturned, on whole pixels) the memory-bound floor of
/// filling that many pixels; with `--turned`, of filling the turned sprites' own pixels.
#if canImport(RasterAVX2)
AVX2Kernels.install()
#endif
let usage = "usage: raster-bench FILE [FRAMES [OUT.png]] [--threads N [--whole-frames] | --floor]"
var arguments = Array(CommandLine.arguments.dropFirst())
var threads = 1
if let flag = arguments.firstIndex(of: "--threads") {
    guard flag + 1 < arguments.count, let n = Int(arguments[flag + 1]), (1...64).contains(n) else {
        FileHandle.standardError.write(Data("raster-bench: --threads needs a number from 1 to 64\n".utf8))
        exit(2)
    }
    threads = n
    arguments.removeSubrange(flag...(flag + 1))
}
let wholeFrames = arguments.contains("--whole-frames")
arguments.removeAll { $0 == "--whole-frames" }
let floor = arguments.contains("--floor")
arguments.removeAll { $0 == "--floor" }
guard (1...3).contains(arguments.count), let text = try? String(contentsOfFile: arguments[0], encoding: .utf8) else {
    FileHandle.standardError.write(Data("\(usage)\n".utf8))
    exit(2)
}
let frames = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 10
guard frames > 0 else {
    FileHandle.standardError.write(Data("raster-bench: FRAMES must be a positive number\n".utf8))
    exit(2)
}

/// Draws frames `threads` at a time, each whole on its own thread and canvas.
final class WholeFrameRenderer: @unchecked Sendable {
    private let renderers: [BandRenderer]
    private var frames: [Pixmap]

    init(width: Int, height: Int, threads: Int) {
        renderers = (0..<threads).map { _ in BandRenderer(width: width, height: height, threads: 1) }
        frames = (0..<threads).map { _ in Pixmap(width: width, height: height) ?? .empty }
    }

    /// Draws one frame a thread.
    func render(_ list: ShapeList) {
        frames.withUnsafeMutableBufferPointer { slots in
            guard let base = slots.baseAddress else { return }
            let shared = Slots(base: base)
            DispatchQueue.concurrentPerform(iterations: renderers.count) { i in
                // Moved out of its slot, so the frame is drawn in place, not copied first.
                var frame = Pixmap.empty
                swap(&frame, &shared.base[i])
                shared.base[i] = renderers[i].render(into: consume frame, clearingTo: .white) { list.draw(on: $0) }
            }
        }
    }

    /// The frame the last thread drew.
    var lastFrame: Pixmap { frames[frames.count - 1] }

    private struct Slots: @unchecked Sendable {
        let base: UnsafeMutablePointer<Pixmap>
    }
}

do {
    let list = try ShapeList(text: text)
    var times: [Double] = []
    var frame = Pixmap(width: list.width, height: list.height) ?? .empty
    if floor {
        let spans = try list.floorSpans()
        frame.clear(to: .white)
        for _ in 0..<frames {
            let start = DispatchTime.now().uptimeNanoseconds
            frame.bytes.withUnsafeMutableBufferPointer { pixels in
                guard let base = pixels.baseAddress else { return }
                for span in spans {
                    Blend.sourceOverRun(span.color, coverage: 255, into: base + (span.row * list.width + span.columns.lowerBound) * 4, count: span.columns.count)
                }
            }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
    } else if wholeFrames {
        let renderer = WholeFrameRenderer(width: list.width, height: list.height, threads: threads)
        for _ in 0..<max(1, frames / threads) {
            let start = DispatchTime.now().uptimeNanoseconds
            renderer.render(list)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(threads))
        }
        frame = renderer.lastFrame
    } else {
        let renderer = BandRenderer(width: list.width, height: list.height, threads: threads)
        for _ in 0..<frames {
            let start = DispatchTime.now().uptimeNanoseconds
            // The estimate is part of the frame's time: a renderer would make it from each frame's list.
            let costs = threads > 1 ? list.rowCosts() : nil
            frame = renderer.render(into: consume frame, clearingTo: .white, costs: costs) { canvas in list.draw(on: canvas) }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
    }
    let first = times[0]
    times.sort()
    let median = times.count % 2 == 1 ? times[times.count / 2] : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
    if arguments.count > 2 {
        frame.unpremultiply()
        try PNGFile.write(rgba: frame.bytes, width: frame.width, height: frame.height, to: arguments[2])
    }
    print(String(format: "median %.3f ms/frame, first %.3f ms, fastest %.3f ms", median, first, times[0]))
} catch {
    FileHandle.standardError.write(Data("raster-bench: \(error)\n".utf8))
    exit(1)
}
