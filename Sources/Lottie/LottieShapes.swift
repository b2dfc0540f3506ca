import Animation
import Documents
import Foundation
import Geometry

/// A Lottie shape layer's contents as animvid layers. In a list (the layer's `shapes`, a
/// group's `it`) the first item is on top; a fill or stroke paints the paths listed before it in
/// the same list and inside the groups listed before it; a group is a layer of its own with its transform (`tr`); a trim (`tm`) cuts the
/// paths before it for the strokes and fills that paint them. Rectangles and ellipses whose size, position or roundness
/// animate are sampled every frame.
struct LottieShapes {
    let context: LottieContext
    /// One list of items as a layer (origin at the layer's origin). `inherited` is the trim of
    /// the list that holds this one (a group's), listed after it: it cuts this list's paths too,
    /// as lottie-web applies a trim to every path above it, inside earlier groups included,
    /// unless this list has a trim of its own.
    func layer(_ items: [LottieShapeItem], path: String, inherited: LottieTrim? = nil) throws(DocumentError) -> Layer {
        let container = Layer()
        container.anchorPoint = .zero
        // The merged outline strokes and gradients draw after a merge: worked out once for all
        // of them, forgotten when the paths or the merge change.
        var outlined: [LottieProperty<Path>]?
        var geometry: [LottieProperty<Path>] = [] { didSet { outlined = nil } }
        func trim(_ item: LottieShapeItem) -> LottieTrim? { if case .trim(let trim) = item { trim } else { nil } }
        // A trim trims the paths above it whatever comes between (a stroke listed before it
        // draws them trimmed too, as in the players): the list's first trim holds from the start.
        let firstTrim = items.firstIndex { trim($0) != nil }
        var current = firstTrim.flatMap { trim(items[$0]) } ?? inherited
        /// The trim that cuts a group at `index`: the first listed after it here, or the inherited one.
        func trimAfter(_ index: Int) -> LottieTrim? {
            items[(index + 1)...].lazy.compactMap(trim).first ?? inherited
        }
        // A merge paths item's mode (2 add, 3 subtract, 4 intersect, 5 exclude intersections)
        // and how many of the paths (those above it) it merges, when it is not a plain merge.
        var merge: (mode: Int, count: Int)? { didSet { outlined = nil } }
        var drawn: [Layer] = []  // top first
        // The groups listed so far, whose paths a paint listed after them paints too; their
        // paths gathered once for each count of them.
        var earlierGroups: [(items: [LottieShapeItem], transform: LottieTransformModel, path: String)] = []
        var reached: (groups: Int, paths: [LottieProperty<Path>]) = (0, [])
        /// The paths a paint at `p` paints: its list's (merged, when a merge came before) and the earlier groups'.
        func painted(at p: String) throws(DocumentError) -> [LottieProperty<Path>] {
            if outlined == nil, let merge { outlined = try mergedOutline(geometry, merging: merge, path: p) }
            if reached.groups < earlierGroups.count { reached = (earlierGroups.count, try paths(of: earlierGroups, path: p)) }
            return (outlined ?? geometry) + reached.paths
        }
        for (i, item) in items.enumerated() {
            switch item {
            case let .group(inner, transform, place):
                let nodes = try context.transformNodes(transform, path: place.path, opacity: true)
                nodes.inner.addSublayer(try layer(inner, path: place.path + ".it", inherited: trimAfter(i)))
                drawn.append(nodes.outer)
                earlierGroups.append((inner, transform, place.path))
            case .path(let shape):
                geometry.append(shape)
            case .parametric(let shape):
                geometry.append(try parametric(shape))
            case .paint(let paint) where merge != nil && !paint.isStroke:
                if let merge, let filled = try mergedFill(paint, geometry: geometry, merging: merge, trim: current) { drawn.append(filled) }
            case .paint(let paint):
                if let layer = try self.paint(paint, geometry: try painted(at: paint.place.path), trim: current) { drawn.append(layer) }
            case .gradient(let gradient):
                if let layer = try self.gradient(gradient, geometry: try painted(at: gradient.paint.place.path), trim: current) { drawn.append(layer) }
            case .trim(let trim):
                if i != firstTrim { current = trim }
            case .repeater(let repeater):
                // The shapes listed above it, built again for each copy.
                drawn = [try repeated(Array(items[..<i]), repeater: repeater, listPath: path, inherited: inherited)]
            case let .roundCorners(radius, place):
                // Rounds the corners of the paths listed above it.
                geometry = try geometry.map { part throws(DocumentError) in try roundingCorners(of: part, radius: radius, path: place.path) }
            case let .merge(mode, place):
                // A plain merge makes the paths above it one compound path: a merge after it
                // has one path to combine, which it leaves as it is (After Effects' rule).
                if geometry.count > 1, mode == 1, merge == nil { geometry = [try compound(geometry, path: place.path)] }
                if geometry.count > 1, (2...5).contains(mode) { merge = (mode, geometry.count) }
                if mode == 5, geometry.count > 2 { context.warnings.note("excluded intersections of more than two paths: drawn added", at: place.path) }
            }
        }
        for layer in drawn.reversed() { container.addSublayer(layer) }
        return container
    }

    /// `parts` as one compound path, each keeping its own subpaths (a plain merge, `mm` 1);
    /// sampled every frame while any of them changes.
    private func compound(_ parts: [LottieProperty<Path>], path: String) throws(DocumentError) -> LottieProperty<Path> {
        try sampled(parts.flatMap { $0.keyframes.map(\.frame) }, cost: max(1, Self.elements(of: parts) / 4), at: path) { frame in
            var whole = Path()
            for part in parts { whole.addPath(frame.map(part.value) ?? part.initial) }
            return whole
        }
    }

