import Animation
import Geometry
import Pipeline
import Raster
import XCTest

/// Emitters rendered: the additive mode adds overlapping particles' light.
final class EmitterRenderTests: XCTestCase {
    /// The 20 × 20 frame at `time` of an emitter filling a black canvas, with one cell of opaque
    /// `side` × `side` white sprites living a second, 10 a second, both set up by `configure`.
    func frame(at time: Double, side: Int, _ configure: @escaping (EmitterLayer, inout EmitterCell) -> Void) throws -> Pixmap {
        let timeline = try Timeline.resolve(canvasSize: Size(20, 20), duration: 1) { _ in
            let root = Layer()
            root.frame = Rect(x: 0, y: 0, width: 20, height: 20)
            root.backgroundColor = .black
            let emitter = EmitterLayer()
            emitter.frame = root.bounds
            var cell = EmitterCell()
            cell.birthRate = 10
            cell.lifetime = 1
            cell.contents = Image(width: side, height: side, premultipliedRGBA: [UInt8](repeating: 255, count: side * side * 4))
            configure(emitter, &cell)
            emitter.emitterCells = [cell]
            root.addSublayer(emitter)
            return root
        }
        return try XCTUnwrap(StillImage.render(timeline, at: time, width: 20, height: 20, scale: 1))
    }

    /// Two opaque particles of premultiplied red 64 on the same spot over black: additive, the
    /// red adds to 128; otherwise the top one covers the other, 64.
    func testAdditiveParticlesAddTheirLight() throws {
        func centre(_ mode: EmitterRenderMode) throws -> PremultipliedColor {
            // At 0.15 s the particles of the slots at 0 and 0.1 are out, both still at the centre.
            try frame(at: 0.15, side: 8) { emitter, cell in
                emitter.emitterPosition = Point(10, 10)
                emitter.renderMode = mode
                cell.color = Color(red: 64.0 / 255, green: 0, blue: 0, alpha: 1)
            }.pixel(x: 10, y: 10)
        }
        XCTAssertEqual(try centre(.additive), PremultipliedColor(r: 128, g: 0, b: 0, a: 255))
        XCTAssertEqual(try centre(.unordered), PremultipliedColor(r: 64, g: 0, b: 0, a: 255))
    }

    /// An emitter's particles draw above its border (devices show them so; Apple's pages say
    /// nothing of the order): a particle at the emitter's edge covers the border there.
    func testParticlesDrawAboveTheBorder() throws {
        let frame = try frame(at: 0.05, side: 4) { emitter, cell in
            emitter.borderWidth = 4
            emitter.borderColor = Color(red: 0, green: 0, blue: 1, alpha: 1)
            emitter.emitterPosition = Point(2, 10)
            cell.color = Color(red: 1, green: 0, blue: 0, alpha: 1)
        }
        XCTAssertEqual(frame.pixel(x: 2, y: 10), PremultipliedColor(r: 255, g: 0, b: 0, a: 255), "the particle, over the border")
        XCTAssertEqual(frame.pixel(x: 2, y: 2), PremultipliedColor(r: 0, g: 0, b: 255, a: 255), "the border elsewhere")
    }
}
