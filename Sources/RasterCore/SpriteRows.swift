/// The rows of a sprite of one colour: a rectangle mapped affinely into device pixels, as particles
/// are drawn by the thousand. Each pixel's coverage is estimated from its centre's sprite
/// coordinates (s, t): min(d · pixels a unit + ½, 1) for its distance d to the nearer side of each
/// pair, the two multiplied (`Rasterizer.fillSprite` says why). A row is three runs: the pixels
/// about the left sides, whose coverages are worked out a vector at a time, the inside, at full
/// coverage, blended as a run, and the pixels about the right sides, as the left.
public enum SpriteRows {
    /// Blends `color` (a premultiplied word) over the sprite's pixels in `rows` × `columns` of a
    /// frame `rowPixels` wide whose row `firstRow` starts at `pixels`.
    ///
    /// The sprite is `size` in its own units; the device point (x, y) is at s = (x − origin.x) ·
    /// `sAxis.x` + (y − origin.y) · `sAxis.y` in them, likewise t by `tAxis`, and one pixel spans
    /// `unitsPerPixel` across each pair of sides. Pixels outside `rows` × `columns` keep their
    /// bytes (a vector may load and store some of them, within their row).
    public static func blend(origin: SIMD2<Double>, sAxis: SIMD2<Double>, tAxis: SIMD2<Double>, size: SIMD2<Double>,
                             unitsPerPixel: SIMD2<Double>, columns: Range<Int>, rows: Range<Int>, color: UInt32,
                             into pixels: UnsafeMutablePointer<UInt8>, firstRow: Int, rowPixels: Int) {
        let thick = size / unitsPerPixel
        // Pixels a unit, and at most 1: a side thinner than a pixel covers its thickness.
        let perUnit = SIMD2<Float>(1 / unitsPerPixel)
        let cap = SIMD2<Float>(thick.replacing(with: 1, where: thick .> 1))
        let sizeF = SIMD2<Float>(size)
        let columnStep = SIMD2(sAxis[0], tAxis[0])
        let inverse = SIMD2<Double>(columnStep[0] == 0 ? 0 : 1 / columnStep[0], columnStep[1] == 0 ? 0 : 1 / columnStep[1])
        let wholeInside = thick[0] >= 1 && thick[1] >= 1
        let scaled = Blend.ScaledColor(PremultipliedColor(word: color), coverage: 255)
        let (low, high) = (Double(columns.lowerBound), Double(columns.upperBound))
        // Where along a row each side's line lies: the centre value start + x · step is `value`
        // at x = (value − start) / step. Per axis (s, t): half a pixel outside the two sides
        // (some coverage) and half a pixel inside them (whole coverage), each pair low end
        // first — worked out for every row at once, a vector of eight, instead of side by side.
        let reach = 0.5 * unitsPerPixel
        func ordered(_ a: Double, _ b: Double, _ step: Double) -> (Double, Double) { step < 0 ? (b, a) : (a, b) }
        let (so, st) = (ordered(-reach[0], size[0] + reach[0], columnStep[0]), ordered(-reach[1], size[1] + reach[1], columnStep[1]))
        let (si, ti) = (ordered(reach[0], size[0] - reach[0], columnStep[0]), ordered(reach[1], size[1] - reach[1], columnStep[1]))
        let sides = SIMD8(so.0, so.1, st.0, st.1, si.0, si.1, ti.0, ti.1)
        let perStep = SIMD8(inverse[0], inverse[0], inverse[1], inverse[1], inverse[0], inverse[0], inverse[1], inverse[1])
        for y in rows {
            // The sprite's coordinates at the centre of the row's column 0.
            let cy = Double(y) + 0.5 - origin[1]
            let rowStart = SIMD2(cy * sAxis[1] - (origin[0] - 0.5) * sAxis[0], cy * tAxis[1] - (origin[0] - 0.5) * tAxis[0])
            var lines = (sides - SIMD8(rowStart[0], rowStart[0], rowStart[1], rowStart[1], rowStart[0], rowStart[0], rowStart[1], rowStart[1])) * perStep
            // A side along the row (a step of 0) holds the whole row or none of it.
            for axis in 0..<2 where inverse[axis] == 0 {
                let v = rowStart[axis]
                let (outside, inside) = (v >= -reach[axis] && v <= size[axis] + reach[axis], v >= reach[axis] && v <= size[axis] - reach[axis])
                (lines[2 * axis], lines[2 * axis + 1]) = outside ? (-.infinity, .infinity) : (.infinity, -.infinity)
                (lines[2 * axis + 4], lines[2 * axis + 5]) = inside ? (-.infinity, .infinity) : (.infinity, -.infinity)
            }
            // A pixel more each side than the lines say, and a pixel less inside: the rounding
            // of these lines only moves pixels between those whose coverage the loop works out.
            let outerLo = max(lines[0], lines[2], low), outerHi = min(lines[1], lines[3], high)
            guard outerLo <= outerHi else { continue }
            let lo = max(Int(outerLo.rounded(.down)) &- 1, columns.lowerBound)
            let hi = min(Int(outerHi.rounded(.up)) &+ 2, columns.upperBound)
            guard lo < hi else { continue }
            var (insideLo, insideHi) = (hi, hi)
            let innerLo = max(lines[4], lines[6], low), innerHi = min(lines[5], lines[7], high)
            if wholeInside, innerLo <= innerHi {
                (insideLo, insideHi) = (max(Int(innerLo.rounded(.up)) &+ 1, lo), min(Int(innerHi.rounded(.down)), hi))
                if insideLo >= insideHi { (insideLo, insideHi) = (hi, hi) }
            }
            let line = pixels + ((y &- firstRow) &* rowPixels) &* 4
            // A vector at a time (eight pixels in the x86-64-v3 build, four in the baseline) while
            // one fits in the row: wholly inside, blended as a run; else at the coverages of its
            // pixels, those from `hi` on at none. (Written out here, not called: as functions,
            // @inline(__always) or not, they were calls: 88.5M → 68.6M instructions a frame of
            // bench/particles.sh, callgrind.)
            var x = lo
            #if X86_64_V3
            while x < hi && x &+ 8 <= rowPixels {
                defer { x &+= 8 }
                if x >= insideLo && x &+ 8 <= insideHi {
                    scaled.blendQuads(into: line + x &* 4, count: 2)
                    continue
                }
                let lanes = SIMD8<Double>(0, 1, 2, 3, 4, 5, 6, 7) + Double(x)
                let (sd, td) = (rowStart[0] + lanes * columnStep[0], rowStart[1] + lanes * columnStep[1])
                let s = SIMD8(lowHalf: SIMD4<Float>(Float(sd[0]), Float(sd[1]), Float(sd[2]), Float(sd[3])),
                              highHalf: SIMD4<Float>(Float(sd[4]), Float(sd[5]), Float(sd[6]), Float(sd[7])))
                let t = SIMD8(lowHalf: SIMD4<Float>(Float(td[0]), Float(td[1]), Float(td[2]), Float(td[3])),
                              highHalf: SIMD4<Float>(Float(td[4]), Float(td[5]), Float(td[6]), Float(td[7])))
                let (sFar, tFar) = (sizeF[0] - s, sizeF[1] - t)
                var cs = s.replacing(with: sFar, where: sFar .< s) * perUnit[0] + 0.5
                var ct = t.replacing(with: tFar, where: tFar .< t) * perUnit[1] + 0.5
                cs.replace(with: cap[0], where: cs .> cap[0])
                ct.replace(with: cap[1], where: ct .> cap[1])
                cs.replace(with: 0, where: cs .< 0)
                ct.replace(with: 0, where: ct .< 0)
                let v = cs * ct * 255 + 0.5
                let coverage = SIMD8(lowHalf: CellCoverage.truncated(v.lowHalf), highHalf: CellCoverage.truncated(v.highHalf))
                // Lanes from `hi` on at coverage 0 (a shift of each lane's sign: the library's select went a lane at a time).
                let kept = (SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7) &- Int32(truncatingIfNeeded: hi &- x)) &>> 31
                Blend.sourceOverOctet(SIMD8(repeating: color), coverage: coverage & SIMD8<UInt32>(truncatingIfNeeded: kept), into: line + x &* 4)
            }
            #else
            while x < hi && x &+ 4 <= rowPixels {
                defer { x &+= 4 }
                if x >= insideLo && x &+ 4 <= insideHi {
                    scaled.blendQuads(into: line + x &* 4, count: 1)
                    continue
                }
                let lanes = SIMD4<Double>(0, 1, 2, 3) + Double(x)
                let (sd, td) = (rowStart[0] + lanes * columnStep[0], rowStart[1] + lanes * columnStep[1])
                let s = SIMD4<Float>(Float(sd[0]), Float(sd[1]), Float(sd[2]), Float(sd[3]))
                let t = SIMD4<Float>(Float(td[0]), Float(td[1]), Float(td[2]), Float(td[3]))
                let coverage = CellCoverage.truncated(sideCoverage(s, sizeF[0], perUnit[0], cap[0]) * sideCoverage(t, sizeF[1], perUnit[1], cap[1]) * 255 + 0.5)
                let kept = (SIMD4<Int32>(0, 1, 2, 3) &- Int32(truncatingIfNeeded: hi &- x)) &>> 31
                Blend.sourceOverQuad(SIMD4(repeating: color), coverage: coverage & SIMD4<UInt32>(truncatingIfNeeded: kept), into: line + x &* 4)
            }
            #endif
            // What is left at the row's end, where a vector does not fit.
            if x < hi {
                Edges(rowStart: rowStart, columnStep: columnStep, size: sizeF, perUnit: perUnit, cap: cap, color: color, end: hi, rowPixels: rowPixels)
                    .blend(from: x, insideLo: insideLo, insideHi: insideHi, scaled: scaled, into: line)
            }
        }
    }

    /// One row of a sprite where a whole vector does not fit (the frame's right edge): its
    /// pixels' coverages four or one at a time.
    struct Edges {
        /// The sprite's coordinates at the centre of the row's column 0, and their steps a column.
        let rowStart: SIMD2<Double>, columnStep: SIMD2<Double>
        /// The sprite's size in its units, pixels a unit, and the most coverage across each pair of sides.
        let size: SIMD2<Float>, perUnit: SIMD2<Float>, cap: SIMD2<Float>
        /// The colour, a premultiplied word.
        let color: UInt32
        /// The column after the last with any coverage, and the row's width.
        let end: Int, rowPixels: Int

        @inline(__always)
        init(rowStart: SIMD2<Double>, columnStep: SIMD2<Double>, size: SIMD2<Float>, perUnit: SIMD2<Float>, cap: SIMD2<Float>, color: UInt32,
             end: Int, rowPixels: Int) {
            (self.rowStart, self.columnStep, self.size, self.perUnit, self.cap) = (rowStart, columnStep, size, perUnit, cap)
            (self.color, self.end, self.rowPixels) = (color, end, rowPixels)
        }

        /// Blends the pixels from `x` to `end` four at a time while four fit in the row (those
        /// wholly inside `insideLo..<insideHi` as a run of `scaled`), then one at a time.
        func blend(from x: Int, insideLo: Int, insideHi: Int, scaled: Blend.ScaledColor, into line: UnsafeMutablePointer<UInt8>) {
            var x = x
            while x < end && x &+ 4 <= rowPixels {
                if x >= insideLo && x &+ 4 <= insideHi {
                    scaled.blendQuads(into: line + x &* 4, count: 1)
                } else {
                    let kept = (SIMD4<Int32>(0, 1, 2, 3) &- Int32(truncatingIfNeeded: end &- x)) &>> 31
                    Blend.sourceOverQuad(SIMD4(repeating: color), coverage: coverages(SIMD4<Double>(0, 1, 2, 3) + Double(x))
                                         & SIMD4<UInt32>(truncatingIfNeeded: kept), into: line + x &* 4)
                }
                x &+= 4
            }
            while x < end {
                let coverage = coverages(SIMD4<Double>(repeating: Double(x)))[0]
                if coverage > 0 { Blend.sourceOver(PremultipliedColor(word: color), coverage: coverage, into: line, at: x &* 4) }
                x &+= 1
            }
        }

        /// The coverages (0…255) of the four pixels whose centres are at columns `x`.
        @inline(__always)
        func coverages(_ x: SIMD4<Double>) -> SIMD4<UInt32> {
            let (sd, td) = (rowStart[0] + x * columnStep[0], rowStart[1] + x * columnStep[1])
            let s = SIMD4<Float>(Float(sd[0]), Float(sd[1]), Float(sd[2]), Float(sd[3]))
            let t = SIMD4<Float>(Float(td[0]), Float(td[1]), Float(td[2]), Float(td[3]))
            return CellCoverage.truncated(SpriteRows.sideCoverage(s, size[0], perUnit[0], cap[0])
                                          * SpriteRows.sideCoverage(t, size[1], perUnit[1], cap[1]) * 255 + 0.5)
        }

    }

    /// `span` narrowed to the pixels x whose centre value start + x · slope lies in low…high
    /// (`inverse` is 1 / slope, 0 for a flat slope, which keeps all or none); empty when its
    /// start is past its end (none: from +∞ to −∞).
    @inlinable @inline(__always)
    public static func narrowed(_ span: (Double, Double), _ start: Double, _ inverse: Double, _ low: Double, _ high: Double) -> (Double, Double) {
        if inverse == 0 { return start >= low && start <= high ? span : (.infinity, -.infinity) }
        let (a, b) = ((low - start) * inverse, (high - start) * inverse)
        return (max(span.0, min(a, b)), min(span.1, max(a, b)))
    }

    /// min(min(u, size − u) · perUnit + ½, cap), at least 0: the coverage across one pair of sides
    /// of four pixels (compares and selects: the library's pointwiseMin is a call a lane, for its NaN rules).
    @inline(__always)
    static func sideCoverage(_ u: SIMD4<Float>, _ size: Float, _ perUnit: Float, _ cap: Float) -> SIMD4<Float> {
        let far = size - u
        var c = u.replacing(with: far, where: far .< u) * perUnit + 0.5
        c.replace(with: cap, where: c .> cap)
        c.replace(with: 0, where: c .< 0)
        return c
    }

}
