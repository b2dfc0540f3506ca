import Animation
import Foundation
import Media
import Raster

/// Layer `contents` images to and from what a scene file holds: a PNG or JPEG file's path, or a
/// `data:image/png;base64,…` URI.
public enum LayerImageCodec {
    private static let pngPrefix = "data:image/png;base64,"

    /// Decodes the image at a file path or in a `data:` URI (PNG or JPEG) into premultiplied
    /// RGBA; a side longer than `maximumSide` is refused before decoding.
    public static func decode(_ location: String, maximumSide: Int = ImageFile.maximumSide) throws -> Image {
        let file: (width: Int, height: Int, rgba: [UInt8])
        if location.hasPrefix("data:") {
            // libavformat reads the URI itself (its data: protocol); the base64 form is checked
            // here so that a malformed URI gets a message that says how to write one.
            guard let comma = location.firstIndex(of: ","), location[..<comma].hasSuffix(";base64"),
                  Data(base64Encoded: String(location[location.index(after: comma)...])) != nil else {
                throw MediaError("a data: URI must be base64-encoded (data:image/png;base64,…)")
            }
            do {
                file = try ImageFile.load(path: location, maximumSide: maximumSide)
            } catch {
                // The message names the URI: say "the data: URI" instead of quoting it whole.
                throw MediaError(error.message.replacingOccurrences(of: location, with: "the data: URI"))
            }
        } else {
            file = try ImageFile.load(path: location, maximumSide: maximumSide)
        }
        guard let image = Image(width: file.width, height: file.height, premultipliedRGBA: premultiplied(file.rgba)) else {
            throw MediaError("\(location.prefix(80)): the decoded image is malformed")
        }
        return image
    }

    /// The image as a PNG `data:` URI (alpha un-premultiplied, so an opaque image is exact).
    public static func dataURI(_ image: Image) throws -> String {
        guard var pixels = Pixmap(width: image.width, height: image.height, premultipliedBytes: image.bytes) else {
            throw MediaError("the image is malformed")
        }
        pixels.unpremultiply()
        return pngPrefix + (try PNGFile.encode(rgba: pixels.bytes, width: image.width, height: image.height)).base64EncodedString()
    }

    /// Straight-alpha RGBA to premultiplied, rounding to nearest.
    public static func premultiplied(_ rgba: [UInt8]) -> [UInt8] {
        var out = rgba
        for i in stride(from: 0, to: out.count, by: 4) {
            let a = UInt32(out[i + 3])
            guard a < 255 else { continue }
            for c in 0..<3 { out[i + c] = UInt8((UInt32(out[i + c]) * a + 127) / 255) }
        }
        return out
    }
}
