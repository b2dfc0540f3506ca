import Animation
import Geometry
import Text

/// How a label's lines break and what a line too long loses (`NSLineBreakMode`).
public enum NSLineBreakMode: Sendable {
    case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle

    /// Where "…" goes in a line too long (`clip`: none, the text is cut).
    var truncation: TruncationMode {
        switch self {
        case .byTruncatingHead: .start
        case .byTruncatingMiddle: .middle
        case .byTruncatingTail: .end
        case .byWordWrapping, .byCharWrapping, .byClipping: .clip
        }
    }
}

/// A view showing text (`UILabel`): `text` or `attributedText` in `font` and `textColor`, set
/// on at most `numberOfLines` lines (0: any; 1, the default, does not wrap), the lines centred
/// between the top and bottom of the bounds as UIKit sets them. Text longer than the lines or
/// the bounds allow ends in "…" where `lineBreakMode` says (at the end by default; the
/// wrapping and clipping modes cut it without one); with `adjustsFontSizeToFitWidth` it is
/// first set smaller, down to `minimumScaleFactor`. Its layer is a text layer; the text's
/// colour and size change at once even in `UIView.animate` blocks, as in UIKit, and the
/// view's geometry, alpha and background animate as any view's.
open class UILabel: UIView {
    override open class var layerClass: AnyClass { CATextLayer.self }
    override open class var layerPropertiesShownAtOnce: Set<String> { ["foregroundColor", "fontSize"] }

    private var textLayer: CATextLayer { layer as! CATextLayer }

    /// An empty label covering `frame`: the system font at 17 points, black.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        // (An initialiser's own assignments run no observers: the layer is set up here.)
        layer.change { layer.backing.verticalAlignment = .center }
        setFont()
        setTextColor()
        fit()
    }

    /// The text (`text`); setting it replaces `attributedText`.
    public var text: String? {
        get { textLayer.string.map { ($0 as? String) ?? ($0 as? NSAttributedString)?.string ?? "" } }
        set { textLayer.string = newValue }
    }

    /// The text with its runs' attributes (`attributedText`); setting it replaces `text`.
    public var attributedText: NSAttributedString? {
        get { textLayer.string.map { ($0 as? NSAttributedString) ?? NSAttributedString(string: ($0 as? String) ?? "") } }
        set { textLayer.string = newValue }
    }

    /// The font of text whose runs set none (`font`); set to nil, the default again.
    public var font: UIFont! {
        get { storedFont }
        set {
            storedFont = newValue ?? .systemFont(ofSize: 17)
            setFont()
        }
    }
    private var storedFont = UIFont.systemFont(ofSize: 17)

    /// The colour of text whose runs set none (`textColor`); set to nil, the default again.
    public var textColor: UIColor! {
        get { storedTextColor }
        set {
            storedTextColor = newValue ?? .black
            setTextColor()
        }
    }
    private var storedTextColor = UIColor.black

    private func setFont() {
        textLayer.font = storedFont
        textLayer.fontSize = storedFont.pointSize
    }

    private func setTextColor() {
        textLayer.foregroundColor = storedTextColor.cgColor
    }

    /// Where the lines sit between the sides (`textAlignment`).
    public var textAlignment: NSTextAlignment = .natural {
        didSet { textLayer.alignmentMode = textAlignment.textAlignment }
    }

    /// The most lines the text is set on; 0 for any (`numberOfLines`).
    public var numberOfLines: Int = 1 {
        didSet { fit() }
    }

    /// What a line too long loses (`lineBreakMode`).
    public var lineBreakMode: NSLineBreakMode = .byTruncatingTail {
        didSet { fit() }
    }

    /// Whether text too large is set smaller, down to `minimumScaleFactor` of its size, before
    /// it is truncated (`adjustsFontSizeToFitWidth`).
    public var adjustsFontSizeToFitWidth = false {
        didSet { fit() }
    }

    /// The smallest `adjustsFontSizeToFitWidth` makes the text, a fraction of its size
    /// (`minimumScaleFactor`; 0, the default, as UIKit's: the engine's smallest, 0.01).
    public var minimumScaleFactor: CGFloat = 0 {
        didSet { fit() }
    }

    /// The text layer's wrapping and fitting, from the label's line settings.
    private func fit() {
        let backing = layer.backing
        layer.change {
            backing.isWrapped = numberOfLines != 1
            backing.numberOfLines = max(numberOfLines, 0)
            backing.truncationMode = lineBreakMode.truncation
            // The lines that fit; the wrapping and clipping modes cut the rest without "…".
            backing.textFit = adjustsFontSizeToFitWidth ? .shrink : .truncate
            backing.minimumScaleFactor = min(max(minimumScaleFactor, 0.01), 1)
        }
    }

    /// The size the text takes set within `size`'s width (one line ignores it), at its own font
    /// size (`sizeThatFits(_:)`); zero when a font is missing.
    open func sizeThatFits(_ size: CGSize) -> CGSize {
        var values = layer.backing.modelValues
        values.bounds = CGRect(x: 0, y: 0, width: numberOfLines == 1 || size.width <= 0 ? 1e7 : size.width, height: 0)
        values.textFit = .none
        values.alignmentMode = .left
        guard let text = try? values.typesetText() else { return .zero }
        return CGSize(width: text.size.width.rounded(.up), height: text.size.height.rounded(.up))
    }

    /// Resizes the label to its text, keeping its origin (`sizeToFit()`).
    public func sizeToFit() {
        let fitted = sizeThatFits(bounds.size)
        frame = CGRect(origin: frame.origin, size: fitted)
    }
}
