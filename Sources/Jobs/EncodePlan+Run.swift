import Dispatch
import Foundation
import Media
import Pipeline
import Sessions

/// A file an encode wrote, with what the summary line says about it.
public struct WrittenOutput: Sendable, CustomStringConvertible {
    /// The file written.
    public let output: String
    /// Its size in bytes.
    public let bytes: Int
    /// Wall-clock seconds the encode took.
    public let seconds: Double
    let codec: String, pixelFormat: String, width: Int, height: Int, fps: FrameRate, frames: Int

    init(_ plan: EncodePlan, bytes: Int, seconds: Double) {
        (output, self.bytes, self.seconds) = (plan.output, bytes, seconds)
        (codec, pixelFormat) = (plan.settings.resolvedCodec.rawValue, plan.settings.resolvedPixelFormat)
        (width, height, fps, frames) = (plan.clip.width, plan.clip.height, plan.fps, plan.frames.count)
    }

    /// `wrote out.mp4: h264 yuv420p 1920x1080 30 fps, 120 frames, 4.000 s, 812 KiB in 3.1 s`.
    public var description: String {
        let size = bytes > 0 ? ", \((bytes + 512) / 1024) KiB" : ""
        return "wrote \(output): \(codec) \(pixelFormat) \(width)x\(height) \(fps) fps, \(frames) frames, "
            + "\(String(format: "%.3f", fps.time(ofFrame: frames))) s\(size) in \(String(format: "%.1f", seconds)) s"
    }
}

/// What running a plan did: its output written, or (a shard of a sharded encode) its share done.
public enum EncodeOutcome: Sendable {
    /// The output is complete.
    case written(WrittenOutput)
    /// A shard's share, and the line that says what is left.
    case shard(ShardedEncode.Outcome, summary: String)
}

extension EncodePlan {
    /// The job that renders and encodes the plan; `stop` ends it between frames.
    public func job(stop: StopFlag? = nil) throws(JobError) -> EncodeJob {
        let timeline = try clip.timeline(duration: start + fps.time(ofFrame: frames.upperBound), clipStart: start)
        var job = EncodeJob(timeline: timeline, settings: settings, scale: clip.scale, frameCount: frameCount, outputPath: output)
        job.frames = frames
        job.startTime = start
        job.renderThreads = run.threads
        job.overwrite = run.overwrite
        job.stop = stop
        return job
    }

