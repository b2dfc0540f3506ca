import Dispatch

/// Draws a frame on several threads at once, each thread drawing a horizontal band of rows in
/// place with its own canvas. The bands' rows equal those of a single whole-frame draw, so the
/// thread count never changes the output (except for shadows, whose blur reaches across bands:
/// draws with shadows should use one thread).
///
/// One band a thread: more, smaller bands taken in turn balance uneven content better, but every
/// band a shape touches flattens (and a stroke outlines) the shape again; on the benchmark list
/// four bands on two threads took 5–20% more time than two (`bench/raster.sh`).
public final class BandRenderer: @unchecked Sendable {
    public let width: Int
    public let height: Int
    private let rows: [Range<Int>]
    private let canvases: [Canvas]

    /// A renderer for `width` × `height` frames on `threads` bands (at least one row each).
    public init(width: Int, height: Int, threads: Int) {
        self.width = width
        self.height = height
        let count = max(1, min(threads, height))
        rows = (0..<count).map { i in (height * i / count)..<(height * (i + 1) / count) }
        canvases = rows.map { _ in Canvas() }
    }

    /// Draws `frame` (cleared to `background`, and `width` × `height`) with `draw`, which is
    /// called once per band, on that band's thread, and must only draw.
    public func render(into frame: consuming Pixmap, clearingTo background: PremultipliedColor,
                       draw: @Sendable (Canvas) -> Void) -> Pixmap {
        precondition(frame.width == width && frame.height == height, "the frame must be \(width) × \(height)")
        if rows.count == 1 {
            canvases[0].begin(frame, clearingTo: background)
            draw(canvases[0])
            return canvases[0].end()
        }
        frame.bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let frameBytes = FrameBytes(base: base)
            DispatchQueue.concurrentPerform(iterations: rows.count) { band in
                let canvas = canvases[band]
                canvas.begin(rows: rows[band], of: frameBytes.base + rows[band].lowerBound * width * 4,
                             width: width, frameHeight: height, clearingTo: background)
                draw(canvas)
                _ = canvas.end()
            }
        }
        return frame
    }

    /// The frame's bytes, shared by the band threads, each of which writes only its own rows.
    private struct FrameBytes: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
    }
}
