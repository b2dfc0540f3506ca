import Animation
import Geometry
import Text

/// Where lines sit (`CATextLayerAlignmentMode`: `.natural`, `.left`, `.right`, `.center`, `.justified`).
public typealias CATextLayerAlignmentMode = TextAlignment
/// What a line too long loses (`CATextLayerTruncationMode`: `.none`, `.start`, `.middle`, `.end`).
public typealias CATextLayerTruncationMode = TruncationMode

/// A layer that draws text (`CATextLayer`): a `String` or an `NSAttributedString`, in `font`
/// (a family or face name, or a `UIFont`) at `fontSize`.
open class CATextLayer: CALayer {
    override class func makeBacking() -> Layer { TextLayer() }

    /// A `String` or an `NSAttributedString` (read back as it was given: attributed text as an
    /// `NSAttributedString` of the same runs).
    public var string: Any? {
        get {
            let text = backing.string
            if text.runs.isEmpty { return nil }
            return text.isPlain ? text.plainText : NSAttributedString(text)
        }
        set {
            let text: TextString
            switch newValue {
            case nil: text = TextString("")
            case let plain as String: text = TextString(plain)
            case let attributed as NSAttributedString: text = attributed.textString
            default: preconditionFailure("string takes a String or an NSAttributedString, not a \(type(of: newValue!))")
            }
            change { backing.string = text }
        }
    }
    /// A font name (`String`) or a `UIFont` (whose size is then ignored, as on iOS).
    public var font: Any? {
        get { backing.font }
        set {
            let name: String
            switch newValue {
            case let font as UIFont: name = font.fontName
            case let font as String: name = font
            case nil: name = UIFont.systemFont(ofSize: 12).fontName
            default: preconditionFailure("font takes a font name or a UIFont, not a \(type(of: newValue!))")
            }
            change { backing.font = name }
        }
    }
    public var fontSize: CGFloat { get { backing.fontSize } set { change { backing.fontSize = newValue } } }
    public var foregroundColor: CGColor? { get { backing.foregroundColor } set { change { backing.foregroundColor = newValue } } }
    public var alignmentMode: CATextLayerAlignmentMode { get { backing.alignmentMode } set { change { backing.alignmentMode = newValue } } }
    public var isWrapped: Bool { get { backing.isWrapped } set { change { backing.isWrapped = newValue } } }
    public var truncationMode: CATextLayerTruncationMode { get { backing.truncationMode } set { change { backing.truncationMode = newValue } } }
}

/// The keys of text attributes (`NSAttributedString.Key`).
public struct NSAttributedStringKey: Hashable, Sendable {
    let name: String
    /// A `UIFont`.
    public static let font = NSAttributedStringKey(name: "font")
    /// A `UIColor`.
    public static let foregroundColor = NSAttributedStringKey(name: "foregroundColor")
    /// Points added after each character (a number).
    public static let kern = NSAttributedStringKey(name: "kern")
    /// Any non-zero number underlines.
    public static let underlineStyle = NSAttributedStringKey(name: "underlineStyle")
    /// Any non-zero number strikes through.
    public static let strikethroughStyle = NSAttributedStringKey(name: "strikethroughStyle")
    /// An `NSParagraphStyle`: the alignment and line spacing of the paragraphs starting in the range.
    public static let paragraphStyle = NSAttributedStringKey(name: "paragraphStyle")
    /// An `NSShadow` the range's glyphs cast.
    public static let shadow = NSAttributedStringKey(name: "shadow")
}

/// Where a paragraph's lines sit (`NSTextAlignment`).
public enum NSTextAlignment: Sendable {
    case left, center, right, justified, natural

    var textAlignment: TextAlignment {
        switch self {
        case .left: .left
        case .center: .center
        case .right: .right
        case .justified: .justified
        case .natural: .natural
        }
    }
}

/// A paragraph's alignment and line spacing (`NSParagraphStyle`).
public class NSParagraphStyle {
    public internal(set) var alignment: NSTextAlignment = .natural
    /// Points between one line's bottom and the next one's top.
    public internal(set) var lineSpacing: CGFloat = 0

    public init() {}

    /// The style with no alignment or spacing of its own (`NSParagraphStyle.default`).
    public static var `default`: NSParagraphStyle { NSParagraphStyle() }
}

/// A paragraph style to set up (`NSMutableParagraphStyle`).
public final class NSMutableParagraphStyle: NSParagraphStyle {
    public override var alignment: NSTextAlignment { get { super.alignment } set { super.alignment = newValue } }
    public override var lineSpacing: CGFloat { get { super.lineSpacing } set { super.lineSpacing = newValue } }
}

/// The shadow text casts (`NSShadow`): offset (points, y down), blur and colour (a `UIColor`;
/// none: black at a third).
public final class NSShadow {
    public var shadowOffset = CGSize(0, 0)
    public var shadowBlurRadius: CGFloat = 0
    public var shadowColor: Any?

