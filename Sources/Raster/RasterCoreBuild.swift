import CProcessor
import Foundation
import Geometry
import RasterCore
#if canImport(RasterCoreAVX2)
import RasterCoreAVX2
#endif

/// Which build of RasterCore's loops runs (the fill's edge walk and row blend, a group's
/// composite, a ramp's row, a shadow's row, the scans of a row's alphas): RasterCore is compiled
/// twice on x86-64, for every processor and again for x86-64-v3 (AVX2 and the instructions around
/// it: three-operand vector forms, 256-bit registers), and the second is chosen when the processor
/// runs it (`CProcessor`'s check). Both do the same arithmetic in the same order, so they draw the
/// same bytes (tests); `ANIMVID_BASELINE_KERNELS=1` keeps the first.
enum RasterCoreBuild: Sendable {
    /// The build for every x86-64 (or any other) processor.
    case baseline
    /// The build for x86-64-v3 processors (Haswell, Excavator and later).
    case x86_64_v3

    /// The fastest build this processor runs, unless `ANIMVID_BASELINE_KERNELS` is set.
    static let fastest: RasterCoreBuild = {
        if ProcessInfo.processInfo.environment["ANIMVID_BASELINE_KERNELS"].map({ !$0.isEmpty && $0 != "0" }) == true { return .baseline }
        return runnable.contains(.x86_64_v3) ? .x86_64_v3 : .baseline
    }()

    /// The builds this processor runs.
    static let runnable: [RasterCoreBuild] = {
        #if canImport(RasterCoreAVX2)
        if animvid_processor_runs_x86_64_v3() != 0 { return [.baseline, .x86_64_v3] }
        #endif
        return [.baseline]
    }()

    /// `EdgeWalk.addSubpaths` in this build.
    func addSubpaths(_ points: UnsafeBufferPointer<Point>, starts: UnsafeBufferPointer<Int>, dx: Double, dy: Double,
                     cells: UnsafeMutablePointer<Float>, touchedMin: UnsafeMutablePointer<Int>, touchedMax: UnsafeMutablePointer<Int>,
                     width: Int, firstRow: Int, endRow: Int) {
        #if canImport(RasterCoreAVX2)
        if self == .x86_64_v3 {
            RasterCoreAVX2.EdgeWalk.addSubpaths(points, starts: starts, dx: dx, dy: dy, cells: cells, touchedMin: touchedMin,
                                                touchedMax: touchedMax, width: width, firstRow: firstRow, endRow: endRow)
            return
        }
        #endif
        RasterCore.EdgeWalk.addSubpaths(points, starts: starts, dx: dx, dy: dy, cells: cells, touchedMin: touchedMin,
                                        touchedMax: touchedMax, width: width, firstRow: firstRow, endRow: endRow)
    }

    /// `RowBlend.blendRows` in this build.
    func blendRows(cells: UnsafeMutablePointer<Float>, touchedMin: UnsafeMutablePointer<Int>, touchedMax: UnsafeMutablePointer<Int>,
                   width: Int, rows: Int, rule: FillRule, color: UInt32, into pixels: UnsafeMutablePointer<UInt8>, rowStride: Int, rowPixels: Int) {
        #if canImport(RasterCoreAVX2)
        if self == .x86_64_v3 {
            RasterCoreAVX2.RowBlend.blendRows(cells: cells, touchedMin: touchedMin, touchedMax: touchedMax, width: width, rows: rows, rule: rule,
                                              color: color, into: pixels, rowStride: rowStride, rowPixels: rowPixels)
            return
        }
        #endif
        RasterCore.RowBlend.blendRows(cells: cells, touchedMin: touchedMin, touchedMax: touchedMax, width: width, rows: rows, rule: rule,
                                      color: color, into: pixels, rowStride: rowStride, rowPixels: rowPixels)
    }

