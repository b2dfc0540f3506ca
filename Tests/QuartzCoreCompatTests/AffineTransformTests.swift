import Animation
import Geometry
import QuartzCoreCompat
import XCTest

/// `CGAffineTransform` by Core Graphics' documented matrix, [a b 0; c d 0; tx ty 1] with points
/// as rows (x' = a·x + c·y + tx, y' = b·x + d·y + ty): `translatedBy`, `scaledBy` and
/// `rotated(by:)` apply their step first (CGAffineTransformTranslate(t, …) = translation × t),
/// `t1.concatenating(t2)` is t1 × t2; `CATransform3DMakeAffineTransform` puts a, b, c, d, tx, ty
/// at m11, m12, m21, m22, m41, m42; a view's `transform` is its layer's and animates with it.
final class AffineTransformTests: XCTestCase {
    func assertEqual(_ p: QuartzCoreCompat.CGPoint, _ x: Double, _ y: Double, _ message: String = "", line: UInt = #line) {
        XCTAssertEqual(p.x, x, accuracy: 1e-12, message, line: line)
        XCTAssertEqual(p.y, y, accuracy: 1e-12, message, line: line)
    }

    func testTheMatrixAndItsOrder() {
        let origin = QuartzCoreCompat.CGPoint(x: 0, y: 0), unitX = QuartzCoreCompat.CGPoint(x: 1, y: 0)
        // A quarter turn takes the x axis to the y axis (cos, sin; −sin, cos).
        assertEqual(unitX.applying(CGAffineTransform(rotationAngle: .pi / 2)), 0, 1)
        // Scaled by (2, 3) after a move by (1, 1): the move comes first.
        assertEqual(origin.applying(CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 1, y: 1)), 2, 3)
        assertEqual(origin.applying(CGAffineTransform(translationX: 1, y: 1).scaledBy(x: 2, y: 3)), 1, 1)
        // concatenating: the receiver first.
        assertEqual(unitX.applying(CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 10, y: 0))), 12, 0)
        assertEqual(unitX.applying(CGAffineTransform(translationX: 10, y: 0).concatenating(CGAffineTransform(scaleX: 2, y: 2))), 22, 0)
        assertEqual(unitX.applying(CGAffineTransform(translationX: 5, y: 0).rotated(by: .pi / 2)), 5, 1)
        // The inverse undoes it; a singular transform has none and comes back unchanged.
        let t = CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: 0.5).translatedBy(x: 3, y: -4)
        assertEqual(QuartzCoreCompat.CGPoint(x: 5, y: 6).applying(t).applying(t.inverted()), 5, 6)
        let flat = CGAffineTransform(scaleX: 0, y: 1)
        XCTAssertEqual(flat.inverted(), flat)
        XCTAssertTrue(CGAffineTransform.identity.isIdentity)
        // A rectangle's image is the box of its corners; a size loses the move.
        let box = QuartzCoreCompat.CGRect(x: 0, y: 0, width: 10, height: 20).applying(CGAffineTransform(rotationAngle: .pi / 2))
        XCTAssertEqual(box.minX, -20, accuracy: 1e-12)
        XCTAssertEqual(box.width, 20, accuracy: 1e-12)
        XCTAssertEqual(box.height, 10, accuracy: 1e-12)
        XCTAssertEqual(QuartzCoreCompat.CGSize(width: 2, height: 3).applying(CGAffineTransform(translationX: 9, y: 9).scaledBy(x: 2, y: 2)),
                       QuartzCoreCompat.CGSize(width: 4, height: 6))
    }

    func testAsA3DTransform() {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let m = CATransform3DMakeAffineTransform(t)
        XCTAssertEqual([m.m11, m.m12, m.m21, m.m22, m.m41, m.m42, m.m33, m.m44], [1, 2, 3, 4, 5, 6, 1, 1])
        XCTAssertTrue(CATransform3DIsAffine(m))
        XCTAssertFalse(CATransform3DIsAffine(CATransform3DMakeRotation(0.5, 1, 0, 0)))
        XCTAssertEqual(CATransform3DGetAffineTransform(m), t)
        // The same point either way.
        let p = QuartzCoreCompat.CGPoint(x: 7, y: -2)
        XCTAssertEqual(m.apply(to: p), p.applying(t))
        // Paths take it as Core Graphics does.
        let path = CGMutablePath()
        path.addRect(QuartzCoreCompat.CGRect(x: 0, y: 0, width: 10, height: 10), transform: CGAffineTransform(translationX: 5, y: 0).scaledBy(x: 2, y: 1))
        XCTAssertEqual(path.boundingBox, QuartzCoreCompat.CGRect(x: 5, y: 0, width: 20, height: 10))
        let bezier = UIBezierPath(rect: QuartzCoreCompat.CGRect(x: 0, y: 0, width: 10, height: 10))
        bezier.apply(CGAffineTransform(scaleX: 3, y: 1))
        XCTAssertEqual(bezier.cgPath.boundingBox, QuartzCoreCompat.CGRect(x: 0, y: 0, width: 30, height: 10))
    }

    final class Shrinking: UIViewController, @unchecked Sendable {
        let box = UIView(frame: QuartzCoreCompat.CGRect(x: 0, y: 0, width: 40, height: 40))
        override func viewDidLoad() {
            box.layer.name = "box"
            view.addSubview(box)
            box.transform = CGAffineTransform(rotationAngle: 0.25)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                self.box.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
            })
        }
    }

    /// A view's transform set outside an animation shows at once; inside one it animates as the
    /// layer's transform (scale and angle interpolated: half way, scale 0.75 at angle 0.125).
    func testAViewsTransformAnimates() throws {
        let controller = Shrinking()
        let timeline = try UIKitScene(name: "t", summary: "", cycle: 2) { controller }.timeline(canvas: Size(200, 200), duration: 2)
        func transform(at t: Double) throws -> Transform3D {
            try XCTUnwrap(timeline.presentedLayers(at: t).first { $0.values.name == "box" }).values.transform
        }
        let half = try transform(at: 0.5)
        XCTAssertEqual((half.m11 * half.m11 + half.m12 * half.m12).squareRoot(), 0.75, accuracy: 1e-9)
        XCTAssertEqual(atan2(half.m12, half.m11), 0.125, accuracy: 1e-9)
        XCTAssertEqual(try transform(at: 1.5), CATransform3DMakeAffineTransform(CGAffineTransform(scaleX: 0.5, y: 0.5)))
        XCTAssertEqual(controller.box.transform, CGAffineTransform(scaleX: 0.5, y: 0.5))
        XCTAssertEqual(controller.box.layer.affineTransform(), controller.box.transform)
    }
}