    /// The path `value` gives at each frame from the first to the last of `keyed` (each charged
    /// `cost` against the file's budget), as linear keyframes; `value(nil)`, still, when the
    /// frames span no time.
    private func sampled(_ keyed: [Double], cost: Int, at path: String, _ value: (Double?) -> Path) throws(DocumentError) -> LottieProperty<Path> {
        guard let frames = try context.sampleFrames(keyed, cost: cost, at: path) else { return LottieProperty(initial: value(nil), keyframes: []) }
        let keyframes = frames.map { LottieProperty<Path>.Keyframe(frame: $0, value: value($0), easeOut: (0, 0), easeIn: (1, 1), hold: false) }
        return LottieProperty(initial: keyframes[0].value, keyframes: keyframes)
    }

    /// The most elements any keyframe of each path has, summed: what working them out costs.
    private static func elements(of paths: [LottieProperty<Path>]) -> Int {
        paths.map { ([$0.initial] + $0.keyframes.map(\.value)).map(\.elements.count).max() ?? 0 }.reduce(0, +)
    }

    /// The paths of `groups` and of the groups in them, each where its groups' transforms put
    /// it in the list that holds `groups`, as one path: what a paint listed after the groups
    /// paints besides its own list's paths (lottie-web's rule: a fill or stroke paints every
    /// path above it, inside earlier groups included). Worked out every frame while a path or a
    /// transform changes, each group's trim cutting its paths. The groups' merges and opacity
    /// do not reach it.
    private func paths(of groups: [(items: [LottieShapeItem], transform: LottieTransformModel, path: String)],
                       path: String) throws(DocumentError) -> [LottieProperty<Path>] {
        var placed: [(shape: LottieProperty<Path>, transforms: [LottieTransformModel])] = []
        func gather(_ items: [LottieShapeItem], transform: LottieTransformModel, at groupPath: String, outside: [LottieTransformModel]) throws(DocumentError) {
            let transforms = [transform] + outside
            let first = placed.count
            var trim: LottieTrim?
            for item in items {
                switch item {
                case .path(let shape): placed.append((shape, transforms))
                case .parametric(let shape): placed.append((try parametric(shape), transforms))
                case let .group(inner, innerTransform, place): try gather(inner, transform: innerTransform, at: place.path, outside: transforms)
                case .trim(let own) where trim == nil: trim = own
                default: break
                }
            }
            // The group's trim cuts its paths for every paint, its own and those listed after it.
            if let trim {
                for index in first..<placed.count {
                    placed[index].shape = try trimmedPaths([placed[index].shape], trim: trim, path: groupPath)
                }
            }
        }
        for group in groups { try gather(group.items, transform: group.transform, at: group.path, outside: []) }
        guard !placed.isEmpty else { return [] }
        let keyed = placed.flatMap { $0.shape.keyframes.map(\.frame) + $0.transforms.flatMap(\.keyedFrames) }
        return [try sampled(keyed, cost: max(16, Self.elements(of: placed.map(\.shape))), at: path) { frame in
            var whole = Path()
            for (shape, transforms) in placed {
                let placement = transforms.reduce(Transform3D.identity) { $0.concatenating($1.placement(at: frame)) }
                whole.addPath(frame.map(shape.value) ?? shape.initial, transform: placement)
            }
            return whole
        }]
    }

    /// `part`'s corners rounded by `radius` (a round corners modifier, `rd`), as lottie-web rounds
    /// the path of each frame: worked out every frame while the radius or the path changes (the
    /// rounding of an eased path is not the easing of rounded keyframes, whose corners may not
    /// even match in number).
    private func roundingCorners(of part: LottieProperty<Path>, radius: LottieProperty<[Double]>, path: String) throws(DocumentError) -> LottieProperty<Path> {
        // Each frame's rounded path is kept: charged by its size (a rounded corner is a few elements).
        try sampled(radius.keyframes.map(\.frame) + part.keyframes.map(\.frame), cost: max(16, 4 * Self.elements(of: [part])), at: path) { frame in
            LottieRoundCorners.rounding(frame.map(part.value) ?? part.initial, radius: radius.value(at: frame ?? 0).first ?? 0)
        }
    }

