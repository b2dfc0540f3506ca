/// Premultiplied source-over compositing with 8-bit arithmetic.
///
/// A solid colour at a coverage is blended as Skia's 8-bit blitters blend it, the reference
/// `make bench` measures quality against: the colour scaled by (coverage + 1) / 256, the pixel by
/// (256 − alpha) / 256, each truncated. Opaque pixels stay exactly opaque, an opaque colour at
/// full coverage replaces the pixel, and nothing overflows. Against exact rounding this moved the
/// benchmark's mean difference from Skia from 1.17 to 0.89 and made the blend cheaper (no
/// rounding divide). Colours are premultiplied, images mixed and shadows blended with exact
/// rounding (`div255`, `sourceOverRounded`).
public enum Blend {
    /// x / 255 rounded to nearest, exact for 0 ≤ x ≤ 255·255.
    @inlinable @inline(__always)
    public static func div255(_ x: UInt32) -> UInt32 {
        let y = x &+ 128
        return (y &+ (y &>> 8)) &>> 8
    }

    /// Composites `color` scaled by `coverage` (0…255) over the pixel at byte offset `i`.
    /// Products of two bytes cannot overflow, so the arithmetic wraps instead of checking.
    @inlinable @inline(__always)
    public static func sourceOver(_ color: PremultipliedColor, coverage: UInt32, into p: UnsafeMutablePointer<UInt8>, at i: Int) {
        let scale = coverage &+ 1
        let sa = (UInt32(color.a) &* scale) &>> 8
        if sa == 0 { return }
        let inverse = 256 &- sa
        p[i] = UInt8(truncatingIfNeeded: ((UInt32(color.r) &* scale) &>> 8) &+ ((UInt32(p[i]) &* inverse) &>> 8))
        p[i + 1] = UInt8(truncatingIfNeeded: ((UInt32(color.g) &* scale) &>> 8) &+ ((UInt32(p[i + 1]) &* inverse) &>> 8))
        p[i + 2] = UInt8(truncatingIfNeeded: ((UInt32(color.b) &* scale) &>> 8) &+ ((UInt32(p[i + 2]) &* inverse) &>> 8))
        p[i + 3] = UInt8(truncatingIfNeeded: sa &+ ((UInt32(p[i + 3]) &* inverse) &>> 8))
    }
}

extension Blend {
    /// `color`'s channels times `coverage` (0…255), each divided by 255 rounded (`div255`): the
    /// scaled colour `sourceOverRounded` takes. `bias` (in 256ths of a level; 128 rounds to
    /// nearest) is added before the division is rounded down: an ordered dither's threshold
    /// (`OrderedDither`) makes a faint ramp's fractions a pattern instead of bands.
    @inlinable @inline(__always)
    public static func scaledRounded(_ color: PremultipliedColor, by coverage: UInt32, bias: UInt32 = 128) -> SIMD4<UInt32> {
        let c = SIMD4<UInt32>(UInt32(color.r), UInt32(color.g), UInt32(color.b), UInt32(color.a)) &* coverage &+ bias
        return (c &+ (c &>> 8)) &>> 8
    }

    /// A colour word's red and blue, and its green and alpha, in alternate 16-bit lanes (the
    /// layout `scaledRounded(_:_:by:)` scales them in), for a vector of `Words`, a word a pixel.
    @inlinable @inline(__always)
    public static func channelLanes<Words: SIMD, Lanes: SIMD>(of color: UInt32, _: Words.Type) -> (redBlue: Lanes, greenAlpha: Lanes)
        where Words.Scalar == UInt32, Lanes.Scalar == UInt16 {
        (unsafeBitCast(Words(repeating: color & 0x00FF_00FF), to: Lanes.self), unsafeBitCast(Words(repeating: color >> 8 & 0x00FF_00FF), to: Lanes.self))
    }

    /// `scaledRounded(_:by:bias:)` for a pixel a word, each at its coverage (0…255) with its bias,
    /// in the 16-bit lanes of `channelLanes`: the colour words `sourceOverRoundedQuad` takes.
    @inlinable @inline(__always)
    public static func scaledRounded<Words: SIMD, Lanes: SIMD>(_ redBlue: Lanes, _ greenAlpha: Lanes, by coverage: Words, bias: Words) -> Words
        where Words.Scalar == UInt32, Lanes.Scalar == UInt16 {
        let c = unsafeBitCast(coverage | coverage &<< 16, to: Lanes.self)
        let b = unsafeBitCast(bias | bias &<< 16, to: Lanes.self)
        let (rb, ga) = (redBlue &* c &+ b, greenAlpha &* c &+ b)
        return unsafeBitCast(((rb &+ (rb &>> 8)) &>> 8) | ((ga &+ (ga &>> 8)) &>> 8) &<< 8, to: Words.self)
    }

