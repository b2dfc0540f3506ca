import Animation
import Geometry
import Scenes

/// A view (`UIView`): a layer host with UIKit's geometry names. Its layer (of `layerClass`)
/// shows changes at once, except inside `UIView.animate(withDuration:…)`. `draw(_:)` runs
/// when the view is first in the window with a size, and after `setNeedsDisplay()`; what it
/// strokes and fills with `UIBezierPath` is drawn under the sublayers (once, in a replicator).
open class UIView: NSObject {
    /// The class of the view's layer (`layerClass`); override it for another kind of layer.
    open class var layerClass: AnyClass { CALayer.self }

    /// The layer properties whose changes show at once even in an animation's block (a label's
    /// text colour and size: UIKit animates a view's geometry, alpha and colours, not its text).
    open class var layerPropertiesShownAtOnce: Set<String> { [] }

    /// The view's layer.
    public let layer: CALayer
    /// The views inside this one, back to front.
    public private(set) var subviews: [UIView] = []
    /// The view this one is inside.
    public private(set) weak var superview: UIView?
    private var needsDisplay = false
    private var storedBackgroundColor: UIColor?

    /// A view covering `frame` of its superview (`init(frame:)`).
    public init(frame: CGRect) {
        guard let layerType = Self.layerClass as? CALayer.Type else { preconditionFailure("layerClass must be a CALayer class") }
        layer = layerType.init()
        super.init()
        layer.view = self
        layer.backing.actions = CALayer.viewActions
        layer.frame = frame
        setNeedsDisplay()
    }

    /// A view with an empty frame (`init()`).
    public convenience override init() {
        self.init(frame: .zero)
    }

    // MARK: Geometry and appearance, kept by the layer

