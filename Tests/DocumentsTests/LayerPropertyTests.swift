import Animation
import Documents
import Geometry
import Scenes
import XCTest

/// The one table of layer properties: every entry reads from a scene file, reaches the engine,
/// exports and reads back to the same value, and (when it animates) is reachable by its key path.
final class LayerPropertyTests: XCTestCase {
    let canvas = Size(64, 36)
    let picture = Image(width: 1, height: 1, premultipliedRGBA: [10, 20, 30, 255])!

    /// A value other than the default, as a file writes it.
    func sample(_ property: LayerProperty, _ kind: LayerKind) -> String {
        switch property.type {
        case .number: "0.75"
        case .boolean: property.value(in: LayerValues(kind: kind)) == .value(.number(1)) ? "false" : "true"
        case .integer: "7"
        case .point: "[3, 4]"
        case .size: "[5, 6]"
        case .rect: "[1, 2, 30, 40]"
        case .color: ##""#336699""##
        case .transform: #"[{"rotate": 0.5}]"#
        case .path: #""M0 0 L10 0 L10 10 Z""#
        case .numbers: "[1, 2]"
        case .colors: ##"["#FF0000", "#00FF00"]"##
        case .choice(let names):
            "\"\(names.last { .choice($0) != property.value(in: LayerValues(kind: kind)) } ?? "")\""
        case .image: #""pic.png""#
        case .cells: ##"[{"name": "dot", "birthRate": 5, "lifetime": 2, "color": "#FF0000", "contents": "pic.png", "emissionRange": 6.28}]"##
        case .filters: #"[{"filter": "gaussianBlur", "inputRadius": 4}]"#
        case .string: #""DejaVu Sans""#
        case .text: ##"[{"text": "Hi ", "font": "Inter Bold", "fontSize": 12, "color": "#FF0000", "kern": 1, "underline": true}, {"text": "there"}]"##
        }
    }

    func testEveryPropertyRoundTripsThroughAFileTheEngineAndAnExport() throws {
        let decode: SceneFile.ImageDecoder = { [picture] _ in picture }
        for property in LayerProperty.all {
            let kind = try XCTUnwrap(LayerKind.allCases.first(where: property.applies))
            let text = #"{"layers": [{"type": "\#(kind.rawValue)", "name": "x", "\#(property.name)": \#(sample(property, kind))}]}"#
            let file = try SceneFile(text: text, path: "s.json", decodeImage: decode)
            let layer = try XCTUnwrap(try file.build(canvas: canvas, script: Script(), settings: file.settings([])).layer(named: "x"))
            let value = layer.value(of: property)
            XCTAssertNotEqual(value, property.value(in: LayerValues(kind: kind)), "\(property.name): the sample is the default")

            let exported = try SceneExporter.export(file, canvas: canvas, settings: file.settings([])) { _ in "pic.png" }
            let again = try SceneFile(text: exported, path: "e.json", decodeImage: decode)
            let reread = try XCTUnwrap(try again.build(canvas: canvas, script: Script(), settings: again.settings([])).layer(named: "x"))
            XCTAssertEqual(reread.value(of: property), value, "\(property.name) after export:\n\(exported)")

            guard case .value(let animationValue) = value else {
                XCTAssertFalse(property.isAnimatable, property.name)
                continue
            }
            if property.isAnimatable {
                var values = LayerValues(kind: kind)
                try LayerKeyPath(property.name).set(animationValue, in: &values)
                XCTAssertEqual(property.value(in: values), value, "key path \(property.name)")
            } else {
                XCTAssertThrowsError(try LayerKeyPath(property.name), "\(property.name) does not animate")
            }
        }
    }

    /// Every stored model value has its entry in the table (so a property added to
    /// `LayerValues` without one fails here), and every entry changes only what it names.
    func testTheTableCoversEveryStoredValue() throws {
        let stored = Set(Mirror(reflecting: LayerValues()).children.compactMap(\.label))
        // Stored under another name: flags as `isHidden`, `isDoubleSided`; the layer's time space holds eight.
        // A video is a file opened for decoding, set by a scene file's `video` field, not a value
        // key-value coding reads or an animation changes.
        let described = Set(LayerProperty.all.map(storedName))
        XCTAssertEqual(stored.subtracting(["kind", "name", "video"]), described)
        for property in LayerProperty.all {
            let kind = try XCTUnwrap(LayerKind.allCases.first(where: property.applies))
            var values = LayerValues(kind: kind)
            let sample: LayerProperty.Value = switch property.type {
            case .integer: .integer(3)
            case .choice(let names): .choice(names.last { .choice($0) != property.value(in: values) } ?? "")
            case .image: .value(.image(picture))
            case .cells: .cells([EmitterCell()])
            case .filters: .filters([.gaussianBlur(radius: 3)])
            case .string: .string("DejaVu Sans")
            case .text: .text("Hi")
            case .boolean: .value(.number(property.value(in: values) == .value(.number(1)) ? 0 : 1))
            default: .value(try XCTUnwrap(property.keyPath?.value(in: values) ?? .number(0.5)).nudged)
            }
            let original = values
            try property.set(sample, in: &values)
            // The one stored value that changed is the one the entry names.
            func changed(_ a: Any, _ b: Any) -> [String] {
                zip(Mirror(reflecting: a).children, Mirror(reflecting: b).children)
                    .filter { "\($0.value)" != "\($1.value)" }.compactMap(\.0.label)
            }
            let label = storedName(property)
            XCTAssertEqual(changed(original, values), [label], property.name)
            if label == "timing" { XCTAssertEqual(changed(original.timing, values.timing), [property.name]) }
        }
    }

