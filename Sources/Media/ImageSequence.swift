import CFFmpeg

/// Numbered image files (`frames/%05d.png`), named as FFmpeg's image2 muxer names them.
public enum ImageSequence {
    /// The file name of frame `number` (image2 counts from 1), or nil unless `pattern` holds
    /// exactly one frame number (`%d` or `%05d`; `%%` is a percent sign) and no other conversion.
    public static func fileName(_ pattern: String, frame number: Int) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard av_get_frame_filename2(&buffer, Int32(buffer.count), pattern, Int32(number), 0) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
