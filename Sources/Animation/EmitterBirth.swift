import Foundation
import Geometry

/// What an emitter layer gives a particle at its birth: its rate, the multipliers of the
/// cells' lifetime, velocity, scale and spin, and where particles start. A few numbers, read
/// once a birth (the whole layer's values are far larger to copy).
struct EmitterBirth {
    var birthRate: Double
    var lifetime: Double
    var velocity: Double
    var scale: Double
    var spin: Double
    var emitterPosition: Point
    var emitterZPosition: Double
    var emitterSize: Size
    var emitterDepth: Double
    var emitterShape: EmitterShape
    var emitterMode: EmitterMode
    /// The cells as they were: a particle takes its cell's values at its birth (a cell's
    /// `velocity` is the particle's initial velocity), animated through `emitterCells.NAME.*`.
    var cells: [EmitterCell]

    /// The layer properties behind these fields (`LayerValues.birth`).
    static let properties = ["birthRate", "lifetime", "velocity", "scale", "spin", "emitterPosition", "emitterSize",
                             "emitterZPosition", "emitterDepth", "emitterShape", "emitterMode", "emitterCells"].compactMap { LayerProperty.named[$0] }

    /// Whether an animation of the key path `name` changes what a birth uses.
    static func isAffected(by name: String) -> Bool {
        name.hasPrefix("emitterCells.") || properties.contains { $0.name == name }
    }

    /// The highest birth rate and lifetime each cell (by its path of indices among the layer's
    /// cells and theirs) has in `models` (the layer's cells in each of its model states) or is
    /// given by `animations`, as far as their values say (an additive or `by` value on top of the
    /// model's highest): birth slots come as often as that rate, each a particle with the chance
    /// the rate at its time bears to it (an estimate too low gives a slot more than one), and
    /// births are looked for as far back as that lifetime.
    static func cellPeaks(_ models: [[EmitterCell]], animations: [AnimationSpec]) -> CellPeaks {
        CellPeaks(birthRate: peaks(\.birthRate, named: "birthRate", models, animations),
                  lifetime: peaks(\.lifetime, named: "lifetime", models, animations))
    }

    /// The highest value of the cell field at `key` (its key-path name `name`), by cell.
    private static func peaks(_ key: KeyPath<EmitterCell, Double>, named name: String, _ models: [[EmitterCell]],
                              _ animations: [AnimationSpec]) -> [[Int]: Double] {
        var peaks: [[Int]: Double] = [:]
        func visit(_ cells: [EmitterCell], _ path: [Int]) {
            for (i, cell) in cells.enumerated() {
                peaks[path + [i]] = max(peaks[path + [i]] ?? 0, cell[keyPath: key])
                visit(cell.emitterCells, path + [i])
            }
        }
        for cells in models { visit(cells, []) }
        guard let cells = models.first else { return peaks }
        for (keyPath, values, relative) in animations.flatMap(\.numberValues) {
            let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard let (names, property) = EmitterCell.names(inKeyPath: parts), property == name,
                  let path = EmitterCell.indexPath(named: names, in: cells), let highest = values.max() else { continue }
            peaks[path] = max(peaks[path] ?? 0, relative ? (peaks[path] ?? 0) + highest : highest)
        }
        return peaks
    }

