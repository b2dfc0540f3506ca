import CFFmpeg

/// Joins encoded segments (each a whole number of GOPs, starting with a key frame) into one file
/// by stream copy, as `ffmpeg -f concat -c copy` does: packets are copied, their timestamps moved
/// by the frames before them. A soundtrack and a subtitle track are encoded here, once for the
/// whole clip, beside them.
public enum SegmentJoiner {
    /// Writes `segments` (files of one codec and settings, `frameCounts[i]` frames each) into
    /// `path` as `container`, with faststart for MP4 and MOV, and `audio` and `subtitles`, if
    /// any, as long as the frames.
    public static func join(_ segments: [String], frameCounts: [Int], into path: String, container: Container,
                            frameRate: FrameRate, audio: AudioMix? = nil, subtitles: SubtitleTrack? = nil) throws(MediaError) {
        FFmpegLog.quiet()
        guard let muxer = container.muxer, !segments.isEmpty else { throw MediaError("nothing to join") }
        var output: UnsafeMutablePointer<AVFormatContext>?
        try check(avformat_alloc_output_context2(&output, nil, muxer, path), "cannot set up a \(muxer) muxer")
        guard let output else { throw MediaError("cannot set up a \(muxer) muxer") }
        var closed = false
        defer {
            if !closed, output.pointee.pb != nil { avio_closep(&output.pointee.pb) }
            avformat_free_context(output)
        }
        let frame = av_inv_q(frameRate.rational)
        var stream: UnsafeMutablePointer<AVStream>?
        var soundtrack: AudioEncoder?
        var captions: SubtitleEncoder?
        var framesBefore: Int64 = 0
        guard let packet = av_packet_alloc() else { throw MediaError("out of memory") }
        var packetPointer: UnsafeMutablePointer<AVPacket>? = packet
        defer { av_packet_free(&packetPointer) }
        for (segment, count) in zip(segments, frameCounts) {
            var input: UnsafeMutablePointer<AVFormatContext>?
            try check(avformat_open_input(&input, segment, nil, nil), "cannot open the segment \(segment)")
            defer { avformat_close_input(&input) }
            guard let input else { throw MediaError("cannot open the segment \(segment)") }
            try check(avformat_find_stream_info(input, nil), "cannot read the segment \(segment)")
            let index = av_find_best_stream(input, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
            try check(index, "\(segment) has no video")
            guard let source = input.pointee.streams[Int(index)] else { throw MediaError("\(segment) has no video") }
            if stream == nil {
                guard let created = avformat_new_stream(output, nil) else { throw MediaError("out of memory") }
                try check(avcodec_parameters_copy(created.pointee.codecpar, source.pointee.codecpar), "cannot copy the stream settings")
                if container != .mp4 && container != .mov { created.pointee.codecpar.pointee.codec_tag = 0 }
                created.pointee.time_base = frame
                created.pointee.avg_frame_rate = av_inv_q(frame)
                created.pointee.r_frame_rate = av_inv_q(frame)
                try copyTrackProperties(from: source, to: created)
                av_dict_copy(&output.pointee.metadata, input.pointee.metadata, 0)
                let duration = Double(frameCounts.reduce(0, +)) / frameRate.value
                if let audio { soundtrack = try AudioEncoder(mix: audio, container: container, duration: duration, format: output) }
                if let subtitles { captions = try SubtitleEncoder(track: subtitles, container: container, duration: duration, format: output) }
                if output.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
                    try check(avio_open(&output.pointee.pb, path, AVIO_FLAG_WRITE), "cannot write \(path)")
                }
                var options: OpaquePointer?
                if container == .mp4 || container == .mov { av_dict_set(&options, "movflags", "+faststart", 0) }
                let status = avformat_write_header(output, &options)
                av_dict_free(&options)
                try check(status, "cannot write the header of \(path)")
                stream = created
            }
            guard let stream else { throw MediaError("cannot set up the joined stream") }
            let offset = av_rescale_q(framesBefore, frame, stream.pointee.time_base)
            while true {
                let status = av_read_frame(input, packet)
                if status == cffmpeg_error_eof() { break }
                try check(status, "cannot read the segment \(segment)")
                defer { av_packet_unref(packet) }
                guard packet.pointee.stream_index == index else { continue }
                av_packet_rescale_ts(packet, source.pointee.time_base, stream.pointee.time_base)
                if packet.pointee.pts != Int64.min { packet.pointee.pts += offset }
                if packet.pointee.dts != Int64.min { packet.pointee.dts += offset }
                packet.pointee.stream_index = stream.pointee.index
                packet.pointee.pos = -1
                // Sound and captions run a little ahead of the video, for the muxer to interleave.
                if packet.pointee.dts != Int64.min {
                    let ahead = Double(packet.pointee.dts) * av_q2d(stream.pointee.time_base) + 0.5
                    try soundtrack?.write(upTo: ahead)
                    try captions?.write(upTo: ahead)
                }
                try check(av_interleaved_write_frame(output, packet), "cannot write \(path) (is the disk full?)")
            }
            framesBefore += Int64(count)
        }
        try soundtrack?.finish()
        try captions?.finish()
        try check(av_write_trailer(output), "cannot finish \(path)")
        if output.pointee.pb != nil {
            closed = true
            try check(avio_closep(&output.pointee.pb), "cannot close \(path) (is the disk full?)")
        }
    }

    /// What the segments' track says beyond its codec settings, so the joined track says it
    /// too: its tags (Matroska's `alpha_mode`, which browsers need to look for VP8/VP9 alpha;
    /// language, encoder, handler), disposition, aspect ratio and side data (a display matrix).
    static func copyTrackProperties(from source: UnsafeMutablePointer<AVStream>, to target: UnsafeMutablePointer<AVStream>) throws(MediaError) {
        av_dict_copy(&target.pointee.metadata, source.pointee.metadata, 0)
        // Matroska's demuxer reports the AlphaMode element as a tag; as a tag the muxer would
        // write it twice. The format with alpha makes it write the element alone, as the encode did.
        if av_dict_get(target.pointee.metadata, "alpha_mode", nil, 0) != nil {
            av_dict_set(&target.pointee.metadata, "alpha_mode", nil, 0)
            target.pointee.codecpar.pointee.format = AV_PIX_FMT_YUVA420P.rawValue
        }
        target.pointee.disposition = source.pointee.disposition
        // The track's or else the codec's aspect ratio, on both (MOV writes the track's).
        let aspect = av_guess_sample_aspect_ratio(nil, source, nil)
        target.pointee.sample_aspect_ratio = aspect
        target.pointee.codecpar.pointee.sample_aspect_ratio = aspect
        for index in 0..<Int(source.pointee.nb_side_data) {
            let data = source.pointee.side_data[index]
            guard let copy = av_stream_new_side_data(target, data.type, data.size) else { throw MediaError("out of memory") }
            copy.update(from: data.data, count: Int(data.size))
        }
    }
}
