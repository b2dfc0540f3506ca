import Foundation
import XCTest

/// Sharded encodes as a cluster runs them, here as local processes: shards started together,
/// killed and run again, started through GNU parallel, then joined; the joined output decodes
/// to the frames of an encode in one process.
final class ShardTests: XCTestCase {
    var folder: URL!
    var cli: CLIRunner { CLIRunner(folder: folder) }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-shards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// 3 s of dot-grid at 320x180 in 0.5 s segments: 90 frames, 6 segments of 15.
    func encodeArguments(_ output: String, _ extra: [String] = []) -> [String] {
        ["encode", "--scene", "dot-grid", "--seconds", "3", "--size", "320x180", "--segment-seconds", "0.5", "--threads", "1",
         "--progress", "none"] + extra + [output]
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path)
    }

    /// Runs `count` shards of `output` at once and waits for them; returns their exit statuses and messages.
    func runShards(_ output: String, count: Int, extra: [String] = []) throws -> [(Int32, String)] {
        let started = try (0..<count).map { try cli.start(encodeArguments(output, ["--shard", "\($0)/\(count)"] + extra)) }
        return started.map { process, err in
            let text = String(decoding: err.wait(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }
    }

    func testShardsAtOnceThenJoinGiveTheOneProcessFrames() throws {
        XCTAssertEqual(try cli.run(encodeArguments("whole.mp4")).status, 0)
        for (status, err) in try runShards("out.mp4", count: 3) {
            XCTAssertEqual(status, 0, err)
            XCTAssertTrue(err.contains("segments of out.mp4 are done"), err)
        }
        XCTAssertFalse(exists("out.mp4"), "the shards only encode segments")
        let sessions = try cli.run(["sessions"])
        XCTAssertTrue(sessions.out.contains("sharded: 90/90 frames; segments 6 done, 0 claimed, 0 left of 6"), sessions.out)
        let joined = try cli.run(["join", "out.mp4"])
        XCTAssertEqual(joined.status, 0, joined.err)
        XCTAssertTrue(joined.err.contains("wrote out.mp4"), joined.err)
        XCTAssertEqual(try cli.frameHashes("out.mp4"), try cli.frameHashes("whole.mp4"))
        XCTAssertFalse(exists(".out.mp4.animvid"), "the session folder goes with the join")
    }

    /// With --join the shard that finishes last joins, and only one does.
    func testTheLastShardJoins() throws {
        XCTAssertEqual(try cli.run(encodeArguments("whole.webm")).status, 0)
        let results = try runShards("out.webm", count: 2, extra: ["--join"])
        for (status, err) in results { XCTAssertEqual(status, 0, err) }
        XCTAssertEqual(results.filter { $0.1.contains("wrote out.webm") }.count, 1, results.map(\.1).joined(separator: "\n"))
        XCTAssertEqual(try cli.frameHashes("out.webm"), try cli.frameHashes("whole.webm"))
        XCTAssertFalse(exists(".out.webm.animvid"))
    }

    /// A shard killed inside a segment leaves its claim: the other shard leaves that segment
    /// alone, the join names it and its shard, and the killed shard run again redoes it.
    func testAKilledShardRedoesItsClaimAndJoinNamesWhatIsMissing() throws {
        XCTAssertEqual(try cli.run(encodeArguments("whole.mp4")).status, 0)
        let session = folder.appendingPathComponent(".out.mp4.animvid")
        // Shard 1 of 2 takes segments 3-5 first; it is killed once it holds segment 3.
        let (process, err) = try cli.start(encodeArguments("out.mp4", ["--shard", "1/2"]))
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && !FileManager.default.fileExists(atPath: session.appendingPathComponent("claim-00003").path)
            && Date() < deadline { usleep(1_000) }
        kill(process.processIdentifier, SIGKILL)
        _ = err.wait()
        process.waitUntilExit()
        XCTAssertFalse(FileManager.default.fileExists(atPath: session.appendingPathComponent("done-00005.json").path),
                       "shard 1 was killed before it finished its share")

        let other = try cli.run(encodeArguments("out.mp4", ["--shard", "0/2"]))
        XCTAssertEqual(other.status, 0, other.err)
        let early = try cli.run(["join", "out.mp4"])
        XCTAssertEqual(early.status, 1, early.err)
        XCTAssertTrue(early.err.contains("segment 3 (claimed by shard 1/2 on "), early.err)
        XCTAssertTrue(early.err.contains("run those shards (again), then animvid join out.mp4"), early.err)
        XCTAssertFalse(exists("out.mp4"))
        let sessions = try cli.run(["sessions"])
        XCTAssertTrue(sessions.out.contains("claims: shard 1/2 on "), sessions.out)

        let again = try cli.run(encodeArguments("out.mp4", ["--shard", "1/2", "--join"]))
        XCTAssertEqual(again.status, 0, again.err)
        XCTAssertTrue(again.err.contains("already encoded by the shards"), again.err)
        XCTAssertTrue(again.err.contains("wrote out.mp4"), again.err)
        XCTAssertEqual(try cli.frameHashes("out.mp4"), try cli.frameHashes("whole.mp4"))
    }

    /// Shards started by GNU parallel find their number in PARALLEL_SEQ.
    func testShardsThroughGNUParallel() throws {
        XCTAssertEqual(try cli.run(encodeArguments("whole.mp4")).status, 0)
        let output = folder.appendingPathComponent("out.mp4").path
        let command = ([CLIRunner.binary] + encodeArguments(output, ["--shard", "auto/3", "--join", "-q"])).joined(separator: " ")
        // -N0: three jobs that take no argument, numbered 1-3 in PARALLEL_SEQ.
        _ = try cli.tool("parallel", ["--will-cite", "-N0", "--jobs", "3", command, ":::", "1", "2", "3"])
        XCTAssertEqual(try cli.frameHashes("out.mp4"), try cli.frameHashes("whole.mp4"))
    }

    /// --shard auto reads Slurm's array task, Kubernetes' completion index and GNU parallel's
    /// job number; the shard shows in JSON progress.
    func testShardAutoReadsTheSchedulersEnvironment() throws {
        let slurm = try cli.run(encodeArguments("slurm.mp4", ["--shard", "auto", "--progress", "json"]),
                                shell: "export SLURM_ARRAY_TASK_ID=5 SLURM_ARRAY_TASK_MIN=4 SLURM_ARRAY_TASK_MAX=5")
        XCTAssertEqual(slurm.status, 0, slurm.err)
        XCTAssertTrue(slurm.err.contains("\"shard\":1,\"shards\":2"), slurm.err)
        XCTAssertTrue(slurm.err.contains("shard 1/2: encoded"), slurm.err)
        let kubernetes = try cli.run(encodeArguments("k8s.mp4", ["--shard", "auto/4"]), shell: "export JOB_COMPLETION_INDEX=3")
        XCTAssertEqual(kubernetes.status, 0, kubernetes.err)
        XCTAssertTrue(kubernetes.err.contains("shard 3/4: encoded"), kubernetes.err)
        let noCount = try cli.run(encodeArguments("k8s2.mp4", ["--shard", "auto"]), shell: "export JOB_COMPLETION_INDEX=3")
        XCTAssertEqual(noCount.status, 2)
        XCTAssertTrue(noCount.err.contains("JOB_COMPLETION_INDEX gives the index but not the count: use --shard auto/N"), noCount.err)
        let outside = try cli.run(encodeArguments("p.mp4", ["--shard", "auto/2"]), shell: "export PARALLEL_SEQ=3")
        XCTAssertEqual(outside.status, 2)
        XCTAssertTrue(outside.err.contains("PARALLEL_SEQ gives index 2, outside 0-1"), outside.err)
        let none = try cli.run(encodeArguments("n.mp4", ["--shard", "auto"]), shell: "unset SLURM_ARRAY_TASK_ID JOB_COMPLETION_INDEX PARALLEL_SEQ")
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.err.contains("give the shard as I/N"), none.err)
    }

    /// Shards must agree on the encode; a session of one kind is not taken over by the other.
    func testShardsOfOneOutputAgreeAndSessionsDoNotMix() throws {
        XCTAssertEqual(try cli.run(encodeArguments("out.mp4", ["--shard", "0/2", "--frames", "0-29"])).status, 0)
        let changed = try cli.run(encodeArguments("out.mp4", ["--shard", "1/2", "--crf", "30"]))
        XCTAssertEqual(changed.status, 1)
        XCTAssertTrue(changed.err.contains("were started with other settings (crf, frames)"), changed.err)
        let onePiece = try cli.run(encodeArguments("out.mp4"))
        XCTAssertEqual(onePiece.status, 1)
        XCTAssertTrue(onePiece.err.contains("out.mp4 is being rendered in shards (--shard)"), onePiece.err)
        let resume = try cli.run(["resume", "out.mp4"])
        XCTAssertEqual(resume.status, 2)
        XCTAssertTrue(resume.err.contains("run the shard commands again, then animvid join out.mp4"), resume.err)
        XCTAssertEqual(try cli.run(["abandon", "out.mp4"]).status, 0)
        XCTAssertFalse(exists(".out.mp4.animvid"))

        XCTAssertEqual(try cli.run(["encode", "--scene", "dot-grid", "--seconds", "1", "--no-session", "--shard", "0/2", "x.mp4"]).status, 2)
        XCTAssertEqual(try cli.run(["encode", "--scene", "dot-grid", "--seconds", "1", "--shard", "2/2", "x.mp4"]).status, 2)
        XCTAssertEqual(try cli.run(["encode", "--scene", "dot-grid", "--seconds", "1", "--join", "x.mp4"]).status, 2)
        XCTAssertEqual(try cli.run(["encode", "--scene", "dot-grid", "--seconds", "1", "--shard", "0/2", "-"]).status, 2)
    }
}
