import Animation
import Geometry
import Raster

/// The rows of a frame that one display list draws differently from another, in device pixels:
/// what a renderer handed back a frame it drew draws again (`FrameRenderer`).
///
/// Each item changes the rows it may draw into (`DrawnRows`); a group, clip or mask the rows of
/// everything in it, a group's grown by the reach of its blur and shadow. The lists are matched
/// in order, item by item: each item added, removed or changed (a group's start or end standing
/// for the whole group) damages its rows in the frame that draws it, grown by the blurs and
/// shadows of the groups around it; the items matched are drawn in the same order, so they
/// change no pixel elsewhere. Nil, every row, when an item's rows cannot be bounded (a transform with
/// perspective, a colour filter that colours transparent pixels).
struct ChangedRows {
    /// The rows to draw again, top to bottom, apart from each other.
    var rows: [Range<Int>]
    /// How many rows beyond its own a band must be drawn for its rows to come out as in a
    /// whole-frame draw: the reach of the blurs and shadows it may hold, nested ones added.
    var margin: Int

    /// The rows of a `height`-row frame drawn at `scale` pixels a point that change from `old`
    /// to `new`; nil when they cannot be bounded.
    init?(from old: [DisplayItem], to new: [DisplayItem], scale: Double, height: Int) {
        self.init(from: old, Extents(old, scale: scale), to: new, Extents(new, scale: scale), height: height)
    }

    /// The rows that change from `old` to `new`, whose extents (worked out at the frame's scale)
    /// are `before` and `after` (a renderer keeps each list's for the next frame); nil when they
    /// cannot be bounded.
    init?(from old: [DisplayItem], _ before: Extents?, to new: [DisplayItem], _ after: Extents?, height: Int) {
        guard let before, let after else { return nil }
        // Whether old item `i` is new item `j`: their transforms compared first, from the
        // extents (looking ahead compares many items that differ, and a transform is numbers
        // where an item is paths and arrays).
        func same(_ i: Int, _ j: Int) -> Bool {
            before.transforms[i] == after.transforms[j] && old[i] == new[j]
        }
        var prefix = 0
        while prefix < min(old.count, new.count), same(prefix, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < min(old.count, new.count) - prefix, same(old.count - 1 - suffix, new.count - 1 - suffix) { suffix += 1 }
        // The rest matched in order: an item found a little further on in the other list has
        // the items before it there added (or removed); items matched nowhere near changed.
        var spans: [ClosedRange<Double>] = []
        var (i, j) = (prefix, prefix)
        let (oldEnd, newEnd) = (old.count - suffix, new.count - suffix)
        while i < oldEnd || j < newEnd {
            if i < oldEnd, j < newEnd, same(i, j) {
                (i, j) = (i + 1, j + 1)
                continue
            }
            let inNew = i < oldEnd ? (j..<min(j + Self.lookahead, newEnd)).first { same(i, $0) } : nil
            let inOld = j < newEnd ? (i..<min(i + Self.lookahead, oldEnd)).first { same($0, j) } : nil
            if let k = inNew, inOld.map({ k - j <= $0 - i }) ?? true {
                spans += (j..<k).compactMap(after.damage)
                j = k
            } else if let k = inOld {
                spans += (i..<k).compactMap(before.damage)
                i = k
            } else {
                if i < oldEnd, let span = before.damage(of: i) { spans.append(span) }
                if j < newEnd, let span = after.damage(of: j) { spans.append(span) }
                (i, j) = (min(i + 1, oldEnd), min(j + 1, newEnd))
            }
        }
        var rows: [Range<Int>] = []
        for span in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            // Whole rows, one more each side for the rounding of coverage at their edges.
            // (Clamped to the frame before they become whole numbers: a shape far off it is no
            // number of rows an Int holds.)
            func row(_ y: Double) -> Int { Int(min(max(y, 0), Double(height))) }
            let (top, bottom) = (row(span.lowerBound.rounded(.down) - 1), row(span.upperBound.rounded(.up) + 2))
            guard top < bottom else { continue }
            if let last = rows.last, top <= last.upperBound {
                rows[rows.count - 1] = last.lowerBound..<max(last.upperBound, bottom)
            } else {
                rows.append(top..<bottom)
            }
        }
        self.rows = rows
        margin = Int(min(max(before.margin, after.margin).rounded(.up), Double(height)))
    }

    /// How far on in the other list an item is looked for.
    private static let lookahead = 32

