import Foundation
import Pipeline

/// A single updating status line on standard error, shown only on a terminal.
final class ProgressLine {
    private let enabled: Bool
    private let label: String
    private var lastDraw = -1.0
    private var drawn = false

    init(enabled: Bool, label: String) {
        self.enabled = enabled && isatty(STDERR_FILENO) == 1
        self.label = label
    }

    func update(_ p: EncodeProgress) {
        guard enabled, p.elapsedSeconds - lastDraw >= 0.1 || p.framesDone == p.frameCount else { return }
        lastDraw = p.elapsedSeconds
        let fps = Double(p.framesDone) / max(p.elapsedSeconds, 1e-6)
        let speed = fps / p.frameRate.value
        let remaining = Double(p.frameCount - p.framesDone) / max(fps, 1e-6)
        let percent = 100 * p.framesDone / max(p.frameCount, 1)
        let line = String(format: "%@: %d/%d frames (%d%%), %.1f fps, %.2f× real time, ETA %d:%02d",
                          label, p.framesDone, p.frameCount, percent, fps, speed, Int(remaining) / 60, Int(remaining) % 60)
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
        drawn = true
    }

    /// Ends the line so later output starts on a fresh one.
    func finish() {
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
        drawn = false
    }
}
