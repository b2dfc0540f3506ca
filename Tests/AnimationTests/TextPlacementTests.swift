@testable import Animation
import Geometry
import Text
import XCTest

/// A text layer's `verticalAlignment` (an animvid extension, UILabel's centring): the lines
/// start at the top of the bounds (Core Animation's), or as far down as centres the text's
/// height in them (`center`), or puts it at their bottom; every glyph moves by the same amount.
final class TextPlacementTests: XCTestCase {
    func testVerticalAlignmentMovesTheLinesByTheSpareHeight() throws {
        func glyphRows(_ alignment: TextVerticalAlignment) throws -> (ys: [Double], textHeight: Double) {
            let text = TextLayer()
            text.frame = Rect(x: 0, y: 10, width: 300, height: 200)
            text.string = "Hello\nthere"
            text.verticalAlignment = alignment
            let height = try text.modelValues.typesetText().size.height
            let timeline = try Timeline.resolve(canvasSize: Size(300, 300), duration: 1) { _ in text }
            let ys = timeline.displayList(at: 0).items.compactMap { item -> Double? in
                guard case let .glyph(_, transform, _) = item else { return nil }
                return transform.m42
            }
            return (ys, height)
        }
        let (top, height) = try glyphRows(.top)
        XCTAssertEqual(top.count, 10)
        XCTAssertGreaterThan(height, 20)
        XCTAssertLessThan(height, 200)
        for (alignment, drop) in [(TextVerticalAlignment.center, (200 - height) / 2), (.bottom, 200 - height)] {
            let moved = try glyphRows(alignment).ys
            XCTAssertEqual(moved.count, top.count)
            for (a, b) in zip(top, moved) { XCTAssertEqual(b - a, drop, accuracy: 1e-9, "\(alignment)") }
        }
    }
}
