/// The rows of a sprite of one colour: a rectangle mapped affinely into device pixels, as particles
/// are drawn by the thousand. Each pixel's coverage is estimated from its centre's distances in
/// pixels to the rectangle's sides: min(d + ½, 1) for its distance d to the nearer side of each
/// pair, the two multiplied (`Rasterizer.fillSprite` says why). A row is three runs: the pixels
/// about the left sides, whose coverages are worked out a vector at a time, the inside, at full
/// coverage, blended as a run, and the pixels about the right sides, as the left.
public enum SpriteRows {
    /// Blends `color` (a premultiplied word) over the sprite's pixels in `rows` × `columns` of a
    /// frame `rowPixels` wide (at most 2²⁴, where every column is a whole Float; a frame is at
    /// most 16,384) whose row `firstRow` starts at `pixels` (`columns` within 0...rowPixels). The
    /// sprite is given as `Row.init` takes it, its gradients finite unit vectors with no
    /// subnormal component (whose inverse would be infinite). Pixels outside `rows` × `columns`
    /// keep their bytes (a vector may load and store some of them, within their row).
    public static func blend(origin: SIMD2<Double>, sGradient: SIMD2<Double>, tGradient: SIMD2<Double>, thickness: SIMD2<Double>,
                             columns: Range<Int>, rows: Range<Int>, color: UInt32, into pixels: UnsafeMutablePointer<UInt8>,
                             firstRow: Int, rowPixels: Int) {
        let base = columns.lowerBound
        let wholeInside = thickness[0] >= 1 && thickness[1] >= 1
        let slack = columns.count <= 8192 ? 0 : 1
        let scaled = Blend.ScaledColor(PremultipliedColor(word: color), coverage: 255)
        #if X86_64_V3
        // The side vectors' colour, and each lane's column within its half.
        let octetColor = Blend.OctetColors(SIMD8(repeating: color))
        let lanes = SIMD8<Int32>(0, 1, 2, 3, 0, 1, 2, 3)
        #endif
        let (low, high) = (Double(columns.lowerBound), Double(columns.upperBound))
        // Where along a row each pair's value a (`Row`) reaches 0 and thickness + 1 (some coverage
        // between) and 1 and thickness (whole coverage between): a(x) = a(base) + (x − base) · step
        // is v at x = base + (v − a(base)) / step. Every row's at once, a vector of eight: the
        // low ends (some coverage across s, across t, whole coverage across s, across t), then
        // the high ends likewise.
        let step = SIMD2(sGradient[0], tGradient[0])
        let inverse = SIMD2<Double>(step[0] == 0 ? 0 : 1 / step[0], step[1] == 0 ? 0 : 1 / step[1])
        func ordered(_ a: Double, _ b: Double, _ step: Double) -> (Double, Double) { step < 0 ? (b, a) : (a, b) }
        let (so, to) = (ordered(0, thickness[0] + 1, step[0]), ordered(0, thickness[1] + 1, step[1]))
        let (si, ti) = (ordered(1, thickness[0], step[0]), ordered(1, thickness[1], step[1]))
        let sides = SIMD8(so.0, to.0, si.0, ti.0, so.1, to.1, si.1, ti.1)
        let perStep = SIMD8(inverse[0], inverse[1], inverse[0], inverse[1], inverse[0], inverse[1], inverse[0], inverse[1])
        let flat = inverse[0] == 0 || inverse[1] == 0
        // The lines move down the rows by a constant step: worked out for the first row, then carried.
        let first = Row(y: rows.lowerBound, base: base, origin: origin, sGradient: sGradient, tGradient: tGradient, thickness: thickness)
        let at = SIMD8(first.exactStart[0], first.exactStart[1], first.exactStart[0], first.exactStart[1],
                       first.exactStart[0], first.exactStart[1], first.exactStart[0], first.exactStart[1])
        var rowLines = (sides - at) * perStep + Double(base)
        let down = -SIMD8(sGradient[1], tGradient[1], sGradient[1], tGradient[1], sGradient[1], tGradient[1], sGradient[1], tGradient[1]) * perStep
        for y in rows {
            defer { rowLines += down }
            let row = Row(y: y, base: base, origin: origin, sGradient: sGradient, tGradient: tGradient, thickness: thickness)
            var lines = rowLines
            // A pair along the row (a step of 0) holds the whole row or none of it.
            if flat {
                for axis in 0..<2 where inverse[axis] == 0 {
                    let v = row.exactStart[axis]
                    let (outside, inside) = (v >= 0 && v <= thickness[axis] + 1, v >= 1 && v <= thickness[axis])
                    (lines[axis], lines[axis + 4]) = outside ? (-.infinity, .infinity) : (.infinity, -.infinity)
                    (lines[axis + 2], lines[axis + 6]) = inside ? (-.infinity, .infinity) : (.infinity, -.infinity)
                }
            }
            // Across both pairs and within the columns: the later low end, the earlier high end
            // (compares and selects a vector at a time). The lines are never NaN: the gradients
            // are finite unit vectors without subnormal parts, so the steps' inverses are finite,
            // and a flat pair's lanes (∞ · 0) are replaced above.
            let (lows, highs) = (lines.lowHalf, lines.highHalf)
            let (otherLows, otherHighs) = (SIMD4(lows[1], lows[0], lows[3], lows[2]), SIMD4(highs[1], highs[0], highs[3], highs[2]))
            var from = lows.replacing(with: otherLows, where: lows .< otherLows)
            var to = highs.replacing(with: otherHighs, where: otherHighs .< highs)
            from.replace(with: low, where: from .< low)
            to.replace(with: high, where: high .< to)
            // The columns whose centres the lines put at some coverage (lo..<hi), and at whole
            // coverage (insideLo..<insideHi; the first after a whole low end too). Near a side
            // each factor of a pixel's coverage is within 0.00075 of its exact value in the
            // loops' Float arithmetic while the row's columns are 8,192 or fewer (the start, the
            // step and their product at most 8,192 each rounded, 2⁻¹² of a pixel or so), which
            // moves no pixel's coverage off 0 or 255 (a factor below 0.00196 rounds to 0 levels,
            // two above 0.99902 to 255); past that `slack` adds a pixel each way.
            guard from[0] <= to[0] else { continue }
            // Made Ints four at once, adding 2⁵² (`wholes`): past the guard the first two are
            // whole numbers of columns.lowerBound…upperBound; the other two only once theirs
            // below holds.
            let columnsDown = wholes(SIMD4(from[0], to[0], from[2], to[2]).rounded(.down))
            let lo = max(columnsDown[0] &- slack, columns.lowerBound)
            let hi = min(columnsDown[1] &+ 1 &+ slack, columns.upperBound)
            guard lo < hi else { continue }
            var (insideLo, insideHi) = (hi, hi)
            if wholeInside, from[2] <= to[2] {
                (insideLo, insideHi) = (max(columnsDown[2] &+ 1 &+ slack, lo), min(columnsDown[3] &+ 1 &- slack, hi))
                if insideLo >= insideHi { (insideLo, insideHi) = (hi, hi) }
            }
            let line = pixels + ((y &- firstRow) &* rowPixels) &* 4
            let (s0, t0, sStep, tStep) = (row.start[0], row.start[1], row.step[0], row.step[1])
            let (s1, t1, sCap, tCap) = (row.farStart[0], row.farStart[1], row.cap[0], row.cap[1])
            #if X86_64_V3
            // The inside's whole quads as one run; then the sides, the left one's pixels
            // xl..<endL and the right one's xr..<endR, both at once, four of each in a vector of
            // eight (a side is rarely wider: 36 vectors a sprite of bench/particles.sh where
            // vectors of eight a side took 61), and once one is done the other's eight at a time;
            // where four do not fit (the frame's right edge), the rest a pixel at a time. (Written
            // out here, not called: as functions, @inline(__always) or not, they were calls:
            // 88.5M → 68.6M instructions a frame of bench/particles.sh, callgrind. For the same
            // reason the coverage arithmetic is written out again in the baseline's loop below:
            // as a generic `Row` method shared by both widths it was 223M against 61.6M.)
            var (xl, endL, xr, endR) = (lo, insideLo, hi, hi)
            if insideLo < hi {
                let runEnd = insideLo &+ (insideHi &- insideLo) & ~3
                scaled.blendQuads(into: line + insideLo &* 4, count: (runEnd &- insideLo) &>> 2)
                xr = runEnd
            }
            while xl < endL || xr < endR {
                // The vector's halves: pixels a..<a + 4 up to aEnd, b..<b + 4 up to bEnd: four of
                // each side while both have pixels, else eight of the one left. A right side's
                // half never starts before the left side's pixels end, and is stored second.
                let (leftOpen, rightOpen) = (xl < endL, xr < endR)
                let both = leftOpen && rightOpen
                let (a, aEnd) = leftOpen ? (xl, endL) : (xr, endR)
                let (b, bEnd) = both ? (xr, endR) : (a &+ 4, aEnd)
                guard b &+ 4 <= rowPixels else { break }
                // Each lane's column and its half's end, less `base`, as whole numbers (a pixel's
                // Float as `coverage(at:)` takes it).
                let laneColumns = halves(a &- base, b &- base) &+ lanes
                let offsets = SIMD8<Float>(laneColumns)
                let (sMove, tMove) = (offsets * sStep, offsets * tStep)
                let (s, t, sFar, tFar) = (s0 + sMove, t0 + tMove, s1 - sMove, t1 - tMove)
                var cs = s.replacing(with: sFar, where: sFar .< s), ct = t.replacing(with: tFar, where: tFar .< t)
                cs.replace(with: sCap, where: cs .> sCap)
                ct.replace(with: tCap, where: ct .> tCap)
                // Lanes from their half's end on at coverage 0: below 1 − (their distance past it) ≤ 0, then at least 0.
                let past = SIMD8<Float>(halves(aEnd &- base, bEnd &- base) &- laneColumns)
                ct.replace(with: past, where: past .< ct)
                cs.replace(with: 0, where: cs .< 0)
                ct.replace(with: 0, where: ct .< 0)
                let (pa, pb) = (UnsafeMutableRawPointer(line + a &* 4), UnsafeMutableRawPointer(line + b &* 4))
                let under = SIMD8(lowHalf: pa.loadUnaligned(as: SIMD4<UInt32>.self), highHalf: pb.loadUnaligned(as: SIMD4<UInt32>.self))
                let blended = octetColor.over(under, coverage: rounded(cs * ct * 255))
                pa.storeBytes(of: blended.lowHalf, as: SIMD4<UInt32>.self)
                pb.storeBytes(of: blended.highHalf, as: SIMD4<UInt32>.self)
                let stride = both ? 4 : 8
                if leftOpen { xl = min(xl &+ stride, endL) }
                if rightOpen { xr = min(xr &+ stride, endR) }
            }
            for x in xl..<endL { blendPixel(row.coverage(at: x), color, line, x) }
            for x in xr..<endR { blendPixel(row.coverage(at: x), color, line, x) }
            #else
            // Four pixels at a time while four fit in the row: up to the inside, at the coverages
            // of its pixels, those from the inside on at none; the inside's whole quads as a run;
            // then the rest as the first, those from `hi` on at none; the row's end where four do
            // not fit a pixel at a time.
            var x = lo
            let lanes = SIMD4<Float>(0, 1, 2, 3), laneOffsets = lanes - SIMD4(repeating: Float(base))
            // Each lane's column less `base` (whole numbers: exact; carried along, as a sum of a
            // constant and a broadcast the vector was built a lane at a time).
            var offsets = laneOffsets + SIMD4(repeating: Float(x))
            while x < hi && x &+ 4 <= rowPixels {
                if x >= insideLo && insideHi &- x >= 4 {
                    let quads = (insideHi &- x) &>> 2
                    scaled.blendQuads(into: line + x &* 4, count: quads)
                    x &+= quads &* 4
                    offsets += SIMD4(repeating: Float(quads &* 4))
                    continue
                }
                let end = x < insideLo ? insideLo : hi
                let (sMove, tMove) = (offsets * sStep, offsets * tStep)
                let (s, t, sFar, tFar) = (s0 + sMove, t0 + tMove, s1 - sMove, t1 - tMove)
                var cs = s.replacing(with: sFar, where: sFar .< s), ct = t.replacing(with: tFar, where: tFar .< t)
                cs.replace(with: sCap, where: cs .> sCap)
                ct.replace(with: tCap, where: ct .> tCap)
                // Lanes from `end` on at coverage 0: below 1 − (their distance past it) ≤ 0, then at least 0.
                let past = SIMD4(repeating: Float(end &- base)) - offsets
                ct.replace(with: past, where: past .< ct)
                cs.replace(with: 0, where: cs .< 0)
                ct.replace(with: 0, where: ct .< 0)
                Blend.sourceOverQuad(SIMD4(repeating: color), coverage: rounded(cs * ct * 255), into: line + x &* 4)
                let next = min(x &+ 4, end)
                offsets += SIMD4(repeating: Float(next &- x))
                x = next
            }
            for x in x..<hi { blendPixel(row.coverage(at: x), color, line, x) }
            #endif
        }
    }

