import Geometry

/// Values as vectors of numbers, for splines and distances (numbers, points, sizes, rects, colours).
extension AnimationValue {
    /// The value's numbers, or nil for transforms, paths, colour lists and images.
    var components: [Double]? {
        switch self {
        case .number(let x): [x]
        case .point(let p): [p.x, p.y]
        case .size(let s): [s.width, s.height]
        case .rect(let r): [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .color(let c): [c.red, c.green, c.blue, c.alpha]
        case .numbers(let list): list
        case .transform, .path, .colors, .image: nil
        }
    }

    /// A value of the same type as `self` made of `c` (which has as many numbers).
    func with(components c: [Double]) -> AnimationValue {
        switch self {
        case .number: .number(c[0])
        case .point: .point(Point(c[0], c[1]))
        case .size: .size(Size(c[0], c[1]))
        case .rect: .rect(Rect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .color: .color(Color(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
        case .numbers: .numbers(c)
        case .transform, .path, .colors, .image: self
        }
    }

    /// The Euclidean distance to `other`, used for paced timing (0 between unlike values).
    func distance(to other: AnimationValue) -> Double {
        if case let (.transform(a), .transform(b)) = (self, other),
           let da = DecomposedTransform(a), let db = DecomposedTransform(b) {
            let dx = db.translation.x - da.translation.x, dy = db.translation.y - da.translation.y
            return (dx * dx + dy * dy).squareRoot()
        }
        guard let a = components, let b = other.components, a.count == b.count else { return 0 }
        return zip(a, b).reduce(0) { $0 + ($1.1 - $1.0) * ($1.1 - $1.0) }.squareRoot()
    }
}
