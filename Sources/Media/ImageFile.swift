import CFFmpeg

/// Still images (PNG, JPEG, …) decoded with libavformat/libavcodec into straight-alpha RGBA8.
public enum ImageFile {
    /// The largest side accepted, so a hostile file cannot make animvid allocate without bound.
    public static let maximumSide = 16_384

    /// Decodes the first frame of the image at `path`: width, height and RGBA bytes (straight alpha).
    public static func load(path: String) throws(MediaError) -> (width: Int, height: Int, rgba: [UInt8]) {
        FFmpegLog.quiet()
        var format: UnsafeMutablePointer<AVFormatContext>?
        try check(avformat_open_input(&format, path, nil, nil), "cannot open the image \(path)")
        defer { avformat_close_input(&format) }
        try check(avformat_find_stream_info(format, nil), "cannot read the image \(path)")
        var decoder: UnsafePointer<AVCodec>?
        let index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0)
        try check(index, "\(path) is not an image")
        guard let format, let decoder, let stream = format.pointee.streams[Int(index)] else {
            throw MediaError("\(path) is not an image animvid can decode")
        }
        var codec = avcodec_alloc_context3(decoder)
        var frame = av_frame_alloc()
        var packet = av_packet_alloc()
        defer {
            avcodec_free_context(&codec)
            av_frame_free(&frame)
            av_packet_free(&packet)
        }
        guard let codec, let frame, let packet else { throw MediaError("out of memory") }
        try check(avcodec_parameters_to_context(codec, stream.pointee.codecpar), "cannot configure the image decoder")
        try check(avcodec_open2(codec, decoder, nil), "cannot open the image decoder")
        var decoded = false
        while !decoded {
            let status = av_read_frame(format, packet)
            if status == cffmpeg_error_eof() { break }
            try check(status, "cannot read the image \(path)")
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == index else { continue }
            try check(avcodec_send_packet(codec, packet), "cannot decode the image \(path)")
            decoded = avcodec_receive_frame(codec, frame) >= 0
        }
        if !decoded {
            _ = avcodec_send_packet(codec, nil)
            decoded = avcodec_receive_frame(codec, frame) >= 0
        }
        guard decoded else { throw MediaError("\(path) holds no picture") }
        let (width, height) = (Int(frame.pointee.width), Int(frame.pointee.height))
        guard (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
            throw MediaError("\(path) is \(width)x\(height); images may be at most \(maximumSide) pixels a side")
        }
        var scaler: OpaquePointer?
        defer { sws_freeContext(scaler) }
        let rgba = try FrameToRGBA.convert(frame, scaler: &scaler)
        return (width, height, rgba)
    }
}
