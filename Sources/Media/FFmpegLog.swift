import CFFmpeg
import Foundation
import Synchronization

/// FFmpeg's own log. Nothing of it reaches the terminal: animvid reports failures itself, with
/// FFmpeg's explanation (`MediaError` for a failed call): the first error FFmpeg logged on the
/// failing thread since that thread's last successful call. Lines are kept per thread, so
/// encoders, decoders and joiners running at once in one process never report each other's
/// errors. Lines FFmpeg's own worker threads log (a frame-threaded decoder's) explain nothing
/// here. `ANIMVID_FFMPEG_LOG=1` prints FFmpeg's errors and warnings as they come, for debugging.
enum FFmpegLog {
    /// Installs the capturing log callback (once), and forgets what this thread logged before:
    /// called as each piece of FFmpeg work starts.
    static func quiet() {
        _ = installed
        forget()
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
            if level <= AV_LOG_ERROR { FFmpegLog.add(text) }
        }
    }()

    /// The first error line logged on each thread since its last successful call, built up from
    /// the pieces FFmpeg logs it in (a line ends at its newline), by thread.
    private static let lines = Mutex([UInt: (line: String, complete: Bool)]())
    /// How many threads have a line kept: what a successful call checks first, so that it takes
    /// the lock only in the rare case that something was logged.
    private static let kept = Atomic<Int>(0)

    /// The most threads with a line kept; FFmpeg's worker threads come and go without taking theirs.
    private static let mostThreads = 256

    /// The calling thread.
    private static var thread: UInt {
        #if canImport(Glibc)
        UInt(pthread_self())
        #else
        UInt(bitPattern: pthread_self())
        #endif
    }

    private static func add(_ piece: String) {
        let thread = thread
        lines.withLock { lines in
            if lines[thread] == nil && lines.count >= mostThreads { return }
            var entry = lines[thread] ?? ("", false)
            guard !entry.complete else { return }
            if lines[thread] == nil { kept.add(1, ordering: .relaxed) }
            entry.line += piece
            entry.complete = entry.line.hasSuffix("\n")
            lines[thread] = entry
        }
    }

    /// Forgets what this thread logged: its FFmpeg call succeeded, or new work starts.
    static func forget() {
        guard kept.load(ordering: .relaxed) > 0 else { return }
        _ = take()
    }

    /// This thread's kept line, removed.
    private static func take() -> (line: String, complete: Bool)? {
        let thread = thread
        return lines.withLock { lines in
            let entry = lines.removeValue(forKey: thread)
            if entry != nil { kept.subtract(1, ordering: .relaxed) }
            return entry
        }
    }

    /// The first error FFmpeg logged on this thread since its last successful call, and forgets it.
    static func takeFirstError() -> String? {
        guard let line = take()?.line else { return nil }
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
