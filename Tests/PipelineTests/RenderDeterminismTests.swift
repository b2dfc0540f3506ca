import Foundation
import Geometry
import Pipeline
import Raster
import Scenes
import XCTest

/// A frame is a pure function of the timeline and its time: rendering order, renderer reuse and
/// the buffer's old contents change nothing.
final class RenderDeterminismTests: XCTestCase {
    func testFramesDoNotDependOnRenderOrderOrReusedBuffers() throws {
        let timeline = try LoaderScene().timeline(canvas: Size(320 / 3, 60), duration: 1)
        let times = (0..<30).map { Double($0) / 30 }
        let forward = FrameRenderer(scale: 3)
        var inOrder: [Pixmap] = []
        for t in times {
            inOrder.append(forward.render(timeline.displayList(at: t), into: try XCTUnwrap(Pixmap(width: 320, height: 180))))
        }
        let backward = FrameRenderer(scale: 3)
        var reused = try XCTUnwrap(Pixmap(width: 320, height: 180))
        reused.clear(to: PremultipliedColor(r: 9, g: 99, b: 199, a: 255))
        for (index, t) in times.enumerated().reversed() {
            reused = backward.render(timeline.displayList(at: t), into: reused)
            XCTAssertEqual(reused, inOrder[index], "frame \(index)")
        }
    }
}

extension RenderDeterminismTests {
    /// Frames rendered concurrently on several threads equal frames rendered one by one.
    func testConcurrentRenderingMatchesSerial() throws {
        let timeline = try LoaderScene().timeline(canvas: Size(320 / 3, 60), duration: 1)
        let serial = FrameRenderer(scale: 3)
        let expected = try (0..<30).map { serial.render(timeline.displayList(at: Double($0) / 30), into: try XCTUnwrap(Pixmap(width: 320, height: 180))) }
        let results = ConcurrentResults(count: 30)
        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            let renderer = FrameRenderer(scale: 3)
            for frame in stride(from: worker, to: 30, by: 3) {
                guard let blank = Pixmap(width: 320, height: 180) else { return }
                results.set(frame, renderer.render(timeline.displayList(at: Double(frame) / 30), into: blank))
            }
        }
        for frame in 0..<30 { XCTAssertEqual(results.get(frame), expected[frame], "frame \(frame)") }
    }
}

final class ConcurrentResults: @unchecked Sendable {
    private let lock = NSLock()
    private var frames: [Pixmap?]
    init(count: Int) { frames = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ p: Pixmap) { lock.lock(); frames[i] = p; lock.unlock() }
    func get(_ i: Int) -> Pixmap? { lock.lock(); defer { lock.unlock() }; return frames[i] }
}
