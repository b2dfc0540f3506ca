import AnimvidKit
import QuartzCoreCompat
import XCTest

// XCTest brings Foundation, whose Linux CG types and DispatchQueue are not the clip's: where
// a name alone is ambiguous it is written with the module, as a port importing Foundation would.

// docs/quartzcore-compat.md begin
/// Encodes `seconds` of a controller's animation at 1280x720 (a 640x360-point screen).
func encode(_ makeController: @escaping @Sendable () -> UIViewController, seconds: Double, to path: String) throws {
    let scene = UIKitScene(name: "port", summary: "an iOS animation", cycle: seconds, makeController)
    let timeline = try scene.timeline(canvas: Size(640, 360), duration: seconds)
    let rate = FrameRate(numerator: 30)!
    var job = EncodeJob(timeline: timeline, settings: EncoderSettings(width: 1280, height: 720, frameRate: rate), scale: 2,
                        frameCount: rate.frameCount(seconds: seconds), outputPath: path)
    job.overwrite = true
    _ = try EncodePipeline.run(job)
}
// docs/quartzcore-compat.md end

/// The rules QuartzCoreCompat adds over the engine, each from Apple's documentation: drawing
/// (`draw(_:)` draws a view's own content, which a replicator draws once: its instances are
/// copies of its sublayers), arcs (`CGPath`'s `clockwise` is Core Graphics' in a y-down space,
/// which a screen shows counter-clockwise; `UIBezierPath`'s is UIKit's, clockwise on screen),
/// transaction completion blocks (run when the transaction's animations have all finished) and
/// attributed strings (runs keep their own font, size and colour).
final class CompatRulesTests: XCTestCase {
    final class Drawing: UIView {
        override class var layerClass: AnyClass { CAReplicatorLayer.self }
        override func draw(_ rect: QuartzCoreCompat.CGRect) {
            UIColor.blue.setFill()
            UIBezierPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20)).fill()
        }
    }

    final class Replicating: UIViewController {
        override func viewDidLoad() {
            let drawing = Drawing(frame: CGRect(x: 100, y: 100, width: 40, height: 40))
            let replicator = drawing.layer as! CAReplicatorLayer
            replicator.instanceCount = 3
            replicator.instanceColor = UIColor.red.cgColor
            replicator.instanceTransform = CATransform3DMakeTranslation(50, 0, 0)
            let dot = CALayer()
            dot.name = "dot"
            dot.frame = CGRect(x: 0, y: 30, width: 5, height: 5)
            replicator.addSublayer(dot)
            view.addSubview(drawing)
        }
    }

    func testAReplicatorViewsDrawingShowsOnceUntintedUnderItsInstances() throws {
        let timeline = try UIKitScene(name: "t", summary: "", cycle: 1) { Replicating() }.timeline(canvas: Size(400, 300), duration: 1)
        let layers = timeline.presentedLayers(at: 0).filter(\.isDrawn)
        let drawn = layers.filter(\.values.isSuperlayerDrawing)
        XCTAssertEqual(drawn.count, 1)
        XCTAssertEqual(drawn.first?.tint, .white)
        XCTAssertEqual(drawn.first?.values.fillColor, .blue)
        // Drawn in the view's own space: the rectangle's corner is the view's origin.
        let corner = try XCTUnwrap(drawn.first).toCanvas.apply(to: .zero)
        XCTAssertEqual(corner.x, 100, accuracy: 1e-9)
        XCTAssertEqual(corner.y, 100, accuracy: 1e-9)
        let dots = layers.filter { $0.values.name == "dot" }
        XCTAssertEqual(dots.count, 3)
        XCTAssertEqual(dots.map(\.tint), [.red, .red, .red])
        // Under the instances: before the first dot in drawing order.
        XCTAssertLessThan(try XCTUnwrap(layers.firstIndex { $0.values.isSuperlayerDrawing }),
                          try XCTUnwrap(layers.firstIndex { $0.values.name == "dot" }))
    }

    /// A view made before the app runs (a controller's property) still draws once it is in the
    /// window.
    func testAViewMadeBeforeTheAppRunsDraws() throws {
        final class Early: UIViewController, @unchecked Sendable {
            let drawing = Drawing(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            override func viewDidLoad() { view.addSubview(drawing) }
        }
        let controller = Early()
        let timeline = try UIKitScene(name: "t", summary: "", cycle: 1) { controller }.timeline(canvas: Size(400, 300), duration: 1)
        XCTAssertEqual(timeline.presentedLayers(at: 0).filter(\.values.isSuperlayerDrawing).count, 1)
    }

    final class Transformed: UIViewController {
        override func viewDidLoad() {
            let drawing = Drawing(frame: CGRect(x: 100, y: 100, width: 40, height: 40))
            drawing.layer.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
            drawing.layer.isGeometryFlipped = true
            let below = CALayer()
            below.name = "below"
            below.zPosition = -1
            drawing.layer.addSublayer(below)
            view.addSubview(drawing)
        }
    }

    /// A view's drawing is its layer's own content (UIView's draw(_:) fills the layer's
    /// contents): the sublayerTransform and the flip move sublayers, not it, and a sublayer
    /// behind the others (zPosition −1) is still above it.
    func testAViewsDrawingIsItsLayersOwnContent() throws {
        let timeline = try UIKitScene(name: "t", summary: "", cycle: 1) { Transformed() }.timeline(canvas: Size(400, 300), duration: 1)
        let layers = timeline.presentedLayers(at: 0)
        let drawn = try XCTUnwrap(layers.first(where: \.values.isSuperlayerDrawing))
        XCTAssertEqual(drawn.toCanvas.apply(to: Point(20, 20)), Point(120, 120))
        XCTAssertLessThan(try XCTUnwrap(layers.firstIndex(where: \.values.isSuperlayerDrawing)),
                          try XCTUnwrap(layers.firstIndex { $0.values.name == "below" }))
    }

    /// `insertSublayer(_:above:)` and `(_:below:)` place a layer next to its sibling, also when
    /// it is already in the same superlayer.
    func testInsertingNextToASiblingMovesTheLayerThere() {
        let parent = CALayer()
        let (a, b, c) = (CALayer(), CALayer(), CALayer())
        for layer in [a, b, c] { parent.addSublayer(layer) }
        parent.insertSublayer(a, above: b)
        XCTAssertTrue(parent.sublayers!.elementsEqual([b, a, c], by: ===))
        parent.insertSublayer(c, below: b)
        XCTAssertTrue(parent.sublayers!.elementsEqual([c, b, a], by: ===))
        XCTAssertTrue(parent.backing.sublayers.elementsEqual([c, b, a].map(\.backing), by: ===))
    }

    final class Redrawing: UIView {
        var draws = 0
        override func draw(_ rect: QuartzCoreCompat.CGRect) {
            draws += 1
            if draws == 1 { setNeedsDisplay() }
        }
    }

    final class Instant: UIViewController, @unchecked Sendable {
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let redrawing = Redrawing(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        override func viewDidLoad() {
            box.layer.name = "box"
            view.addSubview(box)
            view.addSubview(redrawing)
            UIView.animate(withDuration: 0, animations: { self.box.alpha = 0.5 })
            let gradient = CAGradientLayer()
            let move = CABasicAnimation(keyPath: "locations")
            move.fromValue = [0, 0.5] as [Any]
            move.toValue = [0.5, 1] as [Any]
            gradient.add(move, forKey: nil)
            view.layer.addSublayer(gradient)
        }
    }

    /// UIView.animate with a duration of 0 makes its changes without animating (UIKit); a
    /// `draw(_:)` asking for display again draws at the next turn instead of looping; arrays of
    /// numbers given as `[Any]` are animation values.
    func testZeroDurationViewAnimationsRedrawRequestsAndArrayValues() throws {
        let controller = Instant()
        let timeline = try UIKitScene(name: "t", summary: "", cycle: 1) { controller }.timeline(canvas: Size(400, 300), duration: 1)
        XCTAssertEqual(try XCTUnwrap(timeline.presentedLayers(at: 0.01).first { $0.values.name == "box" }).values.opacity, 0.5)
        XCTAssertEqual(controller.redrawing.draws, 2)
    }

    func testArcsTakeCoreGraphicsAndUIKitsMeaningsOfClockwise() {
        let cg = CGMutablePath()
        cg.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        let ui = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        // Both run the quarter from (10, 0) to (0, 10) through (7.07, 7.07): clockwise on a y-down screen.
        XCTAssertEqual(cg.boundingBox.width, 10, accuracy: 1e-9)
        XCTAssertEqual(ui.cgPath.boundingBox.width, 10, accuracy: 1e-9)
        let other = CGMutablePath()
        other.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        // Core Graphics' clockwise runs the other three quarters.
        XCTAssertEqual(other.boundingBox.width, 20, accuracy: 1e-9)
    }

    final class Completing: UIViewController, @unchecked Sendable {
        let dot = CALayer()
        let box = UIView()
        var completedAt: Double?
        override func viewDidLoad() {
            dot.name = "dot"
            view.layer.addSublayer(dot)
            box.layer.name = "box"
            view.addSubview(box)
            QuartzCoreCompat.DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                CATransaction.begin()
                CATransaction.setAnimationDuration(1)
                CATransaction.setCompletionBlock { self.completedAt = CACurrentMediaTime() }
                self.dot.opacity = 0
                // A view's change in the same transaction shows at once and does not commit
                // the layer's animation early (which would leave the completion nothing to wait for).
                self.box.center = CGPoint(x: 100, y: 100)
                CATransaction.commit()
            }
        }
    }

    func testATransactionsCompletionRunsWhenItsAnimationsEnd() throws {
        let controller = Completing()
        let timeline = try UIKitScene(name: "t", summary: "", cycle: 2) { controller }.timeline(canvas: Size(400, 300), duration: 2)
        XCTAssertEqual(controller.completedAt, 1.5)
        XCTAssertEqual(try XCTUnwrap(timeline.presentedLayers(at: 0.5).first { $0.values.name == "box" }).values.position, Point(100, 100))
        let opacity = try XCTUnwrap(timeline.presentedLayers(at: 1).first { $0.values.name == "dot" }).values.opacity
        XCTAssertEqual(opacity, 1 - TimingFunction.default(0.5), accuracy: 1e-9)
    }

    final class Texting: UIViewController {
        override func viewDidLoad() {
            let text = CATextLayer()
            text.name = "text"
            let string = NSMutableAttributedString(string: "Hello ", attributes: [.font: UIFont.boldSystemFont(ofSize: 30)])
            string.append(NSAttributedString(string: "world", attributes: [.foregroundColor: UIColor.red, .kern: 2, .underlineStyle: 1]))
            let centred = NSMutableParagraphStyle()
            (centred.alignment, centred.lineSpacing) = (.center, 6)
            let shadow = NSShadow()
            (shadow.shadowOffset, shadow.shadowBlurRadius) = (QuartzCoreCompat.CGSize(0, 2), 3)
            string.append(NSAttributedString(string: "\nagain", attributes: [.paragraphStyle: centred, .shadow: shadow]))
            text.string = string
            view.layer.addSublayer(text)
        }
    }

    func testAttributedStringsKeepTheirRuns() throws {
        let timeline = try UIKitScene(name: "t", summary: "", cycle: 1) { Texting() }.timeline(canvas: Size(400, 300), duration: 1)
        let runs = try XCTUnwrap(timeline.presentedLayers(at: 0).first { $0.values.name == "text" }).values.string.runs
        XCTAssertEqual(runs.map(\.text), ["Hello ", "world", "\nagain"])
        XCTAssertEqual(runs[2].paragraph, ParagraphStyle(alignment: .center, lineSpacing: 6))
        XCTAssertEqual(runs[2].shadow, TextShadow(offset: Size(0, 2), blurRadius: 3), "black at a third, NSShadow's default colour")
        let layer = CATextLayer()
        layer.string = NSAttributedString(string: "Hi", attributes: [.kern: 2])
        XCTAssertEqual((layer.string as? QuartzCoreCompat.NSAttributedString)?.string, "Hi", "attributed text reads back attributed")
        layer.string = "plain"
        XCTAssertEqual(layer.string as? String, "plain")
        XCTAssertEqual(runs[0].font, "System Font Bold")
        XCTAssertEqual(runs[0].fontSize, 30)
        XCTAssertEqual(runs[1].color, .red)
        XCTAssertEqual(runs[1].kern, 2)
        XCTAssertTrue(runs[1].underline)
    }

    /// `style` with Apple's types: a dictionary whose values count where the layer sets nothing,
    /// the shallowest first, keys that are not properties (and `frame`) passed over.
    func testAStyleDictionaryStylesTheLayer() {
        let layer = CAShapeLayer()
        layer.lineWidth = 1
        layer.style = ["lineWidth": 6, "fillColor": UIColor.red.cgColor, "lineCap": CAShapeLayerLineCap.round, "custom": "kept aside",
                       "frame": QuartzCoreCompat.CGRect(x: 0, y: 0, width: 9, height: 9),
                       "style": ["opacity": Float(0.5), "fillColor": UIColor.blue.cgColor] as [AnyHashable: Any]]
        XCTAssertEqual(layer.lineWidth, 1)
        XCTAssertEqual(layer.fillColor, UIColor.red.cgColor)
        XCTAssertEqual(layer.lineCap, .round)
        XCTAssertEqual(layer.opacity, 0.5)
        XCTAssertEqual(layer.bounds.width, 0)
    }

    /// A named cell's properties from Swift as iOS code reaches them: `setValue(_:forKeyPath:)`
    /// with "emitterCells.NAME.birthRate" (CAEmitterCell.name's key paths), read back.
    func testEmitterCellKeyPaths() {
        let emitter = CAEmitterLayer(), cell = CAEmitterCell()
        (cell.name, cell.birthRate) = ("spark", 5)
        emitter.emitterCells = [cell]
        emitter.setValue(40, forKeyPath: "emitterCells.spark.birthRate")
        emitter.setValue(UIColor.red.cgColor, forKeyPath: "emitterCells.spark.color")
        XCTAssertEqual(emitter.value(forKeyPath: "emitterCells.spark.birthRate") as? QuartzCoreCompat.CGFloat, 40)
        XCTAssertEqual(emitter.value(forKeyPath: "emitterCells.spark.color") as? CGColor, UIColor.red.cgColor)
    }

    func testTheDocumentedEncodeWritesTheClip() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("port-\(UUID().uuidString).mp4").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try encode({ Replicating() }, seconds: 0.5, to: path)
        var frames = 0
        try VideoDecoder(path: path).forEachRGBAFrame { rgba in
            frames += 1
            XCTAssertEqual(rgba.count, 1280 * 720 * 4)
        }
        XCTAssertEqual(frames, 15)
        // And it is the code the page shows.
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let example = try XCTUnwrap(source.components(separatedBy: "// docs/quartzcore-compat.md begin\n").last?
            .components(separatedBy: "// docs/quartzcore-compat.md end").first)
        let page = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/quartzcore-compat.md").standardized, encoding: .utf8)
        XCTAssertTrue(page.contains("import AnimvidKit\nimport QuartzCoreCompat\n\n" + example), "docs/quartzcore-compat.md must show the example as tested")
    }

    /// The system colors are iOS 13's light-appearance values (0xRRGGBB over 255).
    func testSystemColors() {
        XCTAssertEqual(UIColor.systemBlue.cgColor, Color(red: 0, green: 122.0 / 255, blue: 1, alpha: 1))
        XCTAssertEqual(UIColor.systemGreen.cgColor, Color(red: 52.0 / 255, green: 199.0 / 255, blue: 89.0 / 255, alpha: 1))
        XCTAssertEqual(UIColor.secondaryLabel.cgColor, Color(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.6))
        XCTAssertEqual(UIColor.label.cgColor, UIColor.black.cgColor)
    }
}
