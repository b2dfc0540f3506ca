@testable import Animation
import Foundation
import Geometry
import XCTest

/// Emitter cells beyond the plane and the single generation (docs/core-animation.md §5): sub-cells,
/// a cell's own timing, latitude and depth, the emitter as it was at each birth, the 3D shapes.
final class EmitterCellTests: XCTestCase {
    /// The sprites of a frame of `EmitterScene`: centre and width on the canvas.
    func sprites(at t: Double, perspective: Bool = false, _ configure: (EmitterLayer, inout EmitterCell) -> Void) throws -> [(centre: Point, width: Double)] {
        let timeline = try EmitterScene.timeline(perspective: perspective, configure)
        return timeline.displayList(at: t).items.compactMap { item in
            guard case let .sprite(_, transform, size, _, _, _, _) = item else { return nil }
            let centre = transform.apply(to: Point(size.width / 2, size.height / 2))
            let right = transform.apply(to: Point(size.width, size.height / 2)), left = transform.apply(to: Point(0, size.height / 2))
            return (centre, ((right.x - left.x) * (right.x - left.x) + (right.y - left.y) * (right.y - left.y)).squareRoot())
        }
    }

    /// One parent a second, living 1 s, moving at 100 points a second along x; its sub-cell
    /// emits at 20 a second from the parent's age 0.5 for 0.1 s: slots at ages 0.5 and 0.55,
    /// where the parent is at x = 10 + 50 and 10 + 55. The sparks stay there (velocity 0) and
    /// outlive their parent: at 1.2 s the parent born at 0 is gone, its two sparks remain, and
    /// the parent born at 1 is too young to have sent any.
    func testSubCellsSendParticlesFromTheirParentsAndOutliveThem() throws {
        let found = try sprites(at: 1.2) { emitter, cell in
            cell.birthRate = 1
            cell.velocity = 100
            cell.contents = nil  // the rocket itself draws nothing here
            var spark = EmitterCell()
            spark.birthRate = 20
            spark.lifetime = 2
            spark.beginTime = 0.5
            spark.duration = 0.1
            spark.contents = EmitterScene.dot
            cell.emitterCells = [spark]
        }
        XCTAssertEqual(found.map(\.centre.x).sorted(), [60, 65].map { $0 + 0.0 }, "\(found)")
        XCTAssertTrue(found.allSatisfy { abs($0.centre.y - 20) < 1e-9 })
    }

    /// `emitterCells.NAME.birthRate` (CAEmitterCell.name: "emitterCells.myCellName.redRange would
    /// animate the redRange property of the cell … with the name myCellName"; CAEmitterLayer's
    /// birthRate: "the number of particles created every second"): a rate rising linearly from 0
    /// to 200 a second over 1 s gives ∫200t dt — 25 particles by 0.5 s, 100 by 1 s (each of the
    /// 200 slots a second a particle at random as the rate then bears to 200: within about 3
    /// standard deviations); when the animation ends the model's 0 stops the flow and the
    /// particles out live on.
    func testACellsBirthRateAnimatesThroughItsKeyPath() throws {
        func count(at t: Double) throws -> Int {
            try sprites(at: t) { emitter, cell in
                (cell.name, cell.birthRate, cell.lifetime) = ("dot", 0, 10)
                let ramp = BasicAnimation(keyPath: "emitterCells.dot.birthRate")
                (ramp.fromValue, ramp.toValue, ramp.duration) = (0, 200, 1)
                emitter.add(ramp)
            }.count
        }
        XCTAssertEqual(Double(try count(at: 0.5)), 25, accuracy: 12)
        let atOne = try count(at: 1)
        XCTAssertEqual(Double(atOne), 100, accuracy: 20)
        XCTAssertEqual(try count(at: 3), atOne)
    }

    /// A particle takes its cell's values at its birth (CAEmitterCell's velocity is "the initial
    /// velocity of the cell"): velocity 0, then 100 from a third of the way through a discrete
    /// keyframe animation over 1 s of [0, 0, 100]. At 0.95 s the dots born at 0…0.6 are still at
    /// x = 10; those born at 0.7, 0.8, 0.9 have moved 100 points a second since: 35, 25, 15.
    func testAParticleKeepsTheCellValuesOfItsBirth() throws {
        let found = try sprites(at: 0.95) { emitter, cell in
            cell.name = "dot"
            let faster = KeyframeAnimation(keyPath: "emitterCells.dot.velocity")
            (faster.values, faster.calculationMode, faster.duration) = ([0, 0, 100], .discrete, 1)
            emitter.add(faster)
        }
        XCTAssertEqual(found.map { ($0.centre.x * 1e6).rounded() / 1e6 }.sorted(), [10, 10, 10, 10, 10, 10, 10, 15, 25, 35])
    }