    /// The session request of the plan's job, its journal holding the plan's request.
    func sessionRequest(_ job: EncodeJob) -> SegmentedEncode.Request {
        let stored = (try? JSONEncoder().encode(request)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        var session = SegmentedEncode.Request(job: job, identity: identity, request: stored, directory: FileManager.default.currentDirectoryPath)
        session.fresh = run.fresh
        session.segmentSeconds = run.segmentSeconds
        return session
    }

    /// Renders and encodes the plan: a session for files (or this process's shard of one), in
    /// one piece otherwise. `log` gets one-line notices (resuming, starting afresh); `stop` ends
    /// it between frames, keeping a session's finished segments.
    public func execute(stop: StopFlag? = nil, log: (String) -> Void = { _ in },
                        progress: (EncodeProgress) -> Void = { _ in }) throws(JobError) -> EncodeOutcome {
        let job = try job(stop: stop)
        do {
            if let shard = run.shard {
                let started = DispatchTime.now()
                let outcome = try ShardedEncode.run(sessionRequest(job), shard: shard, join: run.joins, log: log, progress: progress)
                if let joined = outcome.joined { return .written(WrittenOutput(self, bytes: joined.bytes, seconds: joined.wallSeconds)) }
                return .shard(outcome, summary: shardSummary(shard, outcome, seconds: EncodePipeline.seconds(since: started)))
            }
            let summary = resumable ? try SegmentedEncode.run(sessionRequest(job), log: log, progress: progress)
                                    : try EncodePipeline.run(job, progress: progress)
            return .written(WrittenOutput(self, bytes: summary.bytes, seconds: summary.wallSeconds))
        } catch let stopped as EncodeStopped {
            throw .interrupted(resumable ? "\(stopped)" : "interrupted: \(output) was not written (without a session nothing is kept)",
                               signal: stopped.signal)
        } catch {
            // The other process's session is not ours to promise.
            let busy = (error as? OutputError)?.isBusy ?? false
            let keptFrames = resumable && !busy ? SessionJournal.load(from: Session.folder(for: output))?.keptFrames ?? 0 : 0
            let kept = keptFrames > 0 ? "; the finished part is kept: run the same command to resume" : ""
            throw .runtime("encoding \(output) failed: \(error)\(kept)")
        }
    }

    private func shardSummary(_ shard: Shard, _ outcome: ShardedEncode.Outcome, seconds: Double) -> String {
        let next = outcome.finishedSegments < outcome.segmentCount ? (run.joins ? "the shard that finishes last joins them" : "then animvid join \(output)")
            : (run.joins ? "another shard is joining them" : "animvid join \(output) writes it")
        return "shard \(shard): encoded \(outcome.encodedSegments) segment\(outcome.encodedSegments == 1 ? "" : "s") (\(outcome.encodedFrames) frames) "
            + "in \(String(format: "%.1f", seconds)) s; \(outcome.finishedSegments) of \(outcome.segmentCount) segments of \(output) are done; \(next)"
    }

    /// Several outputs of one clip (a preset's), in one piece: the outputs of one frame (size,
    /// scale, rate and frames) rendered once and encoded to each, one frame after another;
    /// `progress` counts the frames of them all.
    public static func executeTogether(_ plans: [EncodePlan], stop: StopFlag? = nil,
                                       progress: (EncodeProgress) -> Void = { _ in }) throws(JobError) -> [WrittenOutput] {
        var groups: [[EncodePlan]] = []
        for plan in plans {
            if let same = groups.firstIndex(where: { $0[0].rendersLike(plan) }) { groups[same].append(plan) } else { groups.append([plan]) }
        }
        let total = groups.reduce(0) { $0 + $1[0].frames.count }
        let started = DispatchTime.now()
        var written: [String: WrittenOutput] = [:]
        var done = 0
        for group in groups {
            var job = try group[0].job(stop: stop)
            // Straight alpha for all when any output keeps transparency (opaque codecs ignore it).
            job.settings.alpha = group.contains { $0.settings.alpha }
            let label = group.map(\.output).joined(separator: ", ")
            do {
                let summary = try EncodePipeline.run(job, outputs: group.map { ($0.output, $0.settings) }) { part in
                    var whole = part
                    (whole.framesDone, whole.framesRendered) = (done + part.framesDone, done + part.framesRendered)
                    (whole.frameCount, whole.elapsedSeconds) = (total, EncodePipeline.seconds(since: started))
                    progress(whole)
                }
                for plan in group { written[plan.output] = WrittenOutput(plan, bytes: OutputFile.size(of: plan.output), seconds: summary.wallSeconds) }
            } catch let stopped as EncodeStopped {
                let unwritten = plans.filter { written[$0.output] == nil }.map(\.output).joined(separator: ", ")
                throw .interrupted("interrupted: \(unwritten) not written (several outputs are written in one piece, not as a session)", signal: stopped.signal)
            } catch {
                throw .runtime("encoding \(label) failed: \(error)")
            }
            done += group[0].frames.count
        }
        return plans.compactMap { written[$0.output] }
    }

    /// Whether `other` draws the same frames: the same size, scale, rate, start and frames (the
    /// scene and its knobs are one preset's).
    func rendersLike(_ other: EncodePlan) -> Bool {
        (clip.width, clip.height, clip.scale, fps, start, frames) == (other.clip.width, other.clip.height, other.clip.scale, other.fps, other.start, other.frames)
    }

    /// Joins the segments the shards of this plan's sharded encode left into its output.
    public func join() throws(JobError) -> WrittenOutput {
        do {
            let summary = try ShardedEncode.join(sessionRequest(job()))
            return WrittenOutput(self, bytes: summary.bytes, seconds: summary.wallSeconds)
        } catch {
            throw .runtime("joining \(output) failed: \(error)")
        }
    }
}

extension EncodeRequest {
    /// Plans the request and runs it: one output as `EncodePlan.execute` does, a preset's
    /// several outputs rendered once. What an AnimvidKit program calls to encode.
    public func execute(stop: StopFlag? = nil, warn: (String) -> Void = { _ in }, log: (String) -> Void = { _ in },
                        progress: (EncodeProgress) -> Void = { _ in }) throws(JobError) -> [EncodeOutcome] {
        let plans = try plans(warn: warn)
        guard plans.count > 1 else { return try plans.map { plan throws(JobError) in try plan.execute(stop: stop, log: log, progress: progress) } }
        return try EncodePlan.executeTogether(plans, stop: stop, progress: progress).map { .written($0) }
    }
}

/// The encode a work folder records: its request and the folder it was made in, which relative
/// paths in it start from. What `animvid resume` and `animvid join` run again.
public struct SavedEncode: Sendable {
    /// The encode as it was asked for.
    public let request: EncodeRequest
    /// The folder it was asked for in, which relative paths in the request start from.
    public let directory: String

    /// The unfinished session of `output` (not a sharded one), as its journal records it.
    public static func session(of output: String) throws(JobError) -> SavedEncode {
        let folder = Session.folder(for: output)
        guard let journal = SessionJournal.load(from: folder) else {
            if ShardLedger.exists(in: folder) {
                throw .usage("\(output) is encoded in shards: run the shard commands again, then animvid join \(output)")
            }
            throw .usage("\(output) has no unfinished encode (see animvid sessions)")
        }
        return try SavedEncode(journal, of: output)
    }

    /// The sharded encode of `output`, as the plan its shards share records it.
    public static func shards(of output: String) throws(JobError) -> SavedEncode {
        guard let shards = ShardLedger(folder: Session.folder(for: output)).plan() else {
            throw .usage("\(output) has no sharded encode to join (see animvid sessions)")
        }
        return try SavedEncode(shards.session, of: output)
    }

    private init(_ journal: SessionJournal, of output: String) throws(JobError) {
        guard let request = try? JSONDecoder().decode(EncodeRequest.self, from: Data(journal.request.utf8)) else {
            throw .usage("the session journal of \(output) does not describe an encode this animvid reads; animvid abandon OUTPUT deletes it")
        }
        (self.request, directory) = (request, journal.directory)
    }
}