    /// The rows each item of a list may change, and the reach of the groups around it.
    struct Extents {
        /// Each item's rows: a draw's own, a group's, clip's or mask's start and end those of
        /// all it holds (a group's grown by its blur and shadow); nil for an item that draws nothing.
        private(set) var rows: [ClosedRange<Double>?]
        /// Each draw's transform (nil for the others).
        private(set) var transforms: [Transform3D?]
        /// How far the blurs and shadows of the groups around each item spread a change in it.
        private(set) var around: [Double]
        /// The largest reach of nested blurs and shadows in the list.
        private(set) var margin = 0.0

        /// The extents of `items` drawn at `scale` pixels a point; nil when an item's cannot be
        /// bounded (a transform with perspective, a colour filter that colours transparent pixels).
        init?(_ items: [DisplayItem], scale: Double) {
            let toPixels = Transform3D(scaleX: scale, y: scale)
            rows = Array(repeating: nil, count: items.count)
            around = Array(repeating: 0, count: items.count)
            transforms = Array(repeating: nil, count: items.count)
            // The groups, clips and masks open: where each began, the rows of what it holds so
            // far, and how far it spreads them.
            var open: [(start: Int, rows: ClosedRange<Double>?, spread: Double)] = []
            var spreadAround = 0.0
            for (index, item) in items.enumerated() {
                around[index] = spreadAround
                var drawn: ClosedRange<Double>?
                switch item {
                case let .beginGroup(_, shadow, _, blur, filters, rasterizationScale):
                    guard !DrawnRows.fillsOutsideItsDrawing(filters) else { return nil }
                    let spread = DrawnRows.spread(blur: FrameRenderer.groupBlur(blur, rasterizationScale: rasterizationScale, scale: scale), shadow: shadow.map { FrameRenderer.shadowPaint($0, scale: scale) })
                    open.append((index, nil, spread))
                    spreadAround += spread
                    margin = max(margin, spreadAround)
                    continue
                case .beginClip, .beginMask, .beginHardEdges:
                    open.append((index, nil, 0))
                    continue
                case .endGroup, .endClip, .endMask, .endHardEdges:
                    // An end with nothing open draws nothing (the canvas passes over it).
                    guard let group = open.popLast() else { continue }
                    spreadAround -= group.spread
                    around[index] = spreadAround
                    drawn = group.rows.map { ($0.lowerBound - group.spread)...($0.upperBound + group.spread) }
                    rows[group.start] = drawn
                case let .fill(path, transform, _, _), let .fillGradient(path, transform, _, _):
                    transforms[index] = transform
                    guard let span = DrawnRows.fill(path, transform: transform.concatenating(toPixels)) else { return nil }
                    drawn = span
                case let .glyph(glyph, transform, _):
                    transforms[index] = transform
                    guard let span = DrawnRows.fill(glyph.outline, transform: transform.concatenating(toPixels)) else { return nil }
                    drawn = span
                case let .stroke(path, transform, _, style):
                    transforms[index] = transform
                    guard let span = DrawnRows.stroke(path, transform: transform.concatenating(toPixels), style: style) else { return nil }
                    drawn = span
                case let .image(_, transform, destination, _, _, _, _):
                    transforms[index] = transform
                    guard let span = DrawnRows.rectangle(destination, transform: transform.concatenating(toPixels)) else { return nil }
                    drawn = span
                case let .sprite(_, transform, size, _, _, _, _):
                    transforms[index] = transform
                    guard let span = DrawnRows.rectangle(Rect(origin: .zero, size: size), transform: transform.concatenating(toPixels)) else { return nil }
                    drawn = span
                case let .shadow(path, transform, shadow):
                    transforms[index] = transform
                    let paint = FrameRenderer.shadowPaint(shadow, scale: scale)
                    guard let span = DrawnRows.shadow(path, transform: transform.concatenating(toPixels), shadow: paint) else { return nil }
                    drawn = span
                    margin = max(margin, spreadAround + DrawnRows.spread(blur: 0, shadow: paint))
                }
                rows[index] = drawn
                if let drawn, !open.isEmpty {
                    let holder = open.count - 1
                    open[holder].rows = open[holder].rows.map { min($0.lowerBound, drawn.lowerBound)...max($0.upperBound, drawn.upperBound) } ?? drawn
                }
            }
            // A group never closed is never drawn; its start stands for what it holds.
            for group in open { rows[group.start] = group.rows }
        }

        /// The rows a change in item `index` changes: its own, spread by the groups around it.
        func damage(of index: Int) -> ClosedRange<Double>? {
            rows[index].map { ($0.lowerBound - around[index])...($0.upperBound + around[index]) }
        }
    }
}
