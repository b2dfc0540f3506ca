import Animation
import Geometry

/// The value types of Core Animation's properties, as a scene file writes them.
extension SceneFileReader {
    func point(_ value: JSONValue, _ path: String) throws(DocumentError) -> Point {
        let xy = try numbers(value, path, count: 2...2, axes: [.horizontal, .vertical])
        return Point(xy[0], xy[1])
    }

    func size(_ value: JSONValue, _ path: String) throws(DocumentError) -> Size {
        let wh = try numbers(value, path, count: 2...2, axes: [.horizontal, .vertical])
        return Size(wh[0], wh[1])
    }

    func rect(_ value: JSONValue, _ path: String) throws(DocumentError) -> Rect {
        let r = try numbers(value, path, count: 4...4, axes: [.horizontal, .vertical, .horizontal, .vertical])
        return Rect(x: r[0], y: r[1], width: r[2], height: r[3])
    }

    /// `#RRGGBB[AA]`, `clear`, or `[r, g, b]` / `[r, g, b, a]` with components in 0…1.
    func color(_ value: JSONValue, _ path: String) throws(DocumentError) -> Color {
        let value = try resolved(value, path)
        if case .array = value {
            let c = try numbers(value, path, count: 3...4)
            return Color(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 1)
        }
        guard case .string(let text, _) = value else {
            throw fail(path, value, "expected a colour (\"#RRGGBB[AA]\" or [r, g, b, a]), not \(value.kindName)")
        }
        if text == "clear" { return .clear }
        guard text.hasPrefix("#"), let c = Color(hex: text) else {
            throw fail(path, value, "\"\(text)\" is not a colour (expected \"#RRGGBB\", \"#RRGGBBAA\" or \"clear\")")
        }
        return c
    }

    /// A list of operations applied in order, each as the `CATransform3D…(t, …)` call of the same
    /// name: `translate`, `scale`, `rotate`, `perspective`, `matrix`. A single operation may stand
    /// without the list.
    func transform(_ value: JSONValue, _ path: String) throws(DocumentError) -> Transform3D {
        let value = try resolved(value, path)
        let operations: [(JSONValue, String)]
        if case .object = value {
            operations = [(value, path)]
        } else {
            operations = try list(value, path).enumerated().map { ($1, "\(path)[\($0)]") }
        }
        var t = Transform3D.identity
        for (operation, at) in operations {
            let fields = try object(operation, at, allowed: ["translate", "scale", "rotate", "perspective", "matrix"],
                                    what: "a transform operation")
            guard fields.members.count == 1, let (name, argument) = fields.members.first.map({ ($0.key, $0.value) }) else {
                throw fail(at, operation, "a transform operation has exactly one field, such as {\"rotate\": 0.5}")
            }
            let argumentPath = join(at, name)
            switch name {
            case "translate":
                let v = try numbers(argument, argumentPath, count: 2...3)
                t = t.translatedBy(x: v[0], y: v[1], z: v.count == 3 ? v[2] : 0)
            case "scale":
                if case .number = try resolved(argument, argumentPath) {
                    let s = try number(argument, argumentPath)
                    t = t.scaledBy(x: s, y: s)
                } else {
                    let v = try numbers(argument, argumentPath, count: 2...3)
                    t = t.scaledBy(x: v[0], y: v[1], z: v.count == 3 ? v[2] : 1)
                }
            case "rotate":
                if case .number = try resolved(argument, argumentPath) {
                    t = t.rotated(by: try number(argument, argumentPath))
                } else {
                    let v = try numbers(argument, argumentPath, count: 4...4)
                    t = t.rotated(by: v[0], x: v[1], y: v[2], z: v[3])
                }
            case "perspective":
                let d = try number(argument, argumentPath)
                guard d != 0 else { throw fail(argumentPath, argument, "the eye distance must not be 0") }
                var p = Transform3D.identity
                p.m34 = -1 / d
                t = p.concatenating(t)
            default:
                t = Transform3D(try numbers(argument, argumentPath, count: 16...16)).concatenating(t)
            }
        }
        return t
    }

    /// SVG path data, or a shape helper: `{"rect": [x, y, w, h]}`, `{"roundedRect": [x, y, w, h],
    /// "cornerRadius": r}`, `{"ellipse": [x, y, w, h]}`, `{"circle": [cx, cy, r]}`, or `{"arc":
    /// [cx, cy, r, startAngle, endAngle], "clockwise": true}` (as `CGPathAddArc`).
    func shapePath(_ value: JSONValue, _ path: String) throws(DocumentError) -> Path {
        let value = try resolved(value, path)
        var result = Path()
        switch value {
        case .string(let data, _):
            do {
                result = try Path(svg: data)
            } catch {
                throw fail(path, value, "\(error)")
            }
        case .object:
            let fields = try object(value, path, allowed: ["rect", "roundedRect", "cornerRadius", "ellipse", "circle", "arc", "clockwise"],
                                    what: "a shape helper")
            if let r = fields["rect"] {
                result.addRect(try rect(r, fields.path("rect")))
            } else if let r = fields["roundedRect"] {
                let radius = try fields["cornerRadius"].map { v throws(DocumentError) in try number(v, fields.path("cornerRadius")) } ?? 0
                result = .roundedRect(try rect(r, fields.path("roundedRect")), cornerRadius: radius)
            } else if let r = fields["ellipse"] {
                result = .ellipse(in: try rect(r, fields.path("ellipse")))
            } else if let c = fields["circle"] {
                let v = try numbers(c, fields.path("circle"), count: 3...3)
                result = .ellipse(in: Rect(x: v[0] - v[2], y: v[1] - v[2], width: 2 * v[2], height: 2 * v[2]))
            } else if let a = fields["arc"] {
                let v = try numbers(a, fields.path("arc"), count: 5...5)
                let clockwise = try fields["clockwise"].map { c throws(DocumentError) in try bool(c, fields.path("clockwise")) } ?? false
                result.addCGArc(center: Point(v[0], v[1]), radius: v[2], startAngle: v[3], endAngle: v[4], clockwise: clockwise)
            } else {
                throw fail(path, value, "expected one of the shape helpers rect, roundedRect, ellipse, circle, arc")
            }
        default:
            throw fail(path, value, "expected SVG path data (a string) or a shape helper (an object), not \(value.kindName)")
        }
        guard result.elements.count <= SceneFileLimits.pathElements else {
            throw fail(path, value, "the path has \(result.elements.count) elements; the limit is \(SceneFileLimits.pathElements)")
        }
        return result
    }

    /// A value of the type `sample` has: what a key path takes. Booleans may be written as
    /// true/false or as numbers.
    func animationValue(_ value: JSONValue, _ path: String, like sample: AnimationValue) throws(DocumentError) -> AnimationValue {
        switch sample {
        case .number:
            if case .bool(let b, _) = try resolved(value, path) { return .number(b ? 1 : 0) }
            return .number(try number(value, path))
        case .point: return .point(try point(value, path))
        case .size: return .size(try size(value, path))
        case .rect: return .rect(try rect(value, path))
        case .color: return .color(try color(value, path))
        case .transform: return .transform(try transform(value, path))
        case .path: return .path(try shapePath(value, path))
        case .numbers: return .numbers(try numbers(value, path))
        case .colors:
            var colors: [Color] = []
            for (i, item) in try list(value, path).enumerated() { colors.append(try color(item, "\(path)[\(i)]")) }
            return .colors(colors)
        case .image: return .image(try image(value, path))
        }
    }
}
