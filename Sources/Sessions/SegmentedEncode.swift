import Foundation
import Pipeline
import Media

/// An encode as a restartable session: the clip is encoded in segments of whole GOPs (each
/// segment a fresh encoder, so it starts with a key frame), each journaled when finished; a run
/// of the same command finds the session, checks the finished segments and encodes only what is
/// missing; at the end the segments are joined by stream copy into the output, which appears
/// atomically, and the session folder is removed.
public enum SegmentedEncode {
    /// What a session needs beyond the job: what identifies it and how to rerun it.
    public struct Request {
        /// The encode to run in segments.
        public var job: EncodeJob
        /// Everything that decides the frames and the bitstream, as readable name → value pairs.
        public var identity: [String: String]
        /// The encode as its caller asks for it again (JSON text: Jobs stores its `EncodeRequest`),
        /// for resuming and joining; with `directory`, what relative paths in it start from.
        public var request: String
        /// The working folder of the encode command.
        public var directory: String
        /// Seconds of video a segment (default 2).
        public var segmentSeconds = 2.0
        /// Discard an existing session first.
        public var fresh = false

        /// A session request for `job`; `identity`, `request` and `directory` go into its journal.
        public init(job: EncodeJob, identity: [String: String], request: String, directory: String) {
            self.job = job
            self.identity = identity
            self.request = request
            self.directory = directory
        }
    }

    /// Whether an output can be a session: files of every container but PNG sequences (a file a
    /// frame) and standard output.
    public static func supports(_ job: EncodeJob) -> Bool {
        job.outputPath != "-" && job.settings.container != .pngSequence
    }

    /// How a request's clip is cut into segments, and the key of everything that decides them.
    struct Layout {
        /// The session key: a hash of `identity`.
        var key: String
        /// Everything that decides the frames and the bitstream, segment length included.
        var identity: [String: String]
        /// Each segment's frames and file name, in clip order.
        var segments: [(frames: Range<Int>, file: String)]
        /// The settings segments are encoded with.
        var settings: EncoderSettings

        init(_ request: Request) {
            let job = request.job
            let segmentFrames = max(1, job.settings.frameRate.frameCount(seconds: request.segmentSeconds))
            var identity = request.identity
            identity["segment frames"] = String(segmentFrames)
            identity["frames"] = "\(job.frames.lowerBound)-\(job.frames.upperBound - 1)"
            self.identity = identity
            key = FrameHashName.of(identity.keys.sorted().map { "\($0)=\(identity[$0] ?? "")" }.joined(separator: "\n"))
            settings = SegmentedEncode.segmentSettings(for: job.settings)
            let fileExtension = settings.container == .raw ? "rgba" : settings.container == .mkv ? "mkv" : settings.container.rawValue
            segments = stride(from: job.frames.lowerBound, to: job.frames.upperBound, by: segmentFrames).enumerated().map { index, first in
                (first..<min(first + segmentFrames, job.frames.upperBound), String(format: "segment-%05d.%@", index, fileExtension))
            }
        }

        /// What changed from an earlier identity, by name.
        func changes(from earlier: [String: String]) -> [String] {
            identity.keys.sorted().filter { earlier[$0] != identity[$0] }
        }
    }

    /// Runs the session to the end; `log` gets one-line notices (resuming, starting afresh).
    /// - Throws: `EncodeStopped` when `job.stop` is set (the finished segments stay), or the
    ///   failure, with the session kept for a later run.
    public static func run(_ request: Request, log: (String) -> Void, progress: (EncodeProgress) -> Void) throws -> EncodeSummary {
        let job = request.job
        let start = DispatchTime.now()
        let output = URL(fileURLWithPath: job.outputPath).standardizedFileURL.path
        let session = try Session(output: output)
        if ShardLedger.exists(in: session.folder) {
            throw OutputError("\(job.outputPath) is being rendered in shards (--shard); run the shards and animvid join, "
                              + "or animvid abandon \(job.outputPath) to start again")
        }
        let layout = Layout(request)
        if let finished = FinishedOutput.of(output: output) {
            // Stopped after its output was in place, before its work folder was removed.
            guard finished.key == layout.key else {
                if !job.overwrite {
                    throw OutputError("\(job.outputPath) already exists (an earlier encode with other settings finished it); pass -y or --overwrite to replace it")
                }
                return try encode(request, in: session, layout: layout, output: output, start: start, log: log, progress: progress)
            }
            session.remove()
            log("\(job.outputPath) was finished by an earlier run; its work folder is removed")
            return EncodeSummary(outputPath: job.outputPath, frames: job.frameCount, bytes: OutputFile.size(of: job.outputPath),
                                 wallSeconds: EncodePipeline.seconds(since: start))
        }
        return try encode(request, in: session, layout: layout, output: output, start: start, log: log, progress: progress)
    }

