@testable import Animation
import Geometry
import Pipeline
import Raster
import XCTest

/// How a layer becomes pixels: drawn as a bitmap (`shouldRasterize` with `rasterizationScale`, a
/// text layer's own `contentsScale`) below the output's scale it is softer, as a device's
/// upscaled bitmap is: a box of the bitmap's pixel and a bilinear ramp over the next, variance
/// (w/2)² for w output pixels a bitmap pixel; without edge antialiasing its edges are hard.
final class RasterizationTests: XCTestCase {
    /// `layer` on a black 200 × 100-point canvas at 3 pixels a point.
    func render(_ layer: @escaping () -> Layer) throws -> Pixmap {
        let timeline = try Timeline.resolve(canvasSize: Size(200, 100), duration: 1) { _ in
            let root = Layer()
            root.frame = Rect(x: 0, y: 0, width: 200, height: 100)
            root.backgroundColor = .black
            root.addSublayer(layer())
            return root
        }
        return try XCTUnwrap(StillImage.render(timeline, at: 0, width: 600, height: 300, scale: 3))
    }

    /// A white 100-point square at (50, 0), as `configure` leaves it.
    func frame(_ configure: @escaping (Layer) -> Void) throws -> Pixmap {
        try render {
            let square = Layer()
            square.frame = Rect(x: 50, y: 0, width: 100, height: 100)
            square.backgroundColor = .white
            configure(square)
            return square
        }
    }

    /// The spread of the square's left edge (at column `edge`) on row 150, in pixels: the standard
    /// deviation of the profile's steps (a sharp edge on a pixel boundary has none).
    func edgeSpread(_ frame: Pixmap, edge: Int = 150) -> Double {
        let profile = ((edge - 20)..<(edge + 20)).map { Double(frame.pixel(x: $0, y: 150).r) / 255 }
        let steps = zip(profile.dropFirst(), profile).map { $0 - $1 }
        let total = steps.reduce(0, +)
        let mean = steps.enumerated().reduce(0) { $0 + Double($1.offset) * $1.element } / total
        return (steps.enumerated().reduce(0) { $0 + (Double($1.offset) - mean) * (Double($1.offset) - mean) * $1.element } / total).squareRoot()
    }

    func testARasterizedLayerBelowTheOutputsScaleIsSofter() throws {
        let sharp = try frame { _ in }
        XCTAssertEqual(edgeSpread(sharp), 0, accuracy: 1e-9)
        // rasterizationScale 1 (iOS's default) at 3 pixels a point: w = 3, σ = 1.5 pixels; at 1.5,
        // w = 2, σ = 1 (the blur's three box passes of odd widths realise a small σ to within a
        // fifth: 1.41 and 0.82 here).
        XCTAssertEqual(edgeSpread(try frame { $0.shouldRasterize = true }), 1.5, accuracy: 0.15)
        XCTAssertEqual(edgeSpread(try frame { ($0.shouldRasterize, $0.rasterizationScale) = (true, 1.5) }), 1, accuracy: 0.2)
        // The bitmap's pixels are the layer's: scaled 1.5 times by its transform, a bitmap of 3 on
        // a 3× output has w = 1.5, σ = 0.75 (the left edge at 100 − 75 points).
        XCTAssertEqual(edgeSpread(try frame { layer in
            (layer.shouldRasterize, layer.rasterizationScale, layer.transform) = (true, 3, Transform3D(scaleX: 1.5, y: 1.5))
        }, edge: 75), 0.75, accuracy: 0.15)
        // At the output's scale or above the bitmap is as sharp as drawing directly.
        XCTAssertEqual(try frame { ($0.shouldRasterize, $0.rasterizationScale) = (true, 3) }, sharp)
        XCTAssertEqual(try frame { $0.shouldRasterize = false; $0.rasterizationScale = 1 }, sharp)
    }

    /// A text layer that sets its `contentsScale` draws its text as a bitmap of that scale: at 1
    /// on a 3× output, as soft as its text blurred by σ = 1/(2 · contentsScale) = 0.5 points (a
    /// gaussianBlur filter of that radius); unset, or at the output's scale, it is sharp.
    func testATextLayersContentsScaleSoftensItsText() throws {
        func text(_ configure: @escaping (TextLayer) -> Void) throws -> Pixmap {
            try render {
                let label = TextLayer()
                label.frame = Rect(x: 10, y: 10, width: 180, height: 80)
                (label.string, label.fontSize) = ("Soft", 48)
                configure(label)
                return label
            }
        }
        let sharp = try text { _ in }
        XCTAssertEqual(try text { $0.contentsScale = 3 }, sharp)
        let soft = try text { $0.contentsScale = 1 }
        XCTAssertNotEqual(soft, sharp)
        XCTAssertEqual(soft, try text { $0.filters = [LayerFilter(.gaussianBlur(radius: 0.5))] })
    }

    /// `allowsEdgeAntialiasing` false: the square turned by 30° covers a pixel wholly or not at
    /// all, by whether at least half of it is inside — the smooth frame's coverage rounded at ½.
    func testWithoutEdgeAntialiasingEdgesAreHard() throws {
        func turned(_ smooth: Bool) throws -> Pixmap {
            try frame { ($0.transform, $0.allowsEdgeAntialiasing) = (Transform3D(rotationAngle: .pi / 6), smooth) }
        }
        let (smooth, hard) = (try turned(true), try turned(false))
        let pixels = stride(from: 0, to: smooth.bytes.count, by: 4)
        let partial = pixels.filter { smooth.bytes[$0] != 0 && smooth.bytes[$0] != 255 }.count
        let wrong = pixels.filter { hard.bytes[$0] != (smooth.bytes[$0] >= 128 ? 255 : 0) }
        XCTAssertEqual(wrong.count, 0, "first at pixel \((wrong.first ?? 0) / 4)")
        XCTAssertGreaterThan(partial, 200, "the smooth square's edges are partly covered")
    }
}
