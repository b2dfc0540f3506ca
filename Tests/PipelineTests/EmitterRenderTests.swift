import Animation
import Geometry
import Pipeline
import Raster
import XCTest

/// Emitters rendered: the additive mode adds overlapping particles' light.
final class EmitterRenderTests: XCTestCase {
    /// Two opaque particles of premultiplied red 64 on the same spot over black: additive, the
    /// red adds to 128; otherwise the top one covers the other, 64.
    func testAdditiveParticlesAddTheirLight() throws {
        func centre(_ mode: EmitterRenderMode) throws -> PremultipliedColor {
            let timeline = try Timeline.resolve(canvasSize: Size(20, 20), duration: 1) { _ in
                let root = Layer()
                root.frame = Rect(x: 0, y: 0, width: 20, height: 20)
                root.backgroundColor = .black
                let emitter = EmitterLayer()
                emitter.frame = root.bounds
                emitter.emitterPosition = Point(10, 10)
                emitter.renderMode = mode
                var cell = EmitterCell()
                cell.birthRate = 10
                cell.lifetime = 1
                cell.contents = Image(width: 8, height: 8, premultipliedRGBA: [UInt8](repeating: 255, count: 256))
                cell.color = Color(red: 64.0 / 255, green: 0, blue: 0, alpha: 1)
                emitter.emitterCells = [cell]
                root.addSublayer(emitter)
                return root
            }
            // At 0.15 s the particles of the slots at 0 and 0.1 are out, both still at the centre.
            return try XCTUnwrap(StillImage.render(timeline, at: 0.15, width: 20, height: 20, scale: 1)).pixel(x: 10, y: 10)
        }
        XCTAssertEqual(try centre(.additive), PremultipliedColor(r: 128, g: 0, b: 0, a: 255))
        XCTAssertEqual(try centre(.unordered), PremultipliedColor(r: 64, g: 0, b: 0, a: 255))
    }
}
