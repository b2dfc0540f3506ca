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
    /// Acceleration in points a second², along x and y (y down, so positive y is gravity).
    public var xAcceleration: Double = 0
    public var yAcceleration: Double = 0
    /// The direction particles leave in, radians from +x towards +y (the xy-plane longitude).
    public var emissionLongitude: Double = 0
    /// The width of the cone of directions around the longitude, in radians (2π: every way).
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
    /// The image each particle shows, one image pixel a point at scale 1; none draws nothing.
    public var contents: Image?
    /// The part of the image shown, in unit coordinates of the image.
    public var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)

    /// A cell with Core Animation's defaults (it emits nothing until given a birthRate and lifetime).
    public init() {}
}

/// Where an emitter's particles start (`emitterShape`): around `emitterPosition`, sized by
/// `emitterSize` (a line along x of its width, a circle of its width as diameter). Cuboids and
/// spheres are drawn as their rectangle and circle in the layer's plane.
public enum EmitterShape: String, Hashable, Sendable, CaseIterable {
    case point, line, rectangle, circle, cuboid, sphere
}

/// Which part of the shape particles start from (`emitterMode`): its vertices (`points`, the
/// centre of a circle), its `outline`, or anywhere inside (`surface`, `volume`).
public enum EmitterMode: String, Hashable, Sendable, CaseIterable {
    case points, outline, surface, volume
}

/// The order particles are drawn in (`renderMode`): by cell and then age (`unordered`, as
/// `oldestFirst`), oldest first, oldest last, or back to front (by depth, which in a plane is
/// the same as unordered).
public enum EmitterRenderMode: String, Hashable, Sendable, CaseIterable {
    case unordered, oldestFirst, oldestLast, backToFront
}
