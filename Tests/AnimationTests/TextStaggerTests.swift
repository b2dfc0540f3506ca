@testable import Animation
import Geometry
import XCTest

/// Staggered text (docs/core-animation.md §5): the layer's opacity, transform and colour
/// animations run per glyph, word or line, `staggerDelay` apart.
final class TextStaggerTests: XCTestCase {
    /// "ab" fading in over 1 s (linear, filled both ways), glyphs 0.5 s apart: at 0.75 s the
    /// "a" is 0.75 of the way, the "b" 0.25; the layer itself keeps its opacity of 1; moved by
    /// transform.translation.y from 20 to 0, the "b" is still 15 points down.
    func testUnitsRunTheAnimationsApart() throws {
        let timeline = try Timeline.resolve(canvasSize: Size(200, 100), duration: 3) { _ in
            let text = TextLayer()
            text.frame = Rect(x: 0, y: 0, width: 200, height: 100)
            text.string = "ab"
            text.staggerUnit = .glyph
            text.staggerDelay = 0.5
            for (keyPath, from, to) in [("opacity", 0.0, 1.0), ("transform.translation.y", 20, 0)] {
                let a = BasicAnimation(keyPath: keyPath)
                (a.fromValue, a.toValue, a.duration, a.fillMode) = (.number(from), .number(to), 1, .both)
                text.add(a)
            }
            return text
        }
        XCTAssertEqual(timeline.presentationValues(of: 0, at: 0.75, parentTime: 0.75).values.opacity, 1)
        let fills = timeline.displayList(at: 0.75).items.compactMap { item -> (alpha: Double, dy: Double)? in
            guard case let .glyph(_, transform, color) = item else { return nil }
            return (color.alpha, transform.m42)
        }
        XCTAssertEqual(fills.count, 2)
        XCTAssertEqual(fills[0].alpha, 0.75, accuracy: 1e-9)
        XCTAssertEqual(fills[1].alpha, 0.25, accuracy: 1e-9)
        XCTAssertEqual(fills[1].dy - fills[0].dy, 15 - 5, accuracy: 1e-9, "a at 20·0.25 = 5, b at 20·0.75 = 15 points down")
    }

    /// Words and lines group their glyphs: "one two" in words staggers two units, each line of a
    /// wrapped text one unit (at 3.5 s of a 4 s fade, line k is (3.5 − k) / 4 of the way).
    func testWordsAndLines() throws {
        func units(_ unit: StaggerUnit, _ string: String, width: Double = 400, at t: Double = 2) throws -> Set<Double> {
            let timeline = try Timeline.resolve(canvasSize: Size(400, 200), duration: 3) { _ in
                let text = TextLayer()
                text.frame = Rect(x: 0, y: 0, width: width, height: 200)
                text.string = TextString(string)
                text.isWrapped = true
                text.staggerUnit = unit
                text.staggerDelay = 1
                let a = BasicAnimation(keyPath: "opacity")
                (a.fromValue, a.toValue, a.duration, a.fillMode) = (0, 1, 4, .both)
                text.add(a)
                return text
            }
            return Set(timeline.displayList(at: t).items.compactMap { item -> Double? in
                guard case let .glyph(_, _, color) = item else { return nil }
                return (color.alpha * 1e9).rounded() / 1e9
            })
        }
        XCTAssertEqual(try units(.word, "one two"), [0.5, 0.25])
        let wrapped = TextLayer()
        wrapped.frame = Rect(x: 0, y: 0, width: 60, height: 200)
        wrapped.string = "one two three four"
        wrapped.isWrapped = true
        let lines = try wrapped.typeset().lineCount
        XCTAssertGreaterThan(lines, 1)
        let begun: [Double] = (0..<lines).map { (3.5 - Double($0)) / 4 }.filter { $0 > 0 }
        XCTAssertEqual(try units(.line, "one two three four", width: 60, at: 3.5), Set(begun), "lines not yet begun are not drawn")
        XCTAssertEqual(try units(.none, "one two"), [0.5])
    }
}
