import Foundation
import Geometry
import RasterCore

/// What fills the covered pixels: a solid colour, a gradient or an image.
public enum Paint {
    case solid(PremultipliedColor)
    case gradient(GradientPaint)
    case image(ImagePaint)
}

/// A colour ramp in a layer's plane, looked up through a premultiplied table of 256 colours,
/// ordered-dithered (`RampLookup`, `OrderedDither`).
public struct GradientPaint: Sendable {
    /// Along the line from start to end, in ellipses about start, or by angle about start.
    public enum Kind: Sendable {
        case axial, radial, conic
    }

    let kind: Kind
    let start: Point
    let end: Point
    /// A radial ramp's focal point from the centre, in radii (zero: the centre).
    let focus: Point
    /// Whether the focal point is off the centre (kept, not compared at every pixel).
    private let hasFocus: Bool
    /// The colours as `PremultipliedColor.word`s (four ramp colours are four loads), in the
    /// dithered copies `RampLookup` reads.
    let table: [UInt32]
    /// What `position` needs of start and end, worked out once (it runs for every pixel): the
    /// axis, the reciprocal of its length squared (which an aligned ramp's row takes too), and
    /// the reciprocals of its absolute components (a radial ramp's radii), each 0 for a length
    /// too short to invert. Multiplying by them is several times faster than dividing.
    private let dx, dy, inverseRx, inverseRy: Double
    let inverseLengthSquared: Double

    /// A ramp from `start` to `end` (plane coordinates) through `color(t)` for t in 0…1, times `opacity`.
    /// Radial: centred on `start`, reaching t = 1 on the ellipse with radii |end − start| per axis,
    /// t = 0 at `focus` (a fraction of the radii from the centre, kept within 0.99 of the edge; t
    /// along each ray from there grows linearly to the ellipse, as SVG's focal point).
    /// Conic: t is the clockwise angle about `start` from the direction of `end`, in turns.
    public init(kind: Kind, start: Point, end: Point, focus: Point = .zero, opacity: Double,
                color: (Double) -> (r: Double, g: Double, b: Double, a: Double)) {
        self.init(kind: kind, start: start, end: end, focus: focus, table: Self.table(opacity: opacity, color: color))
    }

    /// A ramp whose colours are `table` (from `table(opacity:color:)`, kept for ramps of the same stops).
    public init(kind: Kind, start: Point, end: Point, focus: Point = .zero, table: [UInt32]) {
        precondition(table.count == RampLookup.rampColors * OrderedDither.levels, "a ramp's table holds its dithered colours")
        self.kind = kind
        self.start = start
        self.end = end
        // Its length taken over the larger component first, so that no square overflows.
        let larger = max(abs(focus.x), abs(focus.y))
        let reach = larger > 0 ? larger * ((focus.x / larger) * (focus.x / larger) + (focus.y / larger) * (focus.y / larger)).squareRoot() : 0
        self.focus = !reach.isFinite ? .zero : reach > 0.99 ? Point(focus.x / reach * 0.99, focus.y / reach * 0.99) : focus
        hasFocus = self.focus != .zero
        (dx, dy) = (end.x - start.x, end.y - start.y)
        func inverse(_ x: Double) -> Double { x > 0 && (1 / x).isFinite ? 1 / x : 0 }
        (inverseLengthSquared, inverseRx, inverseRy) = (inverse(dx * dx + dy * dy), inverse(abs(dx)), inverse(abs(dy)))
        self.table = table
    }

    /// A ramp's table: `color` at 0, 1/255 … 1, straight alpha, times `opacity`, premultiplied
    /// exactly and rounded down after adding each dither threshold in turn (`RampLookup`): a
    /// colour on a level is that level in every copy.
    public static func table(opacity: Double, color: (Double) -> (r: Double, g: Double, b: Double, a: Double)) -> [UInt32] {
        func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        let colors = (0..<RampLookup.rampColors).map { i in
            let c = color(Double(i) / Double(RampLookup.rampColors - 1))
            let a = unit(c.a * opacity) * 255
            return SIMD4(unit(c.r) * a, unit(c.g) * a, unit(c.b) * a, a)
        }
        return (0..<OrderedDither.levels).flatMap { order in
            let threshold = OrderedDither.threshold(order)
            return colors.map { c in
                // (Each channel at most its alpha, so that rounded with the same threshold too.)
                let level = SIMD4<UInt32>((c + threshold).rounded(.down))
                return level[0] | level[1] << 8 | level[2] << 16 | level[3] << 24
            }
        }
    }