    /// What a repeater (`rp`) copies — `items`, the shapes listed above it — as ⌈`c`⌉ copies, as
    /// lottie-web draws them: copy k (n = k + `o`) turned n times the rotation and scaled by the
    /// scale to the n about the anchor, then moved n times the position; with `m` 1 copy 0 on top
    /// and opacity from `so` (copy 0) to `eo`, with `m` 2 copy 0 at the bottom and the opacity
    /// running the other way. While the count, the offset or the transform changes, each copy's
    /// transform and opacity are worked out every frame (copies past the count hidden).
    private func repeated(_ items: [LottieShapeItem], repeater: LottieRepeater, listPath: String, inherited: LottieTrim?) throws(DocumentError) -> Layer {
        let (count, offset, anchor, position, scale) = (repeater.count, repeater.offset, repeater.anchor, repeater.position, repeater.scale)
        let (rotation, startOpacity, endOpacity, below) = (repeater.rotation, repeater.startOpacity, repeater.endOpacity, repeater.firstBelow)
        let path = repeater.place.path
        let all = [count, offset, anchor, position, scale, rotation, startOpacity, endOpacity]
        /// A property's value at `frame`, or its first value (nil).
        func at(_ property: LottieProperty<[Double]>, _ frame: Double?) -> [Double] { frame.map(property.value) ?? property.initial }
        func copies(at frame: Double?) -> Int { Int(min(max((at(count, frame).first ?? 1).rounded(.up), 0), 1_000)) }
        /// Copy k's transform and opacity at `frame` (opacity 0 past the count then).
        func placement(_ k: Int, at frame: Double?) -> (Transform3D, Double) {
            let n = Double(k) + (at(offset, frame).first ?? 0)
            let (a, p, s) = (LottieContext.point(at(anchor, frame)), LottieContext.point(at(position, frame)), at(scale, frame))
            let (sx, sy) = ((s.first ?? 100) / 100, (s.count > 1 ? s[1] : s.first ?? 100) / 100)
            /// The scale to the n; a mirror (negative) to a fractional power blends linearly instead.
            func power(_ base: Double) -> Double {
                if base > 0 { return pow(base, n) }
                if n == n.rounded() { return pow(abs(base), n) * (Int(n) % 2 == 0 ? 1 : -1) }
                return 1 + (base - 1) * n
            }
            let matrix = Transform3D(translationX: -a.x, y: -a.y)
                .concatenating(Transform3D(rotationAngle: n * (at(rotation, frame).first ?? 0) * .pi / 180))
                .concatenating(Transform3D(scaleX: power(sx), y: power(sy)))
                .concatenating(Transform3D(translationX: a.x + n * p.x, y: a.y + n * p.y))
            let total = copies(at: frame)
            guard k < total else { return (matrix, 0) }
            let share = total > 1 ? Double(k) / Double(total - 1) : 0
            let (first, last) = (at(startOpacity, frame).first ?? 100, at(endOpacity, frame).first ?? 100)
            let opacity = below ? last + (first - last) * share : first + (last - first) * share
            return (matrix, min(max(opacity / 100, 0), 1))
        }
        let frames = try context.sampleFrames(all.flatMap { $0.keyframes.map(\.frame) }, cost: 0, at: path) ?? []
        let most = max(copies(at: nil), frames.map { copies(at: $0) }.max() ?? 0)
        try context.budget.charge(most * (1_000 + 2 * frames.count), at: path, in: context.file)
        let container = Layer()
        container.anchorPoint = .zero
        var layers: [Layer] = []
        for k in 0..<most {
            let copy = try layer(items, path: listPath, inherited: inherited)
            (copy.transform, copy.opacity) = placement(k, at: nil)
            if !frames.isEmpty {
                let placed = frames.map { placement(k, at: $0) }
                copy.add(context.sampled("transform", placed.map { .transform($0.0) }, over: frames))
                copy.add(context.sampled("opacity", placed.map { .number($0.1) }, over: frames))
            }
            layers.append(copy)
        }
        // Copy 0 on top (m 1) or at the bottom (m 2); the first layer added is the lowest.
        for copy in below ? layers : layers.reversed() { container.addSublayer(copy) }
        return container
    }

    /// A rectangle (`p` centre, `s` size, `r` roundness), an ellipse (`p`, `s`) or a star or
    /// polygon (`sy` 1 or 2: `pt` points, `p`, `r` rotation, `or`/`ir` outer and inner radius)
    /// as a path, sampled every frame while any of its properties changes.
    private func parametric(_ item: LottieParametricShape) throws(DocumentError) -> LottieProperty<Path> {
        let (centre, size, radius, points) = (item.centre, item.size, item.radius, item.points)
        let (outer, inner, outerRound, innerRound) = (item.outerRadius, item.innerRadius, item.outerRoundness, item.innerRoundness)
        let isStar = item.kind == .star, isPolygon = item.kind == .polygon
        func shape(at frame: Double) -> Path {
            let c = centre.value(at: frame)
            let (cx, cy) = (c.first ?? 0, c.count > 1 ? c[1] : 0)
            if isStar || isPolygon {
                let n = Int(min(max(points.value(at: frame).first ?? 5, 1), 1_000)), rotation = (radius.value(at: frame).first ?? 0) * .pi / 180
                let (r1, r2) = (outer.value(at: frame).first ?? 0, inner.value(at: frame).first ?? 0)
                let (round1, round2) = ((outerRound.value(at: frame).first ?? 0) / 100, isStar ? (innerRound.value(at: frame).first ?? 0) / 100 : 0)
                let vertices = isStar ? 2 * n : n
                var corners: [(point: Point, handle: Point)] = []
                for k in 0..<vertices {
                    let angle = -Double.pi / 2 + rotation + 2 * .pi * Double(k) / Double(vertices)
                    let (r, round) = isStar && k % 2 == 1 ? (r2, round2) : (r1, round1)
                    // Rounded as lottie-web rounds: handles along the tangent at the corner, a
                    // quarter of the circle's arc a corner (2πr / 4n) times the roundness long.
                    // (A negative radius flips both the tangent and the arc: the handles stay.)
                    let reach = 2 * .pi * abs(r) / Double(4 * n) * round
                    corners.append((Point(cx + r * cos(angle), cy + r * sin(angle)), Point(sin(angle) * reach, -cos(angle) * reach)))
                }
                var star = Path()
                star.move(to: corners[0].point)
                // Curves whenever the roundness changes, so that every sample has the same elements.
                let rounded = round1 != 0 || round2 != 0 || outerRound.isAnimated || isStar && innerRound.isAnimated
                for k in 1...vertices {
                    let (from, to) = (corners[k - 1], corners[k % vertices])
                    if rounded {
                        star.addCurve(to: to.point, control1: Point(from.point.x - from.handle.x, from.point.y - from.handle.y),
                                      control2: Point(to.point.x + to.handle.x, to.point.y + to.handle.y))
                    } else if k < vertices {
                        star.addLine(to: to.point)
                    }
                }
                star.closeSubpath()
                return star
            }
            let s = size.value(at: frame)
            let (w, h) = (s.first ?? 0, s.count > 1 ? s[1] : s.first ?? 0)
            let box = Rect(x: cx - w / 2, y: cy - h / 2, width: w, height: h)
            // lottie-web draws a rectangle clockwise only when `d` says 1 or 2 (a file without
            // it, anticlockwise); an ellipse unless it says 3.
            let direction = item.direction
            guard item.kind == .rectangle else { return Self.ellipse(in: box, reversed: direction == 3) }
            return Self.rectangle(in: box, radius: min(radius.value(at: frame).first ?? 0, min(abs(w), abs(h)) / 2),
                                  reversed: !(direction == 1 || direction == 2))
        }
        let changing = switch item.kind {
        case .star, .polygon: [centre, radius, points, outer, inner, outerRound, innerRound]
        case .rectangle: [centre, size, radius]
        case .ellipse: [centre, size]
        }
        guard let frames = try context.sampleFrames(changing.flatMap { $0.keyframes.map(\.frame) }, cost: isStar || isPolygon ? 2_001 : 16,
                                                    at: item.place.path) else {
            return LottieProperty(initial: shape(at: 0), keyframes: [])
        }
        let keyframes = frames.map { LottieProperty<Path>.Keyframe(frame: $0, value: shape(at: $0), easeOut: (0, 0), easeIn: (1, 1), hold: false) }
        return LottieProperty(initial: keyframes[0].value, keyframes: keyframes)
    }