    public init() {}
}

/// Text with attributes over ranges of it (`NSAttributedString`): font, colour, kerning,
/// underline, strikethrough, shadow and paragraph style per run.
public class NSAttributedString {
    /// The attribute keys (`NSAttributedString.Key`).
    public typealias Key = NSAttributedStringKey
    var textString: TextString

    /// `string` with `attributes` over all of it.
    public init(string: String, attributes: [Key: Any]? = nil) {
        var run = TextString.Run(string)
        for (key, value) in attributes ?? [:] {
            switch key {
            case .font:
                guard let font = value as? UIFont else { preconditionFailure("the font attribute takes a UIFont") }
                (run.font, run.fontSize) = (font.fontName, font.pointSize)
            case .foregroundColor:
                guard let color = value as? UIColor else { preconditionFailure("the foregroundColor attribute takes a UIColor") }
                run.color = color.cgColor
            case .kern: run.kern = Self.number(value, key)
            case .underlineStyle: run.underline = Self.number(value, key) != 0
            case .strikethroughStyle: run.strikethrough = Self.number(value, key) != 0
            case .paragraphStyle:
                guard let style = value as? NSParagraphStyle else { preconditionFailure("the paragraphStyle attribute takes an NSParagraphStyle") }
                run.paragraph = ParagraphStyle(alignment: style.alignment.textAlignment, lineSpacing: style.lineSpacing)
            case .shadow:
                guard let shadow = value as? NSShadow else { preconditionFailure("the shadow attribute takes an NSShadow") }
                var cast = TextShadow(offset: shadow.shadowOffset, blurRadius: shadow.shadowBlurRadius)
                if let color = shadow.shadowColor {
                    guard let color = color as? UIColor else { preconditionFailure("shadowColor takes a UIColor") }
                    cast.color = color.cgColor
                }
                run.shadow = cast
            default: break
            }
        }
        textString = TextString(runs: string.isEmpty ? [] : [run])
    }

    /// Attributed text of these runs.
    init(_ text: TextString) {
        textString = text
    }

    /// The characters (`string`).
    public var string: String { textString.plainText }

    private static func number(_ value: Any, _ key: Key) -> Double {
        switch value {
        case let v as Double: v
        case let v as Int: Double(v)
        case let v as Float: Double(written: v)
        default: preconditionFailure("the \(key.name) attribute takes a number")
        }
    }
}

/// Attributed text built by appending (`NSMutableAttributedString`).
public final class NSMutableAttributedString: NSAttributedString {
    /// Appends `other`'s runs (`append(_:)`).
    public func append(_ other: NSAttributedString) {
        textString.runs += other.textString.runs
    }
}

/// An emitter's shape (`CAEmitterLayerEmitterShape`).
public typealias CAEmitterLayerEmitterShape = EmitterShape
/// Where on its shape an emitter emits (`CAEmitterLayerEmitterMode`).
public typealias CAEmitterLayerEmitterMode = EmitterMode
/// The order particles draw in (`CAEmitterLayerRenderMode`).
public typealias CAEmitterLayerRenderMode = EmitterRenderMode

/// A layer sending out particles (`CAEmitterLayer`).
open class CAEmitterLayer: CALayer {
    override class func makeBacking() -> Layer { EmitterLayer() }

    /// The kinds of particle; a cell changed after it was set here is set again to count.
    public var emitterCells: [CAEmitterCell]? {
        didSet { change { backing.emitterCells = emitterCells?.map(\.cell) ?? [] } }
    }
    public var emitterPosition: CGPoint { get { backing.emitterPosition } set { change { backing.emitterPosition = newValue } } }
    public var emitterZPosition: CGFloat { get { backing.emitterZPosition } set { change { backing.emitterZPosition = newValue } } }
    public var emitterSize: CGSize { get { backing.emitterSize } set { change { backing.emitterSize = newValue } } }
    public var emitterDepth: CGFloat { get { backing.emitterDepth } set { change { backing.emitterDepth = newValue } } }
    public var emitterShape: CAEmitterLayerEmitterShape { get { backing.emitterShape } set { change { backing.emitterShape = newValue } } }
    public var emitterMode: CAEmitterLayerEmitterMode { get { backing.emitterMode } set { change { backing.emitterMode = newValue } } }
    public var renderMode: CAEmitterLayerRenderMode { get { backing.renderMode } set { change { backing.renderMode = newValue } } }
    public var birthRate: Float { get { Float(backing.birthRate) } set { change { backing.birthRate = Double(written: newValue) } } }
    public var lifetime: Float { get { Float(backing.lifetime) } set { change { backing.lifetime = Double(written: newValue) } } }
    public var velocity: Float { get { Float(backing.velocity) } set { change { backing.velocity = Double(written: newValue) } } }
    public var scale: Float { get { Float(backing.scale) } set { change { backing.scale = Double(written: newValue) } } }
    public var spin: Float { get { Float(backing.spin) } set { change { backing.spin = Double(written: newValue) } } }
    public var seed: UInt32 { get { UInt32(truncatingIfNeeded: backing.seed) } set { change { backing.seed = Int(newValue) } } }
}

