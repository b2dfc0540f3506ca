import Dispatch
import Foundation
import Synchronization
import Media
import Raster

/// Runs an encode: render workers → bounded, ordered frame queue → encoder stage → atomic move.
///
/// Frames render in parallel on `renderThreads` workers, each frame a pure function of the
/// timeline and its time; the encoder takes them in frame order. The output's work folder is
/// locked for the whole encode (see `Session`), the file is written there under a temporary
/// name, flushed to disk and moved onto the output path only when complete, so the output path
/// never holds a partial file (a PNG sequence's files are moved one by one at the end). Raw
/// frames to standard output are streamed.
public enum EncodePipeline {
    /// Encodes `job` to its output, calling `progress` after each encoded frame, and returns once
    /// the output is in place; throws `EncodeStopped` when the job's stop flag is set.
    public static func run(_ job: EncodeJob, progress: (EncodeProgress) -> Void = { _ in }) throws -> EncodeSummary {
        try run(job, outputs: [(job.outputPath, job.settings)], progress: progress)
    }

    /// Renders `job`'s frames once and encodes them to every output (each with its own format and
    /// settings; all of the job's size and rate), each written in its work folder and moved into
    /// place when all are complete. Outputs here are not sessions.
    public static func run(_ job: EncodeJob, outputs: [(path: String, settings: EncoderSettings)],
                           progress: (EncodeProgress) -> Void = { _ in }) throws -> EncodeSummary {
        let start = DispatchTime.now()
        let buffers = FrameBuffers(width: job.settings.width, height: job.settings.height)
        if outputs.count == 1, outputs[0].path == "-" {
            try encode(job, sinks: [try openFrameSink(path: "-", settings: outputs[0].settings)], buffers: buffers, progress: progress, start: start)
            return EncodeSummary(outputPath: "-", frames: job.frameCount, bytes: 0, wallSeconds: seconds(since: start))
        }
        // Where each output's files go: a file, or a PNG sequence's frames.
        let destinations = try outputs.map { try files(of: $0.path, $0.settings, frames: job.frameCount) }
        if !job.overwrite, let taken = destinations.joined().first(where: OutputFile.isTaken) {
            throw OutputError("\(taken) already exists; pass -y or --overwrite to replace it")
        }
        var folders: [Session] = []
        defer { folders.forEach { $0.release() } }
        for (output, files) in zip(outputs, destinations) {
            // A PNG sequence's work folder is named for its pattern, in the folder of its files.
            let path = output.settings.container == .pngSequence
                ? URL(fileURLWithPath: files.first ?? output.path).deletingLastPathComponent().path + "/" + URL(fileURLWithPath: output.path).lastPathComponent
                : output.path
            folders.append(try Session(output: path))
        }
        let temporaries = zip(outputs, folders).map { output, folder in
            guard output.settings.container == .pngSequence else {
                return folder.temporaryPath(suffix: "." + URL(fileURLWithPath: output.path).pathExtension)
            }
            // image2 reads its path as a pattern: every % of the folder's is escaped.
            let temporary = URL(fileURLWithPath: folder.temporaryPath(suffix: "-%d.png"))
            return temporary.deletingLastPathComponent().path.replacingOccurrences(of: "%", with: "%%") + "/" + temporary.lastPathComponent
        }
        let sinks = try zip(outputs, temporaries).map { try openFrameSink(path: videoPath(for: $1, $0.settings), settings: videoSettings($0.settings)) }
        try encode(job, sinks: sinks, buffers: buffers, progress: progress, start: start)
        for (output, temporary) in zip(outputs, temporaries) {
            try addSideTracks(into: temporary, settings: output.settings, frames: job.frameCount)
        }
        let moves = try zip(zip(outputs, temporaries), destinations).flatMap { item, files in
            let (output, temporary) = item
            return output.settings.container == .pngSequence ? zip(try self.files(of: temporary, output.settings, frames: job.frameCount), files).map { $0 }
                                                             : [(temporary, output.path)]
        }
        if !job.overwrite, let taken = moves.first(where: { FileManager.default.fileExists(atPath: $0.1) }) {
            throw OutputError.exists(taken.1)
        }
        for (temporary, output) in moves { try OutputFile.commit(temporary, to: output, replacing: job.overwrite) }
        return EncodeSummary(outputPath: outputs.first?.path ?? job.outputPath, frames: job.frameCount,
                             bytes: outputs.reduce(0) { $0 + OutputFile.size(of: $1.path) }, wallSeconds: seconds(since: start))
    }

