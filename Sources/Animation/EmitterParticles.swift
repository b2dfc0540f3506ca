import Foundation
import Geometry

/// One particle at a moment, in the emitter layer's coordinates.
struct Particle {
    var cell: Int
    /// Layer time of its birth.
    var birth: Double
    var position: Point
    /// Radians turned since birth.
    var angle: Double
    var scale: Double
    var color: Color
}

extension LayerValues {
    /// The most particles an emitter draws in a frame: a birthRate far beyond what shows must
    /// not take unbounded time and memory.
    static let maximumParticles = 100_000

    /// The particles of this emitter alive at layer time `t`, in drawing order. Each is a pure
    /// function of its birth slot: cell i has a slot every 1/birthRate seconds from layer time 0,
    /// and a slot at time b gives the layer's birthRate at b particles (the fraction at random),
    /// so the layer's birthRate may change over time (animated to 0 to stop the flow) while
    /// particles already out live on. Their random variations come from `seed`, the cell and the
    /// slot, never from earlier frames: frames render in any order and on any machine alike.
    /// - Parameters:
    ///   - limit: the most particles to return (the rest of the frame's budget).
    ///   - birthRate: the layer's birthRate multiplier at a layer time.
    func particles(at t: Double, limit: Int = maximumParticles, birthRate: (Double) -> Double) -> [Particle] {
        var particles: [Particle] = []
        // Slots are looked at up to the budget too, however many give no particle.
        var slotsLeft = 4 * Self.maximumParticles
        for (index, cell) in emitterCells.enumerated() where cell.isEnabled && cell.birthRate > 0 && cell.lifetime > 0 {
            let spacing = 1 / cell.birthRate
            let longest = (cell.lifetime + abs(cell.lifetimeRange)) * max(lifetime, 0)
            guard t >= 0, longest > 0, spacing.isFinite else { continue }
            guard (t / spacing).isFinite, t / spacing < 1e15 else { continue }
            let last = Int((t / spacing).rounded(.down))
            // The slots that can still have a particle out, at most the particle limit of them.
            let first = max(Int(max((t - longest) / spacing, -1).rounded(.up)), 0, last - Self.maximumParticles)
            guard first <= last else { continue }
            for slot in first...last {
                slotsLeft -= 1
                if slotsLeft < 0 { return order(particles) }
                let born = Double(slot) * spacing
                let rate = min(max(birthRate(born), 0), 64)
                guard rate.isFinite else { continue }
                let copies = Int(rate) + (Self.random(seed, index, slot, 0) < rate - rate.rounded(.down) ? 1 : 0)
                for copy in 0..<copies {
                    if particles.count >= min(limit, Self.maximumParticles) { return order(particles) }
                    if let particle = self.particle(of: cell, index, slot: slot, copy: copy, born: born, age: t - born) {
                        particles.append(particle)
                    }
                }
            }
        }
        return order(particles)
    }

    /// One particle of `cell` from `slot`, or nil when it has died by `age`.
    private func particle(of cell: EmitterCell, _ index: Int, slot: Int, copy: Int, born: Double, age: Double) -> Particle? {
        var draw = 1 + copy * 16
        func unit() -> Double {
            draw += 1
            return Self.random(seed, index, slot, draw)
        }
        func spread() -> Double { 2 * unit() - 1 }
        let life = (cell.lifetime + cell.lifetimeRange * spread()) * lifetime
        guard age < life else { return nil }
        let start = emissionPoint(unit, unit)
        let direction = cell.emissionLongitude + cell.emissionRange * (unit() - 0.5)
        let speed = (cell.velocity + cell.velocityRange * spread()) * velocity
        let position = Point(start.x + cos(direction) * speed * age + cell.xAcceleration * age * age / 2,
                             start.y + sin(direction) * speed * age + cell.yAcceleration * age * age / 2)
        let angle = (cell.spin + cell.spinRange * spread()) * spin * age
        let size = max((cell.scale + cell.scaleRange * spread()) * scale + cell.scaleSpeed * age, 0)
        func channel(_ base: Double, _ range: Double, _ speed: Double) -> Double {
            min(max(base + range * spread() + speed * age, 0), 1)
        }
        let c = cell.color
        let color = Color(red: channel(c.red, cell.redRange, cell.redSpeed), green: channel(c.green, cell.greenRange, cell.greenSpeed),
                          blue: channel(c.blue, cell.blueRange, cell.blueSpeed), alpha: channel(c.alpha, cell.alphaRange, cell.alphaSpeed))
        return Particle(cell: index, birth: born, position: position, angle: angle, scale: size, color: color)
    }

