import Animation
import Geometry
import Media
import Raster

/// Single frames as PNG files: `animvid still` and the contact sheets.
public enum StillImage {
    /// The frame of `timeline` at `time`, `width` × `height` pixels at `scale` pixels per point,
    /// premultiplied; nil for an impossible size.
    public static func render(_ timeline: Timeline, at time: Double, width: Int, height: Int, scale: Double) -> Pixmap? {
        guard let blank = Pixmap(width: width, height: height) else { return nil }
        return FrameRenderer(scale: scale).render(timeline.displayList(at: time), into: consume blank)
    }

    /// Writes a premultiplied frame as a PNG with straight alpha (transparency kept), under a
    /// temporary name first, so `path` only ever holds a complete file. A file already at `path`
    /// is replaced only when `replacing`.
    public static func writePNG(_ frame: Pixmap, to path: String, replacing: Bool) throws {
        var straight = frame
        straight.unpremultiply()
        try OutputFile.write(PNGFile.encode(rgba: straight.bytes, width: straight.width, height: straight.height), to: path, replacing: replacing)
    }
}
