import Geometry

/// One kind of particle an emitter layer sends out (`CAEmitterCell`): how often, how long it
/// lives, how it moves, turns, scales and changes colour, and the image it shows. Each value
/// varies per particle by up to ± its range, at random but the same on every run (the layer's
/// `seed` picks the stream).
public struct EmitterCell: Hashable, Sendable {
    /// A name for scripts and inspection.
    public var name: String?
    /// Whether the cell emits.
    public var isEnabled = true
    /// Particles a second (times the layer's birthRate).
    public var birthRate: Double = 0
    /// Seconds a particle lives (times the layer's lifetime), ± lifetimeRange.
    public var lifetime: Double = 0
    public var lifetimeRange: Double = 0
    /// Initial speed in points a second (times the layer's velocity), ± velocityRange.
    public var velocity: Double = 0
    public var velocityRange: Double = 0
    /// Acceleration in points a second², along x, y and z (y down, so positive y is gravity;
    /// z towards the viewer).
    public var xAcceleration: Double = 0
    public var yAcceleration: Double = 0
    public var zAcceleration: Double = 0
    /// The direction particles leave in, radians from +x towards +y (the xy-plane longitude).
    public var emissionLongitude: Double = 0
    /// How far the direction tilts out of the layer's plane towards +z, in radians.
    public var emissionLatitude: Double = 0
    /// The spread of directions around the longitude, in radians (2π: every way in the plane).
    public var emissionRange: Double = 0
    /// Turning speed in radians a second (times the layer's spin), ± spinRange.
    public var spin: Double = 0
    public var spinRange: Double = 0
    /// Size relative to the image (times the layer's scale), ± scaleRange, changing by
    /// scaleSpeed a second.
    public var scale: Double = 1
    public var scaleRange: Double = 0
    public var scaleSpeed: Double = 0
    /// The colour that multiplies the image, each component ± its range, changing by its speed a second.
    public var color: Color = .white
    public var redRange: Double = 0
    public var greenRange: Double = 0
    public var blueRange: Double = 0
    public var alphaRange: Double = 0
    public var redSpeed: Double = 0
    public var greenSpeed: Double = 0
    public var blueSpeed: Double = 0
    public var alphaSpeed: Double = 0
    /// The image each particle shows, `contentsScale` image pixels a point at scale 1; none draws nothing.
    public var contents: Image?
    /// The part of the image shown, in unit coordinates of the image.
    public var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
    /// Image pixels a point.
    public var contentsScale: Double = 1
    /// When the cell starts emitting, in seconds of its parent's time: the layer's, or for a
    /// sub-cell the age of the particle that emits it.
    public var beginTime: Double = 0
    /// How long it emits from then, in its parent's seconds; 0 for ever.
    public var duration: Double = 0
    /// How fast its birth slots come against its parent's time; 0 emits nothing.
    public var speed: Double = 1
    /// Seconds of its own time already past when it begins (its slots are that much further on).
    public var timeOffset: Double = 0
    /// Cells whose particles each particle of this cell sends out while it lives, from where it
    /// is (fireworks: a rocket's sparks).
    public var emitterCells: [EmitterCell] = []

    /// A cell with Core Animation's defaults (it emits nothing until given a birthRate and lifetime).
    public init() {}

    /// The cell `names` picks among `cells`: the first of the first name, then the first of the
    /// next name among its cells, and so on (`emitterCells.NAME.emitterCells.NAME`).
    static func cell(named names: [String], in cells: [EmitterCell]) -> EmitterCell? {
        indexPath(named: names, in: cells).flatMap { cell(at: $0, in: cells) }
    }

    /// The indices of the cell `names` picks among `cells` (as `cell(named:in:)`).
    static func indexPath(named names: [String], in cells: [EmitterCell]) -> [Int]? {
        var (path, level) = ([Int](), cells)
        for name in names {
            guard let index = level.firstIndex(where: { $0.name == name }) else { return nil }
            path.append(index)
            level = level[index].emitterCells
        }
        return path.isEmpty ? nil : path
    }

    /// The cell names and the property of a key path `emitterCells.NAME(.emitterCells.NAME)….PROPERTY`,
    /// split at its dots; nil for any other.
    static func names(inKeyPath parts: [String]) -> (names: [String], property: String)? {
        guard parts.count >= 3, parts.count % 2 == 1, let property = parts.last,
              stride(from: 0, to: parts.count - 1, by: 2).allSatisfy({ parts[$0] == "emitterCells" }) else { return nil }
        let names = stride(from: 1, to: parts.count - 1, by: 2).map { parts[$0] }
        return names.contains("") ? nil : (names, property)
    }

