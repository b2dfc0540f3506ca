/// The shape of rounded corners (`CALayerCornerCurve`): quarter circles, or the continuous
/// curve iOS draws app icons and buttons with, which eases into the straight edges.
public enum CornerCurve: String, Hashable, Sendable, CaseIterable {
    case circular, continuous

    /// How far along each edge a continuous corner of radius 1 reaches (its curvature starts
    /// there instead of at 1, as a circle's does).
    static let continuousReach = 1.52866483
}
