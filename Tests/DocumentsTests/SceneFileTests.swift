@testable import Animation
import Documents
import Foundation
import Geometry
import Jobs
import Pipeline
import Scenes
import Text
import XCTest

/// Scene files: what each field builds, parameter references, presets that name one, and the
/// errors of malformed and hostile files (a corpus, then a fuzz test).
final class SceneFileTests: XCTestCase {
    static let ring = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/scenes/ring.json").standardizedFileURL.path
    let canvas = Size(640, 360)

    func scene(_ text: String, decodeImage: @escaping SceneFile.ImageDecoder = SceneFile.noImages) throws -> SceneFile {
        try SceneFile(text: text, path: "s.json", decodeImage: decodeImage)
    }

    /// The layer tree `text` builds, under the canvas root.
    func tree(_ text: String, _ settings: [String] = []) throws -> Layer {
        let file = try scene(text)
        return try file.build(canvas: canvas, script: Script(), settings: try file.settings(settings))
    }

    func testPropertiesTransformsAndShapeHelpers() throws {
        let root = try tree("""
        {"layers": [{"type": "shape", "name": "a", "anchorPoint": [0, 0], "frame": [10, 20, 30, 40],
                     "transform": [{"translate": [75, 0]}, {"rotate": 2.0943951023931953}],
                     "path": {"circle": [5, 5, 5]}, "fillColor": null, "strokeColor": "#00A0E080", "lineCap": "round",
                     "hidden": true, "shadowOffset": [1, 2]},
                    {"type": "replicator", "name": "r", "instanceCount": 3, "instanceTransform": {"perspective": 500}}]}
        """)
        let a = try XCTUnwrap(root.layer(named: "a") as? ShapeLayer)
        XCTAssertEqual(root.bounds, Rect(x: 0, y: 0, width: 640, height: 360))
        XCTAssertEqual(a.position, Point(10, 20), "frame is applied after anchorPoint")
        XCTAssertEqual(a.bounds, Rect(x: 0, y: 0, width: 30, height: 40))
        XCTAssertEqual(a.transform, Transform3D.identity.translatedBy(x: 75, y: 0).rotated(by: 2.0943951023931953))
        XCTAssertEqual(a.path, Path.ellipse(in: Rect(x: 0, y: 0, width: 10, height: 10)))
        XCTAssertNil(a.fillColor)
        XCTAssertEqual(a.strokeColor, Color(red: 0, green: 160.0 / 255, blue: 224.0 / 255, alpha: 128.0 / 255))
        XCTAssertEqual(a.lineCap, .round)
        XCTAssertTrue(a.isHidden)
        XCTAssertEqual(a.shadowOffset, Size(1, 2))
        let r = try XCTUnwrap(root.layer(named: "r") as? ReplicatorLayer)
        XCTAssertEqual(r.instanceCount, 3)
        XCTAssertEqual(r.instanceTransform.m34, -1.0 / 500)
    }

