import Foundation
import XCTest

/// Restartable sessions as a user meets them: stop an encode in every way, run the same command
/// again, and get the frames an uninterrupted run gives.
final class SessionTests: XCTestCase {
    var folder: URL!
    var cli: CLIRunner { CLIRunner(folder: folder) }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-sessions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// 3 s of dot-grid at 160x90 in 0.5 s segments (15 frames each, 6 segments).
    func encodeArguments(_ output: String, _ extra: [String] = []) -> [String] {
        ["encode", "--scene", "dot-grid", "--seconds", "3", "--size", "160x90", "--scale", "0.25",
         "--segment-seconds", "0.5", "--progress", "none"] + extra + [output]
    }

    func journal(_ output: String) -> [String: Any]? {
        let path = folder.appendingPathComponent("." + output + ".animvid/journal.json").path
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    }

    func journaledSegments(_ output: String) -> Int {
        (journal(output)?["segments"] as? [Any])?.count ?? 0
    }

    /// Whether the next segment after `segments` is being written in `output`'s work folder.
    func segmentInFlight(_ output: String, after segments: Int) -> Bool {
        let work = folder.appendingPathComponent("." + output + ".animvid").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: work)) ?? []
        return names.contains { $0.hasPrefix(String(format: ".segment-%05d.", segments)) && $0.contains(".partial-") }
    }

    /// Starts an encode and sends `signal` once `segments` segments are journaled (and, with
    /// `inSegment`, once the next one is being written); returns its exit status and standard
    /// error. It waits on the work folder, not on the clock (the deadline only ends a stuck run).
    func interrupt(_ arguments: [String], output: String, afterSegments segments: Int, inSegment: Bool = false,
                   signal: Int32) throws -> (Int32, String) {
        let (process, err) = try cli.start(arguments)
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && journaledSegments(output) < segments && Date() < deadline { usleep(2_000) }
        while inSegment && process.isRunning && !segmentInFlight(output, after: segments) && Date() < deadline { usleep(500) }
        if process.isRunning { kill(process.processIdentifier, signal) }
        let text = String(decoding: err.wait(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    func testSIGINTKeepsTheFinishedSegmentsAndResumes() throws {
        XCTAssertEqual(try cli.run(encodeArguments("whole.mp4")).status, 0)
        let (status, err) = try interrupt(encodeArguments("cut.mp4"), output: "cut.mp4", afterSegments: 2, signal: SIGINT)
        XCTAssertEqual(status, 130, err)
        XCTAssertTrue(err.contains("interrupted: "), err)
        XCTAssertTrue(err.contains("frames kept; run the same command to resume"), err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("cut.mp4").path))
        let sessions = try cli.run(["sessions"])
        XCTAssertTrue(sessions.out.contains("cut.mp4"), sessions.out)
        let resumed = try cli.run(encodeArguments("cut.mp4"))
        XCTAssertEqual(resumed.status, 0, resumed.err)
        XCTAssertTrue(resumed.err.contains("resuming: "), resumed.err)
        XCTAssertEqual(try cli.frameHashes("cut.mp4"), try cli.frameHashes("whole.mp4"))
        XCTAssertNil(journal("cut.mp4"), "the session folder is gone once the output is complete")
    }

    func testSIGTERMExits143() throws {
        let (status, err) = try interrupt(encodeArguments("term.mp4"), output: "term.mp4", afterSegments: 1, signal: SIGTERM)
        XCTAssertEqual(status, 143, err)
    }

    /// SIGKILL inside a segment, between segments and near the end: each resume loses at most the
    /// segment in flight, and the final frames equal the uninterrupted run's.
    func testSIGKILLAtSeveralPointsLosesNothingJournaled() throws {
        XCTAssertEqual(try cli.run(encodeArguments("whole.mp4")).status, 0)
        var kept = 0
        var finished = false
        for (number, (segments, inSegment)) in [(1, false), (3, true), (6, false)].enumerated() {
            let (status, err) = try interrupt(encodeArguments("killed.mp4"), output: "killed.mp4", afterSegments: segments,
                                              inSegment: inSegment, signal: SIGKILL)
            // Every run after a kill resumes from what was journaled.
            if kept > 0 { XCTAssertTrue(err.contains("resuming: \(kept) of 90 frames"), err) }
            // A resumed run can finish before its kill arrives (the last case kills while segments
            // are joined); the first must not.
            if status == 0 {
                XCTAssertGreaterThan(number, 0, "the first run finished before it was killed")
                finished = true
                break
            }
            let journaled = journaledSegments("killed.mp4")
            XCTAssertGreaterThanOrEqual(journaled * 15, kept, "nothing journaled is lost")
            kept = journaled * 15
        }
        if !finished {
            let resumed = try cli.run(encodeArguments("killed.mp4"))
            XCTAssertEqual(resumed.status, 0, resumed.err)
            if kept > 0 { XCTAssertTrue(resumed.err.contains("resuming: \(kept) of 90 frames"), resumed.err) }
        }
        XCTAssertEqual(try cli.frameHashes("killed.mp4"), try cli.frameHashes("whole.mp4"))
    }

    func testTornJournalAndSegmentAreRecovered() throws {
        XCTAssertEqual(try cli.run(encodeArguments("whole.mp4")).status, 0)
        _ = try interrupt(encodeArguments("torn.mp4"), output: "torn.mp4", afterSegments: 3, signal: SIGKILL)
        let session = folder.appendingPathComponent(".torn.mp4.animvid")
        // A damaged segment is found by its checksum and encoded again.
        let segment = session.appendingPathComponent("segment-00001.mp4")
        let handle = try FileHandle(forWritingTo: segment)
        try handle.truncate(atOffset: 100)
        try handle.close()
        let repaired = try cli.run(encodeArguments("torn.mp4"))
        XCTAssertEqual(repaired.status, 0, repaired.err)
        XCTAssertEqual(try cli.frameHashes("torn.mp4"), try cli.frameHashes("whole.mp4"))
        // A journal that cannot be read starts the session afresh.
        _ = try interrupt(encodeArguments("torn2.mp4"), output: "torn2.mp4", afterSegments: 2, signal: SIGKILL)
        try Data("{\"key\": \"trunc".utf8).write(to: folder.appendingPathComponent(".torn2.mp4.animvid/journal.json"))
        let fresh = try cli.run(encodeArguments("torn2.mp4"))
        XCTAssertEqual(fresh.status, 0, fresh.err)
        XCTAssertTrue(fresh.err.contains("unreadable; starting a fresh session"), fresh.err)
        XCTAssertEqual(try cli.frameHashes("torn2.mp4"), try cli.frameHashes("whole.mp4"))
    }

    func testAChangedCommandStartsFreshAndSaysWhy() throws {
        _ = try interrupt(encodeArguments("changed.mp4"), output: "changed.mp4", afterSegments: 2, signal: SIGKILL)
        let changed = try cli.run(encodeArguments("changed.mp4", ["--crf", "30"]))
        XCTAssertEqual(changed.status, 0, changed.err)
        XCTAssertTrue(changed.err.contains("the settings changed (crf); starting a fresh session"), changed.err)
        XCTAssertFalse(changed.err.contains("resuming"))
    }

    func testASecondRunOnTheSameOutputIsRefused() throws {
        let first = Process()
        first.executableURL = URL(fileURLWithPath: CLITests.binary)
        first.arguments = encodeArguments("busy.mp4", ["--seconds", "20"])
        first.currentDirectoryURL = folder
        first.standardError = FileHandle.nullDevice
        try first.run()
        defer {
            first.interrupt()
            first.waitUntilExit()
        }
        let deadline = Date().addingTimeInterval(30)
        while journal("busy.mp4") == nil && Date() < deadline { usleep(2_000) }
        let second = try cli.run(encodeArguments("busy.mp4", ["--seconds", "20"]))
        XCTAssertEqual(second.status, 1)
        XCTAssertTrue(second.err.contains("another animvid (process \(first.processIdentifier))"), second.err)
    }

    /// A lock is the kernel's and dies with its process: a lock file naming a live process that
    /// does not hold it (a process number reused after a reboot) does not block the resume, and
    /// --fresh is not remembered, so `resume` resumes instead of starting over.
    func testResumeAfterKillIgnoresALeftoverLockAndForgetsFresh() throws {
        XCTAssertEqual(try cli.run(encodeArguments("whole-lock.mp4")).status, 0)
        _ = try interrupt(encodeArguments("lock.mp4", ["--fresh"]), output: "lock.mp4", afterSegments: 2, signal: SIGKILL)
        try "\(getpid())\n".write(to: folder.appendingPathComponent(".lock.mp4.animvid/lock"), atomically: false, encoding: .utf8)
        let resumed = try cli.run(["resume", "lock.mp4"])
        XCTAssertEqual(resumed.status, 0, resumed.err)
        XCTAssertTrue(resumed.err.contains("resuming: "), resumed.err)
        XCTAssertEqual(try cli.frameHashes("lock.mp4"), try cli.frameHashes("whole-lock.mp4"))
    }

    /// An image knob is part of the session's identity by its pixels: editing the file in place
    /// between runs starts afresh instead of mixing old and new frames.
    func testAnEditedImageStartsFresh() throws {
        XCTAssertEqual(try cli.run(["still", "--scene", "loader", "--size", "32x32", "--scale", "0.5", "tile.png"]).status, 0)
        let arguments = ["encode", "--scene", "marquee", "--param", "image=tile.png", "--seconds", "3", "--size", "160x90",
                         "--scale", "0.25", "--segment-seconds", "0.5", "--progress", "none", "tiles.mp4"]
        _ = try interrupt(arguments, output: "tiles.mp4", afterSegments: 2, signal: SIGKILL)
        XCTAssertEqual(try cli.run(["still", "--scene", "three-dots", "--size", "32x32", "--scale", "0.5", "-y", "tile.png"]).status, 0)
        let rerun = try cli.run(arguments)
        XCTAssertEqual(rerun.status, 0, rerun.err)
        XCTAssertTrue(rerun.err.contains("the settings changed (pixels of image); starting a fresh session"), rerun.err)
    }

    /// A video a knob names is part of the identity by its size, date and ends: another recording
    /// put in its place between runs starts afresh instead of joining old footage to new.
    func testAReplacedVideoStartsFresh() throws {
        func recording(_ colour: String) throws {
            _ = try cli.tool("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=\(colour):s=64x36:r=10:d=3", "-c:v", "libx264",
                                        folder.appendingPathComponent("rec.mp4").path])
        }
        try recording("red")
        try Data(##"{"parameters": {"rec": {"type": "video", "default": ""}}, "layers": [{"frame": [0, 0, 100, 100], "video": "$rec"}]}"##.utf8)
            .write(to: folder.appendingPathComponent("v.json"))
        let arguments = ["encode", "--scene-file", "v.json", "--param", "rec=rec.mp4", "--seconds", "3", "--size", "160x90", "--scale", "0.25",
                         "--segment-seconds", "0.5", "--progress", "none", "video.mp4"]
        _ = try interrupt(arguments, output: "video.mp4", afterSegments: 2, signal: SIGKILL)
        try recording("blue")
        let rerun = try cli.run(arguments)
        XCTAssertEqual(rerun.status, 0, rerun.err)
        XCTAssertTrue(rerun.err.contains("(video of rec); starting a fresh session"), rerun.err)
    }

    /// A shot's own scene file is part of the identity too: editing it between runs starts afresh.
    func testAnEditedShotFileStartsFresh() throws {
        let inner = ##"{"name": "inner", "layers": [{"type": "shape", "path": {"rect": [0, 0, 50, 50]}, "fillColor": "#00FF00"}]}"##
        try Data(inner.utf8).write(to: folder.appendingPathComponent("inner.json"))
        try Data(##"{"name": "outer", "layers": [{"type": "scene", "scene": "inner.json", "frame": [20, 20, 100, 100]}]}"##.utf8)
            .write(to: folder.appendingPathComponent("outer.json"))
        let arguments = ["encode", "--scene-file", "outer.json", "--seconds", "3", "--size", "160x90", "--scale", "0.25",
                         "--segment-seconds", "0.5", "--progress", "none", "shots.mp4"]
        _ = try interrupt(arguments, output: "shots.mp4", afterSegments: 2, signal: SIGKILL)
        try Data(inner.replacingOccurrences(of: "#00FF00", with: "#0000FF").utf8).write(to: folder.appendingPathComponent("inner.json"))
        let rerun = try cli.run(arguments)
        XCTAssertEqual(rerun.status, 0, rerun.err)
        XCTAssertTrue(rerun.err.contains("inner.json); starting a fresh session"), rerun.err)
    }

    /// A stopped encode with a soundtrack resumes like one without: the audio, encoded once when
    /// the segments are joined, decodes to the samples of an uninterrupted encode's (and of a
    /// one-piece encode's), and the whole file to the same frames.
    func testAResumedEncodeKeepsItsSoundtrack() throws {
        _ = try cli.tool("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=523:duration=3", folder.appendingPathComponent("tone.wav").path])
        let arguments = ["encode", "--scene", "loader", "--seconds", "3", "--size", "160x90", "--scale", "0.25", "--segment-seconds", "0.5",
                         "--progress", "none", "--audio", "tone.wav", "--audio-fade-out", "1"]
        _ = try interrupt(arguments + ["sound.mp4"], output: "sound.mp4", afterSegments: 2, signal: SIGKILL)
        let resumed = try cli.run(arguments + ["sound.mp4"])
        XCTAssertEqual(resumed.status, 0, resumed.err)
        XCTAssertTrue(resumed.err.contains("resuming: "), resumed.err)
        XCTAssertEqual(try cli.run(arguments + ["whole.mp4"]).status, 0)
        XCTAssertEqual(try cli.run(arguments + ["--no-session", "piece.mp4"]).status, 0)
        func audio(_ file: String) throws -> String {
            try cli.tool("ffmpeg", ["-v", "error", "-i", folder.appendingPathComponent(file).path, "-map", "0:a", "-f", "md5", "-"])
        }
        XCTAssertEqual(try audio("sound.mp4"), try audio("whole.mp4"))
        XCTAssertEqual(try audio("sound.mp4"), try audio("piece.mp4"), "the audio does not depend on the segments")
        XCTAssertEqual(try cli.frameHashes("sound.mp4"), try cli.frameHashes("whole.mp4"))
    }

    /// A full disk (a file-size limit) keeps the session; with room again, the same command finishes.
    func testFullDiskKeepsTheSession() throws {
        XCTAssertEqual(try cli.run(encodeArguments("whole.mp4")).status, 0)
        let full = try cli.run(encodeArguments("disk.mp4"), shell: "ulimit -f 12")
        XCTAssertEqual(full.status, 1, full.err)
        XCTAssertTrue(full.err.contains("run the same command to resume"), full.err)
        XCTAssertNotNil(journal("disk.mp4"))
        let resumed = try cli.run(encodeArguments("disk.mp4"))
        XCTAssertEqual(resumed.status, 0, resumed.err)
        XCTAssertEqual(try cli.frameHashes("disk.mp4"), try cli.frameHashes("whole.mp4"))
    }

    /// Every format resumes to the frames of an uninterrupted run (a GIF makes its palette when
    /// its lossless segments are joined).
    func testEveryFormatResumes() throws {
        for (name, decoder) in [("f.webm", ["-c:v", "libvpx-vp9"]), ("f.mov", []), ("f.mkv", []), ("f.gif", []), ("f.rgba", [])] {
            let options = name.hasSuffix(".mp4") ? [] : ["--background", "transparent"]
            XCTAssertEqual(try cli.run(encodeArguments("whole-" + name, options)).status, 0, name)
            _ = try interrupt(encodeArguments(name, options), output: name, afterSegments: 2, signal: SIGKILL)
            let resumed = try cli.run(encodeArguments(name, options))
            XCTAssertEqual(resumed.status, 0, "\(name): \(resumed.err)")
            if name.hasSuffix(".rgba") {
                XCTAssertEqual(FileManager.default.contents(atPath: folder.appendingPathComponent(name).path),
                               FileManager.default.contents(atPath: folder.appendingPathComponent("whole-" + name).path), name)
            } else {
                XCTAssertEqual(try cli.frameHashes(name, decoder: decoder), try cli.frameHashes("whole-" + name, decoder: decoder), name)
            }
        }
    }

    func testAbandonAndResumeCommands() throws {
        _ = try interrupt(encodeArguments("gone.mp4"), output: "gone.mp4", afterSegments: 2, signal: SIGKILL)
        let resumed = try cli.run(["resume", "gone.mp4"])
        XCTAssertEqual(resumed.status, 0, resumed.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("gone.mp4").path))
        _ = try interrupt(encodeArguments("gone2.mp4"), output: "gone2.mp4", afterSegments: 2, signal: SIGKILL)
        let abandoned = try cli.run(["abandon", "gone2.mp4"])
        XCTAssertEqual(abandoned.status, 0, abandoned.err)
        XCTAssertNil(journal("gone2.mp4"))
        XCTAssertEqual(try cli.run(["resume", "gone2.mp4"]).status, 2)
        XCTAssertEqual(try cli.run(["abandon", "gone2.mp4"]).status, 2, "nothing left to abandon")
    }

    /// Rewrites the encode request in the journal of `output`'s session with `change`.
    func editJournal(_ output: String, _ change: (inout [String: Any]) -> Void) throws {
        let path = folder.appendingPathComponent("." + output + ".animvid/journal.json")
        var journal = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any])
        let text = try XCTUnwrap(journal["request"] as? String)
        var request = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        change(&request)
        journal["request"] = String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self)
        try JSONSerialization.data(withJSONObject: journal).write(to: path)
    }

    /// The journal is data animvid checks: a request that names another file, another folder,
    /// standard output or -y makes resume refuse, and the user's files stay as they were.
    func testResumeWritesOnlyItsOwnOutput() throws {
        let other = folder.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        for name in ["keep.mp4", "other/keep.mp4", "o.mp4.txt"] { try Data("mine".utf8).write(to: folder.appendingPathComponent(name)) }
        _ = try interrupt(encodeArguments("o.mp4"), output: "o.mp4", afterSegments: 2, signal: SIGKILL)
        func overwriting(_ request: inout [String: Any]) {
            var run = request["run"] as? [String: Any] ?? [:]
            run["overwrite"] = true
            request["run"] = run
        }
        for target in ["keep.mp4", other.appendingPathComponent("keep.mp4").path, "-"] {
            try editJournal("o.mp4") {
                overwriting(&$0)
                $0["file"] = target
            }
            let resumed = try cli.run(["resume", "o.mp4"])
            XCTAssertEqual(resumed.status, 2, resumed.err)
            XCTAssertTrue(resumed.err.contains("resume: the session journal names the output"), resumed.err)
            XCTAssertTrue(resumed.err.contains("animvid resumes only the output it is given"), resumed.err)
        }
        // A preset whose output is another file is refused the same way.
        try Data(#"{"scene": "dot-grid", "size": "160x90", "seconds": 3, "outputs": [{"file": "keep.mp4"}]}"#.utf8)
            .write(to: folder.appendingPathComponent("p.json"))
        try editJournal("o.mp4") {
            $0["preset"] = ["path": "p.json", "overrides": [String]()]
            $0["file"] = nil
        }
        XCTAssertEqual(try cli.run(["resume", "o.mp4"]).status, 2)
        for name in ["keep.mp4", "other/keep.mp4", "o.mp4.txt"] {
            XCTAssertEqual(FileManager.default.contents(atPath: folder.appendingPathComponent(name).path), Data("mine".utf8), name)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("o.mp4").path))
        // -y in the journal does not replace a file the user put at the output; -y given to resume does.
        try editJournal("o.mp4") {
            $0["preset"] = nil
            $0["file"] = "o.mp4"
        }
        try Data("mine".utf8).write(to: folder.appendingPathComponent("o.mp4"))
        let refused = try cli.run(["resume", "o.mp4"])
        XCTAssertEqual(refused.status, 2, refused.err)
        XCTAssertTrue(refused.err.contains("o.mp4 already exists; pass -y"), refused.err)
        XCTAssertEqual(FileManager.default.contents(atPath: folder.appendingPathComponent("o.mp4").path), Data("mine".utf8))
        let replaced = try cli.run(["resume", "-y", "o.mp4"])
        XCTAssertEqual(replaced.status, 0, replaced.err)
        XCTAssertTrue(replaced.err.contains("resuming: "), replaced.err)
        XCTAssertEqual(try cli.run(encodeArguments("whole.mp4")).status, 0)
        XCTAssertEqual(try cli.frameHashes("o.mp4"), try cli.frameHashes("whole.mp4"))
    }

    /// What a kill between moving the output into place and removing the work folder leaves:
    /// the finished output, and its work folder (journal, segments, the record of the finished
    /// file) still listed by `sessions`. Made here from a killed session of `f.mp4` and a whole
    /// run of the same clip to another name moved onto `f.mp4` (a move keeps the file's inode),
    /// with the record the session writes before its own move. `sessions` calls it finished, and
    /// the same command and `resume` clean up and exit 0.
    func testAnOutputFinishedJustBeforeAKillIsRecognised() throws {
        let work = folder.appendingPathComponent(".f.mp4.animvid")
        for command in [encodeArguments("f.mp4"), ["resume", "f.mp4"]] {
            _ = try interrupt(encodeArguments("f.mp4"), output: "f.mp4", afterSegments: 2, signal: SIGKILL)
            XCTAssertEqual(try cli.run(encodeArguments("g.mp4")).status, 0)
            let hashes = try cli.frameHashes("g.mp4")
            XCTAssertEqual(rename(folder.appendingPathComponent("g.mp4").path, folder.appendingPathComponent("f.mp4").path), 0)
            var status = stat()
            XCTAssertEqual(lstat(folder.appendingPathComponent("f.mp4").path, &status), 0)
            let key = try XCTUnwrap(journal("f.mp4")?["key"] as? String)
            let record: [String: Any] = ["key": key, "device": UInt64(status.st_dev), "inode": UInt64(status.st_ino), "bytes": Int64(status.st_size)]
            try JSONSerialization.data(withJSONObject: record).write(to: work.appendingPathComponent("finished.json"))
            let sessions = try cli.run(["sessions"])
            XCTAssertTrue(sessions.out.contains("f.mp4  finished"), sessions.out)
            let again = try cli.run(command)
            XCTAssertEqual(again.status, 0, "\(command): \(again.err)")
            XCTAssertTrue(again.err.contains("f.mp4 was finished by an earlier run; its work folder is removed"), again.err)
            XCTAssertFalse(FileManager.default.fileExists(atPath: work.path))
            XCTAssertFalse(try cli.run(["sessions"]).out.contains("f.mp4"))
            XCTAssertEqual(try cli.frameHashes("f.mp4"), hashes)
            try FileManager.default.removeItem(at: folder.appendingPathComponent("f.mp4"))
        }
        let kept = folder.appendingPathComponent("kept-work")
        _ = try interrupt(encodeArguments("f.mp4"), output: "f.mp4", afterSegments: 2, signal: SIGKILL)
        try FileManager.default.copyItem(at: work, to: kept)
        XCTAssertEqual(try cli.run(encodeArguments("f.mp4")).status, 0)
        // Another file at the output, not the one recorded, is the user's: refused without -y.
        try? FileManager.default.removeItem(at: work)
        try FileManager.default.copyItem(at: kept, to: work)
        try Data(#"{"key": "k", "device": 1, "inode": 1, "bytes": 1}"#.utf8).write(to: work.appendingPathComponent("finished.json"))
        let refused = try cli.run(encodeArguments("f.mp4"))
        XCTAssertEqual(refused.status, 2, refused.err)
        XCTAssertTrue(refused.err.contains("already exists"), refused.err)
    }
}
