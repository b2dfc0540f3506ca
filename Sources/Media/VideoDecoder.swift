import CFFmpeg

/// One decoded video frame: its planes packed without padding (as FFmpeg's rawvideo encoder
/// packs them) and its timestamp in units of `VideoDecoder.timeBase`.
public struct DecodedFrame: Sendable {
    /// The planes, packed without padding, in the decoded pixel format.
    public var bytes: [UInt8]
    /// The timestamp in units of `VideoDecoder.timeBase`.
    public var pts: Int64
}

/// Decodes the first video stream of a file, as FFmpeg's `doc/examples/demux_decode.c`.
public final class VideoDecoder {
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var streamIndex: Int32 = -1
    private var streamTimeBase = AVRational(num: 1, den: 1)
    private var frameRate = AVRational(num: 25, den: 1)

    /// Frame width in pixels.
    public private(set) var width = 0
    /// Frame height in pixels.
    public private(set) var height = 0
    /// FFmpeg's name of the decoded pixel format, e.g. `yuv420p`.
    public private(set) var pixelFormatName = "unknown"
    /// FFmpeg's name of the stream's codec, e.g. `h264`.
    public private(set) var codecName = "unknown"
    /// The time base frames are reported in: one frame period (1 / frame rate), as ffmpeg's
    /// rawvideo output uses.
    public var timeBase: (numerator: Int, denominator: Int) { (Int(frameRate.den), Int(frameRate.num)) }

