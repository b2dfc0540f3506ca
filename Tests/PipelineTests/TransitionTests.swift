import Animation
import Geometry
import Pipeline
import Raster
import XCTest

/// CATransition, rendered: a 100 × 100 layer "stack" shows a red sublayer; at 1 s a rule adds a
/// 1 s linear transition to it and swaps which sublayer is hidden (blue shows). Expected pixels
/// follow from the rule of docs/core-animation.md §7: at progress p the old picture and the new
/// one are placed (or mixed) as the transition's type says.
final class TransitionTests: XCTestCase {
    let red = PremultipliedColor(r: 255, g: 0, b: 0, a: 255), blue = PremultipliedColor(r: 0, g: 0, b: 255, a: 255)

    func timeline(_ type: Transition.Kind, _ subtype: Transition.Direction? = nil) throws -> Timeline {
        try Timeline.resolve(canvasSize: Size(100, 100), duration: 3) { script in
            let stack = Layer()
            stack.name = "stack"
            stack.frame = Rect(x: 0, y: 0, width: 100, height: 100)
            for (name, color, hidden) in [("front", Color.red, false), ("back", Color.blue, true)] {
                let face = Layer()
                face.name = name
                face.frame = stack.bounds
                face.backgroundColor = color
                face.isHidden = hidden
                stack.addSublayer(face)
            }
            let transition = TransitionAnimation()
            transition.type = type
            transition.subtype = subtype
            transition.duration = 1
            transition.timingFunction = .linear
            let flags = LayerProperty.named["hidden"]!
            script.add(ScriptRule(on: .start, after: 1, do: [
                .add(transition, to: "stack", key: nil, begin: nil),
                .set([(flags, .value(.number(1)))], on: "front"),
                .set([(flags, .value(.number(0)))], on: "back"),
            ]))
            return stack
        }
    }

    func pixel(_ timeline: Timeline, at t: Double, x: Int) throws -> PremultipliedColor {
        try XCTUnwrap(StillImage.render(timeline, at: t, width: 100, height: 100, scale: 1)).pixel(x: x, y: 50)
    }

    /// Push from the right at p = ½: the old picture has moved half its width left (red on
    /// 0…50), the new one comes from the right (blue on 50…100); before and after, one picture.
    func testPushFromRight() throws {
        let t = try timeline(.push, .fromRight)
        XCTAssertEqual(try pixel(t, at: 0.5, x: 75), red)
        XCTAssertEqual(try pixel(t, at: 1.5, x: 25), red)
        XCTAssertEqual(try pixel(t, at: 1.5, x: 75), blue)
        // p = ¾: red has moved 75 left (−75…25), blue 25 right of the edge (25…125).
        XCTAssertEqual(try pixel(t, at: 1.75, x: 20), red)
        XCTAssertEqual(try pixel(t, at: 1.75, x: 30), blue)
        XCTAssertEqual(try pixel(t, at: 2.5, x: 10), blue)
    }

    /// Move-in from the left (the default subtype): the new picture slides in over the old one,
    /// which stays: at p = ¼ blue covers 0…25.
    func testMoveInFromTheLeftByDefault() throws {
        let t = try timeline(.moveIn)
        XCTAssertEqual(try pixel(t, at: 1.25, x: 20), blue)
        XCTAssertEqual(try pixel(t, at: 1.25, x: 30), red)
    }

    /// Reveal from the top: the old picture slides down, uncovering the new one above it.
    func testRevealFromTheTop() throws {
        let t = try timeline(.reveal, .fromTop)
        let frame = try XCTUnwrap(StillImage.render(t, at: 1.5, width: 100, height: 100, scale: 1))
        XCTAssertEqual(frame.pixel(x: 50, y: 25), blue)
        XCTAssertEqual(frame.pixel(x: 50, y: 75), red)
    }

    /// Flips at p = ¼: the old picture turned by 45° about the middle line, the named side
    /// nearer; a side 50 from the line lands 50·cos 45° / w from it, w = 1 − z / 200 (Core
    /// Animation's perspective, z = ±50·sin 45° toward the viewer, seen from twice the side):
    /// the near side further out than the far one. At p = ¾ the new picture, the other side
    /// nearer (its back is seen).
    func testFlipsTurnTheNamedSideTowardTheViewer() throws {
        let near = 50 * cos(Double.pi / 4) / (1 - 50 * sin(Double.pi / 4) / 200)
        let far = 50 * cos(Double.pi / 4) / (1 + 50 * sin(Double.pi / 4) / 200)
        let cases: [(Transition.Direction, vertical: Bool, quarter: (Double, Double))] = [
            (.fromLeft, false, (50 - near, 50 + far)), (.fromRight, false, (50 - far, 50 + near)),
            (.fromTop, true, (50 - near, 50 + far)), (.fromBottom, true, (50 - far, 50 + near)),
        ]
        for (subtype, vertical, quarter) in cases {
            let t = try timeline(.flip, subtype)
            /// The pixels along the middle row (or column) at least half covered by `color`'s channel.
            func run(at time: Double, blue: Bool) throws -> (Double, Double)? {
                let frame = try XCTUnwrap(StillImage.render(t, at: time, width: 100, height: 100, scale: 1))
                let covered = (0..<100).filter { i in
                    let p = vertical ? frame.pixel(x: 50, y: i) : frame.pixel(x: i, y: 50)
                    return (blue ? p.b : p.r) >= 128
                }
                return covered.first.map { (Double($0), Double(covered.last! + 1)) }
            }
            let old = try XCTUnwrap(try run(at: 1.25, blue: false), "\(subtype)")
            XCTAssertEqual(old.0, quarter.0, accuracy: 1, "\(subtype)")
            XCTAssertEqual(old.1, quarter.1, accuracy: 1, "\(subtype)")
            XCTAssertNil(try run(at: 1.25, blue: true), "\(subtype): the new picture is on the back")
            let new = try XCTUnwrap(try run(at: 1.75, blue: true), "\(subtype)")
            XCTAssertEqual(new.0, 100 - quarter.1, accuracy: 1, "\(subtype)")
            XCTAssertEqual(new.1, 100 - quarter.0, accuracy: 1, "\(subtype)")
            XCTAssertNil(try run(at: 1.75, blue: false), "\(subtype): the old picture is turned away")
        }
        // Inspection finds the layer as it is now in both halves, under the flip: on the back
        // and not shown at p = ¼, shown at p = ¾.
        let t = try timeline(.flip)
        for (time, shown) in [(1.25, false), (1.75, true)] {
            let stack = try XCTUnwrap(t.presentedLayers(at: time).first { $0.path.hasSuffix("stack") }, "at \(time)")
            XCTAssertEqual(stack.transition?.transition.kind, .flip)
            XCTAssertEqual(stack.transition?.progress ?? 0, time - 1, accuracy: 1e-9)
            XCTAssertEqual(stack.isDrawn, shown, "at \(time)")
        }
    }