    /// A rectangle as Lottie draws it, so a trim or a dash starts where it starts in the players:
    /// from its top right corner (just below it when rounded) down the right side, clockwise
    /// (anticlockwise, along the top first, when `reversed`), corners rounded by `radius`.
    static func rectangle(in box: Rect, radius: Double, reversed: Bool) -> Path {
        let (x0, y0, x1, y1) = (box.minX, box.minY, box.maxX, box.maxY)
        let r = max(radius, 0), k = r * (1 - 0.5519150244935105)
        // The corners clockwise from the top right, each with the points where its rounding
        // starts and ends going clockwise, and the handles between them.
        let corners: [(from: Point, c1: Point, c2: Point, to: Point)] = [
            (Point(x1 - r, y0), Point(x1 - k, y0), Point(x1, y0 + k), Point(x1, y0 + r)),
            (Point(x1, y1 - r), Point(x1, y1 - k), Point(x1 - k, y1), Point(x1 - r, y1)),
            (Point(x0 + r, y1), Point(x0 + k, y1), Point(x0, y1 - k), Point(x0, y1 - r)),
            (Point(x0, y0 + r), Point(x0, y0 + k), Point(x0 + k, y0), Point(x0 + r, y0)),
        ]
        var path = Path()
        path.move(to: corners[0].to)
        if reversed {
            // Anticlockwise from the same point: each corner walked backwards, then on along the side.
            let order = [0, 3, 2, 1]
            for (n, i) in order.enumerated() {
                let corner = corners[i]
                // (Square corners are single points: no segment of no length for a round corners
                // modifier to stumble on.)
                if r > 0 { path.addCurve(to: corner.from, control1: corner.c2, control2: corner.c1) }
                path.addLine(to: corners[order[(n + 1) % 4]].to)
            }
        } else {
            for i in [1, 2, 3, 0] {
                path.addLine(to: corners[i].from)
                if r > 0 { path.addCurve(to: corners[i].to, control1: corners[i].c1, control2: corners[i].c2) }
            }
        }
        path.closeSubpath()
        return path
    }

    /// An ellipse as Lottie draws it: four quarter arcs from the top, clockwise (anticlockwise
    /// when `reversed`), so a trim starts where it starts in the players.
    static func ellipse(in box: Rect, reversed: Bool) -> Path {
        let (cx, cy, rx, ry) = (box.midX, box.midY, box.size.width / 2, box.size.height / 2)
        let k = 0.5519150244935105  // a quarter circle's handle length as a share of its radius
        let direction: Double = reversed ? -1 : 1
        var path = Path()
        path.move(to: Point(cx, cy - ry))
        // Each quarter: from angle a to a + 90° (screen y down), handles tangent to the ellipse.
        var (x, y) = (0.0, -1.0)
        for _ in 0..<4 {
            let (nx, ny) = (-y * direction, x * direction)
            path.addCurve(to: Point(cx + nx * rx, cy + ny * ry),
                          control1: Point(cx + (x + nx * k) * rx, cy + (y + ny * k) * ry),
                          control2: Point(cx + (nx + x * k) * rx, cy + (ny + y * k) * ry))
            (x, y) = (nx, ny)
        }
        path.closeSubpath()
        return path
    }