    /// A layer's `actions` in a scene file: `null` makes a scripted change immediate; an
    /// animation without `keyPath` animates its property, from the value on screen.
    func testLayerActions() throws {
        let file = try scene("""
            {"layers": [{"name": "a", "actions": {"opacity": null, "position": {"type": "basic", "duration": 1, "timingFunction": "linear"}}}],
             "script": [{"on": "start", "after": 0.5, "do": [{"set": {"opacity": 0.3, "position": [100, 0]}, "on": "a"}]}]}
            """)
        let timeline = try file.timeline(canvas: Size(200, 100), duration: 2)
        let shown = timeline.presentationValues(of: 1, at: 1, parentTime: 1).values
        XCTAssertEqual(shown.opacity, 0.3, "at once")
        XCTAssertEqual(shown.position.x, 50, accuracy: 1e-9, "halfway through its own 1 s, linear")
        XCTAssertThrowsError(try scene(#"{"layers": [{"actions": {"opacity": 1}}]}"#)) { error in
            XCTAssertTrue("\(error)".contains("expected null (no animation) or an animation object"), "\(error)")
        }
    }

    /// A layer's `style` (CALayer.style: "the shallowest value for a property is used", "not
    /// consulted for bounds, frame"): a property the layer does not set shows the style's value,
    /// else the deeper style's, else its default; one it sets is its own. Drawn, the styled
    /// background fills the frame and the deeper style's border rings it.
    func testAStyleGivesWhatTheLayerDoesNotSet() throws {
        let text = """
        {"background": "#000000",
         "layers": [{"name": "a", "frame": [100, 100, 200, 100], "opacity": 1,
                     "style": {"backgroundColor": "#FF0000", "cornerRadius": 10, "opacity": 0.5,
                               "style": {"cornerRadius": 3, "borderWidth": 4, "borderColor": "#0000FF", "opacity": 0.1, "position": [0, 0]}}}]}
        """
        let root = try tree(text)
        let a = try XCTUnwrap(root.layer(named: "a"))
        XCTAssertEqual(a.backgroundColor, Color(red: 1, green: 0, blue: 0, alpha: 1), "the style's")
        XCTAssertEqual(a.cornerRadius, 10, "the shallowest style's")
        XCTAssertEqual(a.borderWidth, 4, "the deeper style's")
        XCTAssertEqual(a.opacity, 1, "the layer's own")
        XCTAssertEqual(a.position, Point(200, 150), "the frame's, which sets the position")
        XCTAssertEqual(a.shadowRadius, 3, "the default")
        let frame = try XCTUnwrap(StillImage.render(try scene(text).timeline(canvas: canvas, duration: 1), at: 0, width: 640, height: 360, scale: 1))
        let (inside, border) = (frame.pixel(x: 200, y: 150), frame.pixel(x: 102, y: 150))
        XCTAssertEqual([inside.r, inside.g, inside.b, inside.a], [255, 0, 0, 255])
        XCTAssertEqual([border.r, border.g, border.b, border.a], [0, 0, 255, 255])
        XCTAssertThrowsError(try scene(#"{"layers": [{"style": {"bounds": [0, 0, 5, 5]}}]}"#)) { error in
            XCTAssertTrue("\(error)".contains("layers[0].style.bounds: a style is not consulted for bounds (Core Animation's rule)"), "\(error)")
        }
        XCTAssertThrowsError(try scene(#"{"layers": [{"style": {"style": {"opactiy": 1}}}]}"#)) { error in
            XCTAssertTrue("\(error)".contains("did you mean \"opacity\"?"), "\(error)")
        }
        XCTAssertThrowsError(try scene(#"{"layers": [{"style": {"lineWidth": 2}}]}"#)) { error in
            XCTAssertTrue("\(error)".contains("lineWidth is a property of shape layers"), "\(error)")
        }
    }

    /// A layer's own duration, repeats, autoreverse and fill in a scene file (docs/core-animation.md §2):
    /// the child's 1 s fade, inside a container of duration 0.5 that repeats for ever and
    /// autoreverses, shows 0.75 (its time 0.25 going back) at 0.75 s.
    func testALayersOwnTimingInAFile() throws {
        let text = """
        {"layers": [{"name": "c", "duration": 0.5, "repeatCount": "infinity", "autoreverses": true, "fillMode": "both",
                     "sublayers": [{"name": "f", "animations": [{"type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0,
                                                                  "duration": 1}]}]}]}
        """
        let c = try XCTUnwrap(try tree(text).layer(named: "c"))
        XCTAssertEqual(c.timing.duration, 0.5)
        XCTAssertEqual(c.timing.repeatCount, .infinity)
        XCTAssertTrue(c.timing.autoreverses)
        XCTAssertEqual(c.timing.fillMode, .both)
        let timeline = try scene(text).timeline(canvas: canvas, duration: 2)
        let f = try XCTUnwrap(timeline.presentedLayers(at: 0.75).first { $0.values.name == "f" })
        XCTAssertEqual(f.values.opacity, 0.75, accuracy: 1e-9)
        // Exported, for ever is written as "infinity", which reads back.
        let file = try scene(text)
        let written = try exported(file)
        XCTAssertEqual(try XCTUnwrap(try tree(written).layer(named: "c")).timing, c.timing, written)
    }

    /// A text run's paragraph style and shadow in a scene file, and back out through the exporter.
    func testTextRunsParagraphStyleAndShadow() throws {
        let text = """
        {"layers": [{"type": "text", "name": "t", "string": [{"text": "One\\n"},
                     {"text": "Two", "alignment": "center", "lineSpacing": 4, "shadow": {"offset": [1, 2], "blurRadius": 3, "color": "#FF0000"}}]}]}
        """
        let runs = try XCTUnwrap(try tree(text).layer(named: "t")).string.runs
        XCTAssertEqual(runs[1].paragraph, ParagraphStyle(alignment: .center, lineSpacing: 4))
        XCTAssertEqual(runs[1].shadow, TextShadow(offset: Size(1, 2), blurRadius: 3, color: .red))
        XCTAssertNil(runs[0].shadow)
        let file = try scene(text)
        let written = try exported(file)
        XCTAssertEqual(try XCTUnwrap(try tree(written).layer(named: "t")).string.runs, runs, written)
        XCTAssertThrowsError(try scene(#"{"layers": [{"type": "text", "string": [{"text": "a", "shadow": {"blur": 2}}]}]}"#))
    }

    /// What a file asks for that is approximated is a warning (issue 41: validate warns about
    /// it): a text layer's contentsScale and a rasterized layer, whose softness is a blur.
    func testApproximatedPropertiesAreWarnedAbout() throws {
        func warnings(_ layer: String) throws -> [String] {
            try scene(#"{"layers": [\#(layer)]}"#).warnings.map(\.description)
        }
        let text = try warnings(#"{"type": "text", "string": "Hi", "contentsScale": 1}"#)
        XCTAssertEqual(text.count, 1)
        XCTAssertTrue(text.first?.contains("layers[0].contentsScale: approximated: below the output's scale a device's bitmap of contentsScale") ?? false, "\(text)")
        XCTAssertTrue(try warnings(#"{"shouldRasterize": true}"#).first?.contains("layers[0].shouldRasterize: approximated: below the output's scale a device's bitmap of rasterizationScale") ?? false)
        XCTAssertEqual(try warnings(#"{"shouldRasterize": false, "rasterizationScale": 1}"#), [])
        // A shape layer is drawn in screen space whatever its contentsScale (CAShapeLayer: "mapped into screen space before
        // being rasterized"), and a plain layer's sizes its contents image, as on a device: no warning.
        XCTAssertEqual(try warnings(#"{"type": "shape", "path": "M 0 0 L 10 10", "contentsScale": 2}"#), [])
        XCTAssertEqual(try warnings(#"{"contentsScale": 2}"#), [])
        XCTAssertEqual(try warnings(#"{"type": "text", "string": "Hi"}"#), [])
    }

    /// Each of docs/core-animation.md §9's approximations that a file can ask for is a warning
    /// at the value that asks (issue 41: validate warns about anything still approximated), and
    /// the same file without it has none.
    func testEveryApproximationAFileCanAskForIsWarnedAbout() throws {
        func warnings(_ layers: String, script: String = "[]") throws -> [String] {
            try scene(#"{"layers": [\#(layers)], "script": \#(script)}"#).warnings.map(\.description)
        }
        func assertWarns(_ layers: String, script: String = "[]", at path: String, _ phrase: String, line: UInt = #line) throws {
            let found = try warnings(layers, script: script)
            XCTAssertEqual(found.count, 1, "\(found)", line: line)
            XCTAssertTrue(found.first?.contains("\(path): approximated: \(phrase)") ?? false, "\(found)", line: line)
        }
        let cell = #"{"name": "spark", "birthRate": 10, "lifetime": 1}"#
        // transform.scale is the average of all three scales (Apple, "Key-Value Coding Extensions"): a layer scaled by 2 in
        // x and y reads (2 + 2 + 1) / 3 there, 2 here, which an animation leaving an end to the current value starts from.
        let scaled = #"{"transform": [{"scale": 2}], "animations": [{"type": "basic", "keyPath": "transform.scale", \#("%@")}]}"#
        try assertWarns(scaled.replacingOccurrences(of: "%@", with: #""toValue": 1"#), at: "layers[0].animations[0]",
                        "transform.scale reads the layer's transform as the mean of its x and y scales (2); Core Animation's is the average of all three (1.6666666666666667)")
        XCTAssertEqual(try warnings(scaled.replacingOccurrences(of: "%@", with: #""fromValue": 2, "toValue": 1"#)), [])
        XCTAssertEqual(try warnings(#"{"animations": [{"type": "basic", "keyPath": "transform.scale", "byValue": 1}]}"#), [])
        // An emitter, and a transition, under a layer that runs time at another rate.
        let emitter = #"{"type": "emitter", "emitterCells": [\#(cell)]}"#
        try assertWarns(#"{"speed": 2, "sublayers": [\#(emitter)]}"#, at: "layers[0].sublayers[0]", "a layer above this emitter runs its time")
        try assertWarns(#"{"sublayers": [{"repeatCount": 2, "duration": 1, "sublayers": [\#(emitter)]}]}"#, at: "layers[0].sublayers[0].sublayers[0]",
                        "a layer above this emitter runs its time")
        try assertWarns(#"{"remapsTime": true, "sublayers": [\#(emitter)]}"#, at: "layers[0].sublayers[0]", "a layer above this emitter runs its time")
        // A rule that pauses, or sets the speed of, a layer an emitter is under.
        let holder = #"{"name": "h", "sublayers": [\#(emitter)]}"#
        for (action, verb) in [(#"{"pause": "h"}"#, "pause"), (#"{"set": {"speed": 0.5}, "on": "h"}"#, "set")] {
            try assertWarns(holder, script: #"[{"on": "start", "do": [\#(action)]}]"#, at: "script[0].do[0].\(verb)",
                            "this changes the time of \"h\", which holds an emitter or a transition")
        }
        XCTAssertEqual(try warnings(holder, script: #"[{"on": "start", "do": [{"set": {"opacity": 0.5}, "on": "h"}]}]"#), [])
        XCTAssertEqual(try warnings(#"{"name": "h", "sublayers": [{}]}"#, script: #"[{"on": "start", "do": [{"pause": "h"}]}]"#), [])
        // A rule moving an emitter under a layer whose time runs at another rate.
        let move = #"[{"on": "start", "do": [{"addSublayer": "e", "to": "slow"}]}]"#
        let emitterNamed = #"{"name": "e", "type": "emitter", "emitterCells": [\#(cell)]}"#
        try assertWarns(#"{"name": "slow", "speed": 0.5}, \#(emitterNamed)"#, script: move, at: "script[0].do[0].addSublayer",
                        "\"slow\" runs its time at a rate other than 1")
        XCTAssertEqual(try warnings(#"{"name": "slow"}, \#(emitterNamed)"#, script: move), [])
        XCTAssertEqual(try warnings(#"{"sublayers": [{"type": "emitter", "speed": 2, "emitterCells": [\#(cell)]}]}"#), [], "its own speed is its time")
        let fade = #"{"type": "transition", "transition": "fade", "duration": 1}"#
        try assertWarns(#"{"speed": 0.5, "sublayers": [{"animations": [\#(fade)]}]}"#, at: "layers[0].sublayers[0].animations[0]",
                        "a layer above this one runs its time at a rate other than 1; the transition's old picture")
        XCTAssertEqual(try warnings(#"{"speed": 0.5, "animations": [\#(fade)]}"#), [], "the superlayer's time counts, not its own")
        // An emitter's lifetime animated above its own; a cell's timing animated; more particles than a frame draws.
        let lifetime = #"{"type": "emitter", "lifetime": 1, "emitterCells": [\#(cell)], "animations": [{"type": "basic", "keyPath": "lifetime", \#("%@")}]}"#
        try assertWarns(lifetime.replacingOccurrences(of: "%@", with: #""toValue": 2"#), at: "layers[0].animations[0]", "lifetime animated above the emitter's own (1)")
        try assertWarns(lifetime.replacingOccurrences(of: "%@", with: #""byValue": 0.5"#), at: "layers[0].animations[0]", "lifetime animated above")
        XCTAssertEqual(try warnings(lifetime.replacingOccurrences(of: "%@", with: #""fromValue": 1, "toValue": 0"#)), [])
        let cellAnimation = #"{"type": "emitter", "emitterCells": [\#(cell)], "animations": [{"type": "basic", "keyPath": "emitterCells.spark.\#("%@")", "toValue": 0}]}"#
        for key in ["beginTime", "duration", "speed", "timeOffset"] {
            try assertWarns(cellAnimation.replacingOccurrences(of: "%@", with: key), at: "layers[0].animations[0]", "a cell's timing is read at each frame")
        }
        XCTAssertEqual(try warnings(cellAnimation.replacingOccurrences(of: "%@", with: "birthRate")), [])
        // 1 × 50,000 a second, living 1 + 2 s: 150,000; 20,000 × 2 s in three copies: 120,000; alone, 40,000; two emitters
        // of 60,000 and 50,000 together, over the frame's 100,000 (the busier one named); the numbers of a valid file that
        // no Int holds.
        try assertWarns(#"{"type": "emitter", "emitterCells": [{"birthRate": 50000, "lifetime": 1, "lifetimeRange": 2}]}"#, at: "layers[0]",
                        "about 150000 particles may be out at once; a frame draws at most 100000")
        let busy = #"{"type": "emitter", "emitterCells": [{"birthRate": 20000, "lifetime": 2}]}"#
        try assertWarns(#"{"type": "replicator", "instanceCount": 3, "sublayers": [\#(busy)]}"#, at: "layers[0].sublayers[0]", "about 120000 particles")
        XCTAssertEqual(try warnings(busy), [])
        try assertWarns(#"{"type": "emitter", "emitterCells": [{"birthRate": 25000, "lifetime": 2}]}, {"type": "emitter", "emitterCells": [{"birthRate": 30000, "lifetime": 2}]}"#,
                        at: "layers[1]", "about 110000 particles may be out at once (60000 of them this emitter's)")
        try assertWarns(#"{"type": "emitter", "birthRate": 1e9, "lifetime": 1e9, "emitterCells": [{"birthRate": 100000, "lifetime": 3600}]}"#,
                        at: "layers[0]", "about 1000000000000000 particles")
        // A rule watching an animation that runs inside a repeating layer; a timeOffset beside a repeat count that is not whole.
        let watched = #"{"name": "r", "repeatCount": \#("%@"), "duration": 1, "sublayers": [{"animations": [{"type": "basic", "name": "spin", "keyPath": "opacity", "toValue": 0}]}]}"#
        let rule = #"[{"on": "didStop", "animation": "spin", "add": {"type": "basic", "keyPath": "opacity", "toValue": 1}, "to": "r"}]"#
        try assertWarns(watched.replacingOccurrences(of: "%@", with: "2"), script: rule, at: "script[0].animation",
                        "\"spin\" runs inside a repeating layer; its didStart and didStop come once")
        XCTAssertEqual(try warnings(watched.replacingOccurrences(of: "%@", with: "0"), script: rule), [])
        // Watched on "r" itself, where no "spin" runs.
        XCTAssertEqual(try warnings(watched.replacingOccurrences(of: "%@", with: "2"),
                                    script: rule.replacingOccurrences(of: #""animation": "spin","#, with: #""animation": "spin", "layer": "r","#)), [])
        try assertWarns(#"{"duration": 1, "repeatCount": 2.5, "timeOffset": 0.3}"#, at: "layers[0].timeOffset",
                        "a timeOffset beside a repeatCount that is not whole (2.5)")
        XCTAssertEqual(try warnings(#"{"duration": 1, "repeatCount": 2, "timeOffset": 0.3}"#), [])
        // A transform layer in another's 3D space: its sublayer, or through a replicator that preserves depth; a plain
        // layer between them flattens (Apple, CATransformLayer: "flattened" by any other layer).
        try assertWarns(#"{"type": "transform", "sublayers": [{"type": "transform"}]}"#, at: "layers[0].sublayers[0]",
                        "a transform layer inside another sorts its own sublayers by depth")
        try assertWarns(#"{"type": "transform", "sublayers": [{"type": "replicator", "preservesDepth": true, "sublayers": [{"type": "transform"}]}]}"#,
                        at: "layers[0].sublayers[0].sublayers[0]", "a transform layer inside another")
        XCTAssertEqual(try warnings(#"{"type": "transform", "sublayers": [{"sublayers": [{"type": "transform"}]}]}, {"type": "transform"}"#), [])
        // Text: contentsScale set by a rule, given by a style, beside staggered text; run shadows in staggered text.
        let text = #"{"type": "text", "name": "t", "string": "Hi"}"#
        try assertWarns(text, script: #"[{"on": "start", "do": [{"set": {"contentsScale": 1}, "on": "t"}]}]"#, at: "script[0].do[0].set",
                        "whether a text layer sets contentsScale is decided once for the clip: set by a rule, it blurs \"t\" from the start")
        XCTAssertEqual(try warnings(text, script: #"[{"on": "start", "do": [{"set": {"opacity": 1}, "on": "t"}]}]"#), [])
        try assertWarns(#"{"type": "text", "string": "Hi", "style": {"style": {"contentsScale": 1}}}"#, at: "layers[0].style",
                        "a style's contentsScale does not blur what the layer draws")
        let staggered = try warnings(#"{"type": "text", "string": "Hi", "staggerUnit": "glyph", "staggerDelay": 0.1, "contentsScale": 1}"#)
        XCTAssertEqual(staggered.count, 2, "\(staggered)")
        XCTAssertTrue(staggered.contains { $0.contains("layers[0].staggerUnit: approximated: staggered text does not draw the softness of its contentsScale") }, "\(staggered)")
        try assertWarns(##"{"type": "text", "string": [{"text": "Hi", "shadow": {"color": "#000000", "blurRadius": 2}}], "staggerUnit": "word"}"##,
                        at: "layers[0].staggerUnit", "staggered text does not draw its runs' shadows")
        XCTAssertEqual(try warnings(#"{"type": "text", "string": "Hi", "staggerUnit": "glyph", "staggerDelay": 0.1}"#), [])
        XCTAssertEqual(try warnings(#"{"type": "text", "string": "Hi", "staggerDelay": 0.1, "contentsScale": 1}"#).count, 1, "a delay alone staggers nothing")
    }

    /// keyTimes that do not fit their keyframes are ignored as Core Animation ignores them, and
    /// reported with their place: two times for three values, times that fall, a discrete
    /// animation's times without the extra one. Fitting ones and paced ones are not reported.
    func testKeyTimesThatDoNotFitAreWarnedAbout() throws {
        func warnings(_ keyframe: String) throws -> [String] {
            try scene(#"{"layers": [{"animations": [{"type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0], \#(keyframe)}]}]}"#)
                .warnings.map(\.description)
        }
        XCTAssertEqual(try warnings(#""keyTimes": [0, 1]"#).first?.hasPrefix("s.json:1:"), true)
        XCTAssertTrue(try warnings(#""keyTimes": [0, 1]"#).first?.contains("layers[0].animations[0].keyTimes: ignored: keyTimes need one time per frame") ?? false)
        XCTAssertEqual(try warnings(#""keyTimes": [0, 0.8, 0.5]"#).count, 1)
        XCTAssertEqual(try warnings(#""keyTimes": [0, 0.5, 1], "calculationMode": "discrete""#).count, 1)
        XCTAssertEqual(try warnings(#""keyTimes": [0, 0.2, 0.6, 1], "calculationMode": "discrete""#), [])
        XCTAssertEqual(try warnings(#""keyTimes": [0, 0.3, 1]"#), [])
        XCTAssertEqual(try warnings(#""keyTimes": [0, 1], "calculationMode": "paced""#), [])
    }

    /// A value function reads numbers for a transform and exports back.
    func testValueFunctions() throws {
        let text = #"{"layers": [{"name": "a", "animations": [{"type": "basic", "keyPath": "transform", "valueFunction": "rotateZ", "fromValue": 0, "toValue": 6.283185307179586}]}]}"#
        let root = try tree(text)
        let turn = try XCTUnwrap(root.layer(named: "a")?.addedAnimations.first?.animation as? BasicAnimation)
        XCTAssertEqual(turn.valueFunction, .rotateZ)
        XCTAssertEqual(turn.toValue, .number(6.283185307179586))
        let file = try scene(text)
        let written = try exported(file)
        XCTAssertTrue(written.contains(#""valueFunction": "rotateZ""#), written)
        XCTAssertThrowsError(try tree(#"{"layers": [{"animations": [{"type": "basic", "keyPath": "transform", "valueFunction": "scale", "toValue": [1, 2]}]}]}"#))
    }

    /// A transform layer and a one-sided face read from a file and export back.
    func testTransformLayersAndDoubleSided() throws {
        let text = #"{"layers": [{"type": "transform", "name": "card", "sublayers": [{"name": "face", "doubleSided": false}]}]}"#
        let root = try tree(text)
        XCTAssertTrue(root.layer(named: "card") is TransformLayer)
        XCTAssertEqual(root.layer(named: "face")?.isDoubleSided, false)
        let file = try scene(text)
        let written = try exported(file)
        XCTAssertTrue(written.contains(#""type": "transform""#) && written.contains(#""doubleSided": false"#), written)
    }

    /// Springs as iOS 17 describes them: perceptualDuration and bounce, allowsOverdamping, and
    /// "settlingDuration" as the duration (the spring's own settling time, worked out from it).
    func testSpringsByPerceptualDurationAndSettlingDuration() throws {
        let root = try tree(#"""
        {"layers": [{"name": "a", "animations": [{"type": "spring", "keyPath": "opacity", "fromValue": 0, "toValue": 1,
                     "perceptualDuration": 0.5, "bounce": 0.3, "allowsOverdamping": true, "duration": "settlingDuration"}]}]}
        """#)
        let spring = try XCTUnwrap(root.layer(named: "a")?.addedAnimations.first?.animation as? SpringAnimation)
        XCTAssertEqual(spring.stiffness, 16 * .pi * .pi, accuracy: 1e-9)
        XCTAssertEqual(spring.damping, 5.6 * .pi, accuracy: 1e-9)
        XCTAssertTrue(spring.allowsOverdamping)
        XCTAssertEqual(spring.duration, spring.settlingDuration)
        XCTAssertGreaterThan(spring.duration, 0.5)
        XCTAssertThrowsError(try tree(#"{"layers": [{"animations": [{"type": "spring", "keyPath": "opacity", "perceptualDuration": 1, "mass": 2}]}]}"#)) {
            XCTAssertTrue("\($0)".contains("mass: a spring is given by perceptualDuration and bounce, or by mass, stiffness and damping"), "\($0)")
        }
        XCTAssertThrowsError(try tree(#"{"layers": [{"animations": [{"type": "basic", "keyPath": "opacity", "duration": "settlingDuration"}]}]}"#))
    }

    /// A file laid out for another canvas is scaled to fit the one it is rendered on, and centred;
    /// `$canvas` values are those of the file's canvas.
    func testALaidOutCanvasIsScaledToFit() throws {
        let root = try tree(#"{"canvas": [100, 50], "layers": [{"name": "dot", "position": ["$canvas.midX", "$canvas.midY"]}]}"#)
        let content = try XCTUnwrap(root.sublayers.first)
        XCTAssertEqual(content.bounds, Rect(x: 0, y: 0, width: 100, height: 50))
        XCTAssertEqual(content.position, Point(320, 180))
        XCTAssertEqual(content.transform, Transform3D(scaleX: 6.4, y: 6.4))  // min(640/100, 360/50)
        XCTAssertEqual(root.layer(named: "dot")?.position, Point(50, 25))
        XCTAssertThrowsError(try tree(#"{"canvas": [0, 50], "layers": []}"#)) {
            XCTAssertTrue("\($0)".contains("canvas: each side must be 1…1000000 points"), "\($0)")
        }
    }

    func testParametersAreReferencedAndSet() throws {
        let text = try String(contentsOfFile: Self.ring, encoding: .utf8)
        let file = try scene(text)
        XCTAssertEqual(file.parameters.map(\.name), ["tint", "count", "radius", "background"])
        let defaults = try tree(text)
        let ring = try XCTUnwrap(defaults.layer(named: "ring") as? ReplicatorLayer)
        XCTAssertEqual(ring.instanceCount, 12)
        XCTAssertEqual(ring.position, Point(320, 180), "$canvas.midX and midY")
        XCTAssertEqual(defaults.backgroundColor, Color(hex: "#101820"))
        let custom = try tree(text, ["count=5", "tint=#FF0000", "background=clear"])
        XCTAssertEqual((custom.layer(named: "ring") as? ReplicatorLayer)?.instanceCount, 5)
        XCTAssertEqual((custom.layer(named: "dot") as? ShapeLayer)?.fillColor, .red)
        XCTAssertNil(custom.backgroundColor)
        XCTAssertThrowsError(try file.settings(["count=500"])) { XCTAssertTrue("\($0)".contains("integer 1…60"), "\($0)") }
    }

    /// The start rule adds its template to the named layer after its delay.
    func testScriptRulesRun() throws {
        let file = try scene(try String(contentsOfFile: Self.ring, encoding: .utf8))
        let timeline = try file.timeline(canvas: canvas, duration: 3)
        // Node 1 is the ring (node 0 the canvas root); "dim" fades it 1 → 0.3 from t = 1 and back.
        XCTAssertEqual(timeline.presentationValues(of: 1, at: 0.9, parentTime: 0.9).values.opacity, 1)
        XCTAssertEqual(timeline.presentationValues(of: 1, at: 1.5, parentTime: 1.5).values.opacity, 0.3, accuracy: 1e-9)
    }

    /// Every script action in a file: it runs (an implicit animation, a transaction with its
    /// completion, a pause), and the exporter writes the same rules back.
    func testScriptActions() throws {
        let text = #"""
        {"animations": {"fade": {"type": "basic", "keyPath": "opacity", "name": "fade", "fromValue": 1, "toValue": 0, "duration": 1},
                        "swap": {"type": "transition", "transition": "push", "subtype": "fromRight", "startProgress": 0.25, "duration": 0.5}},
         "layers": [{"name": "a", "bounds": [0, 0, 10, 10], "backgroundColor": "#00FF00"}, {"name": "b", "bounds": [0, 0, 10, 10]},
                    {"name": "c", "bounds": [0, 0, 10, 10], "backgroundColor": "#0000FF", "compositingFilter": "screenBlendMode",
                     "sublayers": [{"name": "d", "bounds": [0, 0, 5, 5], "backgroundColor": "#FFFF00"}]}],
         "script": [
          {"on": "start", "add": "fade", "to": "a", "key": "fade"},
          {"on": "start", "after": 0.5, "do": [{"set": {"opacity": 0.5, "backgroundColor": "#FF0000"}, "on": "b"}, {"remove": "fade", "from": "a"},
                                               {"add": "swap", "to": "c"}, {"set": {"hidden": true}, "on": "d"}]},
          {"on": "didStop", "animation": "fade", "finished": false, "do": [
            {"transaction": {"duration": 1, "timingFunction": "linear"}, "do": [{"set": {"opacity": 0}, "on": "c"}],
             "completion": [{"pause": "c"}, {"addSublayer": "d", "to": "a", "at": 0}]}]},
          {"on": "start", "after": 2, "every": 0.5, "do": [{"resume": "c"}, {"removeAllAnimations": "b"}, {"removeFromSuperlayer": "d"},
                                                        {"add": "fade", "to": "b", "begin": 0.25}]}
         ]}
        """#
        let file = try scene(text)
        let timeline = try file.timeline(canvas: canvas, duration: 3)
        // Nodes: 0 the canvas root, 1 a, 2 b, 3 c, 4 d.
        func opacity(_ node: Int, _ t: Double) -> Double { timeline.presentationValues(of: node, at: t, parentTime: t).values.opacity }
        XCTAssertEqual(opacity(2, 0.5 + 0.25), 0.5, "b's implicit 0.25 s animation is over")
        XCTAssertEqual(opacity(3, 1), 0.5, accuracy: 1e-9, "c fades linearly over 1 s from 0.5 s")
        XCTAssertEqual(timeline.presentationValues(of: 3, at: 1.6, parentTime: 1.6).values.timing.speed, 0, "paused on completion at 1.5 s")
        let written = try exported(file)
        let again = try scene(written)
        for verb in ["set", "remove", "transaction", "completion", "pause", "resume", "addSublayer", "removeFromSuperlayer",
                     "removeAllAnimations", "finished", "every", "begin", "startProgress", "screenBlendMode"] {
            XCTAssertTrue(written.contains("\"\(verb)\""), "\(verb) missing from\n\(written)")
        }
        let reread = try again.timeline(canvas: canvas, duration: 3)
        for t in [0.3, 0.75, 1.2, 1.6, 2.1, 2.6] {
            XCTAssertEqual(reread.displayList(at: t), timeline.displayList(at: t), "t = \(t)")
            XCTAssertFalse(timeline.displayList(at: t).items.isEmpty)
        }
    }

    /// `file` written out by the exporter (images left out).
    func exported(_ file: SceneFile) throws -> String {
        try SceneExporter.export(file, canvas: canvas, settings: file.settings([])) { _ in "" }
    }

    /// `file` exported holds each of `fields` and reads back to the same display lists at `times`.
    func assertExportReadsBack(_ file: SceneFile, holding fields: [String], duration: Double, at times: [Double], line: UInt = #line) throws {
        let written = try exported(file)
        for field in fields { XCTAssertTrue(written.contains("\"\(field)\""), "\(field) missing from\n\(written)", line: line) }
        let (original, reread) = (try file.timeline(canvas: canvas, duration: duration), try scene(written).timeline(canvas: canvas, duration: duration))
        for t in times { XCTAssertEqual(reread.displayList(at: t), original.displayList(at: t), "t = \(t)", line: line) }
    }

    /// A transaction's `delay` (UIView.animate's): its implicit animation begins that much
    /// later, the old value shown until then, its completion when it ends; exported and read
    /// back to the same frames.
    func testATransactionsDelay() throws {
        let text = #"""
        {"layers": [{"name": "a", "bounds": [0, 0, 10, 10], "backgroundColor": "#00FF00"}],
         "script": [
          {"on": "start", "after": 0.5, "do": [
            {"transaction": {"duration": 1, "timingFunction": "linear", "delay": 0.5}, "do": [{"set": {"opacity": 0}, "on": "a"}],
             "completion": [{"transaction": {"disableActions": true}, "do": [{"set": {"backgroundColor": "#FF0000"}, "on": "a"}]}]}]}
         ]}
        """#
        let file = try scene(text)
        let timeline = try file.timeline(canvas: canvas, duration: 3)
        func values(_ t: Double) -> LayerValues { timeline.presentationValues(of: 1, at: t, parentTime: t).values }
        XCTAssertEqual(values(0.75).opacity, 1, "the delay shows the old value")
        XCTAssertEqual(values(1.5).opacity, 0.5, accuracy: 1e-9, "half way from 1 s")
        XCTAssertEqual(values(2).opacity, 0)
        XCTAssertEqual(values(1.99).backgroundColor, Color(red: 0, green: 1, blue: 0, alpha: 1))
        XCTAssertEqual(values(2).backgroundColor, Color(red: 1, green: 0, blue: 0, alpha: 1), "the completion runs as the animation ends")
        try assertExportReadsBack(file, holding: ["delay"], duration: 3, at: [0.75, 1.2, 1.99, 2.5])
    }

    /// A transaction's repeatCount and autoreverses (UIView.animate's `.repeat` and
    /// `.autoreverse`) go to its implicit animations: 1 → 0 linear over 1 s; with autoreverses a
    /// cycle is there and back (CAMediaTiming), so 1.5 cycles run there, back, there, then the
    /// model value shows; the completion runs when they end (after 2 × 1.5 s).
    func testATransactionsRepeatAndAutoreverse() throws {
        let text = #"""
        {"layers": [{"name": "a", "bounds": [0, 0, 10, 10], "backgroundColor": "#00FF00"}],
         "script": [
          {"on": "start", "do": [
            {"transaction": {"duration": 1, "timingFunction": "linear", "repeatCount": 1.5, "autoreverses": true},
             "do": [{"set": {"opacity": 0}, "on": "a"}],
             "completion": [{"transaction": {"disableActions": true}, "do": [{"set": {"backgroundColor": "#FF0000"}, "on": "a"}]}]}]}
         ]}
        """#
        let file = try scene(text)
        let timeline = try file.timeline(canvas: canvas, duration: 4)
        func values(_ t: Double) -> LayerValues { timeline.presentationValues(of: 1, at: t, parentTime: t).values }
        for (t, opacity) in [(0.25, 0.75), (1.25, 0.25), (2.25, 0.75), (2.75, 0.25)] {
            XCTAssertEqual(values(t).opacity, opacity, accuracy: 1e-9, "t = \(t)")
        }
        XCTAssertEqual(values(3.01).opacity, 0, "then the model value")
        XCTAssertEqual(values(2.99).backgroundColor, Color(red: 0, green: 1, blue: 0, alpha: 1))
        XCTAssertEqual(values(3).backgroundColor, Color(red: 1, green: 0, blue: 0, alpha: 1), "the completion runs as they end")
        try assertExportReadsBack(file, holding: ["repeatCount", "autoreverses"], duration: 4, at: [0.25, 1.25, 2.75, 3.5])
    }

    /// A transaction's spring (UIView.animate's usingSpringWithDamping) moves its implicit
    /// animations as the damped oscillator m·x″ + c·x′ + k·x = 0 does: mass 1, stiffness 100,
    /// damping 10 is ζ = 0.5, ω₀ = 10, so the distance left is e^(−5t)(cos ω_d·t + 5/ω_d · sin ω_d·t).
    func testATransactionsSpring() throws {
        let text = #"""
        {"layers": [{"name": "a", "bounds": [0, 0, 10, 10], "backgroundColor": "#00FF00"}],
         "script": [
          {"on": "start", "do": [
            {"transaction": {"duration": 2, "spring": {"stiffness": 100, "damping": 10}}, "do": [{"set": {"opacity": 0}, "on": "a"}]}]}
         ]}
        """#
        let file = try scene(text)
        let timeline = try file.timeline(canvas: canvas, duration: 3)
        let omega = 10 * 0.75.squareRoot()
        for t in [0.1, 0.2, 0.45] {
            let left = exp(-5 * t) * (cos(omega * t) + 5 / omega * sin(omega * t))
            XCTAssertEqual(timeline.presentationValues(of: 1, at: t, parentTime: t).values.opacity, left, accuracy: 1e-9, "t = \(t)")
        }
        try assertExportReadsBack(file, holding: ["spring"], duration: 3, at: [0.1, 0.45, 2.5])
        XCTAssertThrowsError(try scene(text.replacingOccurrences(of: "\"damping\": 10", with: "\"bounce\": 0.2")))
    }

    /// Sub-cells and the cells' new fields read, export and read back to the same frames.
    func testEmitterCellsRoundTrip() throws {
        let path = URL(fileURLWithPath: Self.ring).deletingLastPathComponent().appendingPathComponent("fireworks.json").path
        let file = try SceneFile(text: String(contentsOfFile: path, encoding: .utf8), path: path) { try LayerImageCodec.decode($0) }
        let exported = try SceneExporter.export(file, canvas: canvas, settings: file.settings([]), encodeImage: LayerImageCodec.dataURI)
        for field in ["emitterCells", "beginTime", "contentsScale", "additive"] {
            XCTAssertTrue(exported.contains("\"\(field)\""), field)
        }
        let again = try SceneFile(text: exported, path: "e.json") { try LayerImageCodec.decode($0) }
        let (a, b) = (try file.timeline(canvas: canvas, duration: 3), try again.timeline(canvas: canvas, duration: 3))
        XCTAssertEqual(a.displayList(at: 2.2), b.displayList(at: 2.2))
        XCTAssertGreaterThan(a.displayList(at: 2.2).items.count, 100)
        XCTAssertThrowsError(try scene(#"{"layers": [{"type": "emitter", "emitterCells": [{"emitterCells": [{"emitterCells": [{"emitterCells": [{"emitterCells": []}]}]}]}]}]}"#)) {
            XCTAssertTrue("\($0)".contains("cells hold cells at most 4 deep"), "\($0)")
        }
    }

    /// Numbers computed from knobs and the canvas: 640 − 40, (180 + 10 × 2) / 2, 10 × 3 − 1.
    func testArithmetic() throws {
        let root = try tree(#"""
        {"parameters": {"gap": {"type": "number", "default": 10}},
         "layers": [{"name": "a", "position": ["$canvas.width - 40", "($canvas.midY + $gap * 2) / 2"], "bounds": [0, 0, "$gap × 3 − 1", "-$gap ÷ -2"]}]}
        """#)
        let a = try XCTUnwrap(root.layer(named: "a"))
        XCTAssertEqual(a.position, Point(600, 100))
        XCTAssertEqual(a.bounds.size, Size(29, 5))
        let wide = try tree(#"{"parameters": {"gap": {"type": "number", "default": 10}}, "layers": [{"name": "a", "position": ["$gap * 2", 0]}]}"#, ["gap=4"])
        XCTAssertEqual(wide.layer(named: "a")?.position.x, 8)
    }

    /// A text knob fills a template: the title example's name is set from `--param title=…`.
    func testTextKnobsFillATemplate() throws {
        let path = URL(fileURLWithPath: Self.ring).deletingLastPathComponent().appendingPathComponent("title.json").path
        let file = try SceneFile(text: String(contentsOfFile: path, encoding: .utf8), path: path, decodeImage: SceneFile.noImages)
        let root = try file.build(canvas: canvas, script: Script(), settings: file.settings(["title=Hello, world"]))
        XCTAssertEqual((root.layer(named: "title") as? TextLayer)?.string.plainText, "Hello, world")
        XCTAssertEqual(try (root.layer(named: "title") as? TextLayer)?.typeset().glyphCount, 12)
    }

    /// An animation repeating for ever whose period does not divide the file's cycle is a
    /// warning: a loop of whole cycles would not close. 2 s is four 0.5 s periods, not 2.67 of 0.75 s.
    func testACycleThatRepeatingAnimationsDoNotShareIsWarnedAbout() throws {
        func warnings(_ duration: Double, autoreverses: Bool = false) throws -> Int {
            try scene(#"{"cycle": 2, "layers": [{"animations": [{"type": "basic", "keyPath": "opacity", "duration": \#(duration), "autoreverses": \#(autoreverses), "repeatCount": "infinity"}]}]}"#).warnings.count
        }
        XCTAssertEqual(try warnings(0.5), 0)
        XCTAssertEqual(try warnings(0.75), 1)
        XCTAssertEqual(try warnings(0.5, autoreverses: true), 0)
        XCTAssertEqual(try warnings(0.75, autoreverses: true), 1)
    }

    /// Shots: a file places a built-in scene with its knobs and another scene file, and exports
    /// them back (the file's path made absolute); a file that holds itself stops at the nesting limit.
    func testShots() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-shots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inner = ##"{"layers": [{"type": "scene", "scene": "loader", "params": {"color": "#FF0000"}, "frame": [0, 0, 320, 180]}]}"##
        try Data(inner.utf8).write(to: folder.appendingPathComponent("inner.json"))
        let outer = #"{"layers": [{"type": "scene", "name": "shot", "scene": "inner.json", "frame": [0, 0, 640, 360], "beginTime": 1}]}"#
        let file = try SceneFile(text: outer, path: folder.appendingPathComponent("outer.json").path, decodeImage: SceneFile.noImages)
        let timeline = try file.timeline(canvas: canvas, duration: 3)
        XCTAssertFalse(timeline.displayList(at: 1.5).items.isEmpty)
        let written = try exported(file)
        XCTAssertTrue(written.contains(#""scene": "\#(folder.path)/inner.json""#), written)
        let again = try SceneFile(text: written, path: folder.appendingPathComponent("written.json").path, decodeImage: SceneFile.noImages)
        XCTAssertEqual(try again.timeline(canvas: canvas, duration: 3).displayList(at: 1.5), timeline.displayList(at: 1.5))
        // What a shot's file warns about, the file that places it warns about, naming the shot's file; once for two shots.
        try Data(#"{"layers": [{"type": "transform", "sublayers": [{"type": "transform"}]}]}"#.utf8).write(to: folder.appendingPathComponent("nested.json"))
        let placing = #"{"layers": [{"type": "scene", "scene": "nested.json"}, {"type": "scene", "scene": "nested.json"}]}"#
        let placed = try SceneFile(text: placing, path: folder.appendingPathComponent("placing.json").path, decodeImage: SceneFile.noImages).warnings
        XCTAssertEqual(placed.map(\.description), ["\(folder.path)/nested.json:1:49: layers[0].sublayers[0]: approximated: a transform layer inside "
                                                     + "another sorts its own sublayers by depth among themselves, not with the outer one's (docs/core-animation.md §9)"])
        try Data(#"{"layers": [{"type": "scene", "scene": "self.json"}]}"#.utf8).write(to: folder.appendingPathComponent("self.json"))
        XCTAssertThrowsError(try SceneFile.load(path: folder.appendingPathComponent("self.json").path, decodeImage: SceneFile.noImages)) {
            XCTAssertTrue("\($0)".contains("scene files hold each other more than 3 deep"), "\($0)")
        }
    }

    /// Text too big for its layer, or with characters no font has, is a warning, not an error: the frame still renders.
    func testTextWarnings() throws {
        let file = try scene(#"{"layers": [{"type": "text", "frame": [0, 0, 50, 20], "string": "Far too long for this"}]}"#)
        XCTAssertEqual(file.warnings.count, 1)
        XCTAssertTrue("\(file.warnings[0])".contains(#"layers[0]: the text "Far too long for this" does not fit its 50×20 point box: "#
                                                         + #"even at 50% (its minimumScaleFactor) it is cut to 1 line with "…""#), "\(file.warnings[0])")
        let unfitted = try scene(#"{"layers": [{"type": "text", "name": "t", "frame": [0, 0, 50, 20], "string": "Far too long", "textFit": "none"}]}"#)
        XCTAssertTrue("\(unfitted.warnings.first.map { "\($0)" } ?? "")".contains(#""t": the text "Far too long" does not fit its 50×20 point box: "#
                                                                             + "it needs 204×44 points and is drawn past it"), "\(unfitted.warnings)")
        // An Apple family not installed: drawn in its stand-in, with a warning naming it.
        let helvetica = try scene(#"{"layers": [{"type": "text", "frame": [0, 0, 500, 100], "string": "ok", "font": "Helvetica Neue"}]}"#)
        XCTAssertTrue(helvetica.warnings.map { "\($0)" }.contains { $0.contains(#""Helvetica Neue" is not installed: drawn in Liberation Sans"#) },
                      "\(helvetica.warnings)")
        // U+10FFFD is a private-use character no font installed here has.
        let missing = try scene(#"{"layers": [{"type": "text", "frame": [0, 0, 500, 100], "string": "ok \#u{10FFFD}"}]}"#)
        XCTAssertEqual(missing.warnings.count, 1)
        XCTAssertTrue("\(missing.warnings.first.map { "\($0)" } ?? "")".contains("no installed font has"), "\(missing.warnings)")
    }

    func testPresetNamesASceneFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("animvid-scenefile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let preset = folder.appendingPathComponent("p.json")
        try Data(#"{"scene-file": "\#(Self.ring)", "params": {"count": 6}, "outputs": [{"file": "{scene}.mp4"}]}"#.utf8).write(to: preset)
        let loaded = try PresetLoader.load(path: preset.path)
        XCTAssertEqual(loaded.clip.scene, .file(Self.ring))
        XCTAssertEqual(loaded.outputs.first?.file, folder.appendingPathComponent("ring.mp4").path, "{scene}, beside the preset")
        try Data(#"{"scene-file": "\#(Self.ring)", "params": {"count": 600}, "outputs": [{"file": "a.mp4"}]}"#.utf8).write(to: preset)
        XCTAssertThrowsError(try PresetLoader.load(path: preset.path)) { XCTAssertTrue("\($0)".contains("p.json:1:"), "\($0)") }
        // A preset that extends one of a built-in scene may name a scene file instead (and does
        // not inherit the other scene's knobs).
        let base = folder.appendingPathComponent("base.json")
        try Data(#"{"scene": "loader", "params": {"pulse": 2}, "outputs": [{"file": "a.mp4"}]}"#.utf8).write(to: base)
        try Data(#"{"extends": "base.json", "scene-file": "\#(Self.ring)"}"#.utf8).write(to: preset)
        let child = try PresetLoader.load(path: preset.path)
        XCTAssertEqual(child.clip.scene, .file(Self.ring))
        XCTAssertTrue(child.clip.params.isEmpty)
    }

    /// Each malformed file gives its message, naming line, column and JSON path.
    func testMalformedCorpus() {
        let dot = #"{"type": "shape", "name": "dot", "path": {"circle": [0, 0, 5]}}"#
        let cases: [(String, String)] = [
            (#"{"layers": [}"#, "s.json:1:13: "),
            (#"[1, 2]"#, "s.json:1:1: expected a scene (an object), not a list"),
            (#"{"name": "x"}"#, "s.json:1:1: missing \"layers\""),
            (#"{"layers": [], "layrs": []}"#, "s.json:1:25: layrs: unknown field in a scene file; did you mean \"layers\"?"),
            (#"{"layers": [{"type": "circle"}]}"#, "s.json:1:22: layers[0].type: \"circle\" is not one of layer, shape, replicator, gradient"),
            (#"{"layers": [{"opacity": "half"}]}"#, "s.json:1:25: layers[0].opacity: expected a number, not a string"),
            (##"{"layers": [{"fillColor": "#FF0000"}]}"##, "layers[0].fillColor: fillColor is a property of shape layers; this layer's type is layer"),
            (#"{"layers": [{"backgroundColor": "red"}]}"#, "layers[0].backgroundColor: \"red\" is not a colour"),
            (#"{"layers": [{"position": [1, 2, 3]}]}"#, "layers[0].position: expected a list of 2 items, not 3"),
            (#"{"layers": [{"transform": [{"rotate": 1, "scale": 2}]}]}"#, "layers[0].transform[0]: a transform operation has exactly one field"),
            (#"{"layers": [{"transform": [{"skew": 1}]}]}"#, "layers[0].transform[0].skew: unknown field in a transform operation"),
            (#"{"layers": [{"type": "shape", "path": "M 0 0 L"}]}"#, "layers[0].path: SVG path data"),
            (#"{"layers": [{"animations": [{"type": "basic", "keyPath": "opactiy"}]}]}"#,
             "s.json:1:58: layers[0].animations[0].keyPath: unknown key path \"opactiy\"; did you mean \"opacity\"?"),
            (#"{"layers": [{"animations": [{"type": "basic", "keyPath": "position", "toValue": 3}]}]}"#,
             "layers[0].animations[0].toValue: expected a list, not a number"),
            (#"{"layers": [{"animations": [{"type": "bounce"}]}]}"#, "layers[0].animations[0].type: unknown animation type \"bounce\""),
            (#"{"layers": [{"animations": [{"keyPath": "opacity"}]}]}"#, "layers[0].animations[0]: an animation needs a \"type\""),
            (#"{"layers": [{"animations": [{"type": "basic", "keyPath": "opacity", "duraton": 1}]}]}"#,
             "layers[0].animations[0].duraton: unknown field in a basic animation; did you mean \"duration\"?"),
            (#"{"layers": [{"animations": [{"type": "basic", "keyPath": "opacity", "fillMode": "forward"}]}]}"#,
             "layers[0].animations[0].fillMode: \"forward\" is not one of removed, forwards, backwards, both; did you mean \"forwards\"?"),
            (#"{"layers": [{"animations": [{"type": "basic", "keyPath": "opacity", "timingFunction": "easeOutIn"}]}]}"#,
             "layers[0].animations[0].timingFunction: unknown timing function \"easeOutIn\""),
            (#"{"layers": [{"animations": [{"type": "basic", "keyPath": "opacity", "duration": -1}]}]}"#,
             "layers[0].animations[0].duration: -1 is out of range (0…3600)"),
            (#"{"layers": [{"animations": [{"type": "keyframe", "keyPath": "opacity", "path": "M0 0 L1 1"}]}]}"#,
             "layers[0].animations[0].path: a keyframe path moves a point"),
            (#"{"layers": [{"animations": [{"use": "nope"}]}]}"#, "layers[0].animations[0].use: no animation template called \"nope\""),
            (#"{"layers": [\#(dot)], "script": [{"on": "didStop", "add": {"type": "basic", "keyPath": "opacity"}, "to": "dot"}]}"#,
             "script[0]: missing \"animation\""),
            (#"{"layers": [\#(dot)], "script": [{"on": "start", "add": {"type": "basic", "keyPath": "opacity"}, "to": "dott"}]}"#,
             "script[0].to: no layer called \"dott\"; did you mean \"dot\"?"),
            (#"{"layers": [\#(dot), \#(dot)], "script": [{"on": "start", "add": {"type": "basic", "keyPath": "opacity"}, "to": "dot"}]}"#,
             "script[0].to: 2 layers are called \"dot\""),
            (#"{"layers": [], "script": [{"on": "whenever"}]}"#, "script[0].on: \"whenever\" is not one of start, didStart, didStop"),
            (#"{"layers": [{"position": ["$canvas.width-40", 0]}]}"#,
             #"layers[0].position[0]: in "$canvas.width-40": no parameter called "canvas.width-40" (put spaces around − in arithmetic)"#),
            (#"{"layers": [{"position": [0, "2 / (1 - 1)"]}]}"#, #"layers[0].position[1]: in "2 / (1 - 1)": division by zero"#),
            (#"{"layers": [{"position": [0, "(2 + 3"]}]}"#, #"layers[0].position[1]: in "(2 + 3": a "(" is not closed"#),
            (#"{"layers": [{"position": [0, "\#(String(repeating: "(", count: 70))1"]}]}"#, "signs and parentheses nest more than 64 deep"),
            (#"{"layers": [{"type": "scene", "scene": "lodaer"}]}"#, #"layers[0].scene: no built-in scene called "lodaer"; did you mean "loader"?"#),
            (#"{"layers": [{"type": "scene"}]}"#, #"layers[0]: missing "scene""#),
            (##"{"layers": [{"type": "scene", "scene": "loader", "params": {"colour": "#FF0000"}}]}"##,
             #"layers[0].params.colour: unknown field in the knobs of loader"#),
            (#"{"layers": [{"scene": "loader"}]}"#, "layers[0].scene: scene is a field of scene layers; this layer's type is layer"),
            (#"{"layers": [{"type": "text", "font": "Intr", "string": "x"}]}"#,
             #"layers[0].font: no installed font called "Intr"; the closest installed family is "Inter""#),
            (#"{"layers": [{"type": "text", "string": [{"font": "Inter"}]}]}"#, #"layers[0].string[0]: missing "text""#),
            (#"{"layers": [{"type": "text", "alignmentMode": "middle"}]}"#, #"layers[0].alignmentMode: "middle" is not one of natural, left, right, center, justified"#),
            (#"{"layers": [\#(dot)], "script": [{"on": "start", "do": [{"set": {"lineWidht": 2}, "on": "dot"}]}]}"#,
             "script[0].do[0].set.lineWidht: unknown field in the properties to set; did you mean \"lineWidth\"?"),
            (#"{"layers": [{"name": "a"}], "script": [{"on": "start", "do": [{"set": {"lineWidth": 2}, "on": "a"}]}]}"#,
             "script[0].do[0].set.lineWidth: lineWidth is not a property of layer layers like \"a\""),
            (#"{"layers": [\#(dot)], "script": [{"on": "start", "do": [{"pause": "dot", "resume": "dot"}]}]}"#,
             "script[0].do[0]: an action has one of"),
            (#"{"layers": [\#(dot)], "script": [{"on": "start", "finished": true, "do": []}]}"#,
             "script[0].finished: only a rule on \"didStop\" has a finished flag"),
            (#"{"layers": [\#(dot)], "script": [{"on": "start", "every": 0, "do": []}]}"#, "script[0].every: 0 is out of range"),
            (#"{"layers": [\#(dot)], "script": [{"on": "start"}]}"#, "script[0]: missing \"do\""),
            (#"{"layers": [{"opacity": "$alpha"}]}"#, "layers[0].opacity: no parameter called \"alpha\""),
            (#"{"parameters": {"alpha": {"type": "number", "default": 2, "max": 1}}, "layers": []}"#,
             "parameters.alpha.default: parameter alpha: '2' is not a valid value"),
            (##"{"parameters": {"background": {"type": "color", "default": "#000000"}}, "layers": []}"##,
             "parameters.background: the background is a knob already"),
            (#"{"cycle": 1e9, "layers": []}"#, "cycle: 1000000000 is out of range"),
            (#"{"layers": [{"type": "replicator", "instanceCount": 1e6}]}"#, "layers[0].instanceCount: expected a whole number in 0…10000"),
            (#"{"layers": [{"contents": "a.png"}]}"#, "layers[0].contents: "),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try scene(text), text) { error in
                XCTAssertTrue(error is DocumentError, "\(text): \(type(of: error))")
                XCTAssertTrue("\(error)".contains(expected), "\(text)\n got: \(error)\n want: \(expected)")
            }
        }
    }

    /// Files built to exhaust memory or time stop at a limit with a message naming it.
    func testHostileFilesHitTheLimits() throws {
        func nested(_ depth: Int, _ inner: String) -> String {
            (0..<depth).reduce(inner) { text, _ in #"{"type": "replicator", "instanceCount": 100, "sublayers": [\#(text)]}"# }
        }
        let cases: [(String, String)] = [
            (#"{"layers": [\#(nested(4, "{}"))]}"#, "layers are drawn per frame, counting replicated copies"),
            (#"{"layers": [\#((0..<30).reduce("{}") { t, _ in #"{"sublayers": [\#(t)]}"# })]}"#, "layers are nested more than 24 deep"),
            (#"{"layers": [\#(Array(repeating: "{}", count: 10_001).joined(separator: ","))]}"#, "more than 10000 layers"),
            (#"{"layers": [{"type": "shape", "path": "M0 0\#(String(repeating: " L1 1", count: 100_001))"}]}"#,
             "the path has 100002 elements; the limit is 100000"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try scene(text)) { XCTAssertTrue("\($0)".contains(expected), "got: \($0)\n want: \(expected)") }
        }
        let moreCases: [(String, String)] = [
            (#"{"parameters": {"n": {"type": "integer", "min": 0.5, "max": 0.7, "default": 1}}, "layers": []}"#, "no whole number lies between min and max"),
            (#"{"parameters": {"n": {"type": "number", "min": 2e9, "default": 3e9}}, "layers": []}"#, "parameters.n.min: 2000000000 is out of range"),
            (#"{"parameters": {"n": {"type": "number", "min": "infinity", "default": 3}}, "layers": []}"#, "parameters.n.min: expected a number, not a string"),
            (#"{"layers": [{"timeOffset": "infinity"}]}"#, "layers[0].timeOffset: expected a number, not a string"),
            (#"{"layers": [{"transform": {"scale": 1e300}}]}"#, "layers[0].transform.scale: 1e+300 is out of range"),
            (#"{"layers": [{"backgroundColor": "$$x"}]}"#, "layers[0].backgroundColor: \"$x\" is not a colour"),
            (#"{"layers": [{"type": "$kind"}]}"#, "layers[0].type: \"$kind\" is not one of layer"),
            (#"{"animations": {"big": {"type": "group", "animations": [\#(Array(repeating: #"{"type": "basic", "keyPath": "opacity"}"#, count: 2000).joined(separator: ","))]}}, "layers": [\#(Array(repeating: #"{"animations": [{"use": "big"}]}"#, count: 60).joined(separator: ","))]}"#,
             "more than 100000 animations"),
        ]
        for (text, expected) in moreCases {
            XCTAssertThrowsError(try scene(text)) { XCTAssertTrue("\($0)".contains(expected), "got: \($0)\n want: \(expected)") }
        }
        // Dollars are text where text is written as is, and "$$" escapes them in values.
        XCTAssertNoThrow(try scene(#"{"summary": "$5 off", "layers": [{"name": "$price", "animations": [{"type": "basic", "keyPath": "opacity", "key": "$k"}]}]}"#))
        let huge: SceneFile.ImageDecoder = { _ in Image(width: 9000, height: 1, premultipliedRGBA: [UInt8](repeating: 255, count: 36_000))! }
        XCTAssertThrowsError(try scene(#"{"layers": [{"contents": "big.png"}]}"#, decodeImage: huge)) {
            XCTAssertTrue("\($0)".contains("the image is 9000x1; each side may be at most 8192 pixels"), "\($0)")
        }
        // One picture shown by many layers is decoded once, for the check and the build alike.
        let decodes = Counter()
        let counting: SceneFile.ImageDecoder = { _ in
            decodes.increment()
            return Image(width: 2, height: 2, premultipliedRGBA: [UInt8](repeating: 255, count: 16))!
        }
        let shared = #"{"layers": [\#(Array(repeating: #"{"contents": "a.png"}"#, count: 50).joined(separator: ","))]}"#
        let pictured = try scene(shared, decodeImage: counting)
        XCTAssertEqual(decodes.value, 1)
        // Building the scene for a clip reuses what the check at load time decoded.
        _ = try pictured.timeline(canvas: canvas, duration: 1)
        XCTAssertEqual(decodes.value, 1)
        // Rules that multiply their animations stop at a limit when the script is resolved.
        let doubling = try scene(#"""
            {"layers": [{"name": "l", "animations": [{"type": "basic", "keyPath": "opacity", "name": "a", "duration": 1, "repeatCount": "infinity"}]}],
             "script": [{"on": "didStart", "animation": "a", "after": 0.01, "add": {"type": "basic", "keyPath": "opacity", "name": "a", "duration": 1, "repeatCount": "infinity"}, "to": "l"},
                        {"on": "didStart", "animation": "a", "after": 0.01, "add": {"type": "basic", "keyPath": "opacity", "name": "a", "duration": 1, "repeatCount": "infinity"}, "to": "l"}]}
            """#)
        XCTAssertThrowsError(try doubling.timeline(canvas: canvas, duration: 10)) {
            XCTAssertEqual($0 as? AnimationError, .tooManyAnimations(layer: "l", count: 10_000))
        }
    }

    /// Mutated copies of a valid file (bytes changed, dropped, repeated; values swapped) either
    /// load or fail with a DocumentError: never a crash, a hang or another error.
    func testFuzzedFilesFailCleanly() throws {
        let original = Array(try String(contentsOfFile: Self.ring, encoding: .utf8).utf8)
        var random = SplitMix64(seed: 0xA11_CE)
        let tokens = Array("{}[]\":,0-1e9$ntrufalsx".utf8) + [0xFF]
        let replacements = ["\"$count\"", "1e308", "-1", "null", "[]", "{}", "\"infinity\"", "1e6", "\"#GGGGGG\""]
        var outcomes = (loaded: 0, refused: 0)
        for _ in 0..<400 {
            var bytes = original
            for _ in 0..<(1 + random.next() % 4) {
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 4 {
                case 0: bytes[at] = tokens[Int(random.next() % UInt64(tokens.count))]
                case 1: bytes.remove(at: at)
                case 2: bytes.insert(contentsOf: bytes[at..<min(at + 40, bytes.count)], at: at)
                default:
                    // Replace a number with a hostile value.
                    guard let digit = bytes[at...].firstIndex(where: { (48...57).contains($0) }) else { break }
                    var end = digit
                    while end < bytes.count, (48...57).contains(bytes[end]) || bytes[end] == 46 { end += 1 }
                    bytes.replaceSubrange(digit..<end, with: Array(replacements[Int(random.next() % UInt64(replacements.count))].utf8))
                }
            }
            do {
                let file = try scene(String(decoding: bytes, as: UTF8.self))
                _ = try file.timeline(canvas: canvas, duration: 2)
                outcomes.loaded += 1
            } catch is DocumentError {
                outcomes.refused += 1
            } catch let error as AnimationError {
                XCTFail("a file that loaded failed to resolve: \(error)")
            }
        }
        XCTAssertGreaterThan(outcomes.refused, 100)
        XCTAssertGreaterThan(outcomes.loaded, 10)
    }
}

/// Counts calls from any thread.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() { lock.withLock { count += 1 } }

    var value: Int { lock.withLock { count } }
}

extension SceneFileTests {
    /// `maskMode` and a `colorMatrix` filter, written in a scene file, draw what their rules say
    /// and export back to the same file. A red 100×100 layer masked by the luminance of a
    /// #808080 square on its left half shows red at 128/255 there (over white: 255, 127, 127)
    /// and nothing on the right; a colour matrix that swaps red and blue turns it blue.
    func testMaskModeAndColorMatrixFilter() throws {
        let text = ##"""
        {"layers": [{"name": "red", "frame": [0, 0, 100, 100], "backgroundColor": "#FF0000", "maskMode": "luminance",
                     "filters": [{"filter": "colorMatrix", "inputRVector": [0, 0, 1, 0], "inputBVector": [1, 0, 0, 0]}],
                     "mask": {"frame": [0, 0, 50, 100], "backgroundColor": "#808080"}}]}
        """##
        let file = try scene(text)
        let timeline = try file.timeline(canvas: Size(100, 100), duration: 1, settings: try file.settings(["background=#FFFFFF"]))
        let image = try XCTUnwrap(StillImage.render(timeline, at: 0, width: 100, height: 100, scale: 1))
        let inside = image.pixel(x: 25, y: 50), outside = image.pixel(x: 75, y: 50)
        XCTAssertEqual([inside.r, inside.g, inside.b], [127, 127, 255], "blue at 128/255 over white")
        XCTAssertEqual([outside.r, outside.g, outside.b], [255, 255, 255])
        let exported = try SceneExporter.export(file, canvas: Size(100, 100), settings: try file.settings([]), encodeImage: { _ in "" })
        XCTAssertTrue(exported.contains(#""maskMode": "luminance""#), exported)
        XCTAssertTrue(exported.contains(#""inputRVector": [0, 0, 1, 0]"#), exported)
        // Read back, the exported file draws the same pixels.
        let again = try scene(exported)
        let redrawn = try XCTUnwrap(StillImage.render(try again.timeline(canvas: Size(100, 100), duration: 1, settings: try again.settings(["background=#FFFFFF"])),
                                                      at: 0, width: 100, height: 100, scale: 1))
        XCTAssertEqual(redrawn.bytes, image.bytes)
    }
}

extension SceneFileTests {
    /// A `tint` filter, black → black and white → white, makes a red layer grey: the mean of
    /// its linear-light channels is 1/3, which is sRGB 1.055 × (1/3)^(1/2.4) − 0.055 = 0.6124,
    /// level 156, whose linear light is 1/3 again. At amount 0.5 over the red, mixed in linear
    /// light: red (1/3 + 1) / 2 = 2/3 → sRGB 0.8346 (213), green and blue (1/3 + 0) / 2 = 1/6 →
    /// 0.4448 (113).
    func testTintFilter() throws {
        for (amount, expected) in [(1.0, [UInt8](arrayLiteral: 156, 156, 156)), (0.5, [213, 113, 113])] {
            let text = ##"{"layers": [{"frame": [0, 0, 100, 100], "backgroundColor": "#FF0000", "filters": [{"filter": "tint", "amount": \##(amount)}]}]}"##
            let file = try scene(text)
            let timeline = try file.timeline(canvas: Size(100, 100), duration: 1, settings: try file.settings([]))
            let image = try XCTUnwrap(StillImage.render(timeline, at: 0, width: 100, height: 100, scale: 1))
            for (x, y) in [(50, 50), (0, 0)] {
                let pixel = image.pixel(x: x, y: y)
                XCTAssertEqual([pixel.r, pixel.g, pixel.b], expected, "amount \(amount) at (\(x), \(y))")
            }
            // The filter and a remapped time export and read back to the same pixels.
            let exported = try SceneExporter.export(file, canvas: Size(100, 100), settings: try file.settings([]), encodeImage: { _ in "" })
            let again = try scene(exported)
            XCTAssertEqual(try XCTUnwrap(StillImage.render(try again.timeline(canvas: Size(100, 100), duration: 1, settings: try again.settings([])),
                                                           at: 0, width: 100, height: 100, scale: 1)).bytes, image.bytes)
        }
        let remapped = try scene(#"{"layers": [{"remapsTime": true, "remappedTime": 1.5, "sublayers": [{"frame": [0, 0, 10, 10]}]}]}"#)
        let exported = try SceneExporter.export(remapped, canvas: Size(100, 100), settings: try remapped.settings([]), encodeImage: { _ in "" })
        XCTAssertTrue(exported.contains(#""remapsTime": true"#) && exported.contains(#""remappedTime": 1.5"#), exported)
    }
}

extension SceneFileTests {
    /// Two tints on a red layer, the second named "fade": `filters.fade.amount` animates the
    /// second (0 → 1 over a second: 0.5 halfway, (213, 113, 113) as in `testTintFilter`) while
    /// the first, addressed by its type's name, stays at amount 0 (the red as it is). The names
    /// export and read back to the same pixels.
    func testANamedFilterAnimatesApartFromTheFirstOfItsType() throws {
        let text = ##"""
        {"layers": [{"frame": [0, 0, 100, 100], "backgroundColor": "#FF0000",
          "filters": [{"filter": "tint", "amount": 0}, {"filter": "tint", "name": "fade", "amount": 0}],
          "animations": [{"type": "basic", "keyPath": "filters.fade.amount", "fromValue": 0, "toValue": 1, "duration": 1}]}]}
        """##
        let file = try scene(text)
        let timeline = try file.timeline(canvas: Size(100, 100), duration: 1, settings: try file.settings([]))
        let image = try XCTUnwrap(StillImage.render(timeline, at: 0.5, width: 100, height: 100, scale: 1))
        let pixel = image.pixel(x: 50, y: 50)
        XCTAssertEqual([pixel.r, pixel.g, pixel.b], [213, 113, 113])
        let exported = try SceneExporter.export(file, canvas: Size(100, 100), settings: try file.settings([]), encodeImage: { _ in "" })
        XCTAssertTrue(exported.contains(#""name": "fade""#), exported)
        let again = try scene(exported)
        XCTAssertEqual(try XCTUnwrap(StillImage.render(try again.timeline(canvas: Size(100, 100), duration: 1, settings: try again.settings([])),
                                                       at: 0.5, width: 100, height: 100, scale: 1)).bytes, image.bytes)
    }

    /// Filter names are checked where they are written: a type's name, a leading digit, a dot
    /// and a name used twice are errors; so are key paths of inputs no filter type has.
    func testFilterNamesAndTheirKeyPathsAreChecked() throws {
        for (name, problem) in [("tint", "not a filter type"), ("2nd", "not starting with a digit"), ("a.b", "letters, digits and _")] {
            let text = #"{"layers": [{"filters": [{"filter": "gaussianBlur", "name": "\#(name)"}]}]}"#
            XCTAssertThrowsError(try scene(text)) { XCTAssertTrue("\($0)".contains(problem) && "\($0)".contains("filters[0].name"), "\($0)") }
        }
        let twice = #"{"layers": [{"filters": [{"filter": "tint", "name": "a"}, {"filter": "gaussianBlur", "name": "a"}]}]}"#
        XCTAssertThrowsError(try scene(twice)) { XCTAssertTrue("\($0)".contains("two filters are named a"), "\($0)") }
        XCTAssertNoThrow(try LayerKeyPath("filters.glow.inputRadius"))
        for bad in ["filters.glow.radius", "filters.2nd.amount", "filters.tint.inputRadius", "filters.glow"] {
            XCTAssertThrowsError(try LayerKeyPath(bad), bad)
        }
    }
}
