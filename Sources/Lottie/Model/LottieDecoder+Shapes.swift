import Animation
import Documents
import Geometry

extension LottieDecoder {
    /// A shape list (a layer's `shapes`, a group's `it`), first item on top; hidden items (`hd`),
    /// transforms (`tr`, which their group reads) and items animvid does not draw (warned) left out.
    func shapeList(_ value: JSONValue?, path: String) throws(DocumentError) -> [LottieShapeItem] {
        guard case let .array(items, _)? = value else { throw fail(path, value, "expected a list of shapes") }
        var list: [LottieShapeItem] = []
        for (i, item) in items.enumerated() {
            let p = "\(path)[\(i)]"
            if Self.isTrue(item, "hd") { continue }
            let type = try string(Self.member(item, "ty"), p + ".ty") ?? ""
            switch type {
            case "gr":
                let members: [JSONValue] = if case let .array(members, _)? = Self.member(item, "it") { members } else { [] }
                let own = members.firstIndex { if case .string("tr", _)? = Self.member($0, "ty") { true } else { false } }
                let items = try shapeList(Self.member(item, "it"), path: p + ".it")
                let transform = try own.map { index throws(DocumentError) in try self.transform(members[index], path: "\(p).it[\(index)]") } ?? .identity
                list.append(.group(items: items, transform: transform, place: place(p, item)))
            case "sh":
                if let shape = try pathProperty(item, "ks", at: p) { list.append(.path(shape)) }
            case "rc", "el", "sr":
                list.append(.parametric(try parametric(item, type: type, path: p)))
            case "fl", "st":
                list.append(.paint(try paint(item, isStroke: type == "st", path: p)))
            case "gf", "gs":
                list.append(.gradient(try gradient(item, isStroke: type == "gs", path: p)))
            case "tm":
                list.append(.trim(LottieTrim(start: try property(item, "s", at: p, default: [0]),
                                             end: try property(item, "e", at: p, default: [100]), offset: try property(item, "o", at: p, default: [0]),
                                             asOne: try number(Self.member(item, "m"), p + ".m", default: 1) == 2)))
            case "tr":
                continue
            case "rp":
                list.append(.repeater(try repeater(item, path: p)))
            case "rd":
                if let radius = try property(item, "r", at: p) { list.append(.roundCorners(radius: radius, place: place(p, item))) }
            case "mm":
                list.append(.merge(mode: try integer(Self.member(item, "mm"), p + ".mm", default: 1), place: place(p, item)))
            default:
                warnings.note("shape items of type \"\(type)\"", at: p)
            }
        }
        return list
    }

    /// A rectangle, ellipse, star or polygon.
    private func parametric(_ item: JSONValue, type: String, path: String) throws(DocumentError) -> LottieParametricShape {
        let centre = try property(item, "p", at: path, default: [0, 0]), size = try property(item, "s", at: path, default: [0, 0])
        let radius = try property(item, "r", at: path, default: [0]), points = try property(item, "pt", at: path, default: [5])
        let outer = try property(item, "or", at: path, default: [0]), inner = try property(item, "ir", at: path, default: [0])
        let starType = try number(Self.member(item, "sy"), path + ".sy", default: 1)
        let direction = try Self.member(item, "d").map { v throws(DocumentError) in try number(v, path + ".d") }
        let outerRound = try property(item, "os", at: path, default: [0]), innerRound = try property(item, "is", at: path, default: [0])
        if type == "sr" {
            guard let count = points.initial.first, (1...1_000).contains(count) else {
                throw fail(path + ".pt", Self.member(item, "pt"), "a star or polygon has 1…1000 points")
            }
        }
        let kind: LottieParametricShape.Kind = switch type {
        case "rc": .rectangle
        case "el": .ellipse
        default: starType == 1 ? .star : .polygon
        }
        return LottieParametricShape(kind: kind, place: place(path, item), centre: centre, size: size, radius: radius, points: points,
                                     outerRadius: outer, innerRadius: inner, outerRoundness: outerRound, innerRoundness: innerRound,
                                     direction: direction)
    }

