import Animation

/// A view showing an image (`UIImageView`): `image` is its layer's contents, placed by
/// `contentMode`; `animationImages` play as a flipbook while it is animating, each for an
/// equal share of `animationDuration` (1/30 s each when 0), `animationRepeatCount` times (0:
/// for ever), a discrete keyframe animation of the layer's contents.
open class UIImageView: UIView {
    /// The image shown (`image`).
    public var image: UIImage? {
        didSet { layer.contents = image?.cgImage }
    }
    /// The images played in turn by `startAnimating()` (`animationImages`).
    public var animationImages: [UIImage]?
    /// Seconds one pass through `animationImages` takes; 0 for 1/30 s an image (`animationDuration`).
    public var animationDuration: TimeInterval = 0
    /// How many passes; 0 for ever (`animationRepeatCount`).
    public var animationRepeatCount = 0
    /// Whether the images are playing (`isAnimating`).
    public private(set) var isAnimating = false

    private static let flipbookKey = "UIImageView.animationImages"
    /// How many flipbooks have been started or stopped: the latest is the one playing.
    private var flipbooks = 0

    /// A view showing `image`, sized to it (`init(image:)`).
    public init(image: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        layer.contents = image?.cgImage
    }

    /// An empty image view covering `frame` (`init(frame:)`).
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Plays `animationImages` from the first, from now (`startAnimating()`).
    public func startAnimating() {
        let cgImages = (animationImages ?? []).compactMap(\.cgImage)
        guard !cgImages.isEmpty else { return }
        let flipbook = KeyframeAnimation(keyPath: "contents")
        flipbook.values = cgImages.map(AnimationValue.image)
        flipbook.keyTimes = (0...cgImages.count).map { Double($0) / Double(cgImages.count) }
        flipbook.calculationMode = .discrete
        flipbook.duration = animationDuration > 0 ? animationDuration : Double(cgImages.count) / 30
        flipbook.repeatCount = animationRepeatCount > 0 ? Double(animationRepeatCount) : .infinity
        // Its passes done, it stops (a flipbook it replaced, stopping then, does not count).
        flipbooks += 1
        let flipbookNumber = flipbooks
        flipbook.didStop = { [weak self] _, _ in
            if self?.flipbooks == flipbookNumber { self?.isAnimating = false }
        }
        layer.backing.add(flipbook, forKey: Self.flipbookKey)
        isAnimating = true
    }

    /// Stops playing: `image` shows again (`stopAnimating()`).
    public func stopAnimating() {
        flipbooks += 1
        layer.backing.removeAnimation(forKey: Self.flipbookKey)
        isAnimating = false
    }
}
