@testable import Animation
import Geometry
@testable import Pipeline
import Raster
import XCTest

/// What an opaque fill of the whole frame outside any group covers is not drawn (the frame is
/// cleared to its colour instead), and nothing that still shows is left out.
final class CoveredItemsTests: XCTestCase {
    private let size = Size(40, 20)
    private let red = Color(red: 1, green: 0, blue: 0)
    private let blue = Color(red: 0, green: 0, blue: 1)

    private func fill(_ rect: Rect, _ color: Color) -> DisplayItem {
        .fill(.roundedRect(rect, cornerRadius: 0), transform: .identity, color: color, rule: .nonZero)
    }

    private func pixel(_ items: [DisplayItem], x: Int = 5, y: Int = 5) throws -> PremultipliedColor {
        let frame = FrameRenderer(scale: 1).render(DisplayList(canvasSize: size, items: items), into: try XCTUnwrap(Pixmap(width: 40, height: 20)))
        return frame.pixel(x: x, y: y)
    }

    /// A red square under an opaque blue frame-filling rectangle is covered, and what comes
    /// after the rectangle is drawn over it; the same rectangle half transparent, or in a group
    /// at half opacity, covers nothing, and the red shows through.
    func testOnlyAnOpaqueFillOfTheWholeFrameOutsideGroupsCoversWhatIsUnder() throws {
        let square = fill(Rect(x: 0, y: 0, width: 10, height: 10), red)
        let whole = Rect(x: 0, y: 0, width: 40, height: 20)
        XCTAssertEqual(try pixel([square, fill(whole, blue)]), PremultipliedColor(r: 0, g: 0, b: 255, a: 255))
        XCTAssertEqual(try pixel([square, fill(whole, blue), fill(Rect(x: 0, y: 0, width: 10, height: 10), red)]),
                       PremultipliedColor(r: 255, g: 0, b: 0, a: 255), "drawn after the rectangle")
        let halfBlue = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
        let through = try pixel([square, fill(whole, halfBlue)])
        XCTAssertEqual(Int(through.r), 127, accuracy: 1, "under a half transparent rectangle")
        let grouped = try pixel([square, .beginGroup(opacity: 0.5, shadow: nil, blend: .normal, blur: 0), fill(whole, blue), .endGroup])
        XCTAssertEqual(Int(grouped.r), 127, accuracy: 1, "under a rectangle in a group at half opacity")
        let clipped = try pixel([square, .beginClip(.roundedRect(Rect(x: 20, y: 0, width: 20, height: 20), cornerRadius: 0), transform: .identity),
                                 fill(whole, blue), .endClip])
        XCTAssertEqual(clipped, PremultipliedColor(r: 255, g: 0, b: 0, a: 255), "outside a clipped rectangle")
        // An end with nothing open is passed over, as the canvas passes it over: the group after it is open.
        let unbalanced = try pixel([square, .endClip, .beginGroup(opacity: 0.5, shadow: nil, blend: .normal, blur: 0), fill(whole, blue), .endGroup])
        XCTAssertEqual(Int(unbalanced.r), 127, accuracy: 1, "in a group opened after an unmatched end")
    }
}