    /// A gradient fill or stroke of `geometry`: a gradient layer over the paths' box (and the
    /// gradient's ends), masked by the paths filled or stroked. Colour and opacity stops are
    /// merged at the union of their positions.
    private func gradient(_ item: LottieGradient, geometry: [LottieProperty<Path>], trim: LottieTrim?) throws(DocumentError) -> Layer? {
        guard !geometry.isEmpty else { return nil }
        let fr = context.frameRate, path = item.paint.place.path, stroke = item.paint.isStroke
        let (start, end, ramp, count) = (item.start, item.end, item.ramp, item.count)
        let (highlight, highlightAngle) = (item.highlight, item.highlightAngle)
        guard (1...256).contains(count), ramp.initial.count >= 4 * count, ramp.keyframes.allSatisfy({ $0.value.count >= 4 * count }) else {
            throw context.fail(item.stops, "expected p colour stops of 4 numbers each (1…256)")
        }
        // The box the ramp's unit coordinates span: the paths and both ends, at the start.
        var box = geometry.dropFirst().reduce(geometry[0].initial.bounds) { $0.union($1.initial.bounds) }
        for part in geometry { for key in part.keyframes { box = box.union(key.value.bounds) } }
        if stroke {
            let widths = item.paint.width
            let reach = (([widths.initial] + widths.keyframes.map(\.value)).compactMap(\.first).max() ?? 1) / 2
            box = Rect(x: box.minX - reach, y: box.minY - reach, width: box.size.width + 2 * reach, height: box.size.height + 2 * reach)
        }
        for point in [LottieContext.point(start.initial), LottieContext.point(end.initial)] {
            box = box.union(Rect(x: point.x, y: point.y, width: 0, height: 0))
        }
        guard box.size.width > 0, box.size.height > 0,
              let mask = try paint(item.paint, geometry: geometry, trim: trim, solid: false, placing: Transform3D(translationX: -box.minX, y: -box.minY)) else { return nil }
        let layer = GradientLayer()
        layer.anchorPoint = .zero
        layer.bounds = Rect(origin: .zero, size: box.size)
        layer.position = box.origin
        layer.type = item.isRadial ? .radial : .axial
        func unit(_ v: [Double]) -> Point {
            let p = LottieContext.point(v)
            return Point((p.x - box.minX) / box.size.width, (p.y - box.minY) / box.size.height)
        }
        layer.startPoint = unit(start.initial)
        if let a = start.animation(keyPath: "startPoint", frameRate: fr, { .point(unit($0)) }) { layer.add(a) }
        if layer.type == .radial {
            // Core Animation's radial ramp is an ellipse whose radii are the end point's distances
            // from the start along each axis; Lottie's is a circle through the end point.
            if start.isAnimated { context.warnings.note("radial gradients whose centre moves: sized from the first centre", at: path) }
            let centre = LottieContext.point(start.initial)
            func radiusPoint(_ v: [Double]) -> Point {
                let p = LottieContext.point(v)
                let r = ((p.x - centre.x) * (p.x - centre.x) + (p.y - centre.y) * (p.y - centre.y)).squareRoot()
                return Point((centre.x - box.minX + r) / box.size.width, (centre.y - box.minY + r) / box.size.height)
            }
            layer.endPoint = radiusPoint(end.initial)
            if let a = end.animation(keyPath: "endPoint", frameRate: fr, { .point(radiusPoint($0)) }) { layer.add(a) }
            if let highlight {
                try focus(of: layer, highlight: highlight, angle: highlightAngle, start: start, end: end, path: path)
            }
        } else {
            layer.endPoint = unit(end.initial)
            if let a = end.animation(keyPath: "endPoint", frameRate: fr, { .point(unit($0)) }) { layer.add(a) }
        }
        let initial = Self.stops(ramp.initial, count: count)
        layer.colors = initial.colors
        layer.locations = initial.locations
        if let a = ramp.animation(keyPath: "colors", frameRate: fr, { .colors(Self.stops($0, count: count).colors) }) { layer.add(a) }
        if let a = ramp.animation(keyPath: "locations", frameRate: fr, { .numbers(Self.stops($0, count: count).locations) }) { layer.add(a) }
        context.apply(opacity: item.paint.opacity, to: layer)
        layer.mask = mask
        return layer
    }

    /// A radial gradient's highlight as its layer's focal point, as lottie-web places SVG's fx/fy:
    /// `h` percent of the radius (kept within ±99%) from the centre, at `a` degrees from the
    /// start → end direction. When the length, the angle or the ends change, the focus is
    /// worked out every frame from all of them (an angle turning a full circle must not
    /// interpolate between two equal points).
    private func focus(of layer: GradientLayer, highlight: LottieProperty<[Double]>, angle: LottieProperty<[Double]>?,
                       start: LottieProperty<[Double]>, end: LottieProperty<[Double]>, path: String) throws(DocumentError) {
        func focus(at frame: Double?) -> Point {
            func value(_ property: LottieProperty<[Double]>?) -> [Double] {
                guard let property else { return [] }
                return frame.map(property.value) ?? property.initial
            }
            let (s, e) = (LottieContext.point(value(start)), LottieContext.point(value(end)))
            let fraction = min(max((value(highlight).first ?? 0) / 100, -0.99), 0.99)
            let turn = atan2(e.y - s.y, e.x - s.x) + (value(angle).first ?? 0) * .pi / 180
            return Point(cos(turn) * fraction, sin(turn) * fraction)
        }
        layer.gradientFocus = focus(at: nil)
        let keyed = [highlight, angle, start, end].compactMap { $0 }.flatMap { $0.keyframes.map(\.frame) }
        guard highlight.isAnimated || (angle?.isAnimated ?? false) || highlight.initial.first != 0,
              let frames = try context.sampleFrames(keyed, cost: 1, at: path) else { return }
        layer.add(context.sampled("gradientFocus", frames.map { .point(focus(at: $0)) }, over: frames))
    }

