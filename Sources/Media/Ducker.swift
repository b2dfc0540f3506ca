import Foundation

/// Lowers the music under a voice, as a sidechain ducker does: the voice sounds at a sample when
/// it was above `threshold` within the last `AudioMix.duckHold` seconds (so the music does not rise between
/// words); the music's gain then moves towards `-depthDB` at a constant rate in decibels, over
/// `attack` seconds down and `release` seconds back up. The voice is looked at `attack` ahead,
/// so the music is down when the first word begins.
struct Ducker {
    /// The level above which the voice counts as sounding: -40 dBFS.
    static let threshold: Float = 0.01
    private let depthDB: Float
    private let attackStep: Float, releaseStep: Float
    private let holdSamples: Int
    /// The samples the voice is read ahead of the music.
    let lookahead: Int
    /// The music's gain now, in decibels (0 or below).
    private var gainDB: Float = 0
    /// Voice samples seen, and how many since the last loud one.
    private var quietFor = Int.max

    /// A ducker that lowers by `depthDB` over `attack` seconds and recovers over `release`.
    init(depthDB: Double, attack: Double, release: Double) {
        let rate = Double(AudioSource.sampleRate)
        self.depthDB = Float(depthDB)
        lookahead = max(Int((attack * rate).rounded()), 0)
        attackStep = Float(depthDB / max(attack * rate, 1))
        releaseStep = Float(depthDB / max(release * rate, 1))
        // The voice is seen `lookahead` early: it holds the music down that much longer.
        holdSamples = Int((AudioMix.duckHold * rate).rounded()) + lookahead
    }

    /// Notes voice samples without giving gains (the ones before the music's first sample).
    mutating func prime(_ voice: (left: [Float], right: [Float])) {
        for i in voice.left.indices { note(voice.left[i], voice.right[i]) }
    }

    /// The music's gain factors for the next samples, one for each voice sample given, which
    /// are `lookahead` samples ahead of them.
    mutating func gains(ahead voice: (left: [Float], right: [Float])) -> [Float] {
        var factors = [Float](repeating: 1, count: voice.left.count)
        for i in voice.left.indices {
            note(voice.left[i], voice.right[i])
            let target: Float = quietFor < holdSamples ? -depthDB : 0
            gainDB = target < gainDB ? max(gainDB - attackStep, target) : min(gainDB + releaseStep, target)
            factors[i] = gainDB == 0 ? 1 : pow(10, gainDB / 20)
        }
        return factors
    }

    private mutating func note(_ left: Float, _ right: Float) {
        quietFor = max(abs(left), abs(right)) > Self.threshold ? 0 : quietFor == Int.max ? quietFor : quietFor + 1
    }
}
