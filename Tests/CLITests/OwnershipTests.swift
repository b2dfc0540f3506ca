import Foundation
import XCTest

/// Files the user owns: animvid never replaces a file it did not write unless -y is given,
/// checked at the moment of replacing, in every mode; two writers of one output never run at
/// once; what a killed encode leaves is listed and swept.
final class OwnershipTests: XCTestCase {
    var folder: URL!
    var cli: CLIRunner { CLIRunner(folder: folder) }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-ownership-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Enough dot-grid frames (in 0.5 s segments) to stay busy for a few seconds.
    func encodeArguments(_ output: String, seconds: Int = 8, _ extra: [String] = []) -> [String] {
        ["encode", "--scene", "dot-grid", "--seconds", String(seconds), "--size", "320x180", "--segment-seconds", "0.5", "--progress", "none"]
            + extra + [output]
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// The names in an output's work folder.
    func workFiles(_ output: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: path("." + output + ".animvid"))) ?? []
    }

    /// Waits until `condition` holds (at most 60 s).
    func wait(until condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(60)
        while !condition() && Date() < deadline { usleep(2_000) }
        XCTAssertTrue(condition(), "timed out")
    }

    /// A second writer of an output is refused by the output's lock, whichever mode each runs in.
    func testASecondWriterIsRefusedInEveryMode() throws {
        for (first, second) in [([], ["--no-session", "-y"]), (["--no-session"], ["--no-session", "-y"]), (["--no-session"], ["-y"])] {
            let (running, _) = try cli.start(encodeArguments("conc.mp4", first))
            wait { workFiles("conc.mp4").contains { $0.hasPrefix("segment-") || $0.hasPrefix("partial-") } }
            // Paused, so that it is surely still writing while the second tries.
            kill(running.processIdentifier, SIGSTOP)
            let refused = try cli.run(encodeArguments("conc.mp4", seconds: 1, second))
            kill(running.processIdentifier, SIGCONT)
            XCTAssertEqual(refused.status, 1, "\(first) then \(second): \(refused.err)")
            XCTAssertTrue(refused.err.contains("another animvid (process \(running.processIdentifier)) is writing"), refused.err)
            running.waitUntilExit()
            XCTAssertEqual(running.terminationStatus, 0)
            try FileManager.default.removeItem(atPath: path("conc.mp4"))
        }
    }

    /// A file the user puts at the output path while an encode runs without -y is kept; the
    /// encode fails and says so, keeping its session, which -y then finishes.
    func testAFileThatAppearsDuringAnEncodeIsKept() throws {
        for (mode, name) in [([String](), "race.mp4"), (["--no-session"], "race-one.mp4")] {
            let (running, err) = try cli.start(encodeArguments(name, mode))
            wait { workFiles(name).contains { $0.hasPrefix("segment-") || $0.hasPrefix("partial-") } }
            // Paused, so that the file surely appears before the encode finishes.
            kill(running.processIdentifier, SIGSTOP)
            try Data("mine".utf8).write(to: folder.appendingPathComponent(name))
            kill(running.processIdentifier, SIGCONT)
            running.waitUntilExit()
            let message = String(decoding: err.wait(), as: UTF8.self)
            XCTAssertEqual(running.terminationStatus, 1, message)
            XCTAssertTrue(message.contains("\(name) appeared while animvid was writing it and was left alone; pass -y or --overwrite"), message)
            XCTAssertEqual(try String(contentsOfFile: path(name), encoding: .utf8), "mine")
            if mode.isEmpty {
                XCTAssertTrue(message.contains("the finished part is kept"), message)
                let finished = try cli.run(encodeArguments(name, ["-y"]))
                XCTAssertEqual(finished.status, 0, finished.err)
                XCTAssertTrue(finished.err.contains("resuming: 240 of 240 frames"), finished.err)
            } else {
                XCTAssertEqual(workFiles(name), [], "an encode in one piece leaves nothing behind")
            }
        }
    }

    /// A killed session whose output path the user has since filled: the same command refuses
    /// the user's file; with -y it resumes.
    func testAUserFileAtAStoppedSessionsOutputIsRefused() throws {
        let (running, _) = try cli.start(encodeArguments("mine.mp4"))
        wait { workFiles("mine.mp4").contains("journal.json") && workFiles("mine.mp4").contains { $0.hasPrefix("segment-00001") } }
        kill(running.processIdentifier, SIGKILL)
        running.waitUntilExit()
        try Data("mine".utf8).write(to: folder.appendingPathComponent("mine.mp4"))
        let refused = try cli.run(encodeArguments("mine.mp4"))
        XCTAssertEqual(refused.status, 2, refused.err)
        XCTAssertTrue(refused.err.contains("mine.mp4 already exists; pass -y or --overwrite to replace it"), refused.err)
        XCTAssertEqual(try String(contentsOfFile: path("mine.mp4"), encoding: .utf8), "mine")
        let resumed = try cli.run(encodeArguments("mine.mp4", ["-y"]))
        XCTAssertEqual(resumed.status, 0, resumed.err)
        XCTAssertTrue(resumed.err.contains("resuming:"), resumed.err)
    }

    /// Only files animvid makes are deleted from a work folder: a file of the user's in it
    /// stays (and with it the folder) after an encode in one piece and after a session.
    func testAUsersFileInAWorkFolderIsKept() throws {
        for (name, mode) in [("k1.mp4", ["--no-session"]), ("k2.mp4", [])] {
            let work = folder.appendingPathComponent("." + name + ".animvid")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            try Data("mine".utf8).write(to: work.appendingPathComponent("notes.txt"))
            let result = try cli.run(encodeArguments(name, seconds: 1, mode))
            XCTAssertEqual(result.status, 0, result.err)
            XCTAssertEqual(workFiles(name), ["notes.txt"], "\(mode): only animvid's files are gone")
        }
    }

    /// What a killed preset with several outputs leaves (one work folder an output, with its
    /// partial file) is listed by `animvid sessions` and swept by the next run.
    func testPartialFilesOfAKilledPresetAreListedAndSwept() throws {
        let preset = #"{"scene": "dot-grid", "size": "320x180", "seconds": 8, "outputs": [{"file": "m1.mp4"}, {"file": "m2.webm"}, {"file": "m3.gif"}]}"#
        try Data(preset.utf8).write(to: folder.appendingPathComponent("three.json"))
        let outputs = ["m1.mp4", "m2.webm", "m3.gif"]
        let (running, _) = try cli.start(["encode", "--preset", "three.json", "--progress", "none"])
        wait { outputs.allSatisfy { workFiles($0).contains { $0.hasPrefix("partial-") } } }
        kill(running.processIdentifier, SIGKILL)
        running.waitUntilExit()
        let listed = try cli.run(["sessions"])
        for output in outputs {
            XCTAssertTrue(listed.out.contains("\(path(output))  "), listed.out)
        }
        XCTAssertTrue(listed.out.contains("KiB of partial files of a stopped encode in one piece: animvid abandon OUTPUT removes them"), listed.out)
        let abandoned = try cli.run(["abandon", "m3.gif"])
        XCTAssertEqual(abandoned.status, 0, abandoned.err)
        XCTAssertEqual(workFiles("m3.gif"), [])
        // The next run takes each output's lock and deletes the partial files it finds there.
        let again = try cli.run(["encode", "--preset", "three.json", "--progress", "none", "--seconds", "0.5"])
        XCTAssertEqual(again.status, 0, again.err)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(left, [], "nothing hidden is left beside the outputs")
        XCTAssertFalse(try cli.run(["sessions"]).out.contains(folder.path), "and nothing is listed")
    }
}
