@testable import Animation
import Geometry
@testable import Pipeline
import Raster
import XCTest

/// A gradient masked by one shape is drawn as the shape filled with the gradient: the same
/// picture as the group and its mask, within two levels of rounding, and nothing else is taken.
final class MaskedGradientTests: XCTestCase {
    private let canvas = Size(120, 80)
    /// The gradient's rectangle, placed turned and scaled on the canvas.
    private let rectangle = Path.roundedRect(Rect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 0)
    private let plane = Transform3D(scaleX: 0.9, y: 1.1).rotated(by: 0.2).translatedBy(x: 14, y: 4)

    private func gradient(_ type: GradientType) -> Gradient {
        Gradient(type: type, colors: [Color(red: 1, green: 0.8, blue: 0.1), Color(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.6)],
                 locations: [0, 1], start: Point(10, 10), end: Point(90, 50))
    }

    /// A star in its own coordinates, which `shapeTransform` carries into the rectangle's.
    private func star(scale: Double) -> Path {
        var p = Path()
        for k in 0..<10 {
            let angle = Double(k) * .pi / 5, r = (k % 2 == 0 ? 28 : 12) * scale
            let point = Point(50 + r * sin(angle), 30 - r * cos(angle))
            if k == 0 { p.move(to: point) } else { p.addLine(to: point) }
        }
        p.closeSubpath()
        return p
    }

    private func group(_ type: GradientType, mask: DisplayItem, extra: [DisplayItem] = []) -> [DisplayItem] {
        [.beginGroup(opacity: 0.8, shadow: nil, blend: .normal, blur: 0),
         .fillGradient(rectangle, transform: plane, gradient: gradient(type), opacity: 0.9)]
            + extra + [.beginMask(.alpha), mask, .endMask, .endGroup]
    }

    private func render(_ items: [DisplayItem]) throws -> Pixmap {
        let list = DisplayList(canvasSize: canvas, items: [.fill(.roundedRect(Rect(origin: .zero, size: canvas), cornerRadius: 0),
                                                                transform: .identity, color: Color(white: 0.2), rule: .nonZero)] + items)
        return FrameRenderer(scale: 2).render(list, into: try XCTUnwrap(Pixmap(width: 240, height: 160)))
    }

    /// The largest channel difference between two pictures, and how many pixels differ.
    private func difference(_ a: Pixmap, _ b: Pixmap) -> (largest: Int, pixels: Int) {
        var largest = 0, pixels = 0
        for i in stride(from: 0, to: a.bytes.count, by: 4) {
            let d = (0..<4).map { abs(Int(a.bytes[i + $0]) - Int(b.bytes[i + $0])) }.max() ?? 0
            largest = max(largest, d)
            if d > 0 { pixels += 1 }
        }
        return (largest, pixels)
    }

    func testAMaskedGradientIsTheShapeFilledWithIt() throws {
        // The star is in coordinates of its own, mapped into the rectangle's by a transform.
        let shapeTransform = Transform3D(scaleX: 0.5, y: 0.5).concatenating(Transform3D(translationX: 25, y: 15)).concatenating(plane)
        let mask = DisplayItem.fill(star(scale: 2), transform: shapeTransform, color: Color(white: 1, alpha: 0.7), rule: .nonZero)
        for type in [GradientType.axial, .radial] {
            let items = group(type, mask: mask)
            let fused = MaskedGradientFusion.fused(items[...])
            XCTAssertEqual(fused.count, 1, "\(type): one fill")
            guard case let .fillGradient(_, transform, _, opacity) = fused.first else { return XCTFail("\(type): a gradient fill") }
            XCTAssertEqual(transform, plane)
            XCTAssertEqual(opacity, 0.8 * 0.9 * 0.7, accuracy: 1e-12)
            // An empty fill in the group keeps it from being taken: the group and its mask.
            let grouped = try render(group(type, mask: mask, extra: [.fill(Path(), transform: .identity, color: .clear, rule: .nonZero)]))
            let (largest, pixels) = difference(try render(items), grouped)
            XCTAssertLessThanOrEqual(largest, 2, "\(type)")
            XCTAssertGreaterThan(pixels, 0, "\(type): the two ways round differently somewhere")
        }
    }

    func testOnlyMasksInsideTheRectangleUnderTheNonZeroRuleAreTaken() throws {
        let inside = Transform3D(scaleX: 0.5, y: 0.5).concatenating(Transform3D(translationX: 25, y: 15)).concatenating(plane)
        let reaching = Transform3D(translationX: 40, y: 0).concatenating(plane)
        let kept: [(String, DisplayItem)] = [
            ("reaching out of the rectangle", .fill(star(scale: 1), transform: reaching, color: .white, rule: .nonZero)),
            ("even-odd", .fill(star(scale: 1), transform: inside, color: .white, rule: .evenOdd)),
            ("a stroke", .stroke(star(scale: 1), transform: inside, color: .white, style: StrokeStyle(lineWidth: 3))),
        ]
        for (name, mask) in kept {
            let items = group(.axial, mask: mask)
            XCTAssertEqual(MaskedGradientFusion.fused(items[...]), items, name)
        }
        // A luma mask, a shadow or a second item in the group are kept too.
        let fill = DisplayItem.fill(star(scale: 1), transform: inside, color: .white, rule: .nonZero)
        var luma = group(.axial, mask: fill)
        luma[2] = .beginMask(.luminance)
        XCTAssertEqual(MaskedGradientFusion.fused(luma[...]), luma)
        var shadowed = group(.axial, mask: fill)
        shadowed[0] = .beginGroup(opacity: 1, shadow: Shadow(color: .black, offset: Size(2, 2), radius: 3), blend: .normal, blur: 0)
        XCTAssertEqual(MaskedGradientFusion.fused(shadowed[...]), shadowed)
    }
}