    /// The ramp position of a plane point.
    @inline(__always)
    func position(of p: Point) -> Double {
        switch kind {
        case .axial:
            return ((p.x - start.x) * dx + (p.y - start.y) * dy) * inverseLengthSquared
        case .radial:
            guard inverseRx > 0, inverseRy > 0 else { return 1 }
            let u = (p.x - start.x) * inverseRx, v = (p.y - start.y) * inverseRy
            guard hasFocus else { return RampLookup.radialPosition(min(u * u + v * v, 4)) }
            // The circle through (u, v) scaled about the focal point f by t reaches the unit
            // circle at t = 1: |d − t·e| = t with d = (u, v) − f, e = −f, a quadratic in t whose
            // root ≥ 0 is (d·e − √((d·e)² − (e·e − 1)(d·d))) / (e·e − 1) (e·e < 1: f is inside).
            let (du, dv) = (u - focus.x, v - focus.y)
            let de = -(du * focus.x + dv * focus.y), ee = focus.x * focus.x + focus.y * focus.y - 1
            return (de - (de * de - ee * (du * du + dv * dv)).squareRoot()) / ee
        case .conic:
            var angle = atan2(p.y - start.y, p.x - start.x) - atan2(dy, dx)
            if angle < 0 { angle += 2 * .pi }
            return angle / (2 * .pi)
        }
    }

    /// The colour at plane point `p`, shown at device pixel (`x`, `y`) of the frame (which
    /// picks its dithered copy).
    @inline(__always)
    func color(at p: Point, x: Int, y: Int) -> PremultipliedColor {
        let offset = Int(truncatingIfNeeded: RampLookup.ditherOffsets(x: x, y: y)[0])
        let t = position(of: p)
        guard t.isFinite else { return PremultipliedColor(word: table[offset]) }
        // Rounded half up without a library call: ½ added and truncated, exact from ½ on.
        let v = min(max(t, 0), 1) * 255
        return PremultipliedColor(word: table[offset + (v < 0.5 ? 0 : Int(v + 0.5))])
    }

    /// `position(of:)` of four points of an axial ramp.
    @inline(__always)
    func axialPositions(u: SIMD4<Double>, v: SIMD4<Double>) -> SIMD4<Double> {
        positions(columnTerms: columnTerms(u), rowTerms: rowTerms(v))
    }

    /// `position(of:)` of four points of a radial ramp; nil with a focal point.
    @inline(__always)
    func radialPositions(u: SIMD4<Double>, v: SIMD4<Double>) -> SIMD4<Double>? {
        guard inverseRx > 0, inverseRy > 0 else { return SIMD4(repeating: 1) }
        guard !hasFocus else { return nil }
        return positions(columnTerms: columnTerms(u), rowTerms: rowTerms(v))
    }

    /// Whether an axial or radial ramp's position is a sum of a term of u alone and one of v
    /// alone (`columnTerms`, `rowTerms`, `positions`): not a conic ramp, nor a radial one with a
    /// focal point or a radius too short to invert.
    var splitsIntoColumnsAndRows: Bool {
        kind == .axial || kind == .radial && inverseRx > 0 && inverseRy > 0 && !hasFocus
    }

    /// The terms of plane u in a ramp's position (`splitsIntoColumnsAndRows`): axial
    /// (u − start.x)·dx, radial the square of (u − start.x)/rx.
    @inline(__always)
    func columnTerms(_ u: SIMD4<Double>) -> SIMD4<Double> {
        if kind == .axial { return (u - start.x) * dx }
        let a = (u - start.x) * inverseRx
        return a * a
    }

    /// The terms of plane v in a ramp's position, as `columnTerms` for u.
    @inline(__always)
    func rowTerms(_ v: SIMD4<Double>) -> SIMD4<Double> {
        if kind == .axial { return (v - start.y) * dy }
        let b = (v - start.y) * inverseRy
        return b * b
    }

    /// The positions from the terms of u and v (`RampLookup.positions`), as `position(of:)`
    /// works them out.
    @inline(__always)
    func positions(columnTerms: SIMD4<Double>, rowTerms: SIMD4<Double>) -> SIMD4<Double> {
        RampLookup.positions(columnTerms: columnTerms, rowTerms: rowTerms, radial: kind == .radial, inverseLengthSquared: inverseLengthSquared)
    }

