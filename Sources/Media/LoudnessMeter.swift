import Foundation

/// Integrated loudness of 48 kHz stereo audio as ITU-R BS.1770-4 (and EBU R128) defines it:
/// K-weighted (a high shelf, then a high pass, with the recommendation's coefficients for
/// 48 kHz), mean square over 400 ms blocks overlapping by 75 %, blocks below -70 LUFS dropped,
/// then those more than 10 LU under the rest's loudness. A 1 kHz sine of amplitude A in both
/// channels reads 20·log10(A) LUFS.
struct LoudnessMeter {
    /// One biquad section, direct form II transposed, in Double.
    private struct Biquad {
        let b0, b1, b2, a1, a2: Double
        var z1 = 0.0, z2 = 0.0

        mutating func process(_ x: Double) -> Double {
            let y = b0 * x + z1
            z1 = b1 * x - a1 * y + z2
            z2 = b2 * x - a2 * y
            return y
        }
    }

    /// BS.1770-4's K-weighting at 48 kHz: the head's high shelf, then the RLB high pass.
    private static func kWeighting() -> [Biquad] {
        [Biquad(b0: 1.53512485958697, b1: -2.69169618940638, b2: 1.19839281085285, a1: -1.69065929318241, a2: 0.73248077421585),
         Biquad(b0: 1, b1: -2, b2: 1, a1: -1.99004745483398, a2: 0.99007225036621)]
    }

    private var filters = [kWeighting(), kWeighting()]
    /// The K-weighted energy (sum of both channels' squares) of each 100 ms step so far.
    private var steps: [Double] = []
    private var stepEnergy = 0.0, stepCount = 0
    private static let stepLength = Int(AudioSource.sampleRate) / 10

    /// Adds samples (both channels the same length).
    mutating func add(_ left: [Float], _ right: [Float]) {
        for i in left.indices {
            var l = Double(left[i]), r = Double(right[i])
            for k in 0..<2 {
                l = filters[0][k].process(l)
                r = filters[1][k].process(r)
            }
            stepEnergy += l * l + r * r
            stepCount += 1
            if stepCount == Self.stepLength {
                steps.append(stepEnergy)
                (stepEnergy, stepCount) = (0, 0)
            }
        }
    }

    /// The integrated loudness in LUFS of what was added; nil when no 400 ms block passes the
    /// gates (silence, or less than 0.4 s).
    var integratedLoudness: Double? {
        guard steps.count >= 4 else { return nil }
        // A block's mean square per channel, summed over the channels (weight 1 for left and right).
        let blocks = (0...(steps.count - 4)).map { start in steps[start..<(start + 4)].reduce(0, +) / Double(4 * Self.stepLength) }
        func loudness(_ power: Double) -> Double { -0.691 + 10 * log10(power) }
        let audible = blocks.filter { $0 > 0 && loudness($0) > -70 }
        guard !audible.isEmpty else { return nil }
        let relativeGate = loudness(audible.reduce(0, +) / Double(audible.count)) - 10
        let gated = audible.filter { loudness($0) > relativeGate }
        guard !gated.isEmpty else { return nil }
        return loudness(gated.reduce(0, +) / Double(gated.count))
    }
}
