import Animation
import Geometry
import QuartzCoreCompat
import XCTest

/// `UILabel` by UIKit's documented defaults and rules: the system font at 17 points, black, one
/// line (`numberOfLines` 1: no wrapping), truncated at the tail ("…"); the text centred between
/// the top and bottom of the bounds; `sizeToFit()` sizes the label to its text.
final class UILabelTests: XCTestCase {
    final class Labels: UIViewController, @unchecked Sendable {
        let centred = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let top = CATextLayer()
        let short = UILabel(frame: CGRect(x: 0, y: 150, width: 60, height: 30))
        let fitted = UILabel(frame: CGRect(x: 0, y: 200, width: 10, height: 10))
        override func viewDidLoad() {
            centred.text = "Hello"
            centred.layer.name = "centred"
            view.addSubview(centred)
            // The same text set from the top of the same box, as a text layer sets it.
            top.name = "top"
            top.frame = centred.frame
            (top.string, top.font, top.fontSize, top.foregroundColor) = ("Hello", UIFont.systemFont(ofSize: 17), 17, UIColor.black.cgColor)
            view.layer.addSublayer(top)
            short.text = "A line much too long for sixty points"
            short.layer.name = "short"
            view.addSubview(short)
            fitted.text = "Fitted"
            fitted.sizeToFit()
            fitted.layer.name = "fitted"
            view.addSubview(fitted)
        }
    }

    func testDefaultsCentringTruncationAndSizeToFit() throws {
        let controller = Labels()
        let timeline = try UIKitScene(name: "labels", summary: "", cycle: 1) { controller }.timeline(canvas: Size(400, 300), duration: 1)
        let label = controller.centred
        XCTAssertEqual(label.font.fontName, UIFont.systemFont(ofSize: 17).fontName)
        XCTAssertEqual(label.font.pointSize, 17)
        XCTAssertEqual(label.textColor.cgColor, UIColor.black.cgColor)
        XCTAssertEqual(label.numberOfLines, 1)
        XCTAssertEqual(label.lineBreakMode, .byTruncatingTail)
        XCTAssertEqual(label.layer.backing.fontSize, 17)
        XCTAssertFalse(label.layer.backing.isWrapped)

        // Centred: each glyph is (100 − the text's height) / 2 lower than from the top.
        let height = try label.layer.backing.modelValues.typesetText().size.height
        let items = timeline.displayList(at: 0).items.compactMap { item -> Double? in
            if case let .glyph(_, transform, _) = item { transform.m42 } else { nil }
        }
        // Painter's order: the label's 5 glyphs, then the text layer's 5, then the others.
        let (centredYs, topYs) = (Array(items[0..<5]), Array(items[5..<10]))
        for (c, t) in zip(centredYs, topYs) { XCTAssertEqual(c - t, (100 - height) / 2, accuracy: 1e-9) }

        // One line, truncated at the tail.
        let short = controller.short.layer.backing.modelValues
        let set = try short.typesetText()
        XCTAssertEqual(set.lineCount, 1)
        XCTAssertTrue(set.isCut)
        XCTAssertLessThanOrEqual(set.size.width, 60)

        // sizeToFit: the text's own size, the origin kept; then nothing is cut.
        let fitted = controller.fitted
        XCTAssertEqual(fitted.frame.origin, CGPoint(x: 0, y: 200))
        let own = try fitted.layer.backing.modelValues.typesetText()
        XCTAssertFalse(own.isCut)
        XCTAssertEqual(fitted.bounds.width, own.size.width.rounded(.up), accuracy: 1e-9)
        XCTAssertGreaterThan(fitted.bounds.width, 30)
        XCTAssertEqual(fitted.bounds.height, own.size.height.rounded(.up), accuracy: 1e-9)
    }

