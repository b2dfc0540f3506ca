import Foundation
import XCTest

/// Soundtracks (`--audio`): the samples arrive intact (checked losslessly through FLAC against the
/// source file), last exactly as long as the video in every container, fade, loop, start into the
/// file, and bad input is refused before anything is written. Test audio is made by FFmpeg here.
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
                                      (["--audio-fade-in", "1", "x.mp4"], "give it with --audio FILE")] {
            let result = try cli.run(clip + ["--seconds", "1"] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.err)")
            XCTAssertTrue(result.err.contains(expected), "\(arguments): \(result.err)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent(arguments.last!).path), "\(arguments)")
        }
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
}
