import Foundation

/// A clip's audio as it is encoded: its tracks read from the clip's start and summed, the music
/// lowered under the voice (`Ducker`), the whole brought to the mix's loudness, exactly `length`
/// samples a channel from `clipOffset` into the clip. The part before the offset is mixed and
/// dropped, so an output of part of a clip hears what the whole clip has there, ducking included.
final class Soundtrack {
    /// The samples a channel given (the output's length).
    let length: Int
    /// Samples given so far.
    private(set) var position = 0
    private let music: TrackReader?, voice: TrackReader?
    private let effects: [TrackReader]
    private var ducker: Ducker?
    /// With a ducker, the voice's samples read ahead of the mix (`Ducker.lookahead` of them).
    private var voiceAhead: (left: [Float], right: [Float]) = ([], [])
    /// The loudness gain, a factor.
    private let gain: Float
    /// Samples of the clip still to mix and drop before the output's first.
    private var skip: Int

    /// The audio of `mix` for an output of `length` samples a channel; with a loudness, the
    /// whole clip is mixed once first to measure it.
    init(mix: AudioMix, length: Int) throws(MediaError) {
        let rate = Double(AudioSource.sampleRate)
        let offset = Int((mix.clipOffset * rate).rounded())
        // At least the part's own end, whatever the rounding of the three lengths.
        let clipLength = max(mix.clipLength.map { Int(($0 * rate).rounded()) } ?? 0, offset + length)
        self.length = length
        skip = offset
        music = try mix.music.map { track throws(MediaError) in try TrackReader(track: track, clipLength: clipLength) }
        voice = try mix.voice.map { track throws(MediaError) in try TrackReader(track: track, clipLength: clipLength) }
        var effects: [TrackReader] = []
        for track in mix.effects { effects.append(try TrackReader(track: track, clipLength: clipLength)) }
        self.effects = effects
        if mix.duckDB > 0, music != nil, let voice {
            var ducker = Ducker(depthDB: mix.duckDB, attack: mix.duckAttack, release: mix.duckRelease)
            voiceAhead = try Self.read(voice, ducker.lookahead)
            ducker.prime(voiceAhead)
            self.ducker = ducker
        }
        if let target = mix.loudness {
            var measured = mix
            (measured.loudness, measured.clipOffset, measured.clipLength) = (nil, 0, Double(clipLength) / rate)
            gain = try Self.loudnessGain(of: measured, samples: clipLength, target: target)
        } else {
            gain = 1
        }
    }

    /// The factor that brings `mix` to `target` LUFS (BS.1770 integrated loudness), held where
    /// the loudest sample would pass `peakCeiling` (a linear gain; no limiter reshapes the
    /// sound). Silence stays as it is.
    private static func loudnessGain(of mix: AudioMix, samples: Int, target: Double) throws(MediaError) -> Float {
        let whole = try Soundtrack(mix: mix, length: samples)
        var meter = LoudnessMeter()
        var peak: Float = 0
        while whole.position < whole.length {
            let (left, right) = try whole.read(Self.chunk)
            meter.add(left, right)
            for i in left.indices { peak = max(peak, abs(left[i]), abs(right[i])) }
        }
        guard let loudness = meter.integratedLoudness, peak > 0 else { return 1 }
        let wanted = pow(10, (target - loudness) / 20)
        return Float(min(wanted, pow(10, peakCeiling / 20) / Double(peak)))
    }

    /// `n` samples of `track`, silence past the clip's end.
    private static func read(_ track: TrackReader, _ n: Int) throws(MediaError) -> (left: [Float], right: [Float]) {
        var (left, right) = try track.read(n)
        if left.count < n {
            left += [Float](repeating: 0, count: n - left.count)
            right += [Float](repeating: 0, count: n - right.count)
        }
        return (left, right)
    }

    /// The highest sample level loudness normalisation raises a mix to, in dBFS.
    static let peakCeiling = -1.0
    private static let chunk = 4096

    /// The next samples, at most `count` a channel (fewer only at the output's end; none after it).
    func read(_ count: Int) throws(MediaError) -> (left: [Float], right: [Float]) {
        while skip > 0 {
            let n = min(skip, Self.chunk)
            _ = try mixed(n)
            skip -= n
        }
        let n = min(count, length - position)
        guard n > 0 else { return ([], []) }
        var (left, right) = try mixed(n)
        if gain != 1 {
            for i in 0..<n {
                left[i] *= gain
                right[i] *= gain
            }
        }
        position += n
        return (left, right)
    }

    /// The next `n` samples of the clip's tracks summed, the music ducked.
    private func mixed(_ n: Int) throws(MediaError) -> (left: [Float], right: [Float]) {
        var left = [Float](repeating: 0, count: n), right = [Float](repeating: 0, count: n)
        func add(_ samples: (left: [Float], right: [Float]), scaled factors: [Float]? = nil) {
            for i in 0..<samples.left.count {
                let factor = factors?[i] ?? 1
                left[i] += samples.left[i] * factor
                right[i] += samples.right[i] * factor
            }
        }
        if let voice, let music, ducker != nil {
            // The voice is read `lookahead` ahead: the ducker sees a word before the music under it.
            let ahead = try Self.read(voice, n)
            add(try music.read(n), scaled: ducker?.gains(ahead: ahead))
            voiceAhead.left += ahead.left
            voiceAhead.right += ahead.right
            add((Array(voiceAhead.left.prefix(n)), Array(voiceAhead.right.prefix(n))))
            voiceAhead.left.removeFirst(n)
            voiceAhead.right.removeFirst(n)
        } else {
            for track in [music, voice].compactMap({ $0 }) { add(try track.read(n)) }
        }
        for effect in effects { add(try effect.read(n)) }
        return (left, right)
    }
}