    /// Bodymovin's gradient stops (`count` colours of position, red, green, blue, then
    /// optionally opacity stops of position, alpha) as colours and locations at the union of
    /// both kinds of positions, each kind interpolated linearly between its stops.
    static func stops(_ v: [Double], count: Int) -> (colors: [Color], locations: [Double]) {
        let colorPositions: [Double] = (0..<count).map { v[4 * $0] }
        let colorValues: [[Double]] = (0..<count).map { (i: Int) -> [Double] in Array(v[(4 * i + 1)...(4 * i + 3)]) }
        let rest = Array(v.dropFirst(4 * count))
        let alphaPositions: [Double] = stride(from: 0, to: rest.count - 1, by: 2).map { rest[$0] }
        let alphaValues: [Double] = stride(from: 0, to: rest.count - 1, by: 2).map { rest[$0 + 1] }
        /// The stop index and fraction for position `x` among `positions` (clamped at the ends).
        func place(_ x: Double, _ positions: [Double]) -> (Int, Int, Double) {
            guard let first = positions.first, x > first else { return (0, 0, 0) }
            for i in 1..<max(positions.count, 1) where x <= positions[i] {
                let span = positions[i] - positions[i - 1]
                return (i - 1, i, span > 0 ? (x - positions[i - 1]) / span : 1)
            }
            return (positions.count - 1, positions.count - 1, 0)
        }
        let positions = Set(colorPositions + alphaPositions).sorted()
        var colors: [Color] = []
        for x in positions {
            let (a, b, f) = place(x, colorPositions)
            let rgb: [Double] = zip(colorValues[a], colorValues[b]).map { $0 + ($1 - $0) * f }
            var alpha = 1.0
            if !alphaPositions.isEmpty {
                let (c, d, g) = place(x, alphaPositions)
                alpha = alphaValues[c] + (alphaValues[d] - alphaValues[c]) * g
            }
            colors.append(LottieDecoder.color(rgb, alpha: alpha))
        }
        return (colors, positions)
    }


    /// A fill of merged paths, as After Effects merges them: each of the first `merging.count`
    /// paths filled opaque in the fill's colour, combined as `merging.mode` says with layers and
    /// masks — added (the union), the first less the others, the first intersected with each
    /// other, or two paths' exclusive parts — with the paths after the merge added to that, then
    /// drawn at the fill's opacity.
    private func mergedFill(_ item: LottiePaint, geometry: [LottieProperty<Path>], merging: (mode: Int, count: Int),
                            trim: LottieTrim?) throws(DocumentError) -> Layer? {
        let mode = merging.mode
        var parts: [Layer] = []
        for part in geometry.prefix(merging.count) {
            if let layer = try paint(item, geometry: [part], trim: trim, ownOpacity: false) { parts.append(layer) }
        }
        guard let first = parts.first else { return nil }
        func holder(_ layers: [Layer]) -> Layer {
            let layer = Layer()
            layer.anchorPoint = .zero
            for sublayer in layers { layer.addSublayer(sublayer) }
            return layer
        }
        let rest = Array(parts.dropFirst())
        let merged: Layer
        switch mode {
        case 3:
            merged = holder([first])
            merged.mask = holder(rest)
            merged.maskMode = .alphaInverted
        case 4:
            var inner = holder([first])
            for other in rest {
                inner.mask = other
                inner = holder([inner])
            }
            merged = inner
        case 5 where parts.count == 2:
            // Each path less the other: the second is painted again as the first's mask.
            let a = holder([first]), b = holder([rest[0]])
            a.mask = try paint(item, geometry: [geometry[1]], trim: trim, ownOpacity: false)
            a.maskMode = .alphaInverted
            b.mask = try paint(item, geometry: [geometry[0]], trim: trim, ownOpacity: false)
            b.maskMode = .alphaInverted
            merged = holder([a, b])
        default:
            merged = holder(parts)
        }
        var after: [Layer] = []
        for part in geometry.dropFirst(merging.count) {
            if let layer = try paint(item, geometry: [part], trim: trim, ownOpacity: false) { after.append(layer) }
        }
        let outer = holder([merged] + after)
        context.apply(opacity: item.opacity, to: outer)
        return outer
    }

    /// What strokes and gradients draw of merged paths: the outline of the region the first
    /// `merging.count` paths make combined (`Path.outline(combining:by:tolerance:)`: the union,
    /// the first less the others, their intersection, or two paths' exclusive parts; more than
    /// two excluded are added, as their fill is), then the paths after the merge. While a path
    /// changes, the outline is worked out every frame and held until the next.
    private func mergedOutline(_ geometry: [LottieProperty<Path>], merging: (mode: Int, count: Int), path: String) throws(DocumentError)
        -> [LottieProperty<Path>] {
        let parts = Array(geometry.prefix(merging.count)), after = Array(geometry.dropFirst(merging.count))
        let combination: PathCombination = switch merging.mode {
        case 3: .subtract
        case 4: .intersect
        case 5 where parts.count == 2: .exclude
        default: .union
        }
        /// The outline at `frame`, charged by its work (its pieces times its edges); nil past
        /// `Path.outline`'s limits.
        func outline(at frame: Double) throws(DocumentError) -> Path? {
            guard let made = Path.outline(combining: parts.map { $0.value(at: frame) }, by: combination, tolerance: Self.mergedOutlineTolerance,
                                          maximumEdges: Self.mergedOutlineEdges) else { return nil }
            try context.budget.charge(1 + made.work / 100, at: path, in: context.file)
            return made.outline
        }
        func tooDetailed() -> [LottieProperty<Path>] {
            context.warnings.note("merged paths too detailed to outline (more than \(Self.mergedOutlineEdges) edges or crossings): each path stroked", at: path)
            return geometry
        }
        guard let frames = try context.sampleFrames(parts.flatMap { $0.keyframes.map(\.frame) }, cost: 1, at: path) else {
            guard let still = try outline(at: 0) else { return tooDetailed() }
            return [LottieProperty(initial: still, keyframes: [])] + after
        }
        var keyframes: [LottieProperty<Path>.Keyframe] = []
        for frame in frames {
            guard let value = try outline(at: frame) else { return tooDetailed() }
            // Held: two frames' outlines need not match point for point, so nothing is drawn between them.
            keyframes.append(LottieProperty<Path>.Keyframe(frame: frame, value: value, easeOut: (0, 0), easeIn: (1, 1), hold: true))
        }
        return [LottieProperty(initial: keyframes[0].value, keyframes: keyframes)] + after
    }

