import Documents
import Geometry
import Pipeline
import Raster
import XCTest

/// The transitions between shots, rendered at half way: shot "a" (red, 2 s) gives way to shot
/// "b" (green) over its last second, linearly, so at 1.5 s each is where half the motion puts it
/// (the frame is 40 × 20 points; a shot's motion spans the frame).
final class ShotTransitionTests: XCTestCase {
    func frame(_ transition: String) throws -> Pixmap {
        let text = """
        {"background": "#000000", "shots": [
          {"name": "a", "seconds": 2, "layers": [{"frame": [0, 0, 40, 20], "backgroundColor": "#FF0000"}]},
          {"name": "b", "seconds": 2, "transition": \(transition), "layers": [{"frame": [0, 0, 40, 20], "backgroundColor": "#00FF00"}]}]}
        """
        let scene = try SceneFile(text: text, path: "t.json", decodeImage: SceneFile.noImages)
        let timeline = try scene.timeline(canvas: Size(40, 20), duration: 3)
        return try XCTUnwrap(StillImage.render(timeline, at: 1.5, width: 40, height: 20, scale: 1))
    }

    func colour(_ frame: Pixmap, _ x: Int, _ y: Int = 10) -> [Int] {
        let p = frame.pixel(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b)]
    }

    func assertColour(_ got: [Int], _ expected: [Int], _ message: String, line: UInt = #line) {
        XCTAssertTrue(zip(got, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(message): \(got), expected \(expected)", line: line)
    }

    func testEachTransitionHalfWay() throws {
        func kind(_ type: String, _ subtype: String = "fromLeft") -> String {
            #"{"type": "\#(type)", "subtype": "\#(subtype)", "duration": 1, "timingFunction": "linear"}"#
        }
        let red = [255, 0, 0], green = [0, 255, 0]
        // push from the left: b comes from the left (0…20), a leaves to the right (20…40).
        let push = try frame(kind("push"))
        assertColour(colour(push, 10), green, "push: b on the left")
        assertColour(colour(push, 30), red, "push: a on the right")
        // moveIn from the right: b over a on 20…40, a still.
        let moveIn = try frame(kind("moveIn", "fromRight"))
        assertColour(colour(moveIn, 10), red, "moveIn: a, still")
        assertColour(colour(moveIn, 30), green, "moveIn: b coming in over a")
        // reveal from the right: a, above, slides left to 0…20, uncovering b on 20…40.
        let reveal = try frame(kind("reveal", "fromRight"))
        assertColour(colour(reveal, 10), red, "reveal: a on top, leaving")
        assertColour(colour(reveal, 30), green, "reveal: b uncovered")
        // fade: a at half opacity, b at half over it.
        assertColour(colour(try frame(kind("fade")), 20), [64, 128, 0], "fade: half of each")
        // crossZoom: a at 1.5× and half opacity covers the corner; at the centre b (0.75×) is over it.
        let zoom = try frame(kind("crossZoom"))
        assertColour(colour(zoom, 1, 1), [128, 0, 0], "crossZoom: a grown past the corner, half faded")
        assertColour(colour(zoom, 20), [64, 128, 0], "crossZoom: both at the centre")
        // wipe from the top: b shows on the top half, a below.
        let wipe = try frame(kind("wipe", "fromTop"))
        assertColour(colour(wipe, 20, 4), green, "wipe: b above the edge")
        assertColour(colour(wipe, 20, 15), red, "wipe: a below it")
    }

    /// A shot between two enters and leaves by transitions of the same kind: both run (the
    /// leaving one does not replace the entering one): b fades in over a's last second and out
    /// under c's first-and-last, so at 1.5 s and at 3.5 s each is half way.
    func testAShotBetweenTwoEntersAndLeaves() throws {
        let fade = #"{"type": "fade", "duration": 1, "timingFunction": "linear"}"#
        let text = """
        {"background": "#000000", "shots": [
          {"name": "a", "seconds": 2, "layers": [{"frame": [0, 0, 40, 20], "backgroundColor": "#FF0000"}]},
          {"name": "b", "seconds": 3, "transition": \(fade), "layers": [{"frame": [0, 0, 40, 20], "backgroundColor": "#00FF00"}]},
          {"name": "c", "seconds": 2, "transition": \(fade), "layers": [{"frame": [0, 0, 40, 20], "backgroundColor": "#0000FF"}]}]}
        """
        let scene = try SceneFile(text: text, path: "t.json", decodeImage: SceneFile.noImages)
        let timeline = try scene.timeline(canvas: Size(40, 20), duration: 5)
        let entering = try XCTUnwrap(StillImage.render(timeline, at: 1.5, width: 40, height: 20, scale: 1))
        assertColour(colour(entering, 20), [64, 128, 0], "b half faded in over a")
        let leaving = try XCTUnwrap(StillImage.render(timeline, at: 3.5, width: 40, height: 20, scale: 1))
        assertColour(colour(leaving, 20), [0, 64, 128], "c half faded in over b")
    }
}
