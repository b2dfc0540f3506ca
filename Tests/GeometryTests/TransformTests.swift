import Foundation
import Geometry
import XCTest

final class TransformTests: XCTestCase {
    func assertClose(_ a: Point, _ b: Point, accuracy: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.x, b.x, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(a.y, b.y, accuracy: accuracy, file: file, line: line)
    }

    func assertClose(_ a: Transform3D, _ b: Transform3D, accuracy: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in zip(a.entries, b.entries) { XCTAssertEqual(x, y, accuracy: accuracy, file: file, line: line) }
    }

    /// A positive z rotation turns clockwise on a y-down screen: +x goes to +y (docs/core-animation.md §1).
    func testPositiveZRotationIsClockwiseOnScreen() {
        let quarter = Transform3D(rotationAngle: .pi / 2)
        assertClose(quarter.apply(to: Point(1, 0)), Point(0, 1))
        assertClose(quarter.apply(to: Point(0, 1)), Point(-1, 0))
    }

    /// Concat(a, b) applies a first; Translate(t, …) applies the translation before t.
    func testConcatenationOrder() {
        let scale = Transform3D(scaleX: 2, y: 3)
        let move = Transform3D(translationX: 10, y: 20)
        assertClose(scale.concatenating(move).apply(to: Point(1, 1)), Point(12, 23))
        assertClose(move.concatenating(scale).apply(to: Point(1, 1)), Point(22, 63))
        assertClose(scale.translatedBy(x: 10, y: 20).apply(to: Point(1, 1)), Point(22, 63))
    }

    func testRotationAboutZeroAxisLeavesTransformUnchanged() {
        let t = Transform3D(translationX: 75, y: 0)
        XCTAssertEqual(t.rotated(by: 1.2, x: 0, y: 0, z: 0), t)
    }

    func testInverse() throws {
        let t = Transform3D(translationX: 75, y: -3).rotated(by: 2 * .pi / 3).scaledBy(x: 2, y: 0.5)
        let inverse = try XCTUnwrap(t.inverted())
        assertClose(t.concatenating(inverse), .identity)
        XCTAssertNil(Transform3D(scaleX: 1, y: 0).inverted())
    }

    func testDecompositionRoundTrips() throws {
        let cases = [
            Transform3D(translationX: 75, y: 0).rotated(by: 2 * .pi / 3),
            Transform3D(scaleX: 1.5, y: 1.5, z: 1.5),
            Transform3D(rotationAngle: -0.3).scaledBy(x: 2, y: 0.7).translatedBy(x: 5, y: 9),
            Transform3D(rotationAngle: 0.8, x: 1, y: 1, z: 0).translatedBy(x: 3, y: 4, z: 5),
            // Mirrors, which decompose as a flip and a half turn about an axis in the plane (a
            // Lottie layer scaled [−191, 191] and turned −112.6°), and a half turn itself.
            Transform3D(scaleX: -1.91401, y: 1.91401, z: 1).concatenating(Transform3D(rotationAngle: -112.605 * .pi / 180)),
            Transform3D(scaleX: 1, y: -2, z: 1).concatenating(Transform3D(rotationAngle: 0.4)),
            Transform3D(scaleX: -1, y: 1, z: 1),
            Transform3D(rotationAngle: .pi, x: 1, y: 1, z: 0),
        ]
        for t in cases {
            let d = try XCTUnwrap(DecomposedTransform(t))
            assertClose(d.recomposed, t, accuracy: 1e-9)
        }
    }

    /// `CATransform3DMakeScale(1, 1, 0)` is singular but still decomposes, keeping z scale 0.
    func testFlatScaleDecomposes() throws {
        let d = try XCTUnwrap(DecomposedTransform(Transform3D(scaleX: 0.2, y: 0.2, z: 0)))
        XCTAssertEqual(d.scale.x, 0.2, accuracy: 1e-12)
        XCTAssertEqual(d.scale.y, 0.2, accuracy: 1e-12)
        XCTAssertEqual(d.scale.z, 0, accuracy: 1e-12)
        assertClose(d.recomposed, Transform3D(scaleX: 0.2, y: 0.2, z: 0))
    }

    /// Identity → translate(75, 0)·rotate(120°) halfway: half the translation, a 60° turn
    /// (docs/core-animation.md §4: the seed's triangle moves in a straight line while turning).
    func testInterpolationIsByParts() throws {
        let target = Transform3D(rotationAngle: 2 * .pi / 3).concatenating(Transform3D(translationX: 75, y: 0))
        let from = try XCTUnwrap(DecomposedTransform(.identity))
        let to = try XCTUnwrap(DecomposedTransform(target))
        let half = from.interpolated(to: to, at: 0.5).recomposed
        let expected = Transform3D(rotationAngle: .pi / 3).concatenating(Transform3D(translationX: 37.5, y: 0))
        assertClose(half, expected, accuracy: 1e-9)
    }
}

extension TransformTests {
    /// Maps of the plane multiply to exactly the entries of the 4 × 4 product (summed in the
    /// order k = 1…4), turned, skewed, mirrored, scaled through 0 and moved; a map with depth
    /// or perspective still multiplies in full.
    func testProductsOfPlanarMapsEqualTheFullProduct() {
        func product(_ a: Transform3D, _ b: Transform3D) -> [Double] {
            let (x, y) = (a.entries, b.entries)
            return (0..<4).flatMap { i in (0..<4).map { j in (0..<4).reduce(0.0) { $0 + x[i * 4 + $1] * y[$1 * 4 + j] } } }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            func planar() -> Transform3D {
                var t = Transform3D.identity
                (t.m11, t.m12, t.m21, t.m22) = (.random(in: -3...3, using: &generator), .random(in: -3...3, using: &generator),
                                                .random(in: -3...3, using: &generator), [0, 1, -0.5][Int.random(in: 0...2, using: &generator)])
                (t.m41, t.m42) = (.random(in: -500...500, using: &generator), .random(in: -500...500, using: &generator))
                return t
            }
            let (a, b) = (planar(), planar())
            XCTAssertEqual(a.concatenating(b).entries, product(a, b))
            var deep = b
            deep.m34 = -1.0 / 500
            deep.m43 = 3
            XCTAssertEqual(a.concatenating(deep).entries, product(a, deep))
        }
    }
}
