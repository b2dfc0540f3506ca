import Animation
import Foundation
import GoldenFiles
import Media
import Pipeline
import Raster
import XCTest

/// The frames a timeline renders, as the encoders receive them: what golden hashes and quality
/// checks compare with, independent of any encoder build.
struct RenderedFrames {
    let timeline: Timeline
    let rate: FrameRate
    let width, height: Int
    let scale: Double

    /// Frame `index`, premultiplied RGBA.
    func frame(_ index: Int) throws -> Pixmap {
        try XCTUnwrap(StillImage.render(timeline, at: rate.time(ofFrame: index), width: width, height: height, scale: scale))
    }

    /// The first `count` frames, labelled by index, for an image golden.
    func goldenFrames(count: Int) throws -> [GoldenFrame] {
        try (0..<count).map { index in
            let frame = try frame(index)
            return GoldenFrame(label: "\(index)", width: frame.width, height: frame.height, rgba: frame.bytes)
        }
    }

    /// The peak signal-to-noise ratio, in dB, of the decoded frames' RGB against the rendered
    /// frames' (straight alpha), over all frames; infinity when they are identical.
    func psnr(ofDecoded path: String, decoderName: String? = nil) throws -> (decibels: Double, frames: Int) {
        var squaredError = 0.0, samples = 0, index = 0
        try VideoDecoder(path: path, decoderName: decoderName).forEachRGBAFrame { decoded in
            var rendered = try frame(index)
            rendered.unpremultiply()
            for i in 0..<decoded.count where i % 4 != 3 {
                let d = Double(decoded[i]) - Double(rendered.bytes[i])
                squaredError += d * d
            }
            samples += decoded.count / 4 * 3
            index += 1
        }
        guard squaredError > 0 else { return (.infinity, index) }
        return (10 * log10(255 * 255 / (squaredError / Double(samples))), index)
    }
}