    /// The table's colours at four ramp positions, shown at pixels x … x + 3 of frame row y, as
    /// `color(at:x:y:)` looks one up (`RampLookup.words`).
    @inline(__always)
    func words(at t: SIMD4<Double>, x: Int, y: Int) -> SIMD4<UInt32> {
        table.withUnsafeBufferPointer { RampLookup.words(at: t, table: $0.baseAddress!, offsets: RampLookup.ditherOffsets(x: x, y: y)) }
    }
}

/// A premultiplied image drawn into a rectangle of a layer's plane, sampled as its filter says:
/// bilinearly, by nearest pixel, or (trilinear, when shrunk) bilinearly in the two mipmap levels
/// around the scale (each level the box-filtered half of the one above) mixed by the fraction
/// between them, so that shrunk pixels average instead of alias. (A class: the fill's loop
/// copied the whole value at every pixel it sampled, as it did not know the value held still.)
public final class ImagePaint {
    let image: Pixmap
    /// The next coarser mipmap level and its weight in 0…256, for trilinear sampling.
    let coarser: (level: Pixmap, weight: UInt32)?
    let isNearest: Bool
    let destination: Rect
    /// The part of the image shown, in unit coordinates.
    let source: Rect
    /// What each premultiplied channel is multiplied by, in 0…255: the opacity and the tint.
    let factors: (UInt32, UInt32, UInt32, UInt32)

    /// `minification` is how many image pixels fall on one device pixel (1 or less: the image is
    /// magnified); `sampling` gives the filter for each case; `tint`, straight r, g, b, a in 0…1,
    /// multiplies the image's colour (white leaves it). An image of one colour is better drawn
    /// as the solid `uniformColor(of:opacity:tint:)`.
    public init(image: Pixmap, destination: Rect, source: Rect, opacity: Double,
                tint: (r: Double, g: Double, b: Double, a: Double) = (1, 1, 1, 1), minification: Double = 1,
                sampling: ImageSampling = ImageSampling()) {
        let filter = minification > 1 ? sampling.minification : sampling.magnification
        var level = image
        var coarser: (Pixmap, UInt32)?
        if filter == .trilinear, minification > 1 {
            let lod = log2(minification)
            for _ in 0..<Int(lod) where level.width > 1 || level.height > 1 { level = Self.halved(level) }
            let weight = UInt32(((lod - lod.rounded(.down)) * 256).rounded())
            if weight > 0, level.width > 1 || level.height > 1 { coarser = (Self.halved(level), weight) }
        }
        self.image = level
        self.coarser = coarser
        isNearest = filter == .nearest
        self.destination = destination
        self.source = source
        factors = Self.factors(opacity: opacity, tint: tint)
    }

    /// The channel factors, 0…255, of an opacity and a straight tint (r, g, b, a): premultiplied,
    /// the tint scales r, g and b by r·a and so on, and alpha by a.
    static func factors(opacity: Double, tint: (r: Double, g: Double, b: Double, a: Double)) -> (UInt32, UInt32, UInt32, UInt32) {
        func byte(_ x: Double) -> UInt32 { UInt32((min(max(x, 0), 1) * 255).rounded()) }
        let o = min(max(opacity, 0), 1) * min(max(tint.a, 0), 1)
        return (byte(o * tint.r), byte(o * tint.g), byte(o * tint.b), byte(o))
    }

    /// The colour an image of one colour (`pixel`: a plain piece of paper, a dot) shows at
    /// `opacity` under `tint`, the colour every sample of it would have: such an image fills as
    /// this solid colour, far faster than sampled.
    public static func uniformColor(of pixel: PremultipliedColor, opacity: Double, tint: (r: Double, g: Double, b: Double, a: Double)) -> PremultipliedColor {
        let f = factors(opacity: opacity, tint: tint)
        func scaled(_ c: UInt8, _ factor: UInt32) -> UInt8 { UInt8(min(Blend.div255(UInt32(c) * factor), 255)) }
        return PremultipliedColor(r: scaled(pixel.r, f.0), g: scaled(pixel.g, f.1), b: scaled(pixel.b, f.2), a: scaled(pixel.a, f.3))
    }

