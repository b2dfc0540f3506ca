import Documents
import Foundation
import Synchronization

/// The work a Lottie file may ask for while it is built, counted across every layer and every
/// use of a precomposition: keyframes read, path points read (again for each repeated copy) and points sampled. A small file that places a heavy
/// precomposition ten thousand times fails instead of exhausting memory.
final class LottieBudget: Sendable {
    private let spent = Mutex(0)
    static let limit = 20_000_000

    /// Counts `cost` units spent at `path`; past the limit, an error there.
    func charge(_ cost: Int, at path: String, in file: String) throws(DocumentError) {
        let total = spent.withLock { spent in
            spent = spent.addingClamped(cost)
            return spent
        }
        guard total <= Self.limit else {
            throw DocumentError(file: file, position: nil, path: path,
                                message: "the file asks for more than \(Self.limit) keyframes, path points and copies in all")
        }
    }

    /// Refuses, before anything is built, a file whose keyframes number more than `limit` once
    /// every precomposition is counted for each layer that shows it (a heavy precomposition
    /// shown by many layers is found in one pass over the JSON, not after building most of it).
    static func checkExpandedKeyframes(of layers: JSONValue?, assets: [String: JSONValue], decoder: LottieDecoder) throws(DocumentError) {
        var expanded: [String: Int] = [:]
        /// The keyframes of a list of layers, each precomposition counted in full for each
        /// layer that shows it; a precomposition being counted counts 0 where it shows itself.
        func count(_ layers: JSONValue?, visiting: Set<String>) -> Int {
            guard case let .array(items, _)? = layers else { return 0 }
            var total = 0
            for item in items {
                total = total.addingClamped(keyframes(in: item))
                guard case .string(let id, _)? = LottieDecoder.member(item, "refId"), let asset = assets[id],
                      let precomposition = LottieDecoder.member(asset, "layers"), !visiting.contains(id) else { continue }
                if expanded[id] == nil { expanded[id] = count(precomposition, visiting: visiting.union([id])) }
                total = total.addingClamped(expanded[id] ?? 0)
            }
            return total
        }
        let total = count(layers, visiting: [])
        guard total <= limit else {
            throw decoder.fail("layers", layers, "the file has \(total) keyframes once each precomposition is counted for every layer that shows it; "
                              + "animvid reads at most \(limit)")
        }
    }

    /// The keyframes written in `value`: the items of every `k` list whose items carry a time `t`.
    /// The layers of a precomposition are counted where it is shown, not here.
    private static func keyframes(in value: JSONValue) -> Int {
        switch value {
        case .object(let members, _):
            var total = 0
            for member in members where member.key != "layers" {
                if member.key == "k", case .array(let items, _) = member.value, case .object(let first, _)? = items.first,
                   first.contains(where: { $0.key == "t" }) {
                    total = total.addingClamped(items.count)
                }
                total = total.addingClamped(keyframes(in: member.value))
            }
            return total
        case .array(let items, _):
            return items.reduce(0) { $0.addingClamped(keyframes(in: $1)) }
        default:
            return 0
        }
    }
}

private extension Int {
    /// The sum, or `Int.max` where it would overflow.
    func addingClamped(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}
