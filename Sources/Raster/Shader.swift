import Geometry
import RasterCore

/// A paint ready to colour device pixels: what a fill blends, pixel by pixel or four at a time.
protocol Shader {
    /// The colour at the centre of device pixel (x, y).
    func color(x: Int, y: Int) -> PremultipliedColor
    /// The colours of pixels x … x + 3 of row y as words (red in the low byte), the same as
    /// `color` gives each; nil where they are worked out one at a time.
    func colorWords(x: Int, y: Int) -> SIMD4<UInt32>?
    /// Takes up device row `y`, before any of its pixels' colours are asked for.
    mutating func start(row y: Int)
    /// Blends `quads` quads of four pixels of row y from column x at the coverages `coverage` (a
    /// byte a pixel) into `pixels`, with the same bytes as one quad at a time, where the shader
    /// has a loop of its own for them (true); false leaves them to the fill.
    func blendQuads(_ quads: Int, x: Int, y: Int, coverage: UnsafePointer<UInt8>, into pixels: UnsafeMutablePointer<UInt8>) -> Bool
}

extension Shader {
    func start(row y: Int) {}

    func blendQuads(_ quads: Int, x: Int, y: Int, coverage: UnsafePointer<UInt8>, into pixels: UnsafeMutablePointer<UInt8>) -> Bool { false }
}

/// One colour everywhere.
struct SolidShader: Shader {
    let color: PremultipliedColor

    @inline(__always)
    func color(x: Int, y: Int) -> PremultipliedColor { color }

    @inline(__always)
    func colorWords(x: Int, y: Int) -> SIMD4<UInt32>? { SIMD4(repeating: color.word) }
}

/// A paint defined on a layer's plane: a gradient or an image.
protocol PlanePaint {
    /// The colour at a plane point, shown at device pixel (x, y) of the frame (a ramp's dither
    /// depends on it).
    func color(at p: Point, x: Int, y: Int) -> PremultipliedColor
    /// The colours at four plane points, shown at pixels x … x + 3 of frame row y, as words, the
    /// same as `color(at:x:y:)` gives each; nil where they are worked out one at a time.
    func colorWords(u: SIMD4<Double>, v: SIMD4<Double>, x: Int, y: Int) -> SIMD4<UInt32>?
}

extension ImagePaint: PlanePaint {
    func color(at p: Point, x: Int, y: Int) -> PremultipliedColor { color(at: p) }

    @inline(__always)
    func colorWords(u: SIMD4<Double>, v: SIMD4<Double>, x: Int, y: Int) -> SIMD4<UInt32>? { colorWords(u: u, v: v) }
}

/// An axial ramp, its kind known where a fill's loop is made: the loop then holds only its
/// arithmetic (valgrind, gradients-stars-images: 5% fewer instructions a frame than one loop
/// for every kind). Its four colours in lanes are worked out with the same operations in the
/// same order as `GradientPaint.color(at:x:y:)` one at a time, so they are the same table entries.
struct AxialRamp: PlanePaint {
    let ramp: GradientPaint

    func color(at p: Point, x: Int, y: Int) -> PremultipliedColor { ramp.color(at: p, x: x, y: y) }

    @inline(__always)
    func colorWords(u: SIMD4<Double>, v: SIMD4<Double>, x: Int, y: Int) -> SIMD4<UInt32>? {
        ramp.words(at: ramp.axialPositions(u: u, v: v), x: x, y: y)
    }
}

/// A radial ramp, its kind known where a fill's loop is made (see `AxialRamp`); one with a
/// focal point is worked out one pixel at a time.
struct RadialRamp: PlanePaint {
    let ramp: GradientPaint

    func color(at p: Point, x: Int, y: Int) -> PremultipliedColor { ramp.color(at: p, x: x, y: y) }

    @inline(__always)
    func colorWords(u: SIMD4<Double>, v: SIMD4<Double>, x: Int, y: Int) -> SIMD4<UInt32>? {
        guard let t = ramp.radialPositions(u: u, v: v) else { return nil }
        return ramp.words(at: t, x: x, y: y)
    }
}

/// A conic ramp: its colours are worked out one pixel at a time (an arctangent each).
struct ConicRamp: PlanePaint {
    let ramp: GradientPaint

    func color(at p: Point, x: Int, y: Int) -> PremultipliedColor { ramp.color(at: p, x: x, y: y) }

    func colorWords(u: SIMD4<Double>, v: SIMD4<Double>, x: Int, y: Int) -> SIMD4<UInt32>? { nil }
}

/// A plane's paint seen through the mapping from device pixels back to the plane.
struct MappedShader<P: PlanePaint>: Shader {
    let paint: P
    let mapping: PlaneMapping

    @inline(__always)
    func color(x: Int, y: Int) -> PremultipliedColor {
        paint.color(at: mapping.point(x: Double(x) + 0.5, y: Double(y) + 0.5), x: x, y: y)
    }

    @inline(__always)
    func colorWords(x: Int, y: Int) -> SIMD4<UInt32>? {
        let (u, v) = mapping.points(x: x, y: y)
        return paint.colorWords(u: u, v: v, x: x, y: y)
    }
}