    /// Fade at p = ¼: ¾ red + ¼ blue, each channel the byte mix (191, 0, 64), opaque.
    func testFadeIsACrossDissolve() throws {
        let mixed = try pixel(try timeline(.fade), at: 1.25, x: 50)
        XCTAssertEqual(Int(mixed.r), 191, accuracy: 1)
        XCTAssertEqual(mixed.g, 0)
        XCTAssertEqual(Int(mixed.b), 64, accuracy: 1)
        XCTAssertEqual(mixed.a, 255)
    }

    /// New contents cross-fade implicitly, like any changed property: 0.25 s with the default
    /// timing function, so halfway (1.125 s) the new image has ease(½) = 0.8024 of the mix:
    /// red 255 · 0.1976 ≈ 50, blue 255 · 0.8024 ≈ 205.
    func testNewContentsCrossFade() throws {
        func solid(_ r: UInt8, _ b: UInt8) -> Image { Image(width: 2, height: 2, premultipliedRGBA: Array(repeating: [r, 0, b, 255], count: 4).flatMap { $0 })! }
        let timeline = try Timeline.resolve(canvasSize: Size(100, 100), duration: 2) { script in
            let layer = Layer()
            layer.name = "picture"
            layer.frame = Rect(x: 0, y: 0, width: 100, height: 100)
            layer.contents = solid(255, 0)
            script.add(ScriptRule(on: .start, after: 1, do: [.set([(LayerProperty.named["contents"]!, .value(.image(solid(0, 255))))], on: "picture")]))
            return layer
        }
        let mixed = try pixel(timeline, at: 1.125, x: 50)
        XCTAssertEqual(Int(mixed.r), 50, accuracy: 1)
        XCTAssertEqual(Int(mixed.b), 205, accuracy: 1)
        XCTAssertEqual(try pixel(timeline, at: 0.9, x: 50), red)
        XCTAssertEqual(try pixel(timeline, at: 1.3, x: 50), blue)
    }

    /// An explicit animation of `contents` cross-fades too, between pictures of different sizes
    /// (on the larger one's grid): halfway from a red 2 × 2 to a blue 4 × 4, linearly, each
    /// byte is the rounded mix (255·128 + 0·128) / 256 ≈ 128 red and 127 or 128 blue. Contents
    /// given to a layer that had none fade in from transparent: at 0.125 s of the implicit 0.25 s,
    /// ease(½) = 0.8024 of the way, alpha 205.
    func testAnExplicitContentsAnimationCrossFades() throws {
        func solid(_ r: UInt8, _ b: UInt8, side: Int) -> Image {
            Image(width: side, height: side, premultipliedRGBA: Array(repeating: [r, 0, b, 255], count: side * side).flatMap { $0 })!
        }
        func frame(from: Image, to: Image) throws -> PremultipliedColor {
            let timeline = try Timeline.resolve(canvasSize: Size(100, 100), duration: 2) { _ in
                let layer = Layer()
                layer.frame = Rect(x: 0, y: 0, width: 100, height: 100)
                layer.contents = to
                let fade = BasicAnimation(keyPath: "contents")
                fade.fromValue = .image(from)
                fade.duration = 1
                layer.add(fade)
                return layer
            }
            return try pixel(timeline, at: 0.5, x: 50)
        }
        let mixed = try frame(from: solid(255, 0, side: 2), to: solid(0, 255, side: 4))
        XCTAssertEqual(Int(mixed.r), 128, accuracy: 1)
        XCTAssertEqual(Int(mixed.b), 128, accuracy: 1)
        XCTAssertEqual(mixed.a, 255)
        let timeline = try Timeline.resolve(canvasSize: Size(100, 100), duration: 1) { script in
            let layer = Layer()
            layer.frame = Rect(x: 0, y: 0, width: 100, height: 100)
            script.after(0) { _ in layer.contents = solid(0, 255, side: 4) }
            return layer
        }
        XCTAssertEqual(Int(try pixel(timeline, at: 0.125, x: 50).a), 205, accuracy: 1)
    }
}
