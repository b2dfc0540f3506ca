@testable import Animation
import Geometry
import XCTest

/// Layer geometry (docs/core-animation.md §1).
final class GeometryRuleTests: XCTestCase {
    /// Seed 003's worked example: position (200,100), anchorPoint (0.2,0.2), bounds 100×150 → (180,70).
    func testFrameFromPositionAndAnchorPoint() {
        let layer = Layer()
        layer.position = Point(200, 100)
        layer.anchorPoint = Point(0.2, 0.2)
        layer.bounds = Rect(x: 0, y: 0, width: 100, height: 150)
        XCTAssertEqual(layer.frame, Rect(x: 180, y: 70, width: 100, height: 150))
    }

    /// Seed 003's fix: set the anchor point, then the frame; position follows.
    func testSettingFrameSetsPositionAndSize() {
        let line = Layer()
        line.anchorPoint = Point(0.1, 0)
        line.frame = Rect(x: 0, y: 0, width: 100, height: 200)
        XCTAssertEqual(line.position, Point(10, 0))
        XCTAssertEqual(line.bounds.size, Size(100, 200))
    }

    /// `transform.scale` replaces the scale part of the model transform and scales about the anchor.
    func testTransformScaleSubKeyPathScalesAboutTheAnchor() throws {
        let timeline = try Timeline.resolve(canvasSize: Size(100, 100), duration: 1) { _ in
            let layer = Layer()
            layer.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
            layer.position = Point(50, 50)
            layer.transform = Transform3D(rotationAngle: .pi / 2)
            let scale = BasicAnimation(keyPath: "transform.scale")
            scale.fromValue = 2
            scale.toValue = 2
            scale.duration = 1
            layer.add(scale)
            return layer
        }
        let values = timeline.presentationValues(of: 0, at: 0.5, parentTime: 0.5).values
        let m = values.matrixToSuperlayer
        // The corner (0, 0) sits 10 left and 10 above the anchor: rotated a quarter turn clockwise
        // and doubled, it lands 20 right and 20 above the position.
        let corner = m.apply(to: Point(0, 0))
        XCTAssertEqual(corner.x, 70, accuracy: 1e-9)
        XCTAssertEqual(corner.y, 30, accuracy: 1e-9)
    }
}

/// Rotation sub-key paths are components of the decomposed transform (docs/core-animation.md
/// §3): setting one leaves the others.
final class RotationComponentTests: XCTestCase {
    func spin(_ keyPath: String, to angle: Double) -> BasicAnimation {
        let a = BasicAnimation(keyPath: keyPath)
        a.fromValue = .number(angle)
        a.toValue = .number(angle)
        a.duration = 1
        return a
    }

    /// A layer tilted π/6 about y, turned π/2 about z by `transform.rotation.z`, keeps its tilt:
    /// R = Ry(π/6) · Rz(π/2). Its x axis (1, 0, 0) goes to (cos π/6, 0, −sin π/6) by the tilt, then
    /// the z turn takes (x, y) to (−y, x): (0, cos π/6, −sin π/6), so m11 = 0, m12 = cos π/6 = 0.866
    /// and m13 = −0.5 (a pure z turn would give m12 = 1, m13 = 0).
    func testAZRotationKeepsAModelTilt() throws {
        let v = try presentation(at: 0.5) { layer in
            layer.transform = Transform3D(rotationAngle: .pi / 6, x: 0, y: 1, z: 0)
            layer.add(spin("transform.rotation.z", to: .pi / 2))
        }
        XCTAssertEqual(v.transform.m11, 0, accuracy: 1e-9)
        XCTAssertEqual(v.transform.m12, cos(.pi / 6), accuracy: 1e-9)
        XCTAssertEqual(v.transform.m13, -0.5, accuracy: 1e-9)
        XCTAssertEqual(TransformComponent.rotationY.value(in: v.transform), .pi / 6, accuracy: 1e-9)
        XCTAssertEqual(TransformComponent.rotationZ.value(in: v.transform), .pi / 2, accuracy: 1e-9)
    }

    /// `transform.rotation.y` and `.z` animated together compose (y π/6, z π/3) instead of the
    /// last one wiping the other: both read back.
    func testYAndZRotationsAnimateTogether() throws {
        let v = try presentation(at: 0.5) { layer in
            layer.add(spin("transform.rotation.y", to: .pi / 6), forKey: "y")
            layer.add(spin("transform.rotation.z", to: .pi / 3), forKey: "z")
        }
        XCTAssertEqual(TransformComponent.rotationY.value(in: v.transform), .pi / 6, accuracy: 1e-9)
        XCTAssertEqual(TransformComponent.rotationZ.value(in: v.transform), .pi / 3, accuracy: 1e-9)
        XCTAssertEqual(TransformComponent.rotationX.value(in: v.transform), 0, accuracy: 1e-7)
    }

