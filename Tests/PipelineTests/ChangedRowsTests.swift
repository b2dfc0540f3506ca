import Animation
import Geometry
@testable import Pipeline
@testable import Raster
import XCTest

/// The rows a renderer draws again: those of each item that changed, in both frames, with a
/// pixel each side for antialiasing and rounding, grown by the blurs around a change.
final class ChangedRowsTests: XCTestCase {
    func square(y: Double, x: Double = 10, color: Color = .black) -> DisplayItem {
        .fill(.roundedRect(Rect(x: x, y: y, width: 10, height: 10), cornerRadius: 0), transform: .identity, color: color, rule: .nonZero)
    }

    private func rows(_ old: [DisplayItem], _ new: [DisplayItem], scale: Double = 2) -> [Range<Int>]? {
        ChangedRows(from: old, to: new, scale: scale, height: 200)?.rows
    }

    func testAMovingSquareChangesTheRowsItLeavesAndEnters() {
        // At 2 pixels a point: rows 20…40, then 28…48, each a pixel wider (antialiasing), then
        // to whole rows with one more above and two below (the last partly covered row's end).
        XCTAssertEqual(rows([square(y: 10)], [square(y: 14)]), [18..<51])
        XCTAssertEqual(rows([square(y: 10), square(y: 80)], [square(y: 10), square(y: 80)]), [], "nothing changed")
        XCTAssertEqual(rows([square(y: 10), square(y: 80)], [square(y: 10, color: .white), square(y: 82)]), [18..<43, 158..<187],
                       "two changes apart: two bands")
        XCTAssertEqual(rows([square(y: 10), square(y: 80)], [square(y: 10)]), [158..<183], "a square gone")
    }

    func testAGroupChangesEverythingInIt() {
        let before: [DisplayItem] = [.beginGroup(opacity: 1, shadow: nil, blend: .normal, blur: 0), square(y: 10), square(y: 50), .endGroup]
        var after = before
        after[0] = .beginGroup(opacity: 0.5, shadow: nil, blend: .normal, blur: 0)
        XCTAssertEqual(rows(before, after), [18..<123], "the group's opacity: both squares' rows and all between")
    }

    /// Hard edges around a square, added or taken away, change its rows (its edges change).
    func testHardEdgesChangeWhatTheyHold() {
        let smooth = [square(y: 10), square(y: 50)]
        XCTAssertEqual(rows(smooth, [square(y: 10), .beginHardEdges, square(y: 50), .endHardEdges]), [98..<123])
    }

    func testABlurSpreadsAChangeAndWidensTheBands() throws {
        let blurred = { (y: Double) -> [DisplayItem] in
            [.beginGroup(opacity: 1, shadow: nil, blend: .normal, blur: 3), self.square(y: y), .endGroup, self.square(y: 90)]
        }
        let reach = GaussianBlur.reach(sigma: 6)
        XCTAssertGreaterThan(reach, 10)
        let changed = try XCTUnwrap(ChangedRows(from: blurred(10), to: blurred(14), scale: 2, height: 200))
        XCTAssertEqual(changed.rows, [(18 - reach)..<(51 + reach)], "the square's rows spread by the blur's reach")
        XCTAssertEqual(changed.margin, reach, "a band is drawn with the blur's reach of rows around it")
        XCTAssertEqual(ChangedRows(from: [square(y: 10)], to: [square(y: 14)], scale: 2, height: 200)?.margin, 0, "no blur, no margin")
    }

    func testPerspectiveChangesEveryRow() {
        var perspective = Transform3D.identity
        perspective.m14 = 1.0 / 500  // a layer turned about y, seen in perspective: x changes w
        let tilted = DisplayItem.fill(.roundedRect(Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 0), transform: perspective,
                                      color: .black, rule: .nonZero)
        XCTAssertNil(rows([square(y: 10)], [square(y: 10), tilted]))
    }
}

extension ChangedRowsTests {
    /// A shape far off the frame (1e30 points up) changes none of its rows.
    func testAShapeFarOffTheFrameChangesNoRow() {
        let far = DisplayItem.fill(.roundedRect(Rect(x: 0, y: -1e30, width: 10, height: 10), cornerRadius: 0), transform: .identity,
                                   color: .black, rule: .nonZero)
        XCTAssertEqual(ChangedRows(from: [square(y: 10)], to: [square(y: 10), far], scale: 2, height: 200)?.rows, [])
    }
}

extension ChangedRowsTests {
    /// A layer appearing between others (its items inserted), one leaving, and two swapping
    /// places damage only their own rows.
    func testItemsAddedRemovedOrSwappedDamageOnlyTheirRows() {
        let (a, b, c) = (square(y: 10), square(y: 50, color: .white), square(y: 90))
        XCTAssertEqual(rows([a, c], [a, b, c]), [98..<123], "b added between: its rows")
        XCTAssertEqual(rows([a, b, c], [a, c]), [98..<123], "b removed")
        XCTAssertEqual(rows([a, b, c], [b, a, c]), [98..<123], "a and b swapped: b is taken as moved")
        XCTAssertEqual(rows([a, c], [a, .beginGroup(opacity: 0.5, shadow: nil, blend: .normal, blur: 0), c, .endGroup]), [178..<200],
                       "c put in a group: c's rows (to the frame's last)")
    }
}
