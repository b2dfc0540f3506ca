import Geometry
import Raster
import XCTest

/// Draws on a transparent `width` × `height` frame and returns the frame.
func draw(width: Int = 128, height: Int = 128, background: PremultipliedColor = .transparent,
          _ body: (Canvas) -> Void) throws -> Pixmap {
    let canvas = Canvas()
    canvas.begin(try XCTUnwrap(Pixmap(width: width, height: height)), clearingTo: background)
    body(canvas)
    return canvas.end()
}

/// The total alpha of a frame in pixels (coverage of opaque draws on a transparent frame).
func coveredArea(_ frame: Pixmap) -> Double {
    stride(from: 3, to: frame.bytes.count, by: 4).reduce(0) { $0 + Double(frame.bytes[$1]) / 255 }
}

let opaqueWhite = PremultipliedColor.white