    /// `GroupComposite.drawAndClear` in this build.
    func drawAndClear(_ layer: UnsafeMutablePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>, rowBytes: Int,
                      x0: Int, x1: Int, y0: Int, y1: Int, coverage: UInt32) {
        #if canImport(RasterCoreAVX2)
        if self == .x86_64_v3 {
            RasterCoreAVX2.GroupComposite.drawAndClear(layer, into: target, rowBytes: rowBytes, x0: x0, x1: x1, y0: y0, y1: y1, coverage: coverage)
            return
        }
        #endif
        RasterCore.GroupComposite.drawAndClear(layer, into: target, rowBytes: rowBytes, x0: x0, x1: x1, y0: y0, y1: y1, coverage: coverage)
    }

    /// `ShadowRow.blend` in this build.
    func blendShadowQuads(_ quads: Int, coverage: UnsafePointer<UInt8>, source: UnsafePointer<UInt8>?, color: UInt32,
                          into pixels: UnsafeMutablePointer<UInt8>) {
        #if canImport(RasterCoreAVX2)
        if self == .x86_64_v3 {
            RasterCoreAVX2.ShadowRow.blend(quads: quads, coverage: coverage, source: source, color: color, into: pixels)
            return
        }
        #endif
        RasterCore.ShadowRow.blend(quads: quads, coverage: coverage, source: source, color: color, into: pixels)
    }

    /// `ShadowRow.blendUnderLayer` in this build.
    func blendShadowQuads(_ quads: Int, coverage: UnsafePointer<UInt8>, underLayer layer: UnsafeMutablePointer<UInt8>, color: UInt32,
                          into pixels: UnsafeMutablePointer<UInt8>) {
        #if canImport(RasterCoreAVX2)
        if self == .x86_64_v3 {
            RasterCoreAVX2.ShadowRow.blendUnderLayer(quads: quads, coverage: coverage, layer: layer, color: color, into: pixels)
            return
        }
        #endif
        RasterCore.ShadowRow.blendUnderLayer(quads: quads, coverage: coverage, layer: layer, color: color, into: pixels)
    }

    /// `RampRow.blend` in this build.
    func blendRampQuads(_ quads: Int, coverage: UnsafePointer<UInt8>, columnTerms: UnsafePointer<Double>, rowTerm: Double, radial: Bool,
                        inverseLengthSquared: Double, table: UnsafePointer<UInt32>, into pixels: UnsafeMutablePointer<UInt8>) {
        #if canImport(RasterCoreAVX2)
        if self == .x86_64_v3 {
            RasterCoreAVX2.RampRow.blend(quads: quads, coverage: coverage, columnTerms: columnTerms, rowTerm: rowTerm, radial: radial,
                                         inverseLengthSquared: inverseLengthSquared, table: table, into: pixels)
            return
        }
        #endif
        RasterCore.RampRow.blend(quads: quads, coverage: coverage, columnTerms: columnTerms, rowTerm: rowTerm, radial: radial,
                                 inverseLengthSquared: inverseLengthSquared, table: table, into: pixels)
    }

    /// `AlphaScan.firstWithAlpha` in this build.
    func firstWithAlpha(_ row: UnsafePointer<UInt8>, count: Int) -> Int {
        #if canImport(RasterCoreAVX2)
        if self == .x86_64_v3 { return RasterCoreAVX2.AlphaScan.firstWithAlpha(row, count: count) }
        #endif
        return RasterCore.AlphaScan.firstWithAlpha(row, count: count)
    }

    /// `AlphaScan.endOfAlpha` in this build.
    func endOfAlpha(_ row: UnsafePointer<UInt8>, count: Int) -> Int {
        #if canImport(RasterCoreAVX2)
        if self == .x86_64_v3 { return RasterCoreAVX2.AlphaScan.endOfAlpha(row, count: count) }
        #endif
        return RasterCore.AlphaScan.endOfAlpha(row, count: count)
    }

    /// `AlphaScan.alphas(_:count:equal:)` in this build.
    func alphas(_ row: UnsafePointer<UInt8>, count: Int, equal kept: UnsafePointer<UInt8>) -> Bool {
        #if canImport(RasterCoreAVX2)
        if self == .x86_64_v3 { return RasterCoreAVX2.AlphaScan.alphas(row, count: count, equal: kept) }
        #endif
        return RasterCore.AlphaScan.alphas(row, count: count, equal: kept)
    }
}
