import QuartzCoreCompat

/// The Newton's cradle of a Chinese iOS blog post (牛顿摆), translated line by line from its
/// snippets: six lines and five balls drawn by shape layers; the left string turns π/8 about its
/// top and its ball runs the same arc (0.4 s, ease-out, and back); when the left ball's
/// animation stops its delegate starts the right pair, and so on for ever.
///
/// The post's anchor points pivot the strings 10 points above the bar (anchorPoint (0.1, 0) of a
/// 100-point view, the bar at y = 10); here, as in the built-in scene, they pivot on the bar.
final class NewtonsCradleView: UIView, CAAnimationDelegate {
    var lineWithd: CGFloat = 2
    private var leftLine: CAShapeLayer!
    private var leftCycle: CAShapeLayer!
    private var rightLine: CAShapeLayer!
    private var rightCycle: CAShapeLayer!
    private var height: CGFloat { frame.size.height }
    private var width: CGFloat { frame.size.width }

    override init(frame: CGRect) {
        super.init(frame: frame)
        layer.addSublayer(line(from: CGPoint(x: 0, y: 10), to: CGPoint(x: width, y: 10)))
        for x: CGFloat in [30, 50, 70] {
            layer.addSublayer(line(from: CGPoint(x: x, y: 10), to: CGPoint(x: x, y: 80)))
            layer.addSublayer(cycle(center: CGPoint(x: x, y: 90)))
        }
        leftLine = line(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 10, y: 80))
        leftCycle = cycle(center: CGPoint(x: 10, y: 90))
        rightLine = line(from: CGPoint(x: 90, y: 10), to: CGPoint(x: 90, y: 80))
        rightCycle = cycle(center: CGPoint(x: 90, y: 90))

        // 2.3: the moving pieces fill the view, anchored where they turn.
        self.leftLine.anchorPoint = CGPoint(x: 0.1, y: 0.1)
        self.leftLine.frame = CGRect(x: 0, y: 0, width: self.width, height: self.height)

        self.leftCycle.anchorPoint = CGPoint(x: 0, y: 0.9)
        self.leftCycle.frame = CGRect(x: 0, y: 0, width: self.width, height: self.height)

        self.rightLine.anchorPoint = CGPoint(x: 0.9, y: 0.1)
        self.rightLine.frame = CGRect(x: 0, y: 0, width: self.width, height: self.height)

        self.rightCycle.anchorPoint = CGPoint(x: 0.9, y: 0.9)
        self.rightCycle.frame = CGRect(x: 0, y: 0, width: self.width, height: self.height)
        for piece in [leftLine!, leftCycle!, rightLine!, rightCycle!] { layer.addSublayer(piece) }
    }

    // 1.1 绘制线 (a line)
    private func line(from startPoint: CGPoint, to endPoint: CGPoint) -> CAShapeLayer {
        let layer = CAShapeLayer()
        let path = CGMutablePath()
        path.move(to: startPoint)
        path.addLine(to: endPoint)
        layer.path = path
        layer.lineCap = .round
        layer.lineWidth = self.lineWithd
        layer.strokeColor = UIColor.red.cgColor
        return layer
    }

    // 1.2 绘制圆 (a ball)
    private func cycle(center: CGPoint) -> CAShapeLayer {
        let cycleLayer = CAShapeLayer()
        let path = CGMutablePath()
        path.addArc(center: center, radius: 10, startAngle: 0, endAngle: .pi * 2, clockwise: true)
        cycleLayer.path = path
        cycleLayer.fillColor = UIColor.gray.cgColor
        return cycleLayer
    }

    func doLeftAnimation() {
        // 2.1.1 the left string
        let leftLineBaseAnimation = CABasicAnimation()
        leftLineBaseAnimation.keyPath = "transform.rotation.z"
        leftLineBaseAnimation.duration = 0.4
        leftLineBaseAnimation.fromValue = 0.0
        leftLineBaseAnimation.toValue = CGFloat.pi / 4 / 2
        leftLineBaseAnimation.timingFunction = CAMediaTimingFunction(name: .easeOut)
        leftLineBaseAnimation.autoreverses = true
        leftLineBaseAnimation.delegate = self
        leftLineBaseAnimation.fillMode = .forwards
        leftLine.add(leftLineBaseAnimation, forKey: nil)

        // 2.1.2 the left ball
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 0, y: 10), radius: self.height - 20, startAngle: .pi / 2, endAngle: .pi / 2 + .pi / 4 / 2, clockwise: false)
        let leftCycleKeyframeAnimation = CAKeyframeAnimation()
        leftCycleKeyframeAnimation.keyPath = "position"
        leftCycleKeyframeAnimation.path = path
        leftCycleKeyframeAnimation.duration = 0.4
        leftCycleKeyframeAnimation.timingFunction = CAMediaTimingFunction(name: .easeOut)
        leftCycleKeyframeAnimation.autoreverses = true
        leftCycleKeyframeAnimation.fillMode = .forwards
        leftCycleKeyframeAnimation.delegate = self
        leftCycleKeyframeAnimation.setValue("left", forKey: "left")
        leftCycle.add(leftCycleKeyframeAnimation, forKey: nil)
    }

    func doRightAnimation() {
        let rightLineBaseAnimation = CABasicAnimation()
        rightLineBaseAnimation.keyPath = "transform.rotation.z"
        rightLineBaseAnimation.duration = 0.4
        rightLineBaseAnimation.fromValue = 0.0
        rightLineBaseAnimation.toValue = -CGFloat.pi / 4 / 2
        rightLineBaseAnimation.timingFunction = CAMediaTimingFunction(name: .easeOut)
        rightLineBaseAnimation.autoreverses = true
        rightLineBaseAnimation.fillMode = .forwards
        rightLineBaseAnimation.delegate = self
        rightLine.add(rightLineBaseAnimation, forKey: nil)

        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 90, y: 10), radius: self.height - 20, startAngle: .pi / 2, endAngle: .pi / 2 - .pi / 4 / 2, clockwise: true)
        let rightCycleKeyframeAnimation = CAKeyframeAnimation()
        rightCycleKeyframeAnimation.keyPath = "position"
        rightCycleKeyframeAnimation.path = path
        rightCycleKeyframeAnimation.duration = 0.4
        rightCycleKeyframeAnimation.timingFunction = CAMediaTimingFunction(name: .easeOut)
        rightCycleKeyframeAnimation.autoreverses = true
        rightCycleKeyframeAnimation.fillMode = .forwards
        rightCycleKeyframeAnimation.delegate = self
        rightCycleKeyframeAnimation.setValue("right", forKey: "right")
        rightCycle.add(rightCycleKeyframeAnimation, forKey: nil)
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        if anim.value(forKey: "left") as? String == "left" {
            self.doRightAnimation()
        } else if anim.value(forKey: "right") as? String == "right" {
            self.doLeftAnimation()
        }
    }
}

/// A 100 × 100 cradle centred on a white screen, the left ball swinging first.
final class NewtonsCradleViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor.white
        let cradle = NewtonsCradleView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        cradle.center = view.center
        view.addSubview(cradle)
        cradle.doLeftAnimation()
    }
}
