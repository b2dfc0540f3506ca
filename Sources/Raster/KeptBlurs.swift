import Foundation

/// Blurs kept from frame to frame, so that what does not change is blurred once: a shadow's
/// silhouette under a layer that holds still or moves by whole pixels, a blurred layer that holds
/// still. What was blurred is recognised by its pixels, compared byte for byte, so a kept blur is
/// exactly the one that would be computed. Where the blur reaches past the pixmap's edge its
/// result depends on where the pixels are, so there it is kept for the same place only.
struct KeptBlurs {
    private struct Entry {
        /// 1 (a silhouette's alpha) or 4 (premultiplied RGBA).
        var channels: Int
        var sigma: Double
        /// The width of the tight bounds of what was blurred (the bytes give the height).
        var width: Int
        /// Where the blur was, for one that reached past the pixmap's edge: the bounds' corner,
        /// the pixmap's size, first row and frame height (nil: the same blur fits anywhere).
        var place: [Int]?
        /// The pixels blurred, over their tight bounds, and the blur, over the bounds grown by its
        /// reach: a silhouette's alpha as bytes, all channels in 8.8 fixed point.
        var source: [UInt8]
        var blurred: Blurred
        var lastUse: Int
        var bytes: Int {
            switch blurred {
            case .alpha(let values): source.count + values.count
            case .channels(let values): source.count + 2 * values.count
            }
        }
    }

    private enum Blurred {
        case alpha([UInt8])
        case channels([UInt16])
    }

    private var entries: [Entry] = []
    private var uses = 0
    private var scratch = GaussianBlur.Scratch()
    /// The most bytes kept (a canvas a render thread keeps its own): a whole 1080x1920 layer
    /// and its blur (8.8 fixed point, 8 bytes a pixel) take 25 MB.
    private static let budget = 32 << 20

    /// The alpha of `source` blurred with standard deviation `sigma`, where `within` holds every
    /// pixel with alpha (see `GaussianBlur.blurred`); nil when there is no alpha. The alphas are
    /// scanned and compared in `build` of RasterCore.
    mutating func alpha(of source: Pixmap, sigma: Double, within: PixelArea, build: RasterCoreBuild) -> (values: [UInt8], area: PixelArea)? {
        guard let box = GaussianBlur.bounds(of: source, within: within, build: build) else { return nil }
        let (area, place) = Self.reach(of: box, sigma: sigma, in: source)
        if case .alpha(let kept) = kept(channels: 1, sigma: sigma, box: box, place: place, source: source, build: build) { return (kept, area) }
        let alpha = Self.bytes(of: source, in: box, channels: 1)
        let computed = GaussianBlur.blurred(alpha: alpha, box: box, sigma: sigma, in: source, scratch: &scratch)
        keep(Entry(channels: 1, sigma: sigma, width: box.width, place: place, source: alpha, blurred: .alpha(computed.values), lastUse: uses))
        return computed
    }

    /// All four channels of `pixmap` blurred as `GaussianBlur.blurred` blurs them, from a kept
    /// blur when the same pixels were blurred before; nil when there is no alpha (alphas scanned
    /// in `build`).
    mutating func channels(of pixmap: Pixmap, sigma: Double, within: PixelArea, build: RasterCoreBuild) -> (values: [UInt16], area: PixelArea)? {
        guard let box = GaussianBlur.bounds(of: pixmap, within: within, build: build) else { return nil }
        let (area, place) = Self.reach(of: box, sigma: sigma, in: pixmap)
        if case .channels(let kept) = kept(channels: 4, sigma: sigma, box: box, place: place, source: pixmap, build: build) { return (kept, area) }
        let computed = GaussianBlur.blurred(pixmap, box: box, sigma: sigma, scratch: &scratch)
        keep(Entry(channels: 4, sigma: sigma, width: box.width, place: place, source: Self.bytes(of: pixmap, in: box, channels: 4),
                   blurred: .channels(computed.values), lastUse: uses))
        return computed
    }

    /// The box grown by the blur's reach within `pixmap`, and where the blur is when that cut
    /// it short (nil when it did not).
    private static func reach(of box: PixelArea, sigma: Double, in pixmap: Pixmap) -> (PixelArea, [Int]?) {
        let reach = GaussianBlur.reach(sigma: sigma)
        let area = box.grown(by: reach, within: pixmap) ?? box
        let whole = area.width == box.width + 2 * reach && area.height == box.height + 2 * reach
        return (area, whole ? nil : [box.x0, box.y0, pixmap.width, pixmap.height, pixmap.firstRow, pixmap.frameHeight])
    }

    /// The blur kept for the pixels of `source` within `box`, if any (compared where they are,
    /// not copied out first: most frames find their blur).
    private mutating func kept(channels: Int, sigma: Double, box: PixelArea, place: [Int]?, source: Pixmap, build: RasterCoreBuild) -> Blurred? {
        uses += 1
        guard let index = entries.firstIndex(where: {
            $0.channels == channels && $0.sigma == sigma && $0.width == box.width && $0.place == place
                && $0.source.count == box.width * box.height * channels && Self.holds($0.source, channels: channels, of: source, in: box, build: build)
        }) else { return nil }
        entries[index].lastUse = uses
        return entries[index].blurred
    }

    /// Whether `kept` (as `bytes(of:in:channels:)` would copy them) equals the bytes of `source`
    /// within `box` (alphas compared in `build`).
    private static func holds(_ kept: [UInt8], channels: Int, of source: Pixmap, in box: PixelArea, build: RasterCoreBuild) -> Bool {
        source.bytes.withUnsafeBufferPointer { p in
            kept.withUnsafeBufferPointer { k in
                guard let pBase = p.baseAddress, let kBase = k.baseAddress else { return false }
                for y in box.y0..<box.y1 {
                    let row = (y * source.width + box.x0) * 4, start = (y - box.y0) * box.width * channels
                    let same = channels == 4 ? memcmp(pBase + row, kBase + start, box.width * 4) == 0
                        : build.kernels.alphas(pBase + row, count: box.width, equal: kBase + start)
                    if !same { return false }
                }
                return true
            }
        }
    }

    /// Keeps `entry`, dropping the least recently used ones to stay within the budget; a
    /// blur too slight to change anything (σ < 0.1) is not kept.
    private mutating func keep(_ entry: Entry) {
        guard entry.bytes <= Self.budget, entry.sigma >= 0.1 else { return }
        var total = entries.reduce(0) { $0 + $1.bytes } + entry.bytes
        while total > Self.budget, let oldest = entries.indices.min(by: { entries[$0].lastUse < entries[$1].lastUse }) {
            total -= entries[oldest].bytes
            entries.remove(at: oldest)
        }
        entries.append(entry)
    }

    /// The bytes of `source` within `box`, rows of its width: the alpha alone (`channels` 1) or
    /// all four channels.
    private static func bytes(of source: Pixmap, in box: PixelArea, channels: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: box.width * box.height * channels)
        source.bytes.withUnsafeBufferPointer { p in
            bytes.withUnsafeMutableBufferPointer { out in
                for y in box.y0..<box.y1 {
                    let row = (y * source.width + box.x0) * 4, start = (y - box.y0) * box.width * channels
                    if channels == 4 {
                        _ = UnsafeMutableBufferPointer(rebasing: out[start..<(start + box.width * 4)])
                            .update(fromContentsOf: UnsafeBufferPointer(rebasing: p[row..<(row + box.width * 4)]))
                    } else {
                        for x in 0..<box.width { out[start + x] = p[row + x * 4 + 3] }
                    }
                }
            }
        }
        return bytes
    }
}
