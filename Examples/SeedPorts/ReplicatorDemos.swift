import QuartzCoreCompat

/// The nine replicator demos of a Chinese iOS blog post (效果一 … 效果九), each a method of its
/// view controller, translated line by line from Objective-C. Lines the post comments out stay
/// commented out. `demo` picks the method `viewDidLoad` calls.
final class ReplicatorDemoViewController: UIViewController {
    enum Demo: CaseIterable {
        case replicatorBase, replicatorCircleBase, replicatorCircleHigh, replicatorCircleHigh2, indictor,
             waveAnimation, threePointScale, replicatorLayerTriangle, replicatorLayerManyPoint
    }

    let demo: Demo

    init(demo: Demo) {
        self.demo = demo
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor.white
        switch demo {
        case .replicatorBase: replicatorBase()
        case .replicatorCircleBase: replicatorCircleBase()
        case .replicatorCircleHigh: replicatorCircleHigh()
        case .replicatorCircleHigh2: replicatorCircleHigh2()
        case .indictor: indictor()
        case .waveAnimation: waveAnimation()
        case .threePointScale: threePointScale()
        case .replicatorLayerTriangle: replicatorLayerTriangle()
        case .replicatorLayerManyPoint: replicatorLayerManyPoint()
        }
    }

    // 效果一
    func replicatorBase() {
        let containView = UIView()
        containView.center = self.view.center
        containView.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        containView.backgroundColor = UIColor.red
        self.view.addSubview(containView)

        let layer = CALayer()
        layer.frame = CGRect(x: 50, y: 50, width: 50, height: 50)
        layer.backgroundColor = UIColor.green.cgColor
        layer.cornerRadius = 10
        layer.masksToBounds = true

        let replicatorWidth: CGFloat = 50
        let replicatorHeight: CGFloat = 50
        let replicatorLayer = CAReplicatorLayer()
        replicatorLayer.position = CGPoint(x: containView.frame.size.width / 2, y: containView.frame.size.height / 2)
        replicatorLayer.bounds = CGRect(x: 0, y: 0, width: replicatorWidth, height: replicatorHeight)
        replicatorLayer.backgroundColor = UIColor.yellow.cgColor
        containView.layer.addSublayer(replicatorLayer)

        var transform = CATransform3DIdentity
        transform = CATransform3DRotate(transform, .pi / 5.0, 0, 0, 1)
        replicatorLayer.instanceTransform = transform
        replicatorLayer.instanceCount = 20
        replicatorLayer.instanceDelay = 0.2
        replicatorLayer.repeatCount = .infinity
        replicatorLayer.instanceBlueOffset = -0.05
        replicatorLayer.instanceGreenOffset = -0.05
        replicatorLayer.addSublayer(layer)
    }