    /// A value is set only on a layer kind that has the property, and within its range.
    func testSettingChecksTheKindAndTheRange() throws {
        var plain = LayerValues()
        XCTAssertThrowsError(try XCTUnwrap(LayerProperty.named["lineWidth"]).set(.value(.number(2)), in: &plain)) {
            XCTAssertEqual("\($0)", "lineWidth is a property of shape layers; this layer's type is layer")
        }
        XCTAssertThrowsError(try XCTUnwrap(LayerProperty.named["speed"]).set(.value(.number(5000)), in: &plain)) {
            XCTAssertEqual("\($0)", #"key path "speed" takes a number in -1000…1000, not a number"#)
        }
        XCTAssertEqual(plain, LayerValues(), "nothing was set")
    }

    /// The parts of points, sizes and every transform are key paths of their own, as in
    /// Core Animation's key-value coding.
    func testPartsOfValuesAreKeyPaths() throws {
        var v = LayerValues(kind: .replicator)
        try LayerKeyPath("anchorPoint.x").set(.number(0), in: &v)
        try LayerKeyPath("bounds.origin.y").set(.number(7), in: &v)
        try LayerKeyPath("shadowOffset.height").set(.number(4), in: &v)
        try LayerKeyPath("transform.translation").set(.size(Size(3, 5)), in: &v)
        try LayerKeyPath("sublayerTransform.rotation.z").set(.number(.pi / 2), in: &v)
        try LayerKeyPath("instanceTransform.translation.x").set(.number(12), in: &v)
        try LayerKeyPath("instanceTransform.scale").set(.number(2), in: &v)
        XCTAssertEqual(v.anchorPoint, Point(0, 0.5))
        XCTAssertEqual(v.bounds.origin, Point(0, 7))
        XCTAssertEqual(v.shadowOffset, Size(0, 4))
        XCTAssertEqual(v.transform, Transform3D(translationX: 3, y: 5, z: 0))
        XCTAssertEqual(try LayerKeyPath("transform.translation").value(in: v), .size(Size(3, 5)))
        XCTAssertEqual(v.sublayerTransform.m12, 1, accuracy: 1e-12, "a quarter turn takes +x to +y")
        XCTAssertEqual(v.instanceTransform.m41, 12, accuracy: 1e-12)
        XCTAssertEqual(v.instanceTransform.m11, 2, accuracy: 1e-12)
    }

    /// The `LayerValues` field an entry is stored in.
    func storedName(_ property: LayerProperty) -> String {
        switch property.name {
        case "hidden", "doubleSided", "wrapped", "geometryFlipped", "superlayerDrawing": "is" + property.name.prefix(1).uppercased() + property.name.dropFirst()
        case "beginTime", "speed", "timeOffset", "duration", "repeatCount", "repeatDuration", "autoreverses", "fillMode": "timing"
        default: property.name
        }
    }

    func testNamesAreUniqueAndSubKeyPathsAddressTheirProperty() throws {
        XCTAssertEqual(Set(LayerProperty.all.map(\.name)).count, LayerProperty.all.count)
        var values = LayerValues()
        try LayerKeyPath("position.y").set(.number(9), in: &values)
        try LayerKeyPath("bounds.size.width").set(.number(12), in: &values)
        try LayerKeyPath("transform.translation.x").set(.number(5), in: &values)
        XCTAssertEqual(values.position, Point(0, 9))
        XCTAssertEqual(values.bounds.size, Size(12, 0))
        XCTAssertEqual(values.transform, Transform3D(translationX: 5, y: 0, z: 0))
        XCTAssertThrowsError(try LayerKeyPath("position").set(.number(1), in: &values)) {
            XCTAssertEqual("\($0)", #"key path "position" takes a point, not a number"#)
        }
    }

    func testAnUnknownLayerFieldNamesTheClosestAndIsNeverTakenAsAnother() {
        XCTAssertThrowsError(try SceneFile(text: #"{"layers": [{"type": "replicator", "preservesDepht": true}]}"#,
                                           path: "s.json", decodeImage: SceneFile.noImages)) {
            XCTAssertTrue("\($0)".contains(#"layers[0].preservesDepht: unknown field in a layer; did you mean "preservesDepth"?"#), "\($0)")
        }
    }
}

private extension AnimationValue {
    /// A value of the same type that differs.
    var nudged: AnimationValue {
        switch self {
        case .number(let x): .number(x == 0.5 ? 0.25 : 0.5)
        case .point(let p): .point(Point(p.x + 1, p.y))
        case .size(let s): .size(Size(s.width + 1, s.height))
        case .rect(let r): .rect(Rect(x: r.origin.x + 1, y: r.origin.y, width: r.size.width, height: r.size.height))
        case .color(let c): .color(Color(red: 1 - c.red, green: c.green, blue: c.blue, alpha: 1))
        case .transform(let t): .transform(t.concatenating(Transform3D(translationX: 1, y: 0, z: 0)))
        case .path: .path(.ellipse(in: Rect(x: 0, y: 0, width: 2, height: 2)))
        case .numbers(let list): .numbers(list + [1])
        case .colors(let list): .colors(list + [.white])
        case .image: .image(Image(width: 1, height: 1, premultipliedRGBA: [1, 2, 3, 255])!)
        }
    }
}