    final class Recolouring: UIViewController, @unchecked Sendable {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        override func viewDidLoad() {
            label.text = "Hello"
            label.layer.name = "label"
            view.addSubview(label)
            QuartzCoreCompat.DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                    self.label.textColor = .red
                    self.label.alpha = 0
                })
            }
        }
    }

    /// In an animation's block a label's text colour changes at once (UIKit animates a view's
    /// geometry, alpha and background, not its text), while its alpha animates; set to nil,
    /// the font and colour are the defaults again.
    func testTextColourShowsAtOnceAndNilResets() throws {
        let controller = Recolouring()
        let timeline = try UIKitScene(name: "t", summary: "", cycle: 3) { controller }.timeline(canvas: Size(300, 100), duration: 3)
        let half = try XCTUnwrap(timeline.presentedLayers(at: 1.5).first { $0.values.name == "label" }).values
        XCTAssertEqual(half.foregroundColor, UIColor.red.cgColor)
        XCTAssertEqual(half.opacity, 0.5, accuracy: 1e-9)
        let label = controller.label
        label.font = nil
        label.textColor = nil
        XCTAssertEqual(label.font.pointSize, 17)
        XCTAssertEqual(label.textColor.cgColor, UIColor.black.cgColor)
    }

    /// The wrapping modes cut text that does not fit without "…"; the truncating ones end it in "…".
    func testWrappingModesCutWithoutAnEllipsis() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 80, height: 400))
        label.text = "one two three four five six seven eight"
        label.numberOfLines = 2
        let ellipses = { try label.layer.backing.modelValues.typesetText().glyphs.filter { $0.scalar == nil && $0.glyph != nil }.count }
        XCTAssertEqual(try ellipses(), 1)
        label.lineBreakMode = .byWordWrapping
        XCTAssertEqual(try ellipses(), 0)
        let cut = try label.layer.backing.modelValues.typesetText()
        XCTAssertEqual(cut.lineCount, 2)
        // The second line as wrapped: whole words, inside the width.
        XCTAssertLessThanOrEqual(cut.size.width, 80)
        let scalars = Array("one two three four five six seven eight".unicodeScalars)
        let second = cut.glyphs.filter { $0.line == 1 }.compactMap(\.scalar)
        let (first, last) = (try XCTUnwrap(second.min()), try XCTUnwrap(second.max()))
        XCTAssertEqual(scalars[first - 1], " ")
        XCTAssertLessThan(last + 1, scalars.count, "the rest of the text is not on it")
        if last + 1 < scalars.count { XCTAssertEqual(scalars[last + 1], " ", "it ends at the end of a word") }
    }

    /// Lines: 0 wraps at the width as many lines as the text needs; 2 stops at two, the second
    /// ending in "…"; attributed text keeps its runs.
    func testLinesAndAttributedText() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 80, height: 400))
        label.text = "one two three four five six seven eight"
        label.numberOfLines = 0
        let all = try label.layer.backing.modelValues.typesetText()
        XCTAssertGreaterThan(all.lineCount, 2)
        XCTAssertFalse(all.isCut)
        label.numberOfLines = 2
        let two = try label.layer.backing.modelValues.typesetText()
        XCTAssertEqual(two.lineCount, 2)
        XCTAssertTrue(two.isCut)
        XCTAssertEqual(label.sizeThatFits(CGSize(width: 80, height: 0)).height, two.size.height.rounded(.up), accuracy: 1e-9)
        let attributed = NSMutableAttributedString(string: "red", attributes: [.foregroundColor: UIColor.red])
        attributed.append(NSAttributedString(string: " plain"))
        label.attributedText = attributed
        XCTAssertEqual(label.text, "red plain")
        XCTAssertEqual(label.layer.backing.string.runs.count, 2)
    }

    /// Each weight of the system font is a face of the stand-in family (Inter's 100…900), drawn
    /// wider as it gets heavier.
    func testSystemFontWeights() throws {
        var widths: [Double] = []
        for weight in [UIFont.Weight.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black] {
            let label = UILabel(frame: CGRect(x: 0, y: 0, width: 400, height: 40))
            label.font = .systemFont(ofSize: 20, weight: weight)
            label.text = "Weight"
            widths.append(try label.layer.backing.modelValues.typesetText().size.width)
        }
        XCTAssertEqual(widths, widths.sorted(), "\(widths)")
        XCTAssertEqual(Set(widths).count, widths.count, "each weight a face of its own: \(widths)")
        XCTAssertEqual(UIFont.systemFont(ofSize: 20, weight: .regular).fontName, UIFont.systemFont(ofSize: 20).fontName)
        XCTAssertEqual(UIFont.systemFont(ofSize: 20, weight: .bold).fontName, UIFont.boldSystemFont(ofSize: 20).fontName)
        // UIKit's scale: the SDK's values, and a weight between two named ones in the nearer's face.
        XCTAssertEqual([UIFont.Weight.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black].map(\.rawValue),
                       [-0.8, -0.6, -0.4, 0, 0.23, 0.3, 0.4, 0.56, 0.62])
        XCTAssertEqual(UIFont.systemFont(ofSize: 20, weight: UIFont.Weight(0.38)).fontName, UIFont.boldSystemFont(ofSize: 20).fontName)
        XCTAssertEqual(UIFont.systemFont(ofSize: 20, weight: UIFont.Weight(0.1)).fontName, UIFont.systemFont(ofSize: 20).fontName)
        XCTAssertEqual(UIFont.systemFont(ofSize: 20, weight: UIFont.Weight(2)).fontName,
                       UIFont.systemFont(ofSize: 20, weight: .black).fontName)
        let italic = UILabel(frame: CGRect(x: 0, y: 0, width: 400, height: 40))
        italic.font = .italicSystemFont(ofSize: 20)
        italic.text = "Weight"
        XCTAssertEqual(try italic.layer.backing.modelValues.typesetText().glyphCount, 6, "the italic face is found")
    }
}
