import Geometry
import Text

/// A text layer's text set in its bounds.
extension LayerValues {
    /// The layer's `string` set in its bounds (from their top left) and fitted to them as
    /// `textFit` says: each run's glyphs as the path of its tag, the run's index; without
    /// `ligatures`, a glyph a character where the font would join some.
    /// - Throws: `TextError` when a font is not installed.
    public func typesetText(ligatures: Bool = true) throws(TextError) -> TypesetText {
        let runs = string.runs.enumerated().map { index, run in
            TextRun(run.text, style: TextStyle(font: run.font ?? font, size: max(run.fontSize ?? fontSize, 0), tracking: run.kern ?? 0,
                                               underline: run.underline, strikethrough: run.strikethrough, paragraph: run.paragraph, tag: index))
        }
        return try TextLayout.typeset(runs, options: TextLayoutOptions(width: bounds.width, alignment: alignmentMode, isWrapped: isWrapped,
                                                                        truncation: truncationMode, lineHeightMultiple: lineHeightMultiple,
                                                                        ligatures: ligatures, height: bounds.height, fit: textFit,
                                                                        minimumScaleFactor: minimumScaleFactor, numberOfLines: numberOfLines))
    }

    /// The colour of run `index`: its own, or the layer's foreground colour.
    func textColor(ofRun index: Int) -> Color? {
        string.runs.indices.contains(index) ? string.runs[index].color ?? foregroundColor : foregroundColor
    }
}