/// One kind of particle (`CAEmitterCell`).
public final class CAEmitterCell {
    var cell = EmitterCell()

    /// A cell with Core Animation's defaults (birth rate 0: set it).
    public init() {}

    public var name: String? { get { cell.name } set { cell.name = newValue } }
    public var isEnabled: Bool { get { cell.isEnabled } set { cell.isEnabled = newValue } }
    public var birthRate: Float { get { Float(cell.birthRate) } set { cell.birthRate = Double(written: newValue) } }
    public var lifetime: Float { get { Float(cell.lifetime) } set { cell.lifetime = Double(written: newValue) } }
    public var lifetimeRange: Float { get { Float(cell.lifetimeRange) } set { cell.lifetimeRange = Double(written: newValue) } }
    public var velocity: CGFloat { get { cell.velocity } set { cell.velocity = newValue } }
    public var velocityRange: CGFloat { get { cell.velocityRange } set { cell.velocityRange = newValue } }
    public var xAcceleration: CGFloat { get { cell.xAcceleration } set { cell.xAcceleration = newValue } }
    public var yAcceleration: CGFloat { get { cell.yAcceleration } set { cell.yAcceleration = newValue } }
    public var zAcceleration: CGFloat { get { cell.zAcceleration } set { cell.zAcceleration = newValue } }
    public var emissionLongitude: CGFloat { get { cell.emissionLongitude } set { cell.emissionLongitude = newValue } }
    public var emissionLatitude: CGFloat { get { cell.emissionLatitude } set { cell.emissionLatitude = newValue } }
    public var emissionRange: CGFloat { get { cell.emissionRange } set { cell.emissionRange = newValue } }
    public var spin: CGFloat { get { cell.spin } set { cell.spin = newValue } }
    public var spinRange: CGFloat { get { cell.spinRange } set { cell.spinRange = newValue } }
    public var scale: CGFloat { get { cell.scale } set { cell.scale = newValue } }
    public var scaleRange: CGFloat { get { cell.scaleRange } set { cell.scaleRange = newValue } }
    public var scaleSpeed: CGFloat { get { cell.scaleSpeed } set { cell.scaleSpeed = newValue } }
    public var color: CGColor? { get { cell.color } set { cell.color = newValue ?? .white } }
    public var redRange: Float { get { Float(cell.redRange) } set { cell.redRange = Double(written: newValue) } }
    public var greenRange: Float { get { Float(cell.greenRange) } set { cell.greenRange = Double(written: newValue) } }
    public var blueRange: Float { get { Float(cell.blueRange) } set { cell.blueRange = Double(written: newValue) } }
    public var alphaRange: Float { get { Float(cell.alphaRange) } set { cell.alphaRange = Double(written: newValue) } }
    public var redSpeed: Float { get { Float(cell.redSpeed) } set { cell.redSpeed = Double(written: newValue) } }
    public var greenSpeed: Float { get { Float(cell.greenSpeed) } set { cell.greenSpeed = Double(written: newValue) } }
    public var blueSpeed: Float { get { Float(cell.blueSpeed) } set { cell.blueSpeed = Double(written: newValue) } }
    public var alphaSpeed: Float { get { Float(cell.alphaSpeed) } set { cell.alphaSpeed = Double(written: newValue) } }
    /// A `CGImage`, or nil.
    public var contents: Any? {
        get { cell.contents }
        set {
            guard newValue == nil || newValue is CGImage else { preconditionFailure("contents takes a CGImage, not a \(type(of: newValue!))") }
            cell.contents = newValue as? CGImage
        }
    }
    public var contentsRect: CGRect { get { cell.contentsRect } set { cell.contentsRect = newValue } }
    public var contentsScale: CGFloat { get { cell.contentsScale } set { cell.contentsScale = newValue } }
    public var beginTime: CFTimeInterval { get { cell.beginTime } set { cell.beginTime = newValue } }
    public var duration: CFTimeInterval { get { cell.duration } set { cell.duration = newValue } }
    public var speed: Float { get { Float(cell.speed) } set { cell.speed = Double(written: newValue) } }
    public var timeOffset: CFTimeInterval { get { cell.timeOffset } set { cell.timeOffset = newValue } }
    /// Cells each particle of this one emits; set again after changing one.
    public var emitterCells: [CAEmitterCell]? {
        didSet { cell.emitterCells = emitterCells?.map(\.cell) ?? [] }
    }
}
