import Animation
import Foundation
import Geometry
import XCTest

/// How layers combine in depth (docs/core-animation.md §1): a layer flattens its sublayers into
/// its own plane unless it is a replicator that preserves depth, perspective survives the
/// flattening, and siblings draw in the order of their presentation zPosition.
final class DepthRuleTests: XCTestCase {
    /// The presented layers at `t` of the tree `build` makes under a plain root.
    func presented(at t: Double = 0, _ build: (Layer) -> Void) throws -> [PresentedLayer] {
        let timeline = try Timeline.resolve(canvasSize: Size(100, 100), duration: 10) { _ in
            let root = Layer()
            build(root)
            return root
        }
        return timeline.presentedLayers(at: t)
    }

    /// A layer of zero bounds turned π/4 about y, at the origin: its anchor is its origin.
    func tilted(_ name: String) -> Layer {
        let layer = Layer()
        layer.name = name
        layer.transform = Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0)
        return layer
    }

    /// A parent turned π/4 about y draws its child, also turned π/4 about y, flattened into its
    /// plane: the child's x axis first shrinks to cos(π/4) in the parent's plane, then the parent
    /// shrinks that plane's x by cos(π/4) again: m11 = cos²(π/4) = 0.5, not cos(π/2) = 0.
    func testALayerFlattensItsSublayersIntoItsPlane() throws {
        let layers = try presented { root in
            let parent = tilted("parent")
            parent.addSublayer(tilted("child"))
            root.addSublayer(parent)
        }
        let child = try XCTUnwrap(layers.first { $0.path.hasSuffix("child") })
        XCTAssertEqual(child.toCanvas.m11, 0.5, accuracy: 1e-12)
        XCTAssertEqual(child.toCanvas.m22, 1, accuracy: 1e-12)
        XCTAssertEqual(child.toCanvas.m13, 0, accuracy: 1e-12, "flattened: no z left")
    }

    /// A replicator that preserves depth keeps its sublayers in its superlayer's 3D space: the
    /// two quarter turns compose into a half turn about y before flattening, cos(π/2) = 0
    /// (edge-on); without preservesDepth the replicator flattens them like any layer (0.5).
    func testAReplicatorThatPreservesDepthDoesNotFlatten() throws {
        for (preserves, expected) in [(true, 0.0), (false, 0.5)] {
            let layers = try presented { root in
                let replicator = ReplicatorLayer()
                replicator.name = "replicator"
                replicator.transform = Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0)
                replicator.preservesDepth = preserves
                replicator.addSublayer(tilted("child"))
                root.addSublayer(replicator)
            }
            let child = try XCTUnwrap(layers.first { $0.path.hasSuffix("child#0") })
            XCTAssertEqual(child.toCanvas.m11, expected, accuracy: 1e-12, "preservesDepth \(preserves)")
        }
    }

    /// Perspective in the superlayer's sublayerTransform (m34 = −1/500) still acts before the
    /// flattening: a sublayer at zPosition 100 has w = 1 − 100/500 = 0.8, so its origin, at
    /// x = 50 in the superlayer, shows at 50 / 0.8 = 62.5.
    func testPerspectiveActsBeforeFlattening() throws {
        let layers = try presented { root in
            var perspective = Transform3D.identity
            perspective.m34 = -1.0 / 500
            root.sublayerTransform = perspective
            let near = Layer()
            near.name = "near"
            near.position = Point(50, 0)
            near.zPosition = 100
            root.addSublayer(near)
        }
        let near = try XCTUnwrap(layers.first { $0.path.hasSuffix("near") })
        XCTAssertEqual(near.toCanvas.apply(to: .zero).x, 62.5, accuracy: 1e-9)
    }

    /// Siblings are ordered by their presentation zPosition: `a` (model 0, animated to 10 over
    /// 1 s and held) is under `b` (5) at first and over it once its zPosition passes 5.
    func testAnAnimatedZPositionReordersSiblings() throws {
        func build(_ root: Layer) {
            let a = Layer(), b = Layer()
            a.name = "a"
            b.name = "b"
            b.zPosition = 5
            let rise = BasicAnimation(keyPath: "zPosition")
            rise.fromValue = 0
            rise.toValue = 10
            rise.duration = 1
            rise.fillMode = .forwards
            rise.isRemovedOnCompletion = false
            a.add(rise)
            root.addSublayer(a)
            root.addSublayer(b)
        }
        func order(at t: Double) throws -> [String] {
            try presented(at: t, build).compactMap { $0.path.split(separator: "/").last.map(String.init) }.filter { $0 == "a" || $0 == "b" }
        }
        XCTAssertEqual(try order(at: 0.25), ["a", "b"], "z 2.5 under 5")
        XCTAssertEqual(try order(at: 2), ["b", "a"], "z 10 over 5")
    }
}

