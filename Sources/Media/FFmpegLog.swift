import CFFmpeg
import Foundation
import Synchronization

/// FFmpeg's own log. Nothing of it reaches the terminal: animvid reports failures itself, and the
/// first error FFmpeg logged since the work began goes into that report (`MediaError` for a
/// failed call), as FFmpeg's explanation. `ANIMVID_FFMPEG_LOG=1` prints FFmpeg's errors and
/// warnings as they come, for debugging.
enum FFmpegLog {
    /// Installs the capturing log callback (once), and forgets what was logged before: called
    /// as each piece of FFmpeg work starts, so a failure reports its own explanation.
    static func quiet() {
        _ = installed
        _ = errors.take()
    }

    private static let printsLog = ProcessInfo.processInfo.environment["ANIMVID_FFMPEG_LOG"] == "1"

    private static let installed: Void = {
        av_log_set_level(printsLog ? AV_LOG_WARNING : AV_LOG_ERROR)
        av_log_set_callback { object, level, format, arguments in
            guard level <= av_log_get_level(), let format, let arguments else { return }
            var line = [CChar](repeating: 0, count: 1024)
            // Without the "[png @ 0x…] " prefix: a line may come in pieces, each of which would get it.
            var prefix: Int32 = 0
            av_log_format_line2(object, level, format, arguments, &line, Int32(line.count), &prefix)
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if FFmpegLog.printsLog { FileHandle.standardError.write(Data(text.utf8)) }
            if level <= AV_LOG_ERROR { FFmpegLog.errors.add(text) }
        }
    }()

    /// The first error FFmpeg logged since the work began, and forgets it.
    static func takeFirstError() -> String? {
        guard let line = errors.take() else { return nil }
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    private static let errors = FirstLine()

    /// The first line logged, built up from the pieces FFmpeg logs it in (a line ends at its
    /// newline), set from FFmpeg's threads and taken by the thread reporting a failure.
    private final class FirstLine: Sendable {
        private let state = Mutex((line: "", complete: false))

        func add(_ piece: String) {
            state.withLock { state in
                guard !state.complete else { return }
                state.line += piece
                state.complete = state.line.hasSuffix("\n")
            }
        }

        func take() -> String? {
            state.withLock { state in
                defer { state = ("", false) }
                return state.line.isEmpty ? nil : state.line
            }
        }
    }
}
