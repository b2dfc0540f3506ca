import Foundation
import XCTest

/// Runs the built `animvid` and FFmpeg's tools in a folder, collecting what they print.
struct CLIRunner {
    let folder: URL

    /// The built `animvid` binary, beside the test bundle.
    static var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("animvid").path
    }

    struct Result {
        var status: Int32
        var out: String
        var err: String
        var outBytes: Int
    }

    /// Runs a command line (through bash when `shell` is given, for ulimit) and collects its
    /// output; a run longer than `timeout` seconds is killed and fails the test.
    func run(_ arguments: [String], shell: String? = nil, timeout: Double = 600) throws -> Result {
        let process = Process()
        if let shell {
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", shell + "; exec \"$0\" \"$@\"", Self.binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: Self.binary)
            process.arguments = arguments
        }
        process.currentDirectoryURL = folder
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Both pipes are drained at once: a child that fills one pipe's buffer (64 KiB) while
        // the other is being read would otherwise wait for ever.
        let errData = Drained(err.fileHandleForReading)
        let outData = Drained(out.fileHandleForReading)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            XCTFail("animvid \(arguments.joined(separator: " ")) ran longer than \(Int(timeout)) s and was killed")
        }
        process.waitUntilExit()
        let errText = String(decoding: errData.wait(), as: UTF8.self)
        let outBytes = outData.wait()
        return Result(status: process.terminationStatus, out: String(decoding: outBytes, as: UTF8.self), err: errText, outBytes: outBytes.count)
    }

    /// Starts animvid in the background, with `environment` added to this process's; its
    /// standard error is read to the end on demand.
    func start(_ arguments: [String], environment: [String: String] = [:]) throws -> (process: Process, err: Drained) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return (process, Drained(err.fileHandleForReading))
    }

    /// The pixels of `file` (in the folder): every frame FFmpeg decodes from it, RGBA, one after another.
    func rgba(_ file: String) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-v", "error", "-i", folder.appendingPathComponent(file).path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](data)
    }

    /// Runs one of FFmpeg's tools (installed by make deps) and returns what it printed.
    /// The decoded frames of `output` (in the folder) as FFmpeg's framemd5 lines, header left
    /// out; `decoder` options go before the input.
    func frameHashes(_ output: String, decoder: [String] = []) throws -> String {
        try tool("ffmpeg", ["-v", "error"] + decoder + ["-i", folder.appendingPathComponent(output).path, "-f", "framemd5", "-"])
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(separator: "\n")
    }

    func tool(_ name: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(name) \(arguments) (installed by make deps)")
        return String(decoding: data, as: UTF8.self)
    }
}

/// A pipe read to its end on another thread.
final class Drained: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        DispatchQueue.global().async {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }
    }

    /// Everything the pipe carried, once its writer has closed it.
    func wait() -> Data {
        done.wait()
        return data
    }
}
