import CFFmpeg
import Foundation

/// Writes single images as PNG with libavcodec's PNG encoder (alpha kept).
public enum PNGFile {
    /// Encodes straight-alpha RGBA bytes (width × height × 4, no padding) and writes them to `path`.
    public static func write(rgba: [UInt8], width: Int, height: Int, to path: String) throws(MediaError) {
        let data = try encode(rgba: rgba, width: width, height: height)
        do {
            try DirectFile.write(data, to: path)
        } catch {
            throw MediaError("cannot write \(path): \(error)")
        }
    }

    /// The PNG file's bytes for straight-alpha RGBA bytes (width × height × 4, no padding).
    public static func encode(rgba: [UInt8], width: Int, height: Int) throws(MediaError) -> Data {
        FFmpegLog.quiet()
        guard rgba.count == width * height * 4, width > 0, height > 0 else { throw MediaError("image has the wrong number of bytes") }
        guard let encoder = avcodec_find_encoder(AV_CODEC_ID_PNG) else { throw MediaError("this FFmpeg has no PNG encoder") }
        var codec = avcodec_alloc_context3(encoder)
        var frame = av_frame_alloc()
        var packet = av_packet_alloc()
        defer {
            avcodec_free_context(&codec)
            av_frame_free(&frame)
            av_packet_free(&packet)
        }
        guard let codec, let frame, let packet else { throw MediaError("out of memory") }
        codec.pointee.width = Int32(width)
        codec.pointee.height = Int32(height)
        codec.pointee.pix_fmt = AV_PIX_FMT_RGBA
        codec.pointee.time_base = AVRational(num: 1, den: 1)
        try check(avcodec_open2(codec, encoder, nil), "cannot open the PNG encoder")
        frame.pointee.format = AV_PIX_FMT_RGBA.rawValue
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        try check(av_frame_get_buffer(frame, 0), "cannot allocate an image")
        guard frame.pointee.data.0 != nil else { throw MediaError("cannot allocate an image") }
        copyPlane(rgba, bytesPerRow: width * 4, rows: height, into: frame.pointee.data.0, stride: frame.pointee.linesize.0)
        try check(avcodec_send_frame(codec, frame), "the PNG encoder refused the image")
        try check(avcodec_send_frame(codec, nil), "cannot flush the PNG encoder")
        try check(avcodec_receive_packet(codec, packet), "the PNG encoder failed")
        return Data(bytes: packet.pointee.data, count: Int(packet.pointee.size))
    }
}