    /// Where a particle starts, from random numbers in 0..<1: on the emitter's shape, as its
    /// mode says, about `emitterPosition` and `emitterZPosition`.
    func emissionPoint(_ u: () -> Double) -> SIMD3<Double> {
        let (w, h, d) = (emitterSize.width, emitterSize.height, emitterDepth)
        let offset: SIMD3<Double>
        switch (emitterShape, emitterMode) {
        case (.point, _):
            offset = .zero
        case (.line, .points):
            offset = [u() < 0.5 ? -w / 2 : w / 2, 0, 0]
        case (.line, _):
            offset = [(u() - 0.5) * w, 0, 0]
        case (.rectangle, .points):
            offset = [u() < 0.5 ? -w / 2 : w / 2, u() < 0.5 ? -h / 2 : h / 2, 0]
        case (.rectangle, .outline):
            // A point along the perimeter, by arc length.
            let s = u() * 2 * (w + h)
            offset = s < w ? [s - w / 2, -h / 2, 0]
                : s < w + h ? [w / 2, s - w - h / 2, 0]
                : s < 2 * w + h ? [w / 2 - (s - w - h), h / 2, 0]
                : [-w / 2, h / 2 - (s - 2 * w - h), 0]
        case (.rectangle, _):
            offset = [(u() - 0.5) * w, (u() - 0.5) * h, 0]
        case (.cuboid, .points):
            offset = [u() < 0.5 ? -w / 2 : w / 2, u() < 0.5 ? -h / 2 : h / 2, u() < 0.5 ? -d / 2 : d / 2]
        case (.cuboid, .outline):
            // One of the twelve edges, chosen in proportion to its length, then a point along it.
            let (axis, along) = (u() * 4 * (w + h + d), u() - 0.5)
            let (a, b) = (u() < 0.5 ? -0.5 : 0.5, u() < 0.5 ? -0.5 : 0.5)
            offset = axis < 4 * w ? [along * w, a * h, b * d] : axis < 4 * (w + h) ? [a * w, along * h, b * d] : [a * w, b * h, along * d]
        case (.cuboid, .surface):
            // One of the six faces, in proportion to its area.
            let (face, side) = (u() * 2 * (w * h + w * d + h * d), u() < 0.5 ? -0.5 : 0.5)
            let (p, q) = (u() - 0.5, u() - 0.5)
            offset = face < 2 * w * h ? [p * w, q * h, side * d] : face < 2 * (w * h + w * d) ? [p * w, side * h, q * d] : [side * w, p * h, q * d]
        case (.cuboid, .volume):
            offset = [(u() - 0.5) * w, (u() - 0.5) * h, (u() - 0.5) * d]
        case (.circle, .points), (.sphere, .points):
            offset = .zero
        case (.circle, .outline):
            // A circle's radius is the width itself (Apple's `circle`: "of radius
            // emitterSize.width"; a line's and a rectangle's take half of it either side).
            let a = u() * 2 * .pi
            offset = [cos(a) * w, sin(a) * w, 0]
        case (.circle, _):
            // Uniform over the disc: the radius goes as the square root.
            let (a, r) = (u() * 2 * .pi, u().squareRoot() * w)
            offset = [cos(a) * r, sin(a) * r, 0]
        case (.sphere, _):
            // Uniform on the sphere (outline, surface) or in the ball (volume: radius as the cube root).
            let (z, a) = (2 * u() - 1, u() * 2 * .pi)
            let r = (emitterMode == .volume ? cbrt(u()) : 1) * w / 2, ring = (1 - z * z).squareRoot()
            offset = [cos(a) * ring * r, sin(a) * ring * r, z * r]
        }
        return SIMD3(emitterPosition.x, emitterPosition.y, emitterZPosition) + offset
    }
}

extension LayerValues {
    /// What this emitter gives the particles born now.
    var birth: EmitterBirth {
        EmitterBirth(birthRate: birthRate, lifetime: lifetime, velocity: velocity, scale: scale, spin: spin, emitterPosition: emitterPosition,
                     emitterZPosition: emitterZPosition, emitterSize: emitterSize, emitterDepth: emitterDepth, emitterShape: emitterShape,
                     emitterMode: emitterMode, cells: emitterCells)
    }
}

extension AnimationSpec {
    /// The numbers the animation (and those in it) gives each key path it animates, and whether
    /// they are added to the value under them (additive, or a `by` value).
    fileprivate var numberValues: [(keyPath: String, values: [Double], relative: Bool)] {
        func numbers(_ values: [AnimationValue?]) -> [Double] {
            values.compactMap { if case .number(let x) = $0 { x } else { nil } }
        }
        switch content {
        case .none, .transition: return []
        case .basic(let basic), .spring(let basic, _):
            return [(basic.keyPath.name, numbers([basic.from, basic.to, basic.by]), basic.isAdditive || basic.by != nil)]
        case .keyframes(let keyframes):
            guard case .values(let values) = keyframes.frames else { return [] }
            return [(keyframes.keyPath.name, numbers(values), keyframes.isAdditive)]
        case .group(let children): return children.flatMap(\.numberValues)
        }
    }
}

/// The highest birth rate and lifetime of an emitter's cells over the clip, by their paths of
/// indices (`EmitterBirth.cellPeaks`); a cell not there takes its values at the frame.
struct CellPeaks: Hashable, Sendable {
    var birthRate: [[Int]: Double] = [:]
    var lifetime: [[Int]: Double] = [:]
}