    /// `run`'s work once the session is held: resumes or starts the segments, then joins them.
    private static func encode(_ request: Request, in session: Session, layout: Layout, output: String, start: DispatchTime,
                               log: (String) -> Void, progress: (EncodeProgress) -> Void) throws -> EncodeSummary {
        let job = request.job
        var journal = SessionJournal(key: layout.key, description: layout.identity, output: output, request: request.request,
                                     directory: request.directory, totalFrames: job.frameCount, segments: [])
        // --fresh ignores what the session holds; the stray-file sweep below then empties it.
        if !request.fresh, let previous = SessionJournal.load(from: session.folder) {
            if previous.key == layout.key {
                journal.segments = verified(previous.segments, in: session.folder)
            } else {
                log("the settings changed (\(layout.changes(from: previous.description).joined(separator: ", "))); starting a fresh session")
            }
        } else if !request.fresh, FileManager.default.fileExists(atPath: session.folder + "/" + SessionJournal.fileName) {
            log("the session journal is unreadable; starting a fresh session")
        }
        // What a stopped run left half-written: animvid's files that are not the journal, the
        // lock or a journaled segment.
        let keep = Set(journal.segments.map(\.file) + [SessionJournal.fileName, "lock"])
        session.removeOwnFiles { keep.contains($0) }
        try journal.save(to: session.folder)
        SessionRegistry.remember(session.folder, output: output)
        if journal.keptFrames > 0 {
            log("resuming: \(journal.keptFrames) of \(job.frameCount) frames already encoded")
        }

        let resumed = journal.keptFrames
        // One set of frames for every segment, released before the segments are joined.
        do {
            let buffers = FrameBuffers(width: job.settings.width, height: job.settings.height)
            for index in layout.segments.indices where !journal.segments.contains(where: { $0.index == index }) {
                let kept = journal.keptFrames
                let record = try encodeSegment(index, of: layout, job: job, in: session.folder, buffers: buffers) { p in
                    progress(p.ofSession(after: kept, resumed: resumed, frames: job.frameCount, start: start))
                } stopped: {
                    journal.keptFrames
                }
                journal.segments.append(record)
                journal.segments.sort { $0.index < $1.index }
                try journal.save(to: session.folder)
            }
        }
        if let signal = job.stop?.requested {
            throw EncodeStopped(signal: signal, keptFrames: journal.keptFrames, totalFrames: job.frameCount)
        }

        try finalize(journal.segments, in: session, job: job, key: layout.key)
        session.remove()
        let elapsed = EncodePipeline.seconds(since: start)
        return EncodeSummary(outputPath: job.outputPath, frames: job.frameCount, bytes: OutputFile.size(of: job.outputPath),
                             wallSeconds: elapsed)
    }

    /// Encodes segment `index` of `layout` into `folder` and returns its record (size and MD5
    /// of its file). `progress` counts the segment's own frames; a stop reports the frames
    /// `kept` says are kept.
    static func encodeSegment(_ index: Int, of layout: Layout, job: EncodeJob, in folder: String, buffers: FrameBuffers,
                              progress: (EncodeProgress) -> Void, stopped kept: () -> Int) throws -> SessionJournal.Segment {
        let (range, file) = layout.segments[index]
        var segmentJob = job
        segmentJob.settings = layout.settings
        segmentJob.frames = range
        segmentJob.outputPath = folder + "/" + file
        do {
            try EncodePipeline.runSegment(segmentJob, buffers: buffers, progress: progress)
        } catch let stopped as EncodeStopped {
            throw EncodeStopped(signal: stopped.signal, keptFrames: kept(), totalFrames: job.frameCount)
        }
        FreedMemory.release()
        let path = folder + "/" + file
        guard let data = FileManager.default.contents(atPath: path) else { throw OutputError("cannot read back \(path)") }
        return SessionJournal.Segment(index: index, firstFrame: range.lowerBound, frameCount: range.count, file: file, bytes: data.count,
                                      md5: FrameMD5.md5([UInt8](data)))
    }

