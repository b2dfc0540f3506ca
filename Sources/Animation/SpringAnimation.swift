import Foundation

/// A basic animation whose progress follows a damped harmonic oscillator (`CASpringAnimation`).
/// Its timing function is ignored; set `duration` to `settlingDuration` to see the whole motion.
public final class SpringAnimation: BasicAnimation {
    /// The mass m on the spring.
    public var mass: Double = 1
    /// The spring constant k.
    public var stiffness: Double = 100
    /// The damping coefficient c; below 2√(km) the motion overshoots.
    public var damping: Double = 10
    /// In units of the from → to distance per second; positive moves towards the target.
    public var initialVelocity: Double = 0

    /// The oscillator these parameters describe.
    public var spring: AnimationSpec.Spring {
        AnimationSpec.Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    /// The time after which the motion stays within 0.1% of the distance from the target
    /// (**DECISION**: Apple does not document its threshold).
    public var settlingDuration: Double { spring.settlingDuration }

    public override func copy() -> Animation {
        let a = SpringAnimation(keyPath: keyPath)
        a.copyValues(from: self)
        a.mass = mass
        a.stiffness = stiffness
        a.damping = damping
        a.initialVelocity = initialVelocity
        return a
    }

    public override func spec() throws(AnimationError) -> AnimationSpec {
        AnimationSpec(timing: timing, timingFunction: nil, isRemovedOnCompletion: isRemovedOnCompletion,
                      content: .spring(try basicSpec(), spring))
    }
}

extension AnimationSpec {
    /// The closed-form solution of m·x″ + c·x′ + k·x = 0 for the displacement from the target.
    public struct Spring: Hashable, Sendable {
        /// m in m·x″ + c·x′ + k·x = 0.
        public var mass: Double
        /// k, the spring constant.
        public var stiffness: Double
        /// c, the damping coefficient.
        public var damping: Double
        /// Speed towards the target at t = 0, in from → to distances per second.
        public var initialVelocity: Double

        /// An oscillator with the given mass, stiffness, damping and initial velocity.
        public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
            self.mass = mass
            self.stiffness = stiffness
            self.damping = damping
            self.initialVelocity = initialVelocity
        }

        /// Progress from 0 (the from-value) towards 1 (the to-value) after `t` seconds; it may overshoot.
        public func progress(at t: Double) -> Double {
            1 - displacement(at: max(t, 0))
        }

        /// y(t) with y(0) = 1 and y′(0) = −initialVelocity.
        func displacement(at t: Double) -> Double {
            let m = max(mass, 1e-9), k = max(stiffness, 1e-9), c = max(damping, 0), v0 = initialVelocity
            let omega0 = (k / m).squareRoot()
            let zeta = c / (2 * (k * m).squareRoot())
            if abs(zeta - 1) < 1e-9 {
                return exp(-omega0 * t) * (1 + (omega0 - v0) * t)
            }
            if zeta < 1 {
                let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
                return exp(-zeta * omega0 * t) * (cos(omegaD * t) + (zeta * omega0 - v0) / omegaD * sin(omegaD * t))
            }
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega0 * (zeta - root), r2 = -omega0 * (zeta + root)
            let a = (-v0 - r2) / (r1 - r2)
            return a * exp(r1 * t) + (1 - a) * exp(r2 * t)
        }

        /// The first time after which |y| stays below 0.001, found on a 1 ms grid from the end of
        /// the longest plausible motion backwards.
        public var settlingDuration: Double {
            let threshold = 0.001
            var horizon = 1.0
            while horizon < 3600 && (0..<100).contains(where: { abs(displacement(at: horizon + Double($0) * horizon / 100)) >= threshold }) {
                horizon *= 2
            }
            var t = horizon
            let step = 0.001
            while t > 0 && abs(displacement(at: t - step)) < threshold { t -= step }
            return (t * 1000).rounded() / 1000
        }
    }
}
