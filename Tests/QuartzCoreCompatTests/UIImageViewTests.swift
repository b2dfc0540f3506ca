import AnimvidKit
import QuartzCoreCompat
import XCTest

/// `UIImage` from files and `UIImageView` by UIKit's documented rules: `init(image:)` sizes the
/// view to the image; `contentMode` places it (on screen: a view's top is a y-up layer's
/// bottom gravity); `animationImages` play in turn, each for an equal share of
/// `animationDuration`, `animationRepeatCount` times, then the image shows again.
final class UIImageViewTests: XCTestCase {
    /// A 4 × 2 PNG of one colour, in a temporary folder.
    func png(_ name: String, _ rgba: [UInt8]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uiimageview-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name + ".png").path
        try PNGFile.write(rgba: Array((0..<8).map { _ in rgba }.joined()), width: 4, height: 2, to: path)
        return path
    }

    func testImagesAndContentModes() throws {
        let path = try png("red", [255, 0, 0, 255])
        let image = try XCTUnwrap(UIImage(contentsOfFile: path))
        XCTAssertEqual(image.size, QuartzCoreCompat.CGSize(width: 4, height: 2))
        XCTAssertNil(UIImage(contentsOfFile: path + ".missing"))
        XCTAssertNotNil(UIImage(named: String(path.dropLast(4))), "the name without its extension")
        let view = UIImageView(image: image)
        XCTAssertEqual(view.frame, QuartzCoreCompat.CGRect(x: 0, y: 0, width: 4, height: 2))
        XCTAssertEqual((view.layer.contents as? CGImage)?.bytes, image.cgImage?.bytes)
        XCTAssertEqual(view.contentMode, .scaleToFill)
        view.contentMode = .scaleAspectFit
        XCTAssertEqual(view.layer.contentsGravity, .resizeAspect)
        view.contentMode = .top
        XCTAssertEqual(view.layer.contentsGravity, .bottom)
    }

    final class Flipbook: UIViewController, @unchecked Sendable {
        let imageView: UIImageView
        init(_ images: [UIImage]) {
            imageView = UIImageView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
            imageView.animationImages = images
            imageView.animationDuration = 1
            imageView.animationRepeatCount = 2
            super.init()
        }
        override func viewDidLoad() {
            imageView.layer.name = "flipbook"
            view.addSubview(imageView)
            QuartzCoreCompat.DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { self.imageView.startAnimating() }
        }
    }

    func testAnimationImagesPlayInTurn() throws {
        let (red, blue) = (try XCTUnwrap(UIImage(contentsOfFile: try png("r", [255, 0, 0, 255]))),
                           try XCTUnwrap(UIImage(contentsOfFile: try png("b", [0, 0, 255, 255]))))
        let controller = Flipbook([red, blue])
        let timeline = try UIKitScene(name: "t", summary: "", cycle: 4) { controller }.timeline(canvas: Size(100, 100), duration: 4)
        func shown(_ t: Double) throws -> [UInt8]? {
            try XCTUnwrap(timeline.presentedLayers(at: t).first { $0.values.name == "flipbook" }).values.contents.map { Array($0.bytes.prefix(4)) }
        }
        XCTAssertNil(try shown(0.4))
        XCTAssertEqual(try shown(0.75), [255, 0, 0, 255])
        XCTAssertEqual(try shown(1.25), [0, 0, 255, 255])
        XCTAssertEqual(try shown(1.75), [255, 0, 0, 255], "the second pass")
        XCTAssertEqual(try shown(2.25), [0, 0, 255, 255])
        XCTAssertNil(try shown(2.6), "then the image (none)")
        XCTAssertFalse(controller.imageView.isAnimating)
    }

    final class Restarting: UIViewController, @unchecked Sendable {
        let imageView = UIImageView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        init(_ images: [UIImage]) {
            imageView.animationImages = images
            super.init()
        }
        override func viewDidLoad() {
            view.addSubview(imageView)
            QuartzCoreCompat.DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { self.imageView.startAnimating() }
            QuartzCoreCompat.DispatchQueue.main.asyncAfter(deadline: .now() + 1) { self.imageView.startAnimating() }
        }
    }

    /// Started again, the flipbook it replaces stopping does not stop the new one.
    func testStartingAgainKeepsAnimating() throws {
        let images = [try XCTUnwrap(UIImage(contentsOfFile: try png("r2", [255, 0, 0, 255])))]
        let controller = Restarting(images)
        _ = try UIKitScene(name: "t", summary: "", cycle: 2) { controller }.timeline(canvas: Size(100, 100), duration: 2)
        XCTAssertTrue(controller.imageView.isAnimating)
        XCTAssertNil(UIImage(contentsOfFile: "data:image/png;base64,AAAA"), "a path, not a data: URI")
    }

    final class Placed: UIViewController, @unchecked Sendable {
        let image: UIImage
        init(_ image: UIImage) {
            self.image = image
            super.init()
        }
        override func viewDidLoad() {
            for (x, mode) in [(0.0, UIView.ContentMode.top), (50, .bottom)] {
                let imageView = UIImageView(frame: CGRect(x: x, y: 0, width: 40, height: 40))
                imageView.image = image
                imageView.contentMode = mode
                view.addSubview(imageView)
            }
        }
    }

    /// `.top` puts the image, unscaled, at the top middle of the view on screen, `.bottom` at the
    /// bottom middle (UIKit's meaning, whatever Core Animation's y-up gravity names).
    func testContentModesPlaceTheImageAsOnScreen() throws {
        let image = try XCTUnwrap(UIImage(contentsOfFile: try png("placed", [255, 0, 0, 255])))
        let controller = Placed(image)
        let timeline = try UIKitScene(name: "t", summary: "", cycle: 1) { controller }.timeline(canvas: Size(100, 40), duration: 1)
        let frame = try XCTUnwrap(StillImage.render(timeline, at: 0, width: 100, height: 40, scale: 1))
        func alpha(_ x: Int, _ y: Int) -> UInt8 { frame.bytes[(y * 100 + x) * 4 + 3] }
        XCTAssertEqual(alpha(20, 0), 255, "top view: the image at the top")
        XCTAssertEqual(alpha(20, 39), 0)
        XCTAssertEqual(alpha(70, 39), 255, "bottom view: the image at the bottom")
        XCTAssertEqual(alpha(70, 0), 0)
    }
}
