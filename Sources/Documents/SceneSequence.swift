import Animation

/// A scene file's shots (`"shots"`): named parts of the clip laid end to end, each with its own
/// time (its animations count from its start) and length, each after the first optionally
/// entering by a transition that overlaps the end of the shot before. Changing one shot's length
/// moves every later one; a clip longer or shorter than the shots scales those that stretch.
struct SceneSequence: Sendable {
    /// One shot as the file writes it.
    struct Shot: Sendable {
        let name: String
        /// Its length as written (the default of its knob).
        let seconds: Double
        /// Whether it grows or shrinks with the clip's length.
        let stretches: Bool
        /// How it enters over the end of the shot before (never on the first).
        let transition: ShotTransition?
    }

    /// A shot on the clip: where it starts and how long it lasts, in the clip's seconds.
    struct Placed: Sendable, Equatable {
        let start: Double
        let seconds: Double
    }

    let shots: [Shot]

    /// The knob that sets shot `name`'s length: `shots.NAME.seconds`.
    static func knob(_ name: String) -> String { "shots.\(name).seconds" }

    /// The shortest a shot may be, in seconds.
    static let shortestShot = 0.05

    /// Each shot placed: lengths from `seconds` (a shot's knob), then, when the clip has a
    /// `length`, the stretching shots scaled alike so that the whole lasts it.
    /// - Throws: a message when a transition is longer than a shot it joins, or the clip is too
    ///   short for its fixed shots and transitions.
    func placed(seconds: (String) -> Double, length: Double?) throws(SceneSequenceError) -> [Placed] {
        var lengths = shots.map { seconds($0.name) }
        let overlaps = shots.reduce(0) { $0 + ($1.transition?.duration ?? 0) }
        let stretching = zip(shots, lengths).filter { $0.0.stretches }.reduce(0) { $0 + $1.1 }
        if let length, stretching > 0 {
            let fixed = zip(shots, lengths).filter { !$0.0.stretches }.reduce(0) { $0 + $1.1 }
            let factor = (length - fixed + overlaps) / stretching
            let shortest = zip(shots, lengths).filter { $0.0.stretches }.map(\.1).min() ?? 0
            guard factor * shortest >= Self.shortestShot else {
                throw SceneSequenceError("the clip's \(JSON.exact(length)) s is too short for its shots: those that do not stretch last "
                                         + "\(JSON.exact(fixed - overlaps)) s, less the transitions' overlaps")
            }
            for i in shots.indices where shots[i].stretches { lengths[i] *= factor }
        }
        var placed: [Placed] = []
        var start = 0.0
        for (i, shot) in shots.enumerated() {
            if let transition = shot.transition, i > 0 {
                guard transition.duration <= min(lengths[i - 1], lengths[i]) + 1e-9 else {
                    throw SceneSequenceError("shot \"\(shot.name)\": its transition of \(JSON.exact(transition.duration)) s is longer than it "
                                             + "(\(JSON.exact(lengths[i])) s) or the shot before (\(JSON.exact(lengths[i - 1])) s)")
                }
                start -= transition.duration
            }
            placed.append(Placed(start: start, seconds: lengths[i]))
            start += lengths[i]
        }
        return placed
    }

    /// How long the shots last with these lengths, unstretched.
    func length(seconds: (String) -> Double) -> Double {
        shots.reduce(0) { $0 + seconds($1.name) - ($1.transition?.duration ?? 0) }
    }
}

/// Why a scene file's shots cannot be placed.
struct SceneSequenceError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// How a shot enters over the end of the one before: Core Animation's transitions (`fade`,
/// `push`, `moveIn`, `reveal`) with both shots moving, a cross-zoom and a wipe.
struct ShotTransition: Sendable {
    enum Kind: String, Sendable, CaseIterable {
        /// The old shot fades out as the new one fades in.
        case fade
        /// The new shot slides in and pushes the old one out.
        case push
        /// The new shot slides in over the old one.
        case moveIn
        /// The old shot slides out, uncovering the new one.
        case reveal
        /// The old shot grows and fades out while the new one grows into place and fades in.
        case crossZoom
        /// An edge crosses the frame, the new shot behind it.
        case wipe
    }

    let kind: Kind
    /// The side the motion comes from (`CATransition`'s subtype).
    let direction: Transition.Direction
    /// Seconds the two shots overlap.
    let duration: Double
    let timingFunction: TimingFunction
}
