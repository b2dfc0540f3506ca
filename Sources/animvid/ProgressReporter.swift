import Foundation
import Pipeline
import Sessions

/// Reports encode progress on standard error: one updating line on a terminal, or JSON lines
/// for scripts and CI.
final class ProgressReporter {
    enum Mode {
        case none, terminal, json
    }

    private let mode: Mode
    private let label: String
    /// The shard reporting, for a sharded encode.
    private let shard: Shard?
    private var lastReport = -1.0
    private var drawn = false

    init(mode: Mode, label: String, shard: Shard? = nil) {
        self.mode = mode == .terminal && isatty(STDERR_FILENO) != 1 ? .none : mode
        self.label = shard.map { "\(label) (shard \($0))" } ?? label
        self.shard = shard
    }

    func update(_ p: EncodeProgress) {
        let last = p.framesDone == p.frameCount
        guard mode != .none, p.elapsedSeconds - lastReport >= (mode == .json ? 1 : 0.1) || last else { return }
        lastReport = p.elapsedSeconds
        let remaining = Int(p.remainingSeconds.rounded())
        switch mode {
        case .terminal:
            let percent = 100 * p.framesDone / max(p.frameCount, 1)
            let line = String(format: "%@: %d/%d frames (%d%%), render %.1f fps, encode %.1f fps, %.2f× real time, ETA %d:%02d",
                              label, p.framesDone, p.frameCount, percent, p.renderFPS, p.encodeFPS, p.speed,
                              remaining / 60, remaining % 60)
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
            drawn = true
        case .json:
            let shardFields = shard.map { ",\"shard\":\($0.index),\"shards\":\($0.count)" } ?? ""
            let line = String(format: "{\"frames\":%d,\"total\":%d,\"rendered\":%d,\"render_fps\":%.2f,\"encode_fps\":%.2f,\"speed\":%.3f,\"elapsed\":%.3f,\"eta\":%d",
                              p.framesDone, p.frameCount, p.framesRendered, p.renderFPS, p.encodeFPS, p.speed, p.elapsedSeconds, remaining) + shardFields + "}"
            FileHandle.standardError.write(Data((line + "\n").utf8))
        case .none:
            break
        }
    }

    /// Ends the terminal line so later output starts on a fresh one.
    func finish() {
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
        drawn = false
    }
}