    /// The next mipmap level: each pixel the rounded average of a 2×2 block (edges clamped).
    static func halved(_ p: Pixmap) -> Pixmap {
        let w = max(p.width / 2, 1), h = max(p.height / 2, 1)
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        p.bytes.withUnsafeBufferPointer { src in
            for y in 0..<h {
                let y0 = min(2 * y, p.height - 1), y1 = min(2 * y + 1, p.height - 1)
                for x in 0..<w {
                    let x0 = min(2 * x, p.width - 1), x1 = min(2 * x + 1, p.width - 1)
                    for c in 0..<4 {
                        let sum = UInt32(src[(y0 * p.width + x0) * 4 + c]) + UInt32(src[(y0 * p.width + x1) * 4 + c])
                            + UInt32(src[(y1 * p.width + x0) * 4 + c]) + UInt32(src[(y1 * p.width + x1) * 4 + c])
                        bytes[(y * w + x) * 4 + c] = UInt8((sum + 2) / 4)
                    }
                }
            }
        }
        return Pixmap(width: w, height: h, premultipliedBytes: bytes) ?? p
    }

    /// The sample under a plane point, edges clamped.
    func color(at p: Point) -> PremultipliedColor {
        let u = source.origin.x + (p.x - destination.origin.x) / destination.size.width * source.size.width
        let v = source.origin.y + (p.y - destination.origin.y) / destination.size.height * source.size.height
        guard abs(u * Double(image.width)) < Self.reach, abs(v * Double(image.height)) < Self.reach else { return .transparent }
        var sample = isNearest ? Self.nearest(image, u, v) : Self.bilinear(image, u, v)
        if let coarser {
            let other = Self.bilinear(coarser.level, u, v)
            sample = (sample &* (256 &- coarser.weight) &+ other &* coarser.weight &+ 128) &>> 8
        }
        return PremultipliedColor(word: Self.scaled((sample[0], sample[1], sample[2], sample[3]), by: factors))
    }

    /// How far from the image's corner, in its pixels, a sample is taken: beyond, or not a
    /// number, nothing is drawn (and every position within rounds without a library call).
    @inline(__always)
    private static var reach: Double { 1_125_899_906_842_624 }

    /// The colours `color(at:)` gives at the plane points `u`, `v` (four pixels' worth), as
    /// words (red in the low byte), worked out with the same operations in the same order;
    /// nil where a point is out of reach, and for trilinear sampling (done one at a time).
    @inline(__always)
    func colorWords(u: SIMD4<Double>, v: SIMD4<Double>) -> SIMD4<UInt32>? {
        guard coarser == nil, let across = samples(u, horizontal: true), let down = samples(v, horizontal: false) else { return nil }
        // What the closure needs, taken out first.
        let (width, isNearest, factors) = (image.width, isNearest, factors)
        return image.bytes.withUnsafeBufferPointer { bytes in
            let pixels = UnsafeRawPointer(bytes.baseAddress!)
            @inline(__always) func pixel(_ x: UInt64, _ y: UInt64) -> UInt32 {
                pixels.loadUnaligned(fromByteOffset: (Int(truncatingIfNeeded: y) &* width &+ Int(truncatingIfNeeded: x)) &* 4, as: UInt32.self)
            }
            let (x0, x1, wx, y0, y1, wy) = (across.first, across.second, across.weight, down.first, down.second, down.weight)
            // Each lane's word worked out in scalar registers (SSE2 has no 32-bit vector
            // multiply) and put together at the end (a vector filled lane by lane went through
            // memory, stalling every read of it).
            if isNearest {
                @inline(__always) func word(_ lane: Int) -> UInt32 { Self.scaled(Self.channels(pixel(x0[lane], y0[lane])), by: factors) }
                return SIMD4(word(0), word(1), word(2), word(3))
            }
            @inline(__always) func word(_ lane: Int) -> UInt32 {
                let mix = Self.mixed(pixel(x0[lane], y0[lane]), pixel(x1[lane], y0[lane]), pixel(x0[lane], y1[lane]), pixel(x1[lane], y1[lane]),
                                     wx: wx[lane], wy: wy[lane])
                return Self.scaled(mix, by: factors)
            }
            return SIMD4(word(0), word(1), word(2), word(3))
        }
    }

