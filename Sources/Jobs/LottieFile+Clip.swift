import Documents
import Lottie
import Media

extension LottieFile {
    /// The clip the file describes: its size (rounded up to even sides) at one pixel a point,
    /// its frame rate and its length.
    public var defaultClip: ClipChoices {
        var clip = ClipChoices()
        clip.size = PixelSize(width: Int(width.rounded(.up)) + Int(width.rounded(.up)) % 2, height: Int(height.rounded(.up)) + Int(height.rounded(.up)) % 2)
        clip.scale = 1
        clip.frameRate = FrameRate(parsing: JSON.exact(frameRate)) ?? FrameRate(numerator: 30)
        clip.seconds = cycle
        return clip
    }
}