    /// Whether the eight pixels `low` then `high` (premultiplied words) are all opaque: their
    /// source-over at full coverage is the pixels themselves.
    @inlinable @inline(__always)
    public static func areOpaque(_ low: SIMD4<UInt32>, _ high: SIMD4<UInt32>) -> Bool {
        !any((low & high) | 0x00FF_FFFF .!= UInt32.max)
    }

    /// Source-over rounded in every product (where `sourceOver` truncates, as Skia does): to
    /// nearest with the default bias, so that the faint tail of a shadow never darkens what is
    /// under it by a level; with a dither's threshold, so that on average it does neither.
    /// `scaled` is the colour's channels times the coverage, each divided by 255 rounded
    /// (`scaledRounded`); `bias` is added before the pixel's share is divided, as there.
    @inlinable @inline(__always)
    public static func sourceOverRounded(_ scaled: SIMD4<UInt32>, bias: UInt32 = 128, into p: UnsafeMutablePointer<UInt8>, at i: Int) {
        let sa = scaled.w
        if sa == 0 { return }
        // The four channels at once: scaled + div255(pixel · (255 − sa)), at most 255.
        let d = SIMD4<UInt32>(UInt32(p[i]), UInt32(p[i + 1]), UInt32(p[i + 2]), UInt32(p[i + 3])) &* (255 &- sa) &+ bias
        var out = scaled &+ ((d &+ (d &>> 8)) &>> 8)
        out.replace(with: 255, where: out .> 255)
        (p[i], p[i + 1], p[i + 2], p[i + 3]) = (UInt8(truncatingIfNeeded: out.x), UInt8(truncatingIfNeeded: out.y),
                                                UInt8(truncatingIfNeeded: out.z), UInt8(truncatingIfNeeded: out.w))
    }

    /// `sourceOverRounded` for four consecutive pixels, each with its own scaled colour (one
    /// word a pixel, red in the low byte; a zero word leaves its pixel as it is, for a bias of 1
    /// to 255) and bias, in 16-bit lanes: every intermediate, at most 255 · 255 + 255 + 255, fits one.
    @inlinable @inline(__always)
    public static func sourceOverRoundedQuad(_ scaled: SIMD4<UInt32>, bias: SIMD4<UInt32> = SIMD4(repeating: 128), into p: UnsafeMutablePointer<UInt8>) {
        sourceOverRounded(scaled, bias: bias, lanes: SIMD8<UInt16>.self, into: p)
    }

    /// `sourceOverRoundedQuad` for eight pixels, in sixteen 16-bit lanes (one 256-bit register in
    /// the x86-64-v3 build).
    @inlinable @inline(__always)
    public static func sourceOverRoundedOctet(_ scaled: SIMD8<UInt32>, bias: SIMD8<UInt32>, into p: UnsafeMutablePointer<UInt8>) {
        sourceOverRounded(scaled, bias: bias, lanes: SIMD16<UInt16>.self, into: p)
    }

    /// `sourceOverRoundedQuad`'s arithmetic for a vector of `Words` (a word a pixel), worked in
    /// `Lanes`: the same bits as twice as many 16-bit lanes.
    @inlinable @inline(__always)
    static func sourceOverRounded<Words: SIMD, Lanes: SIMD>(_ scaled: Words, bias: Words, lanes: Lanes.Type, into p: UnsafeMutablePointer<UInt8>)
        where Words.Scalar == UInt32, Lanes.Scalar == UInt16 {
        let b = unsafeBitCast(bias | bias &<< 16, to: Lanes.self)
        let low = Lanes(repeating: 0x00FF)
        let alpha = scaled &>> 24
        let inverse = unsafeBitCast((255 &- alpha) | (255 &- alpha) &<< 16, to: Lanes.self)
        let raw = UnsafeMutableRawPointer(p)
        let d = raw.loadUnaligned(as: Lanes.self)
        let colors = unsafeBitCast(scaled, to: Lanes.self)
        // div255 rounded of each channel times (255 − alpha), plus the colour.
        let (rb, ga) = ((d & low) &* inverse &+ b, (d &>> 8) &* inverse &+ b)
        var redBlue = ((rb &+ (rb &>> 8)) &>> 8) &+ (colors & low)
        var greenAlpha = ((ga &+ (ga &>> 8)) &>> 8) &+ (colors &>> 8)
        // Clamped at 255: a sum is at most 510, so x >> 8 is 1 exactly when x is over 255, and
        // 0 − 1 is all ones. (The library's lane compare and select came out a lane at a time.)
        redBlue = (redBlue | (0 &- (redBlue &>> 8))) & low
        greenAlpha = (greenAlpha | (0 &- (greenAlpha &>> 8))) & low
        raw.storeBytes(of: redBlue | greenAlpha &<< 8, as: Lanes.self)
    }

