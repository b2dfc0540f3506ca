import Geometry
@testable import Pipeline
import Raster
import XCTest

/// A frame drawn in bands on several threads equals the frame drawn whole on one, whatever the
/// band count and whatever the frame held before.
final class BandRendererTests: XCTestCase {
    /// The frame drawn whole, on one canvas: what every band layout must reproduce.
    func draw(width: Int, height: Int, background: PremultipliedColor, _ body: (Canvas) -> Void) throws -> Pixmap {
        let canvas = Canvas()
        canvas.begin(try XCTUnwrap(Pixmap(width: width, height: height)), clearingTo: background)
        body(canvas)
        return canvas.end()
    }

    /// Fills, strokes (dashed, hairline, long curves crossing every band), gradients, an image,
    /// a group, a clip, a mask and a perspective transform, across a 96 × 250 frame.
    static func drawEverything(on c: Canvas) {
        func color(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> PremultipliedColor {
            PremultipliedColor(red: r, green: g, blue: b, alpha: a)
        }
        for i in 0..<24 {
            let y = Double(i * 11 % 240), x = Double(i * 37 % 90)
            c.fill(.ellipse(in: Rect(x: x - 4, y: y - 3, width: 18 + Double(i % 5), height: 14)), transform: .identity,
                   color: color(Double(i % 3) / 2, 0.4, 0.8, 0.7), rule: i % 2 == 0 ? .nonZero : .evenOdd)
        }
        var curve = Path()
        curve.move(to: Point(4, 2))
        curve.addQuadCurve(to: Point(92, 246), control: Point(-60, 200))
        var dashed = StrokeStyle(lineWidth: 3, lineCap: .round, lineJoin: .round)
        dashed.dashPattern = [9, 4]
        dashed.dashPhase = 2
        c.stroke(curve, transform: .identity, color: color(0.8, 0.1, 0.1, 0.9), style: dashed)
        c.stroke(curve, transform: Transform3D(translationX: 10, y: 0), color: color(0, 0, 0), style: StrokeStyle(lineWidth: 0.4))
        c.fill(.roundedRect(Rect(x: 8, y: 60, width: 70, height: 90), cornerRadius: 12), transform: .identity,
               paint: .gradient(GradientPaint(kind: .radial, start: Point(40, 100), end: Point(70, 150), opacity: 0.8) { t in (1 - t, 0.5 * t, t, 1) }),
               rule: .nonZero)
        var bytes = [UInt8](repeating: 255, count: 8 * 8 * 4)
        for p in 0..<64 { bytes[p * 4] = UInt8(p * 4); bytes[p * 4 + 1] = UInt8(255 - p * 4) }
        if let image = Pixmap(width: 8, height: 8, premultipliedBytes: bytes) {
            let destination = Rect(x: 30, y: 110, width: 50, height: 60)
            c.fill(.roundedRect(destination, cornerRadius: 0), transform: Transform3D(rotationAngle: 0.2),
                   paint: .image(ImagePaint(image: image, destination: destination, source: Rect(x: 0, y: 0, width: 1, height: 1), opacity: 1)),
                   rule: .nonZero)
        }
        c.beginGroup(opacity: 0.5)
        c.fill(.ellipse(in: Rect(x: 10, y: 150, width: 50, height: 50)), transform: .identity, color: color(1, 0, 0), rule: .nonZero)
        c.fill(.ellipse(in: Rect(x: 35, y: 160, width: 50, height: 50)), transform: .identity, color: color(0, 0, 1), rule: .nonZero)
        c.beginClip(.roundedRect(Rect(x: 20, y: 170, width: 50, height: 40), cornerRadius: 10), transform: .identity)
        c.fill(.roundedRect(Rect(x: 0, y: 165, width: 96, height: 50), cornerRadius: 0), transform: .identity, color: color(0.2, 0.7, 0.2), rule: .nonZero)
        c.endClip()
        c.endGroup()
        c.beginGroup(opacity: 1)
        c.fill(.roundedRect(Rect(x: 50, y: 190, width: 40, height: 40), cornerRadius: 0), transform: .identity, color: color(0.9, 0.6, 0), rule: .nonZero)
        c.beginMask()
        c.fill(.ellipse(in: Rect(x: 50, y: 190, width: 40, height: 40)), transform: .identity, color: color(0, 0, 0, 0.7), rule: .nonZero)
        c.endMask()
        c.endGroup()
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 120
        let tilted = Transform3D(translationX: -25, y: -25).concatenating(Transform3D(rotationAngle: 0.9, x: 1, y: 1, z: 0))
            .concatenating(perspective).concatenating(Transform3D(translationX: 48, y: 40))
        c.stroke(.roundedRect(Rect(x: 0, y: 0, width: 50, height: 50), cornerRadius: 8), transform: tilted, color: color(0, 0.3, 0.3), style: StrokeStyle(lineWidth: 2))
    }

    func testEveryThreadCountDrawsTheSameFrame() throws {
        let (width, height) = (96, 250)
        let background = PremultipliedColor(red: 0.95, green: 0.9, blue: 0.8, alpha: 1)
        let single = try draw(width: width, height: height, background: background, Self.drawEverything)
        let changed = stride(from: 0, to: single.bytes.count, by: 4).filter { single.pixel(x: $0 / 4 % width, y: $0 / 4 / width) != background }
        XCTAssertGreaterThan(changed.count, width * height / 4, "the test frame should be mostly drawn over")
        for threads in [2, 3, 4, 7, 60] {
            let renderer = BandRenderer(width: width, height: height, threads: threads)
            // A frame full of other pixels: bands must clear every row they draw.
            let stale = try XCTUnwrap(Pixmap(width: width, height: height, premultipliedBytes: [UInt8](repeating: 77, count: width * height * 4)))
            var frame = renderer.render(into: stale, clearingTo: background) { Self.drawEverything(on: $0) }
            XCTAssertTrue(frame == single, "\(threads) threads: the frame differs from one thread's")
            frame = renderer.render(into: frame, clearingTo: background) { Self.drawEverything(on: $0) }
            XCTAssertTrue(frame == single, "\(threads) threads, second frame: differs from one thread's")
        }
    }

    /// The cuts follow the estimated cost: one band a thread, each of an equal share. Rows 0..<100
    /// cost 10 each and the other 300 nothing (total 1,000), so on 2 threads the share 500 falls
    /// after row 50 and the last band takes every row left; on 4 threads the shares 250, 500 and
    /// 750 fall after rows 25, 50 and 75. With no cost at all, or equal costs, rows count the
    /// same: 250 rows are cut at 125.
    func testBandsAreCutByCost() {
        let busyTop = (0..<400).map { $0 < 100 ? 10.0 : 0 }
        XCTAssertEqual(BandRenderer.bands(costs: busyTop, threads: 2), [0..<50, 50..<400])
        XCTAssertEqual(BandRenderer.bands(costs: busyTop, threads: 4), [0..<25, 25..<50, 50..<75, 75..<400])
        XCTAssertEqual(BandRenderer.bands(costs: [Double](repeating: 3, count: 250), threads: 2), [0..<125, 125..<250])
        XCTAssertEqual(BandRenderer.bands(costs: [Double](repeating: 0, count: 250), threads: 2), [0..<125, 125..<250])
        XCTAssertEqual(BandRenderer.bands(costs: busyTop, threads: 1), [0..<400])

        var costs = RowCosts(width: 100, height: 10)
        costs.add(.roundedRect(Rect(x: -50, y: 2.5, width: 80, height: 3), cornerRadius: 0), transform: Transform3D(translationX: 0, y: 1))
        // The box, y 3.5…6.5 and x clamped to 0…30, holds 90 pixels, spread over the rows it
        // touches (3, 4, 5 and 6): 22.5 each, plus 16 a row.
        XCTAssertEqual(costs.values, [0, 0, 0, 38.5, 38.5, 38.5, 38.5, 0, 0, 0])
        // A 10 × 2 rectangle turned a quarter and moved to x 50: x 48…50, y 0…10, 20 pixels over
        // rows 0 to 9, 2 each plus 16 a row.
        var turned = RowCosts(width: 100, height: 10)
        turned.add(.roundedRect(Rect(x: 0, y: 0, width: 10, height: 2), cornerRadius: 0),
                   transform: Transform3D(rotationAngle: .pi / 2).concatenating(Transform3D(translationX: 50, y: 0)))
        for value in turned.values { XCTAssertEqual(value, 18, accuracy: 1e-9) }
        // A stroke 2 pixels wide along a 30-pixel line from (0, 4) to (30, 4): its 30 · (2 + 2)
        // pixels over the rows of y 2…6, 2 to 5 (the width's half and a pixel of anti-aliasing
        // each side): 120 / 4 + 16 a row.
        var line = Path()
        line.move(to: Point(0, 4))
        line.addLine(to: Point(30, 4))
        var stroked = RowCosts(width: 100, height: 10)
        stroked.addStroke(line, transform: .identity, lineWidth: 2)
        XCTAssertEqual(stroked.values, [0, 0, 46, 46, 46, 46, 0, 0, 0, 0])
    }

    /// Bands cut by a skewed estimate draw the same frame as one thread: the estimate moves the
    /// cuts, never the pixels.
    func testCostCutBandsDrawTheSameFrame() throws {
        let (width, height) = (96, 250)
        let single = try draw(width: width, height: height, background: .white, Self.drawEverything)
        var costs = RowCosts(width: width, height: height)
        costs.add(minX: 0, maxX: 96, minY: 0, maxY: 30)
        for threads in [2, 3, 5] {
            let renderer = BandRenderer(width: width, height: height, threads: threads)
            var frame = renderer.render(into: try XCTUnwrap(Pixmap(width: width, height: height)), clearingTo: .white, costs: costs) {
                Self.drawEverything(on: $0)
            }
            XCTAssertTrue(frame == single, "\(threads) threads, cut by cost: the frame differs from one thread's")
            // Then by rows: the band pixmaps change shape and are reused.
            frame = renderer.render(into: frame, clearingTo: .white) { Self.drawEverything(on: $0) }
            XCTAssertTrue(frame == single, "\(threads) threads, cut by rows after cost: the frame differs from one thread's")
        }
    }

    /// Frames of a few rows: every row is drawn once, whatever the thread count asked for.
    func testShortFramesAreCoveredByTheirBands() throws {
        for height in 1...6 {
            let single = try draw(width: 40, height: height, background: .white) { canvas in
                canvas.fill(.ellipse(in: Rect(x: 3, y: -2, width: 30, height: 9)), transform: .identity,
                            color: PremultipliedColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.8), rule: .nonZero)
            }
            for threads in 1...5 {
                let renderer = BandRenderer(width: 40, height: height, threads: threads)
                let stale = try XCTUnwrap(Pixmap(width: 40, height: height, premultipliedBytes: [UInt8](repeating: 9, count: 40 * height * 4)))
                let frame = renderer.render(into: stale, clearingTo: .white) { canvas in
                    canvas.fill(.ellipse(in: Rect(x: 3, y: -2, width: 30, height: 9)), transform: .identity,
                                color: PremultipliedColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.8), rule: .nonZero)
                }
                XCTAssertTrue(frame == single, "height \(height), \(threads) threads: differs from one thread's")
            }
        }
    }

    /// A shadow whose blur stays inside its band is drawn as one thread draws it (the silhouette
    /// is taken from the band's own rows).
    func testShadowsInsideABandMatchOneThread() throws {
        let shadow = ShadowPaint(color: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.6), offsetX: 3, offsetY: 4, radius: 4)
        @Sendable func shadowed(_ canvas: Canvas) {
            // Bands of a 250-row frame on two threads: 0..<100, 100..<200, 200..<225, 225..<250.
            for top in [30.0, 135.0] {
                let card = Path.roundedRect(Rect(x: 20, y: top, width: 50, height: 30), cornerRadius: 6)
                canvas.drawShadow(card, transform: .identity, shadow: shadow)
                canvas.fill(card, transform: .identity, color: .white, rule: .nonZero)
            }
        }
        let single = try draw(width: 96, height: 250, background: PremultipliedColor(red: 0.8, green: 0.9, blue: 1, alpha: 1), shadowed)
        let renderer = BandRenderer(width: 96, height: 250, threads: 2)
        let frame = renderer.render(into: try XCTUnwrap(Pixmap(width: 96, height: 250)),
                                    clearingTo: PremultipliedColor(red: 0.8, green: 0.9, blue: 1, alpha: 1), draw: shadowed)
        XCTAssertTrue(frame == single, "a shadow inside one band differs from one thread's")
    }
}
