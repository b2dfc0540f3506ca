import Foundation
import Geometry

/// One particle at a moment, in the emitter layer's coordinates.
struct Particle {
    /// Its cell, as an index into the cells `particles(at:)` returns.
    var cell: Int
    /// Layer time of its birth.
    var birth: Double
    var position: Point
    /// Its depth, towards the viewer (drawn only by an emitter that preserves depth).
    var z: Double
    /// Radians turned since birth.
    var angle: Double
    var scale: Double
    var color: Color
}

/// What is fixed for a particle at its birth: how long it lives, where it starts, how it moves
/// and the base of its turning, size and colour (each already varied by its range).
private struct Launch {
    var life: Double
    var start: SIMD3<Double>
    var velocity: SIMD3<Double>
    var acceleration: SIMD3<Double>
    var spin: Double
    var scale: Double
    var color: SIMD4<Double>

    func position(at age: Double) -> SIMD3<Double> {
        start + velocity * age + acceleration * age * age / 2
    }
}

extension LayerValues {
    /// The most particles an emitter draws in a frame: a birthRate far beyond what shows must
    /// not take unbounded time and memory.
    public static let maximumParticles = 100_000
    /// How deep cells may hold cells (a spark of a spark of a rocket).
    public static let maximumCellDepth = 4

    /// The particles of this emitter alive at layer time `t`, in drawing order, and the cells
    /// they index (every cell, sub-cells after their parents). Each particle is a pure function
    /// of its birth slot: a cell has a slot every 1/birthRate seconds of its own time (which
    /// starts at its beginTime, runs at its speed from its timeOffset, and lasts its duration;
    /// the highest birthRate it has had when that is animated), and a slot at time b gives the
    /// layer's birthRate at b particles, times the cell's rate at b over its slots' (the fraction
    /// at random), so both may change over time (animated to 0 to stop the flow) while particles
    /// already out live on. A particle takes its cell's values as they were at its birth. A sub-cell's time is the age of the particle that emits
    /// it, from wherever that particle is. Random variations come from `seed`, the cell (and
    /// its parents' slots) and the slot, never from earlier frames: frames render in any order
    /// and on any machine alike.
    /// - Parameters:
    ///   - limit: the most particles to return (the rest of the frame's budget).
    ///   - longestLifetime: the largest `lifetime` multiplier a particle out now may have been
    ///     born with (how far back births are looked for); nil: this layer's.
    ///   - peaks: the highest birth rate and lifetime each cell, by its path of indices, may have
    ///     had (`EmitterBirth.cellPeaks`): its slots come that often, and are looked for that far back.
    ///   - emitter: what the layer gave the particles born at an earlier layer time (its shape,
    ///     position, multipliers and cells then).
    func particles(at t: Double, limit: Int = maximumParticles, longestLifetime: Double? = nil, peaks: CellPeaks = CellPeaks(),
                   emitter: (Double) -> EmitterBirth) -> (cells: [EmitterCell], particles: [Particle]) {
        withoutActuallyEscaping(emitter) { emitter in
            var run = EmissionRun(seed: seed, time: t, limit: min(limit, Self.maximumParticles), lifetime: longestLifetime ?? lifetime,
                                  peaks: peaks, emitter: emitter)
            for (index, cell) in emitterCells.enumerated() {
                run.emit(cell, path: [index], key: index, from: nil as EmissionRun.Source?)
            }
            return (run.cells, order(run.particles))
        }
    }

    /// The particles in the render mode's order (they come by cell, oldest first). Unordered and
    /// additive promise no order, so they are drawn in bands of 16 points from the top, left to
    /// right in a band: particles drawn one after another then touch the same rows of the frame,
    /// which stay in the processor's cache (drawn in birth order, each particle's rows missed
    /// the cache: `make bench`, particles). Back to front draws the deepest first, then as unordered.
    private func order(_ particles: [Particle]) -> [Particle] {
        // Sort keys worked out once a particle, not at every comparison.
        func bands() -> [(band: Double, x: Double, index: Int)] {
            particles.enumerated().map { ((($1.position.y / 16).rounded(.down)), $1.position.x, $0) }
        }
        switch renderMode {
        case .unordered, .additive:
            return bands().sorted { ($0.band, $0.x, $0.index) < ($1.band, $1.x, $1.index) }.map { particles[$0.index] }
        case .backToFront:
            return bands().sorted { (particles[$0.index].z, $0.band, $0.x, $0.index) < (particles[$1.index].z, $1.band, $1.x, $1.index) }
                .map { particles[$0.index] }
        case .oldestFirst: return particles.enumerated().sorted { ($0.element.birth, $0.offset) < ($1.element.birth, $1.offset) }.map(\.element)
        case .oldestLast: return particles.enumerated().sorted { ($0.element.birth, $1.offset) > ($1.element.birth, $0.offset) }.map(\.element)
        }
    }

