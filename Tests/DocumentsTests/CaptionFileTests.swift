@testable import Documents
import XCTest

/// SubRip and WebVTT as their formats define them: timings (SubRip's comma, WebVTT's optional
/// hours and cue settings), tags dropped, entities read, WebVTT's NOTE and STYLE blocks skipped,
/// inline timestamps timing the words after them, words without times sharing their stretch
/// evenly; a malformed timing is an error naming its line.
final class CaptionFileTests: XCTestCase {
    func testSubRip() throws {
        let captions = try CaptionFile.parse("""
            1
            00:00:01,000 --> 00:00:03,000
            <i>Hello</i> {\\an8}there,
            friend

            2
            00:01:02,500 --> 01:00:00,000
            Tom &amp; Jerry
            """, file: "a.srt")
        XCTAssertEqual(captions.count, 2)
        XCTAssertEqual(captions[0].text, "Hello there,\nfriend")
        XCTAssertEqual(captions[0].words.map(\.start), [1, 1 + 2.0 / 3, 1 + 4.0 / 3], "three words share two seconds")
        XCTAssertEqual(captions[0].words.map(\.end), [1 + 2.0 / 3, 1 + 4.0 / 3, 3])
        XCTAssertEqual(captions[0].words.map(\.line), [0, 0, 1])
        XCTAssertEqual(captions[1].start, 62.5)
        XCTAssertEqual(captions[1].end, 3600)
        XCTAssertEqual(captions[1].text, "Tom & Jerry")
    }

    func testWebVTTWithWordTimes() throws {
        let captions = try CaptionFile.parse("""
            WEBVTT - a header

            NOTE this is
            not a cue

            STYLE
            ::cue { color: red }

            intro
            00:00.500 --> 00:02.000 align:center line:90%
            <v Ana>Word <00:00:01.000>by <00:01.500>word&nbsp;now
            """, file: "a.vtt")
        XCTAssertEqual(captions.count, 1)
        let words = captions[0].words
        XCTAssertEqual(words.map(\.text), ["Word", "by", "word\u{00A0}now"], "a no-break space keeps its words together")
        XCTAssertEqual(words.map(\.start), [0.5, 1, 1.5])
        XCTAssertEqual(words.map(\.end), [1, 1.5, 2])
        XCTAssertEqual(captions[0].index, 1)
    }

    /// WebVTT's header lines (YouTube writes Kind and Language) are not a cue; a cue's number
    /// counts the cues of the file, those with no words too.
    func testWebVTTHeaderLinesAndCueNumbers() throws {
        let captions = try CaptionFile.parse("""
            WEBVTT
            Kind: captions
            Language: en

            00:00.000 --> 00:01.000
            <i></i>

            00:01.000 --> 00:02.000
            Hi
            """, file: "a.vtt")
        XCTAssertEqual(captions.map(\.text), ["Hi"])
        XCTAssertEqual(captions.map(\.index), [2], "the file's second cue")
    }

    func testMalformedTimingsNameTheirLine() {
        for (text, expected) in [("1\n00:00:01,000 -> 00:00:02,000\nHi", "a.srt:1:1: expected a timing line"),
                                 ("1\n00:00:03,000 --> 00:00:02,000\nHi", "a.srt:2:1: the caption ends (00:00:02,000) before it starts"),
                                 ("1\n00:00:01,000 --> 00:00:02,x00\nHi", "a.srt:2:1: 00:00:01,000 --> 00:00:02,x00 is not a timing line"),
                                 ("WEBVTT\n\n00:01.000 --> 00:02.000\nA <00:03.000>B", "a.srt:3:1: the word time <00:03.000> is outside its caption")] {
            XCTAssertThrowsError(try CaptionFile.parse(text, file: "a.srt"), text) { error in
                XCTAssertTrue("\(error)".hasPrefix(expected), "\(error)")
            }
        }
    }

    func testClockTimes() {
        XCTAssertEqual(CaptionFile.seconds("01:02:03.250"), 3723.25)
        XCTAssertEqual(CaptionFile.seconds("02:03,5"), 123.5)
        XCTAssertNil(CaptionFile.seconds("1:60.000"))
        XCTAssertNil(CaptionFile.seconds("12.5"))
    }
}
