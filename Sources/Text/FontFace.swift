import CText
import Foundation
import Geometry

/// An open font face: its metrics, its glyph outlines (from FreeType, unhinted, in font units,
/// y down) and shaping (HarfBuzz, in font units), both cached. Safe to use from any thread: a
/// face serialises its own FreeType and HarfBuzz calls.
public final class FontFace: @unchecked Sendable {
    /// The file it was opened from.
    public let file: FontFile
    /// A number naming this face, unique for the process (a `Glyph`'s font).
    public let serial: Int
    /// Font units in an em: a glyph drawn at size s is scaled by s / unitsPerEm.
    public let unitsPerEm: Double
    /// Above the baseline, in font units (positive).
    public let ascender: Double
    /// Below the baseline, in font units (positive).
    public let descender: Double
    /// The font's recommended extra space between lines, in font units.
    public let lineGap: Double
    /// The underline's centre below the baseline and its thickness, in font units.
    public let underlinePosition: Double, underlineThickness: Double
    /// The strikethrough's top above the baseline and its thickness, in font units (the font's
    /// OS/2 table; without one, a quarter em up at the underline's thickness).
    public let strikeoutPosition: Double, strikeoutThickness: Double
    /// Whether the face has colour bitmaps (`picture(of:)`), as Noto Color Emoji does.
    public let hasColorBitmaps: Bool

    private let face: FT_Face
    private let hbFont: OpaquePointer
    private let lock = NSLock()
    private var outlines: [UInt32: Path] = [:]
    private var pictures: [UInt32: GlyphPicture?] = [:]
    /// The pixels an em of the colour strike has (0: the face has no colour bitmaps).
    private var strikePPEM = 0
    private var shaped: [ShapingKey: [ShapedGlyph]] = [:]

    private struct ShapingKey: Hashable {
        let text: [Unicode.Scalar]
        let rightToLeft: Bool
        let ligatures: Bool
    }

    /// The OpenType features that join characters into one glyph (standard, contextual,
    /// discretionary and historical ligatures, and contextual alternates, which some fonts use
    /// for arrows), switched off.
    private static let withoutLigatures: [hb_feature_t] = ["-liga", "-clig", "-dlig", "-hlig", "-calt"].map { name in
        var feature = hb_feature_t()
        _ = hb_feature_from_string(name, -1, &feature)
        return feature
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var library: FT_Library?
    nonisolated(unsafe) private static var open: [FontFile: FontFace] = [:]

    /// The face of `file`, opened once for the whole process.
    public static func face(for file: FontFile) throws(TextError) -> FontFace {
        lock.lock()
        defer { lock.unlock() }
        if let face = open[file] { return face }
        if library == nil {
            var created: FT_Library?
            guard FT_Init_FreeType(&created) == 0, let created else { throw TextError("FreeType cannot start") }
            library = created
        }
        var face: FT_Face?
        guard FT_New_Face(library, file.path, FT_Long(file.index), &face) == 0, let face else {
            throw TextError("\(file.path) is not a font FreeType can read")
        }
        guard let blob = hb_blob_create_from_file_or_fail(file.path) else {
            FT_Done_Face(face)
            throw TextError("cannot read \(file.path)")
        }
        let hbFace = hb_face_create(blob, UInt32(file.index))
        hb_blob_destroy(blob)
        let hbFont = hbFace.flatMap { hb_font_create($0) }
        hb_face_destroy(hbFace)
        guard let hbFont else {
            FT_Done_Face(face)
            throw TextError("HarfBuzz cannot read \(file.path)")
        }
        let opened = FontFace(file: file, serial: open.count, face: face, hbFont: hbFont)
        open[file] = opened
        return opened
    }

    private init(file: FontFile, serial: Int, face: FT_Face, hbFont: OpaquePointer) {
        self.file = file
        self.serial = serial
        self.face = face
        self.hbFont = hbFont
        let f = face.pointee
        hasColorBitmaps = f.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0 && f.num_fixed_sizes > 0
        underlinePosition = Double(-f.underline_position)
        underlineThickness = Double(max(f.underline_thickness, 1))
        if let table = FT_Get_Sfnt_Table(face, FT_SFNT_OS2), case let os2 = table.assumingMemoryBound(to: TT_OS2.self).pointee, os2.yStrikeoutSize > 0 {
            (strikeoutPosition, strikeoutThickness) = (Double(os2.yStrikeoutPosition), Double(os2.yStrikeoutSize))
        } else {
            (strikeoutPosition, strikeoutThickness) = (Double(f.units_per_EM) / 4, Double(max(f.underline_thickness, 1)))
        }
        if f.units_per_EM > 0 {
            unitsPerEm = Double(f.units_per_EM)
            ascender = Double(f.ascender)
            descender = Double(-f.descender)
            lineGap = Double(max(Int(f.height) - Int(f.ascender) + Int(f.descender), 0))
        } else {
            // A bitmap-only font (Noto Color Emoji): FreeType gives no scalable metrics, so the
            // em and the line come from the font's tables through HarfBuzz.
            unitsPerEm = Double(max(hb_face_get_upem(hb_font_get_face(hbFont)), 1))
            hb_font_set_scale(hbFont, Int32(unitsPerEm), Int32(unitsPerEm))  // extents in font units
            var extents = hb_font_extents_t()
            hb_font_get_h_extents(hbFont, &extents)
            ascender = Double(extents.ascender)
            descender = Double(-extents.descender)
            lineGap = Double(max(extents.line_gap, 0))
        }
        // HarfBuzz's own OpenType functions at a scale of one unit a font unit.
        hb_font_set_scale(hbFont, Int32(unitsPerEm), Int32(unitsPerEm))
    }

    /// The outline of glyph `id` in font units, y down, origin on the baseline.
    public func outline(of id: UInt32) -> Path {
        lock.lock()
        defer { lock.unlock() }
        if let path = outlines[id] { return path }
        var path = Path()
        if FT_Load_Glyph(face, id, FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
           let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
            path = Self.path(of: &slot.pointee.outline)
        }
        outlines[id] = path
        return path
    }

    /// The colour picture of glyph `id` (an emoji in Noto Color Emoji's bitmaps), or nil when
    /// the face has none for it.
    public func picture(of id: UInt32) -> GlyphPicture? {
        lock.lock()
        defer { lock.unlock() }
        if let known = pictures[id] { return known }
        let picture = loadPicture(id)
        pictures[id] = picture
        return picture
    }

    /// Loads a colour bitmap from the face's largest strike; the lock is held.
    private func loadPicture(_ id: UInt32) -> GlyphPicture? {
        let f = face.pointee
        guard hasColorBitmaps, let sizes = f.available_sizes else { return nil }
        if strikePPEM == 0 {
            let largest = (0..<Int(f.num_fixed_sizes)).max { sizes[$0].y_ppem < sizes[$1].y_ppem } ?? 0
            guard FT_Select_Size(face, FT_Int(largest)) == 0 else { return nil }
            strikePPEM = max(Int(sizes[largest].y_ppem) / 64, 1)
        }
        guard FT_Load_Glyph(face, id, FT_Int32(FT_LOAD_COLOR)) == 0, let slot = face.pointee.glyph else { return nil }
        let bitmap = slot.pointee.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), bitmap.width > 0, bitmap.rows > 0, let buffer = bitmap.buffer else { return nil }
        let (width, height, pitch) = (Int(bitmap.width), Int(bitmap.rows), Int(bitmap.pitch))
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        // The pitch is the offset from a row to the one below; when negative, the buffer holds
        // the rows bottom up and starts with the last.
        let top = pitch < 0 ? buffer - (height - 1) * pitch : buffer
        for y in 0..<height {
            let row = top + y * pitch
            for x in 0..<width {
                let (i, o) = (x * 4, (y * width + x) * 4)
                (rgba[o], rgba[o + 1], rgba[o + 2], rgba[o + 3]) = (row[i + 2], row[i + 1], row[i], row[i + 3])
            }
        }
        let em = Double(strikePPEM)
        return GlyphPicture(width: width, height: height, premultipliedRGBA: rgba,
                            box: Rect(x: Double(slot.pointee.bitmap_left) / em, y: -Double(slot.pointee.bitmap_top) / em,
                                      width: Double(width) / em, height: Double(height) / em))
    }