/// Inspection lists the whole presentation tree: a hidden layer and its sublayer are there,
/// marked as not drawn, and draw nothing.
final class InspectionRuleTests: XCTestCase {
    func testLayersThatDoNotShowAreListedAndMarked() throws {
        let timeline = try Timeline.resolve(canvasSize: Size(100, 100), duration: 1) { _ in
            let root = Layer()
            root.name = "root"
            let hidden = Layer(), inner = Layer(), faded = Layer()
            (hidden.name, inner.name, faded.name) = ("hidden", "inner", "faded")
            hidden.isHidden = true
            hidden.backgroundColor = .black
            hidden.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
            faded.opacity = 0
            hidden.addSublayer(inner)
            root.addSublayer(hidden)
            root.addSublayer(faded)
            return root
        }
        let layers = timeline.presentedLayers(at: 0)
        XCTAssertEqual(layers.map(\.path), ["root", "root/hidden", "root/hidden/inner", "root/faded"])
        XCTAssertEqual(layers.map(\.isDrawn), [true, false, false, false])
        XCTAssertTrue(timeline.displayList(at: 0).items.isEmpty, "nothing is drawn")
    }
}

/// A shadow is part of what its layer draws (docs/core-animation.md §1): its offset and blur go
/// through the layer's transform.
final class ShadowRuleTests: XCTestCase {
    func shadow(_ transform: Transform3D) throws -> Shadow {
        let timeline = try Timeline.resolve(canvasSize: Size(100, 100), duration: 1) { _ in
            let root = Layer()
            let card = Layer()
            card.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
            card.position = Point(50, 50)
            card.transform = transform
            card.shadowOpacity = 1
            card.shadowRadius = 10
            card.shadowOffset = Size(0, 20)
            card.shadowPath = .roundedRect(card.bounds, cornerRadius: 0)
            root.addSublayer(card)
            return root
        }
        for case let .shadow(_, _, shadow) in timeline.displayList(at: 0).items { return shadow }
        return try XCTUnwrap(nil as Shadow?, "no shadow drawn")
    }

    /// Scaled to 0.1, the layer's shadow is a tenth: offset (0, 2), radius 1. Turned a quarter
    /// turn (+x to +y on the y-down canvas, so +y to −x), the offset (0, 20) turns to (−20, 0).
    func testAShadowFollowsItsLayersTransform() throws {
        let small = try shadow(Transform3D(scaleX: 0.1, y: 0.1))
        XCTAssertEqual(small.offset.width, 0, accuracy: 1e-12)
        XCTAssertEqual(small.offset.height, 2, accuracy: 1e-12)
        XCTAssertEqual(small.radius, 1, accuracy: 1e-12)
        let turned = try shadow(Transform3D(rotationAngle: .pi / 2))
        XCTAssertEqual(turned.offset.width, -20, accuracy: 1e-9)
        XCTAssertEqual(turned.offset.height, 0, accuracy: 1e-9)
        XCTAssertEqual(turned.radius, 10, accuracy: 1e-9)
    }
}

/// Transform layers hold their sublayers in 3D; layers that are not double-sided hide their backs
/// (docs/core-animation.md §1).
final class TransformLayerTests: XCTestCase {
    func presented(_ build: (Layer) -> Void) throws -> (layers: [PresentedLayer], list: DisplayList) {
        let timeline = try Timeline.resolve(canvasSize: Size(100, 100), duration: 1) { _ in
            let root = Layer()
            root.name = "root"
            build(root)
            return root
        }
        return (timeline.presentedLayers(at: 0), timeline.displayList(at: 0))
    }

    func layer(_ name: String, _ transform: Transform3D = .identity) -> Layer {
        let layer = Layer()
        layer.name = name
        layer.transform = transform
        return layer
    }

