/// The frames at which a Lottie property animvid cannot animate as Lottie does is worked out
/// (a curved motion path, per-dimension easing, a sampled transform, path or trim), linear
/// between them.
enum LottieSampling {
    /// `first`, every whole frame after it and before `last`, and `last`: a file's frames show
    /// exactly what Lottie draws there, whatever fraction of a frame the keyframes sit at (a shake
    /// keyed every frame at x.8 comes out as its eased curve at each whole frame, not as
    /// straight lines between its keys). Past `limit` steps, `limit` even steps instead. Just
    /// `first` when the two are one frame.
    static func frames(from first: Double, to last: Double, limit: Int) -> [Double] {
        guard last > first else { return [first] }
        let (firstWhole, lastWhole) = ((first + 1e-9).rounded(.up), (last - 1e-9).rounded(.down))
        let inner = lastWhole >= firstWhole ? Int(lastWhole - firstWhole) + 1 : 0
        guard inner + 1 <= limit else {
            return (0...limit).map { first + (last - first) * Double($0) / Double(limit) }
        }
        return [first] + (0..<inner).map { firstWhole + Double($0) } + [last]
    }
}