    /// `sourceOver` of four premultiplied colours (`PremultipliedColor.word`s), each at its own
    /// coverage, over the four pixels at `p`, in 16-bit lanes: the same bytes as one at a time (a
    /// transparent colour or a coverage of 0 leaves its pixel as it is; an opaque one at coverage
    /// 255 replaces it). Sprite and fill edges, paints and group composites (`make bench`).
    @inlinable @inline(__always)
    public static func sourceOverQuad(_ source: SIMD4<UInt32>, coverage: SIMD4<UInt32>, into p: UnsafeMutablePointer<UInt8>) {
        let low = SIMD8<UInt16>(repeating: 0x00FF)
        let scale = unsafeBitCast((coverage &+ 1) | (coverage &+ 1) &<< 16, to: SIMD8<UInt16>.self)
        let s = unsafeBitCast(source, to: SIMD8<UInt16>.self)
        let redBlue = ((s & low) &* scale) &>> 8
        let greenAlpha = ((s &>> 8) &* scale) &>> 8
        // Each pixel's scaled alpha (the high half of its green+alpha word) in both halves.
        let alpha = unsafeBitCast(greenAlpha, to: SIMD4<UInt32>.self) &>> 16
        let inverse = 256 &- unsafeBitCast(alpha | alpha &<< 16, to: SIMD8<UInt16>.self)
        let raw = UnsafeMutableRawPointer(p)
        let d = raw.loadUnaligned(as: SIMD8<UInt16>.self)
        let under = (((d & low) &* inverse) &>> 8) | (((d &>> 8) &* inverse) & ~low)
        raw.storeBytes(of: under &+ (redBlue | greenAlpha &<< 8), as: SIMD8<UInt16>.self)
    }

    /// `sourceOverQuad` over `quads` quads from `pixels` at the coverages `coverage` (a byte a
    /// pixel), each quad's colours from `colors`, given the quad's first pixel's offset from
    /// `pixels`; a quad of no coverage is left alone (its colours are not asked for). The row
    /// loop of the shaders that have one. (Offsets within the row: the arithmetic wraps.)
    @inlinable @inline(__always)
    public static func sourceOverQuads(_ quads: Int, coverage: UnsafePointer<UInt8>, into pixels: UnsafeMutablePointer<UInt8>,
                                       colors: (Int) -> SIMD4<UInt32>) {
        @inline(__always) func blendQuad(at column: Int, coverage word: UInt32) {
            if word == 0 { return }
            sourceOverQuad(colors(column), coverage: SIMD4<UInt32>(truncatingIfNeeded: unsafeBitCast(word, to: SIMD4<UInt8>.self)),
                           into: pixels + column &* 4)
        }
        var quad = 0
        #if X86_64_V3
        // Two quads a step where vectors are 256 bits wide (the x86-64-v3 build), both blended
        // at once when both are covered: the same arithmetic a lane.
        while quad &+ 2 <= quads {
            let column = quad &* 4
            let words = UnsafeRawPointer(coverage + column).loadUnaligned(as: SIMD2<UInt32>.self)
            if words[0] != 0, words[1] != 0 {
                let source = SIMD8(lowHalf: colors(column), highHalf: colors(column &+ 4))
                // Opaque colours at full coverage replace their pixels: stored as they are (the
                // blend's own result, without its arithmetic; an opaque ramp's inside).
                let alphas = unsafeBitCast(source.lowHalf & source.highHalf, to: SIMD2<UInt64>.self)
                if words[0] & words[1] == .max, alphas[0] & alphas[1] & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000 {
                    UnsafeMutableRawPointer(pixels + column &* 4).storeBytes(of: source, as: SIMD8<UInt32>.self)
                    quad &+= 2
                    continue
                }
                // Widened a half at a time: the eight-lane conversion was a call.
                let coverages = SIMD8(lowHalf: SIMD4<UInt32>(truncatingIfNeeded: unsafeBitCast(words[0], to: SIMD4<UInt8>.self)),
                                      highHalf: SIMD4<UInt32>(truncatingIfNeeded: unsafeBitCast(words[1], to: SIMD4<UInt8>.self)))
                sourceOverOctet(source, coverage: coverages, into: pixels + column &* 4)
            } else {
                blendQuad(at: column, coverage: words[0])
                blendQuad(at: column &+ 4, coverage: words[1])
            }
            quad &+= 2
        }
        #endif
        while quad < quads {
            blendQuad(at: quad &* 4, coverage: UnsafeRawPointer(coverage + quad &* 4).loadUnaligned(as: UInt32.self))
            quad &+= 1
        }
    }

