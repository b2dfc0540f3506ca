/// Still images (PNG, JPEG, …) decoded with libavformat/libavcodec into straight-alpha RGBA8.
public enum ImageFile {
    /// The largest side accepted, so a hostile file cannot make animvid allocate without bound.
    public static let maximumSide = 16_384

    /// Decodes the first frame of the image at `path` (a file, or a `data:` URI): width, height
    /// and RGBA bytes (straight alpha). A side longer than `maximumSide` is refused before
    /// anything is decoded. Only still-image formats are read, from the file or the URI alone.
    public static func load(path: String, maximumSide: Int = maximumSide) throws(MediaError) -> (width: Int, height: Int, rgba: [UInt8]) {
        let decoder = try VideoDecoder(path: path, formats: "image2,png_pipe,jpeg_pipe",
                                       protocols: path.hasPrefix("data:") ? "data" : "file")
        let (width, height) = (decoder.width, decoder.height)
        guard width > 0, height > 0 else { throw MediaError("\(path) is not an image animvid can decode") }
        guard (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
            throw MediaError("\(path) is \(width)x\(height); images may be at most \(maximumSide) pixels a side")
        }
        let first: [UInt8]?
        do {
            first = try decoder.firstRGBAFrame()
        } catch {
            throw MediaError("cannot decode the image \(path): \(error)")
        }
        guard let rgba = first, rgba.count == width * height * 4 else { throw MediaError("\(path) holds no picture") }
        return (width, height, rgba)
    }
}
