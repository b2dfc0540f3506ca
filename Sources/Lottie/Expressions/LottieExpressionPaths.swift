import Geometry

/// Paths as expressions read and give them, in numbers: closed (1 or 0), the vertex count n,
/// then each vertex with its in and out tangents relative to it (x, y, in x, in y, out x, out
/// y), as a Lottie shape's `c`, `v`, `i` and `o` hold them (the prelude's path objects).
enum LottieExpressionPaths {
    /// A shape's path (its first subpath) in numbers.
    static func numbers(of path: Path) -> [Double] {
        var vertices: [Point] = [], ins: [Point] = [], outs: [Point] = []
        var closed = false
        for element in path.elements {
            switch element {
            case .move(let p):
                guard vertices.isEmpty else { return encode(closed, vertices, ins, outs) }
                (vertices, ins, outs) = ([p], [.zero], [.zero])
            case .line(let p):
                guard !vertices.isEmpty else { continue }
                vertices.append(p); ins.append(.zero); outs.append(.zero)
            case .quad(let control, let p):
                guard let last = vertices.last else { continue }
                // The cubic through the same points: its handles two thirds of the way to the control point.
                outs[outs.count - 1] = Point((control.x - last.x) * 2 / 3, (control.y - last.y) * 2 / 3)
                vertices.append(p); ins.append(Point((control.x - p.x) * 2 / 3, (control.y - p.y) * 2 / 3)); outs.append(.zero)
            case .cubic(let c1, let c2, let p):
                guard let last = vertices.last else { continue }
                outs[outs.count - 1] = Point(c1.x - last.x, c1.y - last.y)
                vertices.append(p); ins.append(Point(c2.x - p.x, c2.y - p.y)); outs.append(.zero)
            case .close:
                closed = true
                // The closing segment ends on the first vertex: its tangent in is the first's.
                if vertices.count > 1, let first = vertices.first, let last = vertices.last, abs(last.x - first.x) < 1e-9, abs(last.y - first.y) < 1e-9 {
                    ins[0] = ins[ins.count - 1]
                    vertices.removeLast(); ins.removeLast(); outs.removeLast()
                }
                return encode(closed, vertices, ins, outs)
            }
        }
        return encode(closed, vertices, ins, outs)
    }

    private static func encode(_ closed: Bool, _ vertices: [Point], _ ins: [Point], _ outs: [Point]) -> [Double] {
        var numbers: [Double] = [closed ? 1 : 0, Double(vertices.count)]
        for k in vertices.indices { numbers += [vertices[k].x, vertices[k].y, ins[k].x, ins[k].y, outs[k].x, outs[k].y] }
        return numbers
    }

    /// The path `numbers` describe, drawn as a Lottie shape is; nil when they do not describe one.
    static func path(from numbers: [Double]) -> Path? {
        guard numbers.count >= 2, let n = Int(exactly: numbers[1]), n >= 0, numbers.count == 2 + 6 * n else { return nil }
        func point(_ k: Int, _ offset: Int) -> Point { Point(numbers[2 + 6 * k + offset], numbers[3 + 6 * k + offset]) }
        var path = Path()
        guard n > 0 else { return path }
        path.move(to: point(0, 0))
        let closed = numbers[0] != 0
        for k in 0..<(closed ? n : n - 1) {
            let (v, next) = (point(k, 0), point((k + 1) % n, 0))
            let (out, into) = (point(k, 4), point((k + 1) % n, 2))
            path.addCurve(to: next, control1: Point(v.x + out.x, v.y + out.y), control2: Point(next.x + into.x, next.y + into.y))
        }
        if closed { path.closeSubpath() }
        return path
    }
}
