import Dispatch
import Foundation
import Media
import Raster

/// Runs an encode: render workers → bounded, ordered frame queue → encoder stage → atomic rename.
///
/// Frames render in parallel on `renderThreads` workers, each frame a pure function of the
/// timeline and its time; the encoder takes them in frame order. The file is written under a
/// temporary name beside the output, flushed to disk and renamed onto the output path only when
/// complete, so the output path never holds a partial file.
public enum EncodePipeline {
    public static func run(_ job: EncodeJob, progress: (EncodeProgress) -> Void = { _ in }) throws -> EncodeSummary {
        let start = DispatchTime.now()
        let temporary = OutputFile.temporaryPath(for: job.outputPath)
        do {
            try encode(job, to: temporary, progress: progress, start: start)
            try OutputFile.commit(temporary, to: job.outputPath)
        } catch {
            OutputFile.remove(temporary)
            throw error
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return EncodeSummary(outputPath: job.outputPath, frames: job.frameCount,
                             bytes: OutputFile.size(of: job.outputPath), wallSeconds: elapsed)
    }

    private static func encode(_ job: EncodeJob, to path: String, progress: (EncodeProgress) -> Void, start: DispatchTime) throws {
        let writer = try VideoWriter(path: path, settings: job.settings)
        let queue = FrameQueue<Pixmap>(frames: 0..<job.frameCount, capacity: job.queueCapacity)
        let pool = PixmapPool(width: job.settings.width, height: job.settings.height)
        let workers = job.renderThreads > 0 ? job.renderThreads : ProcessInfo.processInfo.activeProcessorCount
        let group = DispatchGroup()
        for _ in 0..<workers {
            DispatchQueue.global(qos: .userInitiated).async(group: group) {
                renderFrames(of: job, from: queue, pool: pool)
            }
        }
        defer {
            queue.cancel()
            group.wait()
        }
        for index in 0..<job.frameCount {
            guard let frame = queue.take() else { throw MediaError("rendering stopped before frame \(index)") }
            try writer.write(rgba: frame.bytes)
            pool.give(frame)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            progress(EncodeProgress(framesDone: index + 1, frameCount: job.frameCount, elapsedSeconds: elapsed,
                                    frameRate: job.settings.frameRate))
        }
        try writer.finish()
    }

    /// One render worker: claims frame numbers until none are left.
    private static func renderFrames(of job: EncodeJob, from queue: FrameQueue<Pixmap>, pool: PixmapPool) {
        let renderer = FrameRenderer(scale: job.scale)
        while let index = queue.claim() {
            guard let blank = pool.take() else {
                queue.cancel()
                return
            }
            let list = job.timeline.displayList(at: job.settings.frameRate.time(ofFrame: index))
            var frame = renderer.render(list, into: blank)
            frame.unpremultiply()
            queue.put(frame, frame: index)
        }
    }
}
