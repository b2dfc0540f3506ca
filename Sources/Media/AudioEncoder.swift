import CFFmpeg

/// A clip's mixed audio encoded into an audio stream of an output file while its video is written:
/// the stream is added before the file's header, then `write(upTo:)` keeps the audio a little
/// ahead of the video's packets (libavformat interleaves them) and `finish()` writes the rest.
/// The audio holds `duration` seconds of samples from the first frame, 48 kHz stereo (AAC pads
/// its last frame: a decoder may give up to 1,023 samples of silence more).
final class AudioEncoder {
    private let soundtrack: Soundtrack
    private let format: UnsafeMutablePointer<AVFormatContext>
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    /// Samples a channel in each frame given to the encoder (the encoder's own frame size;
    /// FLAC, whose frames vary, takes 4096).
    private var frameSize = 4096

    /// Adds the audio stream of `mix`, `duration` seconds long, to `format` (whose header is
    /// not written yet), encoded as `container` takes it.
    init(mix: AudioMix, container: Container, duration: Double, format: UnsafeMutablePointer<AVFormatContext>) throws(MediaError) {
        let kind = try mix.resolvedCodec(in: container)
        // Sample positions rounded from the clip's start, so that consecutive parts of a clip meet.
        let rate = Double(AudioSource.sampleRate)
        let first = Int((mix.clipOffset * rate).rounded()), end = Int(((mix.clipOffset + duration) * rate).rounded())
        soundtrack = try Soundtrack(mix: mix, length: end - first)
        self.format = format
        // Every stored property has its value from here on, so `deinit` frees what a failure leaves.
        guard let encoder = avcodec_find_encoder_by_name(kind.encoder) else { throw MediaError("this FFmpeg has no \(kind.encoder) encoder") }
        stream = avformat_new_stream(format, nil)
        codec = avcodec_alloc_context3(encoder)
        frame = av_frame_alloc()
        packet = av_packet_alloc()
        guard let stream, let codec, frame != nil, packet != nil else { throw MediaError("out of memory") }
        codec.pointee.sample_fmt = Self.sampleFormat(of: encoder)
        codec.pointee.sample_rate = AudioSource.sampleRate
        av_channel_layout_default(&codec.pointee.ch_layout, 2)
        codec.pointee.time_base = AVRational(num: 1, den: AudioSource.sampleRate)
        if kind != .flac { codec.pointee.bit_rate = kind == .aac ? 192_000 : 128_000 }
        if format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
            codec.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        }
        try check(avcodec_open2(codec, encoder, nil), "cannot open the \(kind.encoder) encoder")
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, codec), "cannot configure the audio stream")
        stream.pointee.time_base = codec.pointee.time_base
        let variable = encoder.pointee.capabilities & AV_CODEC_CAP_VARIABLE_FRAME_SIZE != 0
        if codec.pointee.frame_size > 0 && !variable { frameSize = Int(codec.pointee.frame_size) }
    }

    deinit {
        av_packet_free(&packet)
        av_frame_free(&frame)
        avcodec_free_context(&codec)
    }

    /// Encodes and writes the audio that starts before `seconds`.
    func write(upTo seconds: Double) throws(MediaError) {
        let limit = Int((seconds * Double(AudioSource.sampleRate)).rounded(.up))
        while soundtrack.position < min(limit, soundtrack.length) {
            try encodeNextFrame()
        }
    }

    /// Encodes and writes the rest of the audio and what the encoder still holds.
    func finish() throws(MediaError) {
        while soundtrack.position < soundtrack.length { try encodeNextFrame() }
        try send(nil)
    }

    private func encodeNextFrame() throws(MediaError) {
        guard let frame, let codec else { return }
        let pts = soundtrack.position
        let (left, right) = try soundtrack.read(frameSize)
        guard !left.isEmpty else { return }
        av_frame_unref(frame)
        frame.pointee.format = codec.pointee.sample_fmt.rawValue
        frame.pointee.sample_rate = codec.pointee.sample_rate
        frame.pointee.nb_samples = Int32(left.count)
        try check(av_channel_layout_copy(&frame.pointee.ch_layout, &codec.pointee.ch_layout), "cannot set up an audio frame")
        try check(av_frame_get_buffer(frame, 0), "out of memory for an audio frame")
        Self.store(left, right, into: frame, as: codec.pointee.sample_fmt)
        frame.pointee.pts = Int64(pts)
        try send(frame)
    }

    /// Sends `frame` (nil to drain) and writes every packet the encoder has ready.
    private func send(_ frame: UnsafeMutablePointer<AVFrame>?) throws(MediaError) {
        guard let codec, let packet, let stream else { return }
        try check(avcodec_send_frame(codec, frame), "cannot encode the audio")
        while true {
            let status = avcodec_receive_packet(codec, packet)
            if status == cffmpeg_error_again() || status == cffmpeg_error_eof() { return }
            try check(status, "cannot encode the audio")
            av_packet_rescale_ts(packet, codec.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            try check(av_interleaved_write_frame(format, packet), "cannot write the audio (is the disk full?)")
        }
    }

    /// The encoder's sample format animvid fills: float planes, interleaved float, or 16-bit.
    private static func sampleFormat(of encoder: UnsafePointer<AVCodec>) -> AVSampleFormat {
        var offered: [AVSampleFormat] = []
        if var p = encoder.pointee.sample_fmts {
            while p.pointee != AV_SAMPLE_FMT_NONE {
                offered.append(p.pointee)
                p += 1
            }
        }
        return [AV_SAMPLE_FMT_FLTP, AV_SAMPLE_FMT_FLT, AV_SAMPLE_FMT_S16].first(where: offered.contains) ?? AV_SAMPLE_FMT_FLTP
    }

    /// Writes the samples into the frame's buffer in `sampleFormat`.
    private static func store(_ left: [Float], _ right: [Float], into frame: UnsafeMutablePointer<AVFrame>, as sampleFormat: AVSampleFormat) {
        let count = left.count
        switch sampleFormat {
        case AV_SAMPLE_FMT_FLT:
            frame.pointee.data.0?.withMemoryRebound(to: Float.self, capacity: 2 * count) { out in
                for i in 0..<count { (out[2 * i], out[2 * i + 1]) = (left[i], right[i]) }
            }
        case AV_SAMPLE_FMT_S16:
            func sample(_ x: Float) -> Int16 { Int16((min(max(x, -1), 1) * 32767).rounded()) }
            frame.pointee.data.0?.withMemoryRebound(to: Int16.self, capacity: 2 * count) { out in
                for i in 0..<count { (out[2 * i], out[2 * i + 1]) = (sample(left[i]), sample(right[i])) }
            }
        default:
            frame.pointee.data.0?.withMemoryRebound(to: Float.self, capacity: count) { out in
                for i in 0..<count { out[i] = left[i] }
            }
            frame.pointee.data.1?.withMemoryRebound(to: Float.self, capacity: count) { out in
                for i in 0..<count { out[i] = right[i] }
            }
        }
    }
}
