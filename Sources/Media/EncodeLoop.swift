import CFFmpeg

/// FFmpeg's send/receive loop, shared by every encoder that writes a stream (as in
/// `doc/examples/encode_video.c`): send a frame, or nil to flush, then write each packet the
/// encoder has ready, timed in the stream's time base.
enum EncodeLoop {
    static func send(_ frame: UnsafeMutablePointer<AVFrame>?, codec: UnsafeMutablePointer<AVCodecContext>,
                     packet: UnsafeMutablePointer<AVPacket>, stream: UnsafeMutablePointer<AVStream>,
                     format: UnsafeMutablePointer<AVFormatContext>, encoder name: String) throws(MediaError) {
        try check(avcodec_send_frame(codec, frame), "the \(name) encoder refused a frame")
        while true {
            let status = avcodec_receive_packet(codec, packet)
            if status == cffmpeg_error_again() || status == cffmpeg_error_eof() { return }
            try check(status, "the \(name) encoder failed")
            if packet.pointee.duration == 0 { packet.pointee.duration = 1 }
            av_packet_rescale_ts(packet, codec.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            try check(av_interleaved_write_frame(format, packet), "cannot write \(name) data (is the disk full?)")
        }
    }
}

/// Copies `rows` rows of `bytesPerRow` bytes from tightly packed `source` into a frame plane
/// whose rows are `stride` bytes apart.
func copyPlane(_ source: [UInt8], bytesPerRow: Int, rows: Int, into destination: UnsafeMutablePointer<UInt8>?, stride: Int32) {
    guard let destination else { return }
    source.withUnsafeBufferPointer { s in
        av_image_copy_plane(destination, stride, s.baseAddress, Int32(bytesPerRow), Int32(bytesPerRow), Int32(rows))
    }
}
