import Animation
import Documents
import Geometry

// A Lottie document as typed values: `LottieDecoder` reads each key once into these (applying
// defaults, checking ranges and noting what animvid does not draw), and `LottieComposition`,
// `LottieShapes` and `LottieText` map them onto animvid's layers. Names follow the Lottie format
// (lottie-web and lottie-ios use the same ones); each comment gives the JSON key.

/// Where a decoded value is in its file, for errors found after decoding (a matte with nothing
/// above it, parents that make a loop).
struct LottiePlace: Sendable {
    /// The JSON path: `layers[3].shapes[0].it[2]`.
    let path: String
    let position: JSONPosition?
}

/// A decoded Lottie document.
struct LottieAnimation: Sendable {
    /// Frames a second (`fr`), in- and out-points (`ip`, `op`), size (`w`, `h`), name (`nm`).
    let frameRate: Double, inPoint: Double, outPoint: Double
    let width: Double, height: Double
    let name: String?
    /// The main composition's layers (`layers`), the first on top.
    let layers: LottieLayerList
    /// The precompositions (`assets` with `layers`) that some shown layer draws, by id.
    let precompositions: [String: LottieLayerList]
    /// The image assets, decoded, by id: nil for an asset whose file is missing.
    let images: [String: LottieImageAsset]
    /// The font list (`fonts.list`) and the glyph outlines (`chars`).
    let fonts: [LottieFont]
    let glyphs: [LottieGlyph]
}

/// A composition's layers, and where the list is.
struct LottieLayerList: Sendable {
    let layers: [LottieLayerModel]
    let place: LottiePlace
}

/// An image asset: its picture (nil when its file is missing) and the size it gives (`w`, `h`).
struct LottieImageAsset: Sendable {
    let image: Image?
    let size: Size?
}

/// One layer of a composition.
struct LottieLayerModel: Sendable {
    let place: LottiePlace
    /// Its index (`ind`) and its parent's (`parent`), for parenting and mattes.
    let index: Int?
    let parent: Int?
    /// A matte source (`td`): drawn only as the matte of the layer that names it.
    let isMatte: Bool
    /// How the layer is matted (`tt` 1…4: alpha, inverted alpha, luma, inverted luma), by the
    /// layer `tp` names or the one above it.
    let matte: (mode: MaskMode, place: LottiePlace)?
    let matteSource: Int?
    /// Shown from `ip` until `op`, in the composition's frames (none: always).
    let inPoint: Double, outPoint: Double
    let transform: LottieTransformModel
    /// Auto-orient (`ao`): turns to face the way it moves.
    let autoOrient: Bool
    /// Its blend mode (`bm`) when not normal.
    let blendMode: BlendMode?
    /// Its masks (`masksProperties`, counted where `hasMask` says so).
    let masks: [LottieMask]
    let effects: [LottieEffect]
    let content: Content

    /// What the layer draws.
    enum Content: Sendable {
        /// `ty` 0: a precomposition, in its own time.
        case precomposition(LottiePrecompositionUse)
        /// `ty` 1: a solid of `sw` × `sh` in `sc`.
        case solid(size: Size, color: Color)
        /// `ty` 3: a null, which only moves its children.
        case null
        /// `ty` 4: shapes.
        case shapes([LottieShapeItem])
        /// `ty` 2: an image asset.
        case image(id: String, place: LottiePlace)
        /// `ty` 5: text.
        case text(LottieTextModel)
        /// Nothing drawn: a hidden layer (`hd`), or a type animvid does not draw (warned).
        case nothing
    }
}

/// A precomposition layer's asset and timing.
struct LottiePrecompositionUse: Sendable {
    /// The asset's id (`refId`), and where the layer names it.
    let id: String
    let place: LottiePlace
    /// The layer's box (`w`, `h`), which clips the precomposition; nil when it gives none.
    let size: Size?
    /// Time remapping (`tm`, seconds); without it the contents start at `st` and run `sr` times slower.
    let timeRemap: LottieProperty<[Double]>?
    let start: Double
    let stretch: Double
}

/// A transform (`ks`, or a shape group's `tr`): anchor, position (or its dimensions apart), scale,
/// rotation, skew along an axis, a 3D layer's turns, and opacity.
struct LottieTransformModel: Sendable {
    let anchor: LottieProperty<[Double]>?, position: LottieProperty<[Double]>?
    /// A position given as its dimensions apart (`p.s`).
    let positionX: LottieProperty<[Double]>?, positionY: LottieProperty<[Double]>?
    let scale: LottieProperty<[Double]>?, rotation: LottieProperty<[Double]>?
    let skew: LottieProperty<[Double]>?, axis: LottieProperty<[Double]>?
    /// A 3D layer's turns about x and y and its orientation (`rx`, `ry`, `or`, degrees).
    let rotationX: LottieProperty<[Double]>?, rotationY: LottieProperty<[Double]>?, orientation: LottieProperty<[Double]>?
    let opacity: LottieProperty<[Double]>?

