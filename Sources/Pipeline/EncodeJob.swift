import Animation
import Dispatch
import Media

/// Everything an encode needs: the resolved scene, the output file and the encoder settings.
public struct EncodeJob: Sendable {
    /// The resolved scene: what every frame shows.
    public var timeline: Timeline
    /// How the output is encoded: size, rate, container and codec.
    public var settings: EncoderSettings
    /// Pixels per point.
    public var scale: Double
    /// The timeline's frames to encode (frame n shows the scene at `startTime` + n / fps); the
    /// output's first frame is the range's first, at time 0 of the file.
    public var frames: Range<Int>
    /// The scene time of frame 0, in seconds.
    public var startTime = 0.0
    /// Where the output appears; `-` streams raw frames to standard output.
    public var outputPath: String
    /// Replace a file already at the output path (`-y`). Otherwise the encode never replaces
    /// one, even a file that appears while it runs.
    public var overwrite = false
    /// Render threads; 0 picks one per core.
    public var renderThreads = 0
    /// Rendered frames that may wait for the encoder, at most; bounds memory.
    public var queueCapacity = 8
    /// The bytes that frames rendered ahead of the encoder may take (default 512 MiB): a large
    /// frame size renders fewer frames ahead, down to one.
    public var frameMemory = 512 << 20
    /// Checked between frames: when set, the encode stops and throws `EncodeStopped`.
    public var stop: StopFlag?

    /// A job encoding frames 0..<`frameCount` of `timeline` at `scale` pixels per point to `outputPath`.
    public init(timeline: Timeline, settings: EncoderSettings, scale: Double, frameCount: Int, outputPath: String) {
        self.timeline = timeline
        self.settings = settings
        self.scale = scale
        frames = 0..<frameCount
        self.outputPath = outputPath
    }

    /// Frames rendered ahead of the encoder, at most: `queueCapacity`, fewer when frames are so
    /// large that they would take more than `frameMemory`, never more than the clip has.
    public var framesInFlight: Int {
        let frameBytes = max(1, settings.width * settings.height * 4)
        return max(1, min(queueCapacity, frameMemory / frameBytes, frameCount))
    }

    /// The number of frames written.
    public var frameCount: Int { frames.count }

    /// The scene time frame `index` shows.
    public func time(ofFrame index: Int) -> Double {
        startTime + settings.frameRate.time(ofFrame: index)
    }
}

/// What a finished encode reports.
public struct EncodeSummary: Sendable {
    /// The output written (the first one, when several are).
    public var outputPath: String
    /// Frames encoded.
    public var frames: Int
    /// Bytes written, summed over every output.
    public var bytes: Int
    /// Wall-clock seconds the encode took.
    public var wallSeconds: Double

    package init(outputPath: String, frames: Int, bytes: Int, wallSeconds: Double) {
        (self.outputPath, self.frames, self.bytes, self.wallSeconds) = (outputPath, frames, bytes, wallSeconds)
    }
}

/// Progress of a running encode, reported after each encoded frame.
public struct EncodeProgress: Sendable {
    /// Frames encoded so far.
    public var framesDone: Int
    /// Frames rendered so far (ahead of the encoder by at most the queue's capacity).
    public var framesRendered: Int
    /// Frames the whole encode writes.
    public var frameCount: Int
    /// Seconds since this run started.
    public var elapsedSeconds: Double
    /// The output's frame rate, which `speed` is measured against.
    public var frameRate: FrameRate
    /// Frames a resumed session already had when this run started (counted in `framesDone`
    /// and `framesRendered`, not in the rates).
    public var framesResumed = 0

    /// Frames encoded a second of wall time, in this run.
    public var encodeFPS: Double { Double(framesDone - framesResumed) / max(elapsedSeconds, 1e-6) }
    /// Frames rendered a second of wall time, in this run.
    public var renderFPS: Double { Double(framesRendered - framesResumed) / max(elapsedSeconds, 1e-6) }
    /// How many seconds of video are made per second of wall time.
    public var speed: Double { encodeFPS / frameRate.value }
    /// Seconds left at the current pace.
    public var remainingSeconds: Double { Double(frameCount - framesDone) / max(encodeFPS, 1e-6) }

    /// A segment's progress as its session's: `done` frames were finished before the
    /// segment, `resumed` of them before this run, of the session's `frames`; elapsed since `start`.
    package func ofSession(after done: Int, resumed: Int, frames: Int, start: DispatchTime) -> EncodeProgress {
        var total = self
        total.framesDone += done
        total.framesRendered += done
        total.frameCount = frames
        total.framesResumed = resumed
        total.elapsedSeconds = EncodePipeline.seconds(since: start)
        return total
    }
}
