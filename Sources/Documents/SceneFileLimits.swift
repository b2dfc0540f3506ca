/// Limits that keep a hostile scene file from exhausting memory or time; each error names the one
/// that was passed.
public enum SceneFileLimits {
    /// Bytes of one scene file (16 MiB).
    public static let fileSize = 16 << 20
    /// Layers inside layers (sublayers and masks).
    public static let layerDepth = 24
    /// Layers in one file, masks included, before replication.
    public static let layers = 10_000
    /// Animations, counting the members of groups, templates and script rules.
    public static let animations = 100_000
    /// Rules in one file's script.
    public static let scriptRules = 10_000
    /// The shortest period of a repeating rule, in seconds (a hundred runs a second: an hour of
    /// them stays within the script's million callbacks).
    public static let shortestInterval = 0.01
    /// Styles under a layer's style (`"style": {"style": …}`).
    public static let styleDepth = 16
    /// The copies one replicator makes.
    public static let instanceCount = 10_000
    /// Cells of one emitter.
    public static let emitterCells = 64
    /// Layers drawn per frame, counting every replicated copy.
    public static let drawnInstances = 200_000
    /// Elements of one path (after helpers are expanded).
    public static let pathElements = 100_000
    /// Values of one keyframe animation or list property.
    public static let listLength = 100_000
    /// Pixels per side of a `contents` image.
    public static let imageSide = 8192
    /// Pixels of all the distinct images of a scene together (one 8192×8192 picture).
    public static let imagePixels = 1 << 26
    /// Scene files holding scene files as shots, one in another.
    public static let shotNesting = 3
    /// Scene layers (shots) in one file: with the nesting limit, at most 16³ shots are resolved.
    public static let shots = 16
    /// The scene's clip length in seconds.
    public static let duration = 3600.0
    /// The most shots in a file's sequence (`"shots"`).
    public static let sequenceShots = 100
}
