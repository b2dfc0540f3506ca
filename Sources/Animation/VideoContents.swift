/// Where a layer's moving contents come from: a video's pictures by time (`Pipeline`'s
/// `LayerVideo` decodes a file). Called from render threads at once.
public protocol VideoFrameSource: AnyObject, Sendable {
    /// The picture shown at `seconds` from the video's start; nil when there is none to show.
    func frame(at seconds: Double) -> Image?
    /// The video's length in seconds.
    var duration: Double { get }
}

/// A video as a layer's contents, with its own timing: at the layer's local time `t` it shows
/// the video at `start + t × rate` seconds; past the video's end it starts again from `start`
/// (`loops`) or holds its last picture; before the layer's time 0, its first picture. Placed by
/// `contentsGravity` and `contentsRect`, masked and transformed like any layer's contents.
public struct VideoContents: Hashable, Sendable {
    public let source: any VideoFrameSource
    /// Seconds into the video at the layer's time 0.
    public var start: Double
    /// Video seconds a second of the layer's time.
    public var rate: Double
    /// Whether the video starts again from `start` at its end.
    public var loops: Bool

    /// `source` from `start`, at `rate`, looping or not.
    public init(_ source: any VideoFrameSource, start: Double = 0, rate: Double = 1, loops: Bool = false) {
        self.source = source
        (self.start, self.rate, self.loops) = (start, rate, loops)
    }

    /// The time in the video shown at the layer's local time `t`.
    public func videoTime(atLayerTime t: Double) -> Double {
        let played = max(t, 0) * rate
        let span = source.duration - start
        guard loops, span > 0 else { return start + played }
        return start + played.truncatingRemainder(dividingBy: span)
    }

    /// The picture shown at the layer's local time `t`.
    public func image(atLayerTime t: Double) -> Image? {
        source.frame(at: videoTime(atLayerTime: t))
    }

    public static func == (a: VideoContents, b: VideoContents) -> Bool {
        a.source === b.source && a.start == b.start && a.rate == b.rate && a.loops == b.loops
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(source))
        hasher.combine(start)
        hasher.combine(rate)
        hasher.combine(loops)
    }
}
