import Foundation
import XCTest

/// Sound (`--audio`, `--voice`, `--sounds`): the samples arrive intact (checked losslessly through
/// FLAC against the source file), last exactly as long as the video in every container, fade,
/// loop, start into the file; the music ducks under the voice by the decibels asked, effects land
/// on their sample, a loudness target is met as FFmpeg's EBU R128 meter reads it; bad input is
/// refused before anything is written. Test audio is made by FFmpeg here.
final class AudioTests: XCTestCase {
    var folder: URL!
    var cli: CLIRunner { CLIRunner(folder: folder) }
    let clip = ["encode", "--scene", "loader", "--size", "160x90", "--scale", "0.25", "-q", "-y"]

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-audio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A stereo 48 kHz tone (no resampling on the way), a mono 44.1 kHz one, and half a second of silence then a tone.
        try make("tone48.wav", "sine=frequency=440:duration=1:sample_rate=48000", ["-ac", "2"])
        try make("tone44.wav", "sine=frequency=440:duration=1:sample_rate=44100", [])
        try make("late.wav", "aevalsrc=if(gte(t\\,0.5)\\,0.5*sin(2*PI*330*t)\\,0):s=48000:d=1.5", ["-ac", "2"])
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func make(_ name: String, _ source: String, _ options: [String]) throws {
        _ = try cli.tool("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", source] + options + [folder.appendingPathComponent(name).path])
    }

    /// A file's audio decoded to 48 kHz stereo 16-bit samples, interleaved.
    func samples(_ name: String) throws -> [Int16] {
        let raw = folder.appendingPathComponent(name + ".s16").path
        _ = try cli.tool("ffmpeg", ["-v", "error", "-y", "-i", folder.appendingPathComponent(name).path, "-map", "0:a",
                                    "-f", "s16le", "-ar", "48000", "-ac", "2", raw])
        let data = try XCTUnwrap(FileManager.default.contents(atPath: raw))
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    func peak(_ s: ArraySlice<Int16>) -> Int { s.map { abs(Int($0)) }.max() ?? 0 }

    func testTheSamplesArriveIntact() throws {
        let result = try cli.run(clip + ["--seconds", "2", "--audio", "tone48.wav", "--audio-codec", "flac", "a.mkv"])
        XCTAssertEqual(result.status, 0, result.err)
        let (source, out) = (try samples("tone48.wav"), try samples("a.mkv"))
        XCTAssertEqual(source.count, 2 * 48_000)
        XCTAssertEqual(out.count, 2 * 2 * 48_000, "2 s of stereo")
        XCTAssertEqual(Array(out.prefix(source.count)), source, "the tone, sample for sample")
        XCTAssertEqual(peak(out.dropFirst(source.count)), 0, "then silence")
        // -6.0206 dB halves the amplitude.
        let quiet = try cli.run(clip + ["--seconds", "1", "--audio", "tone48.wav", "--audio-codec", "flac", "--audio-volume", "-6.0206", "q.mkv"])
        XCTAssertEqual(quiet.status, 0, quiet.err)
        let halved = try samples("q.mkv")
        XCTAssertEqual(halved.count, source.count)
        XCTAssertLessThanOrEqual(zip(halved, source).map { abs(Int($0) * 2 - Int($1)) }.max() ?? 99, 2)
    }

    func testTheAudioLastsAsLongAsTheVideo() throws {
        for file in ["a.mp4", "a.mov", "a.webm", "a.mkv"] {
            let result = try cli.run(clip + ["--seconds", "2.5", "--audio", "tone44.wav", "--audio-loop", file])
            XCTAssertEqual(result.status, 0, "\(file): \(result.err)")
            let frames = try samples(file).count / 2
            XCTAssertTrue((120_000...121_024).contains(frames), "\(file): \(frames) samples for 2.5 s (one AAC frame of 1024 may be padding)")
            let video = try cli.tool("ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v", "-show_entries", "stream=nb_read_frames",
                                                 "-of", "csv=p=0", folder.appendingPathComponent(file).path])
            XCTAssertEqual(video, "75\n", file)
        }
    }

    func testFadesLoopsAndStarts() throws {
        let faded = try cli.run(clip + ["--seconds", "2", "--audio", "tone48.wav", "--audio-loop", "--audio-fade-in", "0.5",
                                        "--audio-fade-out", "0.5", "--audio-codec", "flac", "f.mkv"])
        XCTAssertEqual(faded.status, 0, faded.err)
        let f = try samples("f.mkv")
        XCTAssertEqual(f.count, 2 * 96_000)
        XCTAssertLessThan(peak(f.prefix(480)), 60, "near silent at the start (5 ms into a 0.5 s fade)")
        XCTAssertLessThan(peak(f.suffix(480)), 60, "near silent at the end")
        XCTAssertGreaterThan(peak(f[(2 * 48_000)..<(2 * 72_000)]), 2_800, "full in the middle: the looped tone (amplitude 1/8 at -3 dB)")

        let looped = try cli.run(clip + ["--seconds", "4", "--audio", "tone44.wav", "--audio-loop", "l.mp4"])
        XCTAssertEqual(looped.status, 0, looped.err)
        let l = try samples("l.mp4")
        for second in 0..<4 {
            XCTAssertGreaterThan(peak(l[(second * 96_000 + 9_600)..<(second * 96_000 + 86_400)]), 2_000, "second \(second) sounds (a sine of amplitude 1/8, at -3 dB a side from mono)")
        }
        let once = try cli.run(clip + ["--seconds", "3", "--audio", "tone44.wav", "o.mp4"])
        XCTAssertEqual(once.status, 0, once.err)
        XCTAssertLessThan(peak(try samples("o.mp4").dropFirst(2 * 52_800)), 40, "silence after the file's 1 s")

        let late = try cli.run(clip + ["--seconds", "0.5", "--audio", "late.wav", "--audio-start", "0.5", "--audio-codec", "flac", "s.mkv"])
        XCTAssertEqual(late.status, 0, late.err)
        XCTAssertEqual(try samples("s.mkv"), Array(try samples("late.wav")[(2 * 24_000)..<(2 * 48_000)]), "from 0.5 s into the file")
    }

    /// An output of part of a clip (--frames) hears the clip's audio there, its fades included.
    func testPartOfAClipHearsItsPartOfTheAudio() throws {
        let common = clip + ["--seconds", "2", "--audio", "tone48.wav", "--audio-loop", "--audio-fade-in", "0.4", "--audio-fade-out", "0.7",
                             "--audio-codec", "flac"]
        XCTAssertEqual(try cli.run(common + ["whole.mkv"]).status, 0)
        let part = try cli.run(common + ["--frames", "30-59", "part.mkv"])
        XCTAssertEqual(part.status, 0, part.err)
        XCTAssertEqual(try samples("part.mkv"), Array(try samples("whole.mkv")[(2 * 48_000)..<(2 * 96_000)]))
        // At 29.97 fps a frame is 1,601.6 samples: the part's rounded ends must still meet the clip's.
        let ntsc = clip + ["--fps", "30000/1001", "--seconds", "4.07", "--audio", "tone48.wav", "--audio-loop", "--audio-codec", "flac"]
        XCTAssertEqual(try cli.run(ntsc + ["whole-ntsc.mkv"]).status, 0)
        let tail = try cli.run(ntsc + ["--frames", "1-121", "tail.mkv"])
        XCTAssertEqual(tail.status, 0, tail.err)
        let (whole, cut) = (try samples("whole-ntsc.mkv"), try samples("tail.mkv"))
        XCTAssertEqual(cut.count, whole.count - 2 * 1_602, "all but the first frame's 1,602 samples")
        XCTAssertEqual(cut, Array(whole.suffix(cut.count)))
    }

    /// A file cut off mid-sample plays as far as it decodes, with a warning saying where, before
    /// anything is rendered; the samples before the cut are the file's own.
    func testACutOffFilePlaysAsFarAsItDecodes() throws {
        let whole = try XCTUnwrap(FileManager.default.contents(atPath: folder.appendingPathComponent("tone48.wav").path))
        try whole.prefix(100_001).write(to: folder.appendingPathComponent("cut.wav"))
        let result = try cli.run(clip + ["--seconds", "1", "--audio", "cut.wav", "--audio-codec", "flac", "c.mkv"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.err.contains("warning: cut.wav: the audio data is damaged at 0.520 s"), result.err)
        let (cut, full) = (try samples("c.mkv"), try samples("tone48.wav"))
        XCTAssertEqual(Array(cut.prefix(2 * 24_000)), Array(full.prefix(2 * 24_000)))
    }

    /// A looped file of a few milliseconds fills the clip with its samples over and over, the
    /// same whichever way they are read (a 5 ms file looped 400 times in 2 s).
    func testAVeryShortFileLoops() throws {
        try make("tick.wav", "sine=frequency=1000:duration=0.005:sample_rate=48000", ["-ac", "2"])
        let result = try cli.run(clip + ["--seconds", "2", "--audio", "tick.wav", "--audio-loop", "--audio-codec", "flac", "t.mkv"])
        XCTAssertEqual(result.status, 0, result.err)
        let (looped, tick) = (try samples("t.mkv"), try samples("tick.wav"))
        XCTAssertEqual(tick.count, 2 * 240)
        XCTAssertEqual(looped.count, 2 * 96_000)
        for pass in [0, 1, 199, 399] { XCTAssertEqual(Array(looped[(pass * 480)..<((pass + 1) * 480)]), tick, "pass \(pass)") }
    }

    /// Bad input: a usage error naming the problem, and nothing at the output path.
    func testBadInputIsRefused() throws {
        _ = try cli.tool("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=red:s=32x32:d=1", folder.appendingPathComponent("silent.mp4").path])
        try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: folder.appendingPathComponent("noise.mp3"))
        for (arguments, expected) in [(["--audio", "tone48.wav", "x.gif"], "a GIF has no sound"),
                                      (["--audio", "tone48.wav", "x%03d.png"], "a PNG sequence has no sound"),
                                      (["--audio", "silent.mp4", "x.mp4"], "silent.mp4 has no audio stream"),
                                      (["--audio", "noise.mp3", "x.mp4"], "--audio: cannot open noise.mp3"),
                                      (["--audio", "tone48.wav", "--audio-start", "2", "x.mp4"], "a start at 2.000 s is past its end"),
                                      (["--audio", "missing.wav", "x.mp4"], "missing.wav: no such file"),
                                      (["--audio", "tone48.wav", "--audio-codec", "flac", "x.mp4"], "mp4 holds aac audio, not flac"),
                                      (["--audio-fade-in", "1", "x.mp4"], "give it with --audio FILE"),
                                      (["--loudness", "-14", "x.mp4"], "give it with --audio, --voice or --sounds")] {
            let result = try cli.run(clip + ["--seconds", "1"] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.err)")
            XCTAssertTrue(result.err.contains(expected), "\(arguments): \(result.err)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent(arguments.last!).path), "\(arguments)")
        }
    }

    /// The level of `frequency` in `samples` (left channel, interleaved stereo) over 40 ms around
    /// `time`, in dB: a Hann-windowed single-frequency DFT, so another tone does not leak in.
    func level(_ samples: [Int16], _ frequency: Double, at time: Double) -> Double {
        let first = Int((time - 0.02) * 48_000), count = 1_920
        var (re, im, weights) = (0.0, 0.0, 0.0)
        for n in 0..<count {
            let w = 0.5 - 0.5 * cos(2 * Double.pi * Double(n) / Double(count - 1))
            let x = Double(samples[2 * (first + n)]) / 32_768 * w
            re += x * cos(2 * Double.pi * frequency * Double(n) / 48_000)
            im -= x * sin(2 * Double.pi * frequency * Double(n) / 48_000)
            weights += w
        }
        return 20 * log10(2 * (re * re + im * im).squareRoot() / weights)
    }

    /// Music (440 Hz) under a voice-over (2 kHz, from 1 s to 2 s) with `--duck 12`: the music is
    /// 12 dB down while the voice speaks, already at the first word (the fall of 0.2 s ends as it
    /// begins), held 0.3 s after the last, and back over 0.6 s, each step linear in dB; the voice
    /// itself is untouched. A part of the clip hears exactly the whole clip's samples there.
    func testTheMusicDucksUnderTheVoice() throws {
        try make("music.wav", "sine=frequency=440:duration=4:sample_rate=48000", ["-ac", "2"])
        try make("voice.wav", "aevalsrc=0.3*sin(2*PI*2000*t):s=48000:d=1", ["-ac", "2"])
        let common = clip + ["--seconds", "4", "--audio", "music.wav", "--voice", "voice.wav", "--voice-at", "1", "--duck", "12", "--audio-codec", "flac"]
        let result = try cli.run(common + ["d.mkv"])
        XCTAssertEqual(result.status, 0, result.err)
        let mixed = try samples("d.mkv")
        let full = level(mixed, 440, at: 0.5)
        for (time, down) in [(0.75, 0.0), (0.9, 6.0), (1.05, 12), (1.5, 12), (2.25, 12), (2.6, 6), (2.95, 0), (3.5, 0)] {
            XCTAssertEqual(level(mixed, 440, at: time), full - down, accuracy: 0.15, "the music at \(time) s")
        }
        XCTAssertEqual(level(mixed, 2000, at: 1.5), 20 * log10(0.3) - 3.01, accuracy: 0.1, "the voice at its own level (-3 dB a side from mono)")
        XCTAssertLessThan(level(mixed, 2000, at: 0.5), -90, "no voice before it begins")
        let part = try cli.run(common + ["--frames", "45-89", "part.mkv"])
        XCTAssertEqual(part.status, 0, part.err)
        XCTAssertEqual(try samples("part.mkv"), Array(mixed[(2 * 72_000)..<(2 * 144_000)]), "1.5 s to 3 s of the whole, ducking and all")
    }

    /// Sound effects land on their sample at their gain, over silence, and add to the music.
    func testSoundEffectsLandOnTheirSample() throws {
        let result = try cli.run(clip + ["--seconds", "2", "--sounds", "tone48.wav@0.5:-6.0206, late.wav@1.25", "--audio-codec", "flac", "e.mkv"])
        XCTAssertEqual(result.status, 0, result.err)
        let (mixed, tone, late) = (try samples("e.mkv"), try samples("tone48.wav"), try samples("late.wav"))
        XCTAssertEqual(mixed.count, 2 * 96_000)
        XCTAssertEqual(peak(mixed[0..<(2 * 24_000)]), 0, "silence before the first")
        let halved = mixed[(2 * 24_000)..<(2 * 60_000)]
        XCTAssertLessThanOrEqual(zip(halved, tone).map { abs(Int($0) * 2 - Int($1)) }.max() ?? 99, 2, "the tone at half its amplitude from 0.5 s")
        // From 1.25 s the two overlap: the sum of both files' samples there.
        var worst = 0
        for i in 60_000..<72_000 {
            let expected = Int(tone[2 * (i - 24_000)]) / 2 + Int(late[2 * (i - 60_000)])
            worst = max(worst, abs(Int(mixed[2 * i]) - expected))
        }
        XCTAssertLessThanOrEqual(worst, 2)
        for (sounds, expected) in [("tone48.wav", "write a sound as FILE@SECONDS[:DB]"), ("tone48.wav@x", "write a sound as FILE@SECONDS[:DB]"),
                                   ("tone48.wav@1:-99", "a gain of -60…24 dB"), ("gone.wav@1", "gone.wav: no such file")] {
            let bad = try cli.run(clip + ["--seconds", "1", "--sounds", sounds, "x.mkv"])
            XCTAssertEqual(bad.status, 2, "\(sounds): \(bad.err)")
            XCTAssertTrue(bad.err.contains(expected), "\(sounds): \(bad.err)")
        }
    }

    /// Each track has its own fades and loop: an effect fades out where its file ends (a 1 s tone
    /// at 0.5 s with out=0.5 falls to silence by 1.5 s, linearly), a voice-over fades in where it
    /// begins and out where its file ends, and a looped effect repeats to the clip's end.
    func testEachTrackFadesAndLoops() throws {
        let effect = try cli.run(clip + ["--seconds", "2", "--sounds", "tone48.wav@0.5:out=0.5", "--audio-codec", "flac", "e.mkv"])
        XCTAssertEqual(effect.status, 0, effect.err)
        let (faded, tone) = (try samples("e.mkv"), try samples("tone48.wav"))
        XCTAssertEqual(Array(faded[(2 * 24_000)..<(2 * 48_000)]), Array(tone[0..<(2 * 24_000)]), "whole until its fade")
        for (time, factor) in [(1.125, 0.75), (1.25, 0.5), (1.375, 0.25)] {
            let i = Int(time * 48_000), source = i - 24_000
            let window = (i..<(i + 480)).map { abs(Double(faded[2 * $0])) }.max() ?? 0
            let full = (source..<(source + 480)).map { abs(Double(tone[2 * $0])) }.max() ?? 0
            XCTAssertEqual(window / full, factor, accuracy: 0.02, "at \(time) s")
        }
        XCTAssertLessThan(peak(faded[(2 * 71_900)...]), 30, "silent from 1.5 s")

        let voice = try cli.run(clip + ["--seconds", "2", "--voice", "tone48.wav", "--voice-at", "0.5", "--voice-fade-in", "0.25",
                                        "--voice-fade-out", "0.25", "--audio-codec", "flac", "v.mkv"])
        XCTAssertEqual(voice.status, 0, voice.err)
        let spoken = try samples("v.mkv")
        XCTAssertLessThan(peak(spoken[(2 * 24_000)..<(2 * 24_240)]), 300, "rising where it begins")
        XCTAssertGreaterThan(peak(spoken[(2 * 48_000)..<(2 * 50_000)]), 2_800, "full in the middle")
        XCTAssertLessThan(peak(spoken[(2 * 71_760)..<(2 * 72_000)]), 300, "falling where its file ends")

        try make("tick.wav", "sine=frequency=1000:duration=0.005:sample_rate=48000", ["-ac", "2"])
        let looped = try cli.run(clip + ["--seconds", "2", "--sounds", "tick.wav@1:loop", "--audio-codec", "flac", "l.mkv"])
        XCTAssertEqual(looped.status, 0, looped.err)
        let ticks = try samples("l.mkv"), tick = try samples("tick.wav")
        XCTAssertEqual(peak(ticks[0..<(2 * 48_000)]), 0, "nothing before 1 s")
        for pass in [0, 1, 99, 199] {
            let start = 2 * (48_000 + pass * 240)
            XCTAssertEqual(Array(ticks[start..<(start + 480)]), tick, "pass \(pass)")
        }
    }

    /// `--loudness` brings the mix to its integrated loudness as FFmpeg's own EBU R128 meter
    /// (`ebur128`) reads it; a mix whose peaks would pass -1 dBFS stops there, quieter than asked.
    func testTheMixMeetsItsLoudness() throws {
        try make("quiet.wav", "aevalsrc=0.05*sin(2*PI*440*t)+0.03*sin(2*PI*97*t)*gt(t\\,1):s=48000:d=4", ["-ac", "2"])
        try make("spiky.wav", "aevalsrc=0.01*sin(2*PI*440*t)+0.5*lt(mod(t\\,1)\\,0.001):s=48000:d=4", ["-ac", "2"])
        func measured(_ name: String) throws -> (integrated: Double, peak: Double) {
            // ebur128 writes its summary to stderr; the path is the shell's $0, never parsed.
            let report = try cli.tool("sh", ["-c", "ffmpeg -nostats -i \"$0\" -af ebur128=peak=sample -f null - 2>&1",
                                             folder.appendingPathComponent(name).path])
            let summary = try XCTUnwrap(report.components(separatedBy: "Summary:").last)
            let number = { (label: String) in summary.components(separatedBy: label).dropFirst().first.flatMap { Double($0.split(separator: " ").first ?? "") } }
            return (try XCTUnwrap(number("I:")), try XCTUnwrap(number("Peak:")))
        }
        for (target, file) in [(-14.0, "n14.mkv"), (-23.0, "n23.mkv")] {
            let result = try cli.run(clip + ["--seconds", "4", "--audio", "quiet.wav", "--loudness", String(format: "%g", target), "--audio-codec", "flac", file])
            XCTAssertEqual(result.status, 0, result.err)
            XCTAssertEqual(try measured(file).integrated, target, accuracy: 0.15, file)
        }
        let aac = try cli.run(clip + ["--seconds", "4", "--audio", "quiet.wav", "--loudness", "-14", "n.mp4"])
        XCTAssertEqual(aac.status, 0, aac.err)
        XCTAssertEqual(try measured("n.mp4").integrated, -14, accuracy: 0.3, "through AAC too")
        let capped = try cli.run(clip + ["--seconds", "4", "--audio", "spiky.wav", "--loudness", "-14", "--audio-codec", "flac", "c.mkv"])
        XCTAssertEqual(capped.status, 0, capped.err)
        let (integrated, peakLevel) = try measured("c.mkv")
        XCTAssertEqual(peakLevel, -1, accuracy: 0.1, "the gain stops at a peak of -1 dBFS")
        XCTAssertLessThan(integrated, -16, "so the mix stays under the target")
    }

    /// A preset's soundtrack is relative to the preset; every output gets it; validate checks it.
    func testAPresetsSoundtrack() throws {
        try Data(##"{"scene": "loader", "size": "160x90", "scale": 0.25, "seconds": 1, "audio": "tone48.wav", "audio-volume": -3, "outputs": [{"file": "p.mp4"}, {"file": "p.webm"}]}"##.utf8)
            .write(to: folder.appendingPathComponent("p.json"))
        XCTAssertEqual(try cli.run(["validate", "p.json"]).status, 0)
        let result = try cli.run(["encode", "--preset", "p.json", "-q", "-y"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(try samples("p.mp4").count, 2 * 48_128, "1 s, and AAC's last frame")
        XCTAssertEqual(try samples("p.webm").count, 2 * 48_000)
        try Data(##"{"scene": "loader", "audio": "tone48.wav", "outputs": [{"file": "p.gif"}]}"##.utf8).write(to: folder.appendingPathComponent("g.json"))
        let gif = try cli.run(["validate", "g.json"])
        XCTAssertEqual(gif.status, 2)
        XCTAssertTrue(gif.err.contains("g.json:1:65: outputs[0].file: p.gif: a GIF has no sound"), gif.err)
        // --no-audio leaves a preset's soundtrack out.
        let silent = try cli.run(["encode", "--preset", "p.json", "--no-audio", "--set", "seconds=0.2", "-q", "-y", "s.gif"])
        XCTAssertEqual(silent.status, 0, silent.err)
        try Data(##"{"scene": "loader", "audio": "gone.wav", "outputs": [{"file": "p.mp4"}]}"##.utf8).write(to: folder.appendingPathComponent("m.json"))
        let missing = try cli.run(["validate", "m.json"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.err.contains("gone.wav: no such file"), missing.err)
        XCTAssertEqual(try cli.run(["still", "--preset", "m.json", "-y", "m.png"]).status, 0, "a still needs no sound")
    }

    /// A preset's voice-over and effects are relative to the preset, a list of effects or one
    /// string alike; ducking without a voice, or placing a voice not given, is refused by name.
    func testAPresetsVoiceAndSounds() throws {
        let sub = folder.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        for name in ["tone48.wav", "late.wav"] {
            try FileManager.default.copyItem(at: folder.appendingPathComponent(name), to: sub.appendingPathComponent(name))
        }
        try Data(##"{"scene": "loader", "size": "160x90", "scale": 0.25, "seconds": 2, "audio": "late.wav", "voice": "tone48.wav", "voice-at": 0.5, "duck": 9, "sounds": ["late.wav@1", "tone48.wav@1.5:-6"], "audio-codec": "flac", "outputs": [{"file": "v.mkv"}]}"##.utf8)
            .write(to: sub.appendingPathComponent("v.json"))
        XCTAssertEqual(try cli.run(["validate", "sub/v.json"]).status, 0)
        let result = try cli.run(["encode", "--preset", "sub/v.json", "-q", "-y"])
        XCTAssertEqual(result.status, 0, result.err)
        let mixed = try samples("sub/v.mkv")
        XCTAssertEqual(mixed.count, 2 * 96_000)
        XCTAssertGreaterThan(level(mixed, 440, at: 1.0), -25, "the voice (a 440 Hz tone) from 0.5 s")
        let again = try cli.run(["encode", "--preset", "sub/v.json", "--set", "sounds=sub/late.wav@1", "-q", "-y", "w.mkv"])
        XCTAssertEqual(again.status, 0, "--set's path is from the working folder: \(again.err)")
        for (arguments, expected) in [(["--audio", "tone48.wav", "--duck", "6"], "--duck lowers the music under the voice-over: give both --audio and --voice"),
                                      (["--voice-at", "1"], "--voice-at, --voice-volume, … place a voice-over: give it with --voice FILE")] {
            let bad = try cli.run(clip + ["--seconds", "1"] + arguments + ["x.mkv"])
            XCTAssertEqual(bad.status, 2, "\(arguments): \(bad.err)")
            XCTAssertTrue(bad.err.contains(expected), "\(arguments): \(bad.err)")
        }
    }
}
