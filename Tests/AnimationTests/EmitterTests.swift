@testable import Animation
import Foundation
import Geometry
import XCTest

/// Emitter layers: particles as pure functions of their birth slot (docs/core-animation.md §5).
final class EmitterTests: XCTestCase {
    let dot = EmitterScene.dot

    /// The dots' centres in `EmitterScene`, moving along +x at 100 points a second; `configure` changes it.
    func particleCentres(at t: Double, _ configure: (EmitterLayer, inout EmitterCell) -> Void = { _, _ in }) throws -> [Point] {
        let timeline = try EmitterScene.timeline { emitter, cell in
            cell.velocity = 100
            configure(emitter, &cell)
        }
        return timeline.displayList(at: t).items.compactMap { item in
            if case let .sprite(_, transform, _, _, _, _, _) = item { transform.apply(to: Point(1, 1)) } else { nil }
        }
    }

    /// Born at 0, 0.1, …, 0.5 (slot k at k / birthRate), so at 0.55 six dots are out, aged 0.55 …
    /// 0.05: x = 10 + 100 · age = 65, 55, 45, 35, 25, 15, all at y = 20. Unordered, they are
    /// drawn left to right (in one band of the frame); sorted oldest (farthest) first here.
    func testParticlesLeaveAtTheirBirthRateAndMove() throws {
        let drawn = try particleCentres(at: 0.55)
        XCTAssertEqual(drawn.map(\.x), drawn.map(\.x).sorted(), "unordered particles are drawn left to right within a band")
        let centres = drawn.sorted { $0.x > $1.x }
        XCTAssertEqual(centres.count, 6)
        for (centre, x) in zip(centres, [65.0, 55, 45, 35, 25, 15]) {
            XCTAssertEqual(centre.x, x, accuracy: 1e-9)
            XCTAssertEqual(centre.y, 20, accuracy: 1e-9)
        }
    }

    /// Living 1 s, the dots out at 1.25 are those born after 0.25: slots 3 to 12, ten of them.
    /// Gravity (yAcceleration 40) pulls each down by 40 · age² / 2: the oldest, 0.95 s old, by 18.05.
    func testParticlesDieAndFall() throws {
        let centres = try particleCentres(at: 1.25) { _, cell in cell.yAcceleration = 40 }
        XCTAssertEqual(centres.count, 10)
        XCTAssertEqual(try XCTUnwrap(centres.map(\.y).max()), 20 + 40 * 0.95 * 0.95 / 2, accuracy: 1e-9)
    }

    /// The layer's birthRate at each birth decides: 1 until 0.3 s (an animation), 0 after (the
    /// model), so only the slots at 0, 0.1 and 0.2 give dots, and they live on: at 0.55 three,
    /// at x = 65, 55, 45.
    func testStoppingTheFlowKeepsTheParticlesOut() throws {
        let centres = try particleCentres(at: 0.55) { emitter, _ in
            emitter.birthRate = 0
            let on = BasicAnimation(keyPath: "birthRate")
            on.fromValue = 1
            on.toValue = 1
            on.duration = 0.3
            emitter.add(on)
        }
        XCTAssertEqual(centres.map(\.x).map { ($0 * 1e6).rounded() / 1e6 }.sorted(by: >), [65, 55, 45])
    }

    /// Random variations come from the seed and the slot: the same frame is the same whatever
    /// was rendered before, and another seed gives other positions.
    func testFramesArePureFunctionsOfTime() throws {
        func spread(_ emitter: EmitterLayer, _ cell: inout EmitterCell) {
            cell.velocityRange = 50
            cell.emissionRange = .pi
            emitter.seed = 7
        }
        let late = try particleCentres(at: 0.8, spread)
        _ = try particleCentres(at: 0.3, spread)
        XCTAssertEqual(try particleCentres(at: 0.8, spread), late)
        let other = try particleCentres(at: 0.8) { emitter, cell in
            spread(emitter, &cell)
            emitter.seed = 8
        }
        XCTAssertNotEqual(other, late)
        XCTAssertEqual(other.count, late.count)
    }

    /// oldestLast draws the youngest first: at 0.55 the first dot is the 0.05 s old one (x 15).
    func testRenderModeOrdersTheParticles() throws {
        let centres = try particleCentres(at: 0.55) { emitter, _ in emitter.renderMode = .oldestLast }
        XCTAssertEqual(try XCTUnwrap(centres.first).x, 15, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(centres.last).x, 65, accuracy: 1e-9)
    }

    /// Absurd rates and lifetimes stay bounded: at most `maximumParticles` particles, from at
    /// most that many slots, whatever the clip's length; a rate that is not a number gives none.
    func testAbsurdEmittersStayBounded() {
        var v = LayerValues(kind: .emitter)
        var cell = EmitterCell()
        cell.birthRate = 1e5
        cell.lifetime = 3600
        cell.contents = dot
        v.emitterCells = [cell]
        v.lifetime = 1e9
        func rate(_ r: Double) -> EmitterBirth {
            var at = v.birth
            at.birthRate = r
            return at
        }
        XCTAssertEqual(v.particles(at: 1000) { _ in rate(1) }.particles.count, LayerValues.maximumParticles)
        XCTAssertEqual(v.particles(at: 10) { _ in rate(.nan) }.particles.count, 0)
        XCTAssertEqual(v.particles(at: 10) { _ in rate(.infinity) }.particles.count, LayerValues.maximumParticles)
    }

    /// Every emitter of a frame shares one particle budget: 200 replicated copies of an emitter
    /// with up to 1,000 particles out draw 100,000 at most, not 200,000. And an emitter that
    /// masks to its bounds clips its particles.
    func testAFrameSharesOneParticleBudgetAndEmittersClip() throws {
        let timeline = try Timeline.resolve(canvasSize: Size(100, 100), duration: 2) { _ in
            let replicator = ReplicatorLayer()
            replicator.instanceCount = 200
            let emitter = EmitterLayer()
            emitter.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
            emitter.masksToBounds = true
            var cell = EmitterCell()
            cell.birthRate = 1000
            cell.lifetime = 10
            cell.contents = dot
            emitter.emitterCells = [cell]
            replicator.addSublayer(emitter)
            return replicator
        }
        let items = timeline.displayList(at: 1).items
        XCTAssertEqual(items.filter { if case .sprite = $0 { true } else { false } }.count, LayerValues.maximumParticles)
        XCTAssertEqual(items.filter { if case .beginClip = $0 { true } else { false } }.count, 200)
    }
}
