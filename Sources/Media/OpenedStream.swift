import CFFmpeg

/// A file opened for decoding one of its streams: a regular file read through libavformat's file
/// protocol alone (a file a user names cannot make it open other files or the network), its
/// best stream of a kind found, with the decoder for it. The caller owns `format` from here on.
struct OpenedStream {
    let format: UnsafeMutablePointer<AVFormatContext>
    let index: Int32
    let stream: UnsafeMutablePointer<AVStream>
    let decoder: UnsafePointer<AVCodec>
    /// The file and what its stream is ("audio"), as errors name them.
    let path: String, kind: String

    /// The stream's length in seconds, or the file's, when either says.
    var duration: Double? {
        if stream.pointee.duration > 0 { return Double(stream.pointee.duration) * av_q2d(stream.pointee.time_base) }
        if format.pointee.duration > 0 { return Double(format.pointee.duration) / Double(AV_TIME_BASE) }
        return nil
    }

    /// Opens the stream's decoder into `codec` and makes the packet and frame it is fed and
    /// read through; the caller owns all three (and frees whichever exist when this fails).
    func openDecoder(_ codec: inout UnsafeMutablePointer<AVCodecContext>?, packet: inout UnsafeMutablePointer<AVPacket>?,
                     frame: inout UnsafeMutablePointer<AVFrame>?) throws(MediaError) {
        codec = avcodec_alloc_context3(decoder)
        guard let codec else { throw MediaError("out of memory") }
        try check(avcodec_parameters_to_context(codec, stream.pointee.codecpar), "cannot configure the \(kind) decoder of \(path)")
        try check(avcodec_open2(codec, decoder, nil), "cannot open the \(kind) decoder of \(path)")
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        guard packet != nil, frame != nil else { throw MediaError("out of memory") }
    }

    /// Reads `format`'s next packet of stream `index` into `packet` (true: the caller sends it to
    /// the decoder and unreferences it), passing over other streams' packets; at the end of the
    /// file sends `codec` its end instead (false: the decoder holds only what is to be drained).
    /// `what` names the stream in errors ("the audio of FILE").
    static func readPacket(of format: UnsafeMutablePointer<AVFormatContext>, stream index: Int32, into packet: UnsafeMutablePointer<AVPacket>,
                           endingIn codec: UnsafeMutablePointer<AVCodecContext>, what: String) throws(MediaError) -> Bool {
        while true {
            let read = av_read_frame(format, packet)
            if read == cffmpeg_error_eof() {
                try check(avcodec_send_packet(codec, nil), "cannot decode \(what)")
                return false
            }
            try check(read, "cannot read \(what)")
            if packet.pointee.stream_index == index { return true }
            av_packet_unref(packet)
        }
    }

    /// Opens `path` and finds its best stream of `type` (`kind` names it in errors: "audio").
    init(_ path: String, best type: AVMediaType, kind: String) throws(MediaError) {
        FFmpegLog.quiet()
        do {
            try InputFile.checkRegular(path)
        } catch {
            throw MediaError("\(path): \(error)")
        }
        var options: OpaquePointer?
        av_dict_set(&options, "protocol_whitelist", "file", 0)
        var opened: UnsafeMutablePointer<AVFormatContext>?
        let status = avformat_open_input(&opened, path, nil, &options)
        av_dict_free(&options)
        try check(status, "cannot open \(path)")
        guard let format = opened else { throw MediaError("cannot open \(path)") }
        do throws(MediaError) {
            try check(avformat_find_stream_info(format, nil), "cannot read the streams of \(path)")
            var decoder: UnsafePointer<AVCodec>?
            let index = av_find_best_stream(format, type, -1, -1, &decoder, 0)
            guard index >= 0, let decoder, let stream = format.pointee.streams[Int(index)] else { throw MediaError("\(path) has no \(kind) stream") }
            (self.format, self.index, self.stream, self.decoder, self.path, self.kind) = (format, index, stream, decoder, path, kind)
        } catch {
            avformat_close_input(&opened)
            throw error
        }
    }
}
