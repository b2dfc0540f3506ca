import Animation
import Documents
import Foundation
import Jobs
import Geometry
import Scenes

/// `animvid inspect`: the presentation tree at one moment, as JSON.
enum InspectCommand {
    static let help = """
    usage: animvid inspect --scene NAME --time T [--param NAME=VALUE] [--size WxH] [--scale S] [--json]

    Prints every layer instance of the scene at time T (seconds) as JSON, back to front: its path
    from the root (replicator instances as dot#7, nested ones as dot#2.1), its transform to canvas
    points ([a, b, c, d, tx, ty] when affine, else 16 numbers row-major), its effective opacity,
    whether it is drawn (false when hidden, at opacity 0, or under such a layer), its bounds, and
    every colour property of its type after replicator tints.

    options:
    \(ResolvedClip.help)
      --time T              the moment to inspect, in seconds (default 0)
      --json                compact output, one line (default: indented)
    """

    static func run(_ arguments: [String]) throws(CLIError) {
        var args = Arguments(arguments, command: "inspect")
        if args.wantsHelp {
            print(help)
            return
        }
        let options = try ResolvedClip(&args)
        let time = try args.option("--time").map { text throws(CLIError) in try Parse.number(text, option: "--time", range: 0...86_400) } ?? 0
        let compact = args.flag("--json")
        let extra = try args.positionals()
        guard extra.isEmpty else { throw .usage("inspect takes no file arguments, got: \(extra.joined(separator: " "))") }

        let canvas = options.canvas
        let timeline = try options.timeline(duration: time + 1)
        let layers = timeline.presentedLayers(at: time).map(record)
        let document = JSON.object([
            ("scene", .string(options.scene.name)),
            ("time", .number(time)),
            ("canvas", .array([.number(canvas.width), .number(canvas.height)])),
            ("layers", .array(layers)),
        ])
        print(document.rendered(indent: compact ? nil : ""))
    }

    static func record(_ layer: PresentedLayer) -> JSON {
        let v = layer.values
        let m = layer.toCanvas
        let transform = m.mapsPlaneAffinely ? m.affineComponents : m.entries
        var fields: [(String, JSON)] = [
            ("path", .string(layer.path)),
            ("type", .string(v.kind.rawValue)),
            ("transform", .array(transform.map { .number($0) })),
            ("opacity", .number(layer.opacity)),
            ("drawn", .bool(layer.isDrawn)),
            ("bounds", .array([v.bounds.origin.x, v.bounds.origin.y, v.bounds.size.width, v.bounds.size.height].map { .number($0) })),
        ]
        for property in LayerProperty.all where property.type == .color && property.applies(to: v.kind) {
            fields.append((property.name, tinted(property.value(in: v), layer.tint)))
        }
        if v.kind == .text {
            fields.append(("string", .string(v.string.plainText)))
            fields.append(("font", .string(v.font)))
            fields.append(("fontSize", .number(v.fontSize)))
            fields.append(("glyphs", (try? v.typesetText()).map { .number(Double($0.glyphCount)) } ?? .null))
        }
        if v.compositingFilter != .normal { fields.append(("compositingFilter", .string(v.compositingFilter.rawValue))) }
        if !v.filters.isEmpty {
            fields.append(("filters", .array(v.filters.map { f in .string(f.name.map { "\(f.effect.typeName) \($0)" } ?? f.effect.typeName) })))
            if v.filters.blurRadius > 0 { fields.append(("blur", .number(v.filters.blurRadius))) }
        }
        if v.maskMode != .alpha { fields.append(("maskMode", .string(v.maskMode.rawValue))) }
        if v.remapsTime { fields.append(("remappedTime", .number(v.remappedTime))) }
        if let running = layer.transition {
            fields.append(("transition", .object([("type", .string(running.transition.kind.rawValue)),
                                                  ("subtype", .string(running.transition.direction.rawValue)),
                                                  ("progress", .number(running.progress))])))
        }
        return .object(fields)
    }

    /// A colour property multiplied by the replicator tint it is drawn with; null when unset.
    static func tinted(_ value: LayerProperty.Value, _ t: Color) -> JSON {
        guard case .value(.color(let c)) = value else { return .null }
        return .string(Color(red: c.red * t.red, green: c.green * t.green, blue: c.blue * t.blue, alpha: c.alpha * t.alpha).description)
    }
}
