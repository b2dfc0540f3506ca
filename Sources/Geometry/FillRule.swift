/// Which points a path's fill covers: `kCAFillRuleNonZero` or `kCAFillRuleEvenOdd`.
public enum FillRule: String, Hashable, Sendable, CaseIterable {
    case nonZero
    case evenOdd
}
