import Foundation
import Geometry
import RasterCore
import Synchronization

/// RasterCore's loops (the fill's edge walk and row blend, a group's composite, a ramp's row, a
/// shadow's row, a sprite's rows, the scans of a row's alphas) as one build of RasterCore provides them. Raster
/// links the build for every processor (`BaselineKernels`); on x86-64 a program may add the
/// build for x86-64-v3 processors (`AVX2Kernels.install()` of the RasterAVX2 module, which the animvid command
/// and raster-bench call), compiled from the same files with `-target-cpu haswell`. Both do the same
/// arithmetic in the same order, so they draw the same bytes (tests).
public protocol RasterKernels: SendableMetatype {
    /// `EdgeWalk.addSubpaths`
    static func addSubpaths(_ points: UnsafeBufferPointer<Point>, starts: UnsafeBufferPointer<Int>, dx: Double, dy: Double,
                     cells: UnsafeMutablePointer<Float>, touchedMin: UnsafeMutablePointer<Int>, touchedMax: UnsafeMutablePointer<Int>,
                     width: Int, firstRow: Int, endRow: Int)

    /// `RowBlend.blendRows`
    static func blendRows(cells: UnsafeMutablePointer<Float>, touchedMin: UnsafeMutablePointer<Int>, touchedMax: UnsafeMutablePointer<Int>,
                   width: Int, rows: Int, rule: FillRule, color: UInt32, into pixels: UnsafeMutablePointer<UInt8>, rowStride: Int, rowPixels: Int)

    /// `GroupComposite.drawAndClear`
    static func drawAndClear(_ layer: UnsafeMutablePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>, rowBytes: Int,
                      x0: Int, x1: Int, y0: Int, y1: Int, coverage: UInt32)

    /// `ShadowRow.blend`
    static func blendShadowQuads(_ quads: Int, coverage: UnsafePointer<UInt8>, source: UnsafePointer<UInt8>?, color: UInt32, bias: SIMD4<UInt32>,
                          into pixels: UnsafeMutablePointer<UInt8>)

    /// `ShadowRow.blendUnderLayer`
    static func blendShadowQuads(_ quads: Int, coverage: UnsafePointer<UInt8>, underLayer layer: UnsafeMutablePointer<UInt8>, color: UInt32, bias: SIMD4<UInt32>,
                          into pixels: UnsafeMutablePointer<UInt8>)

    /// `RampRow.blend`
    static func blendRampQuads(_ quads: Int, coverage: UnsafePointer<UInt8>, columnTerms: UnsafePointer<Double>, rowTerm: Double, radial: Bool,
                        inverseLengthSquared: Double, table: UnsafePointer<UInt32>, offsets: SIMD4<UInt64>, into pixels: UnsafeMutablePointer<UInt8>)

    /// `AlphaScan.firstWithAlpha`
    static func firstWithAlpha(_ row: UnsafePointer<UInt8>, count: Int) -> Int

    /// `SpriteRows.blend`
    static func blendSprite(origin: SIMD2<Double>, sGradient: SIMD2<Double>, tGradient: SIMD2<Double>, thickness: SIMD2<Double>,
                            columns: Range<Int>, rows: Range<Int>, color: UInt32, into pixels: UnsafeMutablePointer<UInt8>, firstRow: Int, rowPixels: Int)

    /// `AlphaScan.endOfAlpha`
    static func endOfAlpha(_ row: UnsafePointer<UInt8>, count: Int) -> Int

    /// `AlphaScan.alphas(_:count:equal:)`
    static func alphas(_ row: UnsafePointer<UInt8>, count: Int, equal kept: UnsafePointer<UInt8>) -> Bool
}

/// RasterCore's loops built for every processor.
enum BaselineKernels: RasterKernels {
    static func addSubpaths(_ points: UnsafeBufferPointer<Point>, starts: UnsafeBufferPointer<Int>, dx: Double, dy: Double,
                     cells: UnsafeMutablePointer<Float>, touchedMin: UnsafeMutablePointer<Int>, touchedMax: UnsafeMutablePointer<Int>,
                     width: Int, firstRow: Int, endRow: Int) {
        RasterCore.EdgeWalk.addSubpaths(points, starts: starts, dx: dx, dy: dy, cells: cells, touchedMin: touchedMin,
                                        touchedMax: touchedMax, width: width, firstRow: firstRow, endRow: endRow)
    }

    static func blendRows(cells: UnsafeMutablePointer<Float>, touchedMin: UnsafeMutablePointer<Int>, touchedMax: UnsafeMutablePointer<Int>,
                   width: Int, rows: Int, rule: FillRule, color: UInt32, into pixels: UnsafeMutablePointer<UInt8>, rowStride: Int, rowPixels: Int) {
        RasterCore.RowBlend.blendRows(cells: cells, touchedMin: touchedMin, touchedMax: touchedMax, width: width, rows: rows, rule: rule,
                                      color: color, into: pixels, rowStride: rowStride, rowPixels: rowPixels)
    }

