import CFFmpeg
import Dispatch
import Foundation
@testable import Media
import Synchronization
import XCTest

/// FFmpeg's explanation of a failure is the failing thread's own: encoders running at once in
/// one process (a preset's several outputs) never report each other's errors.
final class FFmpegLogTests: XCTestCase {
    /// Logs `text` as FFmpeg does, on the calling thread.
    private static func logError(_ text: String) {
        withVaList([]) { av_vlog(nil, AV_LOG_ERROR, text, $0) }
    }

    func testAFailureReportsItsOwnThreadsError() {
        FFmpegLog.quiet()
        let messages = Mutex([String: String]())
        let logged = DispatchSemaphore(value: 0), failed = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        // A logs its error first; B then fails with none of its own; A fails last.
        Thread {
            Self.logError("the first encoder broke\n")
            logged.signal()
            failed.wait()
            let message = MediaError("cannot encode a", code: -EINVAL).message
            messages.withLock { $0["a"] = message }
            done.signal()
        }.start()
        Thread {
            logged.wait()
            let message = MediaError("cannot encode b", code: -EINVAL).message
            messages.withLock { $0["b"] = message }
            failed.signal()
            done.signal()
        }.start()
        done.wait()
        done.wait()
        messages.withLock { messages in
            XCTAssertEqual(messages["a"], "cannot encode a: Invalid argument (the first encoder broke)")
            XCTAssertEqual(messages["b"], "cannot encode b: Invalid argument")
        }
    }

    func testASuccessfulCallForgetsEarlierLines() throws {
        FFmpegLog.quiet()
        Self.logError("a line a retried call left\n")
        XCTAssertNoThrow(try check(0, "a call that worked"))
        XCTAssertEqual(MediaError("a later call", code: -EINVAL).message, "a later call: Invalid argument")
        Self.logError("pieces of ")
        Self.logError("one line\n")
        Self.logError("a second line\n")
        XCTAssertThrowsError(try check(-EINVAL, "the call")) { error in
            XCTAssertEqual("\(error)", "the call: Invalid argument (pieces of one line)")
        }
    }
}
