import Foundation

/// Raw RGBA frames one after another (straight alpha, no header), to a file or standard output
/// (`-`), for piping into other tools.
public final class RawWriter: FrameSink {
    private let handle: FileHandle
    private let closesHandle: Bool
    private let frameBytes: Int

    /// Opens `path` for writing, or standard output for `-`.
    public init(path: String, settings: EncoderSettings) throws(MediaError) {
        frameBytes = settings.width * settings.height * 4
        if path == "-" {
            handle = FileHandle.standardOutput
            closesHandle = false
        } else {
            guard DirectFile.create(atPath: path), let handle = FileHandle(forWritingAtPath: path) else {
                throw MediaError("cannot write \(path)")
            }
            self.handle = handle
            closesHandle = true
        }
    }

    /// Appends one frame of `width` × `height` × 4 straight-alpha RGBA bytes.
    public func write(rgba: [UInt8]) throws(MediaError) {
        guard rgba.count == frameBytes else { throw MediaError("frame has \(rgba.count) bytes, expected \(frameBytes)") }
        do {
            try handle.write(contentsOf: rgba)
        } catch {
            throw MediaError("cannot write raw frames: \(error.localizedDescription)")
        }
    }

    /// Closes the file; standard output is left open.
    public func finish() throws(MediaError) {
        guard closesHandle else { return }
        do {
            try handle.close()
        } catch {
            throw MediaError("cannot finish the raw frames: \(error.localizedDescription)")
        }
    }
}