    /// Where four plane coordinates sample the image along one axis (u across when
    /// `horizontal`, else v down), as `colorWords(u:v:)` and `AlignedImageShader` take them: the
    /// image pixel under each point (nearest) or the two whose centres are on either side of it
    /// and the second's weight in 0…256 (bilinear), edges clamped; nil when a coordinate is out
    /// of reach or not a number.
    @inline(__always)
    func samples(_ p: SIMD4<Double>, horizontal: Bool) -> (first: SIMD4<UInt64>, second: SIMD4<UInt64>, weight: SIMD4<UInt64>)? {
        let (origin, size, shownOrigin, shownSize, pixels) = horizontal
            ? (destination.origin.x, destination.size.width, source.origin.x, source.size.width, Double(image.width))
            : (destination.origin.y, destination.size.height, source.origin.y, source.size.height, Double(image.height))
        let position = (shownOrigin + (p - origin) / size * shownSize) * pixels
        let reach = SIMD4<Double>(repeating: Self.reach)
        // False for lanes that are not numbers too.
        guard all(position .< reach .& position .> -reach) else { return nil }
        // The pixel under the point, or the one whose centre is before it (bilinear).
        let sample = isNearest ? position : position - 0.5
        let whole = Self.floor(sample)
        let last = SIMD4<Double>(repeating: pixels - 1)
        @inline(__always) func clamped(_ x: SIMD4<Double>) -> SIMD4<UInt64> {
            Self.whole(x.replacing(with: 0, where: x .< 0).replacing(with: last, where: x .> last))
        }
        if isNearest { return (clamped(whole), .zero, .zero) }
        return (clamped(whole), clamped(whole + 1), Self.whole(Self.roundedUp((sample - whole) * 256)))
    }

    /// A sample's channels (r, g, b, a) times the factors (0…255 each), rounded, packed into a word.
    @inline(__always)
    static func scaled(_ c: (UInt32, UInt32, UInt32, UInt32), by factors: (UInt32, UInt32, UInt32, UInt32)) -> UInt32 {
        @inline(__always) func channel(_ c: UInt32, _ factor: UInt32) -> UInt32 { min(Blend.div255(c &* factor), 255) }
        return word((channel(c.0, factors.0), channel(c.1, factors.1), channel(c.2, factors.2), channel(c.3, factors.3)))
    }

    /// Channels (r, g, b, a), each at most 255, packed into a word (red in the low byte).
    @inline(__always)
    static func word(_ c: (UInt32, UInt32, UInt32, UInt32)) -> UInt32 {
        c.0 | c.1 << 8 | c.2 << 16 | c.3 << 24
    }

    /// A pixel word's channels (r, g, b, a).
    @inline(__always)
    static func channels(_ p: UInt32) -> (UInt32, UInt32, UInt32, UInt32) {
        (p & 0xFF, p >> 8 & 0xFF, p >> 16 & 0xFF, p >> 24)
    }

    /// The bilinear mix of four pixel words (top left, top right, bottom left, bottom right) by
    /// weights `wx` and `wy` in 0…256 towards the right and bottom, each channel rounded to a
    /// byte: each column's two pixels mixed (`mixedColumn`), then the two columns (`mixedRow`).
    @inline(__always)
    static func mixed(_ p00: UInt32, _ p01: UInt32, _ p10: UInt32, _ p11: UInt32, wx: UInt64, wy: UInt64) -> (UInt32, UInt32, UInt32, UInt32) {
        mixedRow(mixedColumn(p00, p10, wy: wy), mixedColumn(p01, p11, wy: wy), wx: wx)
    }

    /// A column's top and bottom pixel words mixed by `wy` (0…256) towards the bottom, not yet
    /// rounded: red and blue, then green and alpha, two at a time in the halves of a 64-bit word
    /// (no sum reaches 2³², so the halves never meet; SSE2 has no 32-bit vector multiply).
    @inline(__always)
    static func mixedColumn(_ top: UInt32, _ bottom: UInt32, wy: UInt64) -> (rb: UInt64, ga: UInt64) {
        @inline(__always) func halves(_ p: UInt32) -> (rb: UInt64, ga: UInt64) {
            (UInt64(p & 0xFF) | UInt64(p >> 16 & 0xFF) << 32, UInt64(p >> 8 & 0xFF) | UInt64(p >> 24) << 32)
        }
        let (t, b) = (halves(top), halves(bottom))
        return (t.rb &* (256 &- wy) &+ b.rb &* wy, t.ga &* (256 &- wy) &+ b.ga &* wy)
    }

