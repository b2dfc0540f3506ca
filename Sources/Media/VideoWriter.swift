import CFFmpeg
import Foundation

/// Encodes RGBA frames and muxes them into a file with libavcodec/libavformat, as FFmpeg's
/// `doc/examples/mux.c`: constant frame rate, exact timestamps (frame n at n / fps), colour tags,
/// faststart for MP4 and MOV. Handles every container but GIF and raw frames.
public final class VideoWriter: FrameSink {
    private let settings: EncoderSettings
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private let converter: PixelConverter
    private var nextPTS: Int64 = 0
    private var finished = false

    /// The number of frames written so far.
    public var frameCount: Int { Int(nextPTS) }

    /// Opens `path` for writing (the file is created now); `settings` are validated first.
    /// Each FFmpeg object belongs to `self` from its allocation on, so whichever step fails,
    /// `deinit` frees what exists (as every FFmpeg owner in this module does).
    public init(path: String, settings unchecked: EncoderSettings) throws(MediaError) {
        let settings: EncoderSettings
        do {
            settings = try unchecked.validated()
        } catch {
            throw MediaError(error.message)
        }
        self.settings = settings
        FFmpegLog.quiet()
        let codecKind = settings.resolvedCodec
        let pixelFormat = av_get_pix_fmt(settings.resolvedPixelFormat)
        guard pixelFormat != AV_PIX_FMT_NONE else { throw MediaError("unknown pixel format \(settings.resolvedPixelFormat)") }
        converter = try PixelConverter(width: settings.width, height: settings.height, to: pixelFormat, yuv: settings.isYUV)
        var format: UnsafeMutablePointer<AVFormatContext>?
        let muxer = settings.container.muxer ?? "rawvideo"
        try check(avformat_alloc_output_context2(&format, nil, muxer, path), "cannot set up a \(muxer) muxer")
        guard let format else { throw MediaError("cannot set up a \(muxer) muxer") }
        self.format = format
        if codecKind == .av1 { setenv("SVT_LOG", "1", 0) }  // SVT-AV1 prints only errors
        guard let encoder = avcodec_find_encoder_by_name(codecKind.encoder) else {
            throw MediaError("this FFmpeg has no \(codecKind.encoder) encoder")
        }
        stream = avformat_new_stream(format, nil)
        codec = avcodec_alloc_context3(encoder)
        guard let stream, let codec else { throw MediaError("out of memory setting up the encoder") }
        setPicture(of: codec, settings, pixelFormat: pixelFormat)
        codec.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        Self.tagColours(codec, yuv: settings.isYUV)
        if let keyint = settings.keyframeInterval { codec.pointee.gop_size = Int32(keyint) }
        if let bitrate = settings.bitrate { codec.pointee.bit_rate = Int64(bitrate) }
        if format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
            codec.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        }
        codec.pointee.thread_count = Int32(clamping: settings.encoderThreads)
        Self.setEncoderOptions(codec, settings: settings)
        try check(avcodec_open2(codec, encoder, nil), "cannot open the \(codecKind.encoder) encoder")
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, codec), "cannot configure the stream")
        if codecKind == .hevc { stream.pointee.codecpar.pointee.codec_tag = Self.tag("hvc1") }
        stream.pointee.time_base = codec.pointee.time_base
        stream.pointee.avg_frame_rate = settings.frameRate.rational
        stream.pointee.r_frame_rate = settings.frameRate.rational
        if let title = settings.title { av_dict_set(&format.pointee.metadata, "title", title, 0) }
        if let comment = settings.comment { av_dict_set(&format.pointee.metadata, "comment", comment, 0) }
        if format.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
            try check(avio_open(&format.pointee.pb, path, AVIO_FLAG_WRITE), "cannot write \(path)")
        }
        var options: OpaquePointer?
        if settings.faststart && (settings.container == .mp4 || settings.container == .mov) {
            av_dict_set(&options, "movflags", "+faststart", 0)
        }
        // Animated pictures loop for ever unless a play count is chosen; both muxers count plays.
        let plays = String(settings.plays ?? 0)
        if settings.container == .apng { av_dict_set(&options, "plays", plays, 0) }
        if settings.container == .webp { av_dict_set(&options, "loop", plays, 0) }
        let status = avformat_write_header(format, &options)
        av_dict_free(&options)
        try check(status, "cannot write the header of \(path)")
        frame = av_frame_alloc()
        packet = av_packet_alloc()
        guard let frame, packet != nil else { throw MediaError("out of memory allocating frames") }
        frame.pointee.format = pixelFormat.rawValue
        frame.pointee.width = Int32(settings.width)
        frame.pointee.height = Int32(settings.height)
        frame.pointee.color_primaries = codec.pointee.color_primaries
        frame.pointee.color_trc = codec.pointee.color_trc
        frame.pointee.colorspace = codec.pointee.colorspace
        frame.pointee.color_range = codec.pointee.color_range
        try check(av_frame_get_buffer(frame, 0), "cannot allocate a video frame")
    }

    deinit {
        release()
    }

    /// BT.709 for YUV codecs (limited range); sRGB, full range for RGB ones.
    private static func tagColours(_ codec: UnsafeMutablePointer<AVCodecContext>, yuv: Bool) {
        codec.pointee.color_primaries = AVCOL_PRI_BT709
        if yuv {
            codec.pointee.color_trc = AVCOL_TRC_BT709
            codec.pointee.colorspace = AVCOL_SPC_BT709
            codec.pointee.color_range = AVCOL_RANGE_MPEG
        } else {
            codec.pointee.color_trc = AVCOL_TRC_IEC61966_2_1
            codec.pointee.colorspace = AVCOL_SPC_RGB
            codec.pointee.color_range = AVCOL_RANGE_JPEG
        }
    }

    /// Each encoder's quality and speed options.
    private static func setEncoderOptions(_ codec: UnsafeMutablePointer<AVCodecContext>, settings: EncoderSettings) {
        let options = codec.pointee.priv_data
        let crf = settings.crf.map(String.init)
        switch settings.resolvedCodec {
        case .h264:
            if let crf { av_opt_set(options, "crf", crf, 0) }
            if let preset = settings.preset { av_opt_set(options, "preset", preset, 0) }
            // x264's macroblock-tree rate control made the bitstream differ between encoders run
            // one after another in the same process (x264 core 164, AVX-512); without it the same
            // frames always give the same bytes, which golden hashes and resumed sessions need.
            av_opt_set(options, "x264-params", "mbtree=0", 0)
        case .hevc:
            if let crf { av_opt_set(options, "crf", crf, 0) }
            if let preset = settings.preset { av_opt_set(options, "preset", preset, 0) }
            av_opt_set(options, "x265-params", "log-level=error", 0)
        case .av1:
            if let crf { av_opt_set(options, "crf", crf, 0) }
            if let preset = settings.preset { av_opt_set(options, "preset", preset, 0) }
        case .vp9, .vp8:
            if let crf {
                av_opt_set(options, "crf", crf, 0)
                // libvpx reads crf as a quality ceiling under a bitrate: 0 means none for VP9;
                // VP8 needs a real ceiling.
                if settings.bitrate == nil { codec.pointee.bit_rate = settings.resolvedCodec == .vp9 ? 0 : 20_000_000 }
            }
            if let preset = settings.preset { av_opt_set(options, "cpu-used", preset, 0) }
            av_opt_set(options, "deadline", "good", 0)
            if settings.resolvedCodec == .vp9 { av_opt_set(options, "row-mt", "1", 0) }
            // libvpx refuses VP8 transparency with alternate reference frames.
            if settings.resolvedCodec == .vp8 && settings.resolvedPixelFormat.hasPrefix("yuva") { av_opt_set(options, "auto-alt-ref", "0", 0) }
        case .prores:
            // 4444 (profile 4) with alpha, 422 HQ (profile 3) without.
            av_opt_set(options, "profile", settings.resolvedPixelFormat.hasPrefix("yuva") || settings.resolvedPixelFormat.hasPrefix("yuv444") ? "4" : "3", 0)
            av_opt_set(options, "vendor", "apl0", 0)
            if settings.resolvedPixelFormat.hasPrefix("yuva") { av_opt_set(options, "alpha_bits", "16", 0) }
        case .ffv1:
            av_opt_set(options, "level", "3", 0)
        case .webp:
            // Lossy at libwebp's default quality unless chosen, its alpha kept exact; or lossless.
            av_opt_set(options, "quality", String(settings.quality ?? 80), 0)
            if settings.lossless { av_opt_set(options, "lossless", "1", 0) }
        case .gif, .png, .apng, .rawRGBA:
            break
        }
    }

    static func tag(_ fourCC: String) -> UInt32 {
        let bytes = Array(fourCC.utf8)
        return UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
    }

    /// Encodes one frame of straight-alpha RGBA bytes (width × height × 4, rows without padding).
    public func write(rgba: [UInt8]) throws(MediaError) {
        guard let frame, !finished else { throw MediaError("the video writer is closed") }
        guard rgba.count == settings.width * settings.height * 4 else {
            throw MediaError("frame has \(rgba.count) bytes, expected \(settings.width * settings.height * 4)")
        }
        try check(av_frame_make_writable(frame), "cannot reuse the video frame")
        rgba.withUnsafeBufferPointer { if let base = $0.baseAddress { converter.convert(base, into: frame) } }
        frame.pointee.pts = nextPTS
        nextPTS += 1
        try send(frame)
    }

    /// True for 8-bit 4:2:0 YUV encodes: those take frames converted by `PlanarYUV`.
    public var acceptsPlanarYUV: Bool { settings.resolvedPixelFormat == "yuv420p" }

    /// Encodes one frame already converted to YUV 4:2:0 (see `acceptsPlanarYUV`).
    public func write(planar: PlanarYUV) throws(MediaError) {
        guard let frame, !finished, acceptsPlanarYUV else { throw MediaError("the video writer is closed or takes RGBA") }
        guard planar.width == settings.width, planar.height == settings.height else { throw MediaError("frame has the wrong size") }
        try check(av_frame_make_writable(frame), "cannot reuse the video frame")
        copyPlane(planar.y, bytesPerRow: planar.width, rows: planar.height, into: frame.pointee.data.0, stride: frame.pointee.linesize.0)
        copyPlane(planar.u, bytesPerRow: planar.width / 2, rows: planar.height / 2, into: frame.pointee.data.1, stride: frame.pointee.linesize.1)
        copyPlane(planar.v, bytesPerRow: planar.width / 2, rows: planar.height / 2, into: frame.pointee.data.2, stride: frame.pointee.linesize.2)
        frame.pointee.pts = nextPTS
        nextPTS += 1
        try send(frame)
    }

    /// Flushes the encoder, writes the trailer (moving the index to the front) and closes the file.
    public func finish() throws(MediaError) {
        guard !finished else { return }
        finished = true
        try send(nil)
        try check(av_write_trailer(format), "cannot finish the file")
        if let format, format.pointee.pb != nil {
            let status = avio_closep(&format.pointee.pb)
            try check(status, "cannot close the file (is the disk full?)")
        }
        release()
    }

    /// Sends a frame (nil flushes) and writes every packet the encoder has ready.
    private func send(_ frame: UnsafeMutablePointer<AVFrame>?) throws(MediaError) {
        guard let codec, let packet, let format, let stream else { throw MediaError("the video writer is closed") }
        try EncodeLoop.send(frame, codec: codec, packet: packet, stream: stream, format: format, encoder: settings.resolvedCodec.encoder)
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