    /// The files an output is: its path, or a PNG sequence's frame files (image2 numbers them from 1).
    private static func files(of path: String, _ settings: EncoderSettings, frames: Int) throws -> [String] {
        guard settings.container == .pngSequence else { return [path] }
        return try (1..<(frames + 1)).map { n in
            guard let name = ImageSequence.fileName(path, frame: n) else {
                throw OutputError("\(path): a PNG sequence needs exactly one frame number such as %05d in its file name (%% for a percent sign)")
            }
            return name
        }
    }

    /// Encodes one segment of a session, inside its folder (which the session holds), replacing
    /// what a stopped run left there.
    package static func runSegment(_ job: EncodeJob, buffers: FrameBuffers, progress: (EncodeProgress) -> Void) throws {
        let temporary = OutputFile.temporaryPath(for: job.outputPath)
        do {
            try encode(job, sinks: [try openFrameSink(path: temporary, settings: job.settings)], buffers: buffers, progress: progress, start: .now())
            try OutputFile.commit(temporary, to: job.outputPath, replacing: true)
        } catch {
            OutputFile.remove(temporary)
            throw error
        }
    }

    /// Wall-clock seconds since `start`.
    public static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    /// Where an output's frames are encoded: its temporary file, or, when a soundtrack or
    /// subtitles are added afterwards, a video-only file beside it.
    private static func videoPath(for temporary: String, _ settings: EncoderSettings) -> String {
        settings.hasSideTracks ? temporary + ".video" : temporary
    }

    /// An output's settings for its frames: as they are, or for the video-only file the side
    /// tracks join (no faststart: the join writes the index where it belongs).
    private static func videoSettings(_ settings: EncoderSettings) -> EncoderSettings {
        var s = settings
        if settings.hasSideTracks { s.faststart = false }
        return s
    }

    /// Adds the output's soundtrack and subtitles, if any: the video encoded alone at
    /// `videoPath(for:)` is copied into `temporary` beside them, encoded once for the whole clip.
    private static func addSideTracks(into temporary: String, settings: EncoderSettings, frames: Int) throws {
        guard settings.hasSideTracks else { return }
        let video = videoPath(for: temporary, settings)
        defer { OutputFile.remove(video) }
        try SegmentJoiner.join([video], frameCounts: [frames], into: temporary, container: settings.container,
                               frameRate: settings.frameRate, audio: settings.audio, subtitles: settings.subtitles)
    }

    private static func encode(_ job: EncodeJob, sinks: [FrameSink], buffers: FrameBuffers, progress: (EncodeProgress) -> Void,
                               start: DispatchTime) throws {
        guard let writer = sinks.first else { return }
        let queue = FrameQueue<RenderedFrame>(frames: job.frames, capacity: job.framesInFlight)
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
            let elapsed = seconds(since: start)
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
package final class FrameBuffers: Sendable {
    let pixels: BufferPool<Pixmap>
    let planar: BufferPool<PlanarYUV>

    package init(width: Int, height: Int) {
        pixels = BufferPool { Pixmap(width: width, height: height) }
        planar = BufferPool { PlanarYUV(width: width, height: height) }
    }
}

/// Counts rendered frames across the render workers.
final class RenderCounter: Sendable {
    private let count = Atomic<Int>(0)

    func increment() {
        count.add(1, ordering: .relaxed)
    }

    var value: Int { count.load(ordering: .relaxed) }
}

/// A rendered frame on its way to the encoder: RGBA pixels, or already YUV 4:2:0.
enum RenderedFrame: Sendable {
    case pixels(Pixmap)
    case planar(PlanarYUV)
}