    /// A fill or stroke, or a gradient's outline: a stroke's width, caps, joins, mitre limit
    /// and dashes are read for strokes only.
    private func paint(_ item: JSONValue, isStroke: Bool, path: String) throws(DocumentError) -> LottiePaint {
        let color = try property(item, "c", at: path, default: [0, 0, 0, 1])
        let opacity = try property(item, "o", at: path, default: [100])
        guard isStroke else {
            return LottiePaint(place: place(path, item), isStroke: false, color: color, opacity: opacity,
                               evenOdd: try number(Self.member(item, "r"), path + ".r", default: 1) == 2,
                               width: LottieProperty(initial: [1], keyframes: []), lineCap: .round, lineJoin: .round, miterLimit: 4,
                               dashes: [], dashOffset: nil)
        }
        let width = try property(item, "w", at: path, default: [1])
        let cap: StrokeStyle.Cap = [1: .butt, 2: .round, 3: .square][try integer(Self.member(item, "lc"), path + ".lc", default: 2)] ?? .round
        let join: StrokeStyle.Join = [1: .miter, 2: .round, 3: .bevel][try integer(Self.member(item, "lj"), path + ".lj", default: 2)] ?? .round
        let miterLimit = try number(Self.member(item, "ml"), path + ".ml", default: 4)
        // Dashes and gaps in turn (`n` "d" and "g"), and an offset ("o").
        var dashes: [LottieProperty<[Double]>] = [], offset: LottieProperty<[Double]>?
        if case let .array(items, _)? = Self.member(item, "d") {
            for (i, dash) in items.enumerated() {
                let kind = try string(Self.member(dash, "n"), "\(path).d[\(i)].n") ?? "d"
                guard let value = try property(dash, "v", at: "\(path).d[\(i)]") else { continue }
                if kind == "o" { offset = value } else { dashes.append(value) }
            }
        }
        return LottiePaint(place: place(path, item), isStroke: true, color: color, opacity: opacity, evenOdd: false, width: width,
                           lineCap: cap, lineJoin: join, miterLimit: miterLimit, dashes: dashes, dashOffset: offset)
    }

    /// A gradient fill or stroke: its ends, stops (`g`: `p` colour stops of 4 numbers each,
    /// then opacity stops) and highlight.
    private func gradient(_ item: JSONValue, isStroke: Bool, path: String) throws(DocumentError) -> LottieGradient {
        let start = try property(item, "s", at: path, default: [0, 0])
        let end = try property(item, "e", at: path, default: [100, 0])
        guard let stops = Self.member(item, "g"), let ramp = try property(stops, "k", at: path + ".g") else {
            throw fail(path + ".g", item, "missing: a gradient has its stops g")
        }
        return LottieGradient(paint: try paint(item, isStroke: isStroke, path: path), start: start, end: end, ramp: ramp,
                              count: try integer(Self.member(stops, "p"), path + ".g.p"), stops: place(path + ".g", stops),
                              isRadial: try number(Self.member(item, "t"), path + ".t", default: 1) == 2,
                              highlight: try property(item, "h", at: path), highlightAngle: try property(item, "a", at: path))
    }

    /// A repeater.
    private func repeater(_ item: JSONValue, path: String) throws(DocumentError) -> LottieRepeater {
        let transform = Self.member(item, "tr"), t = path + ".tr"
        return LottieRepeater(place: place(path, item), count: try property(item, "c", at: path, default: [1]), offset: try property(item, "o", at: path, default: [0]),
                              anchor: try property(transform, "a", at: t, default: [0, 0]), position: try property(transform, "p", at: t, default: [0, 0]),
                              scale: try property(transform, "s", at: t, default: [100, 100]), rotation: try property(transform, "r", at: t, default: [0]),
                              startOpacity: try property(transform, "so", at: t, default: [100]), endOpacity: try property(transform, "eo", at: t, default: [100]),
                              firstBelow: Self.member(item, "m").map { if case .number(2, _) = $0 { true } else { false } } ?? false)
    }
}
