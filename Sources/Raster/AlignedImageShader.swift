import RasterCore

/// An image under a mapping without rotation, skew or perspective, the way pictures and logos
/// usually sit on screen: a pixel's plane u depends on its column alone and v on its row alone,
/// so where each column samples the image is worked out once a fill, where each row samples it
/// once a row, and a bilinear sample's two image rows are mixed once a row for each image column
/// (`ImagePaint.mixedColumn`), leaving a pixel one mix of two columns. The same bytes as
/// `MappedShader` (the same operations on the same numbers, regrouped only where whole numbers
/// are summed), at a fraction of its work (`make bench`).
struct AlignedImageShader: Shader {
    private let paint: ImagePaint
    private let mapping: PlaneMapping
    /// The first device column the tables hold.
    private let firstColumn: Int
    /// For each device column from `firstColumn`: its left and right image columns less
    /// `lowColumn` and the right one's weight in 0…256 (nearest: its column twice), or a left of
    /// −1 where the column is out of the image's reach.
    private let left: [Int], right: [Int], weights: [UInt64]
    /// The image columns the device columns sample, `lowColumn ... highColumn`.
    private let lowColumn: Int, highColumn: Int
    /// Whether the paint's factors change nothing (full opacity, no tint).
    private let unscaled: Bool
    /// Where the current row samples the image: its top and bottom image rows and the bottom
    /// one's weight (nearest: its row twice); nil where the row is out of reach.
    private var rowSamples: (top: Int, bottom: Int, weight: UInt64)?
    /// The current row's image columns, each a word (nearest) or its two rows mixed
    /// (`ImagePaint.mixedColumn`), from `lowColumn`.
    private var words: [UInt32], mixedColumns: [(rb: UInt64, ga: UInt64)]

    /// The shader for device columns `columns`, nil when the mapping turns, skews or projects the
    /// plane, the paint mixes mipmap levels, or the columns sample more image columns than there
    /// are of them (a picture shrunk: its rows' tables would cost more than its pixels).
    init?(_ paint: ImagePaint, mapping: PlaneMapping, columns: Range<Int>) {
        guard mapping.isAxisAligned, paint.coarser == nil else { return nil }
        (self.paint, self.mapping, firstColumn) = (paint, mapping, columns.lowerBound)
        unscaled = paint.factors == (255, 255, 255, 255)
        var (left, right, weights) = ([Int](), [Int](), [UInt64]())
        for x in columns {
            // Row 0's u is every row's, as column 0's v is every column's (`PlaneMapping.isAxisAligned`).
            let s = paint.samples(SIMD4(repeating: mapping.points(x: x, y: 0).u[0]), horizontal: true)
            left.append(s.map { Int($0.first[0]) } ?? -1)
            right.append(s.map { Int(paint.isNearest ? $0.first[0] : $0.second[0]) } ?? -1)
            weights.append(s?.weight[0] ?? 0)
        }
        let (low, high) = (left.filter { $0 >= 0 }.min() ?? 0, right.max() ?? -1)
        guard high - low < columns.count + 2 else { return nil }
        (lowColumn, highColumn) = (low, high)
        (self.left, self.right, self.weights) = (left.map { $0 >= 0 ? $0 - low : -1 }, right.map { $0 >= 0 ? $0 - low : -1 }, weights)
        let count = max(high - low + 1, 0)
        (words, mixedColumns) = paint.isNearest ? (Array(repeating: 0, count: count), []) : ([], Array(repeating: (0, 0), count: count))
    }

