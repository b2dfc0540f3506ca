import Dispatch
import Raster
import Synchronization

/// Draws one frame on several threads at once, in horizontal bands, each thread with its own
/// canvas: a strategy for when one frame must come out sooner (encodes render whole frames in
/// parallel instead). Each band is a pixmap of the frame's rows, kept from frame to frame, and is
/// copied into the frame by the thread that drew it. The bands' rows equal those of a single
/// whole-frame draw, so neither the thread count nor the band layout changes the output, except
/// for shadows and blur filters: a blur and a shadow's offset need rows of other bands, so draws
/// with them should use one thread.
///
/// The first bands, one a thread, are large (together 80% of the rows); the rest is cut into one
/// small band a thread. Threads take the bands in order as they finish, so a thread that the
/// machine slowed down, or that drew busier rows, takes less of the tail. More and smaller bands
/// would balance better, but every band a shape touches flattens (and for a stroke, outlines) it
/// again: drawn one after another, 4 equal bands took 5% and 8 bands 13% longer than the whole
/// frame. One `render` at a time: a renderer is not for several callers at once.
public final class BandRenderer: @unchecked Sendable {
    /// Frame width in pixels.
    public let width: Int
    /// Frame height in pixels.
    public let height: Int
    /// Threads drawing each frame: the count asked for, clamped to 1…height / 2.
    public let threads: Int
    private let rows: [Range<Int>]
    private let canvases: [Canvas]
    /// One pixmap a band, drawn and copied into the frame, then kept for the next frame.
    private var bands: [Pixmap]
    private let nextBand = Atomic<Int>(0)

    /// A renderer for `width` × `height` frames on `threads` threads (at most one for every two
    /// rows, so each band has a row).
    public init(width: Int, height: Int, threads: Int) {
        self.width = width
        self.height = height
        self.threads = max(1, min(threads, height / 2))
        rows = Self.bands(height: height, threads: self.threads)
        canvases = (0..<self.threads).map { _ in Canvas() }
        bands = rows.map { Pixmap(width: width, rows: $0, ofFrameHeight: height) ?? .empty }
    }

    /// The bands of a frame `height` rows tall for `threads` threads, top to bottom: `threads`
    /// large bands covering 80% of the rows, then up to `threads` small ones (none empty).
    static func bands(height: Int, threads: Int) -> [Range<Int>] {
        guard threads > 1 else { return [0..<height] }
        let large = height * 4 / 5
        let cuts = (0...threads).map { large * $0 / threads } + (1...threads).map { large + (height - large) * $0 / threads }
        return zip(cuts, cuts.dropFirst()).map { $0..<$1 }.filter { !$0.isEmpty }
    }

    /// Draws `frame` (cleared to `background`, and `width` × `height`) with `draw`, which is
    /// called once per band, on the thread drawing that band, and must only draw. Pass the frame
    /// with `consume`: a frame still referenced elsewhere is copied first.
    public func render(into frame: consuming Pixmap, clearingTo background: PremultipliedColor,
                       draw: @Sendable (Canvas) -> Void) -> Pixmap {
        precondition(frame.width == width && frame.height == height && frame.bytes.count == width * height * 4,
                     "the frame must be \(width) × \(height)")
        if threads == 1 {
            canvases[0].begin(frame, clearingTo: background)
            draw(canvases[0])
            return canvases[0].end()
        }
        nextBand.store(0, ordering: .relaxed)
        frame.bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let frameBytes = Shared(base: base)
            bands.withUnsafeMutableBufferPointer { slots in
                guard let bandBase = slots.baseAddress else { return }
                let bandSlots = Shared(base: bandBase)
                DispatchQueue.concurrentPerform(iterations: threads) { thread in
                    let canvas = canvases[thread]
                    while case let band = nextBand.wrappingAdd(1, ordering: .relaxed).oldValue, band < rows.count {
                        // Moved out of its slot, so the band is drawn in place, not copied first.
                        var pixmap = Pixmap.empty
                        swap(&pixmap, &bandSlots.base[band])
                        canvas.begin(pixmap, clearingTo: background)
                        draw(canvas)
                        pixmap = canvas.end()
                        pixmap.bytes.withUnsafeBufferPointer { source in
                            guard let rowsStart = source.baseAddress else { return }
                            (frameBytes.base + rows[band].lowerBound * width * 4).update(from: rowsStart, count: source.count)
                        }
                        bandSlots.base[band] = pixmap
                    }
                }
            }
        }
        return frame
    }

    /// Memory shared by the band threads, each of which touches only its own part.
    private struct Shared<Element>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Element>
    }
}
