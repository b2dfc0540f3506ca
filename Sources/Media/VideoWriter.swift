import CFFmpeg

/// Encodes RGBA frames to H.264 and muxes them into an MP4 file, as FFmpeg's `doc/examples/mux.c`:
/// constant frame rate, exact timestamps (frame n at n / fps), BT.709 colour tags, faststart.
public final class VideoWriter {
    private let settings: EncoderSettings
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private let stream: UnsafeMutablePointer<AVStream>
    private let converter: PixelConverter
    private var nextPTS: Int64 = 0
    private var finished = false

    /// The number of frames written so far.
    public var frameCount: Int { Int(nextPTS) }

    /// Opens `path` for writing an MP4 (the file is created now).
    public init(path: String, settings: EncoderSettings) throws(MediaError) {
        self.settings = settings
        FFmpegLog.quiet()
        converter = try PixelConverter(width: settings.width, height: settings.height)
        var format: UnsafeMutablePointer<AVFormatContext>?
        try check(avformat_alloc_output_context2(&format, nil, "mp4", path), "cannot set up an MP4 muxer")
        guard let format else { throw MediaError("cannot set up an MP4 muxer") }
        self.format = format
        guard let encoder = avcodec_find_encoder_by_name("libx264") else {
            avformat_free_context(format)
            throw MediaError("this FFmpeg has no libx264 encoder")
        }
        guard let stream = avformat_new_stream(format, nil), let codec = avcodec_alloc_context3(encoder) else {
            avformat_free_context(format)
            throw MediaError("out of memory setting up the encoder")
        }
        self.stream = stream
        self.codec = codec
        let rate = AVRational(num: Int32(settings.frameRate.numerator), den: Int32(settings.frameRate.denominator))
        codec.pointee.width = Int32(settings.width)
        codec.pointee.height = Int32(settings.height)
        codec.pointee.time_base = av_inv_q(rate)
        codec.pointee.framerate = rate
        codec.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        codec.pointee.color_primaries = AVCOL_PRI_BT709
        codec.pointee.color_trc = AVCOL_TRC_BT709
        codec.pointee.colorspace = AVCOL_SPC_BT709
        codec.pointee.color_range = AVCOL_RANGE_MPEG
        codec.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        if format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
            codec.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        }
        av_opt_set(codec.pointee.priv_data, "crf", String(settings.crf), 0)
        av_opt_set(codec.pointee.priv_data, "preset", settings.preset, 0)
        // x264's macroblock-tree rate control made the bitstream differ between encoders run one
        // after another in the same process (seen with x264 core 164 on AVX-512); without it the
        // same frames always give the same bytes, which golden hashes and resumed sessions need.
        av_opt_set(codec.pointee.priv_data, "x264-params", "mbtree=0", 0)
        do throws(MediaError) {
            try check(avcodec_open2(codec, encoder, nil), "cannot open the libx264 encoder")
            try check(avcodec_parameters_from_context(stream.pointee.codecpar, codec), "cannot configure the MP4 stream")
            stream.pointee.time_base = codec.pointee.time_base
            stream.pointee.avg_frame_rate = rate
            stream.pointee.r_frame_rate = rate
            try check(avio_open(&format.pointee.pb, path, AVIO_FLAG_WRITE), "cannot write \(path)")
            var options: OpaquePointer?
            av_dict_set(&options, "movflags", "+faststart", 0)
            let status = avformat_write_header(format, &options)
            av_dict_free(&options)
            try check(status, "cannot write the MP4 header of \(path)")
            guard let frame = av_frame_alloc(), let packet = av_packet_alloc() else {
                throw MediaError("out of memory allocating frames")
            }
            self.frame = frame
            self.packet = packet
            frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
            frame.pointee.width = Int32(settings.width)
            frame.pointee.height = Int32(settings.height)
            frame.pointee.color_primaries = AVCOL_PRI_BT709
            frame.pointee.color_trc = AVCOL_TRC_BT709
            frame.pointee.colorspace = AVCOL_SPC_BT709
            frame.pointee.color_range = AVCOL_RANGE_MPEG
            try check(av_frame_get_buffer(frame, 0), "cannot allocate a video frame")
        } catch {
            release()
            throw error
        }
    }

    deinit {
        release()
    }

    /// Encodes one frame of straight-alpha RGBA bytes (width × height × 4, rows without padding).
    public func write(rgba: [UInt8]) throws(MediaError) {
        guard let frame, !finished else { throw MediaError("the video writer is closed") }
        guard rgba.count == settings.width * settings.height * 4 else {
            throw MediaError("frame has \(rgba.count) bytes, expected \(settings.width * settings.height * 4)")
        }
        try check(av_frame_make_writable(frame), "cannot reuse the video frame")
        rgba.withUnsafeBufferPointer { converter.convert($0.baseAddress!, into: frame) }
        frame.pointee.pts = nextPTS
        nextPTS += 1
        try send(frame)
    }

    /// Flushes the encoder, writes the trailer (moving the index to the front) and closes the file.
    public func finish() throws(MediaError) {
        guard !finished else { return }
        finished = true
        try send(nil)
        try check(av_write_trailer(format), "cannot finish the MP4 file")
        release()
    }

    /// Sends a frame (nil flushes) and writes every packet the encoder has ready.
    private func send(_ frame: UnsafeMutablePointer<AVFrame>?) throws(MediaError) {
        guard let codec, let packet, let format else { throw MediaError("the video writer is closed") }
        try check(avcodec_send_frame(codec, frame), "the H.264 encoder refused a frame")
        while true {
            let status = avcodec_receive_packet(codec, packet)
            if status == cffmpeg_error_again() || status == cffmpeg_error_eof() { return }
            try check(status, "the H.264 encoder failed")
            if packet.pointee.duration == 0 { packet.pointee.duration = 1 }
            av_packet_rescale_ts(packet, codec.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            let written = av_interleaved_write_frame(format, packet)
            try check(written, "cannot write video data (is the disk full?)")
        }
    }

    /// Frees every FFmpeg object; safe to call twice.
    private func release() {
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&codec)
        if let format {
            if format.pointee.pb != nil { avio_closep(&format.pointee.pb) }
            avformat_free_context(format)
            self.format = nil
        }
    }
}