    /// Segments are files of the output's own format (without faststart, and without sound or
    /// subtitles: those are encoded once, when they are joined); those of a picture made whole (a
    /// GIF, whose palette needs every frame; an APNG or WebP, one stream of frames) are lossless
    /// FFV1 with alpha: the picture is made when they are joined.
    static func segmentSettings(for settings: EncoderSettings) -> EncoderSettings {
        var s: EncoderSettings
        if settings.container.isMadeWhole {
            // Only the frames: the picture's own options apply when it is made from them.
            s = EncoderSettings(width: settings.width, height: settings.height, frameRate: settings.frameRate)
            (s.container, s.codec, s.alpha, s.encoderThreads) = (.mkv, .ffv1, true, settings.encoderThreads)
        } else {
            s = settings
            (s.audio, s.subtitles) = (nil, nil)
        }
        s.faststart = false
        return s
    }

    /// The journaled segments whose files are intact (same size and MD5).
    static func verified(_ segments: [SessionJournal.Segment], in folder: String) -> [SessionJournal.Segment] {
        segments.filter { isIntact($0, in: folder) }
    }

    /// Whether a segment's file is as its record says (same size and MD5).
    static func isIntact(_ segment: SessionJournal.Segment, in folder: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: folder + "/" + segment.file) else { return false }
        return data.count == segment.bytes && FrameMD5.md5([UInt8](data)) == segment.md5
    }

    /// Joins the segments into the output: stream copy for video, the palette passes for a GIF,
    /// the frames encoded again for an APNG or WebP,
    /// concatenation for raw frames; in the session folder, then moved onto the output (without
    /// replacing a file put there meanwhile, unless the job may overwrite).
    /// Just before the move, a `FinishedOutput` record with `key` marks the file in the folder.
    static func finalize(_ segments: [SessionJournal.Segment], in session: Session, job: EncodeJob, key: String) throws {
        let paths = segments.map { session.folder + "/" + $0.file }
        let temporary = session.joinPath
        do {
            switch job.settings.container {
            case .gif:
                let gif = try GIFWriter(path: temporary, settings: job.settings)
                for path in paths {
                    try VideoDecoder(path: path).forEachRGBAFrame { try gif.write(rgba: $0) }
                }
                try gif.finish()
            case .apng, .webp:
                let picture = try VideoWriter(path: temporary, settings: job.settings)
                for path in paths {
                    try VideoDecoder(path: path).forEachRGBAFrame { try picture.write(rgba: $0) }
                }
                try picture.finish()
            case .raw:
                guard DirectFile.create(atPath: temporary),
                      let out = FileHandle(forWritingAtPath: temporary) else { throw OutputError("cannot write \(temporary)") }
                for path in paths {
                    guard let data = FileManager.default.contents(atPath: path) else { throw OutputError("cannot read \(path)") }
                    try out.write(contentsOf: data)
                }
                try out.close()
            default:
                try SegmentJoiner.join(paths, frameCounts: segments.map(\.frameCount), into: temporary,
                                       container: job.settings.container, frameRate: job.settings.frameRate, audio: job.settings.audio,
                                       subtitles: job.settings.subtitles)
            }
            guard let record = FinishedOutput(of: temporary, key: key) else { throw OutputError("cannot read back \(temporary)") }
            try record.save(to: session.folder)
            try OutputFile.commit(temporary, to: job.outputPath, replacing: job.overwrite)
        } catch {
            OutputFile.remove(temporary)
            throw error
        }
    }
}
