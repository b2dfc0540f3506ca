import Foundation
import Pipeline
import Media

/// An encode shared by several processes, on one machine or many over a shared file system:
/// each shard encodes segments of the session the one-process encode would make, claiming
/// each in the work folder's ledger first, and whoever joins stream-copies them into the
/// output. Shard I takes the I-th even share of the segments first, then any segment no one
/// has claimed, from the clip's end (a slow shard's tail goes to the fast ones). A shard run
/// again skips finished segments and redoes the ones it had claimed but not finished.
public enum ShardedEncode {
    /// What one shard's run did.
    public struct Outcome: Sendable {
        /// Segments and frames this run encoded.
        public var encodedSegments = 0
        public var encodedFrames = 0
        /// Segments finished by every shard so far, of the session's total.
        public var finishedSegments = 0
        public var segmentCount = 0
        /// The output's summary when this run joined it.
        public var joined: EncodeSummary?
    }

    /// Runs shard `shard` of the request's session; with `join`, the shard that finds every
    /// segment finished joins them (only one does).
    /// - Throws: `EncodeStopped` when `job.stop` is set (the finished segments stay), or the failure.
    public static func run(_ request: SegmentedEncode.Request, shard: Shard, join: Bool, log: (String) -> Void,
                           progress: (EncodeProgress) -> Void) throws -> Outcome {
        let job = request.job
        let start = DispatchTime.now()
        let (session, ledger, layout) = try open(request)
        SessionRegistry.remember(session.folder, output: session.output)
        let count = layout.segments.count
        var outcome = Outcome(segmentCount: count)
        let finishedAtStart = (0..<count).compactMap { ledger.finished($0) }.reduce(0) { $0 + $1.frameCount }
        if finishedAtStart > 0 { log("shard \(shard): \(finishedAtStart) of \(job.frameCount) frames already encoded by the shards") }
        let own = shard.share(of: count)
        let order = Array(own) + (0..<count).filter { !own.contains($0) }.reversed()
        do {
            let buffers = FrameBuffers(width: job.settings.width, height: job.settings.height)
            for index in order {
                if let signal = job.stop?.requested {
                    throw EncodeStopped(signal: signal, keptFrames: finishedAtStart + outcome.encodedFrames, totalFrames: job.frameCount)
                }
                if let done = ledger.finished(index), SegmentedEncode.isIntact(done, in: session.folder) { continue }
                guard try ledger.claim(index, for: shard) else { continue }
                let before = finishedAtStart + outcome.encodedFrames
                let record = try SegmentedEncode.encodeSegment(index, of: layout, job: job, in: session.folder, buffers: buffers) { p in
                    progress(p.ofSession(after: before, resumed: finishedAtStart, frames: job.frameCount, start: start))
                } stopped: {
                    before
                }
                try ledger.finish(record)
                outcome.encodedSegments += 1
                outcome.encodedFrames += record.frameCount
            }
        }
        // Every shard records its segments before it looks at the others', so the last to
        // finish sees them all.
        outcome.finishedSegments = (0..<count).filter { ledger.finished($0) != nil }.count
        if join, outcome.finishedSegments == count, try ledger.claimJoin() {
            outcome.joined = try finish(session, ledger: ledger, layout: layout, job: job, start: start)
        } else if join {
            // The shard that joined may have emptied the folder while this one's attempt to
            // claim the join still had a file in it, so that its removal failed: the folder
            // goes now if it is empty (while the join runs, it is not).
            rmdir(session.folder)
        }
        return outcome
    }

    /// Joins a sharded session's segments into the output, after checking every one (present,
    /// recorded, and of the recorded size and MD5); a missing one is named with the shard that
    /// holds its claim.
    public static func join(_ request: SegmentedEncode.Request) throws -> EncodeSummary {
        let (session, ledger, layout) = try open(request, creating: false)
        return try finish(session, ledger: ledger, layout: layout, job: request.job, start: .now())
    }

    /// The work folder held shared, its ledger (with the plan in force checked against this
    /// request's) and the segments.
    private static func open(_ request: SegmentedEncode.Request, creating: Bool = true) throws -> (Session, ShardLedger, SegmentedEncode.Layout) {
        let job = request.job
        let output = URL(fileURLWithPath: job.outputPath).standardizedFileURL.path
        if !creating, !ShardLedger.exists(in: Session.folder(for: output)) {
            throw OutputError("\(job.outputPath) has no sharded encode to join (see animvid sessions)")
        }
        let session = try Session(output: output, shared: true)
        if FileManager.default.fileExists(atPath: session.folder + "/" + SessionJournal.fileName) {
            throw OutputError("\(job.outputPath) has an unfinished encode in one process: animvid resume \(job.outputPath) finishes it, "
                              + "animvid abandon \(job.outputPath) discards it")
        }
        let layout = SegmentedEncode.Layout(request)
        let ledger = ShardLedger(folder: session.folder)
        let mine = ShardLedger.Plan(session: SessionJournal(key: layout.key, description: layout.identity, output: output, request: request.request,
                                                            directory: request.directory, totalFrames: job.frameCount, segments: []),
                                    segmentCount: layout.segments.count)
        let plan = creating ? try ledger.establish(mine) : ledger.plan()
        guard let plan, plan.session.key == layout.key else {
            let changed = plan.map { layout.changes(from: $0.session.description).joined(separator: ", ") } ?? "its plan is unreadable"
            throw OutputError("the shards of \(job.outputPath) were started with other settings (\(changed)); run every shard with "
                              + "the same command, or animvid abandon \(job.outputPath) to start again")
        }
        return (session, ledger, layout)
    }

    private static func finish(_ session: Session, ledger: ShardLedger, layout: SegmentedEncode.Layout, job: EncodeJob,
                               start: DispatchTime) throws -> EncodeSummary {
        var segments: [SessionJournal.Segment] = []
        var missing: [String] = []
        for index in layout.segments.indices {
            if let done = ledger.finished(index) {
                if SegmentedEncode.isIntact(done, in: session.folder) {
                    segments.append(done)
                } else {
                    missing.append("segment \(index) (damaged: \(done.file) is not as recorded)")
                }
            } else if let claim = ledger.claim(of: index) {
                missing.append("segment \(index) (claimed by shard \(claim.shard)/\(claim.shards) on \(claim.host), process \(claim.pid))")
            } else {
                missing.append("segment \(index) (not started)")
            }
        }
        guard missing.isEmpty else {
            let shown = missing.prefix(5).joined(separator: ", ") + (missing.count > 5 ? ", …" : "")
            throw OutputError("\(missing.count) of \(layout.segments.count) segments of \(job.outputPath) are not finished: \(shown); "
                              + "run those shards (again), then animvid join \(job.outputPath)")
        }
        try SegmentedEncode.finalize(segments, in: session, job: job, key: layout.key)
        session.remove()
        return EncodeSummary(outputPath: job.outputPath, frames: job.frameCount, bytes: OutputFile.size(of: job.outputPath),
                             wallSeconds: EncodePipeline.seconds(since: start))
    }
}
