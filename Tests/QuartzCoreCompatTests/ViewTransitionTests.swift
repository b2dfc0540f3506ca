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
}
