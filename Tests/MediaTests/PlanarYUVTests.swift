import Media
import XCTest

/// animvid's own BT.709 conversion against the standard's equations, worked out here:
/// Y = 16 + 219·(0.2126 R + 0.7152 G + 0.0722 B), Cb = 128 + 224·(B − Y′)/1.8556,
/// Cr = 128 + 224·(R − Y′)/1.5748, with R, G, B and Y′ in 0…1.
final class PlanarYUVTests: XCTestCase {
    func expected(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        let luma = 0.2126 * r + 0.7152 * g + 0.0722 * b
        return (16 + 219 * luma, 128 + 224 * (b - luma) / 1.8556, 128 + 224 * (r - luma) / 1.5748)
    }

    func testSolidColours() {
        for (r, g, b) in [(255, 0, 0), (0, 255, 0), (0, 0, 255), (0, 0xA0, 0xE0), (255, 255, 255), (0, 0, 0), (128, 128, 128)] {
            var frame = PlanarYUV(width: 4, height: 2)
            let rgba = [UInt8]((0..<8).flatMap { _ in [UInt8(r), UInt8(g), UInt8(b), 255] })
            rgba.withUnsafeBufferPointer { frame.convert(fromRGBA: $0.baseAddress!) }
            let (y, u, v) = expected(Double(r) / 255, Double(g) / 255, Double(b) / 255)
            XCTAssertEqual(Double(frame.y[0]), y, accuracy: 0.51, "Y of \(r),\(g),\(b)")
            XCTAssertEqual(Double(frame.u[0]), u, accuracy: 0.51, "Cb of \(r),\(g),\(b)")
            XCTAssertEqual(Double(frame.v[1]), v, accuracy: 0.51, "Cr of \(r),\(g),\(b)")
        }
    }

    /// Chroma is the average of each 2×2 block: half red, half blue gives the mean of their chroma.
    func testChromaAveragesBlocks() {
        var frame = PlanarYUV(width: 2, height: 2)
        let rgba: [UInt8] = [255, 0, 0, 255, 0, 0, 255, 255, 255, 0, 0, 255, 0, 0, 255, 255]
        rgba.withUnsafeBufferPointer { frame.convert(fromRGBA: $0.baseAddress!) }
        let red = expected(1, 0, 0), blue = expected(0, 0, 1)
        XCTAssertEqual(Double(frame.u[0]), (red.1 + blue.1) / 2, accuracy: 0.51)
        XCTAssertEqual(Double(frame.v[0]), (red.2 + blue.2) / 2, accuracy: 0.51)
    }
}