    // 效果二
    func replicatorCircleBase() {
        let containView = UIView()
        containView.center = self.view.center
        containView.bounds = CGRect(x: 0, y: 0, width: 200, height: 300)
        containView.backgroundColor = UIColor.red
        self.view.addSubview(containView)

        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.backgroundColor = UIColor.green.cgColor
        layer.cornerRadius = 10
        layer.masksToBounds = true

        let replicatorWidth: CGFloat = 50
        let replicatorHeight: CGFloat = 100
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: (replicatorWidth - containView.frame.width) / 2, y: (replicatorHeight - containView.frame.height) / 2,
                                   width: containView.frame.width, height: containView.frame.height))
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.duration = 4
        animation.repeatCount = .infinity
        animation.path = path
        layer.add(animation, forKey: nil)

        let replicatorLayer = CAReplicatorLayer()
        replicatorLayer.position = CGPoint(x: containView.frame.size.width / 2, y: containView.frame.size.height / 2)
        replicatorLayer.bounds = CGRect(x: 0, y: 0, width: replicatorWidth, height: replicatorHeight)
        replicatorLayer.backgroundColor = UIColor.yellow.cgColor
        containView.layer.addSublayer(replicatorLayer)

        var transform = CATransform3DIdentity
        transform = CATransform3DRotate(transform, .pi / 5.0, 0, 0, 1)
        // replicatorLayer.instanceTransform = transform
        replicatorLayer.instanceCount = 20
        replicatorLayer.instanceDelay = 0.2
        replicatorLayer.repeatCount = .infinity
        // replicatorLayer.instanceBlueOffset = -0.05
        // replicatorLayer.instanceGreenOffset = -0.05
        replicatorLayer.addSublayer(layer)
        _ = transform  // built and left unused, as in the post
    }

    // 效果三
    func replicatorCircleHigh() {
        let containView = UIView()
        containView.center = self.view.center
        containView.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        containView.backgroundColor = UIColor.red
        self.view.addSubview(containView)

        let layer = CALayer()
        layer.frame = CGRect(x: 50, y: 50, width: 20, height: 20)
        layer.backgroundColor = UIColor.green.cgColor
        layer.cornerRadius = 10
        layer.masksToBounds = true
        layer.transform = CATransform3DMakeScale(0.1, 0.1, 0.1)

        let replicatorWidth: CGFloat = 50
        let replicatorHeight: CGFloat = 50
        let animation = CABasicAnimation(keyPath: "transform")
        animation.duration = 2
        animation.repeatCount = .infinity
        animation.fromValue = NSValue(caTransform3D: CATransform3DMakeScale(1, 1, 1))
        animation.toValue = NSValue(caTransform3D: CATransform3DMakeScale(0.1, 0.1, 0.1))
        layer.add(animation, forKey: nil)

        let replicatorLayer = CAReplicatorLayer()
        replicatorLayer.position = CGPoint(x: containView.frame.size.width / 2, y: containView.frame.size.height / 2)
        replicatorLayer.bounds = CGRect(x: 0, y: 0, width: replicatorWidth, height: replicatorHeight)
        replicatorLayer.backgroundColor = UIColor.yellow.cgColor
        containView.layer.addSublayer(replicatorLayer)

        var transform = CATransform3DIdentity
        transform = CATransform3DRotate(transform, 2 * .pi / 20.0, 0, 0, 1)
        replicatorLayer.instanceTransform = transform
        replicatorLayer.instanceCount = 20
        replicatorLayer.instanceDelay = 0.1
        replicatorLayer.repeatCount = .infinity
        replicatorLayer.addSublayer(layer)
    }

    // 效果四
    func replicatorCircleHigh2() {
        let containView = UIView()
        containView.center = self.view.center
        containView.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        containView.backgroundColor = UIColor.red
        self.view.addSubview(containView)

        let layer = CALayer()
        layer.frame = CGRect(x: 50, y: 50, width: 10, height: 30)
        layer.backgroundColor = UIColor.green.cgColor

        let replicatorWidth: CGFloat = 50
        let replicatorHeight: CGFloat = 50
        let animation = CABasicAnimation(keyPath: "transform")
        animation.duration = 2
        animation.repeatCount = .infinity
        animation.fromValue = NSValue(caTransform3D: CATransform3DMakeScale(1, 1, 1))
        animation.toValue = NSValue(caTransform3D: CATransform3DMakeScale(0.1, 0.1, 0.1))
        // layer.add(animation, forKey: nil)

        let replicatorLayer = CAReplicatorLayer()
        replicatorLayer.position = CGPoint(x: containView.frame.size.width / 2, y: containView.frame.size.height / 2)
        replicatorLayer.bounds = CGRect(x: 0, y: 0, width: replicatorWidth, height: replicatorHeight)
        replicatorLayer.backgroundColor = UIColor.yellow.cgColor
        containView.layer.addSublayer(replicatorLayer)

        var transform = CATransform3DIdentity
        transform = CATransform3DRotate(transform, 2 * .pi / 20.0, 0, 0, 1)
        replicatorLayer.instanceTransform = transform
        replicatorLayer.instanceCount = 20
        replicatorLayer.instanceDelay = 0.1
        replicatorLayer.repeatCount = .infinity
        replicatorLayer.addSublayer(layer)
        _ = animation  // built and left unused, as in the post
    }

    // 效果五
    func indictor() {
        let containView = UIView()
        containView.center = self.view.center
        containView.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        containView.backgroundColor = UIColor.red
        self.view.addSubview(containView)

        let layerWidth: CGFloat = 10.0
        let layer = CALayer()
        layer.frame = CGRect(x: containView.bounds.midX, y: 0, width: layerWidth, height: layerWidth * 2.5)
        layer.backgroundColor = UIColor.green.cgColor
        layer.opacity = 0

        let basicAnimation = CABasicAnimation(keyPath: "opacity")
        basicAnimation.fromValue = 1
        basicAnimation.toValue = 0
        basicAnimation.duration = 1
        basicAnimation.repeatCount = .infinity
        layer.add(basicAnimation, forKey: nil)

        let replicatorLayer = CAReplicatorLayer()
        replicatorLayer.frame = containView.bounds
        replicatorLayer.instanceCount = 30
        replicatorLayer.instanceDelay = 1 / 30.0
        replicatorLayer.instanceTransform = CATransform3DMakeRotation(2 * .pi / 30, 0, 0, 1)
        containView.layer.addSublayer(replicatorLayer)
        replicatorLayer.addSublayer(layer)
    }

    // 效果六
    func waveAnimation() {
        let view = UIView()
        view.center = self.view.center
        view.bounds = CGRect(x: 0, y: 0, width: self.view.frame.size.width, height: 300)
        view.backgroundColor = UIColor.orange
        self.view.addSubview(view)

        let width: CGFloat = 15
        let shapeLayer = CAShapeLayer()
        shapeLayer.bounds = CGRect(x: 0, y: 0, width: width, height: width)
        shapeLayer.position = CGPoint(x: self.view.bounds.size.width / 2, y: 50)
        shapeLayer.backgroundColor = UIColor.green.cgColor
        shapeLayer.cornerRadius = width / 2

        let animation = CABasicAnimation(keyPath: "transform")
        let scaleTransform = CATransform3DMakeScale(100, 100, 100)
        animation.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
        animation.toValue = NSValue(caTransform3D: scaleTransform)
        animation.duration = 2

        let opacityAnimation = CABasicAnimation(keyPath: "opacity")
        opacityAnimation.toValue = 0
        opacityAnimation.duration = 2

        let group = CAAnimationGroup()
        group.animations = [animation, opacityAnimation]
        group.duration = 2
        group.repeatCount = Float(CGFloat.greatestFiniteMagnitude)  // CGFLOAT_MAX as a float: infinity
        shapeLayer.add(group, forKey: nil)

        let replicatorLayer = CAReplicatorLayer()
        replicatorLayer.addSublayer(shapeLayer)
        replicatorLayer.instanceCount = 4
        replicatorLayer.instanceDelay = 0.5
        view.layer.addSublayer(replicatorLayer)
    }

    // 效果七
    func threePointScale() {
        let containView = UIView()
        containView.center = self.view.center
        containView.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        containView.backgroundColor = UIColor.red
        self.view.addSubview(containView)

        let interval: CGFloat = 5
        let radius = (100 - 2 * interval) / 3
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: (100 - radius) / 2, width: radius, height: radius)
        layer.backgroundColor = UIColor.green.cgColor
        layer.cornerRadius = radius / 2
        layer.masksToBounds = true

        let replicatorWidth: CGFloat = 100
        let replicatorHeight: CGFloat = 100
        let animation = CABasicAnimation(keyPath: "transform")
        animation.duration = 0.9
        animation.repeatCount = .infinity
        animation.fromValue = NSValue(caTransform3D: CATransform3DMakeScale(1, 1, 0))
        animation.toValue = NSValue(caTransform3D: CATransform3DMakeScale(0.2, 0.2, 0))
        layer.add(animation, forKey: nil)

        let replicatorLayer = CAReplicatorLayer()
        replicatorLayer.position = CGPoint(x: containView.frame.size.width / 2, y: containView.frame.size.height / 2)
        replicatorLayer.bounds = CGRect(x: 0, y: 0, width: replicatorWidth, height: replicatorHeight)
        replicatorLayer.backgroundColor = UIColor.yellow.cgColor
        containView.layer.addSublayer(replicatorLayer)

        var transform = CATransform3DIdentity
        transform = CATransform3DMakeTranslation(radius + interval, 0, 0)
        replicatorLayer.instanceTransform = transform
        replicatorLayer.instanceCount = 3
        replicatorLayer.instanceDelay = 0.2
        replicatorLayer.repeatCount = .infinity
        replicatorLayer.addSublayer(layer)
    }

    // 效果八
    func replicatorLayerTriangle() {
        let containView = UIView()
        containView.center = self.view.center
        containView.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        containView.backgroundColor = UIColor.red
        self.view.addSubview(containView)

        let radius: CGFloat = 100 / 4
        let transX = 100 - radius
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: radius, height: radius)
        layer.backgroundColor = UIColor.green.cgColor
        layer.cornerRadius = radius / 2
        layer.masksToBounds = true

        let animation = CABasicAnimation(keyPath: "transform")
        animation.duration = 1
        animation.repeatCount = .infinity
        animation.fromValue = NSValue(caTransform3D: CATransform3DRotate(CATransform3DIdentity, 0, 0, 0, 0))
        var toValue = CATransform3DTranslate(CATransform3DIdentity, transX, 0.0, 0.0)
        toValue = CATransform3DRotate(toValue, 120.0 * .pi / 180.0, 0.0, 0.0, 1.0)
        animation.toValue = NSValue(caTransform3D: toValue)
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        layer.add(animation, forKey: nil)

        let replicatorLayer = CAReplicatorLayer()

        let ceterx = containView.frame.size.width / 2 - transX / 2
        // 等边三角形理论支撑 (the centre of an equilateral triangle)
        let cetery = containView.frame.size.height / 2 - (1 / 3.0) * (transX / 2) * sqrt(3.0)
        replicatorLayer.position = CGPoint(x: ceterx, y: cetery)
        replicatorLayer.bounds = CGRect(x: 0, y: 0, width: radius, height: radius)
        replicatorLayer.backgroundColor = UIColor.yellow.cgColor
        containView.layer.addSublayer(replicatorLayer)

        var transform = CATransform3DIdentity
        transform = CATransform3DTranslate(transform, transX, 0, 0)
        transform = CATransform3DRotate(transform, 120.0 * .pi / 180.0, 0, 0, 1)
        replicatorLayer.instanceTransform = transform
        replicatorLayer.instanceCount = 3
        replicatorLayer.instanceDelay = 0.0
        replicatorLayer.repeatCount = .infinity
        replicatorLayer.addSublayer(layer)
    }

    // 效果九
    func replicatorLayerManyPoint() {
        let containView = UIView()
        containView.center = self.view.center
        containView.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        containView.backgroundColor = UIColor.red
        self.view.addSubview(containView)

        let column = 3
        let between: CGFloat = 5.0
        let radius = (100 - between * CGFloat(column - 1)) / CGFloat(column)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: radius, height: radius)
        layer.backgroundColor = UIColor.green.cgColor
        layer.cornerRadius = radius / 2
        layer.masksToBounds = true

        let alphaAnimation = CABasicAnimation(keyPath: "opacity")
        alphaAnimation.fromValue = 1.0
        alphaAnimation.toValue = 0.0

        let scaleAnimation = CABasicAnimation(keyPath: "transform")
        scaleAnimation.fromValue = NSValue(caTransform3D: CATransform3DMakeScale(1.0, 1.0, 0))
        scaleAnimation.toValue = NSValue(caTransform3D: CATransform3DMakeScale(0.2, 0.2, 0))
        scaleAnimation.repeatCount = .infinity
        scaleAnimation.duration = 0.6

        let group = CAAnimationGroup()
        group.animations = [alphaAnimation, scaleAnimation]
        group.repeatCount = .infinity
        group.duration = 1
        layer.add(group, forKey: nil)

        let replicatorLayerX = CAReplicatorLayer()
        replicatorLayerX.backgroundColor = UIColor.yellow.cgColor
        replicatorLayerX.frame = CGRect(x: 0, y: 0, width: 100, height: radius)
        replicatorLayerX.instanceDelay = 0.3
        replicatorLayerX.instanceCount = 3
        replicatorLayerX.instanceTransform = CATransform3DTranslate(CATransform3DIdentity, radius + between, 0, 0)
        replicatorLayerX.addSublayer(layer)

        let replicatorLayerY = CAReplicatorLayer()
        replicatorLayerY.backgroundColor = UIColor.cyan.cgColor
        replicatorLayerY.position = CGPoint(x: containView.frame.size.width / 2, y: containView.frame.size.height / 2)
        replicatorLayerY.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        replicatorLayerY.instanceDelay = 0.3
        replicatorLayerY.instanceCount = 3
        replicatorLayerY.instanceTransform = CATransform3DTranslate(CATransform3DIdentity, 0, radius + between, 0)
        replicatorLayerY.addSublayer(replicatorLayerX)
        containView.layer.addSublayer(replicatorLayerY)
    }
}
