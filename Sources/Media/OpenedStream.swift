import CFFmpeg

/// A file opened for decoding one of its streams: a regular file read through libavformat's file
/// protocol alone (a file a user names cannot make it open other files or the network), its
/// best stream of a kind found, with the decoder for it. The caller owns `format` from here on.
struct OpenedStream {
    let format: UnsafeMutablePointer<AVFormatContext>
    let index: Int32
    let stream: UnsafeMutablePointer<AVStream>
    let decoder: UnsafePointer<AVCodec>

    /// The stream's length in seconds, or the file's, when either says.
    var duration: Double? {
        if stream.pointee.duration > 0 { return Double(stream.pointee.duration) * av_q2d(stream.pointee.time_base) }
        if format.pointee.duration > 0 { return Double(format.pointee.duration) / Double(AV_TIME_BASE) }
        return nil
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
            (self.format, self.index, self.stream, self.decoder) = (format, index, stream, decoder)
        } catch {
            avformat_close_input(&opened)
            throw error
        }
    }
}
