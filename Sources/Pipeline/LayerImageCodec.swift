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
            guard let comma = location.firstIndex(of: ","), location[..<comma].hasSuffix(";base64"),
                  let data = Data(base64Encoded: String(location[location.index(after: comma)...])) else {
                throw MediaError("a data: URI must be base64-encoded (data:image/png;base64,…)")
            }
            let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-image-\(UUID().uuidString)").path
            guard DirectFile.create(atPath: temporary, contents: data) else { throw MediaError("cannot write a temporary file for a data: URI") }
            defer { try? FileManager.default.removeItem(atPath: temporary) }
            file = try ImageFile.load(path: temporary, maximumSide: maximumSide)
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
