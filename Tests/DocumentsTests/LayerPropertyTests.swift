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
        case .boolean: "true"
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
