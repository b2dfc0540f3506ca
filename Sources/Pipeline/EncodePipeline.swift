import Dispatch
import Foundation
import Media
import Raster

/// Runs an encode: render workers → bounded, ordered frame queue → encoder stage → atomic rename.
///
/// Frames render in parallel on `renderThreads` workers, each frame a pure function of the
/// timeline and its time; the encoder takes them in frame order. A file is written under a
/// temporary name beside the output, flushed to disk and renamed onto the output path only when
/// complete, so the output path never holds a partial file. (A PNG sequence is written in place,
/// file by file; raw frames to standard output are streamed.)
public enum EncodePipeline {
    /// Encodes `job` to its output, calling `progress` after each encoded frame, and returns once
    /// the output is in place; throws `EncodeStopped` when the job's stop flag is set.
    public static func run(_ job: EncodeJob, progress: (EncodeProgress) -> Void = { _ in }) throws -> EncodeSummary {
        try run(job, buffers: FrameBuffers(width: job.settings.width, height: job.settings.height), progress: progress)
    }

    /// Runs an encode with frame buffers that outlive it: a session's segments reuse one set, so
    /// each segment does not allocate (and the system zero) its frames again.
    static func run(_ job: EncodeJob, buffers: FrameBuffers, progress: (EncodeProgress) -> Void) throws -> EncodeSummary {
        let start = DispatchTime.now()
        let inPlace = job.settings.container == .pngSequence || job.outputPath == "-"
        let temporary = inPlace ? job.outputPath : OutputFile.temporaryPath(for: job.outputPath)
        do {
            try encode(job, sinks: [try openFrameSink(path: videoPath(for: temporary, job.settings), settings: videoSettings(job.settings))],
                       buffers: buffers, progress: progress, start: start)
            try addSoundtrack(into: temporary, settings: job.settings, frames: job.frameCount)
            if !inPlace { try OutputFile.commit(temporary, to: job.outputPath) }
        } catch {
            if !inPlace { OutputFile.remove(temporary) }
            OutputFile.remove(videoPath(for: temporary, job.settings))
            throw error
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return EncodeSummary(outputPath: job.outputPath, frames: job.frameCount,
                             bytes: inPlace ? 0 : OutputFile.size(of: job.outputPath), wallSeconds: elapsed)
    }

    /// Renders `job`'s frames once and encodes them to every output (each with its own format and
    /// settings; all of the job's size and rate), each written under a temporary name and renamed
    /// when all are complete. Outputs here are not sessions.
    public static func run(_ job: EncodeJob, outputs: [(path: String, settings: EncoderSettings)],
                           progress: (EncodeProgress) -> Void = { _ in }) throws -> EncodeSummary {
        let start = DispatchTime.now()
        let temporaries = outputs.map { OutputFile.temporaryPath(for: $0.path) }
        do {
            let sinks = try zip(outputs, temporaries).map { try openFrameSink(path: videoPath(for: $1, $0.settings), settings: videoSettings($0.settings)) }
            try encode(job, sinks: sinks, buffers: FrameBuffers(width: job.settings.width, height: job.settings.height),
                       progress: progress, start: start)
            for (output, temporary) in zip(outputs, temporaries) {
                try addSoundtrack(into: temporary, settings: output.settings, frames: job.frameCount)
            }
            for (output, temporary) in zip(outputs, temporaries) { try OutputFile.commit(temporary, to: output.path) }
        } catch {
            temporaries.forEach(OutputFile.remove)
            for (output, temporary) in zip(outputs, temporaries) { OutputFile.remove(videoPath(for: temporary, output.settings)) }
            throw error
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return EncodeSummary(outputPath: outputs.first?.path ?? job.outputPath, frames: job.frameCount,
                             bytes: outputs.reduce(0) { $0 + OutputFile.size(of: $1.path) }, wallSeconds: elapsed)
    }

    /// Where an output's frames are encoded: its temporary file, or, when a soundtrack is added
    /// afterwards, a video-only file beside it.
    private static func videoPath(for temporary: String, _ settings: EncoderSettings) -> String {
        settings.audio == nil ? temporary : temporary + ".video"
    }

    /// An output's settings for its frames: as they are, or for the video-only file a soundtrack
    /// joins (no faststart: the join writes the index where it belongs).
    private static func videoSettings(_ settings: EncoderSettings) -> EncoderSettings {
        var s = settings
        if settings.audio != nil { s.faststart = false }
        return s
    }

    /// Adds the output's soundtrack, if any: the video encoded alone at `videoPath(for:)` is
    /// copied into `temporary` beside the audio, encoded once for the whole clip.
    private static func addSoundtrack(into temporary: String, settings: EncoderSettings, frames: Int) throws {
        guard let audio = settings.audio else { return }
        let video = videoPath(for: temporary, settings)
        defer { OutputFile.remove(video) }
        try SegmentJoiner.join([video], frameCounts: [frames], into: temporary, container: settings.container,
                               frameRate: settings.frameRate, audio: audio)
    }

    private static func encode(_ job: EncodeJob, sinks: [FrameSink], buffers: FrameBuffers, progress: (EncodeProgress) -> Void,
                               start: DispatchTime) throws {
        guard let writer = sinks.first else { return }
        let queue = FrameQueue<RenderedFrame>(frames: job.frames, capacity: job.queueCapacity)
        let pool = buffers.pixels
        // 4:2:0 encodes take frames converted in the render workers.
        let planarPool = sinks.count == 1 && writer.acceptsPlanarYUV && !job.settings.alpha ? buffers.planar : nil
        let rendered = RenderCounter()
        let workers = job.renderThreads > 0 ? job.renderThreads : ProcessInfo.processInfo.activeProcessorCount
        let group = DispatchGroup()
        for _ in 0..<workers {
            DispatchQueue.global(qos: .userInitiated).async(group: group) {
                renderFrames(of: job, from: queue, pool: pool, planarPool: planarPool, counter: rendered)
            }
        }
        defer {
            queue.cancel()
            group.wait()
        }
        for (done, index) in job.frames.enumerated() {
            if let signal = job.stop?.requested { throw EncodeStopped(signal: signal, keptFrames: 0, totalFrames: job.frameCount) }
            guard let frame = queue.take() else { throw MediaError("rendering stopped before frame \(index)") }
            // Frames go back to their pools, not copied: the next render reuses the memory. They
            // are given back once the frame's own reference is gone: a buffer given back while
            // still referenced would be copied whole by the next render's first write.
            var pixelsDone: Pixmap?, planarDone: PlanarYUV?
            switch consume frame {
            case .pixels(let pixels):
                for sink in sinks { try sink.write(rgba: pixels.bytes) }
                pixelsDone = pixels
            case .planar(let planar):
                try writer.write(planar: planar)
                planarDone = planar
            }
            if let pixels = pixelsDone.take() { pool.give(pixels) }
            if let planar = planarDone.take() { planarPool?.give(planar) }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            progress(EncodeProgress(framesDone: done + 1, framesRendered: rendered.value, frameCount: job.frameCount,
                                    elapsedSeconds: elapsed, frameRate: job.settings.frameRate))
        }
        for sink in sinks { try sink.finish() }
    }

    /// One render worker: claims frame numbers until none are left.
    private static func renderFrames(of job: EncodeJob, from queue: FrameQueue<RenderedFrame>, pool: BufferPool<Pixmap>,
                                     planarPool: BufferPool<PlanarYUV>?, counter: RenderCounter) {
        let renderer = FrameRenderer(scale: job.scale)
        while let index = queue.claim() {
            guard let blank = pool.take() else {
                queue.cancel()
                return
            }
            let list = job.timeline.displayList(at: job.time(ofFrame: index))
            var frame = renderer.render(list, into: consume blank)
            if let planarPool, var planar = planarPool.take() {
                // 4:2:0 encodes: converted here, in parallel, so the encoder stage only encodes.
                frame.bytes.withUnsafeBufferPointer { if let base = $0.baseAddress { planar.convert(fromRGBA: base) } }
                pool.give(consume frame)
                queue.put(.planar(planar), frame: index)
            } else {
                // Formats with alpha take straight colour; opaque ones take the premultiplied
                // frame as it is, which is the frame composited over black.
                if job.settings.alpha { frame.unpremultiply() }
                queue.put(.pixels(consume frame), frame: index)
            }
            counter.increment()
        }
    }
}

/// The recycled frames of an encode: rendered RGBA frames, and YUV 4:2:0 frames for encoders
/// that take them (made only when asked for).
final class FrameBuffers: Sendable {
    let pixels: BufferPool<Pixmap>
    let planar: BufferPool<PlanarYUV>

    init(width: Int, height: Int) {
        pixels = BufferPool { Pixmap(width: width, height: height) }
        planar = BufferPool { PlanarYUV(width: width, height: height) }
    }
}

/// Counts rendered frames across the render workers.
final class RenderCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// A rendered frame on its way to the encoder: RGBA pixels, or already YUV 4:2:0.
enum RenderedFrame: Sendable {
    case pixels(Pixmap)
    case planar(PlanarYUV)
}
