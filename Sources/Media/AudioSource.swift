import CFFmpeg
import Foundation

/// A file's audio, decoded with libavcodec and converted by libswresample to 48 kHz stereo
/// float, chunk by chunk in order. Only regular files are opened, through libavformat's file
/// protocol alone. The resampler follows the frames: a stream whose rate, format or channels
/// change midway is converted as it goes.
final class AudioSource {
    /// The rate every soundtrack is resampled to (Opus's own; AAC and FLAC take it too).
    static let sampleRate: Int32 = 48_000

    let path: String
    /// The audio's length in seconds, when the file says.
    private(set) var duration: Double?
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var resampler: OpaquePointer?
    /// The sample format, rate and channel count the resampler takes.
    private var resamplerInput: (Int32, Int32, Int32)?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var streamIndex: Int32 = -1
    /// The file is read to its end (the decoder is being drained).
    private var inputEnded = false
    /// Everything is given, the resampler's tail too.
    private var finished = false
    /// Samples a channel given so far.
    private var given = 0
    /// Where the first damaged data was met, in seconds of audio given before it; nil while
    /// everything decoded.
    private(set) var damagedAt: Double?

    /// Opens the best audio stream of `path`.
    init(path: String) throws(MediaError) {
        self.path = path
        let opened = try OpenedStream(path, best: AVMEDIA_TYPE_AUDIO, kind: "audio")
        format = opened.format
        streamIndex = opened.index
        duration = opened.duration
        try opened.openDecoder(&codec, packet: &packet, frame: &frame)
    }

    deinit {
        swr_free(&resampler)
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&codec)
        avformat_close_input(&format)
    }

    /// The next samples, left and right; nil once the file's audio is all given.
    func next() throws(MediaError) -> (left: [Float], right: [Float])? {
        guard !finished, let format, let codec, let frame, let packet else { return nil }
        while true {
            let received = avcodec_receive_frame(codec, frame)
            if received == 0 {
                defer { av_frame_unref(frame) }
                let samples = try convert(frame)
                if samples.left.isEmpty { continue }
                given += samples.left.count
                return samples
            }
            if received == cffmpeg_error_eof() {
                // The decoder is drained; the resampler may still hold a few samples.
                finished = true
                let tail = try convert(nil)
                return tail.left.isEmpty ? nil : tail
            }
            if received != cffmpeg_error_again() {
                // Damaged data (a file cut off mid-sample, a corrupt frame): noted and passed
                // over, as players do; at the end of the input, the end of the audio.
                noteDamage()
                if inputEnded {
                    finished = true
                    let tail = try convert(nil)
                    return tail.left.isEmpty ? nil : tail
                }
            }
            if inputEnded { continue }
            guard try OpenedStream.readPacket(of: format, stream: streamIndex, into: packet, endingIn: codec, what: "the audio of \(path)") else {
                inputEnded = true
                continue
            }
            defer { av_packet_unref(packet) }
            // A damaged packet is skipped, as players do; the rest of the file still plays
            // (`AudioTrack.check` refuses a file whose start decodes to nothing).
            let sent = avcodec_send_packet(codec, packet)
            if sent < 0 && sent != cffmpeg_error_again() { noteDamage() }
        }
    }

    private func noteDamage() {
        if damagedAt == nil { damagedAt = Double(given) / Double(Self.sampleRate) }
    }

    /// A resampler from `frame`'s format, rate and layout to 48 kHz stereo float planes, made
    /// again when a frame differs from the one before (what the old one held is dropped: a
    /// change mid-stream is a cut anyway).
    private func prepareResampler(for frame: UnsafeMutablePointer<AVFrame>) throws(MediaError) {
        let format = (frame.pointee.format, frame.pointee.sample_rate, frame.pointee.ch_layout.nb_channels)
        if resampler != nil, let input = resamplerInput, input == format { return }
        swr_free(&resampler)
        var layout = AVChannelLayout()
        if frame.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC || av_channel_layout_check(&frame.pointee.ch_layout) == 0 {
            av_channel_layout_default(&layout, max(frame.pointee.ch_layout.nb_channels, 1))
        } else {
            try check(av_channel_layout_copy(&layout, &frame.pointee.ch_layout), "cannot read the channel layout of \(path)")
        }
        defer { av_channel_layout_uninit(&layout) }
        var stereo = AVChannelLayout()
        av_channel_layout_default(&stereo, 2)
        defer { av_channel_layout_uninit(&stereo) }
        try check(swr_alloc_set_opts2(&resampler, &stereo, AV_SAMPLE_FMT_FLTP, Self.sampleRate,
                                      &layout, AVSampleFormat(rawValue: format.0), format.1, 0, nil),
                  "cannot convert the audio of \(path)")
        try check(swr_init(resampler), "cannot convert the audio of \(path) (\(format.1) Hz)")
        resamplerInput = format
    }

    /// `frame` converted (or, for nil, what the resampler still holds).
    private func convert(_ frame: UnsafeMutablePointer<AVFrame>?) throws(MediaError) -> (left: [Float], right: [Float]) {
        if let frame { try prepareResampler(for: frame) }
        guard resampler != nil else { return ([], []) }
        let inputCount = frame.map { $0.pointee.nb_samples } ?? 0
        let room = Int(swr_get_out_samples(resampler, inputCount))
        guard room > 0 else { return ([], []) }
        var left = [Float](repeating: 0, count: room), right = [Float](repeating: 0, count: room)
        let converted = left.withUnsafeMutableBytes { l in
            right.withUnsafeMutableBytes { r in
                var planes: [UnsafeMutablePointer<UInt8>?] = [l.baseAddress?.assumingMemoryBound(to: UInt8.self),
                                                             r.baseAddress?.assumingMemoryBound(to: UInt8.self)]
                return planes.withUnsafeMutableBufferPointer { out in
                    if let frame {
                        return frame.pointee.extended_data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { data in
                            swr_convert(resampler, out.baseAddress, Int32(room), data, inputCount)
                        }
                    }
                    return swr_convert(resampler, out.baseAddress, Int32(room), nil, 0)
                }
            }
        }
        try check(converted, "cannot convert the audio of \(path)")
        left.removeLast(room - Int(converted))
        right.removeLast(room - Int(converted))
        return (left, right)
    }
}
