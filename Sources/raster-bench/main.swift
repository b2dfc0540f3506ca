import Dispatch
import Foundation
import Geometry
import Media
import Raster

/// raster-bench FILE [FRAMES [OUT.png]] [--threads N]: draws a benchmark display list FRAMES
/// times on a white frame and prints the median time per frame.
let usage = "usage: raster-bench FILE [FRAMES [OUT.png]] [--threads N]"
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
guard (1...3).contains(arguments.count), let text = try? String(contentsOfFile: arguments[0], encoding: .utf8) else {
    FileHandle.standardError.write(Data("\(usage)\n".utf8))
    exit(2)
}
let frames = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 10
guard frames > 0 else {
    FileHandle.standardError.write(Data("raster-bench: FRAMES must be a positive number\n".utf8))
    exit(2)
}
do {
    let list = try ShapeList(text: text)
    let renderer = BandRenderer(width: list.width, height: list.height, threads: threads)
    var times: [Double] = []
    var frame = Pixmap(width: list.width, height: list.height) ?? .empty
    for _ in 0..<frames {
        let start = DispatchTime.now().uptimeNanoseconds
        frame = renderer.render(into: frame, clearingTo: .white) { canvas in list.draw(on: canvas) }
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    times.sort()
    let median = times.count % 2 == 1 ? times[times.count / 2] : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
    if arguments.count > 2 {
        frame.unpremultiply()
        try PNGFile.write(rgba: frame.bytes, width: frame.width, height: frame.height, to: arguments[2])
    }
    print(String(format: "median %.2f ms/frame", median))
} catch {
    FileHandle.standardError.write(Data("raster-bench: \(error)\n".utf8))
    exit(1)
}