    /// No transform: the identity, fully opaque.
    static let identity = LottieTransformModel(anchor: nil, position: nil, positionX: nil, positionY: nil, scale: nil, rotation: nil,
                                               skew: nil, axis: nil, rotationX: nil, rotationY: nil, orientation: nil, opacity: nil)
}

/// One mask of a layer.
struct LottieMask: Sendable {
    let place: LottiePlace
    /// `mode`: "a" add, "s" subtract, "i" intersect (others are drawn as added, warned).
    let mode: String
    /// `inv`: the outside of the path.
    let inverted: Bool
    /// The path (`pt`), opacity (`o`) and expansion (`x`; nil when 0 throughout).
    let shape: LottieProperty<Path>
    let opacity: LottieProperty<[Double]>?
    let expansion: LottieProperty<[Double]>?
}

/// An effect on a layer (`ef`) that animvid draws; the values are those lottie-web reads, by position.
struct LottieEffect: Sendable {
    let place: LottiePlace
    /// Its place among the layer's effects, which names the filters it animates.
    let order: Int
    let kind: Kind

    enum Kind: Sendable {
        /// `ty` 29.
        case gaussianBlur(blurriness: LottieProperty<[Double]>)
        /// `ty` 25; `shadowOnly` is After Effects' Shadow Only switch.
        case dropShadow(color: LottieProperty<[Double]>, opacity: LottieProperty<[Double]>, direction: LottieProperty<[Double]>,
                        distance: LottieProperty<[Double]>, softness: LottieProperty<[Double]>, shadowOnly: LottieProperty<[Double]>?)
        /// `ty` 21.
        case fill(color: LottieProperty<[Double]>, opacity: LottieProperty<[Double]>)
        /// `ty` 20.
        case tint(black: LottieProperty<[Double]>, white: LottieProperty<[Double]>, amount: LottieProperty<[Double]>)
    }
}

/// An item of a shape list (a shape layer's `shapes`, a group's `it`); hidden items (`hd`),
/// group transforms (their group holds them) and types animvid does not draw (warned) are left
/// out when decoding.
indirect enum LottieShapeItem: Sendable {
    /// `gr`: its items and its own transform (its `tr` item).
    case group(items: [LottieShapeItem], transform: LottieTransformModel, place: LottiePlace)
    /// `sh`: a Bézier path.
    case path(LottieProperty<Path>)
    /// `rc`, `el`, `sr`: a rectangle, ellipse, star or polygon.
    case parametric(LottieParametricShape)
    /// `fl`, `st`: a solid fill or stroke.
    case paint(LottiePaint)
    /// `gf`, `gs`: a gradient fill or stroke.
    case gradient(LottieGradient)
    /// `tm`: trim paths.
    case trim(LottieTrim)
    /// `rp`: a repeater of the items listed above it.
    case repeater(LottieRepeater)
    /// `rd`: round corners of the paths above it.
    case roundCorners(radius: LottieProperty<[Double]>, place: LottiePlace)
    /// `mm`: merge paths (`mm` 1 plain merge, 2 add, 3 subtract, 4 intersect, 5 exclude intersections).
    case merge(mode: Int, place: LottiePlace)
}

/// A rectangle (`p` centre, `s` size, `r` roundness), an ellipse (`p`, `s`) or a star or polygon
/// (`sy` 1 or 2: `pt` points, `p`, `r` rotation, `or`/`ir` outer and inner radius, `os`/`is`
/// their roundness in percent).
struct LottieParametricShape: Sendable {
    enum Kind: Sendable { case rectangle, ellipse, star, polygon }
    let kind: Kind
    let place: LottiePlace
    let centre: LottieProperty<[Double]>, size: LottieProperty<[Double]>, radius: LottieProperty<[Double]>
    let points: LottieProperty<[Double]>, outerRadius: LottieProperty<[Double]>, innerRadius: LottieProperty<[Double]>
    let outerRoundness: LottieProperty<[Double]>, innerRoundness: LottieProperty<[Double]>
    /// The direction `d` (1 or 2 clockwise, 3 reversed), nil when not given.
    let direction: Double?
}

/// A fill or stroke (`fl`, `st`), or the outline of a gradient one: colour (`c`), opacity
/// (`o`), fill rule (`r` 2: even-odd), and a stroke's width, caps, joins, mitre limit and dashes.
struct LottiePaint: Sendable {
    let place: LottiePlace
    let isStroke: Bool
    let color: LottieProperty<[Double]>
    let opacity: LottieProperty<[Double]>
    let evenOdd: Bool
    let width: LottieProperty<[Double]>
    let lineCap: StrokeStyle.Cap, lineJoin: StrokeStyle.Join
    let miterLimit: Double
    /// Dash and gap lengths in turn (`d` items `n` "d"/"g") and the offset (`n` "o").
    let dashes: [LottieProperty<[Double]>]
    let dashOffset: LottieProperty<[Double]>?
}

