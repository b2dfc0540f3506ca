import Foundation

/// One track of a clip's audio, sample by sample from the clip's start: silence until the track
/// begins (`at`), then its file from `start`, looped or followed by silence, with its gain and
/// fades, exactly `clipLength` samples a channel at 48 kHz. Read in chunks, so a long clip never
/// holds its whole audio.
final class TrackReader {
    let track: AudioTrack
    /// The samples a channel of the whole clip.
    let clipLength: Int
    private var source: AudioSource
    private let gain: Float
    private let startSamples: Int, atSamples: Int
    private let fadeInSamples: Int, fadeOutSamples: Int
    /// The clip sample at which the track ends and its fade-out reaches silence.
    private let endSample: Int
    /// Decoded samples not given yet.
    private var left: [Float] = [], right: [Float] = []
    /// Samples still to drop before the track's start in the file (again after each loop).
    private var skip: Int
    /// Samples of silence still to give before the track begins.
    private var silence: Int
    /// Whether the file gave any sample since it was last started (a loop of nothing would not end).
    private var gaveSince = false
    /// The file has nothing more to give: silence follows.
    private var exhausted = false
    /// Samples given so far.
    private(set) var position = 0
    /// A looping track's first pass from its start, kept while it is at most `longestKeptPass`
    /// samples (nil past that), and, once the file has ended, replayed instead of reopening it.
    private var pass: (left: [Float], right: [Float])? = ([], [])
    private var replay: (left: [Float], right: [Float])?
    /// The longest pass kept in memory: 10 s a channel (3.8 MB for both).
    private static let longestKeptPass = 10 * Int(AudioSource.sampleRate)

    /// The audio of `track` in a clip of `clipLength` samples a channel.
    init(track: AudioTrack, clipLength: Int) throws(MediaError) {
        self.track = track
        self.clipLength = clipLength
        source = try AudioSource(path: track.path)
        let rate = Double(AudioSource.sampleRate)
        gain = Float(pow(10, track.volumeDB / 20))
        startSamples = Int((track.start * rate).rounded())
        atSamples = Int((track.at * rate).rounded())
        skip = startSamples
        silence = atSamples
        fadeInSamples = Int((track.fadeIn * rate).rounded())
        fadeOutSamples = Int((track.fadeOut * rate).rounded())
        // A track that ends with its file (as the file says its length) fades out there.
        if track.endsWithFile, !track.loop, let length = source.duration, length > track.start {
            endSample = min(atSamples + Int(((length - track.start) * rate).rounded()), clipLength)
        } else {
            endSample = clipLength
        }
    }

    /// The next samples, at most `count` a channel (fewer only at the clip's end; none after it).
    func read(_ count: Int) throws(MediaError) -> (left: [Float], right: [Float]) {
        let n = min(count, clipLength - position)
        guard n > 0 else { return ([], []) }
        if silence > 0 {
            let quiet = min(silence, n - left.count)
            if quiet > 0 {
                left += [Float](repeating: 0, count: quiet)
                right += [Float](repeating: 0, count: quiet)
                silence -= quiet
            }
        }
        while left.count < n && !exhausted {
            var chunk: (left: [Float], right: [Float])
            if let replay {
                chunk = replay
            } else if let decoded = try source.next() {
                chunk = decoded
                if skip > 0 {
                    let dropped = min(skip, chunk.left.count)
                    chunk.left.removeFirst(dropped)
                    chunk.right.removeFirst(dropped)
                    skip -= dropped
                }
                if track.loop, pass != nil {
                    pass?.left += chunk.left
                    pass?.right += chunk.right
                    if (pass?.left.count ?? 0) > Self.longestKeptPass { pass = nil }
                }
            } else {
                if track.loop && gaveSince {
                    if let pass {
                        // A short file loops from memory: opening it again for every pass of
                        // a few milliseconds would take far longer than the clip.
                        replay = pass
                    } else {
                        // Opened again rather than sought: any file loops, its decoder starting afresh.
                        source = try AudioSource(path: track.path)
                        (skip, gaveSince) = (startSamples, false)
                    }
                } else {
                    exhausted = true
                }
                continue
            }
            gaveSince = gaveSince || !chunk.left.isEmpty
            left += chunk.left
            right += chunk.right
        }
        let taken = min(n, left.count)
        var outLeft = Array(left.prefix(taken)) + [Float](repeating: 0, count: n - taken)
        var outRight = Array(right.prefix(taken)) + [Float](repeating: 0, count: n - taken)
        left.removeFirst(taken)
        right.removeFirst(taken)
        for i in 0..<n {
            let factor = gain * envelope(at: position + i)
            outLeft[i] *= factor
            outRight[i] *= factor
        }
        position += n
        return (outLeft, outRight)
    }

    /// The fades' factor at clip sample `i`: rising from 0 over the fade-in where the track
    /// begins, falling to 0 over the fade-out where it ends (`endSample`); nothing after that.
    private func envelope(at i: Int) -> Float {
        var factor: Float = 1
        let sinceBegin = i - atSamples
        if sinceBegin < 0 { return 0 }
        if sinceBegin < fadeInSamples { factor = Float(sinceBegin) / Float(fadeInSamples) }
        let fromEnd = endSample - i
        if fromEnd <= 0 { return 0 }
        if fadeOutSamples > 0 && fromEnd <= fadeOutSamples { factor *= Float(max(fromEnd - 1, 0)) / Float(fadeOutSamples) }
        return factor
    }
}