    /// A particle lives as long as its cell said at its birth: lifetime 10 for the first half
    /// second (a discrete keyframe animation of `emitterCells.dot.lifetime`), the model's 0.1
    /// after. At 2.05 s the five dots born at 0…0.4 (ten a second) are still out, with the one
    /// born at 2 — not that one alone, as when births were looked for only as far back as the
    /// frame's lifetime.
    func testAParticleLivesAsLongAsItsBirthSaid() throws {
        let found = try sprites(at: 2.05) { emitter, cell in
            (cell.name, cell.lifetime) = ("dot", 0.1)
            let long = KeyframeAnimation(keyPath: "emitterCells.dot.lifetime")
            (long.values, long.calculationMode, long.duration) = ([10, 0.1], .discrete, 1)
            emitter.add(long)
        }
        XCTAssertEqual(found.count, 6)
    }

    /// Cell key paths: nested by name a level at a time, the first cell of a name; a number or the
    /// colour; another name reads a new cell's value and changes nothing; other fields are errors.
    func testCellKeyPaths() throws {
        var spark = EmitterCell(), rocket = EmitterCell(), other = EmitterCell()
        (spark.name, spark.birthRate, rocket.name, other.name) = ("spark", 3, "rocket", "rocket")
        rocket.emitterCells = [spark]
        let emitter = EmitterLayer()
        emitter.emitterCells = [rocket, other]
        let path = try LayerKeyPath("emitterCells.rocket.emitterCells.spark.birthRate")
        XCTAssertEqual(emitter.value(at: path), .number(3))
        try emitter.setValue(.number(7), at: path)
        XCTAssertEqual(emitter.emitterCells[0].emitterCells[0].birthRate, 7)
        XCTAssertEqual(emitter.emitterCells[1].emitterCells, [])
        try emitter.setValue(.color(.red), at: try LayerKeyPath("emitterCells.rocket.color"))
        XCTAssertEqual(emitter.emitterCells[0].color, .red)
        try emitter.setValue(.number(1), at: try LayerKeyPath("emitterCells.nothing.velocity"))
        XCTAssertEqual(emitter.value(at: try LayerKeyPath("emitterCells.nothing.scale")), .number(1))
        for wrong in ["emitterCells.rocket.contents", "emitterCells.rocket", "emitterCells..birthRate", "emitterCells.a.cells.b.birthRate"] {
            XCTAssertThrowsError(try LayerKeyPath(wrong), wrong)
        }
    }

    /// A cell's timing: beginTime 1, duration 0.5 at speed 2 gives a slot every 0.05 s of the
    /// layer's time from 1 to 1.5: ten particles out at 2 s (they live 5 s); timeOffset moves
    /// its slots on but keeps them on the same grid.
    func testACellsOwnTiming() throws {
        XCTAssertEqual(try sprites(at: 2) { _, cell in
            (cell.lifetime, cell.beginTime, cell.duration, cell.speed) = (5, 1, 0.5, 2)
        }.count, 10)
        XCTAssertEqual(try sprites(at: 0.99) { _, cell in (cell.lifetime, cell.beginTime) = (5, 1) }.count, 0)
        XCTAssertEqual(try sprites(at: 1.26) { _, cell in (cell.lifetime, cell.beginTime, cell.timeOffset) = (5, 1, 0.35) }.count, 3,
                       "slots at 0.4, 0.5, 0.6 of the cell's time: layer times 1.05, 1.15, 1.25")
    }

    /// Latitude π/2 sends a particle straight at the viewer: 100 points a second for 0.5 s is
    /// z = 50. Flattened (the default) it keeps its size; an emitter that preserves depth,
    /// under a perspective of 500 points, shows it 500 / (500 − 50) = 10/9 as large.
    func testLatitudeAndDepth() throws {
        func width(preservesDepth: Bool) throws -> Double {
            let found = try sprites(at: 0.5, perspective: true) { emitter, cell in
                emitter.preservesDepth = preservesDepth
                cell.birthRate = 1
                cell.velocity = 100
                cell.emissionLatitude = .pi / 2
            }
            XCTAssertEqual(found.count, 1)
            return try XCTUnwrap(found.first).width
        }
        let flat = try width(preservesDepth: false), deep = try width(preservesDepth: true)
        XCTAssertEqual(deep / flat, 10.0 / 9, accuracy: 1e-9)
    }

