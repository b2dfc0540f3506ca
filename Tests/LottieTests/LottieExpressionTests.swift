import Foundation
import Geometry
import Lottie
import Media
import Pipeline
import Raster
import XCTest

/// Expressions run (Duktape, `LottieExpressions`): a 10 × 10 red solid whose position an
/// expression sets, found by its red pixels. Expected positions follow from the helpers'
/// definitions (After Effects' and lottie-web's): keyframes move x from 20 at frame 0 to 80 at
/// frame 10, linearly.
final class LottieExpressionTests: XCTestCase {
    private let moving = #"{"a": 1, "k": [{"t": 0, "s": [20, 50], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}}, {"t": 10, "s": [80, 50]}], "x": "EXPRESSION"}"#

    /// A file of one red solid whose position has `expression`, over `others` (layers' JSON).
    private func file(_ expression: String, others: [String] = [], name: String = "e.json") throws -> LottieFile {
        let text = String(decoding: try JSONSerialization.data(withJSONObject: [expression]), as: UTF8.self).dropFirst().dropLast()
        let position = moving.replacingOccurrences(of: #""EXPRESSION""#, with: String(text))
        let layer = ##"{"ty": 1, "nm": "Dot", "ind": 1, "ip": 0, "op": 60, "st": 0, "sc": "#ff0000", "sw": 10, "sh": 10, "ks": {"a": {"a": 0, "k": [5, 5]}, "p": \##(position)}}"##
        return try LottieFile(text: #"{"v": "5.7", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "layers": [\#(([layer] + others).joined(separator: ","))]}"#, path: name)
    }

    /// The centre of the red pixels at Lottie frame `frame`.
    private func centre(_ file: LottieFile, _ frame: Double) throws -> Point {
        let timeline = try file.timeline(canvas: Size(100, 100), duration: file.cycle + 1)
        let image = try XCTUnwrap(StillImage.render(timeline, at: frame / 30, width: 100, height: 100, scale: 1))
        var (sx, sy, n) = (0.0, 0.0, 0.0)
        for y in 0..<100 {
            for x in 0..<100 {
                let p = image.pixel(x: x, y: y)
                let weight = Double(255 - Int(p.g)) / 255
                (sx, sy, n) = (sx + Double(x) * weight, sy + Double(y) * weight, n + weight)
            }
        }
        return Point(sx / max(n, 1) + 0.5, sy / max(n, 1) + 0.5)
    }

    private func assertCentre(_ file: LottieFile, _ frame: Double, _ x: Double, _ y: Double, _ message: String,
                              line: UInt = #line) throws {
        let found = try centre(file, frame)
        XCTAssertEqual(found.x, x, accuracy: 0.6, "\(message): x", line: line)
        XCTAssertEqual(found.y, y, accuracy: 0.6, "\(message): y", line: line)
    }

    /// Each row's expression puts the solid's centre at (x, y) at its frame, with no warning.
    private func assertCentres(_ rows: [(expression: String, frame: Double, x: Double, y: Double, message: String)], others: [String] = [],
                               line: UInt = #line) throws {
        for row in rows {
            let file = try file("var $bm_rt; " + row.expression, others: others)
            XCTAssertEqual(file.warnings, [], row.message, line: line)
            try assertCentre(file, row.frame, row.x, row.y, row.message, line: line)
        }
    }

    /// `value` and `time`: the keyframed value, and seconds.
    func testValueAndTime() throws {
        let file = try file("var $bm_rt;\n$bm_rt = add(value, [0, time * 30]);")
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
        try assertCentre(file, 5, 50, 55, "frame 5: x half way, y down 5")
    }

    /// loopOut: cycle repeats frames 0…10, pingpong runs back on odd cycles, offset adds the
    /// change each cycle, continue goes on at the last speed (6 a frame); then interpolation,
    /// vector, key and time helpers.
    func testHelpers() throws {
        try assertCentres([
            ("$bm_rt = loopOut('cycle');", 15, 50, 50, "cycle: frame 15 is frame 5"),
            ("$bm_rt = loopOut('pingpong');", 13, 62, 50, "pingpong: frame 13 is frame 7"),
            ("$bm_rt = loopOut('offset');", 12, 92, 50, "offset: frame 2's 32, plus 60 a cycle"),
            ("$bm_rt = loopOut('continue');", 12, 92, 50, "continue: 80 + 2 × 6"),
            ("$bm_rt = loopIn('cycle');", 5, 50, 50, "loopIn inside the keys: the value"),
            ("$bm_rt = [linear(time, 0, 1, 10, 90), 50];", 15, 50, 50, "linear at 0.5 s"),
            ("$bm_rt = [ease(time, 0, 1, 10, 90), 50];", 15, 50, 50, "ease is symmetric: half at half"),
            ("$bm_rt = [clamp(value[0], 30, 60), 50];", 9, 60, 50, "clamped"),
            ("$bm_rt = add(mul(normalize([3, 4]), 50), [0, 0]);", 0, 30, 40, "normalize, mul"),
            ("$bm_rt = [length([30, 40]), sub(60, 10)];", 0, 50, 50, "length, sub"),
            ("$bm_rt = [valueAtTime(time - framesToTime(5))[0], 50];", 8, 38, 50, "valueAtTime: frame 3"),
            ("$bm_rt = [velocityAtTime(time)[0] / 10, 50];", 5, 18, 50, "velocity: 180 a second"),
            ("$bm_rt = [key(2)[0] - numKeys * 10, nearestKey(0.2).index * 25];", 0, 60, 50, "keys"),
            ("$bm_rt = [hasParent ? 0 : index * 20, 50];", 0, 20, 50, "index, hasParent"),
            ("$bm_rt = [thisLayer.outPoint * 30, radiansToDegrees(Math.PI / 4)];", 0, 60, 45, "layer (its out-point, 2 s), angles"),
        ])
    }

    /// Other layers as lottie-web's interfaces give them: a null "Control" at (10, 20) turning
    /// 0 → 90° over frames 0…10, with a slider at 33 and a second whose expression doubles 21;
    /// a shape layer "Shapes" (parented to Control) with a group "Box" holding a 30 × 20
    /// rectangle "Rect" and a trim whose end reads the slider. Expected values are the
    /// keyframes' and the transform's definitions.
    func testReadingOtherLayers() throws {
        let rotation = #"{"a": 1, "k": [{"t": 0, "s": [0], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}}, {"t": 10, "s": [90]}]}"#
        let slider = #"{"ty": 5, "nm": "Slider Control", "mn": "ADBE Slider Control", "ix": 1, "ef": [{"ty": 0, "nm": "Slider", "mn": "ADBE Slider Control-0001", "ix": 1, "v": {"a": 0, "k": 33}}]}"#
        let doubled = #"{"ty": 5, "nm": "Doubled", "mn": "ADBE Slider Control", "ix": 2, "ef": [{"ty": 0, "nm": "Slider", "ix": 1, "v": {"a": 0, "k": 21, "x": "var $bm_rt; $bm_rt = value * 2;"}}]}"#
        let control = #"{"ty": 3, "nm": "Control", "ind": 2, "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [10, 20]}, "r": \#(rotation)}, "ef": [\#(slider), \#(doubled)]}"#
        let rect = #"{"ty": "rc", "nm": "Rect", "ix": 1, "s": {"a": 0, "k": [30, 20], "ix": 2}, "p": {"a": 0, "k": [0, 0], "ix": 3}, "r": {"a": 0, "k": 0, "ix": 4}}"#
        let trim = #"{"ty": "tm", "nm": "Trim", "ix": 2, "s": {"a": 0, "k": 0, "ix": 1}, "e": {"a": 0, "k": 100, "ix": 2, "x": "var $bm_rt; $bm_rt = thisComp.layer('Control').effect('Slider Control')('Slider') + 1;"}, "o": {"a": 0, "k": 0, "ix": 3}}"#
        let group = #"{"ty": "gr", "nm": "Box", "ix": 1, "it": [\#(rect), \#(trim), {"ty": "tr", "p": {"a": 0, "k": [7, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}"#
        let shapes = #"{"ty": 4, "nm": "Shapes", "ind": 3, "parent": 2, "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [5, 0]}}, "shapes": [\#(group)]}"#
        try assertCentres([
            ("$bm_rt = [thisComp.layer('Control').transform.rotation, 50];", 5, 45, 50, "another layer's rotation, keyframed"),
            ("$bm_rt = [thisComp.layer(2).rotation.valueAtTime(1 / 3) - 40, 50];", 0, 50, 50, "by index, at another time"),
            ("$bm_rt = [thisComp.layer('Control').effect('Slider Control')('Slider'), 50];", 0, 33, 50, "an effect's value by names"),
            ("$bm_rt = [thisComp.layer('Control').effect(2)(1), 50];", 0, 42, 50, "an effect's value with its own expression, by indexes"),
            ("$bm_rt = [thisComp.layer('Shapes').content('Box').content('Rect').size[0], 50];", 0, 30, 50, "a shape's size"),
            ("$bm_rt = [thisComp.layer('Shapes')('ADBE Root Vectors Group')('Box')(2)('Trim')('End'), 50];", 0, 34, 50,
             "a trim's end, its expression reading the slider, by call syntax"),
            ("$bm_rt = [thisComp.layer('Shapes').content('Box').transform.position[0] * 10, thisComp.layer('Shapes').parent.index * 25];", 0, 70, 50,
             "a group's transform; the parent"),
            ("$bm_rt = thisComp.layer('Shapes').toComp([0, 10]);", 0, 15, 30, "toComp: (5, 10) in Control, at (10, 20), unturned"),
            ("$bm_rt = thisComp.layer('Shapes').toComp([25, -30]);", 10, 40, 50, "toComp: (30, -30) in Control turned 90° about its origin"),
            ("$bm_rt = thisComp.layer('Control').fromComp([60, 60]);", 0, 50, 40, "fromComp"),
            ("$bm_rt = [transform.anchorPoint[0] * 10, thisProperty.propertyGroup(1).anchorPoint[1] * 10];", 0, 50, 50, "its own transform"),
            ("$bm_rt = [thisComp.numLayers * 20, thisComp.layer('Control').hasParent ? 0 : 50];", 0, 60, 50, "the composition"),
        ], others: [control, shapes])
    }

    /// Expressions that read each other in a cycle each read the other's keyframes.
    func testExpressionsReadingEachOther() throws {
        let other = #"{"ty": 3, "nm": "Other", "ind": 2, "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [30, 40], "x": "var $bm_rt; $bm_rt = thisComp.layer('Dot').transform.position;"}}}"#
        let file = try file("var $bm_rt; $bm_rt = add(thisComp.layer('Other').transform.position, [0, 1]);", others: [other])
        XCTAssertEqual(file.warnings, [])
        try assertCentre(file, 0, 30, 41, "Other's keyframes, then one down")
    }

    /// An expression on a path gives a path a frame: a rectangle made by `createPath` (40 × 30
    /// at (20, 20), then moved right 1 a frame), found by its red area and centre; one that
    /// gives something else leaves the path as its keyframes say, with a warning.
    func testExpressionsOnPaths() throws {
        func shapes(_ expression: String) throws -> LottieFile {
            let text = String(decoding: try JSONSerialization.data(withJSONObject: [expression]), as: UTF8.self).dropFirst().dropLast()
            let path = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[0, 0], [10, 0], [10, 10], [0, 10]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}, "x": \#(text)}}"#
            let layer = #"{"ty": 4, "nm": "Box", "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [\#(path), {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}"#
            return try LottieFile(text: #"{"v": "5.7", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "layers": [\#(layer)]}"#, path: "p.json")
        }
        let made = try shapes("var $bm_rt; $bm_rt = createPath([[20 + time * 30, 20], [60 + time * 30, 20], [60 + time * 30, 50], [20 + time * 30, 50]], [], [], true);")
        XCTAssertEqual(made.warnings, [])
        try assertCentre(made, 0, 40, 35, "the rectangle made at frame 0")
        try assertCentre(made, 10, 50, 35, "moved right 10 at frame 10")
        let failing = try shapes("var $bm_rt; $bm_rt = [1, 2];")
        XCTAssertEqual(failing.warnings.count, 1)
        XCTAssertTrue(failing.warnings.first?.contains("expressions that fail, drawn without them: the expression on a path gave something other than a path (layers[0].shapes[0].ks)") ?? false, "\(failing.warnings)")
        try assertCentre(failing, 0, 5, 5, "the keyframes' 10 × 10 square")
    }

    /// wiggle and random are seeded by the property: the same on every load, within the
    /// amplitude, and moving.
    func testWiggleIsSeededAndBounded() throws {
        let source = "var $bm_rt; $bm_rt = wiggle(2, 10);"
        let a = try file(source), b = try file(source)
        var seen: Set<Int> = []
        for frame in stride(from: 0.0, through: 50, by: 7) {
            let (p, q) = (try centre(a, frame), try centre(b, frame))
            XCTAssertEqual(p.x, q.x, accuracy: 1e-9, "the same on every load")
            XCTAssertEqual(p.y, q.y, accuracy: 1e-9, "the same on every load")
            let base = frame >= 10 ? 80.0 : 20 + 6 * frame
            XCTAssertLessThanOrEqual(abs(p.x - base), 10.6, "within the amplitude at \(frame)")
            XCTAssertLessThanOrEqual(abs(p.y - 50), 10.6, "within the amplitude at \(frame)")
            seen.insert(Int(p.y.rounded()))
        }
        XCTAssertGreaterThan(seen.count, 2, "it moves")
    }

    /// An expression that throws, loops for ever or asks for what is not read yet leaves the
    /// keyframes, with one warning naming the property and the error.
    func testFailingExpressionsFallBackWithAWarning() throws {
        let cases = [("$bm_rt = thisComp.layer('X').transform.position;", "no layer \"X\" in the composition"),
                     ("$bm_rt = [__keyCount(1e300) + __property(NaN, 0), 0];", "no value there"),
                     ("$bm_rt = [__property(-5, 0), 0];", "no such property"),
                     ("var $bm_rt; while (true) {}", "execution timeout"),
                     ("var $bm_rt; function f() { return f(); } $bm_rt = f();", "RangeError"),
                     ("var $bm_rt; var a = []; while (true) { a.push([1, 2, 3, 4]); }", "Error"),
                     ("$bm_rt = 'text';", "not a number")]
        for (source, error) in cases {
            let file = try file(source)
            XCTAssertEqual(file.warnings.count, 1, "\(source): \(file.warnings)")
            XCTAssertTrue(file.warnings.first?.contains("expressions that fail, drawn without them") ?? false, "\(file.warnings)")
            XCTAssertTrue(file.warnings.first?.contains(error) ?? false, "\(source): \(file.warnings)")
            XCTAssertTrue(file.warnings.first?.contains("layers[0].ks.p") ?? false, "\(file.warnings)")
            try assertCentre(file, 5, 50, 50, "\(source): the keyframes")
        }
    }
}