    /// Two mixed columns (`mixedColumn`) mixed by `wx` (0…256) towards the right, each channel
    /// rounded to a byte. Whole numbers throughout, so mixing columns first and rows second gives
    /// what rows first would: the same sum of products.
    @inline(__always)
    static func mixedRow(_ left: (rb: UInt64, ga: UInt64), _ right: (rb: UInt64, ga: UInt64), wx: UInt64) -> (UInt32, UInt32, UInt32, UInt32) {
        let round: UInt64 = 32768 | 32768 << 32
        let rb = left.rb &* (256 &- wx) &+ right.rb &* wx &+ round
        let ga = left.ga &* (256 &- wx) &+ right.ga &* wx &+ round
        @inline(__always) func channel(_ sum: UInt64, _ half: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: sum &>> half) &>> 16 }
        return (channel(rb, 0), channel(ga, 0), channel(rb, 32), channel(ga, 32))
    }

    /// Whole numbers 0 ≤ v < 2⁵² as integers: added to 2⁵², they are the low bits (the
    /// conversion's library path, for any value, took most of a sample's time).
    @inline(__always)
    private static func whole(_ v: SIMD4<Double>) -> SIMD4<UInt64> {
        unsafeBitCast(v + 4_503_599_627_370_496, to: SIMD4<UInt64>.self) & 0xF_FFFF_FFFF_FFFF
    }

    /// ⌊v⌋ lane by lane for |v| < 2⁵¹ (see `floor`).
    @inline(__always)
    static func floor(_ v: SIMD4<Double>) -> SIMD4<Double> {
        let nearest = (v + 6_755_399_441_055_744) - 6_755_399_441_055_744
        return nearest.replacing(with: nearest - 1, where: nearest .> v)
    }

    /// `roundedUp` lane by lane for 0 ≤ v < 2⁵¹.
    @inline(__always)
    static func roundedUp(_ v: SIMD4<Double>) -> SIMD4<Double> {
        let whole = floor(v)
        return whole.replacing(with: whole + 1, where: v - whole .>= 0.5)
    }

    /// ⌊v⌋ for |v| < 2⁵¹, without the library call that rounding is on baseline x86-64 (it has
    /// no rounding instruction): 1.5·2⁵² added and taken away leaves the nearest whole number,
    /// one less where that rounded up.
    @inline(__always)
    static func floor(_ v: Double) -> Double {
        let nearest = (v + 6_755_399_441_055_744) - 6_755_399_441_055_744
        return nearest > v ? nearest - 1 : nearest
    }

    /// `v.rounded()` (halves away from zero) for 0 ≤ v < 2⁵¹, without a library call (see `floor`).
    @inline(__always)
    static func roundedUp(_ v: Double) -> Double {
        let whole = floor(v)
        return v - whole >= 0.5 ? whole + 1 : whole
    }

    /// The pixel of `level` that unit point (u, v) falls in.
    private static func nearest(_ level: Pixmap, _ u: Double, _ v: Double) -> SIMD4<UInt32> {
        let x = Int(min(max(floor(u * Double(level.width)), 0), Double(level.width - 1)))
        let y = Int(min(max(floor(v * Double(level.height)), 0), Double(level.height - 1)))
        let c = channels(word(level, x, y))
        return SIMD4(c.0, c.1, c.2, c.3)
    }

    /// The bilinear mix of the four pixels of `level` around unit point (u, v), rounded to bytes.
    private static func bilinear(_ level: Pixmap, _ u: Double, _ v: Double) -> SIMD4<UInt32> {
        let sx = u * Double(level.width) - 0.5, sy = v * Double(level.height) - 0.5
        let x0f = floor(sx), y0f = floor(sy)
        let wx = UInt64(roundedUp((sx - x0f) * 256)), wy = UInt64(roundedUp((sy - y0f) * 256))
        let x0 = Int(min(max(x0f, 0), Double(level.width - 1))), y0 = Int(min(max(y0f, 0), Double(level.height - 1)))
        let x1 = Int(min(max(x0f + 1, 0), Double(level.width - 1))), y1 = Int(min(max(y0f + 1, 0), Double(level.height - 1)))
        let c = mixed(word(level, x0, y0), word(level, x1, y0), word(level, x0, y1), word(level, x1, y1), wx: wx, wy: wy)
        return SIMD4(c.0, c.1, c.2, c.3)
    }

    /// The pixel (x, y) of `level` as a word, red in the low byte.
    private static func word(_ level: Pixmap, _ x: Int, _ y: Int) -> UInt32 {
        level.bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: (y * level.width + x) * 4, as: UInt32.self) }
    }
}
