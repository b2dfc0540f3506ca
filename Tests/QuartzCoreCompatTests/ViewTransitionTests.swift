import AnimvidKit
import QuartzCoreCompat
import XCTest

/// `UIView.transition`: `.transitionCrossDissolve` fades the view's old picture into its new one
/// (a CATransition of type fade: (1 − p)·old + p·new, p the curve's progress); the block's
/// changes show at once under it unless `.allowAnimatedContent`; `transition(from:to:)` puts the
/// new view in the old one's place in its superview.
final class ViewTransitionTests: XCTestCase {
    final class Dissolving: UIViewController, @unchecked Sendable {
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let moving = UIView(frame: CGRect(x: 0, y: 150, width: 20, height: 20))
        // Each pair in a box of its own: a transition from one view to another is its superview's.
        let boxes = (UIView(frame: CGRect(x: 200, y: 0, width: 50, height: 50)), UIView(frame: CGRect(x: 200, y: 100, width: 50, height: 50)))
        let (old, new) = (UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50)), UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50)))
        let (shown, hidden) = (UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50)), UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50)))
        var finishedAt: Double?
        override func viewDidLoad() {
            card.backgroundColor = .red
            view.addSubview(card)
            view.addSubview(moving)
            view.addSubview(boxes.0)
            view.addSubview(boxes.1)
            boxes.0.addSubview(UIView())
            boxes.0.addSubview(old)
            boxes.1.addSubview(shown)
            hidden.isHidden = true
            boxes.1.addSubview(hidden)
            QuartzCoreCompat.DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                UIView.transition(with: self.card, duration: 1, options: [.transitionCrossDissolve, .curveLinear], animations: {
                    self.card.backgroundColor = .blue
                }, completion: { _ in self.finishedAt = CACurrentMediaTime() })
                UIView.transition(with: self.moving, duration: 1, options: [.allowAnimatedContent, .curveLinear], animations: {
                    self.moving.center = CGPoint(x: 110, y: 160)
                })
                UIView.transition(from: self.old, to: self.new, duration: 1, options: .transitionCrossDissolve)
                UIView.transition(from: self.shown, to: self.hidden, duration: 1, options: [.transitionCrossDissolve, .showHideTransitionViews])
            }
        }
    }

    func testCrossDissolveAnimatedContentAndReplacing() throws {
        let controller = Dissolving()
        let timeline = try UIKitScene(name: "t", summary: "", cycle: 3) { controller }.timeline(canvas: Size(300, 200), duration: 3)
        func pixel(_ t: Double, _ x: Int, _ y: Int) throws -> [Int] {
            let frame = try XCTUnwrap(StillImage.render(timeline, at: t, width: 300, height: 200, scale: 1))
            let i = (y * 300 + x) * 4
            return frame.bytes[i..<(i + 4)].map(Int.init)
        }
        XCTAssertEqual(try pixel(0.9, 50, 50), [255, 0, 0, 255])
        // Half way: half of each (premultiplied).
        for (value, expected) in zip(try pixel(1.5, 50, 50), [128, 0, 128, 255]) { XCTAssertEqual(value, expected, accuracy: 2) }
        XCTAssertEqual(try pixel(2.1, 50, 50), [0, 0, 255, 255])
        XCTAssertEqual(controller.finishedAt, 2)
        // Animated content: half way across at 1.5 s.
        let moving = try XCTUnwrap(timeline.presentedLayers(at: 1.5).first { $0.values.position.y == 160 })
        XCTAssertEqual(moving.values.position.x, 60, accuracy: 1e-9)
        // The new view in the old one's place; the other pair swapped by hiding.
        XCTAssertNil(controller.old.superview)
        XCTAssertTrue(controller.new.superview === controller.boxes.0)
        XCTAssertEqual(controller.boxes.0.subviews.firstIndex { $0 === controller.new }, 1)
        XCTAssertTrue(controller.shown.isHidden)
        XCTAssertFalse(controller.hidden.isHidden)
    }

    final class Flipping: UIViewController, @unchecked Sendable {
        let card = UIView(frame: CGRect(x: 100, y: 50, width: 100, height: 100))
        var finishedAt: Double?
        override func viewDidLoad() {
            card.backgroundColor = .red
            view.addSubview(card)
            QuartzCoreCompat.DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                UIView.transition(with: self.card, duration: 1, options: [.transitionFlipFromLeft, .curveLinear], animations: {
                    self.card.backgroundColor = .blue
                }, completion: { _ in self.finishedAt = CACurrentMediaTime() })
            }
        }
    }

    /// `.transitionFlipFromLeft` turns the view over about its vertical middle line, "the left
    /// side of the view moves toward the front" (UIKit's documentation), the old picture on the
    /// front and the new one on the back: a quarter of the way the old picture is turned by 45°,
    /// its left side nearer, so taller; three quarters of the way the new picture shows with its
    /// right side nearer. Where its sides land follows Core Animation's perspective rule (a point
    /// at depth z, toward the viewer, drawn at its place over w = 1 − z / d) with animvid's
    /// distance d = twice the width (docs/core-animation.md §7).
    func testFlipFromLeftTurnsTheViewOver() throws {
        let controller = Flipping()
        let timeline = try UIKitScene(name: "t", summary: "", cycle: 3) { controller }.timeline(canvas: Size(300, 200), duration: 3)
        func frame(_ t: Double) throws -> [UInt8] { try XCTUnwrap(StillImage.render(timeline, at: t, width: 300, height: 200, scale: 1)).bytes }
        /// The columns and, at the first and last of them, the rows where the picture's colour
        /// (red or blue channel) covers at least half a pixel.
        func extent(_ bytes: [UInt8], channel: Int) -> (columns: ClosedRange<Int>, firstRows: Int, lastRows: Int)? {
            let covered = { (x: Int, y: Int) in bytes[(y * 300 + x) * 4 + channel] >= 128 }
            let columns = (0..<300).filter { covered($0, 100) }
            guard let first = columns.first, let last = columns.last else { return nil }
            return (first...last, (0..<200).filter { covered(first, $0) }.count, (0..<200).filter { covered(last, $0) }.count)
        }
        // The card's sides at a turn, half a side (50) from its middle (150, 100), d = 200.
        func side(_ x: Double, turn: Double) -> (x: Double, height: Double) {
            let turnedX: Double = x * Foundation.cos(turn), depth: Double = -x * Foundation.sin(turn)
            let w: Double = 1 - depth / 200
            return (x: 150 + turnedX / w, height: 100 / w)
        }
        let quarter = try XCTUnwrap(extent(try frame(1.25), channel: 0), "the old (red) picture")
        let (left, right) = (side(-50, turn: .pi / 4), side(50, turn: .pi / 4))
        XCTAssertEqual(Double(quarter.columns.lowerBound), left.x, accuracy: 1)
        XCTAssertEqual(Double(quarter.columns.upperBound) + 1, right.x, accuracy: 1)
        XCTAssertEqual(Double(quarter.firstRows), left.height, accuracy: 2)
        XCTAssertEqual(Double(quarter.lastRows), right.height, accuracy: 2)
        XCTAssertNil(extent(try frame(1.25), channel: 2), "no new (blue) picture before half way")

        let threeQuarters = try XCTUnwrap(extent(try frame(1.75), channel: 2), "the new (blue) picture")
        let (backLeft, backRight) = (side(-50, turn: -.pi / 4), side(50, turn: -.pi / 4))
        XCTAssertEqual(Double(threeQuarters.columns.lowerBound), backLeft.x, accuracy: 1)
        XCTAssertEqual(Double(threeQuarters.columns.upperBound) + 1, backRight.x, accuracy: 1)
        XCTAssertEqual(Double(threeQuarters.firstRows), backLeft.height, accuracy: 2)
        XCTAssertEqual(Double(threeQuarters.lastRows), backRight.height, accuracy: 2)
        XCTAssertNil(extent(try frame(1.75), channel: 0), "no old picture after half way")

        XCTAssertEqual(Array(try frame(2.1)[(100 * 300 + 150) * 4..<(100 * 300 + 150) * 4 + 4]), [0, 0, 255, 255])
        XCTAssertEqual(controller.finishedAt, 2)
    }
}
