@testable import Animation
import Geometry
@testable import Pipeline
import Raster
import XCTest

/// Groups that one draw gives are drawn as that draw: the same picture as the group, within
/// two levels of rounding, and nothing else is taken.
final class GroupFlatteningTests: XCTestCase {
    private let canvas = Size(120, 80)
    /// The rectangle of colour or gradient, placed turned and scaled on the canvas.
    private let rectangle = Path.roundedRect(Rect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 0)
    private let plane = Transform3D(scaleX: 0.9, y: 1.1).rotated(by: 0.2).translatedBy(x: 14, y: 4)
    /// Carries the star's own coordinates into the rectangle's, inside it.
    private var inside: Transform3D {
        Transform3D(scaleX: 0.5, y: 0.5).concatenating(Transform3D(translationX: 25, y: 15)).concatenating(plane)
    }
    /// An empty fill: in a group, it keeps the group from being flattened.
    private let nothing = DisplayItem.fill(Path(), transform: .identity, color: .clear, rule: .nonZero)

    private func gradient(_ type: GradientType) -> Gradient {
        Gradient(type: type, colors: [Color(red: 1, green: 0.8, blue: 0.1), Color(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.6)],
                 locations: [0, 1], start: Point(10, 10), end: Point(90, 50))
    }

    /// A star about (50, 30) in its own coordinates, reaching 28 × `scale` out.
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

    private func group(_ content: [DisplayItem], mask: DisplayItem? = nil, opacity: Double = 0.8) -> [DisplayItem] {
        [.beginGroup(opacity: opacity, shadow: nil, blend: .normal, blur: 0)] + content
            + (mask.map { [.beginMask(.alpha), $0, .endMask] } ?? []) + [.endGroup]
    }

    private func render(_ items: [DisplayItem]) throws -> Pixmap {
        let list = DisplayList(canvasSize: canvas, items: [.fill(.roundedRect(Rect(origin: .zero, size: canvas), cornerRadius: 0),
                                                                transform: .identity, color: Color(white: 0.2), rule: .nonZero)] + items)
        return FrameRenderer(scale: 2).render(list, into: try XCTUnwrap(Pixmap(width: 240, height: 160)))
    }