    /// `a` in the low four lanes and `b` in the high four (columns of a row: within Int32).
    @inlinable @inline(__always)
    static func halves(_ a: Int, _ b: Int) -> SIMD8<Int32> {
        SIMD8(lowHalf: SIMD4(repeating: Int32(truncatingIfNeeded: a)), highHalf: SIMD4(repeating: Int32(truncatingIfNeeded: b)))
    }

    /// Blends `color` at `coverage` over pixel `x` of `line`.
    @inlinable @inline(__always)
    static func blendPixel(_ coverage: UInt32, _ color: UInt32, _ line: UnsafeMutablePointer<UInt8>, _ x: Int) {
        if coverage > 0 { Blend.sourceOver(PremultipliedColor(word: color), coverage: coverage, into: line, at: x &* 4) }
    }

    /// The whole numbers nearest `v` (ties to even), each in 0…2²²: adding 2²³ leaves it in the
    /// mantissa (a conversion without the library's range checks a lane).
    @inlinable @inline(__always)
    static func rounded<Numbers: SIMD, Words: SIMD>(_ v: Numbers) -> Words where Numbers.Scalar == Float, Words.Scalar == UInt32 {
        unsafeBitCast(v + 8_388_608, to: Words.self) & 0x7F_FFFF
    }

    /// `v`, whole numbers in 0..<2⁵², as Ints (without `Int(_:)`'s range checks, 12 instructions
    /// each, four a row).
    @inlinable @inline(__always)
    static func wholes(_ v: SIMD4<Double>) -> SIMD4<Int> {
        SIMD4<Int>(truncatingIfNeeded: unsafeBitCast(v + 0x1p52, to: SIMD4<UInt64>.self) & 0xF_FFFF_FFFF_FFFF)
    }