    /// `text` shaped in one direction: its glyphs in visual order (left to right), with their
    /// clusters (indices into `text`), advances and offsets in font units. Without `ligatures`,
    /// characters the font would join stay a glyph each.
    public func shape(_ text: [Unicode.Scalar], rightToLeft: Bool, ligatures: Bool = true) -> [ShapedGlyph] {
        guard !text.isEmpty else { return [] }
        let key = ShapingKey(text: text, rightToLeft: rightToLeft, ligatures: ligatures)
        lock.lock()
        defer { lock.unlock() }
        if let glyphs = shaped[key] { return glyphs }
        guard let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        let codes = text.map(\.value)
        hb_buffer_add_utf32(buffer, codes, Int32(codes.count), 0, Int32(codes.count))
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_guess_segment_properties(buffer)
        if ligatures {
            hb_shape(hbFont, buffer, nil, 0)
        } else {
            Self.withoutLigatures.withUnsafeBufferPointer { hb_shape(hbFont, buffer, $0.baseAddress, UInt32($0.count)) }
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        let glyphs = (0..<Int(count)).map { i in
            ShapedGlyph(id: infos[i].codepoint, cluster: Int(infos[i].cluster), advance: Double(positions[i].x_advance),
                        offset: Point(Double(positions[i].x_offset), -Double(positions[i].y_offset)))
        }
        shaped[key] = glyphs
        return glyphs
    }

    /// Whether the face has a glyph for `scalar`.
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0
    }

    /// A FreeType outline as a path, y flipped to point down; each contour closed.
    private static func path(of outline: inout FT_Outline) -> Path {
        final class Builder {
            var path = Path()
            var open = false
            func point(_ v: UnsafePointer<FT_Vector>?) -> Point {
                guard let v else { return .zero }
                return Point(Double(v.pointee.x), -Double(v.pointee.y))
            }
        }
        let builder = Builder()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let b = Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
                if b.open { b.path.closeSubpath() }
                b.path.move(to: b.point(to))
                b.open = true
                return 0
            },
            line_to: { to, user in
                let b = Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
                b.path.addLine(to: b.point(to))
                return 0
            },
            conic_to: { control, to, user in
                let b = Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
                b.path.addQuadCurve(to: b.point(to), control: b.point(control))
                return 0
            },
            cubic_to: { c1, c2, to, user in
                let b = Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
                b.path.addCurve(to: b.point(to), control1: b.point(c1), control2: b.point(c2))
                return 0
            },
            shift: 0, delta: 0)
        FT_Outline_Decompose(&outline, &funcs, Unmanaged.passUnretained(builder).toOpaque())
        if builder.open { builder.path.closeSubpath() }
        return builder.path
    }
}

/// A glyph as shaping placed it, in font units.
public struct ShapedGlyph: Hashable, Sendable {
    /// The glyph's index in its font.
    public let id: UInt32
    /// The index of the first character it was made from.
    public let cluster: Int
    /// How far the pen moves after it.
    public let advance: Double
    /// Its displacement from the pen (y down).
    public let offset: Point
}