    /// The cell at `path` (indices among `cells`, then among that cell's cells, …).
    static func cell(at path: [Int], in cells: [EmitterCell]) -> EmitterCell? {
        var (cell, level) = (nil as EmitterCell?, cells)
        for i in path {
            guard level.indices.contains(i) else { return nil }
            cell = level[i]
            level = level[i].emitterCells
        }
        return cell
    }

    /// Changes the cell `names` picks among `cells` (as `cell(named:in:)`), if there is one.
    static func change(named names: [String], in cells: inout [EmitterCell], _ body: (inout EmitterCell) -> Void) {
        guard let path = indexPath(named: names, in: cells) else { return }
        func change(_ path: ArraySlice<Int>, in cells: inout [EmitterCell]) {
            if path.count == 1 { body(&cells[path[path.startIndex]]) } else { change(path.dropFirst(), in: &cells[path[path.startIndex]].emitterCells) }
        }
        change(path[...], in: &cells)
    }

    /// The number fields by name (`CAEmitterCell`'s), each with where it is stored and the values a
    /// scene file may give it: what key paths (`emitterCells.NAME.birthRate`) and scene files reach.
    public static let numberFields: [(name: String, key: WritableKeyPath<EmitterCell, Double> & Sendable, range: ClosedRange<Double>)] = [
        ("birthRate", \.birthRate, 0...1e5), ("lifetime", \.lifetime, 0...3600), ("lifetimeRange", \.lifetimeRange, 0...3600),
        ("velocity", \.velocity, -1e6...1e6), ("velocityRange", \.velocityRange, 0...1e6),
        ("xAcceleration", \.xAcceleration, -1e6...1e6), ("yAcceleration", \.yAcceleration, -1e6...1e6),
        ("zAcceleration", \.zAcceleration, -1e6...1e6),
        ("emissionLongitude", \.emissionLongitude, -1e3...1e3), ("emissionLatitude", \.emissionLatitude, -1e3...1e3),
        ("emissionRange", \.emissionRange, 0...1e3),
        ("spin", \.spin, -1e3...1e3), ("spinRange", \.spinRange, 0...1e3),
        ("scale", \.scale, 0...1e3), ("scaleRange", \.scaleRange, 0...1e3), ("scaleSpeed", \.scaleSpeed, -1e3...1e3),
        ("redRange", \.redRange, 0...1), ("greenRange", \.greenRange, 0...1), ("blueRange", \.blueRange, 0...1),
        ("alphaRange", \.alphaRange, 0...1), ("redSpeed", \.redSpeed, -1e3...1e3), ("greenSpeed", \.greenSpeed, -1e3...1e3),
        ("blueSpeed", \.blueSpeed, -1e3...1e3), ("alphaSpeed", \.alphaSpeed, -1e3...1e3),
        ("contentsScale", \.contentsScale, 0.01...100),
        ("beginTime", \.beginTime, 0...3600), ("duration", \.duration, 0...3600), ("speed", \.speed, 0...1000),
        ("timeOffset", \.timeOffset, 0...3600),
    ]
}

/// Where an emitter's particles start (`emitterShape`): around `emitterPosition` and
/// `emitterZPosition`, sized by `emitterSize` and `emitterDepth` (a line along x of its width, a
/// circle of its width as diameter, a cuboid of width, height and depth, a sphere of its width
/// as diameter).
public enum EmitterShape: String, Hashable, Sendable, CaseIterable {
    case point, line, rectangle, circle, cuboid, sphere
}

/// Which part of the shape particles start from (`emitterMode`): its vertices (`points`, the
/// centre of a circle), its `outline`, or anywhere inside (`surface`, `volume`).
public enum EmitterMode: String, Hashable, Sendable, CaseIterable {
    case points, outline, surface, volume
}

/// How particles are drawn (`renderMode`): in no promised order (`unordered`), oldest first,
/// oldest last, back to front (by depth), or added together (`additive`: brighter where they
/// overlap, in no order, as light adds up).
public enum EmitterRenderMode: String, Hashable, Sendable, CaseIterable {
    case unordered, oldestFirst, oldestLast, backToFront, additive
}
