/// Shadows' blurred silhouettes kept from draw to draw, so that a shadow whose silhouette does
/// not change — a layer holding still, or moving by whole pixels — is blurred once. A silhouette
/// is recognised by its alpha, compared byte for byte, so a reused blur is exactly the one that
/// would be computed. Only silhouettes whose blur stays inside the pixmap are kept: at an edge
/// the blur depends on where the silhouette is.
struct BlurredSilhouettes {
    private struct Entry {
        var sigma: Double
        /// The silhouette's alpha over its bounds, rows of `width`.
        var width: Int
        var alpha: [UInt8]
        /// Its blur over the bounds grown by the blur's reach.
        var blurred: [UInt8]
        var lastUse: Int
    }

    private var entries: [Entry] = []
    private var uses = 0
    /// The most silhouettes kept, and the largest (in pixels of its bounds).
    private static let limit = 4
    private static let largest = 1 << 20

    /// The alpha of `source` blurred with standard deviation `sigma`, where `within` holds every
    /// pixel with alpha (see `GaussianBlur.blurred`): from a kept blur when the silhouette was
    /// seen before; nil when there is no alpha.
    mutating func alpha(of source: Pixmap, sigma: Double, within: PixelArea) -> (values: [UInt8], area: PixelArea)? {
        guard let box = GaussianBlur.bounds(of: source, within: within) else { return nil }
        let alpha = Self.alpha(of: source, in: box)
        let reach = GaussianBlur.reach(sigma: sigma)
        let area = box.grown(by: reach, within: source)
        let keepable = box.width * box.height <= Self.largest && area?.width == box.width + 2 * reach && area?.height == box.height + 2 * reach
        uses += 1
        if keepable, let area, let index = entries.firstIndex(where: { $0.sigma == sigma && $0.width == box.width && $0.alpha == alpha }) {
            entries[index].lastUse = uses
            return (entries[index].blurred, area)
        }
        let computed = GaussianBlur.blurred(alpha: alpha, box: box, sigma: sigma, in: source)
        guard keepable else { return computed }
        let entry = Entry(sigma: sigma, width: box.width, alpha: alpha, blurred: computed.values, lastUse: uses)
        if entries.count < Self.limit {
            entries.append(entry)
        } else if let oldest = entries.indices.min(by: { entries[$0].lastUse < entries[$1].lastUse }) {
            entries[oldest] = entry
        }
        return computed
    }

    /// The alpha bytes of `source` within `box`, rows of its width.
    private static func alpha(of source: Pixmap, in box: PixelArea) -> [UInt8] {
        var alpha = [UInt8](repeating: 0, count: box.width * box.height)
        source.bytes.withUnsafeBufferPointer { p in
            alpha.withUnsafeMutableBufferPointer { out in
                for y in box.y0..<box.y1 {
                    let row = (y * source.width + box.x0) * 4 + 3, start = (y - box.y0) * box.width
                    for x in 0..<box.width { out[start + x] = p[row + x * 4] }
                }
            }
        }
        return alpha
    }
}
