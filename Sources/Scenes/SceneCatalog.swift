import Animation

/// Every built-in scene, by name: the thirteen effects of the seed documents, a cube of
/// transform layers and confetti from an emitter layer.
public enum SceneCatalog {
    /// Every built-in scene, in the order `animvid scenes` lists them.
    public static let all: [any Scene] = [
        ReplicatorFanScene(), ReplicatorOrbitScene(), SpinnerDotsScene(), SpinnerBarsScene(), ActivityIndicatorScene(),
        RippleScene(), ThreeDotsScene(), TriangleScene(), DotGridScene(), MarqueeScene(), PathParticlesScene(),
        NewtonsCradleScene(), LoaderScene(), CubeScene(), ConfettiScene(),
    ]

    /// The scene called `name`, if there is one.
    public static func scene(named name: String) -> (any Scene)? {
        all.first { $0.name == name }
    }

    /// The built-in scene name closest in spelling to `name`, when it is within three edits.
    public static func nameResembling(_ name: String) -> String? {
        closestName(to: name, among: all.map(\.name))
    }
}
