import Foundation
import Pipeline
import Sessions

/// `--shard I/N`, `--shard auto` or `--shard auto/N`: which share of an encode this process
/// renders. `auto` reads the scheduler's environment: a Slurm job array's task (its id and
/// count, or its id, min and max), a Kubernetes Indexed Job's completion index, or GNU
/// parallel's job number; the count comes from `/N` where the environment does not say it.
enum ShardOption {
    static func parse(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(CLIError) -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 2, !parts[0].isEmpty else { throw .usage("--shard: '\(text)' is not I/N, auto or auto/N") }
        var count: Int?
        if parts.count == 2 {
            guard let n = Int(parts[1]), n >= 1, n <= 100_000 else { throw .usage("--shard: '\(parts[1])' is not a shard count from 1 to 100000") }
            count = n
        }
        if parts[0] != "auto" {
            guard let count else { throw .usage("--shard: '\(text)' needs the count too, as I/N (e.g. 0/4)") }
            guard let index = Int(parts[0]), index >= 0, index < count else {
                throw .usage("--shard: '\(parts[0])' is not a shard index from 0 to \(count - 1)")
            }
            return Shard(index: index, count: count)
        }
        let (index, found, source) = try fromEnvironment(environment, count: count)
        guard let n = found ?? count else {
            throw .usage("--shard auto: \(source) gives the index but not the count: use --shard auto/N")
        }
        if let count, let found, count != found {
            throw .usage("--shard auto/\(count): \(source) says there are \(found) shards")
        }
        guard index >= 0, index < n else { throw .usage("--shard auto: \(source) gives index \(index), outside 0-\(n - 1)") }
        return Shard(index: index, count: n)
    }

    /// The index (from 0), the count if the environment gives it, and where they came from.
    private static func fromEnvironment(_ environment: [String: String], count: Int?) throws(CLIError) -> (Int, Int?, String) {
        func number(_ name: String) throws(CLIError) -> Int? {
            guard let text = environment[name] else { return nil }
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else { throw .usage("--shard auto: \(name)='\(text)' is not a number") }
            return value
        }
        if let task = try number("SLURM_ARRAY_TASK_ID") {
            let low = try number("SLURM_ARRAY_TASK_MIN") ?? 0
            if let total = try number("SLURM_ARRAY_TASK_COUNT") { return (task - low, total, "SLURM_ARRAY_TASK_ID") }
            if let high = try number("SLURM_ARRAY_TASK_MAX") { return (task - low, high - low + 1, "SLURM_ARRAY_TASK_ID") }
            return (task - low, nil, "SLURM_ARRAY_TASK_ID")
        }
        if let index = try number("JOB_COMPLETION_INDEX") { return (index, nil, "JOB_COMPLETION_INDEX") }
        if let sequence = try number("PARALLEL_SEQ") { return (sequence - 1, nil, "PARALLEL_SEQ") }
        throw .usage("--shard auto: none of SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX (Kubernetes) or PARALLEL_SEQ (GNU parallel) is set; "
                     + "give the shard as I/N")
    }
}
