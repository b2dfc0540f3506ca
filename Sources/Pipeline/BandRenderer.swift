import Dispatch
import Raster

/// Draws one frame on several threads at once, in horizontal bands, each thread with its own
/// canvas: a strategy for when one frame must come out sooner (encodes render whole frames in
/// parallel instead). Each band is a pixmap of the frame's rows, kept from frame to frame, and is
/// copied into the frame by the thread that drew it. The bands' rows equal those of a single
/// whole-frame draw, so neither the thread count nor the band layout changes the output, except
/// for shadows and blur filters: a blur and a shadow's offset need rows of other bands, so draws
/// with them should use one thread.
///
/// The frame is cut into one band a thread, of equal estimated cost. The cost is the caller's
/// estimate from the display list (`RowCosts`): rows of many shapes go into shorter bands, so
/// each thread gets an even share of the work and not just of the rows (without an estimate,
/// every row counts the same). The estimate moves the cuts, never the pixels. More and smaller
/// bands would balance better, but every band a shape touches flattens (and for a stroke,
/// outlines) it again: drawn one after another, 4 equal bands took 5% and 8 bands 13% longer than
/// the whole frame. A tail of small bands taken by whichever thread was free once paid for
/// itself; with the fill faster it cost more than it balanced (2 threads on the benchmark's
/// shapes: 17.5 ms against 15.7 ms without it, bench/README.md). One `render` at a time: a
/// renderer is not for several callers at once.
public final class BandRenderer: @unchecked Sendable {
    /// Frame width in pixels.
    public let width: Int
    /// Frame height in pixels.
    public let height: Int
    /// Threads drawing each frame: the count asked for, clamped to 1…height / 2.
    public let threads: Int
    private let canvases: [Canvas]
    /// One pixmap a band, drawn and copied into the frame, then kept for the next frame (its
    /// memory reused when the cuts move).
    private var bands: [Pixmap]

    /// A renderer for `width` × `height` frames on `threads` threads (at most one for every two
    /// rows, so each band has a row).
    public init(width: Int, height: Int, threads: Int) {
        self.width = width
        self.height = height
        self.threads = max(1, min(threads, height / 2))
        canvases = (0..<self.threads).map { _ in Canvas() }
        bands = Self.bands(costs: [Double](repeating: 1, count: height), threads: self.threads).map {
            Pixmap(width: width, rows: $0, ofFrameHeight: height) ?? .empty
        }
    }

    /// The bands of a frame whose rows cost `costs` (one a row), for `threads` threads, top to
    /// bottom: up to `threads` bands of equal cost (none empty). Rows count the same when the
    /// costs add up to nothing.
    static func bands(costs: [Double], threads: Int) -> [Range<Int>] {
        let height = costs.count
        guard threads > 1, height > 0 else { return height > 0 ? [0..<height] : [] }
        var total = costs.reduce(0, +)
        let weights = total > 0 && total.isFinite ? costs : [Double](repeating: 1, count: height)
        total = total > 0 && total.isFinite ? total : Double(height)
        let shares = (1...threads).map { Double($0) / Double(threads) }
        // Each cut falls after the first row where the running cost reaches its share.
        var cuts = [0], sum = 0.0, row = 0
        for share in shares.dropLast() {
            while row < height, sum + weights[row] / 2 < share * total {
                sum += weights[row]
                row += 1
            }
            cuts.append(row)
        }
        cuts.append(height)
        return zip(cuts, cuts.dropFirst()).map { $0..<$1 }.filter { !$0.isEmpty }
    }

    /// Draws `frame` (cleared to `background`, and `width` × `height`) with `draw`, which is
    /// called once per band, on the thread drawing that band, and must only draw. `costs`, the
    /// estimate of what the draws cost by row, places the cuts between bands (rows count the same
    /// without it). Pass the frame with `consume`: a frame still referenced elsewhere is copied first.
    public func render(into frame: consuming Pixmap, clearingTo background: PremultipliedColor, costs: RowCosts? = nil,
                       draw: @Sendable (Canvas) -> Void) -> Pixmap {
        precondition(frame.width == width && frame.height == height && frame.bytes.count == width * height * 4,
                     "the frame must be \(width) × \(height)")
        if threads == 1 {
            canvases[0].begin(consume frame, clearingTo: background)
            draw(canvases[0])
            return canvases[0].end()
        }
        let weights = costs.flatMap { $0.values.count == height ? $0.values : nil } ?? [Double](repeating: 1, count: height)
        let rows = Self.bands(costs: weights, threads: threads)
        while bands.count < rows.count { bands.append(.empty) }
        frame.bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let frameBytes = Shared(base: base)
            bands.withUnsafeMutableBufferPointer { slots in
                guard let bandBase = slots.baseAddress else { return }
                let bandSlots = Shared(base: bandBase)
                // One band a thread (there are no more bands than threads), on the thread's canvas.
                DispatchQueue.concurrentPerform(iterations: rows.count) { band in
                    let canvas = canvases[band]
                    // Moved out of its slot, so the band is drawn in place, not copied first.
                    var pixmap = Pixmap.empty
                    swap(&pixmap, &bandSlots.base[band])
                    pixmap = Pixmap(rows: rows[band], ofWidth: width, frameHeight: height, reusing: pixmap)
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
        return frame
    }

    /// Memory shared by the band threads, each of which touches only its own part.
    private struct Shared<Element>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Element>
    }
}