    /// A sprite's coverage along one pixel row. Across each pair of sides (s, then t) a pixel's
    /// value is a = its centre's distance in pixels from the pair's first side + ½, linear along
    /// the row, and b = thickness + 1 − a from the other side; its coverage across the pair is
    /// min(a, b, 1, thickness), at least 0 — min(d + ½, 1) for its distance d to the nearer side,
    /// and a side thinner than a pixel covers its thickness; the pixel's coverage is the two
    /// multiplied, in 0…255. a and b are each worked out in Float from their own value at column
    /// `base`, so the side a pixel is near has a small value and a small error, however far the
    /// other is (a and thickness + 1 − a in Float were 0.125 apart at 1.5 million pixels across).
    /// The vector loops of `blend` repeat `coverage(at:)`'s operations lane by lane, so every
    /// build draws the same bytes.
    @frozen public struct Row {
        /// At the centre of column `base`: each pair's a, exactly and as the loops take it, and its b.
        public let exactStart: SIMD2<Double>, start: SIMD2<Float>, farStart: SIMD2<Float>
        /// Each pair's a's change a column (b's is its opposite).
        public let exactStep: SIMD2<Double>, step: SIMD2<Float>
        /// Each pair's thickness + 1, where a reaches the far side (b is 0).
        public let exactFar: SIMD2<Double>
        /// Each pair's most coverage: 1, or its thickness when thinner than a pixel.
        public let cap: SIMD2<Float>
        /// The column the values start at.
        public let base: Int