    /// How finely merged paths' outlines follow their curves, in the shape's units.
    static let mergedOutlineTolerance = 0.02
    /// The most edges, and crossings, a merged outline is worked out from.
    static let mergedOutlineEdges = 4_000

    /// What `trim` leaves of `geometry`, as lottie-web trims before it fills or strokes: the
    /// paths each cut by the same share, or (`asOne`) cut as one; worked out every frame while
    /// the trim or a path changes.
    private func trimmedPaths(_ geometry: [LottieProperty<Path>], trim: LottieTrim, path: String) throws(DocumentError) -> LottieProperty<Path> {
        let keyed = [trim.start, trim.end, trim.offset].flatMap(\.keyframes).map(\.frame) + geometry.flatMap { $0.keyframes.map(\.frame) }
        return try sampled(keyed, cost: max(16, 4 * Self.elements(of: geometry)), at: path) { sample in
            let frame = sample ?? keyed.first ?? 0
            let parts: [Path]
            if trim.asOne {
                var whole = Path()
                for part in geometry { whole.addPath(part.value(at: frame)) }
                parts = [whole]
            } else {
                parts = geometry.map { $0.value(at: frame) }
            }
            let (first, wrapped) = trim.segments(at: frame)
            var result = Path()
            for part in parts {
                let pieces = [first, wrapped].compactMap { $0 }.map { part.trimmed(from: $0.lowerBound, to: $0.upperBound, tolerance: Self.trimTolerance) }
                // On one closed outline the piece up to its end runs on into the piece from its
                // start: one part, filled as one (lottie-web's, and ThorVG's), not two each
                // closed by its own chord.
                if pieces.count == 2, Self.isOneClosedOutline(part) {
                    result.addPath(Self.joined(pieces[0], pieces[1]))
                } else {
                    for piece in pieces { result.addPath(piece) }
                }
            }
            return result
        }
    }

    /// How far trimmed paths' straight segments stray from the curves, in the layer's units.
    static let trimTolerance = 0.05

    /// Whether `path` is one subpath, closed.
    static func isOneClosedOutline(_ path: Path) -> Bool {
        path.elements.filter { if case .move = $0 { true } else { false } }.count == 1 && path.elements.contains(.close)
    }

    /// `head` followed by `tail` as one open subpath (`tail` starting where `head` ends).
    static func joined(_ head: Path, _ tail: Path) -> Path {
        guard !head.elements.isEmpty else { return tail }
        var result = head
        for element in tail.elements {
            switch element {
            case .move(let p), .line(let p): result.addLine(to: p)
            case .quad(let control, let p): result.addQuadCurve(to: p, control: control)
            case .cubic(let c1, let c2, let p): result.addCurve(to: p, control1: c1, control2: c2)
            case .close: break
            }
        }
        return result
    }

