import CFFmpeg
import Foundation

/// A subtitle track encoded into an output file beside its video: the stream is added before the
/// file's header; `write(upTo:)` writes the cues that start before a time (libavformat
/// interleaves them with the video) and `finish()` the rest. Each cue is given to FFmpeg's
/// encoder as an ASS event, as FFmpeg's own subtitle conversion does.
final class SubtitleEncoder {
    private let cues: [SubtitleTrack.Cue]
    private var next = 0
    private let format: UnsafeMutablePointer<AVFormatContext>
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    /// Milliseconds: the encoder's time base.
    private static let timeBase = AVRational(num: 1, den: 1000)

    /// Adds the subtitle stream of `track`, for an output `duration` seconds long, to `format`
    /// (whose header is not written yet), encoded as `container` takes it.
    init(track: SubtitleTrack, container: Container, duration: Double, format: UnsafeMutablePointer<AVFormatContext>) throws(MediaError) {
        let name = try SubtitleTrack.encoder(in: container)
        // The part's cues, moved to its start and cut to its length.
        cues = track.cues.compactMap { cue in
            let (start, end) = (max(cue.start - track.clipOffset, 0), min(cue.end - track.clipOffset, duration))
            return end > start ? SubtitleTrack.Cue(start: start, end: end, text: cue.text) : nil
        }
        self.format = format
        guard let encoder = avcodec_find_encoder_by_name(name) else { throw MediaError("this FFmpeg has no \(name) encoder") }
        stream = avformat_new_stream(format, nil)
        codec = avcodec_alloc_context3(encoder)
        packet = av_packet_alloc()
        guard let stream, let codec, packet != nil else { throw MediaError("out of memory") }
        codec.pointee.time_base = Self.timeBase
        // The encoders read their styles from an ASS header, which the context frees.
        let header = Self.header
        guard let copy = av_strdup(header) else { throw MediaError("out of memory") }
        codec.pointee.subtitle_header = UnsafeMutableRawPointer(copy).assumingMemoryBound(to: UInt8.self)
        codec.pointee.subtitle_header_size = Int32(header.utf8.count)
        if format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
            codec.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        }
        try check(avcodec_open2(codec, encoder, nil), "cannot open the \(name) encoder")
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, codec), "cannot configure the subtitle stream")
        stream.pointee.time_base = Self.timeBase
        av_dict_set(&stream.pointee.metadata, "handler_name", "Captions", 0)
    }

    deinit {
        av_packet_free(&packet)
        avcodec_free_context(&codec)
    }

    /// One default style: what players show unless they are told otherwise.
    private static let header = """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 384
        PlayResY: 288

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Default,Arial,16,&Hffffff,&Hffffff,&H0,&H0,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,0

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

        """

    /// Writes the cues that start before `seconds`.
    func write(upTo seconds: Double) throws(MediaError) {
        while next < cues.count, cues[next].start < seconds {
            try encode(cues[next])
            next += 1
        }
    }

    /// Writes the remaining cues.
    func finish() throws(MediaError) {
        try write(upTo: .infinity)
    }

    private func encode(_ cue: SubtitleTrack.Cue) throws(MediaError) {
        guard let codec, let stream, let packet else { return }
        // An ASS event's text: line breaks as \N; braces would start override codes, and a
        // backslash before N, n or h a break or a hard space (a word joiner after it keeps it a backslash).
        let text = cue.text.replacingOccurrences(of: "\\", with: "\\\u{2060}")
            .replacingOccurrences(of: "{", with: "(").replacingOccurrences(of: "}", with: ")")
            .replacingOccurrences(of: "\n", with: "\\N")
        let start = Int64((cue.start * 1000).rounded()), end = Int64((cue.end * 1000).rounded())
        var subtitle = AVSubtitle()
        subtitle.format = 1
        subtitle.start_display_time = 0
        subtitle.end_display_time = UInt32(clamping: end - start)
        subtitle.pts = start * 1000
        // Owned by `subtitle` as soon as each exists, so avsubtitle_free frees whatever was made.
        defer { avsubtitle_free(&subtitle) }
        guard let rects = av_mallocz(MemoryLayout<UnsafeMutablePointer<AVSubtitleRect>?>.size)?.assumingMemoryBound(to: UnsafeMutablePointer<AVSubtitleRect>?.self) else {
            throw MediaError("out of memory")
        }
        subtitle.rects = rects
        guard let rect = av_mallocz(MemoryLayout<AVSubtitleRect>.size)?.assumingMemoryBound(to: AVSubtitleRect.self) else {
            throw MediaError("out of memory")
        }
        rects[0] = rect
        subtitle.num_rects = 1
        rect.pointee.type = SUBTITLE_ASS
        rect.pointee.ass = av_strdup("0,0,Default,,0,0,0,," + text)
        let capacity = 4 * text.utf8.count + 1024
        try check(av_new_packet(packet, Int32(capacity)), "out of memory")
        defer { av_packet_unref(packet) }
        let size = avcodec_encode_subtitle(codec, packet.pointee.data, Int32(capacity), &subtitle)
        try check(size, "cannot encode the captions")
        packet.pointee.size = size
        packet.pointee.pts = start
        packet.pointee.dts = start
        packet.pointee.duration = end - start
        av_packet_rescale_ts(packet, Self.timeBase, stream.pointee.time_base)
        packet.pointee.stream_index = stream.pointee.index
        try check(av_interleaved_write_frame(format, packet), "cannot write the captions (is the disk full?)")
    }
}
