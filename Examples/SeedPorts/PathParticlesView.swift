import QuartzCoreCompat

/// The "particles along a drawn line" demo (粒子效果), translated line by line: the view's
/// layer is a replicator of 30 instances 0.25 s apart, holding one red 10 × 10 dot; the user
/// drags out a path, which the view strokes, and `start` runs the dot along it for ever.
///
/// A clip has no finger: `pan(state:location:)` is the gesture handler with the recogniser's
/// state and location passed in, and the controller plays a drag through it.
final class PathParticlesView: UIView {
    enum GestureState { case began, changed }

    override class var layerClass: AnyClass { CAReplicatorLayer.self }

    /// 路径 (the path)
    private lazy var path: UIBezierPath = {
        let path = UIBezierPath()
        return path
    }()
    /// 粒子 (the dot)
    private weak var dotlayer: CALayer?

    override init(frame: CGRect) {
        super.init(frame: frame)
        setup()
    }

    func setup() {
        // 3. the replicator of dots
        let copyLayer = self.layer as! CAReplicatorLayer
        copyLayer.instanceCount = 30
        copyLayer.instanceDelay = 0.25

        let layer = CALayer()
        layer.frame = CGRect(x: -10, y: 0, width: 10, height: 10)
        layer.backgroundColor = UIColor.red.cgColor
        copyLayer.addSublayer(layer)
        self.dotlayer = layer
    }

    /// The pan gesture: the first point starts the path, each later one adds a line to it.
    func pan(state: GestureState, location curP: CGPoint) {
        if state == .began {
            self.path.move(to: curP)
        } else if state == .changed {
            self.path.addLine(to: curP)
            self.setNeedsDisplay()
        }
    }

    override func draw(_ rect: CGRect) {
        self.path.stroke()
    }

    func start() {
        let anim = CAKeyframeAnimation()
        anim.keyPath = "position"
        anim.path = self.path.cgPath
        anim.repeatCount = .infinity
        anim.duration = 3
        self.dotlayer?.add(anim, forKey: nil)
    }

    func redraw() {
        self.dotlayer?.removeAllAnimations()
        self.path.removeAllPoints()
        self.setNeedsDisplay()
    }
}

/// Plays a drag through `points` on a white `PathParticlesView` filling the screen, then
/// taps start.
final class PathParticlesViewController: UIViewController {
    let points: [CGPoint]

    init(points: [CGPoint]) {
        self.points = points
        super.init()
    }

    override func loadView() {
        view = PathParticlesView(frame: UIScreen.main.bounds)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor.white
        let drawView = view as! PathParticlesView
        for (i, point) in points.enumerated() {
            drawView.pan(state: i == 0 ? .began : .changed, location: point)
        }
        drawView.start()
    }
}
