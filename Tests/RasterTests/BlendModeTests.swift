import Geometry
@testable import Raster
import XCTest

/// The blend modes of `compositingFilter`, against values worked out by hand from W3C
/// Compositing and Blending Level 1 (the formula of each is written beside it).
final class BlendModeTests: XCTestCase {
    /// Backdrop Cb = (0.8, 0.4, 0.2), source Cs = (0.5, 0.25, 1), both opaque.
    let cb = SIMD3<Float>(0.8, 0.4, 0.2), cs = SIMD3<Float>(0.5, 0.25, 1)

    func testEachModeOnOpaqueColours() {
        let expected: [(BlendMode, SIMD3<Float>)] = [
            (.multiply, [0.4, 0.1, 0.2]),                // Cb·Cs
            (.screen, [0.9, 0.55, 1]),                   // Cb + Cs − Cb·Cs
            (.overlay, [0.8, 0.2, 0.4]),                 // HardLight(Cs, Cb): 0.8 > ½ screens 2·0.8 − 1 = 0.6 with 0.5 → 0.8
            (.darken, [0.5, 0.25, 0.2]),                 // min
            (.lighten, [0.8, 0.4, 1]),                   // max
            (.colorDodge, [1, 0.4 / 0.75, 1]),           // min(1, Cb / (1 − Cs)); Cs = 1 gives 1
            (.colorBurn, [0.6, 0, 0.2]),                 // 1 − min(1, (1 − Cb) / Cs)
            (.hardLight, [0.8, 0.2, 1]),                 // Cs ≤ ½: Cb·2Cs; else Screen(Cb, 2Cs − 1)
            (.softLight, [0.8, 0.28, 0.448]),            // 0.4 − 0.5·0.4·0.6; 0.2 + (D(0.2) − 0.2), D(0.2) = ((16·0.2 − 12)·0.2 + 4)·0.2
            (.difference, [0.3, 0.15, 0.8]),             // |Cb − Cs|
            (.exclusion, [0.5, 0.45, 0.8]),              // Cb + Cs − 2·Cb·Cs
            // Lum(Cb) = 0.3·0.8 + 0.59·0.4 + 0.11·0.2 = 0.498, Lum(Cs) = 0.4075.
            (.luminosity, [0.7095, 0.3095, 0.1095]),     // Cb moved by 0.4075 − 0.498, in range
            // Cs moved by +0.0905 = (0.5905, 0.3405, 1.0905), clipped towards 0.498 by (1 − 0.498) / (1.0905 − 0.498).
            (.color, [0.498 + 0.0925 * 0.502 / 0.5925, 0.498 - 0.1575 * 0.502 / 0.5925, 1]),
            // SetSat(Cb, Sat(Cs) = 0.75) = (0.75, 0.25, 0), Lum 0.3725, moved by +0.1255.
            (.saturation, [0.8755, 0.3755, 0.1255]),
            // SetSat(Cs, Sat(Cb) = 0.6) = (0.2, 0, 0.6), Lum 0.126, moved by +0.372.
            (.hue, [0.572, 0.372, 0.972]),
        ]
        XCTAssertEqual(Set(expected.map(\.0)).count + 2, BlendMode.allCases.count, "every mode but normal and plusL")
        for (mode, value) in expected {
            let got = BlendFunctions.composite(SIMD4(cs, 1), onto: SIMD4(cb, 1), mode: mode)
            for c in 0..<3 { XCTAssertEqual(got[c], value[c], accuracy: 1e-5, "\(mode) channel \(c)") }
            XCTAssertEqual(got.w, 1)
        }
    }

    /// A half-transparent source: co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs). For multiply,
    /// 0.5·(0.8, 0.4, 0.2) + 0.5·(0.4, 0.1, 0.2) = (0.6, 0.25, 0.2), opaque.
    func testPartialAlpha() {
        let got = BlendFunctions.composite(SIMD4(cs * 0.5, 0.5), onto: SIMD4(cb, 1), mode: .multiply)
        XCTAssertEqual(got.x, 0.6, accuracy: 1e-6)
        XCTAssertEqual(got.y, 0.25, accuracy: 1e-6)
        XCTAssertEqual(got.z, 0.2, accuracy: 1e-6)
        XCTAssertEqual(got.w, 1, accuracy: 1e-6)
    }

    /// Through a canvas group in bytes: multiply of (102, 51, 255) onto (204, 102, 51) is
    /// (204·102/255, 102·51/255, 51) = (81.6, 20.4, 51) → (82, 20, 51); plusL adds and clamps.
    func testGroupsBlendOntoTheFrame() throws {
        let square = Path.roundedRect(Rect(x: 0, y: 0, width: 4, height: 4), cornerRadius: 0)
        for (mode, expected) in [(BlendMode.multiply, PremultipliedColor(r: 82, g: 20, b: 51, a: 255)),
                                 (.plusLighter, PremultipliedColor(r: 255, g: 153, b: 255, a: 255))] {
            let canvas = Canvas()
            canvas.begin(try XCTUnwrap(Pixmap(width: 4, height: 4)), clearingTo: PremultipliedColor(r: 204, g: 102, b: 51, a: 255))
            canvas.beginGroup(opacity: 1, blend: mode)
            canvas.fill(square, transform: .identity, color: PremultipliedColor(r: 102, g: 51, b: 255, a: 255), rule: .nonZero)
            canvas.endGroup()
            XCTAssertEqual(canvas.end().pixel(x: 1, y: 1), expected, "\(mode)")
        }
    }
}
