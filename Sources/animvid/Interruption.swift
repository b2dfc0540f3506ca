import Dispatch
import Foundation
import Pipeline

/// SIGINT and SIGTERM during an encode: instead of dying mid-write, the encode stops between
/// frames, keeps its finished segments and exits with 130 or 143.
enum Interruption {
    static let flag = StopFlag()
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// Routes SIGINT and SIGTERM to `flag`.
    static func install() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { flag.request(signal: number) }
            source.resume()
            sources.append(source)
        }
    }
}
