import QuartzCoreCompat

private var WINDOW_width: CGFloat { UIScreen.main.bounds.size.width }
private let circleCount = 3
private let cornerRadius: CGFloat = 10
private let magin: CGFloat = 15

/// `GQCircleLoadView` ("iOS利用CALayer实现动画加载的效果"), translated line by line: three grey
/// dots drawn in `draw(_:)`, each pulsing 1 → 1.5 → 1 (two ease-out halves of 0.25 s in a
/// group); when a dot's pulse starts, its delegate schedules the next dot's 0.25 s later with
/// `perform(_:with:afterDelay:)`, round and round.
final class GQCircleLoadView: UIView, CAAnimationDelegate {
    private lazy var layerArr: [CAShapeLayer] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        self.backgroundColor = UIColor.clear
    }

    // 画圆 (the dots)
    func drawCircles() {
        for i in 0..<circleCount {
            let x = (WINDOW_width - (cornerRadius * 2) * CGFloat(circleCount) - magin * CGFloat(circleCount - 1)) / 2.0
                + CGFloat(i) * (cornerRadius * 2 + magin) + cornerRadius
            let rect = CGRect(x: -cornerRadius, y: -cornerRadius, width: 2 * cornerRadius, height: 2 * cornerRadius)
            let beizPath = UIBezierPath(roundedRect: rect, cornerRadius: cornerRadius)
            let layer = CAShapeLayer()
            layer.path = beizPath.cgPath
            layer.fillColor = UIColor.gray.cgColor
            layer.position = CGPoint(x: x, y: self.frame.size.height * 0.5)
            self.layer.addSublayer(layer)
            self.layerArr.append(layer)
        }
        self.drawAnimation(self.layerArr[0])
    }

    // 动画实现 (the pulse)
    func drawAnimation(_ layer: CALayer) {
        let scaleUp = CABasicAnimation(keyPath: "transform.scale")
        scaleUp.fromValue = 1
        scaleUp.toValue = 1.5
        scaleUp.duration = 0.25
        scaleUp.timingFunction = CAMediaTimingFunction(name: .easeOut)

        let scaleDown = CABasicAnimation(keyPath: "transform.scale")
        scaleDown.beginTime = scaleUp.duration
        scaleDown.fromValue = 1.5
        scaleDown.toValue = 1
        scaleDown.duration = 0.25
        scaleDown.timingFunction = CAMediaTimingFunction(name: .easeOut)

        let group = CAAnimationGroup()
        group.animations = [scaleUp, scaleDown]
        group.repeatCount = 0
        group.duration = scaleUp.duration + scaleDown.duration
        group.delegate = self
        layer.add(group, forKey: "groupAnimation")
    }

    // MARK: CAAnimationDelegate

    func animationDidStart(_ anim: CAAnimation) {
        if let animation = anim as? CAAnimationGroup {
            for (idx, obj) in self.layerArr.enumerated() {
                let a0 = obj.animation(forKey: "groupAnimation") as? CAAnimationGroup
                if let a0, a0 === animation {
                    let nextlayer = self.layerArr[(idx + 1) >= self.layerArr.count ? 0 : (idx + 1)]
                    self.perform(drawAnimation, with: nextlayer, afterDelay: 0.25)
                    break
                }
            }
        }
    }

    override func draw(_ rect: CGRect) {
        super.draw(rect)
        self.drawCircles()
    }
}

/// The category method `showLoadingInView:` on a white screen: the loading view fills the
/// controller's view.
final class LoaderViewController: UIViewController {
    private var loadingView: GQCircleLoadView?

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor.white
        showLoading(in: view)
    }

    func showLoading(in view: UIView?) {
        if self.loadingView == nil {
            self.loadingView = GQCircleLoadView()
        }
        if let view {
            view.addSubview(self.loadingView!)
            self.loadingView!.frame = view.bounds
        } else if let appKeyWindow = UIApplication.shared.keyWindow {
            appKeyWindow.addSubview(self.loadingView!)
            self.loadingView!.frame = appKeyWindow.bounds
        }
    }

    func hideLoad() {
        self.loadingView?.removeFromSuperview()
    }
}
