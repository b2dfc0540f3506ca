import CFFmpeg

/// Frame checksums in the text format of FFmpeg's `framemd5` muxer (version 2), so that
/// `animvid hash FILE` prints the same lines as `ffmpeg -i FILE -f framemd5 -`.
public enum FrameMD5 {
    /// The MD5 of `bytes` as 32 lowercase hex digits (libavutil's MD5).
    public static func md5(_ bytes: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: 16)
        bytes.withUnsafeBufferPointer { av_md5_sum(&digest, $0.baseAddress, $0.count) }
        return digest.map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
    }

    /// The header and one line per decoded frame of the file's first video stream.
    public static func report(path: String) throws -> [String] {
        let decoder = try VideoDecoder(path: path)
        let version = avformat_version()
        let tb = decoder.timeBase
        var lines = [
            "#format: frame checksums",
            "#version: 2",
            "#hash: MD5",
            "#software: Lavf\(version >> 16).\(version >> 8 & 0xFF).\(version & 0xFF)",
            "#tb 0: \(tb.numerator)/\(tb.denominator)",
            "#media_type 0: video",
            "#codec_id 0: rawvideo",
            "#dimensions 0: \(decoder.width)x\(decoder.height)",
            "#sar 0: 1/1",
            "#stream#, dts,        pts, duration,     size, hash",
        ]
        try decoder.forEachFrame { frame in
            lines.append(line(pts: frame.pts, size: frame.bytes.count, hash: md5(frame.bytes)))
        }
        return lines
    }

    /// One frame line: `stream, dts, pts, duration, size, hash` padded as FFmpeg pads them.
    static func line(pts: Int64, size: Int, hash: String) -> String {
        func pad(_ value: CustomStringConvertible, _ width: Int) -> String {
            let text = value.description
            return String(repeating: " ", count: max(0, width - text.count)) + text
        }
        return "0, \(pad(pts, 10)), \(pad(pts, 10)), \(pad(1, 8)), \(pad(size, 8)), \(hash)"
    }
}
