import Foundation
import XCTest

/// The recipes in deploy/ as far as this machine runs them: the Kubernetes manifests parse and
/// fit together, and the exact commands in them, run here with the index Kubernetes would set,
/// give the one-process frames; the GNU parallel scripts run shards and batches locally. (The
/// Slurm recipes run on a real Slurm cluster in make test-cluster.)
final class DeployRecipeTests: XCTestCase {
    static let deploy = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../deploy").standardized
    var folder: URL!
    var cli: CLIRunner { CLIRunner(folder: folder) }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-deploy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A Kubernetes manifest read with PyYAML (installed by make deps) as a JSON object.
    func manifest(_ name: String) throws -> [String: Any] {
        let path = Self.deploy.appendingPathComponent("kubernetes/\(name)").path
        let json = try cli.tool("/usr/bin/python3", ["-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))", path])
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], name)
    }

    /// The value at a path of keys and list indices in a parsed manifest.
    func value(_ object: Any, _ path: Any...) -> Any? {
        path.reduce(Optional(object)) { node, key in
            if let key = key as? String { return (node as? [String: Any])?[key] }
            guard let list = node as? [Any], let index = key as? Int, list.indices.contains(index) else { return nil }
            return list[index]
        }
    }

    /// The container's command line with the shared volume's mount point replaced by the test's folder.
    func commandLine(_ job: [String: Any], mountedAt mount: String) throws -> [String] {
        let container = try XCTUnwrap(value(job, "spec", "template", "spec", "containers", 0))
        let command = try XCTUnwrap(value(container, "command") as? [String]) + XCTUnwrap(value(container, "args") as? [String])
        XCTAssertEqual(command.first, "animvid")
        XCTAssertEqual(value(container, "workingDir") as? String, mount)
        return command.dropFirst().map { $0.hasPrefix(mount + "/") ? folder.path + $0.dropFirst(mount.count) : $0 }
    }

    func testKubernetesShardsAndJoinRunAsWritten() throws {
        let volume = try manifest("volume.yaml"), shards = try manifest("shards-job.yaml"), join = try manifest("join-job.yaml")
        XCTAssertEqual(volume["kind"] as? String, "PersistentVolumeClaim")
        XCTAssertEqual(value(volume, "spec", "accessModes", 0) as? String, "ReadWriteMany", "every pod mounts the volume")
        let claimName = try XCTUnwrap(value(volume, "metadata", "name") as? String)
        var mount = ""
        for job in [shards, join] {
            XCTAssertEqual(job["apiVersion"] as? String, "batch/v1")
            XCTAssertEqual(job["kind"] as? String, "Job")
            XCTAssertEqual(value(job, "spec", "template", "spec", "restartPolicy") as? String, "Never")
            XCTAssertEqual(value(job, "spec", "template", "spec", "volumes", 0, "persistentVolumeClaim", "claimName") as? String, claimName)
            let mounts = try XCTUnwrap(value(job, "spec", "template", "spec", "containers", 0, "volumeMounts", 0) as? [String: Any])
            XCTAssertEqual(mounts["name"] as? String, value(job, "spec", "template", "spec", "volumes", 0, "name") as? String)
            mount = try XCTUnwrap(mounts["mountPath"] as? String)
        }
        XCTAssertEqual(value(shards, "spec", "completionMode") as? String, "Indexed")
        let count = try XCTUnwrap(value(shards, "spec", "completions") as? Int)
        XCTAssertEqual(value(shards, "spec", "parallelism") as? Int, count)

        // The shards' command, once a pod, with the index Kubernetes gives each pod.
        let shardCommand = try commandLine(shards, mountedAt: mount)
        let shardOption = try XCTUnwrap(shardCommand.firstIndex(of: "--shard"))
        XCTAssertEqual(shardCommand[shardOption + 1], "auto/\(count)", "--shard auto/N with N the Job's completions")
        let pods = try (0..<count).map { try cli.start(shardCommand, environment: ["JOB_COMPLETION_INDEX": "\($0)"]) }
        for (index, (process, err)) in pods.enumerated() {
            let text = String(decoding: err.wait(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, text)
            XCTAssertTrue(text.contains("\"shard\":\(index),\"shards\":\(count)"), text)
        }
        let joined = try cli.run(try commandLine(join, mountedAt: mount))
        XCTAssertEqual(joined.status, 0, joined.err)
        let output = try XCTUnwrap(shardCommand.last)
        XCTAssertTrue(joined.err.contains("wrote \(output)"), joined.err)

        // The same encode in one process.
        var whole = Array(shardCommand[..<shardOption]) + shardCommand[(shardOption + 2)...]
        whole[whole.count - 1] = folder.appendingPathComponent("whole.mp4").path
        XCTAssertEqual(try cli.run(whole).status, 0)
        XCTAssertEqual(try cli.frameHashes(URL(fileURLWithPath: output).lastPathComponent), try cli.frameHashes("whole.mp4"))
    }

    /// Runs a script of deploy/ in the test's folder with ANIMVID naming the built binary.
    func script(_ name: String, _ arguments: [String]) throws -> String {
        try cli.tool("bash", ["-c", "cd \"$1\" && shift && ANIMVID=\"$1\" && shift && export ANIMVID && exec \"$@\"", "-",
                              folder.path, CLIRunner.binary, Self.deploy.appendingPathComponent(name).path] + arguments)
    }

    func testGNUParallelScriptsRunShardsAndBatches() throws {
        let clip = ["--scene", "dot-grid", "--seconds", "2", "--size", "160x90", "--segment-seconds", "0.5", "--threads", "1"]
        XCTAssertEqual(try cli.run(["encode"] + clip + ["--progress", "none", "whole.mp4"]).status, 0)
        _ = try script("parallel/encode.sh", ["3"] + clip + ["out put.mp4"])
        XCTAssertEqual(try cli.frameHashes("out put.mp4"), try cli.frameHashes("whole.mp4"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".out put.mp4.animvid").path))

        let preset = #"{"scene": "dot-grid", "size": "160x90", "fps": 30, "seconds": 1, "outputs": [{"file": "default.mp4"}]}"#
        try preset.write(to: folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
        let rows = "params.color,outputs.0.file\n" + (1...5).map { "#00\($0)0FF,clip-\($0).mp4\n" }.joined()
        try rows.write(to: folder.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let report = try script("parallel/batch.sh", ["2", "p.json", "rows.csv", "--threads", "1"])
        let lines = report.split(separator: "\n")
        XCTAssertEqual(lines.count, 5, report)
        XCTAssertEqual(lines.filter { $0.contains("\"status\":\"done\"") }.count, 5, report)
        for row in 1...5 {
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("clip-\(row).mp4").path))
        }
        let again = try script("parallel/batch.sh", ["2", "p.json", "rows.csv"])
        XCTAssertEqual(again.split(separator: "\n").filter { $0.contains("\"status\":\"skipped\"") }.count, 5, again)
    }
}
