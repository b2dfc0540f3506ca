import Animation
import Geometry
import XCTest

/// What sampling emits: draw order, zPosition, borders, masks, paths between shapes.
final class DisplayListTests: XCTestCase {
    func list(at t: Double = 0, _ build: (Layer) -> Void) throws -> [DisplayItem] {
        try Timeline.resolve(canvasSize: Size(100, 100), duration: 2) { _ in
            let root = Layer()
            build(root)
            return root
        }.displayList(at: t).items
    }

    func fillColors(_ items: [DisplayItem]) -> [Color] {
        items.compactMap { if case let .fill(_, _, color, _) = $0 { color } else { nil } }
    }

    /// Siblings draw in zPosition order, ties in sublayer order.
    func testZPositionOrdersSiblingsStably() throws {
        let items = try list { root in
            for (color, z) in [(Color.red, 1.0), (.green, 0), (.blue, 1), (.yellow, -1)] {
                let layer = Layer()
                layer.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
                layer.backgroundColor = color
                layer.zPosition = z
                root.addSublayer(layer)
            }
        }
        XCTAssertEqual(fillColors(items), [.yellow, .green, .red, .blue])
    }

    /// Background, shape fill, stroke, sublayers, then the border on top; a mask makes a group.
    func testLayerDrawOrderBorderAndMask() throws {
        let items = try list { root in
            let shape = ShapeLayer()
            shape.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
            shape.backgroundColor = .white
            shape.path = .ellipse(in: shape.bounds)
            shape.fillColor = .red
            shape.strokeColor = .blue
            shape.borderWidth = 2
            shape.borderColor = .green
            let child = Layer()
            child.bounds = Rect(x: 0, y: 0, width: 5, height: 5)
            child.backgroundColor = .yellow
            shape.addSublayer(child)
            let mask = Layer()
            mask.bounds = shape.bounds
            mask.backgroundColor = .black
            shape.mask = mask
            root.addSublayer(shape)
        }
        let kinds = items.map { item -> String in
            switch item {
            case let .fill(_, _, color, rule): return "fill \(color) \(rule)"
            case .stroke: return "stroke"
            case .beginGroup: return "group"
            case .endGroup: return "end group"
            case .beginMask: return "mask"
            case .endMask: return "end mask"
            default: return "other"
            }
        }
        XCTAssertEqual(kinds, ["group", "fill #FFFFFF nonZero", "fill #FF0000 nonZero", "stroke", "fill #FFFF00 nonZero",
                               "fill #00FF00 evenOdd", "mask", "fill #000000 nonZero", "end mask", "end group"])
    }

    /// A mask that draws nothing hides its layer (Core Animation: the mask's alpha decides what
    /// shows), so nothing of the layer is drawn, not even its group; an inverted mask that draws
    /// nothing hides nothing.
    func testAMaskThatDrawsNothingHidesItsLayerWithoutDrawingIt() throws {
        func masked(_ mode: MaskMode) throws -> [DisplayItem] {
            try list { root in
                let gradient = GradientLayer()
                gradient.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
                gradient.colors = [.red, .blue]
                gradient.shadowOpacity = 1
                let mask = ShapeLayer()
                mask.bounds = gradient.bounds
                mask.path = .ellipse(in: gradient.bounds)
                mask.fillColor = nil
                mask.strokeColor = .black
                mask.lineWidth = 0
                gradient.mask = mask
                gradient.maskMode = mode
                root.addSublayer(gradient)
            }
        }
        XCTAssertEqual(try masked(.alpha), [])
        XCTAssertEqual(try masked(.luminance), [])
        // The layer casts a shadow, which its mask clips: the mask applies to a group around it.
        XCTAssertEqual(try masked(.alphaInverted).count, 7, "group, group with the shadow, ramp, end group, mask, end mask, end group")
    }

    /// A layer that masks to its bounds casts no shadow, as on devices (issue 41: the card with
    /// rounded clipping and a shadow needs a second layer for its shadow); without it, it does.
    func testMasksToBoundsRemovesTheLayersOwnShadow() throws {
        func items(masking: Bool) throws -> [DisplayItem] {
            try list { root in
                let card = Layer()
                card.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
                card.position = Point(50, 50)
                (card.backgroundColor, card.cornerRadius, card.masksToBounds) = (.white, 8, masking)
                (card.shadowOpacity, card.shadowRadius) = (0.5, 6)
                let child = Layer()
                child.frame = Rect(x: -10, y: -10, width: 30, height: 30)
                child.backgroundColor = .red
                card.addSublayer(child)
                root.addSublayer(card)
            }
        }
        func shadows(_ items: [DisplayItem]) -> Int {
            items.filter { item in
                switch item {
                case .shadow: true
                case .beginGroup(_, let shadow?, _, _, _, _): shadow.color.alpha > 0
                default: false
                }
            }.count
        }
        XCTAssertEqual(shadows(try items(masking: false)), 1)
        XCTAssertEqual(shadows(try items(masking: true)), 0)
    }

    /// Paths with the same elements interpolate point by point; different ones jump at the midpoint.
    func testPathInterpolation() throws {
        var a = Path(), b = Path(), c = Path()
        a.move(to: .zero); a.addLine(to: Point(10, 0))
        b.move(to: .zero); b.addLine(to: Point(20, 10))
        c.move(to: .zero); c.addQuadCurve(to: Point(20, 10), control: Point(5, 5))
        XCTAssertEqual(AnimationValue.path(a).interpolated(to: .path(b), at: 0.5), .path({
            var m = Path(); m.move(to: .zero); m.addLine(to: Point(15, 5)); return m
        }()))
        XCTAssertEqual(AnimationValue.path(a).interpolated(to: .path(c), at: 0.49), .path(a))
        XCTAssertEqual(AnimationValue.path(a).interpolated(to: .path(c), at: 0.5), .path(c))
    }
}
