import Dispatch
import Foundation
import Pipeline

/// SIGINT and SIGTERM during an encode: instead of dying mid-write, the encode stops between
/// frames, keeps its finished segments and exits with 130 or 143.
enum Interruption {
    private static let flag = StopFlag()
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// From now on routes SIGINT and SIGTERM to the returned flag, which encodes check between
    /// frames; a second signal ends the process at once. Other commands keep the default action.
    static func stopFlag() -> StopFlag {
        guard sources.isEmpty else { return flag }
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if flag.requested != nil {
                    signal(number, SIG_DFL)
                    raise(number)
                }
                flag.request(signal: number)
            }
            source.resume()
            sources.append(source)
        }
        return flag
    }
}
