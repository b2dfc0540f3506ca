import CFFmpeg
import Foundation

/// A video file's pictures by time, for a layer that shows it: the picture at a time is the last
/// frame whose timestamp is at or before it (the first frame before the first timestamp), as a
/// player shows it. Decoding runs forward from the last picture asked for and keeps the few
/// pictures around it, so frames rendered a little out of order (several render threads) decode
/// once; a time before them, or far past them, seeks to the key frame at or before it first. Only
/// those pictures are held (at most `keptBytes` of them, and at least three), whatever the
/// source's length.
/// Safe to call from several threads (one decodes at a time).
public final class VideoFrames: @unchecked Sendable {
    /// A decoded picture: its time in seconds from the stream's start, and straight-alpha RGBA8.
    public struct Picture: Sendable {
        public let time: Double
        public let rgba: [UInt8]
    }

    public let path: String
    /// The pictures' size in pixels.
    public let width: Int, height: Int
    /// Frames a second, as the stream says (25 when it says nothing).
    public let frameRate: Double
    /// The stream's length in seconds: where a looping layer starts again.
    public let duration: Double
    /// Whether the pictures have transparency (a pixel format with alpha).
    public let hasAlpha: Bool

    private let lock = NSLock()
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var scaler: OpaquePointer?
    private let streamIndex: Int32
    private let timeBase: Double
    private let startTimestamp: Int64
    /// Pictures decoded in order with none missing between them, oldest first.
    private var recent: [Picture] = []
    private let keptPictures: Int
    /// The file has been read to its end (the decoder is drained) / has no more pictures.
    private var inputEnded = false, reachedEnd = false

    /// How far past the last picture a time may be before seeking beats decoding forward.
    static let seekDistance = 2.0
    /// The memory the kept pictures may take.
    static let keptBytes = 160 << 20

    /// Opens the best video stream of `path` (a regular file, read through libavformat's file
    /// protocol alone); the error says what is wrong with it.
    public init(path: String) throws(MediaError) {
        self.path = path
        let opened = try OpenedStream(path, best: AVMEDIA_TYPE_VIDEO, kind: "video")
        format = opened.format
        let stream = opened.stream
        streamIndex = opened.index
        timeBase = av_q2d(stream.pointee.time_base)
        startTimestamp = stream.pointee.start_time == Int64.min ? 0 : stream.pointee.start_time
        let rate = stream.pointee.avg_frame_rate.num > 0 ? stream.pointee.avg_frame_rate : stream.pointee.r_frame_rate
        frameRate = rate.num > 0 && rate.den > 0 ? av_q2d(rate) : 25
        duration = opened.duration ?? 0
        // Every stored constant is set before anything below can fail, so deinit frees what exists.
        let parameters = stream.pointee.codecpar.pointee
        (width, height) = (Int(parameters.width), Int(parameters.height))
        let descriptor = av_pix_fmt_desc_get(AVPixelFormat(rawValue: parameters.format))
        hasAlpha = descriptor.map { $0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0 } ?? false
        keptPictures = max(3, min(12, Self.keptBytes / max(width * height * 4, 1)))
        guard width > 0, height > 0 else { throw MediaError("\(path): the video has no picture size") }
        try opened.openDecoder(&codec, packet: &packet, frame: &frame)
    }

    deinit {
        sws_freeContext(scaler)
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&codec)
        avformat_close_input(&format)
    }

    /// The picture shown at `seconds` from the stream's start; nil when the file holds none.
    public func picture(at seconds: Double) throws(MediaError) -> Picture? {
        lock.lock()
        defer { lock.unlock() }
        // A hair of slack, so a time computed as n / fps lands on frame n.
        let target = seconds + 1e-6
        if let kept = kept(at: target) { return kept }
        let newest = recent.last?.time ?? 0
        if let first = recent.first, target < first.time {
            try seek(to: target)
        } else if target > newest + Self.seekDistance {
            try seek(to: target)
        }
        while !reachedEnd, recent.last.map({ $0.time <= target }) ?? true {
            guard let picture = try decodeNext() else {
                reachedEnd = true
                break
            }
            keep(picture)
        }
        return recent.last(where: { $0.time <= target }) ?? recent.first
    }

    /// A kept picture that is the one at `target`: one after it is kept, or the file has ended.
    private func kept(at target: Double) -> Picture? {
        guard let first = recent.first, let last = recent.last, target >= first.time, last.time > target || reachedEnd else { return nil }
        return recent.last { $0.time <= target }
    }

    private func keep(_ picture: Picture) {
        recent.append(picture)
        if recent.count > keptPictures { recent.removeFirst(recent.count - keptPictures) }
    }

    /// Moves to the key frame at or before `target`, so that the next pictures decoded lead up
    /// to it; if the demuxer lands after it (an inexact index), tries a second earlier each time.
    private func seek(to target: Double) throws(MediaError) {
        var from = target
        while true {
            let timestamp = startTimestamp + Int64((max(from, 0) / timeBase).rounded(.down))
            try check(av_seek_frame(format, streamIndex, timestamp, AVSEEK_FLAG_BACKWARD), "cannot seek in \(path)")
            avcodec_flush_buffers(codec)
            (recent, inputEnded, reachedEnd) = ([], false, false)
            guard let first = try decodeNext() else {
                reachedEnd = true
                return
            }
            if first.time <= target || from <= 0 {
                keep(first)
                return
            }
            from = from - 1
        }
    }

    /// The next picture in decoding order; nil after the last.
    private func decodeNext() throws(MediaError) -> Picture? {
        guard let format, let codec, let packet, let frame else { return nil }
        while true {
            let received = avcodec_receive_frame(codec, frame)
            if received == 0 {
                defer { av_frame_unref(frame) }
                let stamp = frame.pointee.best_effort_timestamp
                let time = stamp == Int64.min ? (recent.last.map { $0.time + 1 / frameRate } ?? 0) : Double(stamp - startTimestamp) * timeBase
                return Picture(time: time, rgba: try FrameToRGBA.convert(frame, scaler: &scaler))
            }
            if received == cffmpeg_error_eof() { return nil }
            if received != cffmpeg_error_again() { try check(received, "cannot decode the video of \(path)") }
            if inputEnded { return nil }
            guard try OpenedStream.readPacket(of: format, stream: streamIndex, into: packet, endingIn: codec, what: "the video of \(path)") else {
                inputEnded = true
                continue
            }
            defer { av_packet_unref(packet) }
            try check(avcodec_send_packet(codec, packet), "cannot decode the video of \(path)")
        }
    }
}