    /// With `solid` false the colour and opacity are left out (a gradient's mask); `placing`
    /// moves the paths.
    private func paint(_ item: LottiePaint, geometry: [LottieProperty<Path>], trim: LottieTrim?, solid: Bool = true, ownOpacity: Bool = true,
                       placing: Transform3D = .identity) throws(DocumentError) -> Layer? {
        guard !geometry.isEmpty else { return nil }
        let path = item.place.path
        // A fill of trimmed paths fills what the trim leaves, each part closed by a straight line.
        if !item.isStroke, let trim {
            return try paint(item, geometry: [try trimmedPaths(geometry, trim: trim, path: path)], trim: nil,
                             solid: solid, ownOpacity: ownOpacity, placing: placing)
        }
        // Paths trimmed each by the same share are stroked one by one; as one, together.
        if let trim, !trim.asOne, item.isStroke, geometry.count > 1 {
            let container = Layer()
            container.anchorPoint = .zero
            for part in geometry {
                if let one = try paint(item, geometry: [part], trim: trim, solid: solid, placing: placing) { container.addSublayer(one) }
            }
            return container
        }
        let layer = ShapeLayer()
        layer.anchorPoint = .zero
        let fr = context.frameRate
        // One path, animated as its keyframes say; several are joined, every frame while any changes.
        if geometry.count == 1, let only = geometry.first {
            layer.path = only.initial.applying(placing)
            if let a = only.animation(keyPath: "path", frameRate: fr, { .path($0.applying(placing)) }) { layer.add(a) }
        } else {
            func joined(at frame: Double?) -> Path {
                var joined = Path()
                for part in geometry { joined.addPath(frame.map(part.value) ?? part.initial) }
                return joined.applying(placing)
            }
            layer.path = joined(at: nil)
            if let frames = try context.sampleFrames(geometry.flatMap { $0.keyframes.map(\.frame) }, cost: geometry.count * 16, at: path) {
                layer.add(context.sampled("path", frames.map { .path(joined(at: $0)) }, over: frames))
            }
        }
        let color = solid ? item.color : LottieProperty(initial: [0, 0, 0, 1], keyframes: [])
        let colorKey = item.isStroke ? "strokeColor" : "fillColor"
        if item.isStroke { layer.strokeColor = LottieDecoder.color(color.initial) } else { layer.fillColor = LottieDecoder.color(color.initial) }
        if let a = color.animation(keyPath: colorKey, frameRate: fr, { .color(LottieDecoder.color($0)) }) { layer.add(a) }
        if solid && ownOpacity { context.apply(opacity: item.opacity, to: layer) }
        guard item.isStroke else {
            layer.fillRule = item.evenOdd ? .evenOdd : .nonZero
            return layer
        }
        layer.fillColor = nil
        let width = item.width
        layer.lineWidth = width.initial.first ?? 1
        if let a = width.animation(keyPath: "lineWidth", frameRate: fr, { .number($0.first ?? 1) }) { layer.add(a) }
        (layer.lineCap, layer.lineJoin, layer.miterLimit) = (item.lineCap, item.lineJoin, item.miterLimit)
        if !item.dashes.isEmpty || item.dashOffset != nil {
            let (lengths, offset) = (item.dashes, item.dashOffset)
            /// The pattern (an odd one repeated; none when it has no length) and the phase at `frame`, or at the start (nil).
            func dashing(at frame: Double?) -> (pattern: [Double], phase: Double) {
                var pattern = lengths.map { max((frame.map($0.value) ?? $0.initial).first ?? 0, 0) }
                if pattern.count % 2 == 1 { pattern += pattern }
                let phase = offset.map { (frame.map($0.value) ?? $0.initial).first ?? 0 } ?? 0
                return (pattern.contains(where: { $0 > 0 }) ? pattern : [], phase)
            }
            (layer.lineDashPattern, layer.lineDashPhase) = dashing(at: nil)
            // Changing dashes: the pattern and phase worked out every frame.
            let keyed = (lengths + [offset].compactMap { $0 }).flatMap { $0.keyframes.map(\.frame) }
            if let frames = try context.sampleFrames(keyed, cost: lengths.count + 1, at: path) {
                let samples = frames.map { dashing(at: $0) }
                layer.add(context.sampled("lineDashPattern", samples.map { .numbers($0.pattern) }, over: frames))
                layer.add(context.sampled("lineDashPhase", samples.map { .number($0.phase) }, over: frames))
            }
        }
        guard let trim else { return layer }
        guard trim.wraps else {
            layer.strokeStart = (trim.start.initial.first ?? 0) / 100
            layer.strokeEnd = (trim.end.initial.first ?? 100) / 100
            for (property, key) in [(trim.start, "strokeStart"), (trim.end, "strokeEnd")] {
                if let a = property.animation(keyPath: key, frameRate: fr, { .number(($0.first ?? 0) / 100) }) { layer.add(a) }
            }
            return layer
        }
        // An offset (or a start past the end): lottie-web's part of the path, sampled every
        // frame, on this layer and, for the part that wraps past the path's end, on a copy.
        guard let copy = try paint(item, geometry: geometry, trim: nil, solid: solid, ownOpacity: ownOpacity,
                                   placing: placing) as? ShapeLayer else { return layer }
        let keyed = [trim.start, trim.end, trim.offset].flatMap { $0.keyframes.map(\.frame) }
        let frames = try context.sampleFrames(keyed, cost: 1, at: path)
        let parts = (frames ?? [keyed.min() ?? 0]).map { trim.segments(at: $0) }
        let container = Layer()
        container.anchorPoint = .zero
        /// `target` trimmed to `ranges` (one a sample), in a holder that hides it where a range
        /// is missing, so that no cap of a zero-length stroke shows.
        func add(_ target: ShapeLayer, _ ranges: [ClosedRange<Double>?]) {
            let values = ranges.map { $0 ?? 0...0 }
            let holder = Layer()
            holder.anchorPoint = .zero
            holder.addSublayer(target)
            container.addSublayer(holder)
            (target.strokeStart, target.strokeEnd, holder.opacity) = (values[0].lowerBound, values[0].upperBound, ranges[0] == nil ? 0 : 1)
            guard let frames else { return }
            for (layer, key, samples) in [(target as Layer, "strokeStart", values.map { AnimationValue.number($0.lowerBound) }),
                                          (target, "strokeEnd", values.map { AnimationValue.number($0.upperBound) }),
                                          (holder, "opacity", ranges.map { AnimationValue.number($0 == nil ? 0 : 1) })] {
                layer.add(context.sampled(key, samples, over: frames))
            }
        }
        add(layer, parts.map(\.first))
        add(copy, parts.map(\.wrapped))
        return container
    }
}

extension LottieTrim {
    /// Whether the trim needs lottie-web's arithmetic (an offset, or a start past the end)
    /// rather than a plain strokeStart…strokeEnd.
    var wraps: Bool {
        if offset.isAnimated || offset.initial.first ?? 0 != 0 { return true }
        let frames = [0] + (start.keyframes + end.keyframes).map(\.frame)
        return frames.contains { (start.value(at: $0).first ?? 0) > (end.value(at: $0).first ?? 100) }
    }

    /// The trimmed part at `frame` as lottie-web computes it: start and end (swapped when the
    /// start is past the end) moved by the offset's share of a turn; the part from 0…1 and,
    /// when it wraps past the path's end, the part from its start.
    func segments(at frame: Double) -> (first: ClosedRange<Double>?, wrapped: ClosedRange<Double>?) {
        var (s, e) = ((start.value(at: frame).first ?? 0) / 100, (end.value(at: frame).first ?? 100) / 100)
        if s > e { swap(&s, &e) }
        (s, e) = (min(max(s, 0), 1), min(max(e, 0), 1))
        guard e > s else { return (nil, nil) }
        var o = (offset.value(at: frame).first ?? 0) / 360
        o -= o.rounded(.down)
        (s, e) = (s + o, e + o)
        if s >= 1 { (s, e) = (s - 1, e - 1) }
        guard e > 1 else { return (s...e, nil) }
        return (s...1, e - 1 > 0 ? 0...(e - 1) : nil)
    }
}