    /// A turn past a quarter about y reads as that turn (Ry(2) has rotation.y 2, not π − 2 with x
    /// and z half turns), and a z turn on a card flipped about y keeps it flipped the same way:
    /// Ry(π) · Rz(π/2) takes +x to −x (the flip), then to −y (the quarter turn): m12 = −1, with
    /// m33 = −1 (facing away). Read as x and z half turns instead, it would give m12 = +1.
    func testTurnsPastAQuarterKeepTheirAxis() throws {
        XCTAssertEqual(TransformComponent.rotationY.value(in: Transform3D(rotationAngle: 2, x: 0, y: 1, z: 0)), 2, accuracy: 1e-9)
        let v = try presentation(at: 0.5) { layer in
            layer.transform = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)
            layer.add(spin("transform.rotation.z", to: .pi / 2))
        }
        XCTAssertEqual(v.transform.m12, -1, accuracy: 1e-9)
        XCTAssertEqual(v.transform.m33, -1, accuracy: 1e-9)
    }
}

/// contentsScale: image pixels per point for an image placed at its own size.
final class ContentsScaleTests: XCTestCase {
    func destination(_ gravity: ContentsGravity) throws -> Rect {
        let timeline = try Timeline.resolve(canvasSize: Size(200, 100), duration: 1) { _ in
            let layer = Layer()
            layer.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
            layer.contents = Image(width: 100, height: 40, premultipliedRGBA: [UInt8](repeating: 255, count: 100 * 40 * 4))
            layer.contentsScale = 2
            layer.contentsGravity = gravity
            return layer
        }
        for case let .image(_, _, destination, _, _, _, _) in timeline.displayList(at: 0).items { return destination }
        return try XCTUnwrap(nil as Rect?, "no image drawn")
    }

    /// A 100×40-pixel image at contentsScale 2 is 50×20 points; centred in 200×100 bounds it
    /// spans x 75…125, y 40…60. At resize gravity the scale does not matter: it fills the bounds.
    func testContentsScaleSizesTheImage() throws {
        XCTAssertEqual(try destination(.center), Rect(x: 75, y: 40, width: 50, height: 20))
        XCTAssertEqual(try destination(.resize), Rect(x: 0, y: 0, width: 200, height: 100))
    }
}

extension GeometryRuleTests {
    /// Premultiplied colour never exceeds its alpha: an image given more is taken at the alpha,
    /// so that a transparent pixel is all zero, as drawing assumes.
    func testAnImagesColourIsNoMoreThanItsAlpha() throws {
        let image = try XCTUnwrap(Image(width: 2, height: 1, premultipliedRGBA: [200, 50, 0, 100, 9, 9, 9, 0]))
        XCTAssertEqual(image.bytes, [100, 50, 0, 100, 0, 0, 0, 0])
    }

    /// `geometryFlipped` (CALayer.h: "whether the geometry of the layer and its sublayers is
    /// flipped vertically"; the contents image displays the same either way): a sublayer whose
    /// frame is the top 10 points of an unflipped layer sits in the bottom 10 of a flipped one,
    /// upside down, and so does the mask; the layer's own drawing is not moved.
    func testGeometryFlippedMirrorsTheSublayersAndMaskAboutTheMiddleOfTheBounds() throws {
        for flipped in [false, true] {
            let timeline = try Timeline.resolve(canvasSize: Size(300, 300), duration: 1) { _ in
                let root = Layer()
                root.frame = Rect(x: 0, y: 0, width: 300, height: 300)
                let host = Layer()
                host.name = "host"
                host.frame = Rect(x: 50, y: 20, width: 100, height: 100)
                host.isGeometryFlipped = flipped
                let child = Layer()
                child.name = "child"
                child.frame = Rect(x: 5, y: 0, width: 10, height: 10)
                host.addSublayer(child)
                let mask = Layer()
                mask.name = "mask"
                mask.frame = Rect(x: 0, y: 0, width: 100, height: 30)
                host.mask = mask
                root.addSublayer(host)
                return root
            }
            let layers = timeline.presentedLayers(at: 0)
            func corners(_ name: String) throws -> (Point, Point) {
                let layer = try XCTUnwrap(layers.first { $0.values.name == name })
                return (layer.toCanvas.apply(to: .zero), layer.toCanvas.apply(to: Point(0, 10)))
            }
            let (childTop, childBelow) = try corners("child")
            let (maskTop, _) = try corners("mask")
            let (hostTop, _) = try corners("host")
            XCTAssertEqual(hostTop, Point(50, 20))
            if flipped {
                XCTAssertEqual(childTop, Point(55, 120))
                XCTAssertEqual(childBelow, Point(55, 110))
                XCTAssertEqual(maskTop, Point(50, 120))
            } else {
                XCTAssertEqual(childTop, Point(55, 20))
                XCTAssertEqual(childBelow, Point(55, 30))
                XCTAssertEqual(maskTop, Point(50, 20))
            }
        }
    }
}
