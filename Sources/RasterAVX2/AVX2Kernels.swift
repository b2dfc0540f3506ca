import CProcessor
import Geometry
import Raster
import RasterCoreAVX2

/// RasterCore's loops built for x86-64-v3 processors (AVX2 and the instructions around it:
/// three-operand vector forms, 256-bit registers): RasterCoreAVX2 is RasterCore's files compiled
/// with `-target-cpu haswell`. A module of its own, apart from AnimvidKit, because that compiler
/// flag keeps a package from being a versioned dependency: the animvid command and raster-bench
/// link it; a program that depends on animvid by path may too.
public enum AVX2Kernels: RasterKernels {
    /// Makes Raster draw with these loops when the processor and operating system run them
    /// (cpuid and xgetbv, `CProcessor`); call it before anything is drawn.
    public static func install() {
        if animvid_processor_runs_x86_64_v3() != 0 { RasterCoreBuild.install(RasterCoreBuild("x86-64-v3", kernels: AVX2Kernels.self)) }
    }

    public static func addSubpaths(_ points: UnsafeBufferPointer<Point>, starts: UnsafeBufferPointer<Int>, dx: Double, dy: Double,
                     cells: UnsafeMutablePointer<Float>, touchedMin: UnsafeMutablePointer<Int>, touchedMax: UnsafeMutablePointer<Int>,
                     width: Int, firstRow: Int, endRow: Int) {
        RasterCoreAVX2.EdgeWalk.addSubpaths(points, starts: starts, dx: dx, dy: dy, cells: cells, touchedMin: touchedMin,
                                        touchedMax: touchedMax, width: width, firstRow: firstRow, endRow: endRow)
    }

    public static func blendRows(cells: UnsafeMutablePointer<Float>, touchedMin: UnsafeMutablePointer<Int>, touchedMax: UnsafeMutablePointer<Int>,
                   width: Int, rows: Int, rule: FillRule, color: UInt32, into pixels: UnsafeMutablePointer<UInt8>, rowStride: Int, rowPixels: Int) {
        RasterCoreAVX2.RowBlend.blendRows(cells: cells, touchedMin: touchedMin, touchedMax: touchedMax, width: width, rows: rows, rule: rule,
                                      color: color, into: pixels, rowStride: rowStride, rowPixels: rowPixels)
    }

    public static func drawAndClear(_ layer: UnsafeMutablePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>, rowBytes: Int,
                      x0: Int, x1: Int, y0: Int, y1: Int, coverage: UInt32) {
        RasterCoreAVX2.GroupComposite.drawAndClear(layer, into: target, rowBytes: rowBytes, x0: x0, x1: x1, y0: y0, y1: y1, coverage: coverage)
    }

    public static func blendShadowQuads(_ quads: Int, coverage: UnsafePointer<UInt8>, source: UnsafePointer<UInt8>?, color: UInt32, bias: SIMD4<UInt32>,
                          into pixels: UnsafeMutablePointer<UInt8>) {
        RasterCoreAVX2.ShadowRow.blend(quads: quads, coverage: coverage, source: source, color: color, bias: bias, into: pixels)
    }

    public static func blendShadowQuads(_ quads: Int, coverage: UnsafePointer<UInt8>, underLayer layer: UnsafeMutablePointer<UInt8>, color: UInt32, bias: SIMD4<UInt32>,
                          into pixels: UnsafeMutablePointer<UInt8>) {
        RasterCoreAVX2.ShadowRow.blendUnderLayer(quads: quads, coverage: coverage, layer: layer, color: color, bias: bias, into: pixels)
    }

    public static func blendRampQuads(_ quads: Int, coverage: UnsafePointer<UInt8>, columnTerms: UnsafePointer<Double>, rowTerm: Double, radial: Bool,
                        inverseLengthSquared: Double, table: UnsafePointer<UInt32>, offsets: SIMD4<UInt64>, into pixels: UnsafeMutablePointer<UInt8>) {
        RasterCoreAVX2.RampRow.blend(quads: quads, coverage: coverage, columnTerms: columnTerms, rowTerm: rowTerm, radial: radial,
                                 inverseLengthSquared: inverseLengthSquared, table: table, offsets: offsets, into: pixels)
    }

    public static func blendSprite(origin: SIMD2<Double>, sGradient: SIMD2<Double>, tGradient: SIMD2<Double>, thickness: SIMD2<Double>,
                            columns: Range<Int>, rows: Range<Int>, color: UInt32, into pixels: UnsafeMutablePointer<UInt8>, firstRow: Int, rowPixels: Int) {
        RasterCoreAVX2.SpriteRows.blend(origin: origin, sGradient: sGradient, tGradient: tGradient, thickness: thickness, columns: columns,
                                        rows: rows, color: color, into: pixels, firstRow: firstRow, rowPixels: rowPixels)
    }

    public static func firstWithAlpha(_ row: UnsafePointer<UInt8>, count: Int) -> Int {
        return RasterCoreAVX2.AlphaScan.firstWithAlpha(row, count: count)
    }

    public static func endOfAlpha(_ row: UnsafePointer<UInt8>, count: Int) -> Int {
        return RasterCoreAVX2.AlphaScan.endOfAlpha(row, count: count)
    }

    public static func alphas(_ row: UnsafePointer<UInt8>, count: Int, equal kept: UnsafePointer<UInt8>) -> Bool {
        return RasterCoreAVX2.AlphaScan.alphas(row, count: count, equal: kept)
    }
}
