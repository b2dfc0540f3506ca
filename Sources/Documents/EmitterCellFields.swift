import Animation

/// The fields of an emitter cell in a scene file, read and written from this one list.
enum EmitterCellFields {
    /// The number fields, each with where it is stored and the values it may take.
    static let numbers: [(name: String, key: WritableKeyPath<EmitterCell, Double> & Sendable, range: ClosedRange<Double>)] = [
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

    /// Every field a cell object may have.
    static let all = ["name", "enabled", "color", "contents", "contentsRect", "emitterCells"] + numbers.map(\.name)
}
