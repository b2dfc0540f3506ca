import Foundation
@testable import Media
import XCTest

/// The loudness meter against BS.1770-4's own calibration: a 997 Hz sine of amplitude A in both
/// channels (weight 1 each) reads 20·log10(A) LUFS, so a sine at -20 dBFS reads -20.0 LUFS; the
/// absolute gate (-70 LUFS) leaves silent blocks out of the average.
final class LoudnessMeterTests: XCTestCase {
    private func sine(amplitude: Float, seconds: Double, frequency: Double = 997) -> [Float] {
        (0..<Int(seconds * 48_000)).map { amplitude * Float(sin(2 * Double.pi * frequency * Double($0) / 48_000)) }
    }

    func testASineReadsItsLevel() throws {
        var meter = LoudnessMeter()
        let tone = sine(amplitude: 0.1, seconds: 3)
        meter.add(tone, tone)
        XCTAssertEqual(try XCTUnwrap(meter.integratedLoudness), -20, accuracy: 0.05)
    }

    func testSilenceIsGatedOut() throws {
        var meter = LoudnessMeter()
        let silence = [Float](repeating: 0, count: 96_000), tone = sine(amplitude: 0.1, seconds: 2)
        meter.add(silence, silence)
        meter.add(tone, tone)
        // Silent blocks fall under the absolute gate; the three 400 ms blocks across the start hold
        // 1/4, 2/4 and 3/4 of the tone and count with the 17 whole ones: 18.5 tone blocks in 20.
        XCTAssertEqual(try XCTUnwrap(meter.integratedLoudness), -20 + 10 * log10(18.5 / 20), accuracy: 0.02)
        var quiet = LoudnessMeter()
        quiet.add(silence, silence)
        XCTAssertNil(quiet.integratedLoudness, "silence has no loudness")
    }

    /// One channel alone is 3.01 dB under both (BS.1770's calibration: 0 dBFS in one channel reads -3.01 LKFS).
    func testOneChannelIsThreeDecibelsUnderTwo() throws {
        var meter = LoudnessMeter()
        let tone = sine(amplitude: 1, seconds: 2)
        meter.add(tone, [Float](repeating: 0, count: tone.count))
        XCTAssertEqual(try XCTUnwrap(meter.integratedLoudness), -3.01, accuracy: 0.05)
    }
}
