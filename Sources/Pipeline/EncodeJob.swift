import Animation
import Media

/// Everything an encode needs: the resolved scene, the output file and the encoder settings.
public struct EncodeJob: Sendable {
    public var timeline: Timeline
    public var settings: EncoderSettings
    /// Pixels per point.
    public var scale: Double
    /// Frames to encode: frame n shows the scene at n / fps.
    public var frameCount: Int
    public var outputPath: String
    /// Render threads; 0 picks one per core.
    public var renderThreads = 0
    /// Rendered frames that may wait for the encoder; bounds memory.
    public var queueCapacity = 8

    public init(timeline: Timeline, settings: EncoderSettings, scale: Double, frameCount: Int, outputPath: String) {
        self.timeline = timeline
        self.settings = settings
        self.scale = scale
        self.frameCount = frameCount
        self.outputPath = outputPath
    }
}

/// What a finished encode reports.
public struct EncodeSummary: Sendable {
    public var outputPath: String
    public var frames: Int
    public var bytes: Int
    public var wallSeconds: Double
}

/// Progress of a running encode, reported after each encoded frame.
public struct EncodeProgress: Sendable {
    public var framesDone: Int
    public var frameCount: Int
    public var elapsedSeconds: Double
    public var frameRate: FrameRate
}
