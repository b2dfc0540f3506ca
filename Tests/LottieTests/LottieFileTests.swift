import Documents
import Foundation
import Geometry
import Jobs
import GoldenFiles
import Lottie
import Media
import Pipeline
import Raster
import Text
import XCTest

/// Lottie files, a corpus written for these tests (Tests/LottieTests/Files): each checked at
/// pixels whose colour follows from the file by hand (After Effects' rules: easing curves, hold
/// keyframes, in- and out-points, parenting without opacity, precomposition start times, trim
/// paths), then hashed as golden frames.
final class LottieFileTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Files")
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/lottie.rgba.md5")

    func load(_ name: String) throws -> LottieFile {
        let file = name.hasSuffix(".lottie") ? name : name + ".json"
        return try LottieFile.load(path: Self.corpus.appendingPathComponent(file).path) { try LayerImageCodec.decode($0) }
    }

    /// The frame at Lottie frame `frame` (30 fps), at the file's size, one pixel a point.
    func frame(_ file: LottieFile, _ frame: Double) throws -> Pixmap {
        let timeline = try file.timeline(canvas: Size(file.width, file.height), duration: file.cycle + 1)
        return try XCTUnwrap(StillImage.render(timeline, at: frame / 30, width: Int(file.width), height: Int(file.height), scale: 1))
    }

    func assertColor(_ p: PremultipliedColor, _ r: UInt8, _ g: UInt8, _ b: UInt8, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual([p.r, p.g, p.b, p.a], [r, g, b, 255], message, file: file, line: line)
    }

    /// cubic-bezier(x1, y1, x2, y2) at `x`, by bisection on the curve's x (an independent solver).
    func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func curve(_ a: Double, _ b: Double, _ s: Double) -> Double { 3 * a * s * (1 - s) * (1 - s) + 3 * b * s * s * (1 - s) + s * s * s }
        var (lo, hi) = (0.0, 1.0)
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if curve(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return curve(y1, y2, (lo + hi) / 2)
    }

    func testTheFileSaysItsSizeRateAndLength() throws {
        let file = try load("eased-move")
        XCTAssertEqual([file.width, file.height, file.frameRate, file.cycle], [200, 200, 30, 2])
        XCTAssertEqual(file.defaultClip.size.map { [$0.width, $0.height] }, [200, 200])
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
    }

    /// The square's centre runs 50 → 150 along cubic-bezier(0.42, 0, 0.58, 1).
    func testKeyframesEaseAsTheirHandlesSay() throws {
        let file = try load("eased-move")
        for f in [0.0, 15, 30, 45, 60] {
            let centre = 50 + 100 * bezier(0.42, 0, 0.58, 1, at: f / 60)
            let image = try frame(file, f)
            let left = Int((centre - 40).rounded(.up)) + 1, outside = Int((centre - 40).rounded(.down)) - 1
            assertColor(image.pixel(x: left, y: 100), 255, 0, 0, "frame \(f): inside the square's left edge at \(centre - 40)")
            assertColor(image.pixel(x: outside, y: 100), 0x20, 0x40, 0xC0, "frame \(f): the background left of it")
        }
    }

    /// Turned 90° clockwise by its parent null, the child's square sits 40 pt below the pivot;
    /// the null's opacity (0) is not passed on, the child's own (50%) is.
    /// A motion along a curve (`to`/`ti` given) keyed between whole frames, as a shake keyed
    /// every frame at x.8 is, is at each whole frame where its easing puts it along the curve
    /// (lottie-web evaluates every frame so). Here the tangents lie along the line, so the curve
    /// is the line from x 0 to 200 and its length share is the eased fraction: at frame 1,
    /// a quarter of the way from frame 0.5 to 2.5, x = 200 · ease(¼) with ease-in-out handles
    /// (the square's left edge; it is 10 wide).
    func testACurvedMotionKeyedBetweenFramesIsEasedAtEachFrame() throws {
        let keys = #"[{"t": 0.5, "s": [0, 45, 0], "to": [20, 0, 0], "ti": [-20, 0, 0], "o": {"x": 0.42, "y": 0}, "i": {"x": 0.58, "y": 1}},"#
            + #" {"t": 2.5, "s": [200, 45, 0]}]"#
        let layers = ##"[{"ty": 1, "sc": "#000000", "sw": 10, "sh": 10, "ks": {"p": {"a": 1, "k": \##(keys)}}}]"##
        let file = try lottie(layers, width: 220, height: 100, path: "curved-move.json")
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
        for (at, fraction) in [(1.0, 0.25), (2.0, 0.75)] {
            let image = try frame(file, at)
            // The black square's centre on white: its row's pixel centres weighed by darkness.
            let coverage = (0..<image.width).map { 1 - Double(image.pixel(x: $0, y: 50).r) / 255 }
            let covered = coverage.reduce(0, +)
            XCTAssertEqual(covered, 10, accuracy: 0.02, "frame \(at): one square across")
            let weighed = coverage.enumerated().map { (Double($0.offset) + 0.5) * $0.element }.reduce(0, +)
            XCTAssertEqual(weighed / covered - 5, 200 * bezier(0.42, 0, 0.58, 1, at: fraction), accuracy: 0.05, "frame \(at)")
        }
    }

    func testParentsMoveTheirChildrenButKeepTheirOpacity() throws {
        let file = try load("parenting")
        let start = try frame(file, 0), turned = try frame(file, 30)
        assertColor(start.pixel(x: 140, y: 100), 255, 127, 127, "at frame 0, right of the pivot, half opaque")
        assertColor(start.pixel(x: 100, y: 140), 255, 255, 255, "nothing below yet")
        assertColor(turned.pixel(x: 100, y: 140), 255, 127, 127, "at frame 30, below the pivot")
        assertColor(turned.pixel(x: 140, y: 100), 255, 255, 255, "nothing right any more")
    }

    /// A hold keyframe keeps its value to the next keyframe; a layer shows from its in-point up
    /// to (not at) its out-point.
    func testHoldsAndLayerSpans() throws {
        let file = try load("hold-and-span")
        for (f, held, blink) in [(5.0, true, false), (10, true, true), (19, true, true), (20, true, false), (29.5, true, false), (30, false, false)] {
            let image = try frame(file, f)
            let red = image.pixel(x: 50, y: 50), green = image.pixel(x: 150, y: 50)
            XCTAssertEqual(red.g == 0 && red.b == 0, held, "frame \(f): the held square")
            XCTAssertEqual(green.r == 0 && green.b == 0, blink, "frame \(f): the 10-20 layer")
        }
    }

    /// A precomposition started at frame 20 plays its own frame f − 20: at frame 70 its square,
    /// moving 1 pt a frame from x = 0, is at x = 50.
    func testAPrecompositionRunsInItsOwnTime() throws {
        let file = try load("precomp")
        for (f, x) in [(20.0, 0.0), (70, 50), (120, 100)] {
            let image = try frame(file, f)
            assertColor(image.pixel(x: Int(x) + 8, y: 100), 0, 0, 255, "frame \(f): the square at \(x)")
            assertColor(image.pixel(x: Int(x) + 12, y: 100), 255, 255, 255, "frame \(f): right of it")
        }
        assertColor(try frame(file, 10).pixel(x: 5, y: 100), 255, 255, 255, "before its start the square's in-point (its frame 0) is not reached")
    }

    /// A radial highlight moves the ramp's start (its first stop, 255, 242, 153) to the focal
    /// point, as lottie-web places it: `h` percent of the radius at `a` degrees from the start →
    /// end direction. The first disc (centre (55, 55), radius 45, 50% at 30°) has it at
    /// (55 + 22.5 cos 30°, 55 + 22.5 sin 30°) = (74.5, 66.25), pixel (74, 66); its centre lies a
    /// third of the way from there to the far edge (22.5 of 67.5), between the first two stops
    /// at two thirds: green 242 − ⅔ (242 − 102) = 149. The turning disc (60% of 45 from (60,
    /// 145), its axis pointing up, the angle 0 → 360° linearly over 60 frames) at frame 15 has
    /// turned 90° to point right: (87, 145), 18 px from the near edge, so a pixel centre 0.7 px
    /// off it is at t ≈ 0.04 (green within 12 of 242), while the point as far left of the
    /// centre is at t = 54 / 72 (green about 102 − ½ · 102 = 51).
    func testRadialHighlightsPlaceTheFocalPoint() throws {
        let file = try load("radial-highlights")
        let start = try frame(file, 0)
        let focal = start.pixel(x: 74, y: 66)
        XCTAssertEqual(Int(focal.g), 242, accuracy: 4, "the first stop at the focal point")
        XCTAssertEqual(Int(focal.b), 153, accuracy: 4, "the first stop at the focal point")
        XCTAssertEqual(Int(start.pixel(x: 55, y: 55).g), 149, accuracy: 4, "a third of the way along the ray through the centre")
        let turned = try frame(file, 15)
        XCTAssertEqual(Int(turned.pixel(x: 87, y: 145).g), 242, accuracy: 12, "a quarter turn later the focal point is right of the centre")
        XCTAssertEqual(Int(turned.pixel(x: 33, y: 145).g), 51, accuracy: 8, "and the ramp's far end is on the left")
    }

    /// Rounded corners as lottie-web rounds a polygon: a handle along each corner's tangent, the
    /// roundness times a quarter of the circle's arc a corner long. A 4-point polygon of radius
    /// 40 about (100, 100) at 100% has handles π · 40 / 8 = 15.71 long; the curve from the top
    /// corner to the right one passes through its midpoint (4 · 40 + 3 · 15.71) / 8 = 25.89 out
    /// along each axis (36.6 from the middle): pixel (124, 75), its centre (24.5, −24.5) from
    /// the middle (34.6), is inside it and outside the unrounded diamond (|x| + |y| = 49 > 40);
    /// (130, 70), 42.4 out, is outside both.
    func testRoundedPolygonCorners() throws {
        func polygon(_ roundness: Double) throws -> Pixmap {
            let text = """
            {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 200, "h": 200, "layers": [{"ty": 4, "ind": 1, "ip": 0, "op": 30, "st": 0,
             "ks": {}, "shapes": [{"ty": "sr", "sy": 2, "p": {"a": 0, "k": [100, 100]}, "pt": {"a": 0, "k": 4}, "or": {"a": 0, "k": 40},
             "os": {"a": 0, "k": \(roundness)}, "r": {"a": 0, "k": 0}}, {"ty": "fl", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}]}
            """
            return try frame(try LottieFile(text: text, path: "polygon.json"), 0)
        }
        let (rounded, sharp) = (try polygon(100), try polygon(0))
        assertColor(rounded.pixel(x: 124, y: 75), 0, 0, 0, "inside the rounded side")
        assertColor(sharp.pixel(x: 124, y: 75), 255, 255, 255, "outside the diamond")
        assertColor(rounded.pixel(x: 130, y: 70), 255, 255, 255, "outside the rounded side")
    }

    /// A repeater whose count changes shows ⌈c⌉ copies at each frame, its opacity spread over
    /// those: the spinner of changing-repeaters counts 1 → 12 linearly over 60 frames, so at
    /// frame 30 c = 6.5 and 7 bars show, 30° apart about (50, 50), fading from 100% to 20%. Bar 6
    /// (180°, centred (50, 78)) is the last, at 20%: white · 0.8 + blue (0.1, 0.3, 0.9) · 0.2 =
    /// (209, 219, 250); bar 7 (210°, centred (36, 74.2)) is not drawn yet.
    func testChangingRepeatersCountTheirCopies() throws {
        let image = try frame(try load("changing-repeaters"), 30)
        let last = image.pixel(x: 50, y: 78)
        XCTAssertEqual([Int(last.r), Int(last.g), Int(last.b)], [209, 219, 250].map { $0 }, "the seventh bar at 20%")
        assertColor(image.pixel(x: 36, y: 74), 255, 255, 255, "no eighth bar yet")
    }

    /// A round corners modifier whose radius changes rounds a still path anew every frame: the
    /// 80 × 70 rectangle about (55, 55) of changing-round-corners is square at frame 0 (radius 0)
    /// and by frame 59 rounded by nearly 35, so pixel (20, 25), inside the square's corner
    /// (15, 20), lies outside the corner's arc (centre (50, 55), 42 px away).
    func testChangingRoundCornersRoundEachFrame() throws {
        let file = try load("changing-round-corners")
        XCTAssertEqual(try frame(file, 0).pixel(x: 20, y: 25).b, 26, "the square's corner (0.1 blue of orange)")
        assertColor(try frame(file, 59).pixel(x: 20, y: 25), 255, 255, 255, "cut away by the rounding")
    }

    /// Several paths under one fill change together, joined again every frame: in
    /// changing-paths a diamond morphing from half-width 25 to 35 about (60, 150) cuts an
    /// even-odd hole in a still 80 × 80 square there, so pixel (90, 150) (centre 30.5 + 0.5 = 31
    /// out) is green at frame 0 and in the hole, white, by frame 59.
    func testSeveralChangingPathsUnderOneFill() throws {
        let file = try load("changing-paths")
        XCTAssertEqual(try frame(file, 0).pixel(x: 90, y: 150).g, 179, "the square, 0.7 green")
        assertColor(try frame(file, 59).pixel(x: 90, y: 150), 255, 255, 255, "the diamond's hole has grown over it")
    }

    /// Changing dashes are laid out anew every frame: the line of changing-dashes, (110, 30) to
    /// (190, 80) (94.3 long) stroked 8 wide with round caps, dashes of 12 and gaps growing from
    /// 2 to 20: 22 along it, at (128.7, 41.7), lies in the first gap (12 to 32) past the caps'
    /// reach (4), white by frame 59; at frame 0 the gap (12 to 14) is covered by the caps.
    func testChangingDashesLayOutEachFrame() throws {
        let file = try load("changing-dashes")
        XCTAssertLessThan(try frame(file, 0).pixel(x: 128, y: 41).r, 100, "the caps close a gap of 2")
        assertColor(try frame(file, 59).pixel(x: 128, y: 41), 255, 255, 255, "a gap of nearly 20")
    }

    func testTrimPathsCutTheStroke() throws {
        let image = try frame(try load("trim"), 0)
        assertColor(image.pixel(x: 60, y: 100), 0, 0, 0, "the first half is drawn")
        assertColor(image.pixel(x: 140, y: 100), 255, 255, 255, "the second is cut")
    }

    /// A fill of a closed outline trimmed across its start (an ellipse trimmed to 40% from 101°
    /// before its start) fills one circular segment, the arc closed by one chord, as lottie-web
    /// and ThorVG do: r²/2 · (θ − sin θ) with θ = 0.4 · 2π and r = 50 is 2,406.6 px (two pieces
    /// each closed by its own chord would be 1,057).
    func testAFillOfAClosedOutlineTrimmedAcrossItsStartIsOnePiece() throws {
        let ellipse = #"{"ty": "el", "d": 1, "s": {"a": 0, "k": [100, 100]}, "p": {"a": 0, "k": [0, 0]}}"#
        let trim = #"{"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 40}, "o": {"a": 0, "k": -101}, "m": 1}"#
        let fill = #"{"ty": "fl", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "r": 1}"#
        let layer = #"{"ty": 4, "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {"p": {"a": 0, "k": [60, 60]}}, "shapes": [\#(ellipse), \#(trim), \#(fill)]}"#
        let file = try LottieFile(text: #"{"v": "5.7", "fr": 30, "ip": 0, "op": 30, "w": 120, "h": 120, "layers": [\#(layer)]}"#, path: "t.json")
        let image = try frame(file, 0)
        var area = 0.0
        for y in 0..<120 { for x in 0..<120 { area += Double(255 - Int(image.pixel(x: x, y: y).r)) / 255 } }
        let theta = 0.4 * 2 * Double.pi
        XCTAssertEqual(area, 50 * 50 / 2 * (theta - sin(theta)), accuracy: 12)
    }

    /// A mirrored layer (scale [−191.4, 191.4], as a corpus file's hand) whose rotation is
    /// animated (−112.6° → −69.9° over frames 0…10) turns as After Effects' matrix says,
    /// position · rotation · scale: a bar centred at (20, 8) is at (−38.3, 15.3) scaled, then
    /// turned: (88.8, 89.5) at frame 0 and (61.2, 101.2) at frame 10. (A mirror's parts are not
    /// read back as given: its rotation animated alone turned the bar the other way, to (60.6,
    /// 18.8) at frame 0.)
    func testAMirroredLayerTurnsAsItsMatrixSays() throws {
        let bar = #"{"ty": "rc", "s": {"a": 0, "k": [20, 4]}, "p": {"a": 0, "k": [20, 8]}, "r": {"a": 0, "k": 0}}"#
        let fill = #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}"#
        let turn = #"{"a": 1, "k": [{"t": 0, "s": [-112.605], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}}, {"t": 10, "s": [-69.855]}]}"#
        let layer = #"{"ty": 4, "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {"p": {"a": 0, "k": [60, 60]}, "s": {"a": 0, "k": [-191.401, 191.401]}, "r": \#(turn)}, "shapes": [\#(bar), \#(fill)]}"#
        let file = try LottieFile(text: #"{"v": "5.7", "fr": 30, "ip": 0, "op": 30, "w": 120, "h": 120, "layers": [\#(layer)]}"#, path: "m.json")
        let red = { (image: Pixmap, x: Int, y: Int) in image.pixel(x: x, y: y).g < 40 }
        let (start, end) = (try frame(file, 0), try frame(file, 10))
        XCTAssertTrue(red(start, 89, 89) && !red(start, 61, 19), "(88.8, 89.5) at frame 0")
        XCTAssertTrue(red(end, 61, 101), "(61.2, 101.2) at frame 10")
    }

    func testGoldenFrames() throws {
        var frames: [GoldenFrame] = []
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        XCTAssertGreaterThanOrEqual(names.count, 15)
        for name in names.sorted() {
            let file = try load(name)
            for f in [0.0, 17, 44] {
                let image = try frame(file, f)
                frames.append(GoldenFrame(label: "\(name) \(Int(f))", width: image.width, height: image.height, rgba: image.bytes))
            }
        }
        try Golden.assertFrames(frames, equal: Self.golden, "lottie")
    }

    /// Keypaths and slots fill a file in, as lottie-ios's value providers do: the same frames as
    /// the value written into the file by hand.
    func testKeypathsAndSlotsSetValues() throws {
        let path = Self.corpus.appendingPathComponent("eased-move.json").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        func render(_ file: LottieFile) throws -> Pixmap { try frame(file, 30) }
        let green = try render(try LottieFile(text: text, path: path, values: ["**.Fill 1.Color=#00FF00"]))
        assertColor(green.pixel(x: 100, y: 100), 0, 255, 0, "the square is green")
        let red = "\"c\": {\n        \"a\": 0,\n        \"k\": [\n         1,\n         0,\n         0,\n         1\n        ]\n       }"
        let byHand = text.replacingOccurrences(of: red, with: "\"c\": {\"a\": 0, \"k\": [0, 1, 0, 1]}")
        XCTAssertNotEqual(byHand, text)
        XCTAssertEqual(try render(try LottieFile(text: byHand, path: path)).bytes, green.bytes)
        for keypath in ["box.rect.Fill 1.Color", "*.rect.Fill 1.Color", "box.**.Color"] {
            XCTAssertEqual(try render(try LottieFile(text: text, path: path, values: ["\(keypath)=#00FF00"])).bytes, green.bytes, keypath)
        }
        let moved = try render(try LottieFile(text: text, path: path, values: ["box.Transform.Position=100,150"]))
        assertColor(moved.pixel(x: 100, y: 150), 255, 0, 0, "the square moved and holds there")
        for (value, expected) in [("rect.Fill 1.Color=#00FF00", "rect.Fill 1.Color=#00FF00: no layer, shape or slot of the file matches"),
                                  ("**.Fill 1.Color=green", "**.Fill 1.Color=green: expected a colour #RRGGBB or #RRGGBBAA")] {
            XCTAssertThrowsError(try LottieFile(text: text, path: path, values: [value])) { XCTAssertTrue("\($0)".contains(expected), "\($0)") }
        }
        // A slot: the fill's colour comes from the file's slots, and --param sets it by id.
        let slotted = text.replacingOccurrences(of: red, with: "\"c\": {\"sid\": \"accent\"}")
            .replacingOccurrences(of: "\"layers\":", with: "\"slots\": {\"accent\": {\"p\": {\"a\": 0, \"k\": [0, 0, 1, 1]}}}, \"layers\":")
        let file = try LottieFile(text: slotted, path: path, values: ["accent=#00FF00", "background=#FFFFFF"])
        XCTAssertTrue(file.setsProperty("accent=#00FF00"))
        XCTAssertFalse(file.setsProperty("background=#FFFFFF"))
        assertColor(try render(file).pixel(x: 100, y: 100), 0, 255, 0, "the slot's value set")
        assertColor(try render(try LottieFile(text: slotted, path: path)).pixel(x: 100, y: 100), 0, 0, 255, "the slot's own value")
    }

    /// `keypaths` lists what `--param` can set, with the values the file has: setting every
    /// static one to the value listed draws the same frame, and a listed keypath changes what
    /// it names (the square's fill, listed as red, set to green).
    func testKeypathsListWhatParamSets() throws {
        let path = Self.corpus.appendingPathComponent("eased-move.json").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let file = try LottieFile(text: text, path: path)
        let keypaths = file.keypaths
        XCTAssertTrue(keypaths.contains("box.rect.Fill 1.Color = #FF0000"), "\(keypaths)")
        XCTAssertTrue(keypaths.contains("box.Transform.Opacity = 100"), "\(keypaths)")
        let statics = keypaths.filter { !$0.hasSuffix("(animated)") }.map { $0.replacingOccurrences(of: " = ", with: "=") }
        XCTAssertFalse(statics.isEmpty)
        XCTAssertEqual(try frame(try LottieFile(text: text, path: path, values: statics), 30).bytes, try frame(file, 30).bytes)
        assertColor(try frame(try LottieFile(text: text, path: path, values: ["box.rect.Fill 1.Color=#00FF00"]), 30).pixel(x: 100, y: 100), 0, 255, 0, "set")
    }

    /// What is not drawn yet is named once a kind, with where; hostile or broken files fail at
    /// their JSON path.
    func testWarningsAndErrorsNameThePlace() throws {
        func document(_ layers: String, assets: String = "[]") -> LottieFile? {
            try? lottie(layers, more: #""assets": \#(assets)"#, path: "t.json")
        }
        func error(_ layers: String, assets: String = "[]") -> String {
            do {
                _ = try lottie(layers, more: #""assets": \#(assets)"#, path: "t.json")
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        let triangle = #"{"a": 0, "k": {"v": [[0, 0], [10, 0], [0, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]], "c": true}}"#
        let masked = try XCTUnwrap(document(#"[{"ty": 4, "ind": 1, "ks": {}, "hasMask": true, "masksProperties": [{"mode": "l", "pt": \#(triangle)}], "shapes": [{"ty": "mm"}, {"ty": "zz"}]}, {"ty": 6, "ind": 2, "ks": {}}]"#))
        XCTAssertEqual(masked.warnings, ["not supported yet: layers of type 6 (layers[1])",
                                         "not supported yet: shape items of type \"zz\" (layers[0].shapes[1])",
                                         "not supported yet: mask mode \"l\": drawn as added (layers[0].masksProperties[0])"])
        XCTAssertTrue(error(#"[{"ty": 4, "ks": {}, "hasMask": true, "masksProperties": [{"mode": "a"}], "shapes": []}]"#)
            .contains("layers[0].masksProperties[0].pt: missing: a mask has a path pt"))
        XCTAssertTrue(error(#"[{"ty": 0, "ind": 1, "refId": "a", "ks": {}}]"#, assets: #"[{"id": "a", "layers": [{"ty": 0, "refId": "a", "ks": {}}]}]"#)
            .contains("assets[0].layers[0].refId: precompositions that hold each other"))
        XCTAssertTrue(error(#"[{"ty": 4, "ks": {"p": {"a": 1, "k": [{"t": 5, "s": [0, 0]}, {"t": 2, "s": [1, 1]}]}}, "shapes": []}]"#)
            .contains("layers[0].ks.p.k[1].t: keyframe times must not go back"), error(#"[{"ty": 4, "ks": {"p": {"a": 1, "k": [{"t": 5, "s": [0, 0]}, {"t": 2, "s": [1, 1]}]}}, "shapes": []}]"#))
        XCTAssertTrue(error(#"[{"ty": 4, "ks": {}, "shapes": [{"ty": "sh", "ks": {"a": 0, "k": {"v": [[0, 0]], "i": [], "o": [[0, 0]]}}}]}]"#)
            .contains("layers[0].shapes[0].ks.k: v, i and o must have as many points"))
        XCTAssertTrue(error(#"[{"ty": 1, "ks": {}, "sw": 10}]"#).contains("layers[0].sh: missing: expected a number"))
        XCTAssertTrue(error(#"{"not": "a list"}"#).contains("layers: expected a list of layers"))
    }

    /// A dotLottie archive (gradients-stars-images.lottie: the JSON file's animation with its
    /// picture moved into images/, zipped deflated by Python's zipfile) draws what the JSON does;
    /// a damaged archive is an error.
    func testADotLottieArchiveDrawsItsFirstAnimation() throws {
        let archive = try load("gradients-stars-images.lottie")
        XCTAssertEqual(archive.name, "gradients-stars-images")
        let json = try load("gradients-stars-images")
        for f in [0.0, 30] { XCTAssertEqual(try frame(archive, f).bytes, try frame(json, f).bytes, "frame \(f)") }
        let data = try Data(contentsOf: Self.corpus.appendingPathComponent("gradients-stars-images.lottie"))
        let cut = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID().uuidString).lottie")
        try data.prefix(data.count - 30).write(to: cut)
        defer { try? FileManager.default.removeItem(at: cut) }
        XCTAssertThrowsError(try LottieFile.load(path: cut.path)) { XCTAssertTrue("\($0)".contains("not a ZIP archive") || "\($0)".contains("damaged"), "\($0)") }
    }

    /// An intersected mask (`i`) keeps only what the masks before it and it both cover.
    func testIntersectedMasks() throws {
        func rect(_ x0: Int, _ x1: Int) -> String {
            #"{"a": 0, "k": {"v": [[\#(x0), 0], [\#(x1), 0], [\#(x1), 100], [\#(x0), 100]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]], "c": true}}"#
        }
        let layers = ##"[{"ty": 1, "sc": "#ff0000", "sw": 100, "sh": 100, "ks": {}, "hasMask": true, "masksProperties": [{"mode": "a", "pt": \##(rect(0, 60))}, {"mode": "i", "pt": \##(rect(40, 100))}]}]"##
        let file = try lottie(layers, path: "i.json")
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
        let timeline = try file.timeline(canvas: Size(100, 100), duration: 1)
        let image = try XCTUnwrap(StillImage.render(timeline, at: 0, width: 100, height: 100, scale: 1))
        assertColor(image.pixel(x: 50, y: 50), 255, 0, 0, "inside both")
        assertColor(image.pixel(x: 20, y: 50), 255, 255, 255, "inside the first only")
        assertColor(image.pixel(x: 80, y: 50), 255, 255, 255, "inside the second only")
    }

    /// Masks compose in order, as lottie-web's SVG mask draws them (white paths added, black ones
    /// subtracted, each over what the ones before leave): a subtracted first mask at 60% leaves
    /// 1 − 0.6 = 0.4 of the layer inside it (coverage 255 − 153 = 102: red over white is
    /// (255, 153, 153)) and all of it outside; a mask added after it brings the layer back in
    /// full where it covers; a mask added after an intersected one counts outside what the
    /// intersection kept; a changing mask after a subtracted one moves.
    func testMasksComposeInOrder() throws {
        func rect(_ x0: Int, _ x1: Int, _ y0: Int = 0, _ y1: Int = 100) -> String {
            #"{"v": [[\#(x0), \#(y0)], [\#(x1), \#(y0)], [\#(x1), \#(y1)], [\#(x0), \#(y1)]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]], "c": true}"#
        }
        func render(_ masks: String, at time: Double = 0) throws -> Pixmap {
            let layers = ##"[{"ty": 1, "sc": "#ff0000", "sw": 100, "sh": 100, "ks": {}, "hasMask": true, "masksProperties": \##(masks)}]"##
            let file = try lottie(layers, path: "m.json")
            XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
            return try XCTUnwrap(StillImage.render(try file.timeline(canvas: Size(100, 100), duration: 1), at: time, width: 100, height: 100, scale: 1))
        }
        var image = try render(##"[{"mode": "s", "o": {"a": 0, "k": 60}, "pt": {"a": 0, "k": \##(rect(0, 60))}}, {"mode": "a", "pt": {"a": 0, "k": \##(rect(40, 50))}}]"##)
        assertColor(image.pixel(x: 20, y: 50), 255, 153, 153, "subtracted at 60%")
        assertColor(image.pixel(x: 80, y: 50), 255, 0, 0, "outside the subtracted mask")
        assertColor(image.pixel(x: 45, y: 50), 255, 0, 0, "added back after it")

        image = try render(##"[{"mode": "a", "pt": {"a": 0, "k": \##(rect(0, 60))}}, {"mode": "i", "pt": {"a": 0, "k": \##(rect(40, 100))}}, {"mode": "a", "pt": {"a": 0, "k": \##(rect(0, 20))}}]"##)
        assertColor(image.pixel(x: 50, y: 50), 255, 0, 0, "the intersection")
        assertColor(image.pixel(x: 30, y: 50), 255, 255, 255, "cut by the intersection")
        assertColor(image.pixel(x: 10, y: 50), 255, 0, 0, "added after the intersection")

        let moving = ##"{"a": 1, "k": [{"t": 0, "s": [\##(rect(0, 20))], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [\##(rect(60, 80))]}]}"##
        let masks = ##"[{"mode": "a", "pt": {"a": 0, "k": \##(rect(0, 100))}}, {"mode": "s", "pt": \##(moving)}, {"mode": "a", "pt": {"a": 0, "k": \##(rect(0, 100, 90, 100))}}]"##
        for (time, hole, whole) in [(0.0, 10, 70), (1.0, 70, 10)] {
            image = try render(masks, at: time)
            assertColor(image.pixel(x: hole, y: 50), 255, 255, 255, "the moving hole at \(time) s")
            assertColor(image.pixel(x: whole, y: 50), 255, 0, 0, "where the hole was not at \(time) s")
            assertColor(image.pixel(x: hole, y: 95), 255, 0, 0, "added after the hole at \(time) s")
        }
    }

    /// An expansion that changes sign grows the mask while it is positive and shrinks it while
    /// negative: the square 30…70 with `x` going 10 → −10 evenly over 60 frames is 25…75 at frame
    /// 15 (x = 5) and 35…65 at frame 45 (x = −5). (lottie-web keeps the last growth's stroke
    /// while it shrinks, so this is checked by hand, not against it.)
    func testMaskExpansionChangingSign() throws {
        let square = #"{"v": [[30, 30], [70, 30], [70, 70], [30, 70]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]], "c": true}"#
        let expansion = #"{"a": 1, "k": [{"t": 0, "s": [10], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 60, "s": [-10]}]}"#
        let layers = ##"[{"ty": 1, "sc": "#ff0000", "sw": 100, "sh": 100, "ks": {}, "hasMask": true, "masksProperties": [{"mode": "a", "pt": {"a": 0, "k": \##(square)}, "x": \##(expansion)}]}]"##
        let file = try lottie(layers, frames: 60, path: "x.json")
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
        var image = try frame(file, 15)
        assertColor(image.pixel(x: 27, y: 50), 255, 0, 0, "grown by 5")
        assertColor(image.pixel(x: 23, y: 50), 255, 255, 255, "beyond the growth")
        image = try frame(file, 45)
        assertColor(image.pixel(x: 32, y: 50), 255, 255, 255, "shrunk by 5")
        assertColor(image.pixel(x: 37, y: 50), 255, 0, 0, "inside the shrunk mask")
        assertColor(image.pixel(x: 27, y: 50), 255, 255, 255, "outside")
    }

    /// A matte named by two layers (`tp`) masks both.
    func testAMatteSharedByTwoLayers() throws {
        func square(_ x: Int, _ color: String) -> String {
            #"{"ty": "gr", "it": [{"ty": "rc", "p": {"a": 0, "k": [\#(x), 50]}, "s": {"a": 0, "k": [40, 100]}, "r": {"a": 0, "k": 0}}, {"ty": "fl", "c": {"a": 0, "k": \#(color)}, "o": {"a": 0, "k": 100}}]}"#
        }
        let layers = """
        [{"ty": 4, "ind": 1, "td": 1, "ks": {}, "shapes": [{"ty": "gr", "it": [{"ty": "rc", "p": {"a": 0, "k": [50, 25]}, "s": {"a": 0, "k": [100, 50]}, "r": {"a": 0, "k": 0}}, {"ty": "fl", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}]},
         {"ty": 4, "ind": 2, "tt": 1, "tp": 1, "ks": {}, "shapes": [\(square(25, "[1, 0, 0, 1]"))]},
         {"ty": 4, "ind": 3, "tt": 1, "tp": 1, "ks": {}, "shapes": [\(square(75, "[0, 0, 1, 1]"))]}]
        """
        let file = try lottie(layers, path: "m.json")
        let timeline = try file.timeline(canvas: Size(100, 100), duration: 1)
        let image = try XCTUnwrap(StillImage.render(timeline, at: 0, width: 100, height: 100, scale: 1))
        assertColor(image.pixel(x: 25, y: 25), 255, 0, 0, "the first layer inside the matte")
        assertColor(image.pixel(x: 75, y: 25), 0, 0, 255, "the second layer inside the matte")
        assertColor(image.pixel(x: 25, y: 75), 255, 255, 255, "the first layer outside it")
        assertColor(image.pixel(x: 75, y: 75), 255, 255, 255, "the second layer outside it")
    }

    /// Hostile files fail within the scene files' bounds, naming the place.
    func testHostileFilesFailAtTheirPlace() throws {
        func error(_ text: String) -> String {
            do {
                _ = try LottieFile(text: text, path: "h.json") { try LayerImageCodec.decode($0) }
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        func doc(_ layers: String, assets: String = "[]", size: String = #""w": 100, "h": 100"#) -> String {
            #"{"v": "5.7", "fr": 30, "ip": 0, "op": 30, \#(size), "assets": \#(assets), "layers": \#(layers)}"#
        }
        XCTAssertTrue(error(doc("[]", size: #""w": 1e9, "h": 100"#)).contains("w: the size must be 1…16384 pixels a side"))
        XCTAssertTrue(error(doc("[]", size: #""w": -5, "h": 100"#)).contains("w: the size must be"))
        let keyframes = (0...100_000).map { #"{"t": \#($0), "s": [0]}"# }.joined(separator: ",")
        XCTAssertTrue(error(doc(#"[{"ty": 3, "ks": {"o": {"a": 1, "k": [\#(keyframes)]}}}]"#)).contains("layers[0].ks.o.k: 100001 keyframes; at most 100000"))
        // Precompositions nested 17 deep.
        let assets = (0..<17).map { i in #"{"id": "c\#(i)", "layers": [{"ty": 0, "refId": "c\#(i + 1)", "ks": {}}]}"# } + [#"{"id": "c17", "layers": []}"#]
        XCTAssertTrue(error(doc(#"[{"ty": 0, "refId": "c0", "ks": {}}]"#, assets: "[" + assets.joined(separator: ",") + "]"))
            .contains("precompositions nested deeper than 16"))
        XCTAssertTrue(error(doc(#"[{"ty": 2, "refId": "i", "ks": {}}]"#, assets: #"[{"id": "i", "w": 8, "h": 8, "p": "data:image/png;base64,%%%notbase64"}]"#))
            .contains("assets[0].p:"))
        XCTAssertTrue(error(doc(#"[{"ty": 4, "ks": {}, "shapes": [{"ty": "sr", "sy": 1, "pt": {"a": 0, "k": 1e9}, "or": {"a": 0, "k": 10}}]}]"#))
            .contains("layers[0].shapes[0].pt: a star or polygon has 1…1000 points"))
        XCTAssertTrue(error(doc(#"[{"ty": 4, "ks": {}, "shapes": [{"ty": "gf", "g": {"p": 1e6, "k": {"a": 0, "k": [0, 1, 1, 1]}}}]}]"#))
            .contains("no error"), "a gradient with no paths before it draws nothing")
        XCTAssertTrue(error(#"{"v": "5.7", "fr": 30, "ip": 0, "op": 1e9, "w": 10, "h": 10, "layers": []}"#).contains("op: the out-point must come after the in-point, within an hour"))
        // A rectangle changing over a billion frames is sampled at most 2,000 times.
        let long = doc(#"[{"ty": 4, "ks": {}, "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 1, "k": [{"t": 0, "s": [1, 1]}, {"t": 1e9, "s": [9, 9]}]}, "r": {"a": 0, "k": 0}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}]"#)
        XCTAssertEqual(error(long), "no error")
    }
}

extension LottieFileTests {
    /// Track mattes of the four types over a red solid: the matte is a grey (#808080) square over
    /// the left half. Derived by hand: grey 128 has alpha 255 and luminance 128 (the weights sum
    /// to 1), inverted 127; red masked to 128 over white is (128 + 127, 127, 127), masked to 127
    /// it is (127 + 128, 128, 128), masked to 0 it is white.
    func testTheFourMatteTypes() throws {
        let matte = #"{"ty": 4, "ind": 1, "td": 1, "ks": {}, "shapes": [{"ty": "gr", "it": [{"ty": "rc", "p": {"a": 0, "k": [25, 50]}, "s": {"a": 0, "k": [50, 100]}, "r": {"a": 0, "k": 0}}, {"ty": "fl", "c": {"a": 0, "k": [0.50196, 0.50196, 0.50196, 1]}, "o": {"a": 0, "k": 100}}]}]}"#
        let expected: [(type: Int, left: [UInt8], right: [UInt8])] = [
            (1, [255, 0, 0], [255, 255, 255]),      // alpha: inside the square only
            (2, [255, 255, 255], [255, 0, 0]),      // inverted alpha: outside it only
            (3, [255, 127, 127], [255, 255, 255]),  // luma: half inside, none outside
            (4, [255, 128, 128], [255, 0, 0]),      // inverted luma: 127 inside, all outside
        ]
        for (type, left, right) in expected {
            let layers = ##"[\##(matte), {"ty": 1, "ind": 2, "tt": \##(type), "sc": "#ff0000", "sw": 100, "sh": 100, "ks": {}}]"##
            let file = try lottie(layers, path: "tt.json")
            XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
            let image = try frame(file, 0)
            assertColor(image.pixel(x: 25, y: 50), left[0], left[1], left[2], "tt \(type) inside the matte")
            assertColor(image.pixel(x: 75, y: 50), right[0], right[1], right[2], "tt \(type) outside it")
        }
    }
}

extension LottieFileTests {
    /// A black 20 pt square at (40…60, 40…60) casting a red drop shadow (`ty` 25) at full
    /// opacity with a hard edge (softness 0): its direction and distance (Lottie values), and
    /// Shadow Only (the sixth value).
    private func shadowedSquare(direction: String, distance: String, shadowOnly: Bool = false) throws -> LottieFile {
        let effect = """
        {"ty": 25, "en": 1, "ef": [{"ty": 2, "v": \(still("[1, 0, 0, 1]"))}, {"ty": 0, "v": \(still("255"))}, {"ty": 1, "v": \(direction)},
         {"ty": 0, "v": \(distance)}, {"ty": 0, "v": \(still("0"))}, {"ty": 7, "v": \(still(shadowOnly ? "1" : "0"))}]}
        """
        let square = #"{"ty": "gr", "it": [{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}}, {"ty": "fl", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}"#
        let file = try lottie(#"[{"ty": 4, "ks": {}, "shapes": [\#(square)], "ef": [\#(effect)]}]"#, path: "ds.json")
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
        return file
    }

    /// After Effects applies a layer's masks before its effects: a mask keeping the left half of
    /// the square leaves that half, whose drop shadow 20 pt to the right falls outside the mask
    /// and shows (a Core Animation mask would cut its own layer's shadow there).
    func testADropShadowIsNotCutByTheLayersMasks() throws {
        let effect = """
        {"ty": 25, "en": 1, "ef": [{"ty": 2, "v": \(still("[1, 0, 0, 1]"))}, {"ty": 0, "v": \(still("255"))}, {"ty": 1, "v": \(still("90"))},
         {"ty": 0, "v": \(still("20"))}, {"ty": 0, "v": \(still("0"))}]}
        """
        let square = #"{"ty": "gr", "it": [{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}}, {"ty": "fl", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}"#
        let leftHalf = #"{"a": 0, "k": {"v": [[0, 0], [50, 0], [50, 100], [0, 100]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]], "c": true}}"#
        let file = try lottie(#"[{"ty": 4, "ks": {}, "hasMask": true, "masksProperties": [{"mode": "a", "pt": \#(leftHalf)}], "shapes": [\#(square)], "ef": [\#(effect)]}]"#, path: "mds.json")
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
        let image = try frame(file, 0)
        assertColor(image.pixel(x: 45, y: 50), 0, 0, 0, "the square's left half")
        assertColor(image.pixel(x: 55, y: 50), 255, 255, 255, "its right half masked away")
        assertColor(image.pixel(x: 65, y: 50), 255, 0, 0, "the left half's shadow, outside the mask")
    }

    /// A drop shadow effect is the layer's shadow: `distance` along `direction` − 90° (so 90°
    /// points right, 180° down), its colour at opacity ÷ 255; softness 0 is a hard edge. The
    /// square casts its shadow 20 pt away.
    func testADropShadowFallsWhereItsDirectionPoints() throws {
        for (direction, shadowAt, clear) in [(90, (70, 50), (50, 70)), (180, (50, 70), (70, 50))] {
            let file = try shadowedSquare(direction: still("\(direction)"), distance: still("20"))
            let image = try frame(file, 0)
            assertColor(image.pixel(x: 50, y: 50), 0, 0, 0, "direction \(direction): the square")
            assertColor(image.pixel(x: shadowAt.0, y: shadowAt.1), 255, 0, 0, "direction \(direction): its shadow")
            assertColor(image.pixel(x: clear.0, y: clear.1), 255, 255, 255, "direction \(direction): no shadow the other way")
        }
    }

    /// With Shadow Only (the effect's sixth value) the shadow shows alone, as After Effects draws
    /// it: the black square is gone, its red shadow 20 pt to the right is there.
    func testADropShadowWithShadowOnlyShowsAlone() throws {
        let file = try shadowedSquare(direction: still("90"), distance: still("20"), shadowOnly: true)
        let image = try frame(file, 0)
        for x in [45, 55] { assertColor(image.pixel(x: x, y: 50), 255, 255, 255, "the square is not drawn") }
        assertColor(image.pixel(x: 70, y: 50), 255, 0, 0, "its shadow")
    }

    /// A drop shadow whose direction turns goes round the layer: direction 90° → 270° linearly
    /// over 30 frames (distance 20) points down (180°) at frame 15, so the red shadow falls 20 pt
    /// below the square; easing the two ends' offsets, (20, 0) and (−20, 0), would have put it
    /// under the square instead, out of sight. Direction and distance changing together are both
    /// followed: 90° → 270° while 20 → 30 puts it 25 below at frame 15.
    func testATurningDropShadowGoesRound() throws {
        func turning(_ a: Double, _ b: Double) -> String {
            #"{"a": 1, "k": [{"t": 0, "s": [\#(a)], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [\#(b)]}]}"#
        }
        // Distance 20 shades rows 60…80 below the square; 20 → 30 at frame 15 (25) rows 65…85:
        // row 84 only then, not as 20 held; row 87 neither then nor at 30.
        for (distance, below, beyond) in [(still("20"), 70, 82), (turning(20, 30), 84, 87)] {
            let file = try shadowedSquare(direction: turning(90, 270), distance: distance)
            let image = try frame(file, 15)
            assertColor(image.pixel(x: 50, y: below), 255, 0, 0, "the shadow below the square halfway round")
            assertColor(image.pixel(x: 50, y: beyond), 255, 255, 255, "and no further")
            assertColor(image.pixel(x: 50, y: 30), 255, 255, 255, "none above it")
        }
    }

    /// Changing Fill and Tint effects animate their filters: a white solid filled with a colour
    /// going red → blue linearly over 30 frames is (0.5, 0, 0.5) at frame 15, (128, 0, 128);
    /// tinted towards red (black → black, white → red) by an amount 0 → 100% it is half red in
    /// linear light there: green and blue 0.5 linear, 0.7354 encoded, 188.
    func testChangingFillAndTintEffectsAnimate() throws {
        let linear = #"{"o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}"#
        let fill = """
        {"ty": 21, "en": 1, "ef": [{"ty": 10, "v": \(still("0"))}, {"ty": 7, "v": \(still("0"))},
         {"ty": 2, "v": {"a": 1, "k": [{"t": 0, "s": [1, 0, 0, 1], \(linear.dropFirst())}, {"t": 30, "s": [0, 0, 1, 1]}]}}, {"ty": 7, "v": \(still("0"))},
         {"ty": 0, "v": \(still("0"))}, {"ty": 0, "v": \(still("0"))}, {"ty": 0, "v": \(still("1"))}]}
        """
        let tint = """
        {"ty": 20, "en": 1, "ef": [{"ty": 2, "v": \(still("[0, 0, 0, 1]"))}, {"ty": 2, "v": \(still("[1, 0, 0, 1]"))},
         {"ty": 0, "v": {"a": 1, "k": [{"t": 0, "s": [0], \(linear.dropFirst())}, {"t": 30, "s": [100]}]}}]}
        """
        for (effect, expected) in [(fill, [128, 0, 128]), (tint, [255, 188, 188])] {
            let layers = ##"[{"ty": 1, "sc": "#ffffff", "sw": 100, "sh": 100, "ks": {}, "ef": [\##(effect)]}]"##
            let file = try lottie(layers, path: "fx.json")
            XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
            let image = try frame(file, 15)
            let p = image.pixel(x: 50, y: 50)
            for (got, want) in zip([p.r, p.g, p.b], expected) { XCTAssertEqual(Int(got), want, accuracy: 1, "\(expected)") }
        }
    }

    /// A Fill effect (`ty` 21) paints every pixel of the layer its colour, keeping the pixel's
    /// alpha times the effect's opacity (lottie-web's colour matrix): a white square filled blue
    /// at opacity 0.5 over white is (127, 127, 255).
    func testAFillEffectRepaintsTheLayer() throws {
        let effect = """
        {"ty": 21, "en": 1, "ef": [{"ty": 10, "v": \(still("0"))}, {"ty": 7, "v": \(still("0"))}, {"ty": 2, "v": \(still("[0, 0, 1, 1]"))}, {"ty": 7, "v": \(still("0"))},
         {"ty": 0, "v": \(still("0"))}, {"ty": 0, "v": \(still("0"))}, {"ty": 0, "v": \(still("0.5"))}]}
        """
        let layers = ##"[{"ty": 1, "sc": "#ffffff", "sw": 50, "sh": 100, "ks": {}, "ef": [\##(effect)]}]"##
        let file = try lottie(layers, path: "fill.json")
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
        let image = try frame(file, 0)
        assertColor(image.pixel(x: 25, y: 50), 127, 127, 255, "the filled solid")
        assertColor(image.pixel(x: 0, y: 0), 127, 127, 255, "its first pixel, white before the fill, too")
        assertColor(image.pixel(x: 75, y: 50), 255, 255, 255, "beside it")
    }
}

extension LottieFileTests {
    /// Text from the file's glyphs (`chars`), with no such font installed: "AVO" centred on
    /// x = 100, size 40 (glyphs at 100: scale 0.4), tracking 50 (2 pt between characters), so
    /// the line is 3 × 75 × 0.4 + 2 × 2 = 94 wide and starts at 53. The "A" (a triangle of
    /// base 70, height 70, with a triangular hole) sits on the baseline y = 60: its outline at
    /// (58, 57) is filled, its hole's centre (67, 52) is not.
    func testTextFromTheFilesGlyphs() throws {
        let file = try load("text-glyphs")
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
        let image = try frame(file, 0)
        assertColor(image.pixel(x: 58, y: 57), 38, 51, 128, "the A's outline, in the text's colour")
        assertColor(image.pixel(x: 67, y: 52), 255, 255, 255, "the A's hole")
        assertColor(image.pixel(x: 50, y: 57), 255, 255, 255, "left of the centred line")
    }
}

extension LottieFileTests {
    /// A text animator over "OOOO" drawn from the file's glyphs (size 100: each O is 75 wide, its
    /// left bar at x 5…20 of its advance): opacity 0 through a square selector from 37.5% to 75%.
    /// By lottie-web's rule, in characters the range is 1.5…3: character 0 is not selected,
    /// character 1 half (its index is inside the rounded-down start, 1 − (1.5 − 1) = 0.5),
    /// character 2 fully, character 3 not (3 is the end). Opacity 1 + (0 − 1) × w: 1, 0.5, 0, 1;
    /// black over white: 0, 127, 255, 0.
    func testATextAnimatorWeighsEachCharacter() throws {
        let image = try animatedBlocks("OOOO", start: "37.5", end: "75", basedOn: 1, width: 300)
        for (k, level) in [0, 127, 255, 0].enumerated() {
            let level = UInt8(level)
            assertColor(image.pixel(x: 75 * k + 12, y: 40), level, level, level, "character \(k)'s left bar")
        }
    }
}

extension LottieFileTests {
    /// A position whose keyframes ease x linearly and y as cubic-bezier(0.42, 0, 1, 1): the
    /// 20 pt square's centre runs x 20 → 180 in step with time and y 20 → 180 along the curve.
    func testEachDimensionEasesByItsOwnHandles() throws {
        let position = #"{"a": 1, "k": [{"t": 0, "s": [20, 20], "o": {"x": [0, 0.42], "y": [0, 0]}, "i": {"x": [1, 1], "y": [1, 1]}}, {"t": 30, "s": [180, 180]}]}"#
        let square = #"{"ty": "gr", "it": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}"#
        let layers = #"[{"ty": 4, "ks": {"p": \#(position)}, "shapes": [\#(square)]}]"#
        let file = try lottie(layers, width: 200, height: 200, path: "pd.json")
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
        for f in [6.0, 15, 24] {
            let (x, y) = (20 + 160 * f / 30, 20 + 160 * bezier(0.42, 0, 1, 1, at: f / 30))
            let image = try frame(file, f)
            assertColor(image.pixel(x: Int((x - 10).rounded(.up)) + 1, y: Int(y)), 255, 0, 0, "frame \(f): inside the left edge at \(x - 10)")
            assertColor(image.pixel(x: Int((x - 10).rounded(.down)) - 1, y: Int(y)), 255, 255, 255, "frame \(f): left of it")
            assertColor(image.pixel(x: Int(x), y: Int((y - 10).rounded(.up)) + 1), 255, 0, 0, "frame \(f): inside the top edge at \(y - 10)")
            assertColor(image.pixel(x: Int(x), y: Int((y - 10).rounded(.down)) - 1), 255, 255, 255, "frame \(f): above it")
        }
    }
}

extension LottieFileTests {
    /// Merge paths (`mm`) over two squares, A at 0…60 and B at 40…100 on both axes, filled red at
    /// 50% (over white: 255, 127, 127; drawn twice the overlap would be 255, 63, 63): by After
    /// Effects' rules, add keeps A, B and their overlap, covered once; subtract keeps A outside B;
    /// intersect keeps the overlap only; exclude intersections keeps A and B outside the overlap.
    /// (lottie-web ignores merge paths, so these are checked by hand rather than against it.)
    func testMergePathsCombineTheShapesAbove() throws {
        func square(_ x: Int) -> String {
            #"{"ty": "rc", "p": {"a": 0, "k": [\#(x + 30), \#(x + 30)]}, "s": {"a": 0, "k": [60, 60]}, "r": {"a": 0, "k": 0}}"#
        }
        let red: [UInt8] = [255, 127, 127], white: [UInt8] = [255, 255, 255]
        for (mode, onlyA, both, onlyB) in [(2, red, red, red), (3, red, white, white), (4, white, red, white), (5, red, white, red)] {
            let group = #"{"ty": "gr", "it": [\#(square(0)), \#(square(40)), {"ty": "mm", "mm": \#(mode)}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 50}}]}"#
            let file = try lottie(#"[{"ty": 4, "ks": {}, "shapes": [\#(group)]}]"#, path: "mm.json")
            XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
            let image = try frame(file, 0)
            for (x, y, expected, name) in [(20, 20, onlyA, "A only"), (50, 50, both, "both"), (80, 80, onlyB, "B only"), (20, 80, white, "neither")] {
                assertColor(image.pixel(x: x, y: y), expected[0], expected[1], expected[2], "mode \(mode): \(name)")
            }
        }
    }
}

extension LottieFileTests {
    /// A merge merges only the paths above it: [A, B, subtract, C, fill] is (A − B) ∪ C — with A
    /// at 0…60, B at 40…100 and C at 70…90 on both axes, C's inside (80, 80), which B's
    /// subtraction would have cut, is filled.
    func testAMergeTakesOnlyThePathsAboveIt() throws {
        func square(_ x: Int, _ side: Int) -> String {
            #"{"ty": "rc", "p": {"a": 0, "k": [\#(x + side / 2), \#(x + side / 2)]}, "s": {"a": 0, "k": [\#(side), \#(side)]}, "r": {"a": 0, "k": 0}}"#
        }
        let group = #"{"ty": "gr", "it": [\#(square(0, 60)), \#(square(40, 60)), {"ty": "mm", "mm": 3}, \#(square(70, 20)), {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}"#
        let file = try lottie(#"[{"ty": 4, "ks": {}, "shapes": [\#(group)]}]"#, path: "mm.json")
        let image = try frame(file, 0)
        assertColor(image.pixel(x: 20, y: 20), 255, 0, 0, "A outside B")
        assertColor(image.pixel(x: 50, y: 50), 255, 255, 255, "A inside B, subtracted")
        assertColor(image.pixel(x: 80, y: 80), 255, 0, 0, "C, after the merge")
        assertColor(image.pixel(x: 65, y: 65), 255, 255, 255, "B alone")
    }
}

extension LottieFileTests {
    /// A plain merge (`mm` 1) makes the paths above it one path, so an intersect after it has
    /// one path and leaves it whole (After Effects; lottie-web, rlottie and ThorVG, which ignore
    /// merges, draw the same): A at 0…60 and B at 40…100 are both filled, not only their overlap.
    func testAMergeAfterAPlainMergeHasOnePath() throws {
        func square(_ x: Int) -> String {
            #"{"ty": "rc", "p": {"a": 0, "k": [\#(x + 30), \#(x + 30)]}, "s": {"a": 0, "k": [60, 60]}, "r": {"a": 0, "k": 0}}"#
        }
        let group = #"{"ty": "gr", "it": [\#(square(0)), \#(square(40)), {"ty": "mm", "mm": 1}, {"ty": "mm", "mm": 4}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}"#
        let file = try lottie(#"[{"ty": 4, "ks": {}, "shapes": [\#(group)]}]"#, path: "mm.json")
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
        let image = try frame(file, 0)
        for (x, y, name) in [(20, 20, "A only"), (50, 50, "both"), (80, 80, "B only")] { assertColor(image.pixel(x: x, y: y), 255, 0, 0, name) }
        assertColor(image.pixel(x: 20, y: 80), 255, 255, 255, "neither")
    }
}

extension LottieFileTests {
    /// An image asset whose file is not beside the Lottie file (exported without its images
    /// folder) draws nothing, as the players do, with a warning naming the asset; the layers
    /// around it draw as ever.
    func testAMissingImageAssetDrawsNothingAndSaysSo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("missing-image-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let layers = ##"[{"ty": 2, "refId": "picture", "ks": {}}, {"ty": 1, "sc": "#ff0000", "sw": 50, "sh": 100, "ks": {}}]"##
        let file = try lottie(layers, more: #""assets": [{"id": "picture", "w": 100, "h": 100, "u": "images/", "p": "img_0.png"}]"#,
                              path: folder.appendingPathComponent("m.json").path)
        XCTAssertEqual(file.warnings, ["image assets whose file is missing, drawn as nothing (assets[0].p)"])
        let image = try frame(file, 0)
        assertColor(image.pixel(x: 25, y: 50), 255, 0, 0, "the solid beside it")
        assertColor(image.pixel(x: 75, y: 50), 255, 255, 255, "nothing where the picture would be")
    }
}

extension LottieFileTests {
    /// A trim under a fill cuts the path the fill fills, as lottie-web does (a character's
    /// eyelid in the corpus is a trimmed, filled rectangle): the square (0,0) → (100,0) →
    /// (100,100) → (0,100), trimmed to the first half of its 400-long outline, is the path to
    /// (100,100); the fill closes it with the diagonal, so the triangle above it is red and the
    /// one below white.
    func testATrimCutsTheFilledPath() throws {
        let square = #"{"ty": "sh", "ks": {"a": 0, "k": {"v": [[0, 0], [100, 0], [100, 100], [0, 100]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]], "c": true}}}"#
        let trim = #"{"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "o": {"a": 0, "k": 0}, "m": 1}"#
        let group = #"{"ty": "gr", "it": [\#(square), {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}, \#(trim)]}"#
        let file = try lottie(#"[{"ty": 4, "ks": {}, "shapes": [\#(group)]}]"#, path: "tf.json")
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
        let image = try frame(file, 0)
        for (x, y) in [(90, 10), (60, 40), (95, 80)] { assertColor(image.pixel(x: x, y: y), 255, 0, 0, "above the diagonal at \(x), \(y)") }
        for (x, y) in [(10, 90), (40, 60), (5, 20)] { assertColor(image.pixel(x: x, y: y), 255, 255, 255, "below it at \(x), \(y)") }
    }
}

extension LottieFileTests {
    /// A trim listed after a group cuts the paths inside it, as lottie-web applies a trim to
    /// every path above it (the corpus's speed lines are strokes in groups trimmed at the
    /// layer's level): a 100-long horizontal line at y 50, stroked 10 wide inside a group, trimmed
    /// to its first 30% by a trim after the group, is red from x 0 to 30 only.
    func testATrimAfterAGroupCutsThePathsInIt() throws {
        try assertTheLineIsCutTo30Percent(shapes: { line, stroke, trim in #"[{"ty": "gr", "it": [\#(line), \#(stroke)]}, \#(trim)]"# })
    }

    /// A 100-long horizontal line at y 50, a 10-wide red stroke and a trim to the first 30%,
    /// arranged in a shape list by `shapes`, drawn red from x 0 to 30 only.
    func assertTheLineIsCutTo30Percent(shapes: (_ line: String, _ stroke: String, _ trim: String) -> String,
                                       file: StaticString = #filePath, line: UInt = #line) throws {
        let path = #"{"ty": "sh", "ks": {"a": 0, "k": {"v": [[0, 50], [100, 50]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]], "c": false}}}"#
        let stroke = #"{"ty": "st", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 10}, "lc": 1}"#
        let trim = #"{"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 30}, "o": {"a": 0, "k": 0}, "m": 1}"#
        let lottieFile = try lottie(#"[{"ty": 4, "ks": {}, "shapes": \#(shapes(path, stroke, trim))}]"#, path: "trimmed-line.json")
        XCTAssertTrue(lottieFile.warnings.isEmpty, "\(lottieFile.warnings)", file: file, line: line)
        let image = try frame(lottieFile, 0)
        for x in [5, 15, 25] { assertColor(image.pixel(x: x, y: 50), 255, 0, 0, "kept at \(x)", file: file, line: line) }
        for x in [35, 60, 95] { assertColor(image.pixel(x: x, y: 50), 255, 255, 255, "cut at \(x)", file: file, line: line) }
    }
}

extension LottieFileTests {
    /// A fill listed after a group paints the group's paths where the group's transform puts
    /// them, as lottie-web paints every path above a fill: a 40-wide square centred at (50, 50)
    /// in a group moved 20 right, with no fill of its own, is filled red from x 50 to 90.
    func testAFillAfterAGroupPaintsItsPaths() throws {
        let square = #"{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [40, 40]}, "r": {"a": 0, "k": 0}}"#
        let transform = #"{"ty": "tr", "p": {"a": 0, "k": [20, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}"#
        let shapes = #"[{"ty": "gr", "it": [\#(square), \#(transform)]}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]"#
        let file = try lottie(#"[{"ty": 4, "ks": {}, "shapes": \#(shapes)}]"#, path: "fg.json")
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
        let image = try frame(file, 0)
        for x in [55, 70, 85] { assertColor(image.pixel(x: x, y: 50), 255, 0, 0, "inside the moved square at \(x)") }
        for x in [35, 45, 95] { assertColor(image.pixel(x: x, y: 50), 255, 255, 255, "outside it at \(x)") }
    }
}

extension LottieFileTests {
    /// A text layer whose font is not installed (a designer's font) is drawn in the family
    /// fontconfig substitutes, with a warning naming both, instead of failing the file; its
    /// text is drawn (dark pixels where it stands).
    func testAFontNotInstalledIsSubstitutedWithAWarning() throws {
        let fonts = #""fonts": {"list": [{"fName": "Gone-Regular", "fFamily": "Surely Not An Installed Family", "fStyle": "Regular", "ascent": 72}]}"#
        let text = #"{"ty": 5, "ks": {"p": {"a": 0, "k": [10, 60]}}, "t": {"d": {"k": [{"s": {"s": 40, "f": "Gone-Regular", "t": "HH", "j": 0, "tr": 0, "lh": 48, "ls": 0, "fc": [0, 0, 0]}, "t": 0}]}, "p": {}, "m": {"g": 1, "a": {"a": 0, "k": [0, 0]}}, "a": []}}"#
        let file = try lottie("[\(text)]", more: fonts, path: "font.json")
        let substitute = try XCTUnwrap(FontLookup.substitute(for: "Surely Not An Installed Family"))
        XCTAssertEqual(file.warnings, [#"fonts not installed, drawn in the family fontconfig substitutes: "Surely Not An Installed Family" in "\#(substitute)" (layers[0].t.d.k[0].s.f)"#])
        let image = try frame(file, 0)
        let dark = (0..<100).flatMap { x in (20..<70).map { y in image.pixel(x: x, y: y).r } }.filter { $0 < 128 }.count
        XCTAssertGreaterThan(dark, 100, "the text is drawn")
        // Named substitutes (--font-map): drawn in Inter with no warning, as a file naming Inter
        // draws; a substitute that is not installed is an error naming the mapping.
        let document = "{\"v\": \"5.7\", \"fr\": 30, \"ip\": 0, \"op\": 30, \"w\": 100, \"h\": 100, \(fonts), \"layers\": [\(text)]}"
        let mapped = try LottieFile(text: document, path: "font.json", fontMap: ["Surely Not An Installed Family": "Inter"])
        XCTAssertEqual(mapped.warnings, [String]())
        let inter = try LottieFile(text: document.replacingOccurrences(of: "Surely Not An Installed Family", with: "Inter"), path: "font.json")
        XCTAssertEqual(try frame(mapped, 0).bytes, try frame(inter, 0).bytes)
        XCTAssertThrowsError(try LottieFile(text: document, path: "font.json", fontMap: ["Surely Not An Installed Family": "Nor This One"])) {
            XCTAssertTrue("\($0)".contains(#"--font-map maps "Surely Not An Installed Family" to "Nor This One", which is not an installed font"#), "\($0)")
        }
    }
}

extension LottieFileTests {
    /// A layer scaled from 0 (a singular transform) while it turns keeps every part of its
    /// transform: before its first key it is not drawn at all (scale 0), and at the end it is
    /// whole; half way it is half size (scale 50%, turned −45°: its centre red, its corners'
    /// places white). Before, the singular start made the turn and scale fall back to the
    /// identity, so the layer showed full size before its key.
    func testAScaleFromZeroKeepsTheOtherParts() throws {
        let scale = #"{"a": 1, "k": [{"t": 10, "s": [0, 0, 100], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}}, {"t": 20, "s": [100, 100, 100]}]}"#
        let rotation = #"{"a": 1, "k": [{"t": 10, "s": [-90], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}}, {"t": 20, "s": [0]}]}"#
        let layer = ##"{"ty": 1, "sc": "#ff0000", "sw": 60, "sh": 60, "ks": {"a": {"a": 0, "k": [30, 30]}, "p": {"a": 0, "k": [50, 50]}, "s": \##(scale), "r": \##(rotation)}}"##
        let file = try lottie("[\(layer)]", path: "zero.json")
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
        assertColor(try frame(file, 5).pixel(x: 50, y: 50), 255, 255, 255, "before the first key: scale 0")
        let half = try frame(file, 15)
        assertColor(half.pixel(x: 50, y: 50), 255, 0, 0, "half way: the centre")
        assertColor(half.pixel(x: 24, y: 50), 255, 255, 255, "half way: 26 left of the centre, past the half-size square")
        let whole = try frame(file, 25)
        for (x, y) in [(50, 50), (23, 23), (77, 77)] { assertColor(whole.pixel(x: x, y: y), 255, 0, 0, "at the end: \(x), \(y)") }
    }
}

extension LottieFileTests {
    /// A glyph is drawn from the first of its shapes only, and a file Bodymovin exported before
    /// 4.7.99 gives its glyphs' tangents as points (lottie-web converts only newer files' glyphs;
    /// the corpus's "MINDFUL" was a tangle): a B whose square (5…65 wide, 70 high, its tangents
    /// the points themselves, so straight sides) is drawn, and a second, wider group after it is
    /// not. Read as offsets, the tangents would bulge the top edge far above the square.
    func testOldFilesGlyphsTangentsArePointsAndOnlyTheFirstShapeDraws() throws {
        let square = #"{"c": true, "v": [[5, -70], [65, -70], [65, 0], [5, 0]], "i": [[5, -70], [65, -70], [65, 0], [5, 0]], "o": [[5, -70], [65, -70], [65, 0], [5, 0]]}"#
        let second = #"{"c": true, "v": [[70, -70], [95, -70], [95, 0], [70, 0]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}"#
        let glyph = #"{"ch": "B", "size": 100, "style": "Regular", "w": 100, "fFamily": "Blocks", "data": {"shapes": [{"ty": "gr", "it": [{"ty": "sh", "ks": {"a": 0, "k": \#(square)}}]}, {"ty": "gr", "it": [{"ty": "sh", "ks": {"a": 0, "k": \#(second)}}]}]}}"#
        let fonts = #"{"list": [{"fName": "Blocks-Regular", "fFamily": "Blocks", "fStyle": "Regular", "ascent": 70}]}"#
        let document = #"{"d": {"k": [{"s": {"s": 100, "f": "Blocks-Regular", "t": "B", "j": 0, "tr": 0, "lh": 120, "fc": [0, 0, 0]}, "t": 0}]}, "a": []}"#
        let file = try lottie(#"[{"ty": 5, "ks": {"p": {"a": 0, "k": [0, 80]}}, "t": \#(document)}]"#, more: #""fonts": \#(fonts), "chars": [\#(glyph)]"#,
                              version: "4.6.0", path: "old-glyphs.json")
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
        let image = try frame(file, 0)
        assertColor(image.pixel(x: 35, y: 45), 0, 0, 0, "inside the square")
        assertColor(image.pixel(x: 35, y: 5), 255, 255, 255, "above its straight top edge")
        assertColor(image.pixel(x: 82, y: 45), 255, 255, 255, "where the second shape would be")
    }
}

extension LottieFileTests {
    /// A group's own trim cuts its paths for a stroke listed after the group too (a rig in the
    /// corpus keeps a star inside a trimmed group and strokes it from outside): the 100-long
    /// line at y 50, trimmed inside its group to its first 30%, is stroked from x 0 to 30 only.
    func testAGroupsTrimReachesAStrokeAfterTheGroup() throws {
        try assertTheLineIsCutTo30Percent(shapes: { line, stroke, trim in #"[{"ty": "gr", "it": [\#(line), \#(trim)]}, \#(stroke)]"# })
    }
}

extension LottieFileTests {
    /// Auto-orient (`ao`) turns a layer to face the way it moves, as After Effects does: a bar
    /// 40 wide and 6 high moving straight down from (50, 10) to (50, 90) turns a quarter turn
    /// clockwise, so half way it stands upright at (50, 50); without `ao` it lies flat.
    func testAutoOrientFacesTheWayTheLayerMoves() throws {
        func bar(orients: Bool) throws -> Pixmap {
            let position = #"{"a": 1, "k": [{"t": 0, "s": [50, 10], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}}, {"t": 30, "s": [50, 90]}]}"#
            let layer = ##"{"ty": 1, "sc": "#ff0000", "sw": 40, "sh": 6, "ao": \##(orients ? 1 : 0), "ks": {"a": {"a": 0, "k": [20, 3]}, "p": \##(position)}}"##
            return try frame(try lottie("[\(layer)]", path: "ao.json"), 15)
        }
        let turned = try bar(orients: true), flat = try bar(orients: false)
        for y in [35, 45, 55, 65] { assertColor(turned.pixel(x: 50, y: y), 255, 0, 0, "upright at y \(y)") }
        for x in [35, 65] { assertColor(turned.pixel(x: x, y: 50), 255, 255, 255, "not across at x \(x)") }
        for x in [35, 65] { assertColor(flat.pixel(x: x, y: 50), 255, 0, 0, "without ao: across at x \(x)") }
    }
}

extension LottieFileTests {
    /// A 3D layer's turns out of the plane are drawn without perspective, as lottie-web draws
    /// 3D layers without a camera: a 40-wide square turned 60° about y is cos 60° × 40 = 20 wide
    /// (x 40…60 about its centre at 50), and one turned 60° about x is 20 high; no warning.
    func testA3DLayerTurnsOutOfThePlaneWithoutPerspective() throws {
        func square(_ turn: String) throws -> Pixmap {
            let layer = ##"{"ty": 1, "ddd": 1, "sc": "#ff0000", "sw": 40, "sh": 40, "ks": {"a": {"a": 0, "k": [20, 20, 0]}, "p": {"a": 0, "k": [50, 50, 0]}, \##(turn)}}"##
            let file = try lottie("[\(layer)]", path: "3d.json")
            XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
            return try frame(file, 0)
        }
        let aboutY = try square(#""ry": {"a": 0, "k": 60}"#), aboutX = try square(#""rx": {"a": 0, "k": 60}"#)
        for x in [42, 50, 58] { assertColor(aboutY.pixel(x: x, y: 50), 255, 0, 0, "about y: inside at x \(x)") }
        for x in [36, 64] { assertColor(aboutY.pixel(x: x, y: 50), 255, 255, 255, "about y: outside at x \(x)") }
        for y in [42, 58] { assertColor(aboutX.pixel(x: 50, y: y), 255, 0, 0, "about x: inside at y \(y)") }
        for y in [36, 64] { assertColor(aboutX.pixel(x: 50, y: y), 255, 255, 255, "about x: outside at y \(y)") }
    }
}

extension LottieFileTests {
    /// A selector based on words (`b` 3) over "OO OO OO", opacity 0 from 33.3% to 66.7%: in
    /// words (lottie-web counts a word as ending at its space, so three here) the range is 1…2,
    /// so the middle word is hidden and the others are not. Each O is 75 wide, a space 30, so
    /// the words start at 0, 180 and 360; an O's left bar is 5…20 into it.
    func testATextSelectorByWords() throws {
        let image = try animatedBlocks("OO OO OO", start: "33.333333", end: "66.666667", basedOn: 3, width: 520)
        for (x, level) in [(12, 0), (87, 0), (192, 255), (267, 255), (372, 0), (447, 0)] {
            assertColor(image.pixel(x: x, y: 40), UInt8(level), UInt8(level), UInt8(level), "the O at \(x - 12)")
        }
    }
}

extension LottieFileTests {
    /// `text` in the test font "Blocks" drawn from the file's glyphs (an O 75 wide with a square
    /// hole, a space 30 wide; size 100, black), its first baseline at y = 80, under one text
    /// animator setting opacity 0 through a square selector from `start` to `end` percent based
    /// on `basedOn`; rendered at frame 0, `width` × 100.
    func animatedBlocks(_ text: String, start: String, end: String, basedOn: Int, width: Int) throws -> Pixmap {
        let o = #"{"ch": "O", "size": 100, "style": "Regular", "w": 75, "fFamily": "Blocks", "data": {"shapes": [{"ty": "gr", "it": [{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[5, -70], [65, -70], [65, 0], [5, 0]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}, {"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[20, -55], [20, -15], [50, -15], [50, -55]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}]}]}}"#
        let space = #"{"ch": " ", "size": 100, "style": "Regular", "w": 30, "fFamily": "Blocks", "data": {}}"#
        let selector = #"{"s": \#(still(start)), "e": \#(still(end)), "o": \#(still("0")), "a": \#(still("100")), "sh": 1, "r": 1, "b": \#(basedOn)}"#
        let document = #"{"d": {"k": [{"s": {"s": 100, "f": "Blocks-Regular", "t": "\#(text)", "j": 0, "tr": 0, "lh": 120, "fc": [0, 0, 0]}, "t": 0}]}, "a": [{"s": \#(selector), "a": {"o": \#(still("0"))}}]}"#
        let layers = #"[{"ty": 5, "ip": 0, "op": 30, "ks": {"p": {"a": 0, "k": [0, 80]}}, "t": \#(document)}]"#
        let fonts = #"{"list": [{"fName": "Blocks-Regular", "fFamily": "Blocks", "fStyle": "Regular", "ascent": 70}]}"#
        let file = try lottie(layers, width: width, more: #""fonts": \#(fonts), "chars": [\#(o), \#(space)]"#, path: "blocks.json")
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
        return try XCTUnwrap(StillImage.render(try file.timeline(canvas: Size(Double(width), 100), duration: 1), at: 0, width: width, height: 100, scale: 1))
    }
}

extension LottieFileTests {
    /// Box text from glyphs in a box narrower than one glyph: each O (75 wide) takes a line of
    /// its own — the break comes before a character that overruns a line holding something, at
    /// the last space when there is one — and no character is broken from itself (lottie-web
    /// would loop for ever). "OO O" in a 10-wide box at (0, 0): lines "O", "O", "O", baselines
    /// the ascent (70) below the top, 120 apart (and one unit more after the first): 70, 191, 312.
    func testBoxTextNarrowerThanAGlyph() throws {
        let o = #"{"ch": "O", "size": 100, "style": "Regular", "w": 75, "fFamily": "Blocks", "data": {"shapes": [{"ty": "gr", "it": [{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[5, -70], [65, -70], [65, 0], [5, 0]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}]}]}}"#
        let space = #"{"ch": " ", "size": 100, "style": "Regular", "w": 30, "fFamily": "Blocks", "data": {}}"#
        let document = #"{"d": {"k": [{"s": {"s": 100, "f": "Blocks-Regular", "t": "OO O", "j": 0, "tr": 0, "lh": 120, "fc": [0, 0, 0], "sz": [10, 400], "ps": [0, 0]}, "t": 0}]}, "a": []}"#
        let fonts = #"{"list": [{"fName": "Blocks-Regular", "fFamily": "Blocks", "fStyle": "Regular", "ascent": 70}]}"#
        let file = try lottie(#"[{"ty": 5, "ks": {}, "t": \#(document)}]"#, height: 400, more: #""fonts": \#(fonts), "chars": [\#(o), \#(space)]"#, path: "narrow.json")
        let image = try XCTUnwrap(StillImage.render(try file.timeline(canvas: Size(100, 400), duration: 1), at: 0, width: 100, height: 400, scale: 1))
        for baseline in [70, 191, 312] {
            assertColor(image.pixel(x: 35, y: baseline - 35), 0, 0, 0, "an O on the baseline at \(baseline)")
            assertColor(image.pixel(x: 85, y: baseline - 35), 255, 255, 255, "nothing right of it")
        }
    }
}

extension LottieFileTests {
    /// A mask shrunk by its expansion: the square 20…80 with `x` −10 keeps 30…70 (the outline's
    /// band 10 wide each side taken away, as lottie-web erodes it).
    func testAShrinkingMask() throws {
        let square = #"{"a": 0, "k": {"v": [[20, 20], [80, 20], [80, 80], [20, 80]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]], "c": true}}"#
        let layers = ##"[{"ty": 1, "sc": "#ff0000", "sw": 100, "sh": 100, "ks": {}, "hasMask": true, "masksProperties": [{"mode": "a", "pt": \##(square), "x": {"a": 0, "k": -10}}]}]"##
        let file = try lottie(layers, path: "x.json")
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
        let image = try frame(file, 0)
        assertColor(image.pixel(x: 50, y: 50), 255, 0, 0, "the middle")
        assertColor(image.pixel(x: 32, y: 50), 255, 0, 0, "just inside the shrunk edge")
        assertColor(image.pixel(x: 27, y: 50), 255, 255, 255, "inside the mask but within its band")
        assertColor(image.pixel(x: 50, y: 75), 255, 255, 255, "likewise below")
    }
}

extension LottieFileTests {
    /// A text document that changes: "A" from frame 0, "V" from frame 15, each held until the
    /// next (size 100, baseline at y = 80, drawn from the corpus's glyphs). At (10, 75), 5 above
    /// the baseline, the A is 65 wide and covers it; the V, 5 wide there, does not.
    func testATextDocumentThatChanges() throws {
        let corpus = try String(contentsOf: Self.corpus.appendingPathComponent("text-glyphs.json"), encoding: .utf8)
        let chars = try XCTUnwrap(corpus.range(of: #""chars": "#)).upperBound
        let charsEnd = try XCTUnwrap(corpus.range(of: #", "layers""#, range: chars..<corpus.endIndex)).lowerBound
        let charsJSON = String(corpus[chars..<charsEnd])
        func document(_ text: String, _ frame: Int) -> String {
            #"{"s": {"s": 100, "f": "Blocks-Regular", "t": "\#(text)", "j": 0, "tr": 0, "lh": 120, "fc": [0, 0, 0]}, "t": \#(frame)}"#
        }
        let layer = #"{"ty": 5, "ip": 0, "op": 30, "ks": {"p": {"a": 0, "k": [0, 80]}}, "t": {"d": {"k": [\#(document("A", 0)), \#(document("V", 15))]}, "a": []}}"#
        let fonts = #"{"list": [{"fName": "Blocks-Regular", "fFamily": "Blocks", "fStyle": "Regular", "ascent": 70}]}"#
        let file = try lottie(#"[\#(layer)]"#, more: #""fonts": \#(fonts), "chars": \#(charsJSON)"#, path: "doc.json")
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
        assertColor(try frame(file, 10).pixel(x: 10, y: 75), 0, 0, 0, "the A at frame 10")
        assertColor(try frame(file, 20).pixel(x: 10, y: 75), 255, 255, 255, "the V at frame 20")
        assertColor(try frame(file, 20).pixel(x: 35, y: 40), 0, 0, 0, "the V's wide top at frame 20")
    }
}

extension LottieFileTests {
    /// Stroked text (`sc`, `sw`, `of`), as SVG strokes it: centred on the outline, over the
    /// fill unless `of` is false. A 40 × 40 square glyph from `chars` at size 100, its pen at
    /// (30, 70), fill blue, stroke red 10 wide: red 25…35 across the left edge, blue inside; with
    /// `of` false the fill covers the stroke's inner half (30…35); without a fill colour (`fc`)
    /// the inside stays empty, as lottie-web draws it, even under a fill colour animator.
    func testStrokedGlyphText() throws {
        func render(overFill: Bool, animated: Bool = false, filled: Bool = true) throws -> Pixmap {
            // An animator that changes nothing visible: each character a layer of its own.
            let animators = animated ? #"[{"s": {"s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 100}, "o": {"a": 0, "k": 0}, "a": {"a": 0, "k": 100}, "sh": 1, "r": 1, "b": 1}, "a": {"o": {"a": 0, "k": 100}, "fc": {"a": 0, "k": [0, 0, 1, 1]}}}]"# : "[]"
            let fill = filled ? #""fc": [0, 0, 1], "# : ""
            let file = try squareGlyph(#"\#(fill)"sc": [1, 0, 0], "sw": 10, "of": \#(overFill)"#, animators: animators)
            XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
            return try frame(file, 0)
        }
        for animated in [false, true] {
            var image = try render(overFill: true, animated: animated)
            assertColor(image.pixel(x: 50, y: 50), 0, 0, 255, "the fill (animated: \(animated))")
            assertColor(image.pixel(x: 32, y: 50), 255, 0, 0, "the stroke's inner half, over the fill")
            assertColor(image.pixel(x: 27, y: 50), 255, 0, 0, "the stroke's outer half")
            assertColor(image.pixel(x: 22, y: 50), 255, 255, 255, "beyond the stroke")
            assertColor(image.pixel(x: 27, y: 27), 255, 0, 0, "a mitred corner")
            image = try render(overFill: false, animated: animated)
            assertColor(image.pixel(x: 32, y: 50), 0, 0, 255, "the fill over the stroke's inner half")
            assertColor(image.pixel(x: 27, y: 50), 255, 0, 0, "the stroke's outer half, under no fill")
            image = try render(overFill: true, animated: animated, filled: false)
            assertColor(image.pixel(x: 50, y: 50), 255, 255, 255, "no fill without fc (animated: \(animated))")
            assertColor(image.pixel(x: 27, y: 50), 255, 0, 0, "the stroke alone")
        }
    }

    /// Text set with an installed font (Inter) and stroked: its outline drawn in the stroke's
    /// colour around the fill, also without a fill colour (`fc`) and under a text animator.
    func testStrokedFontText() throws {
        func redPixels(_ document: String, animated: Bool = false) throws -> (red: Int, blue: Int) {
            let animators = animated ? #"[{"s": {"s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 100}, "o": {"a": 0, "k": 0}, "a": {"a": 0, "k": 100}, "sh": 1, "r": 1, "b": 1}, "a": {"o": {"a": 0, "k": 100}}}]"# : "[]"
            let fonts = #"{"list": [{"fName": "Inter-Bold", "fFamily": "Inter", "fStyle": "Bold", "ascent": 72.7}]}"#
            let layers = #"[{"ty": 5, "ip": 0, "op": 30, "ks": {"p": {"a": 0, "k": [10, 80]}}, "t": {"d": {"k": [{"s": \#(document), "t": 0}]}, "a": \#(animators)}}]"#
            let file = try lottie(layers, width: 200, more: #""fonts": \#(fonts)"#, path: "font.json")
            XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
            let image = try frame(file, 0)
            var (red, blue) = (0, 0)
            for y in 0..<100 {
                for x in 0..<200 {
                    let p = image.pixel(x: x, y: y)
                    if p.r > 200 && p.g < 60 && p.b < 60 { red += 1 }
                    if p.b > 200 && p.r < 60 && p.g < 60 { blue += 1 }
                }
            }
            return (red, blue)
        }
        let stroked = #"{"s": 72, "f": "Inter-Bold", "t": "HI", "j": 0, "fc": [0, 0, 1], "sc": [1, 0, 0], "sw": 4}"#
        for animated in [false, true] {
            let (red, blue) = try redPixels(stroked, animated: animated)
            XCTAssertGreaterThan(red, 300, "the outline (animated: \(animated))")
            XCTAssertGreaterThan(blue, 300, "the fill (animated: \(animated))")
        }
        let hollow = try redPixels(#"{"s": 72, "f": "Inter-Bold", "t": "HI", "j": 0, "sc": [1, 0, 0], "sw": 4}"#)
        XCTAssertGreaterThan(hollow.red, 300, "the outline without a fill")
        XCTAssertEqual(hollow.blue, 0, "no fill")
        XCTAssertEqual(try redPixels(#"{"s": 72, "f": "Inter-Bold", "t": "HI", "j": 0, "fc": [0, 0, 1], "sc": [1, 0, 0], "sw": 0}"#).red, 0, "no stroke at width 0")
    }

    /// Animated text with a colour glyph ("A😀" with the emoji presentation selector: a picture,
    /// not an outline) is drawn still, its fill in place, and both what is left out is warned
    /// about: the animators, and the stroke (stroked text with colour glyphs is drawn without it).
    func testTextWithColourGlyphsIsDrawnStillUnderAnimators() throws {
        let animators = #"[{"s": {"s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 100}, "o": {"a": 0, "k": 0}, "a": {"a": 0, "k": 100}, "sh": 1, "r": 1, "b": 1}, "a": {"o": {"a": 0, "k": 0}}}]"#
        let document = #"{"s": 72, "f": "Inter-Bold", "t": "A\ud83d\ude00\ufe0f", "j": 0, "fc": [0, 0, 1], "sc": [1, 0, 0], "sw": 4}"#
        let fonts = #"{"list": [{"fName": "Inter-Bold", "fFamily": "Inter", "fStyle": "Bold", "ascent": 72.7}]}"#
        let layers = #"[{"ty": 5, "ip": 0, "op": 30, "ks": {"p": {"a": 0, "k": [10, 80]}}, "t": {"d": {"k": [{"s": \#(document), "t": 0}]}, "a": \#(animators)}}]"#
        let file = try lottie(layers, width: 200, more: #""fonts": \#(fonts)"#, path: "emoji.json")
        XCTAssertEqual(file.warnings.count, 2, "\(file.warnings)")
        XCTAssertTrue(file.warnings.contains { $0.contains("text animators on text with colour glyphs") }, "\(file.warnings)")
        XCTAssertTrue(file.warnings.contains { $0.contains("stroked text with colour glyphs") }, "\(file.warnings)")
        let image = try frame(file, 0)
        let blue = (0..<100).reduce(0) { count, y in count + (0..<200).filter { x in let p = image.pixel(x: x, y: y); return p.b > 200 && p.r < 60 && p.g < 60 }.count }
        XCTAssertGreaterThan(blue, 200, "the A, drawn still though the animator hides every character")
    }

    /// Animated text is set without ligatures, a glyph a character, as lottie-web draws each
    /// character apart: "fifi" in DejaVu Sans (which joins "fi" into one glyph) under an animator
    /// hiding its first half shows its last two letters and not its first two.
    func testAnimatedTextIsSetWithoutLigatures() throws {
        let animators = #"[{"s": {"s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "o": {"a": 0, "k": 0}, "a": {"a": 0, "k": 100}, "sh": 1, "r": 1, "b": 1}, "a": {"o": {"a": 0, "k": 0}}}]"#
        let document = #"{"s": 72, "f": "DejaVuSans", "t": "fifi", "j": 0, "fc": [0, 0, 0]}"#
        let fonts = #"{"list": [{"fName": "DejaVuSans", "fFamily": "DejaVu Sans", "fStyle": "Book", "ascent": 75}]}"#
        let layers = #"[{"ty": 5, "ip": 0, "op": 30, "ks": {"p": {"a": 0, "k": [10, 80]}}, "t": {"d": {"k": [{"s": \#(document), "t": 0}]}, "a": \#(animators)}}]"#
        let file = try lottie(layers, width: 200, more: #""fonts": \#(fonts)"#, path: "ligature.json")
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
        let image = try frame(file, 0)
        func ink(_ columns: Range<Int>) -> Int {
            (0..<100).reduce(0) { count, y in count + columns.filter { x in image.pixel(x: x, y: y).r < 100 }.count }
        }
        // DejaVu Sans at 72: each "fi" is about 45 px wide, from x = 10 and about 55.
        XCTAssertEqual(ink(0..<52), 0, "the first two letters hidden")
        XCTAssertGreaterThan(ink(56..<100), 300, "the last two shown")
    }
}

extension LottieFileTests {
    /// Round corners over a path and a radius that both change: the path of each frame rounded by
    /// the radius of that frame, as lottie-web rounds it. A square growing from 30…70 to 10…90
    /// while the radius grows 0 → 20, both evenly over 60 frames, is at frame 30 the square
    /// 20…80 with corners of radius 10 about (30, 30): (21, 21), 12.7 from that centre, is
    /// outside; (26, 26), 5.7 from it, and (21, 50), on the edge's inner side, are inside.
    func testRoundCornersOnAChangingPath() throws {
        func square(_ a: Int, _ b: Int) -> String {
            #"{"c": true, "v": [[\#(a), \#(a)], [\#(b), \#(a)], [\#(b), \#(b)], [\#(a), \#(b)]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}"#
        }
        let even = #""o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}"#
        let path = #"{"a": 1, "k": [{"t": 0, "s": [\#(square(30, 70))], \#(even)}, {"t": 60, "s": [\#(square(10, 90))]}]}"#
        let radius = #"{"a": 1, "k": [{"t": 0, "s": [0], \#(even)}, {"t": 60, "s": [20]}]}"#
        let shapes = #"[{"ty": "sh", "ks": \#(path)}, {"ty": "rd", "r": \#(radius)}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]"#
        let file = try lottie(#"[{"ty": 4, "ks": {}, "shapes": \#(shapes)}]"#, frames: 60, path: "rounded.json")
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
        let image = try frame(file, 30)
        assertColor(image.pixel(x: 21, y: 21), 255, 255, 255, "outside the rounded corner")
        assertColor(image.pixel(x: 26, y: 26), 255, 0, 0, "inside the rounded corner")
        assertColor(image.pixel(x: 21, y: 50), 255, 0, 0, "inside the left edge")
        assertColor(image.pixel(x: 18, y: 50), 255, 255, 255, "outside the left edge")
    }
}

extension LottieFileTests {
    /// Text animators on box text set with an installed font count the lines as wrapped: "aaaa
    /// bbbb" in Inter, 30 pt, wrapped in a box 90 wide, is two lines, the space between them the
    /// break (as lottie-web breaks box text); a selector on lines from 0 to 50% setting opacity 0
    /// hides the first line only.
    func testAnimatorsCountWrappedLines() throws {
        let selector = #"{"s": \#(still("0")), "e": \#(still("50")), "o": \#(still("0")), "a": \#(still("100")), "sh": 1, "r": 1, "b": 4}"#
        let document = #"{"s": 30, "f": "Inter-Regular", "t": "aaaa bbbb", "j": 0, "lh": 36, "fc": [0, 0, 0], "sz": [90, 90], "ps": [0, 0]}"#
        let fonts = #"{"list": [{"fName": "Inter-Regular", "fFamily": "Inter", "fStyle": "Regular", "ascent": 72.7}]}"#
        let layers = #"[{"ty": 5, "ip": 0, "op": 30, "ks": {"p": {"a": 0, "k": [5, 5]}}, "t": {"d": {"k": [{"s": \#(document), "t": 0}]}, "a": [{"s": \#(selector), "a": {"o": \#(still("0"))}}]}}]"#
        let file = try lottie(layers, more: #""fonts": \#(fonts)"#, path: "wrapped.json")
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
        let image = try frame(file, 0)
        func dark(_ rows: Range<Int>) -> Int {
            rows.reduce(0) { count, y in count + (0..<100).filter { image.pixel(x: $0, y: y).r < 128 }.count }
        }
        XCTAssertEqual(dark(0..<36), 0, "the first line, hidden")
        XCTAssertGreaterThan(dark(36..<80), 100, "the second line, shown")
    }
}

extension LottieFileTests {
    /// A randomized selector (`rn`) takes the characters in an order shuffled by its seed (`rs`):
    /// over "OOOOOOOO" a selector from 0 to 50% setting opacity 0 hides four of the eight Os, not
    /// the first four; the same seed hides the same ones, another seed others.
    func testRandomizedSelectorShufflesByItsSeed() throws {
        func hidden(seed: Int) throws -> [Int] {
            let selector = #"{"s": \#(still("0")), "e": \#(still("50")), "o": \#(still("0")), "a": \#(still("100")), "sh": 1, "r": 1, "b": 1, "rn": 1, "rs": \#(seed)}"#
            let image = try blocks("OOOOOOOO", animator: #"{"s": \#(selector), "a": {"o": \#(still("0"))}}"#, width: 600)
            // Each O fills x = 75k + 5 … 75k + 65 from y = 10 to 80: its middle shows whether it is drawn.
            return (0..<8).filter { image.pixel(x: 75 * $0 + 35, y: 45).r > 128 }
        }
        let first = try hidden(seed: 0)
        XCTAssertEqual(first.count, 4, "half of them hidden: \(first)")
        XCTAssertNotEqual(first, [0, 1, 2, 3], "not in order")
        XCTAssertEqual(try hidden(seed: 0), first, "the same seed, the same order")
        XCTAssertNotEqual(try hidden(seed: 7), first, "another seed, another order")
    }
}

extension LottieFileTests {
    /// A tracking animator (`t`) adds space before each character it weighs, as lottie-web
    /// places them: "OO" set left from x = 0 (each O 75 wide, its square 5…65 of that) with
    /// tracking 20 on both leaves the first O (a line's first character set left gets none)
    /// and moves the second from 80…140 to 100…160.
    func testTrackingAnimator() throws {
        let image = try blocks("OO", animator: #"{"s": \#(wholeText), "a": {"t": \#(still("20"))}}"#, width: 200)
        assertColor(image.pixel(x: 10, y: 45), 0, 0, 0, "the first O where it was")
        assertColor(image.pixel(x: 85, y: 45), 255, 255, 255, "where the second O was")
        assertColor(image.pixel(x: 150, y: 45), 0, 0, 0, "the second O, 20 further")
        assertColor(image.pixel(x: 163, y: 45), 255, 255, 255, "past it")
    }
}

extension LottieFileTests {
    /// A still property of value `k` (JSON).
    func still(_ k: String) -> String { #"{"a": 0, "k": \#(k)}"# }

    /// A range selector weighing every character fully (JSON).
    var wholeText: String { #"{"s": \#(still("0")), "e": \#(still("100")), "o": \#(still("0")), "a": \#(still("100")), "sh": 1, "r": 1, "b": 1}"# }

    /// `text` in the "Blocks" glyphs of the file (an O: 75 wide, its square 5…65 of that and
    /// 70 high), size 100, filled `fill` (black), set left with its baseline at y = 80, under one
    /// text `animator` (JSON); frame 0, `width` × 100, checked to draw without warnings.
    func blocks(_ text: String, animator: String, width: Int, fill: String = "[0, 0, 0]") throws -> Pixmap {
        let o = #"{"ch": "O", "size": 100, "style": "Regular", "w": 75, "fFamily": "Blocks", "data": {"shapes": [{"ty": "gr", "it": [{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[5, -70], [65, -70], [65, 0], [5, 0]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}]}]}}"#
        let document = #"{"d": {"k": [{"s": {"s": 100, "f": "Blocks-Regular", "t": "\#(text)", "j": 0, "tr": 0, "lh": 120, "fc": \#(fill)}, "t": 0}]}, "a": [\#(animator)]}"#
        let layers = #"[{"ty": 5, "ip": 0, "op": 30, "ks": {"p": {"a": 0, "k": [0, 80]}}, "t": \#(document)}]"#
        let fonts = #"{"list": [{"fName": "Blocks-Regular", "fFamily": "Blocks", "fStyle": "Regular", "ascent": 70}]}"#
        let file = try lottie(layers, width: width, more: #""fonts": \#(fonts), "chars": [\#(o)]"#, path: "blocks.json")
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
        return try frame(file, 0)
    }
}

extension LottieFileTests {
    /// Stroke width and colour animators (`sw`, `sc`) on stroked text, as lottie-web weighs them:
    /// a 40 × 40 square glyph at (30…70, 30…70) stroked red 10 wide, under an animator adding 10
    /// to the width and mixing in green, both fully, is stroked green 20 wide (20…40 across its
    /// left edge). Text without a stroke gets one as lottie-web gives it, from black and width 0:
    /// green, 10 wide (25…35).
    func testStrokeAnimators() throws {
        func file(stroke: String) throws -> LottieFile {
            let animator = #"{"s": \#(wholeText), "a": {"sw": \#(still("10")), "sc": \#(still("[0, 1, 0, 1]"))}}"#
            return try squareGlyph(#""fc": [0, 0, 1]\#(stroke)"#, animators: "[\(animator)]")
        }
        let stroked = try file(stroke: #", "sc": [1, 0, 0], "sw": 10"#)
        XCTAssertTrue(stroked.warnings.isEmpty, "\(stroked.warnings)")
        let image = try frame(stroked, 0)
        assertColor(image.pixel(x: 22, y: 50), 0, 255, 0, "the wider stroke's outer half, green")
        assertColor(image.pixel(x: 37, y: 50), 0, 255, 0, "its inner half, over the fill")
        assertColor(image.pixel(x: 50, y: 50), 0, 0, 255, "the fill")
        assertColor(image.pixel(x: 18, y: 50), 255, 255, 255, "beyond the stroke")
        let plain = try file(stroke: "")
        XCTAssertTrue(plain.warnings.isEmpty, "\(plain.warnings)")
        let drawn = try frame(plain, 0)
        assertColor(drawn.pixel(x: 27, y: 50), 0, 255, 0, "the stroke's outer half")
        assertColor(drawn.pixel(x: 23, y: 50), 255, 255, 255, "beyond it")
        assertColor(drawn.pixel(x: 50, y: 50), 0, 0, 255, "the fill")
    }
}

extension LottieFileTests {
    /// The text "S" in a "Blocks" glyph that is a 40 × 40 square, size 100, its pen at (30, 70)
    /// (so the square covers 30…70 both ways), its document's fill and stroke `fields` (JSON
    /// members), under `animators` (a JSON array); 100 × 100.
    func squareGlyph(_ fields: String, animators: String) throws -> LottieFile {
        let square = #"{"ch": "S", "size": 100, "style": "Regular", "w": 50, "fFamily": "Blocks", "data": {"shapes": [{"ty": "gr", "it": [{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[0, -40], [40, -40], [40, 0], [0, 0]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}]}]}}"#
        let document = #"{"d": {"k": [{"s": {"s": 100, "f": "Blocks-Regular", "t": "S", "j": 0, "tr": 0, "lh": 120, \#(fields)}, "t": 0}]}, "a": \#(animators)}"#
        let fonts = #"{"list": [{"fName": "Blocks-Regular", "fFamily": "Blocks", "fStyle": "Regular", "ascent": 70}]}"#
        let layers = #"[{"ty": 5, "ip": 0, "op": 30, "ks": {"p": {"a": 0, "k": [30, 70]}}, "t": \#(document)}]"#
        return try lottie(layers, more: #""fonts": \#(fonts), "chars": [\#(square)]"#, path: "square.json")
    }
}

extension LottieFileTests {
    /// An anchor point animator (`a`) moves the point each character turns and scales about, and
    /// the character the other way, as lottie-web does: an O (square 5…65) under anchor (10, 0)
    /// with nothing else is drawn at −5…55; turned 180° about that anchor (its middle, 37.5 on
    /// the baseline, moved back by 10) x goes to 37.5 − (x − 47.5): 20…80, below the baseline.
    func testAnchorAnimator() throws {
        var image = try blocks("O", animator: #"{"s": \#(wholeText), "a": {"a": \#(still("[10, 0, 0]"))}}"#, width: 100)
        assertColor(image.pixel(x: 2, y: 45), 0, 0, 0, "moved left by 10")
        assertColor(image.pixel(x: 58, y: 45), 255, 255, 255, "no longer reaching 58")
        image = try blocks("O", animator: #"{"s": \#(wholeText), "a": {"a": \#(still("[10, 0, 0]")), "r": \#(still("180"))}}"#, width: 100)
        assertColor(image.pixel(x: 18, y: 90), 255, 255, 255, "left of the turned O")
        assertColor(image.pixel(x: 22, y: 90), 0, 0, 0, "the turned O's left side")
        assertColor(image.pixel(x: 78, y: 90), 0, 0, 0, "the turned O's right side")
        assertColor(image.pixel(x: 82, y: 90), 255, 255, 255, "right of the turned O")
    }
}

extension LottieFileTests {
    /// Fill hue, saturation and brightness animators (`fh`, `fs`, `fb`), as lottie-web shifts
    /// them in HSV: red turned 120° is green; brightness −100% is black; saturation −100% of a
    /// blue (0, 0, 1) at full brightness is white.
    func testFillHueSaturationBrightnessAnimators() throws {
        func color(_ properties: String, fill: String) throws -> PremultipliedColor {
            try blocks("O", animator: #"{"s": \#(wholeText), "a": \#(properties)}"#, width: 100, fill: fill).pixel(x: 35, y: 45)
        }
        assertColor(try color(#"{"fh": \#(still("120"))}"#, fill: "[1, 0, 0]"), 0, 255, 0, "red turned 120°")
        assertColor(try color(#"{"fb": \#(still("-100"))}"#, fill: "[1, 0, 0]"), 0, 0, 0, "no brightness")
        assertColor(try color(#"{"fs": \#(still("-100"))}"#, fill: "[0, 0, 1]"), 255, 255, 255, "no saturation")
    }
}

extension LottieFileTests {
    /// A skew animator (`sk` along `sa`), as lottie-web skews: an O (square 5…65, 70 high on the
    /// baseline y = 80) skewed 45° along the x axis leans right, each row moved by its height
    /// above the baseline: 35 above it (y = 45), the square spans 40…100.
    func testSkewAnimator() throws {
        let image = try blocks("O", animator: #"{"s": \#(wholeText), "a": {"sk": \#(still("45")), "sa": \#(still("0"))}}"#, width: 200)
        assertColor(image.pixel(x: 37, y: 45), 255, 255, 255, "left of the leaning O")
        assertColor(image.pixel(x: 43, y: 45), 0, 0, 0, "its left side")
        assertColor(image.pixel(x: 97, y: 45), 0, 0, 0, "its right side")
        assertColor(image.pixel(x: 103, y: 45), 255, 255, 255, "right of it")
    }
}

extension LottieFileTests {
    /// Turns out of the plane (`ry`, `rx`), seen flat as lottie-web draws them: an O (square
    /// 5…65 about its middle 37.5) turned 60° about y is half as wide, 21.25…51.25; turned 60°
    /// about x it is half as high, 45…80 (toward the baseline y = 80, where a character turns).
    func testTurnsOutOfThePlane() throws {
        var image = try blocks("O", animator: #"{"s": \#(wholeText), "a": {"ry": \#(still("60"))}}"#, width: 100)
        assertColor(image.pixel(x: 19, y: 45), 255, 255, 255, "left of the narrowed O")
        assertColor(image.pixel(x: 23, y: 45), 0, 0, 0, "its left side")
        assertColor(image.pixel(x: 49, y: 45), 0, 0, 0, "its right side")
        assertColor(image.pixel(x: 53, y: 45), 255, 255, 255, "right of it")
        image = try blocks("O", animator: #"{"s": \#(wholeText), "a": {"rx": \#(still("60"))}}"#, width: 100)
        assertColor(image.pixel(x: 35, y: 43), 255, 255, 255, "above the flattened O")
        assertColor(image.pixel(x: 35, y: 47), 0, 0, 0, "its top")
    }
}

extension LottieFileTests {
    /// A scale animator growing characters from 0%: at frame 0 an O is not drawn at all (set a
    /// component at a time, a 0 scale did not survive the next component and the O was whole).
    func testCharactersScaledFromZero() throws {
        let growing = #"{"a": 1, "k": [{"t": 0, "s": [0, 0, 100], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [100, 100, 100]}]}"#
        let image = try blocks("O", animator: #"{"s": \#(wholeText), "a": {"s": \#(growing)}}"#, width: 100)
        assertColor(image.pixel(x: 35, y: 45), 255, 255, 255, "nothing at 0%")
        assertColor(image.pixel(x: 10, y: 75), 255, 255, 255, "nothing near the baseline either")
    }
}

extension LottieFileTests {
    /// A Lottie file of `layers` (JSON) at 30 fps, `frames` long, `width` × `height`, with the
    /// top-level members `more` (JSON, such as fonts and chars) and read as if from `path`.
    func lottie(_ layers: String, frames: Int = 30, width: Int = 100, height: Int = 100, more: String = "", version: String = "5.7",
                path: String) throws -> LottieFile {
        let members = more.isEmpty ? "" : more + ", "
        return try LottieFile(text: #"{"v": "\#(version)", "fr": 30, "ip": 0, "op": \#(frames), "w": \#(width), "h": \#(height), \#(members)"layers": \#(layers)}"#,
                              path: path)
    }
}

extension LottieFileTests {
    /// Two changing Fill effects on one layer each animate their own filter: the first goes
    /// red → green, the second red → blue over 30 frames, and the second paints over the first,
    /// so frame 15 shows (128, 0, 128), the second's halfway colour, with no warning.
    func testTwoChangingFillEffectsAnimateApart() throws {
        func fill(to end: String) -> String {
            """
            {"ty": 21, "en": 1, "ef": [{"ty": 10, "v": \(still("0"))}, {"ty": 7, "v": \(still("0"))},
             {"ty": 2, "v": {"a": 1, "k": [{"t": 0, "s": [1, 0, 0, 1], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": \(end)}]}},
             {"ty": 7, "v": \(still("0"))}, {"ty": 0, "v": \(still("0"))}, {"ty": 0, "v": \(still("0"))}, {"ty": 0, "v": \(still("1"))}]}
            """
        }
        let layers = ##"[{"ty": 1, "sc": "#ffffff", "sw": 100, "sh": 100, "ks": {}, "ef": [\##(fill(to: "[0, 1, 0, 1]")), \##(fill(to: "[0, 0, 1, 1]"))]}]"##
        let file = try lottie(layers, path: "fills.json")
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
        let image = try frame(file, 15)
        let p = image.pixel(x: 50, y: 50)
        for (got, want) in zip([p.r, p.g, p.b], [128, 0, 128]) { XCTAssertEqual(Int(got), want, accuracy: 1) }
    }
}

extension LottieFileTests {
    /// Text animators count characters in the text's order, also where the text runs right to
    /// left: "אבגד" in DejaVu Sans is set with its first letter at the right end, so an animator
    /// hiding the first half of the characters hides the right half of the line (and the left
    /// half where the letters were counted in screen order).
    func testAnimatorsCountRightToLeftTextInItsOrder() throws {
        let document = #"{"s": 72, "f": "DejaVuSans", "t": "\u05d0\u05d1\u05d2\u05d3", "j": 0, "fc": [0, 0, 0]}"#
        let fonts = #"{"list": [{"fName": "DejaVuSans", "fFamily": "DejaVu Sans", "fStyle": "Book", "ascent": 75}]}"#
        func inked(animators: String) throws -> [Int] {
            try inkedColumns(document: document, fonts: fonts, animators: animators, width: 300, path: "hebrew.json")
        }
        let whole = try inked(animators: "[]")
        let half = try inked(animators: #"[{"s": {"s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "o": {"a": 0, "k": 0}, "a": {"a": 0, "k": 100}, "sh": 1, "r": 1, "b": 1}, "a": {"o": {"a": 0, "k": 0}}}]"#)
        let (left, right) = (try XCTUnwrap(whole.first), try XCTUnwrap(whole.last))
        XCTAssertGreaterThan(right - left, 120, "four letters")
        XCTAssertFalse(half.isEmpty, "two letters shown")
        XCTAssertLessThan(try XCTUnwrap(half.last), (left + right) / 2 + 5, "only on the left: the first two letters, on the right, hidden")
    }
}

extension LottieFileTests {
    /// A stroke after a merge strokes the merged outline: squares A (10…60) and B (40…90) on
    /// both axes, stroked 4 wide in black. Added, A's right edge inside B, (60, 50), and B's
    /// left edge inside A, (40, 50), are not stroked; less B, B's left edge inside A is (the
    /// notch's side) and B's outer right edge (90, 70) is not; intersected, only the overlap's
    /// edges are; exclusive parts, every edge is. A gradient stroke follows the same outline.
    func testStrokesOfMergedPathsFollowTheMergedOutline() throws {
        func square(_ x: Int) -> String {
            #"{"ty": "rc", "p": {"a": 0, "k": [\#(x + 25), \#(x + 25)]}, "s": {"a": 0, "k": [50, 50]}, "r": {"a": 0, "k": 0}}"#
        }
        let solid = #"{"ty": "st", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 4}, "lc": 2, "lj": 1}"#
        let gradient = #"{"ty": "gs", "t": 1, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [100, 0]}, "g": {"p": 2, "k": {"a": 0, "k": [0, 0, 0, 0, 1, 0, 0, 0]}}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 4}, "lc": 2, "lj": 1}"#
        let points = [(60, 50, "A's right edge inside B"), (40, 50, "B's left edge inside A"), (10, 30, "A's left edge"),
                      (90, 70, "B's right edge"), (60, 25, "A's right edge above B")]
        for (mode, stroked) in [(2, [false, false, true, true, true]), (3, [false, true, true, false, true]),
                                (4, [true, true, false, false, false]), (5, [true, true, true, true, true])] {
            for stroke in [solid, gradient] {
                let group = #"{"ty": "gr", "it": [\#(square(10)), \#(square(40)), {"ty": "mm", "mm": \#(mode)}, \#(stroke)]}"#
                let file = try lottie(#"[{"ty": 4, "ks": {}, "shapes": [\#(group)]}]"#, path: "mm-stroke.json")
                XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
                let image = try frame(file, 0)
                for ((x, y, name), isStroked) in zip(points, stroked) {
                    let level: UInt8 = isStroked ? 0 : 255
                    assertColor(image.pixel(x: x, y: y), level, level, level, "mode \(mode) \(stroke == solid ? "solid" : "gradient"): \(name)")
                }
            }
        }
    }
}

extension LottieFileTests {
    /// A gradient fill after a merge fills the merged region: A (0…60) less B (40…100) filled
    /// with a black-to-black gradient is black at (20, 20) and white in B at (50, 50) and (80, 80).
    func testGradientFillsOfMergedPathsFillTheMergedRegion() throws {
        func square(_ x: Int) -> String {
            #"{"ty": "rc", "p": {"a": 0, "k": [\#(x + 30), \#(x + 30)]}, "s": {"a": 0, "k": [60, 60]}, "r": {"a": 0, "k": 0}}"#
        }
        let fill = #"{"ty": "gf", "t": 1, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [100, 0]}, "g": {"p": 2, "k": {"a": 0, "k": [0, 0, 0, 0, 1, 0, 0, 0]}}, "o": {"a": 0, "k": 100}, "r": 1}"#
        let group = #"{"ty": "gr", "it": [\#(square(0)), \#(square(40)), {"ty": "mm", "mm": 3}, \#(fill)]}"#
        let file = try lottie(#"[{"ty": 4, "ks": {}, "shapes": [\#(group)]}]"#, path: "mm-gradient.json")
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
        let image = try frame(file, 0)
        assertColor(image.pixel(x: 20, y: 20), 0, 0, 0, "A outside B")
        assertColor(image.pixel(x: 50, y: 50), 255, 255, 255, "A inside B, subtracted")
        assertColor(image.pixel(x: 80, y: 80), 255, 255, 255, "B alone")
    }
}

extension LottieFileTests {
    /// A character of several glyphs animates as one: "Aq́" (q and a combining accent, one
    /// character) in Inter Bold under an animator hiding the second half of the characters
    /// shows the A and neither the q nor its accent, with no warning.
    func testACharacterOfSeveralGlyphsAnimatesAsOne() throws {
        let document = #"{"s": 72, "f": "Inter-Bold", "t": "Aq\u0301", "j": 0, "fc": [0, 0, 0]}"#
        let fonts = #"{"list": [{"fName": "Inter-Bold", "fFamily": "Inter", "fStyle": "Bold", "ascent": 72.7}]}"#
        func inked(animators: String) throws -> [Int] {
            try inkedColumns(document: document, fonts: fonts, animators: animators, width: 200, path: "accent.json")
        }
        let whole = try inked(animators: "[]")
        let half = try inked(animators: #"[{"s": {"s": {"a": 0, "k": 50}, "e": {"a": 0, "k": 100}, "o": {"a": 0, "k": 0}, "a": {"a": 0, "k": 100}, "sh": 1, "r": 1, "b": 1}, "a": {"o": {"a": 0, "k": 0}}}]"#)
        let (left, right) = (try XCTUnwrap(whole.first), try XCTUnwrap(whole.last))
        XCTAssertGreaterThan(right - left, 70, "two letters")
        XCTAssertEqual(half.first, left, "the A shown")
        XCTAssertLessThan(try XCTUnwrap(half.last), left + 50, "the q and its accent hidden together")
    }
}

extension LottieFileTests {
    /// A character a font joins into the glyph before it draws nothing of its own but still
    /// counts: "بلا" (ba, lam, alef) in DejaVu Sans is set right to left as ba and the required
    /// lam-alef ligature, three characters over two glyphs. Hiding the last two characters hides
    /// the ligature, on the left, and keeps the ba, on the right, with no warning.
    func testACharacterJoinedIntoTheGlyphBeforeItStillCounts() throws {
        let document = #"{"s": 72, "f": "DejaVuSans", "t": "\u0628\u0644\u0627", "j": 0, "fc": [0, 0, 0]}"#
        let fonts = #"{"list": [{"fName": "DejaVuSans", "fFamily": "DejaVu Sans", "fStyle": "Book", "ascent": 75}]}"#
        func inked(animators: String) throws -> [Int] {
            try inkedColumns(document: document, fonts: fonts, animators: animators, width: 200, path: "lam-alef.json")
        }
        let whole = try inked(animators: "[]")
        let ba = try inked(animators: #"[{"s": {"s": {"a": 0, "k": 34}, "e": {"a": 0, "k": 100}, "o": {"a": 0, "k": 0}, "a": {"a": 0, "k": 100}, "sh": 1, "r": 1, "b": 1}, "a": {"o": {"a": 0, "k": 0}}}]"#)
        let (left, right) = (try XCTUnwrap(whole.first), try XCTUnwrap(whole.last))
        XCTAssertEqual(ba.last, right, "the ba, on the right, shown")
        XCTAssertGreaterThan(try XCTUnwrap(ba.first), left + 15, "the lam-alef, on the left, hidden")
    }
}

extension LottieFileTests {
    /// The columns a text layer of `document` (in the file's `fonts`, at (10, 80), under
    /// `animators`) inks dark at frame 0, checking the file builds without warnings.
    func inkedColumns(document: String, fonts: String, animators: String, width: Int, path: String) throws -> [Int] {
        let layers = #"[{"ty": 5, "ip": 0, "op": 30, "ks": {"p": {"a": 0, "k": [10, 80]}}, "t": {"d": {"k": [{"s": \#(document), "t": 0}]}, "a": \#(animators)}}]"#
        let file = try lottie(layers, width: width, more: #""fonts": \#(fonts)"#, path: path)
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
        let image = try frame(file, 0)
        return (0..<width).filter { x in (0..<100).contains { y in image.pixel(x: x, y: y).r < 100 } }
    }
}