    public var frame: CGRect { get { layer.frame } set { layer.frame = newValue } }
    public var bounds: CGRect { get { layer.bounds } set { layer.bounds = newValue } }
    /// The centre of the frame in the superview (the layer's `position`).
    public var center: CGPoint { get { layer.position } set { layer.position = newValue } }
    /// The transform about the centre (the layer's, as a 2D affine map); inside an animation's
    /// block it animates as the layer's `transform` does.
    public var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }
    public var backgroundColor: UIColor? {
        get { storedBackgroundColor }
        set { storedBackgroundColor = newValue; layer.backgroundColor = newValue?.cgColor }
    }
    /// The layer's opacity.
    public var alpha: CGFloat { get { layer.backing.opacity } set { layer.change { layer.backing.opacity = newValue } } }
    public var isHidden: Bool { get { layer.isHidden } set { layer.isHidden = newValue } }
    /// The layer's `masksToBounds`.
    public var clipsToBounds: Bool { get { layer.masksToBounds } set { layer.masksToBounds = newValue } }
    /// How the layer's contents (an image view's image) sit in the bounds (`contentMode`).
    public var contentMode: ContentMode = .scaleToFill {
        didSet { layer.contentsGravity = contentMode.gravity }
    }

    /// How contents sit in a view's bounds (`UIView.ContentMode`), as placed on screen.
    public enum ContentMode: Sendable, CaseIterable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight

        /// The layer's gravity: stretched for `redraw` too; Core Animation names the vertical
        /// ones for a y-up space, so a view's top is a layer's bottom.
        var gravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: .resize
            case .scaleAspectFit: .resizeAspect
            case .scaleAspectFill: .resizeAspectFill
            case .center: .center
            case .top: .bottom
            case .bottom: .top
            case .left: .left
            case .right: .right
            case .topLeft: .bottomLeft
            case .topRight: .bottomRight
            case .bottomLeft: .topLeft
            case .bottomRight: .topRight
            }
        }
    }

    // MARK: The view tree

    /// Adds `view` on top of the subviews, taking it from its old superview.
    public func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` of the subviews.
    public func insertSubview(_ view: UIView, at index: Int) {
        view.removeFromSuperview()
        let index = min(max(index, 0), subviews.count)
        // The view's layer goes just below the layer of the subview now at `index` (or on top).
        if index < subviews.count {
            layer.insertSublayer(view.layer, below: subviews[index].layer)
        } else {
            layer.addSublayer(view.layer)
        }
        subviews.insert(view, at: index)
        view.superview = self
        // Views made before the app ran wait for display from here.
        var waiting = [view]
        while let next = waiting.popLast() {
            next.waitForDisplay()
            waiting += next.subviews
        }
    }

    /// Takes the view out of its superview.
    public func removeFromSuperview() {
        guard let superview else { return }
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
        layer.removeFromSuperlayer()
    }

    // MARK: Drawing

    /// Draws the view's content with `UIBezierPath.stroke()` and `fill()`; the default draws
    /// nothing (`draw(_:)`).
    open func draw(_ rect: CGRect) {}

    /// Asks for `draw(_:)` to run before the changes of the running code are committed (or,
    /// for a view made before the app runs, once it is added to a view in the app).
    public func setNeedsDisplay() {
        needsDisplay = true
        waitForDisplay()
    }

    /// Puts the view in the running app's list of views to draw, once.
    private func waitForDisplay() {
        guard needsDisplay, let app = AppRun.current, !app.viewsToDisplay.contains(where: { $0 === self }) else { return }
        app.viewsToDisplay.append(self)
    }

    /// Whether the view is in the window with a size, so that it can draw.
    var canDisplay: Bool {
        guard !bounds.isEmpty else { return false }
        var view: UIView? = self
        while let v = view {
            if v === AppRun.current?.window { return true }
            view = v.superview
        }
        return false
    }

    /// Runs `draw(_:)` and puts what it drew in the layer. (A `setNeedsDisplay()` in `draw(_:)`
    /// asks for the next turn of the run loop.)
    func display() {
        needsDisplay = false
        guard let app = AppRun.current else { return }
        let drawing = Drawing()
        app.drawing = drawing
        draw(bounds)
        app.drawing = nil
        for shape in drawing.layers {
            shape.isSuperlayerDrawing = true
            shape.anchorPoint = .zero
            shape.bounds = bounds
            shape.position = bounds.origin
        }
        guard !(drawing.layers.isEmpty && layer.drawing.isEmpty) else { return }
        layer.change { layer.drawing = drawing.layers }
    }
}

/// A view controller (`UIViewController`): `loadView()` makes its view, which fills the
/// screen; `viewDidLoad()` sets it up, at the start of the clip.
open class UIViewController: NSObject {
    /// The controller's view, the size of the screen.
    public var view: UIView

    /// A controller with a clear view (until `loadView()` makes another).
    public override init() {
        view = UIView()
        super.init()
    }

    /// Makes the view (set `view` to a view of your own class); the default keeps a plain one.
    open func loadView() {}

    /// Sets the view up; runs once, after `loadView()`, before the first frame.
    open func viewDidLoad() {}
}

/// iOS code as a scene: `makeController` builds a view controller; its view fills a window the
/// size of the canvas (`UIScreen.main.bounds`), `viewDidLoad()` runs at time 0, and everything
/// it schedules (delegate methods, completion blocks, delayed performs, dispatched blocks,
/// timers) runs at its moment of the clip's time as the timeline resolves: deterministic, and
/// encoded, resumed and sharded like any scene.
public struct UIKitScene: Scene {
    public let name: String
    public let summary: String
    public let cycle: Double
    public let parameters: [SceneParameter] = []
    private let makeController: @Sendable () -> UIViewController

    /// A scene running the controller `makeController` makes, with a name, a line saying what
    /// it shows and a good clip length in seconds.
    public init(name: String, summary: String, cycle: Double, _ makeController: @escaping @Sendable () -> UIViewController) {
        self.name = name
        self.summary = summary
        self.cycle = cycle
        self.makeController = makeController
    }

    public func build(canvas: Size, script: Script, settings: SceneSettings) -> Layer {
        let app = AppRun(script: script, screen: CGRect(origin: .zero, size: canvas))
        var root: Layer?
        app.isLaunching = true
        app.run {
            let window = UIView(frame: app.screen)
            app.window = window
            let controller = makeController()
            controller.loadView()
            controller.view.frame = window.bounds
            window.addSubview(controller.view)
            controller.viewDidLoad()
            root = window.layer.backing
        }
        app.isLaunching = false
        return root!
    }
}