    /// Particles start where the emitter was at their birth: moved from x 0 to 100 over 1 s,
    /// it leaves still particles (velocity 0) at x = 0, 10, …, 90 by 0.95 s, a trail, not a clump.
    func testTheEmitterAsItWasAtEachBirth() throws {
        let found = try sprites(at: 0.95) { emitter, _ in
            let move = BasicAnimation(keyPath: "emitterPosition")
            move.fromValue = .point(Point(0, 20))
            move.toValue = .point(Point(100, 20))
            move.duration = 1
            emitter.add(move)
        }
        XCTAssertEqual(found.map { ($0.centre.x * 1e6).rounded() / 1e6 }.sorted(), stride(from: 0.0, through: 90, by: 10).map { $0 })
    }

    /// A cell's contentsScale: a 2-pixel image at 2 pixels a point is 1 point wide.
    func testCellContentsScale() throws {
        let found = try sprites(at: 0.05) { _, cell in cell.contentsScale = 2 }
        XCTAssertEqual(try XCTUnwrap(found.first).width, 1, accuracy: 1e-12)
    }

    /// A circle's radius is emitterSize.width (Apple's `circle`: "of radius emitterSize.width"):
    /// its outline at 40 from the centre for a width of 40, its disc within, in the plane.
    func testACirclesRadiusIsTheWidth() {
        var v = LayerValues(kind: .emitter)
        (v.emitterSize, v.emitterShape) = (Size(40, 20), .circle)
        var draw = 0
        func unit() -> Double {
            draw += 1
            return LayerValues.random(11, 0, draw, 0)
        }
        for mode in [EmitterMode.outline, .surface, .volume] {
            v.emitterMode = mode
            let radii = (0..<200).map { _ in v.birth.emissionPoint(unit) }.map { p in
                XCTAssertEqual(p.z, 0)
                return (p.x * p.x + p.y * p.y).squareRoot()
            }
            if mode == .outline {
                for r in radii { XCTAssertEqual(r, 40, accuracy: 1e-9) }
            } else {
                XCTAssertLessThanOrEqual(radii.max() ?? 0, 40 + 1e-9)
                XCTAssertGreaterThan(radii.max() ?? 0, 30, "\(mode): the disc reaches out past half the width")
            }
        }
    }

    /// The 3D shapes: a sphere's surface is at its radius (half the width), its volume inside;
    /// a cuboid's surface on a face, its volume inside, its points at the corners.
    func testCuboidsAndSpheres() {
        var v = LayerValues(kind: .emitter)
        v.emitterSize = Size(40, 20)
        v.emitterDepth = 10
        var draw = 0
        func unit() -> Double {
            draw += 1
            return LayerValues.random(7, 0, draw, 0)
        }
        for mode in [EmitterMode.outline, .surface, .volume, .points] {
            v.emitterMode = mode
            v.emitterShape = .sphere
            for _ in 0..<200 {
                let p = v.birth.emissionPoint(unit)
                let r = (p * p).sum().squareRoot()
                switch mode {
                case .outline, .surface: XCTAssertEqual(r, 20, accuracy: 1e-9)
                case .volume: XCTAssertLessThanOrEqual(r, 20 + 1e-9)
                case .points: XCTAssertEqual(r, 0)
                }
            }
            v.emitterShape = .cuboid
            for _ in 0..<200 {
                let p = v.birth.emissionPoint(unit)
                let onFace = [abs(p.x) - 20, abs(p.y) - 10, abs(p.z) - 5].filter { abs($0) < 1e-9 }.count
                XCTAssertTrue(abs(p.x) <= 20 + 1e-9 && abs(p.y) <= 10 + 1e-9 && abs(p.z) <= 5 + 1e-9, "\(p)")
                switch mode {
                case .points: XCTAssertEqual(onFace, 3, "a corner: \(p)")
                case .outline: XCTAssertGreaterThanOrEqual(onFace, 2, "an edge: \(p)")
                case .surface: XCTAssertGreaterThanOrEqual(onFace, 1, "a face: \(p)")
                case .volume: break
                }
            }
        }
    }
}
