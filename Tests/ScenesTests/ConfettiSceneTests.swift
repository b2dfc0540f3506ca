import Animation
import Geometry
import Scenes
import XCTest

/// Confetti: how many pieces are out, from the emitter's rules.
final class ConfettiSceneTests: XCTestCase {
    func pieces(at t: Double) throws -> Int {
        let scene = try XCTUnwrap(SceneCatalog.scene(named: "confetti"))
        let timeline = try scene.timeline(canvas: Size(640, 360), duration: t + 1)
        return timeline.displayList(at: t).items.filter { if case .sprite = $0 { true } else { false } }.count
    }

    /// 150 pieces a second over 5 colours is a slot every 1/30 s per colour, from 0. At 1 s the
    /// slots 0 … 30 have given one piece each (none can have died: a piece lives 5 ± 1 s): 5 × 31.
    /// The burst ends at 1.5 s (the slot at exactly 1.5 gives none), so at 3 s the slots 0 … 44
    /// are out: 5 × 45, all still alive.
    func testTheBurstCountsItsPieces() throws {
        XCTAssertEqual(try pieces(at: 1), 155)
        XCTAssertEqual(try pieces(at: 3), 225)
    }
}