    /// A number in 0..<1 fixed by the seed, the cell, the slot and the draw (SplitMix64).
    static func random(_ seed: Int, _ cell: Int, _ slot: Int, _ draw: Int) -> Double {
        Double(mixing(mixing(mixing(start(seed), cell), slot), draw) >> 11) / Double(UInt64(1) << 53)
    }

    /// SplitMix64 of the parts in order: the bits behind `random` and behind sub-cells' keys.
    static func mixed(_ seed: Int, _ parts: Int...) -> UInt64 {
        parts.reduce(start(seed), mixing)
    }

    /// The state SplitMix64 starts from for `seed`.
    private static func start(_ seed: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: seed) &* 0x9E37_79B9_7F4A_7C15
    }

    /// One SplitMix64 step taking in `part` (written out for `random`, which is called for every
    /// draw of every particle: a variadic list would be an allocation each time).
    @inline(__always)
    private static func mixing(_ state: UInt64, _ part: Int) -> UInt64 {
        var z = (state ^ UInt64(truncatingIfNeeded: part)) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// One frame's emission: the particles so far, the cells they index, and what is left of the budget.
private struct EmissionRun {
    let seed: Int
    /// The frame's layer time.
    let time: Double
    let limit: Int
    /// The largest lifetime multiplier of the particles out (how far back to look for births).
    let lifetime: Double
    /// The highest birth rate and lifetime of each cell, by its path of indices.
    let peaks: CellPeaks
    let emitter: (Double) -> EmitterBirth
    var cells: [EmitterCell] = []
    /// Where each cell, by its path of indices from the layer's cells, is in `cells`.
    var cellIndex: [[Int]: Int] = [:]
    var particles: [Particle] = []
    /// Slots are looked at up to a budget too, however many give no particle.
    var slotsLeft = 4 * LayerValues.maximumParticles

    init(seed: Int, time: Double, limit: Int, lifetime: Double, peaks: CellPeaks, emitter: @escaping (Double) -> EmitterBirth) {
        self.seed = seed
        self.time = time
        self.limit = limit
        self.lifetime = lifetime
        self.peaks = peaks
        self.emitter = emitter
    }

    /// The particle that emits a sub-cell: its birth (layer time), life and motion.
    struct Source {
        var birth: Double
        var launch: Launch
    }

    /// How long after its birth a particle of `cell` (at `path`), or one of those it sends out,
    /// may still show, at the layer's lifetime multiplier `lifetime`: the longest lifetime it
    /// may have been born with.
    func reach(of cell: EmitterCell, path: [Int]) -> Double {
        let life = (max(peaks.lifetime[path] ?? 0, cell.lifetime) + abs(cell.lifetimeRange)) * max(lifetime, 0)
        return life + (cell.emitterCells.enumerated().map { reach(of: $1, path: path + [$0]) }.max() ?? 0)
    }

    /// Adds the particles of `cell` (at `path` among the layer's cells and their sub-cells)
    /// alive now, and those their sub-cells send out. `key` picks the cell's random stream;
    /// `source` is the particle emitting it, nil for the layer.
    mutating func emit(_ cell: EmitterCell, path: [Int], key: Int, from source: Source?) {
        // A peak fixes the slots whatever the frame's rate (one above it gives a slot more particles).
        let slotRate = peaks.birthRate[path] ?? cell.birthRate
        // A particle lives as long as its cell said at its birth: those born longer-lived are looked for.
        let longestLife = max(peaks.lifetime[path] ?? 0, cell.lifetime)
        guard cell.isEnabled, slotRate > 0, longestLife > 0, cell.speed > 0, path.count <= LayerValues.maximumCellDepth else { return }
        let index = cellIndex[path] ?? cells.count
        if index == cells.count {
            cellIndex[path] = index
            cells.append(cell)
        }
        let spacing = 1 / slotRate
        // The source's clock now, and when it stops emitting.
        let now = time - (source?.birth ?? 0)
        let sourceEnd = min(source?.launch.life ?? .infinity, cell.duration > 0 ? cell.beginTime + cell.duration : .infinity)
        let reach = self.reach(of: cell, path: path)
        guard now >= cell.beginTime, reach > 0, spacing.isFinite else { return }
        // Slot k is born at source time beginTime + (k·spacing − timeOffset) / speed.
        func slot(atSourceTime a: Double) -> Double { ((a - cell.beginTime) * cell.speed + cell.timeOffset) / spacing }
        let (low, high) = (max(cell.beginTime, now - reach), min(now, sourceEnd))
        guard low <= high, slot(atSourceTime: high).isFinite, slot(atSourceTime: high) < 1e15 else { return }
        let last = Int(slot(atSourceTime: high).rounded(.down))
        let first = max(Int(max(slot(atSourceTime: low), -1).rounded(.up)), 0, last - LayerValues.maximumParticles)
        guard first <= last else { return }
        for k in first...last {
            slotsLeft -= 1
            if slotsLeft < 0 || particles.count >= limit { return }
            let bornAt = cell.beginTime + (Double(k) * spacing - cell.timeOffset) / cell.speed
            guard bornAt >= cell.beginTime, bornAt < sourceEnd, bornAt <= now else { continue }
            let born = (source?.birth ?? 0) + bornAt
            let e = emitter(born)
            // The cell as it was then (its birth rate, velocity, colour… animated or set since).
            let bornCell = EmitterCell.cell(at: path, in: e.cells) ?? cell
            let rate = min(max(e.birthRate * (bornCell.birthRate / slotRate), 0), 64)
            guard rate.isFinite else { continue }
            let copies = Int(rate) + (LayerValues.random(seed, key, k, 0) < rate - rate.rounded(.down) ? 1 : 0)
            for copy in 0..<copies {
                if particles.count >= limit { return }
                let origin = source.map { $0.launch.position(at: bornAt) }
                guard let launch = launch(bornCell, key: key, slot: k, copy: copy, emitter: e, from: origin) else { continue }
                let age = time - born
                if age < launch.life { particles.append(particle(launch, cell: bornCell, index: index, born: born, age: age)) }
                for (subIndex, sub) in cell.emitterCells.enumerated() {
                    let subKey = Int(truncatingIfNeeded: LayerValues.mixed(seed, key, k, copy, subIndex))
                    emit(sub, path: path + [subIndex], key: subKey, from: Source(birth: born, launch: launch))
                }
            }
        }
    }

    /// The launch of the particle of `cell` from `slot`, or nil when it would live no time. The
    /// random draws come in a fixed order: life, start, direction, speed, spin, scale, colour.
    private func launch(_ cell: EmitterCell, key: Int, slot: Int, copy: Int, emitter e: EmitterBirth, from origin: SIMD3<Double>?) -> Launch? {
        var draw = 1 + copy * 16
        func unit() -> Double {
            draw += 1
            return LayerValues.random(seed, key, slot, draw)
        }
        func spread() -> Double { 2 * unit() - 1 }
        let life = (cell.lifetime + cell.lifetimeRange * spread()) * e.lifetime
        guard life > 0 else { return nil }
        let start = origin ?? e.emissionPoint(unit)
        let longitude = cell.emissionLongitude + cell.emissionRange * (unit() - 0.5)
        let speed = (cell.velocity + cell.velocityRange * spread()) * e.velocity
        let latitude = cell.emissionLatitude
        let velocity = SIMD3(cos(latitude) * cos(longitude), cos(latitude) * sin(longitude), sin(latitude)) * speed
        let spin = (cell.spin + cell.spinRange * spread()) * e.spin
        let scale = (cell.scale + cell.scaleRange * spread()) * e.scale
        let c = cell.color
        let color = SIMD4(c.red + cell.redRange * spread(), c.green + cell.greenRange * spread(),
                          c.blue + cell.blueRange * spread(), c.alpha + cell.alphaRange * spread())
        return Launch(life: life, start: start, velocity: velocity,
                      acceleration: SIMD3(cell.xAcceleration, cell.yAcceleration, cell.zAcceleration),
                      spin: spin, scale: scale, color: color)
    }

    /// A launched particle `age` seconds after its birth.
    private func particle(_ launch: Launch, cell: EmitterCell, index: Int, born: Double, age: Double) -> Particle {
        let p = launch.position(at: age)
        func channel(_ base: Double, _ speed: Double) -> Double { min(max(base + speed * age, 0), 1) }
        let color = Color(red: channel(launch.color.x, cell.redSpeed), green: channel(launch.color.y, cell.greenSpeed),
                          blue: channel(launch.color.z, cell.blueSpeed), alpha: channel(launch.color.w, cell.alphaSpeed))
        return Particle(cell: index, birth: born, position: Point(p.x, p.y), z: p.z, angle: launch.spin * age,
                        scale: max(launch.scale + cell.scaleSpeed * age, 0), color: color)
    }
}