    /// Where a particle starts, from two random numbers in 0..<1: on the emitter's shape, as its
    /// mode says, about `emitterPosition`.
    private func emissionPoint(_ u: () -> Double, _ v: () -> Double) -> Point {
        let (w, h) = (emitterSize.width, emitterSize.height)
        let offset: Point
        switch (emitterShape, emitterMode) {
        case (.point, _):
            offset = .zero
        case (.line, .points):
            offset = Point(u() < 0.5 ? -w / 2 : w / 2, 0)
        case (.line, _):
            offset = Point((u() - 0.5) * w, 0)
        case (.rectangle, .points), (.cuboid, .points):
            offset = Point(u() < 0.5 ? -w / 2 : w / 2, v() < 0.5 ? -h / 2 : h / 2)
        case (.rectangle, .outline), (.cuboid, .outline):
            // A point along the perimeter, by arc length.
            let s = u() * 2 * (w + h)
            offset = s < w ? Point(s - w / 2, -h / 2)
                : s < w + h ? Point(w / 2, s - w - h / 2)
                : s < 2 * w + h ? Point(w / 2 - (s - w - h), h / 2)
                : Point(-w / 2, h / 2 - (s - 2 * w - h))
        case (.rectangle, _), (.cuboid, _):
            offset = Point((u() - 0.5) * w, (v() - 0.5) * h)
        case (.circle, .points), (.sphere, .points):
            offset = .zero
        case (.circle, .outline), (.sphere, .outline):
            let a = u() * 2 * .pi
            offset = Point(cos(a) * w / 2, sin(a) * w / 2)
        case (.circle, _), (.sphere, _):
            // Uniform over the disc: the radius goes as the square root.
            let (a, r) = (u() * 2 * .pi, u().squareRoot() * w / 2)
            offset = Point(cos(a) * r, sin(a) * r)
        }
        return Point(emitterPosition.x + offset.x, emitterPosition.y + offset.y)
    }

    /// The particles in the render mode's order (they come by cell, oldest first). Unordered
    /// (and back to front, all at one depth in a plane) promise no order, so they are drawn in
    /// bands of 32 points from the top, left to right in a band: particles drawn one after
    /// another then touch the same rows of the frame, which stay in the processor's cache
    /// (drawn in birth order, each particle's rows missed the cache: `make bench`, particles).
    private func order(_ particles: [Particle]) -> [Particle] {
        switch renderMode {
        case .unordered, .backToFront:
            func band(_ p: Particle) -> Double { (p.position.y / 32).rounded(.down) }
            return particles.enumerated().sorted { a, b in
                (band(a.element), a.element.position.x, a.offset) < (band(b.element), b.element.position.x, b.offset)
            }.map(\.element)
        case .oldestFirst: return particles.enumerated().sorted { ($0.element.birth, $0.offset) < ($1.element.birth, $1.offset) }.map(\.element)
        case .oldestLast: return particles.enumerated().sorted { ($0.element.birth, $1.offset) > ($1.element.birth, $0.offset) }.map(\.element)
        }
    }

    /// A number in 0..<1 fixed by the seed, the cell, the slot and the draw (SplitMix64).
    static func random(_ seed: Int, _ cell: Int, _ slot: Int, _ draw: Int) -> Double {
        var z = UInt64(truncatingIfNeeded: seed) &* 0x9E37_79B9_7F4A_7C15
        func mix(_ part: Int) {
            z = (z ^ UInt64(truncatingIfNeeded: part)) &+ 0x9E37_79B9_7F4A_7C15
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
        }
        mix(cell)
        mix(slot)
        mix(draw)
        return Double(z >> 11) / Double(UInt64(1) << 53)
    }
}