    /// `sourceOverQuad` of eight colours at eight coverages over the eight pixels at `p`, in
    /// sixteen 16-bit lanes (one 256-bit register in the x86-64-v3 build). Written out, not
    /// generic over the width as `sourceOverRounded(_:lanes:into:)` is: a generic version took
    /// 3–4% more instructions on gradients-stars-images and composite (callgrind).
    @inlinable @inline(__always)
    public static func sourceOverOctet(_ source: SIMD8<UInt32>, coverage: SIMD8<UInt32>, into p: UnsafeMutablePointer<UInt8>) {
        let raw = UnsafeMutableRawPointer(p)
        raw.storeBytes(of: OctetColors(source).over(raw.loadUnaligned(as: SIMD8<UInt32>.self), coverage: coverage), as: SIMD8<UInt32>.self)
    }

    /// Eight colours (premultiplied words, one a pixel) taken apart for `over`, once for a colour
    /// that stays (a sprite's): their red+blue and green+alpha bytes in 16-bit lanes, and each
    /// one's alpha in both lanes of its pixel.
    public struct OctetColors {
        @usableFromInline let redBlue: SIMD16<UInt16>, greenAlpha: SIMD16<UInt16>, alpha: SIMD16<UInt16>

        @inlinable @inline(__always)
        public init(_ colors: SIMD8<UInt32>) {
            let words = unsafeBitCast(colors, to: SIMD16<UInt16>.self)
            (redBlue, greenAlpha) = (words & 0x00FF, words &>> 8)
            let alphas = colors &>> 24
            alpha = unsafeBitCast(alphas | alphas &<< 16, to: SIMD16<UInt16>.self)
        }

        /// The colours at `coverage` (0…255 a pixel) over `pixels`: `sourceOverQuad`'s
        /// arithmetic in sixteen 16-bit lanes (one 256-bit register in the x86-64-v3 build), the
        /// scaled alpha multiplied out beside the scaled colour (the same value as its top byte,
        /// without taking it out).
        @inlinable @inline(__always)
        public func over(_ pixels: SIMD8<UInt32>, coverage: SIMD8<UInt32>) -> SIMD8<UInt32> {
            let low = SIMD16<UInt16>(repeating: 0x00FF)
            let scale = unsafeBitCast((coverage &+ 1) | (coverage &+ 1) &<< 16, to: SIMD16<UInt16>.self)
            let inverse = 256 &- ((alpha &* scale) &>> 8)
            let d = unsafeBitCast(pixels, to: SIMD16<UInt16>.self)
            let under = (((d & low) &* inverse) &>> 8) | (((d &>> 8) &* inverse) & ~low)
            let scaled = ((redBlue &* scale) &>> 8) | ((greenAlpha &* scale) &>> 8) &<< 8
            return unsafeBitCast(under &+ scaled, to: SIMD8<UInt32>.self)
        }
    }

    /// Adds `color` scaled by `coverage` (0…255) to the pixel at byte offset `i`, each channel
    /// clamped at 255: light adding up (`plusL`).
    @inlinable @inline(__always)
    public static func plus(_ color: PremultipliedColor, coverage: UInt32, into p: UnsafeMutablePointer<UInt8>, at i: Int) {
        p[i] = UInt8(min(UInt32(p[i]) + div255(UInt32(color.r) * coverage), 255))
        p[i + 1] = UInt8(min(UInt32(p[i + 1]) + div255(UInt32(color.g) * coverage), 255))
        p[i + 2] = UInt8(min(UInt32(p[i + 2]) + div255(UInt32(color.b) * coverage), 255))
        p[i + 3] = UInt8(min(UInt32(p[i + 3]) + div255(UInt32(color.a) * coverage), 255))
    }
}

extension Blend {
    /// Composites one colour at one coverage over `count` consecutive pixels with the arithmetic
    /// of `sourceOver`, four pixels per vector step: a glyph mask's runs of one coverage
    /// (`CoverageMask.fill`) and the fill floor of bench/particles.sh.
    @inlinable @inline(__always)
    public static func sourceOverRun(_ color: PremultipliedColor, coverage: UInt32, into p: UnsafeMutablePointer<UInt8>, count: Int) {
        guard count > 0 else { return }
        let scaled = ScaledColor(color, coverage: coverage)
        scaled.blendQuads(into: p, count: count / 4)
        for i in (count & ~3)..<count { scaled.blendPixel(into: p + i * 4) }
    }

