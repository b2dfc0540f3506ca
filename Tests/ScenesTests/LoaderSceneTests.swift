@testable import Animation
import Geometry
import Scenes
import XCTest

/// The loader's dot scales, derived by hand from seed 004's numbers: pulses begin every 0.25 s,
/// cycling through the dots (dot k pulses at 0.25·(3m + k)); each pulse is 1 → 1.5 over 0.25 s
/// then 1.5 → 1 over 0.25 s, both ease-out.
final class LoaderSceneTests: XCTestCase {
    /// A timing-function Bézier solved by bisection, independently of the engine.
    static func bezier(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double, at x: Double) -> Double {
        func coordinate(_ a: Double, _ b: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if coordinate(c1x, c2x, mid) < x { lo = mid } else { hi = mid }
        }
        return coordinate(c1y, c2y, (lo + hi) / 2)
    }

    /// Ease-out (0, 0, 0.58, 1).
    func easeOut(_ x: Double) -> Double { Self.bezier(0, 0, 0.58, 1, at: x) }

    func dotScales(at t: Double) throws -> [Double] {
        let timeline = try LoaderScene().timeline(canvas: Size(640, 360), duration: 4)
        let view = timeline.presentationValues(of: timeline.root, at: 0, parentTime: 0).sublayers[0]
        let dots = timeline.presentationValues(of: view, at: 0, parentTime: 0).sublayers
        XCTAssertEqual(dots.count, 3)
        return dots.map { timeline.presentationValues(of: $0, at: t, parentTime: t).values.transform.m11 }
    }

    func testScalesAtChosenTimes() throws {
        // 0.125 s: dot 0 halfway up (fraction 0.5); the others at rest.
        XCTAssertEqual(try dotScales(at: 0.125), [1 + 0.5 * easeOut(0.5), 1, 1], accuracy: 1e-6)
        // 0.25 s: dot 0 at the top of its pulse, dot 1 just starting.
        XCTAssertEqual(try dotScales(at: 0.25), [1.5, 1, 1], accuracy: 1e-9)
        // 1.1 s: dot 0's second pulse (from 0.75) is 0.1 s into its way down; dot 1's (from 1.0)
        // 0.1 s into its way up; dot 2's pulse ended at 1.0 and its next starts at 1.25.
        XCTAssertEqual(try dotScales(at: 1.1), [1.5 - 0.5 * easeOut(0.4), 1 + 0.5 * easeOut(0.4), 1], accuracy: 1e-6)
        // 3.9 s: pulse 15 (dot 0, from 3.75) is 0.15 s in, 0.6 of the way up; pulse 14 (dot 2,
        // from 3.5) is 0.15 s into its way down; dot 1 rests between pulses 13 and 16.
        XCTAssertEqual(try dotScales(at: 3.9), [1 + 0.5 * easeOut(0.6), 1, 1.5 - 0.5 * easeOut(0.6)], accuracy: 1e-6)
    }

    /// The dots are centred: 20 pt wide, 15 pt apart, on the canvas's horizontal midline.
    func testDotPositions() throws {
        let timeline = try LoaderScene().timeline(canvas: Size(640, 360), duration: 1)
        let view = timeline.presentationValues(of: timeline.root, at: 0, parentTime: 0).sublayers[0]
        let positions = timeline.presentationValues(of: view, at: 0, parentTime: 0).sublayers.map { timeline.presentationValues(of: $0, at: 0, parentTime: 0).values.position }
        XCTAssertEqual(positions, [Point(285, 180), Point(320, 180), Point(355, 180)])
    }

    func testCatalogListsTheLoader() {
        XCTAssertEqual(SceneCatalog.scene(named: "loader")?.name, "loader")
        XCTAssertNil(SceneCatalog.scene(named: "nope"))
    }
}

func XCTAssertEqual(_ a: [Double], _ b: [Double], accuracy: Double, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: accuracy, file: file, line: line) }
}