    /// Works out where row `y` samples the image and each image column's word or mix there
    /// (kept when the row samples where the last did).
    mutating func start(row y: Int) {
        // Column 0's v: every column's.
        let v = mapping.points(x: 0, y: y).v[0]
        let samples = paint.samples(SIMD4(repeating: v), horizontal: false).map {
            (top: Int($0.first[0]), bottom: Int(paint.isNearest ? $0.first[0] : $0.second[0]), weight: $0.weight[0])
        }
        if let samples, let last = rowSamples, samples == last { return }
        rowSamples = samples
        guard let rows = samples, lowColumn <= highColumn else { return }
        let (image, width, low, high, isNearest) = (paint.image, paint.image.width, lowColumn, highColumn, paint.isNearest)
        image.bytes.withUnsafeBytes { bytes in
            @inline(__always) func pixel(_ x: Int, _ y: Int) -> UInt32 { bytes.loadUnaligned(fromByteOffset: (y * width + x) * 4, as: UInt32.self) }
            for column in low...high {
                if isNearest {
                    words[column - low] = pixel(column, rows.top)
                } else {
                    mixedColumns[column - low] = ImagePaint.mixedColumn(pixel(column, rows.top), pixel(column, rows.bottom), wy: rows.weight)
                }
            }
        }
    }

    func color(x: Int, y: Int) -> PremultipliedColor {
        withTables { PremultipliedColor(word: $0.word(column: x &- firstColumn)) }
    }

    func colorWords(x: Int, y: Int) -> SIMD4<UInt32>? {
        let column = x &- firstColumn
        return withTables { SIMD4($0.word(column: column), $0.word(column: column &+ 1), $0.word(column: column &+ 2), $0.word(column: column &+ 3)) }
    }

    /// The quads of a row through the tables' pointers, taken once a row (a call of `colorWords`
    /// a quad, every table lookup checked, took an eighth of gradients-stars-images' frame).
    func blendQuads(_ quads: Int, x: Int, y: Int, coverage: UnsafePointer<UInt8>, into pixels: UnsafeMutablePointer<UInt8>) -> Bool {
        let first = x &- firstColumn
        withTables { tables in
            Blend.sourceOverQuads(quads, coverage: coverage, into: pixels) { column in
                let c = first &+ column
                return SIMD4(tables.word(column: c), tables.word(column: c &+ 1), tables.word(column: c &+ 2), tables.word(column: c &+ 3))
            }
        }
        return true
    }

    /// The current row's tables, read without checks (indices come from the tables themselves).
    private struct Tables {
        let left: UnsafeBufferPointer<Int>, right: UnsafeBufferPointer<Int>, weights: UnsafeBufferPointer<UInt64>
        let words: UnsafeBufferPointer<UInt32>, mixedColumns: UnsafeBufferPointer<(rb: UInt64, ga: UInt64)>
        let isNearest: Bool, unscaled: Bool, sampled: Bool
        let factors: (UInt32, UInt32, UInt32, UInt32)

        /// The colour word of device column `firstColumn + column` on the current row.
        @inline(__always)
        func word(column: Int) -> UInt32 {
            guard sampled, left[column] >= 0 else { return 0 }
            if isNearest {
                let word = words[left[column]]
                return unscaled ? word : ImagePaint.scaled(ImagePaint.channels(word), by: factors)
            }
            let sample = ImagePaint.mixedRow(mixedColumns[left[column]], mixedColumns[right[column]], wx: weights[column])
            return unscaled ? ImagePaint.word(sample) : ImagePaint.scaled(sample, by: factors)
        }
    }

    /// Runs `body` on the current row's tables (the arrays taken first: a closure reading a
    /// stored property copied the shader).
    @inline(__always)
    private func withTables<R>(_ body: (Tables) -> R) -> R {
        let (left, right, weights, words, mixedColumns) = (left, right, weights, words, mixedColumns)
        let (isNearest, unscaled, sampled, factors) = (paint.isNearest, unscaled, rowSamples != nil, paint.factors)
        return left.withUnsafeBufferPointer { left in
            right.withUnsafeBufferPointer { right in
                weights.withUnsafeBufferPointer { weights in
                    words.withUnsafeBufferPointer { words in
                        mixedColumns.withUnsafeBufferPointer { mixedColumns in
                            body(Tables(left: left, right: right, weights: weights, words: words, mixedColumns: mixedColumns,
                                        isNearest: isNearest, unscaled: unscaled, sampled: sampled, factors: factors))
                        }
                    }
                }
            }
        }
    }
}
