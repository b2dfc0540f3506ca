/// Which corners of a rectangle are rounded (`CACornerMask`), named for UIKit's y-down space:
/// `minXMinY` is the top left. The raw values are Core Animation's.
public struct RectCorners: OptionSet, Hashable, Sendable {
    public var rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static let minXMinY = RectCorners(rawValue: 1)
    public static let maxXMinY = RectCorners(rawValue: 2)
    public static let minXMaxY = RectCorners(rawValue: 4)
    public static let maxXMaxY = RectCorners(rawValue: 8)
    /// Every corner (the default).
    public static let all: RectCorners = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]
}
