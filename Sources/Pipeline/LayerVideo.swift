import Animation
import Foundation
import Media

/// A video file as a layer's moving contents (`VideoContents`): its pictures decoded by
/// `VideoFrames` as render threads ask for them, each made a layer image once (premultiplied
/// where the video has alpha) and kept while neighbouring frames may show it again (a 60 fps
/// clip of a 30 fps recording shows each picture twice). Where the file cannot be decoded past a
/// point (a damaged stretch), the last picture made is held, as players hold it.
public final class LayerVideo: VideoFrameSource, @unchecked Sendable {
    private let frames: VideoFrames
    private let lock = NSLock()
    private var images: [(time: Double, image: Image)] = []

    /// Opens `path`; the error says why the file cannot be shown.
    public init(path: String) throws(MediaError) {
        frames = try VideoFrames(path: path)
        guard try frames.picture(at: 0) != nil else { throw MediaError("\(path): no picture could be decoded from it") }
    }

    public var duration: Double { frames.duration }
    /// The pictures' size in pixels.
    public var size: (width: Int, height: Int) { (frames.width, frames.height) }

    public func frame(at seconds: Double) -> Image? {
        guard let picture = try? frames.picture(at: seconds) else { return lock.withLock { images.last?.image } }
        if let image = lock.withLock({ images.first { $0.time == picture.time }?.image }) { return image }
        let bytes = frames.hasAlpha ? LayerImageCodec.premultiplied(picture.rgba) : picture.rgba
        guard let image = Image(width: frames.width, height: frames.height, premultipliedRGBA: bytes) else { return nil }
        lock.withLock {
            images.append((picture.time, image))
            if images.count > 4 { images.removeFirst() }
        }
        return image
    }
}