/// A gradient fill or stroke (`gf`, `gs`): its outline, ends (`s`, `e`), `count` colour stops
/// (`g.p`) and their ramp (`g.k`: checked where the gradient is drawn, as the players read it
/// only then), radial (`t` 2) with a highlight (`h`, `a`).
struct LottieGradient: Sendable {
    let paint: LottiePaint
    let start: LottieProperty<[Double]>, end: LottieProperty<[Double]>
    let ramp: LottieProperty<[Double]>
    let count: Int
    let stops: LottiePlace
    let isRadial: Bool
    let highlight: LottieProperty<[Double]>?, highlightAngle: LottieProperty<[Double]>?
}

/// A trim paths modifier: start and end (percent), offset (degrees: a turn is the whole path),
/// and whether several paths are trimmed as one (`m` 2, "individually" in After Effects' words)
/// or each by the same share (`m` 1).
struct LottieTrim: Sendable {
    var start: LottieProperty<[Double]>, end: LottieProperty<[Double]>, offset: LottieProperty<[Double]>
    var asOne: Bool
}

/// A repeater: copies (`c`), offset (`o`), each copy's transform step (`tr`: `a`, `p`, `s`, `r`),
/// opacity from the first copy to the last (`tr.so`, `tr.eo`), and whether copy 0 is at the
/// bottom (`m` 2) rather than on top.
struct LottieRepeater: Sendable {
    let place: LottiePlace
    let count: LottieProperty<[Double]>, offset: LottieProperty<[Double]>
    let anchor: LottieProperty<[Double]>, position: LottieProperty<[Double]>, scale: LottieProperty<[Double]>
    let rotation: LottieProperty<[Double]>, startOpacity: LottieProperty<[Double]>, endOpacity: LottieProperty<[Double]>
    let firstBelow: Bool
}

/// A text layer's data (`t`): its documents (`d.k`, each shown from its keyframe until the next),
/// its animators (`a`), and its span (the layer's `ip`…`op`), over which animators are sampled.
struct LottieTextModel: Sendable {
    let place: LottiePlace
    let documents: [(frame: Double, document: LottieTextDocument)]
    let animators: [LottieTextAnimator]
    let span: ClosedRange<Double>
}

/// One text document (`d.k[n].s`).
struct LottieTextDocument: Sendable {
    let place: LottiePlace
    /// The text (`t`, carriage returns as line breaks).
    let text: String
    /// The font's name in the font list (`f`), nil when not given.
    let font: String?
    /// Size (`s`), tracking in thousandths of the size (`tr`), line height (`lh`, nil when not given).
    let size: Double, tracking: Double, lineHeight: Double?
    /// 0 left, 1 right, 2 centre, 3…6 justified (`j`).
    let justification: Int
    /// Fill (`fc`) and stroke (`sc`) colours, stroke width (`sw`), stroke over fill (`of`).
    let fillColor: Color?, strokeColor: Color?
    let strokeWidth: Double
    let strokeOverFill: Bool
    /// Box text: its size (`sz`) and top left (`ps`).
    let boxSize: [Double]?, boxPosition: [Double]
}

/// A font of the font list: its name (`fName`), family, style and ascent (percent of the size).
struct LottieFont: Sendable {
    let name: String?, family: String?, style: String?
    let ascent: Double?
}

/// A glyph the file carries (`chars`): its character, family and style, advance (`w`) and
/// outline (its first shape only, as lottie-web draws a glyph), at size 100.
struct LottieGlyph: Sendable {
    let character: String?, family: String?, style: String?
    let advance: Double
    let outline: Path
}

/// One text animator (`t.a[n]`): its range selector and what it sets.
struct LottieTextAnimator: Sendable {
    var start, end, offset, amount, easeHigh, easeLow: LottieProperty<[Double]>?
    /// 1 square, 2 ramp up, 3 ramp down, 4 triangle, 5 round, 6 smooth.
    var shape: Int
    /// Start, end and offset in characters rather than percent.
    var inCharacters: Bool
    /// What an index counts: 1 characters, 2 characters but spaces, 3 words, 4 lines.
    var basedOn: Int
    /// A randomized selector's seed (`rs`, 0 without one): its indices in an order shuffled
    /// by it; nil takes them in order.
    var shuffleSeed: UInt64?
    var opacity, position, scale, rotation, fillColor: LottieProperty<[Double]>?
    /// Tracking (`t`): space added before each character it weighs, in points.
    var tracking: LottieProperty<[Double]>?
    /// Stroke width added (`sw`) and stroke colour mixed in (`sc`), on stroked text.
    var strokeWidth, strokeColor: LottieProperty<[Double]>?
    /// Anchor point (`a`): the point each character turns and scales about, from the middle
    /// of its advance on the baseline (the character drawn that much the other way).
    var anchor: LottieProperty<[Double]>?
    /// Fill hue (`fh`, degrees), saturation and brightness (`fs`, `fb`, percent) added.
    var fillHue, fillSaturation, fillBrightness: LottieProperty<[Double]>?
    /// Skew (`sk`, degrees) along an axis (`sa`, degrees).
    var skew, skewAxis: LottieProperty<[Double]>?
    /// Turns about the y and x axes (`ry`, `rx`, degrees), seen flat as lottie-web draws them.
    var rotationY, rotationX: LottieProperty<[Double]>?
}
