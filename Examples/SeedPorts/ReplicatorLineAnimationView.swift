import QuartzCoreCompat

/// YouXianMing's `ReplicatorLineAnimationView` (Animations, 16/4/12), translated line by line:
/// an image in a two-instance replicator, the copy one view length along, slid by one view
/// length every 1/speed seconds, for ever: a seamless endless scroll. (The original restarts the
/// animation when the app returns from the background; a clip has no background.)
final class ReplicatorLineAnimationView: UIView {
    enum EReplicatorLineDirection {
        case kReplicatorLeft, kReplicatorRight, kReplicatorUp, kReplicatorDown
    }

    /// Animation's direction.
    var direction: EReplicatorLineDirection = .kReplicatorLeft
    /// Animation's speed.
    var speed: CGFloat
    /// Animation's image.
    var image: UIImage?

    private let _replicatorLayer: CAReplicatorLayer
    private let _animationLayer: CALayer
    private var _animationKeyPath = ""
    private var _animationToValue: CGFloat = 0
    private var _offsetX: CGFloat = 0
    private var _offsetY: CGFloat = 0
    private var _instanceTransform = CATransform3DIdentity
    private var _startAnimation = false

    override init(frame: CGRect) {
        speed = 2
        _replicatorLayer = CAReplicatorLayer()
        _animationLayer = CALayer()
        super.init(frame: frame)
        _replicatorLayer.frame = self.bounds
        self.layer.addSublayer(_replicatorLayer)

        _animationLayer.frame = self.bounds
        _replicatorLayer.addSublayer(_animationLayer)

        self.layer.masksToBounds = true
    }

    /// Start animation.
    func startAnimation() {
        _startAnimation = true
        if !_animationKeyPath.isEmpty {
            _animationLayer.removeAnimation(forKey: _animationKeyPath)
        }
        dealWithTheEReplicatorLineDirection()

        _replicatorLayer.instanceCount = 2
        _replicatorLayer.instanceTransform = _instanceTransform
        _animationLayer.contents = self.image?.cgImage

        let animation = CABasicAnimation(keyPath: _animationKeyPath)
        animation.toValue = _animationToValue
        animation.duration = 1 / Double(self.speed)
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        animation.repeatCount = .infinity
        _animationLayer.add(animation, forKey: _animationKeyPath)
    }

    private func dealWithTheEReplicatorLineDirection() {
        if direction == .kReplicatorLeft || direction == .kReplicatorRight {
            _animationKeyPath = "position.x"
            _offsetX = direction == .kReplicatorLeft ? self.frame.size.width : -self.frame.size.width
            _offsetY = 0
            _animationToValue = _animationLayer.position.x - _offsetX
            _instanceTransform = CATransform3DMakeTranslation(_offsetX, 0.0, 0.0)
        } else if direction == .kReplicatorUp || direction == .kReplicatorDown {
            _animationKeyPath = "position.y"
            _offsetX = 0
            _offsetY = direction == .kReplicatorUp ? self.frame.size.height : -self.frame.size.height
            _animationToValue = _animationLayer.position.y - _offsetY
            _instanceTransform = CATransform3DMakeTranslation(0.0, _offsetY, 0.0)
        }
    }
}

/// Shows a 300 × 60 `ReplicatorLineAnimationView` scrolling `image` left, centred on a white
/// screen.
final class MarqueeViewController: UIViewController {
    let image: UIImage

    init(image: UIImage) {
        self.image = image
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor.white
        let marquee = ReplicatorLineAnimationView(frame: CGRect(x: 0, y: 0, width: 300, height: 60))
        marquee.center = view.center
        marquee.direction = .kReplicatorLeft
        marquee.speed = 2
        marquee.image = image
        view.addSubview(marquee)
        marquee.startAnimation()
    }
}
