import Animation
import Geometry
import XCTest

/// Replicator layers (docs/core-animation.md §6): transforms about the centre, delays, tints, nesting.
final class ReplicatorTests: XCTestCase {
    /// A 50×50 replicator at (100, 100) with a 10×10 dot at (25, 0) on its top edge, four instances
    /// a quarter turn apart; the dot fades 1 → 0 over 1 s, repeating; each instance 0.25 s later.
    func makeTimeline(anchoredAtTopLeft: Bool = false) throws -> Timeline {
        try Timeline.resolve(canvasSize: Size(200, 200), duration: 2) { _ in
            let root = Layer()
            root.name = "root"
            root.frame = Rect(x: 0, y: 0, width: 200, height: 200)
            let replicator = ReplicatorLayer()
            replicator.name = "spinner"
            replicator.bounds = Rect(x: 0, y: 0, width: 50, height: 50)
            replicator.position = Point(100, 100)
            if anchoredAtTopLeft { (replicator.anchorPoint, replicator.position) = (.zero, Point(75, 75)) }
            replicator.instanceCount = 4
            replicator.instanceTransform = Transform3D(rotationAngle: .pi / 2)
            replicator.instanceDelay = 0.25
            replicator.instanceGreenOffset = -0.25
            replicator.backgroundColor = .yellow
            root.addSublayer(replicator)
            let dot = ShapeLayer()
            dot.name = "dot"
            dot.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
            dot.position = Point(25, 0)
            dot.path = .ellipse(in: dot.bounds)
            dot.fillColor = .green
            let fade = BasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0
            fade.duration = 1
            fade.repeatCount = .infinity
            dot.add(fade)
            replicator.addSublayer(dot)
            return root
        }
    }

    func dots(_ timeline: Timeline, at t: Double) -> [PresentedLayer] {
        timeline.presentedLayers(at: t).filter { $0.path.hasPrefix("root/spinner/dot") }
    }

    /// Apple's instanceTransform is "applied relative to the center of the replicator layer":
    /// the same turns whether the replicator's anchor is its centre or its top left corner.
    func testInstancesTurnAboutTheReplicatorsCentre() throws {
        for anchoredAtTopLeft in [false, true] {
            let dots = dots(try makeTimeline(anchoredAtTopLeft: anchoredAtTopLeft), at: 0)
            XCTAssertEqual(dots.map(\.path), ["root/spinner/dot#0", "root/spinner/dot#1", "root/spinner/dot#2", "root/spinner/dot#3"])
            // The dot's centre (5, 5 in its bounds) sits 25 above the replicator's centre (100, 100);
            // each quarter turn clockwise on screen moves it to the right, below, left.
            let centres = dots.map { $0.toCanvas.apply(to: Point(5, 5)) }
            let expected = [Point(100, 75), Point(125, 100), Point(100, 125), Point(75, 100)]
            for (c, e) in zip(centres, expected) {
                XCTAssertEqual(c.x, e.x, accuracy: 1e-9, "anchored at the top left: \(anchoredAtTopLeft)")
                XCTAssertEqual(c.y, e.y, accuracy: 1e-9, "anchored at the top left: \(anchoredAtTopLeft)")
            }
        }
    }

    /// Instance k runs k·0.25 s behind; before its animation begins it shows the model value.
    func testInstanceDelays() throws {
        let opacities = dots(try makeTimeline(), at: 0.5).map(\.values.opacity)
        XCTAssertEqual(opacities, [0.5, 0.75, 1, 1], accuracy: 1e-12)
        let later = dots(try makeTimeline(), at: 1.6).map(\.values.opacity)
        XCTAssertEqual(later, [0.4, 0.65, 0.9, 1 - 0.85], accuracy: 1e-12)
    }

