import Foundation
import Geometry
import GoldenFiles
import Media
import Raster
import XCTest

/// One golden PNG per rasterizer feature, in `Golden/`. A rendering may differ from its golden
/// by at most 1 per channel (the output is deterministic; the slack absorbs PNG round trips).
/// After an intended change, regenerate with `make goldens` and look at the new images before
/// committing them.
final class GoldenImageTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    func check(_ name: String, _ body: (Canvas) -> Void, file: StaticString = #filePath, line: UInt = #line) throws {
        var frame = try draw(width: 96, height: 96, background: .white, body)
        frame.unpremultiply()
        let path = Self.folder.appendingPathComponent(name + ".png").path
        if Golden.isUpdating() {
            try PNGFile.write(rgba: frame.bytes, width: 96, height: 96, to: path)
            return
        }
        let golden = try ImageFile.load(path: path)
        XCTAssertEqual(golden.width, 96, file: file, line: line)
        let worst = zip(golden.rgba, frame.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 255
        XCTAssertLessThanOrEqual(worst, 1, "\(name): differs from Golden/\(name).png by up to \(worst)", file: file, line: line)
    }

    static func color(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> PremultipliedColor {
        PremultipliedColor(red: r, green: g, blue: b, alpha: a)
    }

    func testFills() throws {
        try check("fills") { c in
            c.fill(.ellipse(in: Rect(x: 6, y: 6, width: 40, height: 40)), transform: .identity, color: Self.color(0.1, 0.5, 0.9), rule: .nonZero)
            c.fill(.roundedRect(Rect(x: -15, y: -10, width: 30, height: 20), cornerRadius: 6),
                   transform: Transform3D(rotationAngle: 0.5).translatedBy(x: 0, y: 0).concatenating(Transform3D(translationX: 70, y: 26)),
                   color: Self.color(0.9, 0.3, 0.2, 0.8), rule: .nonZero)
            var star = Path()
            for i in 0..<5 {
                let a = Double(i) * 4 * .pi / 5 - .pi / 2
                let p = Point(48 + 38 * cos(a), 70 + 24 * sin(a))
                if i == 0 { star.move(to: p) } else { star.addLine(to: p) }
            }
            star.closeSubpath()
            c.fill(star, transform: .identity, color: Self.color(0.2, 0.7, 0.3, 0.9), rule: .evenOdd)
        }
    }

    func testStrokes() throws {
        try check("strokes") { c in
            for (i, cap) in StrokeStyle.Cap.allCases.enumerated() {
                for (j, join) in StrokeStyle.Join.allCases.enumerated() {
                    var p = Path()
                    p.move(to: Point(Double(8 + j * 30), Double(26 + i * 24)))
                    p.addLine(to: Point(Double(18 + j * 30), Double(10 + i * 24)))
                    p.addLine(to: Point(Double(28 + j * 30), Double(26 + i * 24)))
                    c.stroke(p, transform: .identity, color: Self.color(0.1, 0.2, 0.8), style: StrokeStyle(lineWidth: 5, lineCap: cap, lineJoin: join))
                }
            }
            var dashed = StrokeStyle(lineWidth: 2, lineCap: .round)
            dashed.dashPattern = [6, 4]
            var curve = Path()
            curve.move(to: Point(6, 88))
            curve.addQuadCurve(to: Point(90, 88), control: Point(48, 70))
            c.stroke(curve, transform: .identity, color: Self.color(0.8, 0.1, 0.1), style: dashed)
            c.stroke(curve, transform: .identity, color: Self.color(0, 0, 0), style: StrokeStyle(lineWidth: 0.4))
        }
    }

    func testGradients() throws {
        func ramp(_ t: Double) -> (r: Double, g: Double, b: Double, a: Double) { (1 - t, 0.5 * t, t, 1) }
        try check("gradients") { c in
            c.fill(.roundedRect(Rect(x: 4, y: 4, width: 40, height: 40), cornerRadius: 8), transform: .identity,
                   paint: .gradient(GradientPaint(kind: .axial, start: Point(4, 4), end: Point(44, 44), opacity: 1, color: ramp)), rule: .nonZero)
            c.fill(.ellipse(in: Rect(x: 52, y: 4, width: 40, height: 40)), transform: .identity,
                   paint: .gradient(GradientPaint(kind: .radial, start: Point(72, 24), end: Point(92, 44), opacity: 0.8, color: ramp)), rule: .nonZero)
            c.fill(.ellipse(in: Rect(x: 28, y: 52, width: 40, height: 40)), transform: .identity,
                   paint: .gradient(GradientPaint(kind: .conic, start: Point(48, 72), end: Point(68, 72), opacity: 1, color: ramp)), rule: .nonZero)
        }
    }

    func testImages() throws {
        var bytes = [UInt8](repeating: 255, count: 16 * 16 * 4)
        for y in 0..<16 { for x in 0..<16 { bytes[(y * 16 + x) * 4] = UInt8(x * 16); bytes[(y * 16 + x) * 4 + 1] = UInt8(y * 16); bytes[(y * 16 + x) * 4 + 2] = (x / 4 + y / 4) % 2 == 0 ? 40 : 220 } }
        let pattern = try XCTUnwrap(Pixmap(width: 16, height: 16, premultipliedBytes: bytes))
        let whole = Rect(x: 0, y: 0, width: 1, height: 1)
        try check("images") { c in
            let big = Rect(x: 4, y: 4, width: 56, height: 56)
            c.fill(.roundedRect(big, cornerRadius: 10), transform: .identity,
                   paint: .image(ImagePaint(image: pattern, destination: big, source: whole, opacity: 1)), rule: .nonZero)
            let small = Rect(x: 66, y: 8, width: 6, height: 6)
            c.fill(.roundedRect(small, cornerRadius: 0), transform: .identity,
                   paint: .image(ImagePaint(image: pattern, destination: small, source: whole, opacity: 1, minification: 16.0 / 6,
                                             sampling: ImageSampling(minification: .trilinear))), rule: .nonZero)
            let cropped = Rect(x: 62, y: 30, width: 30, height: 60)
            c.fill(.roundedRect(cropped, cornerRadius: 0), transform: Transform3D(rotationAngle: 0.1).concatenating(Transform3D(translationX: 4, y: -4)),
                   paint: .image(ImagePaint(image: pattern, destination: cropped, source: Rect(x: 0.25, y: 0, width: 0.5, height: 1), opacity: 0.7)),
                   rule: .nonZero)
        }
    }

    func testGroupsClipsAndMasks() throws {
        try check("compositing") { c in
            c.beginGroup(opacity: 0.5)
            c.fill(.ellipse(in: Rect(x: 4, y: 4, width: 40, height: 40)), transform: .identity, color: Self.color(1, 0, 0), rule: .nonZero)
            c.fill(.ellipse(in: Rect(x: 24, y: 4, width: 40, height: 40)), transform: .identity, color: Self.color(0, 0, 1), rule: .nonZero)
            c.endGroup()
            c.beginClip(.roundedRect(Rect(x: 8, y: 52, width: 36, height: 36), cornerRadius: 12), transform: .identity)
            c.fill(.roundedRect(Rect(x: 0, y: 48, width: 48, height: 48), cornerRadius: 0), transform: .identity, color: Self.color(0.2, 0.6, 0.2), rule: .nonZero)
            c.endClip()
            c.beginGroup(opacity: 1)
            c.fill(.roundedRect(Rect(x: 52, y: 52, width: 40, height: 40), cornerRadius: 0), transform: .identity, color: Self.color(0.9, 0.6, 0), rule: .nonZero)
            c.beginMask()
            c.fill(.ellipse(in: Rect(x: 52, y: 52, width: 40, height: 40)), transform: .identity, color: Self.color(0, 0, 0, 0.7), rule: .nonZero)
            c.endMask()
            c.endGroup()
        }
    }

    func testShadows() throws {
        try check("shadows") { c in
            let shadow = ShadowPaint(color: Self.color(0, 0, 0, 0.6), offsetX: 4, offsetY: 6, radius: 6)
            c.drawShadow(.roundedRect(Rect(x: 10, y: 10, width: 30, height: 30), cornerRadius: 6), transform: .identity, shadow: shadow)
            c.fill(.roundedRect(Rect(x: 10, y: 10, width: 30, height: 30), cornerRadius: 6), transform: .identity, color: Self.color(1, 1, 1), rule: .nonZero)
            c.beginGroup(opacity: 1, shadow: ShadowPaint(color: Self.color(0.2, 0, 0.4, 0.8), offsetX: -3, offsetY: 4, radius: 3))
            c.fill(.ellipse(in: Rect(x: 50, y: 50, width: 36, height: 36)), transform: .identity, color: Self.color(0.3, 0.8, 0.9), rule: .nonZero)
            c.endGroup()
        }
    }

    func testPerspective() throws {
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 120
        let t = Transform3D(translationX: -30, y: -30)
            .concatenating(Transform3D(rotationAngle: 0.9, x: 1, y: 1, z: 0))
            .concatenating(perspective)
            .concatenating(Transform3D(translationX: 48, y: 48))
        try check("perspective") { c in
            c.fill(.roundedRect(Rect(x: 0, y: 0, width: 60, height: 60), cornerRadius: 10), transform: t,
                   paint: .gradient(GradientPaint(kind: .axial, start: .zero, end: Point(60, 60), opacity: 1) { s in (s, 0.3, 1 - s, 1) }), rule: .nonZero)
            c.stroke(.roundedRect(Rect(x: 0, y: 0, width: 60, height: 60), cornerRadius: 10), transform: t, color: Self.color(0, 0, 0), style: StrokeStyle(lineWidth: 2))
        }
    }
}