    static func drawAndClear(_ layer: UnsafeMutablePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>, rowBytes: Int,
                      x0: Int, x1: Int, y0: Int, y1: Int, coverage: UInt32) {
        RasterCore.GroupComposite.drawAndClear(layer, into: target, rowBytes: rowBytes, x0: x0, x1: x1, y0: y0, y1: y1, coverage: coverage)
    }

    static func blendShadowQuads(_ quads: Int, coverage: UnsafePointer<UInt8>, source: UnsafePointer<UInt8>?, color: UInt32, bias: SIMD4<UInt32>,
                          into pixels: UnsafeMutablePointer<UInt8>) {
        RasterCore.ShadowRow.blend(quads: quads, coverage: coverage, source: source, color: color, bias: bias, into: pixels)
    }

    static func blendShadowQuads(_ quads: Int, coverage: UnsafePointer<UInt8>, underLayer layer: UnsafeMutablePointer<UInt8>, color: UInt32, bias: SIMD4<UInt32>,
                          into pixels: UnsafeMutablePointer<UInt8>) {
        RasterCore.ShadowRow.blendUnderLayer(quads: quads, coverage: coverage, layer: layer, color: color, bias: bias, into: pixels)
    }

    static func blendRampQuads(_ quads: Int, coverage: UnsafePointer<UInt8>, columnTerms: UnsafePointer<Double>, rowTerm: Double, radial: Bool,
                        inverseLengthSquared: Double, table: UnsafePointer<UInt32>, offsets: SIMD4<UInt64>, into pixels: UnsafeMutablePointer<UInt8>) {
        RasterCore.RampRow.blend(quads: quads, coverage: coverage, columnTerms: columnTerms, rowTerm: rowTerm, radial: radial,
                                 inverseLengthSquared: inverseLengthSquared, table: table, offsets: offsets, into: pixels)
    }

    static func firstWithAlpha(_ row: UnsafePointer<UInt8>, count: Int) -> Int {
        return RasterCore.AlphaScan.firstWithAlpha(row, count: count)
    }

    static func blendSprite(origin: SIMD2<Double>, sGradient: SIMD2<Double>, tGradient: SIMD2<Double>, thickness: SIMD2<Double>,
                            columns: Range<Int>, rows: Range<Int>, color: UInt32, into pixels: UnsafeMutablePointer<UInt8>, firstRow: Int, rowPixels: Int) {
        RasterCore.SpriteRows.blend(origin: origin, sGradient: sGradient, tGradient: tGradient, thickness: thickness, columns: columns, rows: rows,
                                    color: color, into: pixels, firstRow: firstRow, rowPixels: rowPixels)
    }

    static func endOfAlpha(_ row: UnsafePointer<UInt8>, count: Int) -> Int {
        return RasterCore.AlphaScan.endOfAlpha(row, count: count)
    }

    static func alphas(_ row: UnsafePointer<UInt8>, count: Int, equal kept: UnsafePointer<UInt8>) -> Bool {
        return RasterCore.AlphaScan.alphas(row, count: count, equal: kept)
    }
}

/// Which build of RasterCore's loops runs: the fastest this processor runs of those the program
/// links, unless `ANIMVID_BASELINE_KERNELS=1` keeps the baseline.
public struct RasterCoreBuild: Sendable, CustomStringConvertible {
    /// The build's name, as tests report it.
    public let description: String
    /// Its loops.
    let kernels: any RasterKernels.Type

    /// A build named `name` whose loops `kernels` provides.
    public init(_ name: String, kernels: any RasterKernels.Type) {
        description = name
        self.kernels = kernels
    }

    /// The build for every processor.
    static let baseline = RasterCoreBuild("baseline", kernels: BaselineKernels.self)

    /// The builds installed beside the baseline, fastest last.
    private static let installed = Mutex<[RasterCoreBuild]>([])

    /// Adds a faster build of the loops, which this processor runs. Call it before anything is
    /// drawn: the build chosen is fixed at the first drawing.
    public static func install(_ build: RasterCoreBuild) {
        installed.withLock { builds in
            if !builds.contains(where: { $0.description == build.description }) { builds.append(build) }
        }
    }

    /// The fastest build installed, unless `ANIMVID_BASELINE_KERNELS` is set.
    static let fastest: RasterCoreBuild = {
        if ProcessInfo.processInfo.environment["ANIMVID_BASELINE_KERNELS"].map({ !$0.isEmpty && $0 != "0" }) == true { return .baseline }
        return runnable.last ?? .baseline
    }()

    /// The builds this program runs: the baseline and those installed.
    static var runnable: [RasterCoreBuild] {
        [.baseline] + installed.withLock { $0 }
    }
}