    /// Instance k is tinted by instanceColor + k·offsets; the replicator's own background is drawn once.
    func testTintsAndTheBackgroundDrawnOnce() throws {
        let timeline = try makeTimeline()
        XCTAssertEqual(dots(timeline, at: 0).map(\.tint.green), [1, 0.75, 0.5, 0.25])
        let fills = timeline.displayList(at: 0).items.compactMap { item -> Color? in
            if case let .fill(_, _, color, _) = item { return color }
            return nil
        }
        XCTAssertEqual(fills.count, 1 + 4, "one background, four dots")
        XCTAssertEqual(fills[0], .yellow)
        XCTAssertEqual(fills[2].green, 0.75, accuracy: 1e-12)
        XCTAssertEqual(fills[2].alpha, 1, accuracy: 1e-12)
    }

    /// A column replicator of a row replicator: instance (j, k) runs j·0.3 + k·0.2 s behind and
    /// is named `#j.k`; tints multiply.
    func testNestedReplicatorsAddDelaysAndMultiplyTints() throws {
        let timeline = try Timeline.resolve(canvasSize: Size(100, 100), duration: 3) { _ in
            let column = ReplicatorLayer()
            column.name = "column"
            column.instanceCount = 3
            column.instanceTransform = Transform3D(translationX: 0, y: 35)
            column.instanceDelay = 0.3
            column.instanceAlphaOffset = -0.5
            let row = ReplicatorLayer()
            row.name = "row"
            row.instanceCount = 3
            row.instanceTransform = Transform3D(translationX: 35, y: 0)
            row.instanceDelay = 0.2
            row.instanceAlphaOffset = -0.25
            column.addSublayer(row)
            let dot = Layer()
            dot.name = "dot"
            let grow = BasicAnimation(keyPath: "position.x")
            grow.fromValue = 0
            grow.toValue = 10
            grow.duration = 10
            dot.add(grow)
            row.addSublayer(dot)
            return column
        }
        let dots = timeline.presentedLayers(at: 2).filter { $0.path.hasPrefix("column/row") && $0.path.contains("/dot") }
        XCTAssertEqual(dots.map(\.path).prefix(4), ["column/row#0/dot#0.0", "column/row#0/dot#0.1", "column/row#0/dot#0.2", "column/row#1/dot#1.0"])
        for dot in dots {
            let indices = dot.path.split(separator: "#").last!.split(separator: ".").map { Double($0)! }
            let (j, k) = (indices[0], indices[1])
            XCTAssertEqual(dot.values.position.x, (2 - 0.3 * j - 0.2 * k), accuracy: 1e-9, dot.path)
            XCTAssertEqual(dot.toCanvas.apply(to: .zero).y, 35 * j + 0, accuracy: 1e-9)
            XCTAssertEqual(dot.tint.alpha, max(1 - 0.5 * j, 0) * max(1 - 0.25 * k, 0), accuracy: 1e-12)
        }
        XCTAssertEqual(dots.count, 9)
    }
}

/// A replicator's tint multiplies an instance's image in every channel, as it does colours.
final class ReplicatorImageTintTests: XCTestCase {
    func testTheTintReachesContentsImages() throws {
        let timeline = try Timeline.resolve(canvasSize: Size(100, 100), duration: 1) { _ in
            let replicator = ReplicatorLayer()
            replicator.instanceCount = 2
            replicator.instanceColor = Color(red: 1, green: 0.5, blue: 0, alpha: 1)
            let picture = Layer()
            picture.bounds = Rect(x: 0, y: 0, width: 4, height: 4)
            picture.contents = Image(width: 1, height: 1, premultipliedRGBA: [255, 255, 255, 255])
            replicator.addSublayer(picture)
            return replicator
        }
        let tints = timeline.displayList(at: 0).items.compactMap { item -> Color? in
            if case let .image(_, _, _, _, _, tint, _) = item { tint } else { nil }
        }
        XCTAssertEqual(tints, [Color(red: 1, green: 0.5, blue: 0, alpha: 1), Color(red: 1, green: 0.5, blue: 0, alpha: 1)])
    }
}
