import Dispatch
import Synchronization

/// Draws a frame on several threads at once, each band of rows drawn in place with its own
/// canvas. The bands' rows equal those of a single whole-frame draw, so neither the thread count
/// nor the band layout changes the output (except for shadows, whose blur reaches across bands:
/// draws with shadows should use one thread).
///
/// Each thread first takes one large band (together 80% of the rows), then the rest is cut into
/// one small band a thread, which threads take as they finish: a thread that the machine slowed
/// down, or that drew busier rows, takes less of the tail. More and smaller bands would balance
/// better, but every band a shape touches flattens (and for a stroke, outlines) it again: drawn
/// one after another, 4 equal bands took 5% and 8 bands 13% longer than the whole frame.
public final class BandRenderer: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let threads: Int
    private let rows: [Range<Int>]
    private let canvases: [Canvas]
    private let nextBand = Atomic<Int>(0)

    /// A renderer for `width` × `height` frames on `threads` threads.
    public init(width: Int, height: Int, threads: Int) {
        self.width = width
        self.height = height
        self.threads = max(1, min(threads, height / 2))
        rows = Self.bands(height: height, threads: self.threads)
        canvases = rows.map { _ in Canvas() }
    }

    /// The bands of a frame `height` rows tall for `threads` threads, top to bottom: `threads`
    /// large bands covering 80% of the rows, then `threads` small ones (every band at least a row).
    static func bands(height: Int, threads: Int) -> [Range<Int>] {
        guard threads > 1 else { return [0..<height] }
        let large = height * 4 / 5
        let cuts = (0...threads).map { large * $0 / threads } + (1...threads).map { large + (height - large) * $0 / threads }
        return zip(cuts, cuts.dropFirst()).map { $0..<$1 }.filter { !$0.isEmpty }
    }

    /// Draws `frame` (cleared to `background`, and `width` × `height`) with `draw`, which is
    /// called once per band, on that band's thread, and must only draw.
    public func render(into frame: consuming Pixmap, clearingTo background: PremultipliedColor,
                       draw: @Sendable (Canvas) -> Void) -> Pixmap {
        precondition(frame.width == width && frame.height == height, "the frame must be \(width) × \(height)")
        if threads == 1 {
            canvases[0].begin(frame, clearingTo: background)
            draw(canvases[0])
            return canvases[0].end()
        }
        nextBand.store(0, ordering: .relaxed)
        frame.bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let frameBytes = FrameBytes(base: base)
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                while case let band = nextBand.wrappingAdd(1, ordering: .relaxed).oldValue, band < rows.count {
                    let canvas = canvases[band]
                    canvas.begin(rows: rows[band], of: frameBytes.base + rows[band].lowerBound * width * 4,
                                 width: width, frameHeight: height, clearingTo: background)
                    draw(canvas)
                    _ = canvas.end()
                }
            }
        }
        return frame
    }

    /// The frame's bytes, shared by the band threads, each of which writes only its own rows.
    private struct FrameBytes: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
    }
}
