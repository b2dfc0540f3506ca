import Documents
import Geometry

/// Lottie's rounded corners modifier (`rd`), as lottie-web applies it: every sharp corner of a
/// path (a vertex whose tangents are both zero) is cut back along its two edges by the radius
/// (at most half of each edge) and joined by a curve whose handles reach 0.5519 of the way back
/// to the corner. The ends of an open path stay sharp.
enum LottieRoundCorners {
    /// A quarter circle's handle length as a share of its radius.
    static let handle = 0.5519

    /// `path` with its sharp corners rounded by `radius`.
    static func rounding(_ path: Path, radius: Double) -> Path {
        guard radius > 0 else { return path }
        var result = Path()
        for subpath in subpaths(of: path) {
            add(round(subpath, radius: radius), to: &result)
        }
        return result
    }

    /// A subpath as Lottie holds one: vertices with absolute in and out handles, and whether it closes.
    private struct Vertices {
        var points: [Point] = [], ins: [Point] = [], outs: [Point] = []
        var closed = false
    }

    private static func subpaths(of path: Path) -> [Vertices] {
        var all: [Vertices] = []
        var current = Vertices()
        func finish() {
            if current.closed, current.points.count > 1, let first = current.points.first, let last = current.points.last, first == last {
                current.ins[0] = current.ins[current.ins.count - 1]
                current.points.removeLast(); current.ins.removeLast(); current.outs.removeLast()
            }
            if !current.points.isEmpty { all.append(current) }
            current = Vertices()
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                finish()
                (current.points, current.ins, current.outs) = ([p], [p], [p])
            case .line(let p):
                current.points.append(p); current.ins.append(p); current.outs.append(p)
            case let .quad(c, p):
                if let last = current.points.last {
                    current.outs[current.outs.count - 1] = Point(last.x + (c.x - last.x) * 2 / 3, last.y + (c.y - last.y) * 2 / 3)
                }
                current.points.append(p); current.ins.append(Point(p.x + (c.x - p.x) * 2 / 3, p.y + (c.y - p.y) * 2 / 3)); current.outs.append(p)
            case let .cubic(c1, c2, p):
                if !current.outs.isEmpty { current.outs[current.outs.count - 1] = c1 }
                current.points.append(p); current.ins.append(c2); current.outs.append(p)
            case .close:
                current.closed = true
                finish()
            }
        }
        finish()
        return all
    }

    private static func round(_ shape: Vertices, radius: Double) -> Vertices {
        let n = shape.points.count
        guard n > 2 || shape.closed && n > 1 else { return shape }
        var rounded = Vertices()
        rounded.closed = shape.closed
        for i in 0..<n {
            let v = shape.points[i]
            let sharp = shape.ins[i] == v && shape.outs[i] == v
            let end = !shape.closed && (i == 0 || i == n - 1)
            guard sharp, !end else {
                rounded.points.append(v); rounded.ins.append(shape.ins[i]); rounded.outs.append(shape.outs[i])
                continue
            }
            let previous = shape.points[(i - 1 + n) % n], next = shape.points[(i + 1) % n]
            func cut(toward other: Point) -> Point {
                let d = ((other.x - v.x) * (other.x - v.x) + (other.y - v.y) * (other.y - v.y)).squareRoot()
                let share = d > 0 ? min(radius / d, 0.5) : 0
                return Point(v.x + (other.x - v.x) * share, v.y + (other.y - v.y) * share)
            }
            let (a, b) = (cut(toward: previous), cut(toward: next))
            func towardCorner(_ p: Point) -> Point { Point(p.x + (v.x - p.x) * Self.handle, p.y + (v.y - p.y) * Self.handle) }
            rounded.points += [a, b]
            rounded.ins += [a, towardCorner(b)]
            rounded.outs += [towardCorner(a), b]
        }
        return rounded
    }

    private static func add(_ shape: Vertices, to path: inout Path) {
        guard let first = shape.points.first else { return }
        path.move(to: first)
        let n = shape.points.count
        for i in 0..<(shape.closed ? n : n - 1) {
            let j = (i + 1) % n
            path.addCurve(to: shape.points[j], control1: shape.outs[i], control2: shape.ins[j])
        }
        if shape.closed { path.closeSubpath() }
    }
}