        /// Row `y` of a sprite whose s value at a device point p is (p − `origin`) · `sGradient`
        /// + ½ (likewise t), `thickness` pixels across each pair of sides.
        @inlinable @inline(__always)
        public init(y: Int, base: Int, origin: SIMD2<Double>, sGradient: SIMD2<Double>, tGradient: SIMD2<Double>, thickness: SIMD2<Double>) {
            let centre = SIMD2(Double(base) + 0.5, Double(y) + 0.5) - origin
            exactStart = SIMD2((centre * sGradient).sum() + 0.5, (centre * tGradient).sum() + 0.5)
            start = SIMD2<Float>(exactStart)
            exactStep = SIMD2(sGradient[0], tGradient[0])
            step = SIMD2<Float>(exactStep)
            exactFar = thickness + 1
            farStart = SIMD2<Float>(exactFar - exactStart)
            cap = SIMD2<Float>(thickness.replacing(with: 1, where: thickness .> 1))
            self.base = base
        }

        /// The coverage (0…255) of the pixel in column `x`.
        @inlinable @inline(__always)
        public func coverage(at x: Int) -> UInt32 {
            let move = Float(x &- base) * step
            let (a, b) = (start + move, farStart - move)
            var c = a.replacing(with: b, where: b .< a)
            c.replace(with: cap, where: c .> cap)
            c.replace(with: 0, where: c .< 0)
            return UInt32((c[0] * c[1] * 255).rounded(.toNearestOrEven))
        }

        /// The columns from `columns` whose centres may have coverage: a(x) in 0…thickness + 1
        /// across both pairs, as a closed range of positions (empty when its start is past its end).
        @inlinable
        public func span(_ columns: Range<Int>) -> (Double, Double) {
            var (lo, hi) = (Double(columns.lowerBound), Double(columns.upperBound))
            for axis in 0..<2 {
                let (value, slope) = (exactStart[axis], exactStep[axis])
                if slope == 0 {
                    if value < 0 || value > exactFar[axis] { return (.infinity, -.infinity) }
                    continue
                }
                let (a, b) = ((0 - value) / slope + Double(base), (exactFar[axis] - value) / slope + Double(base))
                (lo, hi) = (max(lo, min(a, b)), min(hi, max(a, b)))
            }
            return (lo, hi)
        }
    }
}