    /// Opens the first video stream of `path`; `decoderName` picks a decoder other than FFmpeg's
    /// default (e.g. `libvpx-vp9`, which keeps VP9's alpha where the native decoder drops it).
    /// `formats` and `protocols` (comma-separated FFmpeg names), when given, are all libavformat
    /// may use: a file a user names cannot then make it open other files or the network.
    /// Each FFmpeg object belongs to `self` from its allocation on, so whichever step fails,
    /// `deinit` frees what exists.
    public init(path: String, decoderName: String? = nil, formats: String? = nil, protocols: String? = nil) throws(MediaError) {
        FFmpegLog.quiet()
        if !path.hasPrefix("data:") {
            do {
                try InputFile.checkRegular(path)
            } catch {
                throw MediaError("\(path): \(error)")
            }
        }
        var options: OpaquePointer?
        if let formats { av_dict_set(&options, "format_whitelist", formats, 0) }
        if let protocols { av_dict_set(&options, "protocol_whitelist", protocols, 0) }
        let opened = avformat_open_input(&format, path, nil, &options)
        av_dict_free(&options)
        try check(opened, "cannot open \(path)")
        try check(avformat_find_stream_info(format, nil), "cannot read the streams of \(path)")
        var decoder: UnsafePointer<AVCodec>?
        let index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0)
        try check(index, "\(path) has no video stream")
        guard let format, var decoder, let stream = format.pointee.streams[Int(index)] else {
            throw MediaError("\(path) has no decodable video stream")
        }
        if let decoderName {
            guard let chosen = avcodec_find_decoder_by_name(decoderName) else { throw MediaError("this FFmpeg has no \(decoderName) decoder") }
            decoder = chosen
        }
        codecName = avcodec_get_name(stream.pointee.codecpar.pointee.codec_id).map { String(cString: $0) } ?? "unknown"
        guard let codec = avcodec_alloc_context3(decoder) else { throw MediaError("out of memory") }
        self.codec = codec
        try check(avcodec_parameters_to_context(codec, stream.pointee.codecpar), "cannot configure the decoder")
        try check(avcodec_open2(codec, decoder, nil), "cannot open the decoder")
        streamIndex = index
        streamTimeBase = stream.pointee.time_base
        let rate = stream.pointee.avg_frame_rate.num > 0 ? stream.pointee.avg_frame_rate : stream.pointee.r_frame_rate
        frameRate = rate.num > 0 ? rate : AVRational(num: 25, den: 1)
        width = Int(codec.pointee.width)
        height = Int(codec.pointee.height)
        pixelFormatName = av_get_pix_fmt_name(codec.pointee.pix_fmt).map { String(cString: $0) } ?? "unknown"
    }

    deinit {
        avcodec_free_context(&codec)
        avformat_close_input(&format)
    }

    /// Decodes every frame in order and hands each to `body`.
    public func forEachFrame(_ body: (DecodedFrame) throws -> Void) throws {
        try forEachRawFrame {
            try body(packed($0))
            return true
        }
    }

    /// Decodes every frame converted to straight-alpha RGBA8 (width × height × 4).
    public func forEachRGBAFrame(_ body: ([UInt8]) throws -> Void) throws {
        var scaler: OpaquePointer?
        defer { sws_freeContext(scaler) }
        try forEachRawFrame { frame in
            try body(FrameToRGBA.convert(frame, scaler: &scaler))
            return true
        }
    }

    /// The first frame as straight-alpha RGBA8, or nil when the file holds none.
    public func firstRGBAFrame() throws -> [UInt8]? {
        var scaler: OpaquePointer?
        defer { sws_freeContext(scaler) }
        var first: [UInt8]?
        try forEachRawFrame { frame in
            first = try FrameToRGBA.convert(frame, scaler: &scaler)
            return false
        }
        return first
    }

    /// Decodes frames in order and hands each (owned by the decoder) to `body`, until `body`
    /// returns false or the stream ends.
    private func forEachRawFrame(_ body: (UnsafeMutablePointer<AVFrame>) throws -> Bool) throws {
        var packetPointer = av_packet_alloc()
        var framePointer = av_frame_alloc()
        defer {
            av_packet_free(&packetPointer)
            av_frame_free(&framePointer)
        }
        guard let format, let codec, let packet = packetPointer, let frame = framePointer else { throw MediaError("out of memory") }
        /// Hands on the frames the decoder has ready; false once `body` wants no more.
        func drain() throws -> Bool {
            while true {
                let status = avcodec_receive_frame(codec, frame)
                if status == cffmpeg_error_again() || status == cffmpeg_error_eof() { return true }
                try check(status, "decoding failed")
                defer { av_frame_unref(frame) }
                guard try body(frame) else { return false }
            }
        }
        while true {
            let status = av_read_frame(format, packet)
            if status == cffmpeg_error_eof() { break }
            try check(status, "cannot read the file")
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            try check(avcodec_send_packet(codec, packet), "the decoder refused a packet")
            guard try drain() else { return }
        }
        try check(avcodec_send_packet(codec, nil), "cannot flush the decoder")
        _ = try drain()
    }

    /// The frame's planes packed without padding, and its timestamp in frame periods.
    private func packed(_ frame: UnsafeMutablePointer<AVFrame>) throws(MediaError) -> DecodedFrame {
        let pixelFormat = AVPixelFormat(rawValue: frame.pointee.format)
        let size = av_image_get_buffer_size(pixelFormat, frame.pointee.width, frame.pointee.height, 1)
        try check(size, "unsupported decoded frame")
        var bytes = [UInt8](repeating: 0, count: Int(size))
        let copied = withUnsafePointer(to: &frame.pointee.data) { data in
            withUnsafePointer(to: &frame.pointee.linesize) { linesize in
                data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { planes in
                    linesize.withMemoryRebound(to: Int32.self, capacity: 8) { strides in
                        bytes.withUnsafeMutableBufferPointer {
                            av_image_copy_to_buffer($0.baseAddress, size, planes, strides, pixelFormat,
                                                    frame.pointee.width, frame.pointee.height, 1)
                        }
                    }
                }
            }
        }
        try check(copied, "cannot copy a decoded frame")
        let timestamp = frame.pointee.best_effort_timestamp
        let pts = av_rescale_q(timestamp, streamTimeBase, av_inv_q(frameRate))
        return DecodedFrame(bytes: bytes, pts: pts)
    }
}
