import QuartzCoreCompat

/// The five seed documents' iOS code, ported to Swift with Apple's names against
/// QuartzCoreCompat, as scenes named after the built-in scenes they rebuild: each renders the
/// same frames as that scene with its default knobs (for `path-particles`, with the path the
/// port's drag draws and no fitting: `SeedPorts.pathParticlesSettings`).
public enum SeedPorts {
    /// Every port, by the name of the built-in scene it matches.
    public static func all(marqueeImage: CGImage) -> [UIKitScene] {
        let demos: [(String, ReplicatorDemoViewController.Demo, Double)] = [
            ("replicator-fan", .replicatorBase, 1), ("replicator-orbit", .replicatorCircleBase, 4),
            ("spinner-dots", .replicatorCircleHigh, 2), ("spinner-bars", .replicatorCircleHigh2, 1),
            ("activity-indicator", .indictor, 1), ("ripple", .waveAnimation, 2), ("three-dots", .threePointScale, 0.9),
            ("triangle", .replicatorLayerTriangle, 1), ("dot-grid", .replicatorLayerManyPoint, 1),
        ]
        let replicators = demos.map { name, demo, cycle in
            UIKitScene(name: name, summary: "the replicator demo \(demo), ported", cycle: cycle) {
                ReplicatorDemoViewController(demo: demo)
            }
        }
        return replicators + [
            UIKitScene(name: "marquee", summary: "ReplicatorLineAnimationView, ported", cycle: 0.5) {
                MarqueeViewController(image: UIImage(cgImage: marqueeImage))
            },
            UIKitScene(name: "path-particles", summary: "the drawn-path particles demo, ported", cycle: 3) {
                PathParticlesViewController(points: pathParticlesDrag)
            },
            UIKitScene(name: "newtons-cradle", summary: "the Newton's cradle, ported", cycle: 1.6) {
                NewtonsCradleViewController()
            },
            UIKitScene(name: "loader", summary: "GQCircleLoadView, ported", cycle: 0.75) {
                LoaderViewController()
            },
        ]
    }

    /// The drag the path-particles port plays: a zigzag across a 640 × 360 screen.
    public static let pathParticlesDrag: [CGPoint] = [
        CGPoint(x: 60, y: 180), CGPoint(x: 160, y: 80), CGPoint(x: 260, y: 200), CGPoint(x: 360, y: 90),
        CGPoint(x: 460, y: 260), CGPoint(x: 580, y: 160),
    ]

    /// The built-in `path-particles` scene's settings for the same path.
    public static var pathParticlesSettings: [String] {
        let svg = pathParticlesDrag.enumerated().map { i, p in "\(i == 0 ? "M" : "L") \(p.x) \(p.y)" }.joined(separator: " ")
        return ["path=\(svg)", "fit=false"]
    }
}
