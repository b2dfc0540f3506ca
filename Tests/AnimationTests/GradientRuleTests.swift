@testable import Animation
import Geometry
import XCTest

/// Gradient stops mix as Core Graphics mixes them (docs/core-animation.md §5): straight,
/// unpremultiplied components.
final class GradientRuleTests: XCTestCase {
    /// White (1, 1, 1, 1) to clear (0, 0, 0, 0): halfway each straight component is the mean,
    /// (0.5, 0.5, 0.5, 0.5): grey at half opacity, the band iOS shows. A premultiplied mix would
    /// keep white (1, 1, 1) at alpha 0.5.
    func testWhiteToClearPassesThroughGrey() {
        let gradient = Gradient(type: .axial, colors: [.white, .clear], locations: [], start: .zero, end: Point(1, 0))
        let middle = gradient.color(at: 0.5)
        XCTAssertEqual([middle.red, middle.green, middle.blue, middle.alpha], [0.5, 0.5, 0.5, 0.5])
        let quarter = gradient.color(at: 0.25)
        XCTAssertEqual([quarter.red, quarter.alpha], [0.75, 0.75])
    }
}
