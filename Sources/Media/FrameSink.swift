/// Where encoded frames go: a video file, a GIF, a PNG sequence or raw frames. Frames arrive in
/// order as straight-alpha RGBA bytes (width × height × 4, no padding).
public protocol FrameSink: AnyObject {
    func write(rgba: [UInt8]) throws
    /// Whether the sink takes frames already converted to 8-bit YUV 4:2:0 (`write(planar:)`),
    /// so the conversion can run in the render workers.
    var acceptsPlanarYUV: Bool { get }
    func write(planar: PlanarYUV) throws
    /// Flushes and closes the output; the file is complete after it returns.
    func finish() throws
}

extension FrameSink {
    /// By default a sink takes RGBA frames only.
    public var acceptsPlanarYUV: Bool { false }

    /// By default an error: the sink takes RGBA frames only.
    public func write(planar: PlanarYUV) throws {
        throw MediaError("this output takes RGBA frames")
    }
}

/// Opens the sink for validated `settings` at `path`.
public func openFrameSink(path: String, settings: EncoderSettings) throws -> FrameSink {
    switch settings.container {
    case .raw: return try RawWriter(path: path, settings: settings)
    case .gif: return try GIFWriter(path: path, settings: settings)
    default: return try VideoWriter(path: path, settings: settings)
    }
}
