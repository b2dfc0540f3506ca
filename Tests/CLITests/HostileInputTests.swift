import Foundation
import XCTest

/// The hostile-input corpus (`Hostile/cases.json`): bad files, special files, absurd sizes and
/// values, each run in a fresh folder with its expected exit status and message. Every failure
/// is one line from animvid (no FFmpeg log line, Foundation error dump or trace), and every case
/// ends within a time limit (a FIFO that blocked would fail it, not hang the tests).
final class HostileInputTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Hostile")

    /// One case of the corpus.
    struct Case: Decodable {
        /// A file made by repeating a piece of text between a prefix and a suffix.
        struct Generated: Decodable {
            var prefix: String
            var `repeat`: String
            var count: Int
            var suffix: String
        }

        var what: String
        var files: [String: String]?
        var generated: [String: Generated]?
        var fixtures: [String: String]?
        var fifos: [String]?
        var folders: [String]?
        /// Symbolic links: name → what it points to.
        var links: [String: String]?
        /// A shell command run before animvid (`ulimit -v …`).
        var shell: String?
        var run: [String]
        var exit: Int32
        var message: String?
        var present: [String]?
        var absent: [String]?
    }

    func testEveryCaseExitsAsExpectedWithOneLine() throws {
        let cases = try JSONDecoder().decode([Case].self, from: Data(contentsOf: Self.corpus.appendingPathComponent("cases.json")))
        XCTAssertGreaterThan(cases.count, 30)
        for item in cases {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-hostile-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try setUp(item, in: folder)
            let result = try CLIRunner(folder: folder).run(item.run, shell: item.shell, timeout: 60)
            let context = "\(item.what): animvid \(item.run.map { $0.count > 60 ? String($0.prefix(20)) + "…" : $0 }.joined(separator: " "))\n\(result.err)"
            XCTAssertEqual(result.status, item.exit, context)
            if let message = item.message { XCTAssertTrue(result.err.contains(message), "expected “\(message)”: " + context) }
            if item.exit != 0 {
                let lines = result.err.split(separator: "\n").filter { !$0.hasPrefix("warning: ") }
                XCTAssertEqual(lines.count, 1, "one line: " + context)
                for foreign in [" @ 0x", "Error Domain=", "NSCocoaErrorDomain", "Fatal error", "Stack dump"] {
                    XCTAssertFalse(result.err.contains(foreign), context)
                }
            }
            for name in item.present ?? [] { XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(name) kept: " + context) }
            for name in item.absent ?? [] { XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "no \(name): " + context) }
        }
    }

    private func setUp(_ item: Case, in folder: URL) throws {
        for name in item.folders ?? [] { try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true) }
        for (name, text) in item.files ?? [:] { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        for (name, recipe) in item.generated ?? [:] {
            var data = Data(recipe.prefix.utf8)
            let piece = Data(recipe.repeat.utf8)
            data.reserveCapacity(data.count + piece.count * recipe.count + recipe.suffix.utf8.count)
            for _ in 0..<recipe.count { data.append(piece) }
            data.append(Data(recipe.suffix.utf8))
            try data.write(to: folder.appendingPathComponent(name))
        }
        for (name, fixture) in item.fixtures ?? [:] {
            try FileManager.default.copyItem(at: Self.corpus.appendingPathComponent(fixture), to: folder.appendingPathComponent(name))
        }
        for name in item.fifos ?? [] { XCTAssertEqual(mkfifo(folder.appendingPathComponent(name).path, 0o644), 0) }
        for (name, target) in item.links ?? [:] {
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(name).path, withDestinationPath: target)
        }
    }
}

extension HostileInputTests {
    /// 8192x8192 frames (256 MiB each): the frames rendered ahead of the encoder stay within
    /// 512 MiB (two here) instead of eight. The raw frames go to a pipe this test leaves unread
    /// for a while, so the encoder stalls and the renderers run as far ahead as they may: with
    /// the bound the process stays under 1.3 GB, without it (six frames at once) it reached 1.6 GB.
    /// The peak is that process's own, read when the test reaps it (wait4), so no other child of
    /// the test run can hide or cause a failure.
    func testAHugeFrameSizeHoldsFewFramesInFlight() throws {
        var pipe: [Int32] = [0, 0]
        XCTAssertEqual(Glibc.pipe(&pipe), 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [CLIRunner.binary, "encode", "--scene", "loader", "--size", "8192x8192", "--frames", "0-5", "--threads", "2", "-q", "-"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        XCTAssertEqual(posix_spawn(&pid, CLIRunner.binary, &actions, nil, &argv, environ), 0)
        close(pipe[1])
        // Read nothing until the renderers have gone as far ahead as they may: the encode is
        // then blocked (on the full pipe and the full queue) and uses no processor time.
        XCTAssertTrue(waitUntilIdle(pid), "the encode never stalled")
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while read(pipe[0], &chunk, chunk.count) > 0 {}
        close(pipe[0])
        var status: Int32 = 0
        var usage = rusage()
        XCTAssertEqual(wait4(pid, &status, 0, &usage), pid)
        XCTAssertEqual(status, 0, "exit status")
        XCTAssertLessThan(usage.ru_maxrss, 1_300_000, "peak KiB of the encode")
    }

    /// Waits until process `pid` has used processor time and then uses none between two looks
    /// at /proc 0.2 s apart (every thread blocked); false when it ends first or after a minute.
    private func waitUntilIdle(_ pid: pid_t) -> Bool {
        func cpuTicks() -> Int? {
            // Fields 14 and 15 of /proc/PID/stat (after the parenthesised name): user and system time.
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]), fields[0] != "Z" else { return nil }
            return user + system
        }
        var last = -1
        for _ in 0..<300 {
            guard let ticks = cpuTicks() else { return false }
            if ticks > 0 && ticks == last { return true }
            last = ticks
            usleep(200_000)
        }
        return false
    }
}
