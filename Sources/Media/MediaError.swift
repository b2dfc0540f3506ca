import CFFmpeg

/// A failure in FFmpeg work, with FFmpeg's own explanation when it gave one.
public struct MediaError: Error, CustomStringConvertible, Equatable {
    /// What failed, with FFmpeg's explanation when it gave one.
    public let message: String

    /// An error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// An error for an FFmpeg call that returned the negative code `code`.
    init(_ what: String, code: Int32) {
        var buffer = [CChar](repeating: 0, count: 256)
        av_strerror(code, &buffer, buffer.count)
        let reason = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // FFmpeg's log often says more than the code ("Invalid PNG signature" for "Invalid data").
        let logged = FFmpegLog.takeFirstError().map { " (\($0))" } ?? ""
        self.init("\(what): \(reason)\(logged)")
    }

    public var description: String { message }
}

/// Throws a `MediaError` naming `what` when an FFmpeg call returned a negative code; a call that
/// succeeded clears what this thread logged, so a later failure explains itself only.
@discardableResult
func check(_ code: Int32, _ what: @autoclosure () -> String) throws(MediaError) -> Int32 {
    if code < 0 { throw MediaError(what(), code: code) }
    FFmpegLog.forget()
    return code
}
