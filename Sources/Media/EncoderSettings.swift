/// What the encoder stage needs to know to write a video file.
public struct EncoderSettings: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var frameRate: FrameRate
    /// libx264's constant rate factor: 0 (lossless) … 51; lower is better. 18 is visually lossless.
    public var crf: Int = EncoderSettings.defaultCRF
    /// libx264's speed/size preset.
    public var preset: String = "medium"

    public static let defaultCRF = 18
    /// The valid CRF range of libx264 (8-bit).
    public static let crfRange = 0...51

    public init(width: Int, height: Int, frameRate: FrameRate) {
        self.width = width
        self.height = height
        self.frameRate = frameRate
    }
}
