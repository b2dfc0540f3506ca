import Animation
import Foundation
import Geometry
import Text

/// How burned-in captions look and where they sit.
public struct CaptionStyle: Sendable, Equatable {
    /// Where in the safe area the captions sit.
    public enum Placement: String, Sendable, CaseIterable {
        case bottom, middle, top
    }

    /// The font family and style, as a text layer names it.
    public var font = "Inter Semi Bold"
    /// The text's size as a percentage of the canvas's shorter side (5.5: 59 px in a 1080 px side).
    public var size = 5.5
    /// The text's colour.
    public var color = Color.white
    /// The colour of the word being spoken; nil: no highlight.
    public var highlight: Color?
    /// The box behind each caption; nil: no box, a soft dark shadow under the text instead.
    public var box: Color? = Color(white: 0, alpha: 0.7)
    public var placement = Placement.bottom
    /// The most lines a caption takes (a longer one is cut with "…", with a warning).
    public var lines = 2
    /// The widest a caption is, as a percentage of the safe area's width.
    public var width = 90.0

    /// The default style: white Inter Semi Bold on a dark box at the bottom, two lines.
    public init() {}
}

/// Captions as layers over a clip: each caption a layer shown from its start to its end (an
/// opacity animation, so every frame in that span shows it and none outside), its text set in
/// the style's font, wrapped to its width and lines, centred in the safe area (`$safe`) at the
/// bottom, middle or top, on a rounded box or with a shadow. With a highlight colour, each word
/// is drawn in it while it is spoken: one text layer a word, shown for that word's span.
public enum CaptionOverlay {
    /// The overlay for `captions` on a `canvas`, whose clip time 0 is the scene's `clipStart`;
    /// and a warning for each caption cut to fit its lines.
    /// - Throws: `TextError` when the style's font is not installed.
    public static func layer(_ captions: [Caption], style: CaptionStyle, canvas: Size,
                             clipStart: Double = 0) throws(TextError) -> (layer: Layer, warnings: [String]) {
        let overlay = Layer()
        overlay.name = "captions"
        overlay.bounds = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        overlay.position = Point(canvas.width / 2, canvas.height / 2)
        let safe = AspectClass(canvas).safeArea(of: canvas)
        let fontSize = style.size / 100 * min(canvas.width, canvas.height)
        let (padX, padY) = (style.box == nil ? 0 : 0.45 * fontSize, style.box == nil ? 0 : 0.2 * fontSize)
        let width = max(safe.width * style.width / 100 - 2 * padX, fontSize)
        var warnings: [String] = []
        for caption in captions {
            let text = caption.text
            let measure = TextLayer()
            configure(measure, style: style, fontSize: fontSize, string: TextString(text))
            // Measured in the whole canvas's height: only the style's lines limit it.
            measure.bounds = Rect(x: 0, y: 0, width: width, height: canvas.height)
            let set = try measure.typeset()
            if set.isCut {
                warnings.append("caption \(caption.index) (\(clock(caption.start))) does not fit \(style.lines) line\(style.lines == 1 ? "" : "s") at this size; it is cut: \(text.replacingOccurrences(of: "\n", with: " / "))")
            }
            let textHeight = set.size.height
            let box = Layer()
            box.name = "caption \(caption.index)"
            box.bounds = Rect(x: 0, y: 0, width: set.size.width + 2 * padX, height: textHeight + 2 * padY)
            let y = switch style.placement {
            case .bottom: safe.maxY - box.bounds.height / 2
            case .middle: safe.midY
            case .top: safe.minY + box.bounds.height / 2
            }
            box.position = Point(safe.midX, y)
            box.backgroundColor = style.box
            box.cornerRadius = 0.3 * fontSize
            show(box, from: caption.start + clipStart, to: caption.end + clipStart)
            let spans: [(string: TextString, start: Double, end: Double)]
            if let highlight = style.highlight {
                spans = caption.words.indices.map { k in (highlighted(caption, word: k, color: highlight), caption.words[k].start, caption.words[k].end) }
            } else {
                spans = [(TextString(text), caption.start, caption.end)]
            }
            for span in spans {
                let line = TextLayer()
                configure(line, style: style, fontSize: fontSize, string: span.string)
                line.bounds = Rect(x: 0, y: 0, width: width, height: textHeight)
                line.position = Point(box.bounds.width / 2, box.bounds.height / 2)
                if style.box == nil {
                    line.shadowColor = .black
                    line.shadowOpacity = 0.9
                    line.shadowRadius = 0.12 * fontSize
                    line.shadowOffset = Size(0, 0.04 * fontSize)
                }
                if style.highlight != nil { show(line, from: span.start + clipStart, to: span.end + clipStart) }
                box.addSublayer(line)
            }
            overlay.addSublayer(box)
        }
        return (overlay, warnings)
    }

    /// The text layer's settings: the style's font, size and colour, centred, wrapped at `width`
    /// (the caller sets the bounds) to the style's lines, cut with "…" past them.
    private static func configure(_ layer: TextLayer, style: CaptionStyle, fontSize: Double, string: TextString) {
        layer.string = string
        layer.font = style.font
        layer.fontSize = fontSize
        layer.foregroundColor = style.color
        layer.alignmentMode = .center
        layer.isWrapped = true
        layer.truncationMode = .end
        layer.numberOfLines = style.lines
    }

    /// The caption's text with word `k` in `color`, the rest in the layer's colour.
    private static func highlighted(_ caption: Caption, word k: Int, color: Color) -> TextString {
        var runs: [TextString.Run] = []
        var plain = ""
        for (index, word) in caption.words.enumerated() {
            if index > 0 { plain += word.line == caption.words[index - 1].line ? " " : "\n" }
            if index == k {
                runs.append(TextString.Run(plain))
                runs.append(TextString.Run(word.text, color: color))
                plain = ""
            } else {
                plain += word.text
            }
        }
        runs.append(TextString.Run(plain))
        return TextString(runs: runs.filter { !$0.text.isEmpty })
    }

    /// Hides `layer` (opacity 0) but from `start` to `end`: an animation of opacity at 1 for
    /// that span, removed at its end, as Core Animation shows a layer for a while.
    private static func show(_ layer: Layer, from start: Double, to end: Double) {
        layer.opacity = 0
        let visible = BasicAnimation(keyPath: "opacity")
        (visible.fromValue, visible.toValue) = (.number(1), .number(1))
        visible.beginTime = start
        visible.duration = end - start
        layer.add(visible, forKey: "shown")
    }

    /// `seconds` as `M:SS.mmm`.
    static func clock(_ seconds: Double) -> String {
        let minutes = Int(seconds / 60)
        return String(format: "%d:%06.3f", minutes, seconds - Double(minutes) * 60)
    }
}