    /// Inside a transform layer turned π/4 about y, a child turned π/4 about y shares its space:
    /// the turns add up to π/2 before the root flattens them, so the child is edge-on (m11 0).
    /// The transform layer's own background is not drawn; the child's is.
    func testATransformLayerDoesNotFlattenOrDrawItself() throws {
        let (layers, list) = try presented { root in
            let holder = TransformLayer()
            holder.name = "holder"
            holder.transform = Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0)
            holder.backgroundColor = .black
            holder.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
            let child = layer("child", Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0))
            child.backgroundColor = .white
            child.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
            holder.addSublayer(child)
            root.addSublayer(holder)
        }
        XCTAssertEqual(try XCTUnwrap(layers.first { $0.path == "root/holder/child" }).toCanvas.m11, 0, accuracy: 1e-12)
        let fills = list.items.compactMap { item -> Color? in if case let .fill(_, _, color, _) = item { color } else { nil } }
        XCTAssertEqual(fills, [.white], "only the child's background")
    }

    /// A transform layer draws its sublayers back to front by depth: `far` (its own transform moves
    /// it 10 back) under `near` (10 forward), whatever the sublayer order; both have zPosition 0,
    /// which alone would keep the sublayer order (near, far).
    func testATransformLayerSortsItsSublayersByDepth() throws {
        let (layers, _) = try presented { root in
            let holder = TransformLayer()
            holder.name = "holder"
            holder.addSublayer(layer("near", Transform3D(translationX: 0, y: 0, z: 10)))
            holder.addSublayer(layer("far", Transform3D(translationX: 0, y: 0, z: -10)))
            root.addSublayer(holder)
        }
        XCTAssertEqual(layers.map(\.path).filter { $0.hasPrefix("root/holder/") }, ["root/holder/far", "root/holder/near"])
    }

    /// A card flip: a transform layer holds a front and a back turned π about y, neither
    /// double-sided, under perspective. Unturned, the back's x axis runs right to left on the
    /// canvas, so it faces away and only the front shows; turned π, the card shows the back.
    func testACardFlipShowsItsBackFace() throws {
        func faces(turn: Double) throws -> [String: Bool] {
            let (layers, _) = try presented { root in
                var perspective = Transform3D.identity
                perspective.m34 = -1.0 / 500
                root.sublayerTransform = perspective
                let card = TransformLayer()
                card.name = "card"
                card.position = Point(50, 50)
                card.transform = Transform3D(rotationAngle: turn, x: 0, y: 1, z: 0)
                for (name, angle) in [("front", 0.0), ("back", Double.pi)] {
                    let face = layer(name, Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0))
                    face.bounds = Rect(x: 0, y: 0, width: 20, height: 30)
                    face.isDoubleSided = false
                    card.addSublayer(face)
                }
                root.addSublayer(card)
            }
            return Dictionary(uniqueKeysWithValues: layers.filter { $0.path.hasPrefix("root/card/") }.map { (String($0.path.dropFirst(10)), $0.isDrawn) })
        }
        XCTAssertEqual(try faces(turn: 0), ["front": true, "back": false])
        XCTAssertEqual(try faces(turn: .pi), ["front": false, "back": true])
    }
}

extension ShadowRuleTests {
    /// `shadowOnly` (an animvid extension, After Effects' Shadow Only): the shadow shows and the
    /// layer does not, its background, border and sublayers included. Cast by a shadowPath, the
    /// shadow is the layer's only item; cast by what the layer draws, its group is marked to be
    /// drawn as its shadow alone; casting none (opacity 0), it draws nothing. The sibling after
    /// it still draws.
    func testAShadowOnlyLayerShowsItsShadowAlone() throws {
        func items(path: Bool, opacity: Double = 1) throws -> [DisplayItem] {
            try Timeline.resolve(canvasSize: Size(100, 100), duration: 1) { _ in
                let root = Layer()
                let card = Layer()
                card.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
                card.backgroundColor = .red
                card.borderWidth = 1
                card.shadowOpacity = opacity
                card.shadowOnly = true
                if path { card.shadowPath = .roundedRect(card.bounds, cornerRadius: 0) }
                let inner = Layer()
                inner.bounds = card.bounds
                inner.backgroundColor = .blue
                card.addSublayer(inner)
                let sibling = Layer()
                sibling.bounds = card.bounds
                sibling.backgroundColor = .green
                root.addSublayer(card)
                root.addSublayer(sibling)
                return root
            }.displayList(at: 0).items
        }
        let cast = try items(path: true)
        XCTAssertEqual(cast.count, 2, "\(cast)")
        guard case .shadow = cast.first, case let .fill(_, _, color, _)? = cast.last else { return XCTFail("\(cast)") }
        XCTAssertEqual(color, .green)
        let grouped = try items(path: false)
        guard case let .beginGroup(_, shadow?, _, _, _, _)? = grouped.first else { return XCTFail("\(grouped)") }
        XCTAssertTrue(shadow.castsAlone)
        for path in [true, false] {
            let none = try items(path: path, opacity: 0)
            XCTAssertEqual(none.count, 1, "no shadow: nothing of the layer, \(none)")
            guard case let .fill(_, _, color, _)? = none.first else { return XCTFail("\(none)") }
            XCTAssertEqual(color, .green)
        }
        if case let .shadow(_, _, shadow)? = cast.first { XCTAssertFalse(shadow.castsAlone, "a shadowPath's shadow is drawn as any other") }
    }
}
