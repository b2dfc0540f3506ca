import Media

/// Values written as text the same way on the command line and in presets (`1920x1080`, `29.97`,
/// `8M`), read in one place. An error says what was expected; the caller says where (a flag, or
/// a file, line and column).
public enum ValueText {
    /// The longest side of an output, in pixels.
    public static let maximumSide = 8192
    /// The frame rates animvid writes.
    public static let frameRates = 1.0...240

    /// `WIDTHxHEIGHT` in pixels, each side 2…`maximumSide`.
    public static func size(_ text: String) throws(ValueTextError) -> (width: Int, height: Int) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw ValueTextError("'\(text)' is not a size; write WIDTHxHEIGHT, e.g. 1920x1080")
        }
        guard (2...maximumSide).contains(w), (2...maximumSide).contains(h) else {
            throw ValueTextError("\(text) is out of range (each side 2…\(maximumSide) pixels)")
        }
        return (w, h)
    }

    /// `30`, `29.97` (the NTSC rate) or `30000/1001`, within `frameRates`.
    public static func frameRate(_ text: String) throws(ValueTextError) -> FrameRate {
        guard let rate = FrameRate(parsing: text) else {
            throw ValueTextError("'\(text)' is not a frame rate; write 30, 29.97 or 30000/1001")
        }
        guard frameRates.contains(rate.value) else { throw ValueTextError("\(text) is out of range (1…240)") }
        return rate
    }

    /// `FAMILY=INSTALLED` pairs separated by commas (`Century Gothic=Inter,Arial=DejaVu Sans`),
    /// by family.
    public static func fontMap(_ text: String) throws(ValueTextError) -> [String: String] {
        var map: [String: String] = [:]
        for pair in text.split(separator: ",") where !pair.trimmingCharacters(in: .whitespaces).isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw ValueTextError("'\(pair)' is not FAMILY=INSTALLED (e.g. \"Century Gothic=Inter\")")
            }
            map[parts[0]] = parts[1]
        }
        return map
    }

    /// `8M`, `2500k` or a plain number of bits a second.
    public static func bitrate(_ text: String) throws(ValueTextError) -> Int {
        let lower = text.lowercased()
        let multiplier = lower.hasSuffix("m") ? 1_000_000.0 : lower.hasSuffix("k") ? 1_000.0 : 1
        let digits = multiplier == 1 ? lower : String(lower.dropLast())
        guard let value = Double(digits), value > 0, value * multiplier <= 2e9 else {
            throw ValueTextError("'\(text)' is not a bitrate; write e.g. 8M or 2500k (at most 2000M)")
        }
        return Int(value * multiplier)
    }
}

/// A value that does not read as what it should be; the message says what was expected.
public struct ValueTextError: Error, CustomStringConvertible {
    /// What was wrong with the text and what was expected.
    public let message: String

    package init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