    /// Checks that `items` (one group) become one draw whose picture is the group's within two
    /// levels (the group drawn through its pixmap: `kept`, by default `items` with an empty fill
    /// added to the group), and returns that draw.
    @discardableResult
    private func assertOneDraw(_ items: [DisplayItem], kept: [DisplayItem]? = nil, _ name: String,
                               file: StaticString = #filePath, line: UInt = #line) throws -> DisplayItem? {
        let flat = GroupFlattening.flattened(items[...])
        XCTAssertEqual(flat.count, 1, "\(name): one draw", file: file, line: line)
        var grouped = items
        grouped.insert(nothing, at: 1)
        if let kept { grouped = kept }
        XCTAssertEqual(GroupFlattening.flattened(grouped[...]), grouped, name, file: file, line: line)
        let (a, b) = (try render(items), try render(grouped))
        let largest = zip(a.bytes, b.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
        XCTAssertLessThanOrEqual(largest, 2, name, file: file, line: line)
        return flat.first
    }

    func testAMaskedGradientIsTheShapeFilledWithIt() throws {
        let mask = DisplayItem.fill(star(scale: 2), transform: inside, color: Color(white: 1, alpha: 0.7), rule: .nonZero)
        for type in [GradientType.axial, .radial] {
            let draw = try assertOneDraw(group([.fillGradient(rectangle, transform: plane, gradient: gradient(type), opacity: 0.9)], mask: mask), "\(type)")
            guard case let .fillGradient(_, transform, _, opacity) = draw else { return XCTFail("\(type): a gradient fill") }
            XCTAssertEqual(transform, plane)
            XCTAssertEqual(opacity, 0.8 * 0.9 * 0.7, accuracy: 1e-12)
        }
    }

    func testAMaskedRectangleOfColourIsTheShapeInThatColour() throws {
        // Under either rule, nested in a translucent group (the inner group is flattened first).
        for rule in [FillRule.nonZero, .evenOdd] {
            let mask = DisplayItem.fill(star(scale: 2), transform: inside, color: Color(white: 1, alpha: 0.7), rule: rule)
            let colour = DisplayItem.fill(rectangle, transform: plane, color: Color(red: 0.9, green: 0.3, blue: 0.2, alpha: 0.9), rule: .nonZero)
            let draw = try assertOneDraw(group(group([colour], mask: mask, opacity: 1), opacity: 0.7),
                                         kept: group(group([colour, nothing], mask: mask, opacity: 1) + [nothing], opacity: 0.7), "\(rule)")
            guard case let .fill(_, transform, color, drawnRule) = draw else { return XCTFail("\(rule): a fill") }
            XCTAssertEqual(transform, inside)
            XCTAssertEqual(drawnRule, rule)
            XCTAssertEqual(color.alpha, 0.9 * 0.7 * 0.7, accuracy: 1e-12)
        }
    }

    /// A shape on the rectangle's own edges, between pixels: the group multiplied the edge
    /// pixels' coverage by itself (a darker fringe), the one draw takes it once, as the
    /// rectangle filled directly.
    func testAShapeOnTheRectangleEdgeIsDrawnOnce() throws {
        let ramp = gradient(.axial)
        let masked = group([.fillGradient(rectangle, transform: plane, gradient: ramp, opacity: 1)],
                           mask: .fill(rectangle, transform: plane, color: .white, rule: .nonZero), opacity: 1)
        XCTAssertEqual(GroupFlattening.flattened(masked[...]).count, 1)
        func largestDifference(_ a: Pixmap, _ b: Pixmap) -> Int { zip(a.bytes, b.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0 }
        let direct = try render([.fillGradient(rectangle, transform: plane, gradient: ramp, opacity: 1)])
        XCTAssertLessThanOrEqual(largestDifference(try render(masked), direct), 1)
        var grouped = masked
        grouped.insert(nothing, at: 1)
        XCTAssertGreaterThan(largestDifference(try render(grouped), direct), 20, "the group's fringe")
    }

    /// Opacities beyond 0…1 count as the group draws them: clamped, group and draw apart.
    func testOpacitiesAreClampedAsTheGroupDrawsThem() throws {
        let colour = Color(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.5)
        let fill = DisplayItem.fill(star(scale: 1), transform: inside, color: colour, rule: .nonZero)
        try assertOneDraw(group([fill], opacity: 1.3), "a group above 1")
        let overbright = DisplayItem.fill(star(scale: 1), transform: inside, color: Color(red: 0.2, green: 0.6, blue: 0.9, alpha: 1.4), rule: .nonZero)
        try assertOneDraw(group([overbright], opacity: 0.6), "a colour above 1")
        try assertOneDraw(group([.fill(rectangle, transform: plane, color: colour, rule: .nonZero)], mask: fill, opacity: 1.5), "a masked group above 1")
        // A gradient's opacity beyond 1 scaled each stop before clamping it: such groups are kept.
        let bright = group([.fillGradient(rectangle, transform: plane, gradient: gradient(.axial), opacity: 1.5)])
        XCTAssertEqual(GroupFlattening.flattened(bright[...]), bright)
    }

    func testAGroupOfOneDrawIsThatDrawFaded() throws {
        let pixels = try XCTUnwrap(Image(width: 2, height: 2, premultipliedRGBA: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 200, 200, 200, 200]))
        let draws: [(String, DisplayItem)] = [
            ("fill", .fill(star(scale: 1), transform: inside, color: Color(red: 0.2, green: 0.6, blue: 0.9), rule: .nonZero)),
            ("stroke", .stroke(star(scale: 1), transform: inside, color: Color(white: 0.9), style: StrokeStyle(lineWidth: 3))),
            ("gradient", .fillGradient(rectangle, transform: plane, gradient: gradient(.axial), opacity: 1)),
            ("image", .image(pixels, transform: plane, destination: Rect(x: 0, y: 0, width: 100, height: 60), source: Rect(x: 0, y: 0, width: 1, height: 1),
                             opacity: 0.9, tint: .white, sampling: ImageSampling())),
        ]
        for (name, draw) in draws { try assertOneDraw(group([draw]), name) }
    }

    func testOtherGroupsKeepTheirPixmap() throws {
        let reaching = Transform3D(translationX: 40, y: 0).concatenating(plane)
        let colour = DisplayItem.fill(rectangle, transform: plane, color: .white, rule: .nonZero)
        let ramp = DisplayItem.fillGradient(rectangle, transform: plane, gradient: gradient(.axial), opacity: 1)
        let kept: [(String, [DisplayItem])] = [
            ("a mask reaching out of the rectangle", group([colour], mask: .fill(star(scale: 1), transform: reaching, color: .white, rule: .nonZero))),
            ("a gradient under an even-odd mask", group([ramp], mask: .fill(star(scale: 1), transform: inside, color: .white, rule: .evenOdd))),
            ("a stroked mask", group([ramp], mask: .stroke(star(scale: 1), transform: inside, color: .white, style: StrokeStyle(lineWidth: 3)))),
            ("two draws", group([colour, ramp])),
            ("an additive sprite", group([.sprite(try XCTUnwrap(Image(width: 1, height: 1, premultipliedRGBA: [9, 9, 9, 9])), transform: plane, size: Size(4, 4),
                                                   source: Rect(x: 0, y: 0, width: 1, height: 1), opacity: 1, tint: .white, additive: true)])),
        ]
        for (name, items) in kept { XCTAssertEqual(GroupFlattening.flattened(items[...]), items, name) }
        let fill = DisplayItem.fill(star(scale: 1), transform: inside, color: .white, rule: .nonZero)
        var luma = group([ramp], mask: fill)
        luma[2] = .beginMask(.luminance)
        XCTAssertEqual(GroupFlattening.flattened(luma[...]), luma, "a luminance mask")
        var shadowed = group([colour])
        shadowed[0] = .beginGroup(opacity: 1, shadow: Shadow(color: .black, offset: Size(2, 2), radius: 3), blend: .normal, blur: 0)
        XCTAssertEqual(GroupFlattening.flattened(shadowed[...]), shadowed, "a shadow")
        var multiplied = group([colour])
        multiplied[0] = .beginGroup(opacity: 1, shadow: nil, blend: .multiply, blur: 0)
        XCTAssertEqual(GroupFlattening.flattened(multiplied[...]), multiplied, "a blend mode")
    }
}