    /// A colour scaled by a coverage as `sourceOver` scales it, ready to be blended over four
    /// pixels a step: what every run of one coverage inside a shape takes.
    public struct ScaledColor {
        /// The scaled colour, one word a pixel in four lanes.
        @usableFromInline let source: SIMD4<UInt32>
        /// 256 − the scaled alpha, in every 16-bit lane.
        @usableFromInline let inverse: SIMD8<UInt16>
        /// The scaled alpha.
        @usableFromInline let alpha: UInt32

        @inlinable @inline(__always)
        public init(_ color: PremultipliedColor, coverage: UInt32) {
            let scale = coverage &+ 1
            let (r, g, b, a) = ((UInt32(color.r) &* scale) &>> 8, (UInt32(color.g) &* scale) &>> 8,
                                (UInt32(color.b) &* scale) &>> 8, (UInt32(color.a) &* scale) &>> 8)
            source = SIMD4(repeating: r | g &<< 8 | b &<< 16 | a &<< 24)
            inverse = SIMD8(repeating: UInt16(truncatingIfNeeded: 256 &- a))
            alpha = a
        }

        /// Blends it over the pixel at `p` with `blendQuads`' arithmetic in one 32-bit word (red+blue
        /// and green+alpha each two 16-bit lanes of it): a run's last pixels. `sourceOver`, a byte
        /// a channel, made the fill floor of bench/particles.sh 1.4 × slower.
        @inlinable @inline(__always)
        public func blendPixel(into p: UnsafeMutablePointer<UInt8>) {
            let raw = UnsafeMutableRawPointer(p)
            // Nothing when clear, and stored unread when opaque, as `blendQuads` does (a load
            // waits for the pixel's line).
            if alpha == 0 { return }
            if alpha == 255 { return raw.storeBytes(of: source[0], as: UInt32.self) }
            let (d, scale) = (raw.loadUnaligned(as: UInt32.self), UInt32(inverse[0]))
            let under = (((d & 0x00FF_00FF) &* scale) &>> 8) & 0x00FF_00FF | (((d &>> 8) & 0x00FF_00FF) &* scale) & 0xFF00_FF00
            raw.storeBytes(of: under &+ source[0], as: UInt32.self)
        }

        /// Blends it over `count` quads of four pixels from `p`, its opacity tested once: an
        /// opaque colour replaces them; otherwise each is scaled by (256 − alpha) / 256 as eight
        /// 16-bit lanes (red+blue in the low bytes of one set, green+alpha in the high bytes of
        /// the other: SSE2 multiplies eight 16-bit lanes at once, 32-bit lanes two at a time) and
        /// the colour added.
        @inlinable @inline(__always)
        public func blendQuads(into p: UnsafeMutablePointer<UInt8>, count: Int) {
            if alpha == 0 { return }
            var raw = UnsafeMutableRawPointer(p)
            let end = raw + count &* 16
            if alpha == 255 {
                while raw < end {
                    raw.storeBytes(of: source, as: SIMD4<UInt32>.self)
                    raw += 16
                }
                return
            }
            let low = SIMD8<UInt16>(repeating: 0x00FF)
            #if X86_64_V3
            // Eight pixels a step where vectors are 256 bits wide (the x86-64-v3 build), then
            // the last four: the same arithmetic a lane.
            let (wideLow, wideInverse) = (SIMD16<UInt16>(repeating: 0x00FF), SIMD16(lowHalf: inverse, highHalf: inverse))
            let wideSource = SIMD8(lowHalf: source, highHalf: source)
            while raw + 32 <= end {
                let d = raw.loadUnaligned(as: SIMD16<UInt16>.self)
                let under = (((d & wideLow) &* wideInverse) &>> 8) | (((d &>> 8) &* wideInverse) & ~wideLow)
                raw.storeBytes(of: unsafeBitCast(under, to: SIMD8<UInt32>.self) &+ wideSource, as: SIMD8<UInt32>.self)
                raw += 32
            }
            #endif
            while raw < end {
                let d = raw.loadUnaligned(as: SIMD8<UInt16>.self)
                let under = (((d & low) &* inverse) &>> 8) | (((d &>> 8) &* inverse) & ~low)
                raw.storeBytes(of: unsafeBitCast(under, to: SIMD4<UInt32>.self) &+ source, as: SIMD4<UInt32>.self)
                raw += 16
            }
        }
    }
}
