import Dispatch

/// Draws a frame on several threads at once, each thread drawing a horizontal band of rows with
/// its own canvas. The bands' rows equal those of a single whole-frame draw, so the thread count
/// never changes the output (except for shadows, whose blur reaches across bands: draws with
/// shadows should use one thread).
public final class BandRenderer: @unchecked Sendable {
    public let width: Int
    public let height: Int
    private let canvases: [Canvas]
    /// Each band's pixels, one box per thread so threads never share a mutable value.
    private let bands: [Band]
    private let rows: [Range<Int>]

    private final class Band {
        var pixels: Pixmap
        init(_ pixels: Pixmap) { self.pixels = pixels }
    }

    /// A renderer for `width` × `height` frames on `threads` bands (at least one row each).
    public init(width: Int, height: Int, threads: Int) {
        self.width = width
        self.height = height
        let count = max(1, min(threads, height))
        rows = (0..<count).map { i in (height * i / count)..<(height * (i + 1) / count) }
        canvases = rows.map { _ in Canvas() }
        bands = rows.map { Band(Pixmap(width: width, height: max($0.count, 1)) ?? .empty) }
    }

    /// Draws `frame` (cleared to `background`) with `draw`, which is called once per band, on
    /// that band's thread, and must only draw.
    public func render(into frame: consuming Pixmap, clearingTo background: PremultipliedColor,
                       draw: @Sendable (Canvas) -> Void) -> Pixmap {
        if rows.count == 1 {
            canvases[0].begin(frame, clearingTo: background)
            draw(canvases[0])
            return canvases[0].end()
        }
        DispatchQueue.concurrentPerform(iterations: rows.count) { i in
            let band = bands[i].pixels
            bands[i].pixels = .empty
            canvases[i].begin(band: band, firstRow: rows[i].lowerBound, frameHeight: height, clearingTo: background)
            draw(canvases[i])
            bands[i].pixels = canvases[i].end()
        }
        frame.bytes.withUnsafeMutableBufferPointer { destination in
            for (i, range) in rows.enumerated() {
                bands[i].pixels.bytes.withUnsafeBufferPointer { source in
                    guard let from = source.baseAddress, let to = destination.baseAddress else { return }
                    (to + range.lowerBound * width * 4).update(from: from, count: source.count)
                }
            }
        }
        return frame
    }
}
