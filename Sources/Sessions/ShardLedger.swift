import Foundation
import Pipeline
import Media

/// One of `count` processes sharing an encode, numbered from 0.
public struct Shard: Sendable, Equatable, Codable, CustomStringConvertible {
    /// Which shard this is, 0 ..< count.
    public var index: Int
    /// How many shards share the encode.
    public var count: Int

    /// Shard `index` of `count`.
    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// `I/N`.
    public var description: String { "\(index)/\(count)" }

    /// This shard's even, contiguous share of `items` (segments, a batch's rows): the shares
    /// of all shards cover 0..<items once, their sizes differing by one at most.
    public func share(of items: Int) -> Range<Int> {
        (index * items / count)..<((index + 1) * items / count)
    }
}

/// The files through which the shards of one encode share its work folder on a shared file
/// system (NFS, a Kubernetes volume): the plan they all follow, a claim file a segment and a
/// record a finished segment. Every file is created whole under a temporary name and then
/// linked or renamed into place, which is atomic on local file systems and on NFS alike: a
/// claim is taken by `link`, which fails for every process but one (file locks are not relied
/// on across machines).
public struct ShardLedger {
    /// The plan every shard follows: the session's journal as an encode in one process starts
    /// it (what identifies the encode, its output and command; no segments: each shard records
    /// its own), and how many segments there are.
    public struct Plan: Codable, Equatable, Sendable {
        public var session: SessionJournal
        public var segmentCount: Int
    }

    /// Who holds a segment's claim.
    public struct Claim: Codable, Equatable, Sendable {
        /// The claiming shard's index and count.
        public var shard: Int
        public var shards: Int
        /// The machine and process that claimed it.
        public var host: String
        public var pid: Int32
    }

    /// The plan's file name in the work folder; its presence marks a sharded session.
    public static let planName = WorkFolderFiles.shardPlan
    /// The file whose creation elects the one shard that joins (`--join`).
    static let joinClaimName = WorkFolderFiles.joinClaim

    /// The work folder.
    public let folder: String

    /// The ledger in the work folder `folder`.
    public init(folder: String) {
        self.folder = folder
    }

    /// Whether the folder holds a sharded session.
    public static func exists(in folder: String) -> Bool {
        WorkFolderFiles.holdsShards(folder)
    }

    /// The plan, nil when there is none or it cannot be read.
    public func plan() -> Plan? {
        read(Self.planName)
    }

    /// How far a sharded session is: its segments finished, claimed and left, frames
    /// finished, and the claims held on unfinished segments.
    public struct Progress: Sendable {
        public var finished = 0, claimed = 0, left = 0
        public var finishedFrames = 0
        /// The holders of claims on unfinished segments, each with how many it holds.
        public var holders: [(claim: Claim, segments: Int)] = []
    }

    /// Where the session stands, for `animvid sessions`.
    public func progress(of plan: Plan) -> Progress {
        var progress = Progress()
        for index in 0..<plan.segmentCount {
            if let done = finished(index) {
                progress.finished += 1
                progress.finishedFrames += done.frameCount
            } else if let held = claim(of: index) {
                progress.claimed += 1
                if let k = progress.holders.firstIndex(where: { $0.claim == held }) {
                    progress.holders[k].segments += 1
                } else {
                    progress.holders.append((held, 1))
                }
            } else {
                progress.left += 1
            }
        }
        return progress
    }

    /// Writes `plan` unless one is there already; returns the plan in force (the first shard's).
    func establish(_ plan: Plan) throws -> Plan {
        if let existing = self.plan() { return existing }
        if try create(Self.planName, plan) { return plan }
        guard let existing = self.plan() else { throw OutputError("cannot read \(folder)/\(Self.planName)") }
        return existing
    }

    /// The record of finished segment `index`, nil until it is finished.
    public func finished(_ index: Int) -> SessionJournal.Segment? {
        read(Self.doneName(index))
    }

    /// The claim on segment `index`, nil when it is free.
    public func claim(of index: Int) -> Claim? {
        read(Self.claimName(index))
    }

    /// Claims segment `index` for `shard`: true when it is now this process's, because no one
    /// held it or because the shard itself held it in an earlier run that stopped (a shard is
    /// run once at a time, so its own old claim is stale).
    func claim(_ index: Int, for shard: Shard) throws -> Bool {
        let mine = Claim(shard: shard.index, shards: shard.count, host: Self.host, pid: getpid())
        if try create(Self.claimName(index), mine) { return true }
        guard let held = claim(of: index), held.shard == shard.index, held != mine else { return false }
        try replace(Self.claimName(index), mine)
        return true
    }

    /// Records finished segment `segment` (after its file is in place).
    func finish(_ segment: SessionJournal.Segment) throws {
        try replace(Self.doneName(segment.index), segment)
    }

    /// Elects this process to join: true for the first to ask.
    func claimJoin() throws -> Bool {
        try create(Self.joinClaimName, Claim(shard: -1, shards: 0, host: Self.host, pid: getpid()))
    }

    static func claimName(_ index: Int) -> String { String(format: "claim-%05d", index) }
    static func doneName(_ index: Int) -> String { String(format: "done-%05d.json", index) }

    /// This machine's name, for claims.
    static let host: String = {
        var name = [UInt8](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "?" }
        return String(decoding: name.prefix { $0 != 0 }, as: UTF8.self)
    }()

    /// A temporary name for `name`, unique to this machine and process.
    private func temporary(for name: String) -> String {
        let host = Self.host.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }
        return folder + "/." + name + ".partial-\(String(host.prefix(64)))-\(getpid())"
    }

    private func encoded(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(value)
    }

    /// Creates `name` holding `value` unless it exists: true when this call created it.
    private func create(_ name: String, _ value: some Encodable) throws -> Bool {
        let temporary = temporary(for: name)
        guard DirectFile.create(atPath: temporary, contents: try encoded(value)) else {
            throw OutputError("cannot write in \(folder) (is the disk full?)")
        }
        defer { unlink(temporary) }
        if link(temporary, folder + "/" + name) == 0 { return true }
        guard errno == EEXIST else { throw OutputError("cannot create \(folder)/\(name): \(String(cString: strerror(errno)))") }
        return false
    }

    /// Writes `name` holding `value`, replacing what is there.
    private func replace(_ name: String, _ value: some Encodable) throws {
        let temporary = temporary(for: name)
        guard DirectFile.create(atPath: temporary, contents: try encoded(value)) else {
            throw OutputError("cannot write in \(folder) (is the disk full?)")
        }
        try OutputFile.commit(temporary, to: folder + "/" + name, replacing: true)
    }

    private func read<Value: Decodable>(_ name: String) -> Value? {
        guard let data = FileManager.default.contents(atPath: folder + "/" + name) else { return nil }
        return try? JSONDecoder().decode(Value.self, from: data)
    }
}
