import Animation
import Foundation
import Geometry
import Scenes
import XCTest

/// Every seed scene at chosen times, with expected values worked out by hand from the seed's
/// numbers and Core Animation's rules. The canvas is 640×360 points (1920x1080 at scale 3), so a
/// 200×200 container centred in it has its origin at (220, 80).
final class SeedSceneTests: XCTestCase {
    let canvas = Size(640, 360)

    /// The layer instances of scene `name` that show at `t`.
    func layers(_ name: String, at t: Double, _ settings: [String] = []) throws -> [PresentedLayer] {
        let scene = try XCTUnwrap(SceneCatalog.scene(named: name))
        let timeline = try scene.timeline(canvas: canvas, duration: t + 1, settings: try scene.settings(settings))
        return timeline.presentedLayers(at: t).filter(\.isDrawn)
    }

    func instances(_ layers: [PresentedLayer], _ prefix: String) -> [PresentedLayer] {
        layers.filter { $0.path.hasPrefix(prefix + "#") }
    }

    func assertPoint(_ p: Point, _ x: Double, _ y: Double, accuracy: Double = 1e-6, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(p.x, x, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(p.y, y, accuracy: accuracy, file: file, line: line)
    }

    func testCatalogHasTheThirteenSeedsTheCubeAndConfetti() {
        XCTAssertEqual(SceneCatalog.all.map(\.name), ["replicator-fan", "replicator-orbit", "spinner-dots", "spinner-bars",
                                                      "activity-indicator", "ripple", "three-dots", "triangle", "dot-grid",
                                                      "marquee", "path-particles", "newtons-cradle", "loader", "cube", "confetti"])
    }

    /// Ten positions each drawn twice (20 instances a fifth of a turn apart); instance k's green
    /// is 1 − 0.05k. The square's corner (0, 0) sits at (345, 205) for instance 0 and, turned half
    /// way round the replicator's centre (320, 180), at (295, 155) for instance 5.
    func testReplicatorFan() throws {
        let squares = instances(try layers("replicator-fan", at: 0), "view/containView/replicatorLayer/layer")
        XCTAssertEqual(squares.count, 20)
        assertPoint(squares[0].toCanvas.apply(to: .zero), 345, 205)
        assertPoint(squares[5].toCanvas.apply(to: .zero), 295, 155)
        for k in 0..<10 {
            let a = squares[k].toCanvas.apply(to: .zero), b = squares[k + 10].toCanvas.apply(to: .zero)
            assertPoint(a, b.x, b.y)
        }
        for (k, square) in squares.enumerated() {
            XCTAssertEqual(square.tint.green, 1 - 0.05 * Double(k), accuracy: 1e-12)
            XCTAssertEqual(square.tint.red, 1)
        }
    }

    /// The ellipse of rect (−75, −100, 200, 300) is five equal shares of 4 s: at 0.8 s instance 0
    /// is at the bottom (25, 200); instance 4 (0.8 s behind) at the start (125, 50); instance 5 has
    /// not started and sits at its model position (10, 10); in the last fifth a dot rests at the start.
    func testReplicatorOrbit() throws {
        let dots = instances(try layers("replicator-orbit", at: 0.8), "view/containView/replicatorLayer/layer")
        assertPoint(dots[0].values.position, 25, 200, accuracy: 1e-9)
        assertPoint(dots[4].values.position, 125, 50, accuracy: 1e-9)
        assertPoint(dots[5].values.position, 10, 10)
        let late = instances(try layers("replicator-orbit", at: 3.5), "view/containView/replicatorLayer/layer")
        assertPoint(late[0].values.position, 125, 50, accuracy: 1e-9)
    }

    /// Dot k shrinks linearly from 1 to 0.1 over 2 s starting at 0.1k; before that it keeps the
    /// model scale 0.1.
    func testSpinnerDots() throws {
        let dots = instances(try layers("spinner-dots", at: 0.5), "view/containView/replicatorLayer/layer")
        XCTAssertEqual(dots[0].values.transform.m11, 1 - 0.9 * 0.25, accuracy: 1e-9)
        XCTAssertEqual(dots[3].values.transform.m11, 1 - 0.9 * 0.1, accuracy: 1e-9)
        XCTAssertEqual(dots[7].values.transform.m11, 0.1, accuracy: 1e-9)
    }

    /// Bar 5 is a quarter turn round: its centre (55, 65) in the replicator, (30, 40) from the
    /// centre (25, 25), turned clockwise to (−40, 30): (−15, 55), or (280, 210) on the canvas.
    func testSpinnerBars() throws {
        let bars = instances(try layers("spinner-bars", at: 0), "view/containView/replicatorLayer/layer")
        XCTAssertEqual(bars.count, 20)
        assertPoint(bars[5].toCanvas.apply(to: Point(5, 15)), 280, 210)
    }

    /// Bar k fades from 1 over 1 s starting at k/30 and is clear (not drawn) before: at 0.5 s
    /// bars 0…15 show and bar 15, just started, is the brightest; at 1.2 s all 30 show and bar 6 is.
    func testActivityIndicatorBrightestBar() throws {
        func bars(at t: Double) throws -> [PresentedLayer] {
            instances(try layers("activity-indicator", at: t), "view/containView/replicatorLayer/layer")
        }
        func brightest(_ bars: [PresentedLayer]) throws -> String {
            try XCTUnwrap(bars.max { $0.values.opacity < $1.values.opacity }).path
        }
        let early = try bars(at: 0.5)
        XCTAssertEqual(early.count, 16)
        XCTAssertEqual(try brightest(early), "view/containView/replicatorLayer/layer#15")
        XCTAssertEqual(early[14].values.opacity, 1 - 1.0 / 30, accuracy: 1e-9)
        let later = try bars(at: 1.2)
        XCTAssertEqual(later.count, 30)
        XCTAssertEqual(try brightest(later), "view/containView/replicatorLayer/layer#6")
    }

    /// Disc k grows 1 → 100 and fades 1 → 0 over 2 s starting at 0.5k: at 1.5 s, disc 0 is 1.5 s
    /// in (75.25×, 0.25), disc 1 one second in (50.5×, 0.5), disc 3 just starting.
    func testRipple() throws {
        let discs = instances(try layers("ripple", at: 1.5), "view/view/replicatorLayer/shapeLayer")
        XCTAssertEqual(discs.count, 4)
        XCTAssertEqual(discs[0].values.transform.m11, 75.25, accuracy: 1e-6)
        XCTAssertEqual(discs[0].values.opacity, 0.25, accuracy: 1e-9)
        XCTAssertEqual(discs[1].values.transform.m11, 50.5, accuracy: 1e-6)
        XCTAssertEqual(discs[3].values.transform.m11, 1, accuracy: 1e-9)
        XCTAssertEqual(discs[3].values.opacity, 1, accuracy: 1e-9)
    }

    /// A flat scale 1 → 0.2 over 0.9 s, dots 0.2 s apart: at 0.45 s 0.6, 0.7778 and 0.9556.
    func testThreeDots() throws {
        let dots = instances(try layers("three-dots", at: 0.45), "view/containView/replicatorLayer/layer")
        XCTAssertEqual(dots.map(\.values.transform.m11), [0.6, 1 - 0.8 * 0.25 / 0.9, 1 - 0.8 * 0.05 / 0.9], accuracy: 1e-9)
        XCTAssertEqual(dots[0].values.transform.m33, 0, accuracy: 1e-12)
    }

    /// Half-way through its ease-in-ease-out (0.5 s, progress 0.5), the first dot has moved half of
    /// (75, 0) and turned 60°: its centre, (12.5, 12.5) in the replicator at rest, is at
    /// (50, 12.5) in the replicator, whose origin is (270, 145.849) on the canvas.
    func testTriangleHalfWay() throws {
        let dots = instances(try layers("triangle", at: 0.5), "view/containView/replicatorLayer/layer")
        let centre = dots[0].toCanvas.apply(to: Point(12.5, 12.5))
        let originY = 80 + 100 - (1.0 / 3) * 37.5 * 3.0.squareRoot() - 12.5
        assertPoint(centre, 320, originY + 12.5, accuracy: 1e-6)
        XCTAssertEqual(dots[0].values.transform.m12, sin(Double.pi / 3), accuracy: 1e-9)
    }

    /// Dot (row j, column k) runs 0.3·(j + k) s behind; its opacity falls 1 → 0 over each 1 s
    /// pulse and is 1 before it starts.
    func testDotGridDelays() throws {
        let all = try layers("dot-grid", at: 0.5).filter { $0.path.contains("/layer#") }
        XCTAssertEqual(all.count, 9)
        for dot in all {
            let (j, k) = try indices(dot.path)
            let local = 0.5 - 0.3 * Double(j + k)
            XCTAssertEqual(dot.values.opacity, local < 0 ? 1 : 1 - local, accuracy: 1e-9, dot.path)
        }
    }

    func indices(_ path: String) throws -> (Int, Int) {
        let parts = try XCTUnwrap(path.split(separator: "#").last).split(separator: ".").compactMap { Int($0) }
        return (parts[0], parts[1])
    }

    /// Left: position.x slides from 150 by one view width (300) every 0.5 s, linear; the copy is
    /// one width to the right.
    func testMarquee() throws {
        let tiles = instances(try layers("marquee", at: 0.125), "view/view/replicatorLayer/animationLayer")
        XCTAssertEqual(tiles.count, 2)
        XCTAssertEqual(tiles[0].values.position.x, 75, accuracy: 1e-9)
        XCTAssertEqual(tiles[1].toCanvas.apply(to: .zero).x - tiles[0].toCanvas.apply(to: .zero).x, 300, accuracy: 1e-9)
        let up = instances(try layers("marquee", at: 0.25, ["direction=up"]), "view/view/replicatorLayer/animationLayer")
        XCTAssertEqual(up[0].values.position.y, 30 - 30, accuracy: 1e-9)
    }

    /// Along a straight 300-point path in 3 s, dot k (0.25k s behind) is at 100·(t − 0.25k);
    /// one that has not started sits at its model position (−5, 5).
    func testPathParticles() throws {
        let dots = instances(try layers("path-particles", at: 1.5, ["path=M 0 0 L 300 0", "fit=false"]), "view/copyLayer/dotlayer")
        XCTAssertEqual(dots.count, 30)
        assertPoint(dots[0].values.position, 150, 0, accuracy: 1e-9)
        assertPoint(dots[2].values.position, 100, 0, accuracy: 1e-9)
        assertPoint(dots[20].values.position, -5, 5)
    }

    /// The left string turns to easeOut(0.5)·π/8 at 0.2 s and back through the same angle at 0.6 s;
    /// when it stops at 0.8 s the right one starts, at −easeOut(0.5)·π/8 by 1.0 s.
    func testNewtonsCradleAlternates() throws {
        let swing = LoaderSceneTests.bezier(0, 0, 0.58, 1, at: 0.5) * .pi / 8
        func angle(_ name: String, at t: Double) throws -> Double {
            let layer = try XCTUnwrap(try layers("newtons-cradle", at: t).first { $0.path.hasSuffix("/" + name) })
            return atan2(layer.values.transform.m12, layer.values.transform.m11)
        }
        XCTAssertEqual(try angle("leftLine", at: 0.2), swing, accuracy: 1e-6)
        XCTAssertEqual(try angle("leftLine", at: 0.6), swing, accuracy: 1e-6)
        XCTAssertEqual(try angle("rightLine", at: 0.6), 0, accuracy: 1e-12)
        XCTAssertEqual(try angle("leftLine", at: 1.0), 0, accuracy: 1e-12)
        XCTAssertEqual(try angle("rightLine", at: 1.0), -swing, accuracy: 1e-6)
        XCTAssertEqual(try angle("leftLine", at: 1.8), swing, accuracy: 1e-6, "the left swings again after the right")
        // The left ball rides its arc: 80 from the pivot (0, 10), left of straight down.
        let ball = try XCTUnwrap(try layers("newtons-cradle", at: 0.2).first { $0.path.hasSuffix("/leftCycle") })
        XCTAssertEqual(ball.values.position.distance(to: Point(0, 10)), 80, accuracy: 0.05)
        XCTAssertLessThan(ball.values.position.x, 0)
    }

    func testKnobsValidate() throws {
        let scene = try XCTUnwrap(SceneCatalog.scene(named: "marquee"))
        XCTAssertThrowsError(try scene.settings(["direction=sideways"])) { error in
            XCTAssertEqual("\(error)", "parameter direction: 'sideways' is not a valid value (expected left|right|up|down)")
        }
        XCTAssertThrowsError(try scene.settings(["colour=#FF0000"])) { error in
            XCTAssertTrue("\(error)".hasPrefix("scene 'marquee' has no parameter 'colour' (its parameters: direction, speed"), "\(error)")
        }
        XCTAssertThrowsError(try scene.settings(["speed"]))
        XCTAssertEqual(try scene.settings(["speed=4"]).number("speed"), 4)
    }
}
