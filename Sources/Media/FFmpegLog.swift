import CFFmpeg
import Foundation

/// FFmpeg's own log. Nothing of it reaches the terminal: animvid reports failures itself, and the
/// last error FFmpeg logged goes into that report (`MediaError` for a failed call), as FFmpeg's
/// explanation. `ANIMVID_FFMPEG_LOG=1` prints FFmpeg's errors and warnings as they come, for
/// debugging.
enum FFmpegLog {
    /// Installs the capturing log callback (once), and forgets what was logged before: called
    /// as each piece of FFmpeg work starts, so a failure reports its own explanation.
    static func quiet() {
        _ = installed
        _ = lastError.take()
    }

    private static let installed: Void = {
        av_log_set_level(ProcessInfo.processInfo.environment["ANIMVID_FFMPEG_LOG"] == "1" ? AV_LOG_WARNING : AV_LOG_ERROR)
        av_log_set_callback { object, level, format, arguments in
            guard level <= av_log_get_level(), let format, let arguments else { return }
            var line = [CChar](repeating: 0, count: 1024)
            var prefix: Int32 = 1
            av_log_format_line2(object, level, format, arguments, &line, Int32(line.count), &prefix)
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if ProcessInfo.processInfo.environment["ANIMVID_FFMPEG_LOG"] == "1" { FileHandle.standardError.write(Data(text.utf8)) }
            if level <= AV_LOG_ERROR { FFmpegLog.lastError.set(text) }
        }
    }()

    /// The last error FFmpeg logged (without the `[png @ 0x…]` prefix) since the last `takeLastError()`.
    static func takeLastError() -> String? {
        guard let line = lastError.take() else { return nil }
        // "[png @ 0x55…] Invalid PNG signature 0x….\n" → "Invalid PNG signature 0x…"
        var text = Substring(line)
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") { text = text[text.index(after: close)...] }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    private static let lastError = LastLine()

    /// One line, set from FFmpeg's threads and taken by the thread reporting a failure.
    private final class LastLine: @unchecked Sendable {
        private let lock = NSLock()
        private var line: String?

        func set(_ text: String) { lock.withLock { line = text } }
        func take() -> String? { lock.withLock { defer { line = nil }; return line } }
    }
}
